"""Progress for long classroom runs: the library says how much work there is, the caller shows it.

A :data:`Progress` is called with the total units of work and a label, and
returns a context manager yielding a ``tick(n)`` callback (or None to show
nothing). The CLI passes one that draws a bar on stderr for large runs.

>>> with silent(10, "Marking") as tick:
...     tick is None
True
"""

from __future__ import annotations

import contextlib
from typing import Callable, ContextManager, Iterator, Optional

Tick = Callable[[int], None]
Progress = Callable[[int, str], ContextManager[Optional[Tick]]]


@contextlib.contextmanager
def silent(total: int, label: str) -> Iterator[Tick | None]:
    """Show nothing."""
    yield None
