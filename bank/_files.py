"""Reading a file someone else gave us safely: a regular file, of bounded size, inside its folder.

A questions folder, a roster, a manifest and a class's submissions are untrusted input. A FIFO named
``t.yaml`` would block ``open`` forever, ``/dev/zero`` behind a symlink would fill memory, and a link to
``/etc/passwd`` would put someone else's file into an error message. :func:`read_regular` opens without
blocking, checks what it opened (not what the name pointed to a moment earlier), and reads at most
``limit`` bytes. Every refusal is an :class:`Unreadable` that says why in words; :func:`kind` names what a
path is, in the same words everywhere.

>>> import tempfile, pathlib, os
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "q.yaml").write_text("id: q\\n")
>>> read_regular(folder / "q.yaml", inside=folder)
b'id: q\\n'
>>> read_regular(folder, inside=folder)
Traceback (most recent call last):
...
bank._files.NotRegular: not a regular file (a folder)
>>> os.mkfifo(folder / "f")
>>> read_regular(folder / "f")
Traceback (most recent call last):
...
bank._files.NotRegular: not a regular file (a FIFO)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable

#: The largest author file read: a question is a few kilobytes.
MAX_BYTES = 1_000_000


class Unreadable(Exception):
    """Why a file was not read, in words for an error message; ``error`` is the system's error, if there was one."""

    def __init__(self, message: str, error: OSError | None = None) -> None:
        super().__init__(message)
        self.error = error

    @property
    def reason(self) -> str:
        """The system's words where it gave some (``No such file or directory``), else the message."""
        return (self.error.strerror or str(self.error)) if self.error is not None else str(self)


class NotRegular(Unreadable):
    """The path is a folder, a FIFO, a device, a socket or (where links are refused) a link: ``what`` says which."""

    def __init__(self, what: str) -> None:
        super().__init__(f"not a regular file ({what})")
        self.what = what


class TooLarge(Unreadable):
    """The file holds more than the limit."""

    def __init__(self, limit: int, size: int | None = None) -> None:
        super().__init__(f"too large ({size:,} bytes; the limit is {limit:,})" if size is not None
                         else f"too large (over {limit:,} bytes)")
        self.limit = limit


def read_regular(path: Path | str, inside: Path | Folder | None = None, limit: int = MAX_BYTES, *,
                 follow_links: bool = True) -> bytes:
    """The bytes of ``path``, or :class:`Unreadable` (never a hang, never more than ``limit`` bytes).

    ``inside`` is the folder the file must stay in once symlinks are resolved (a :class:`Folder`
    when many files are read from it). ``follow_links=False`` refuses a symbolic link as the last
    part of the path (a file in a folder that must not lead out of it).
    """
    if inside is not None:
        (inside if isinstance(inside, Folder) else Folder(Path(inside))).check(Path(path))
    if not follow_links and stat.S_ISLNK(_mode(path, os.lstat) or 0):
        raise NotRegular(kind(stat.S_IFLNK))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0))
    try:
        fd = os.open(path, flags)
    except OSError as exc:  # a socket cannot be opened at all: say what it is
        mode = _mode(path)
        if mode is not None and not stat.S_ISREG(mode):
            raise NotRegular(kind(mode)) from None
        raise Unreadable(f"cannot open: {exc.strerror or exc}", exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(kind(info.st_mode))
        if info.st_size > limit:
            raise TooLarge(limit, info.st_size)
        data = _read_up_to(fd, limit + 1)
    except OSError as exc:
        raise Unreadable(f"cannot read: {exc.strerror or exc}", exc) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while we read it
        raise TooLarge(limit)
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
    """What a file that is not a regular one is, in words ("" for a regular file).

    >>> kind(stat.S_IFLNK), kind(stat.S_IFREG), kind(stat.S_IFCHR), kind(os.stat(".").st_mode)
    ('a symbolic link', '', 'a device', 'a folder')
    """
    for test, words in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "" if stat.S_ISREG(mode) else "not a regular file"


def _mode(path: Path | str, look: Callable[[Path | str], os.stat_result] = os.stat) -> int | None:
    try:
        return look(path).st_mode
    except (OSError, ValueError):
        return None


def is_regular(path: Path) -> bool:
    """True for a regular file (following symlinks); False for anything else or a broken path."""
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


__all__ = ["read_regular", "is_regular", "kind", "Folder", "Unreadable", "NotRegular", "TooLarge", "MAX_BYTES"]
