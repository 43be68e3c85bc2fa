"""The quiz's cache of loaded banks, now :mod:`bank._cache` behind ``bank.load.load(cached=True)``.

Every light command (``list``, ``show``, the quiz) shares it; these names stay for the quiz's callers.
"""

from __future__ import annotations

import os

from .._cache import cache_file, stamps
from ..model import Library


def load_cached(questions: str | os.PathLike | None = None) -> Library:
    """``bank.load.load(questions)``, from the cache when nothing has changed since it was saved."""
    from ..load import load

    return load(questions, cached=True)


__all__ = ["load_cached", "stamps", "cache_file"]
