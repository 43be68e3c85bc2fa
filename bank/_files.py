"""Reading an author's file safely: a regular file, of bounded size, inside its folder.

A questions folder is untrusted input. A FIFO named ``t.yaml`` would block
``open`` forever, ``/dev/zero`` behind a symlink would fill memory, and a
link to ``/etc/passwd`` would put someone else's file into an error message.
:func:`read_regular` opens without blocking, checks what it opened (not
what the name pointed to a moment earlier), and reads at most ``limit``
bytes.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "q.yaml").write_text("id: q\\n")
>>> read_regular(folder / "q.yaml", inside=folder)
b'id: q\\n'
>>> read_regular(folder, inside=folder)
Traceback (most recent call last):
...
bank._files.Unreadable: not a regular file (a folder)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: The largest author file read: a question is a few kilobytes.
MAX_BYTES = 1_000_000


class Unreadable(Exception):
    """Why a file was not read, in words for an error message."""


def read_regular(path: Path, inside: Path | Folder | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``, or :class:`Unreadable` (never a hang, never more than ``limit`` bytes).

    ``inside`` is the folder the file must stay in once symlinks are resolved (a :class:`Folder`
    when many files are read from it).
    """
    if inside is not None:
        (inside if isinstance(inside, Folder) else Folder(inside)).check(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:  # a socket cannot be opened at all: say what it is
        mode = _mode(path)
        if mode is not None and not stat.S_ISREG(mode):
            raise Unreadable(f"not a regular file ({kind(mode)})") from None
        raise Unreadable(f"cannot open: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(f"not a regular file ({kind(info.st_mode)})")
        if info.st_size > limit:
            raise Unreadable(f"too large ({info.st_size:,} bytes; the limit is {limit:,})")
        data = _read_up_to(fd, limit + 1)
    except OSError as exc:
        raise Unreadable(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while we read it
        raise Unreadable(f"too large (over {limit:,} bytes)")
    return data


def _read_up_to(fd: int, count: int) -> bytes:
    chunks, left = [], count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


class Folder:
    """A folder that files must stay in once symlinks are resolved.

    Each folder a file sits in is resolved once, and then each file costs one ``lstat``: resolving
    every path in full took a quarter of loading a thousand questions. Keep one only as long as the
    read it serves (a folder resolved now may be swapped for a link later).

    >>> import tempfile
    >>> home = Path(tempfile.mkdtemp())
    >>> (home / "q.yaml").symlink_to("/etc/hostname")
    >>> Folder(home).check(home / "q.yaml")
    Traceback (most recent call last):
    ...
    bank._files.Unreadable: it links outside the questions folder (to /etc/hostname)
    """

    def __init__(self, path: Path) -> None:
        self.real = _resolve(path)
        self._folders: dict[Path, Path] = {}

    def check(self, path: Path) -> None:
        """Raise :class:`Unreadable` unless ``path`` is inside, once symlinks are resolved."""
        if path.name in ("", ".", "..") or os.path.islink(path):
            real = _resolve(path)
        else:
            parent = self._folders.get(path.parent)
            if parent is None:
                parent = self._folders[path.parent] = _resolve(path.parent)
            real = parent / path.name
        if real != self.real and self.real not in real.parents:
            raise Unreadable(f"it links outside the questions folder (to {real})")


def _resolve(path: Path) -> Path:
    try:
        return path.resolve()
    except RuntimeError:  # pathlib's word for a symlink loop
        raise Unreadable("it is part of a symlink loop") from None
    except OSError as exc:
        raise Unreadable(f"cannot resolve the path: {exc.strerror or exc}") from None


def kind(mode: int) -> str:
    """What a file is, in words: ``kind(os.stat('.').st_mode) == 'a folder'``."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISLNK, "a symlink")):
        if test(mode):
            return name
    return "not a file"


def _mode(path: Path) -> int | None:
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return None


def is_regular(path: Path) -> bool:
    """True for a regular file (following symlinks); False for anything else or a broken path."""
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


__all__ = ["read_regular", "is_regular", "kind", "Folder", "Unreadable", "MAX_BYTES"]
