"""Progress reporting for the build: a tiny protocol the library calls.

The library never prints. ``bank build`` passes a rich progress bar; tests
and ``bank serve`` pass :data:`NO_PROGRESS` or their own.
"""

from __future__ import annotations

from typing import Any, Protocol


class Progress(Protocol):
    def start(self, label: str, total: int) -> None:
        """Begin a stage of ``total`` units of work."""

    def advance(self, amount: int = 1) -> None:
        """Record finished work in the current stage."""


class _Silent:
    def start(self, label: str, total: int) -> None:
        pass

    def advance(self, amount: int = 1) -> None:
        pass


NO_PROGRESS: Progress = _Silent()


class RichProgress:
    """A rich progress bar on stderr, one task per stage. Use as a context manager.

    >>> with RichProgress(enabled=False) as p:
    ...     p.start("Rendering", 2); p.advance(2)
    """

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._bar: Any = None  # rich's Progress, imported only when shown
        self._task: Any = None

    def __enter__(self) -> RichProgress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn

            self._bar = Bar(TextColumn("{task.description:<20}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=Console(stderr=True), transient=False)
            self._bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

    def start(self, label: str, total: int) -> None:
        if self._bar is None:
            return
        if self._task is not None:
            self._bar.update(self._task, completed=self._bar.tasks[self._task].total)
        self._task = self._bar.add_task(label, total=total)

    def advance(self, amount: int = 1) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task, amount)
