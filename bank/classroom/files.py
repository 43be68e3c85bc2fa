"""Looking at the paths a class hands us before reading them (:func:`bank._files.read_regular` reads them).

A student's folder may be missing, a dangling link or a link to a folder elsewhere; each is reported by what it
is, never followed.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "away").symlink_to(tempfile.gettempdir())
>>> exists(folder / "away"), real_folder(folder / "away"), real_folder(folder)
(True, False, True)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


def exists(path: Path) -> bool:
    """True for anything at ``path``, a dangling link included (so it is reported, not called missing)."""
    try:
        os.lstat(path)
    except OSError:
        return False
    return True


def real_folder(path: Path) -> bool:
    """A folder that is really there: not a link to one elsewhere."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False
