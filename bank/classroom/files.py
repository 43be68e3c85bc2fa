"""Reading the files an instructor or a class hands us: regular files only, never more than a limit.

A roster, a manifest or a submission might be a FIFO (reading it waits for
ever), a device (``/dev/zero`` never ends) or a link out of the folder it
should be in. :func:`read_regular` checks what the path is before opening
it, opens it without blocking, checks the open file again, and reads at most
``limit + 1`` bytes, so none of these can hang a command or exhaust memory.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "f.txt")
>>> _ = open(path, "w").write("hello")
>>> read_regular(path, 100)
b'hello'
>>> os.mkfifo(path + ".fifo")
>>> read_regular(path + ".fifo", 100)
Traceback (most recent call last):
...
bank.classroom.files.NotRegular: a FIFO
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegular(OSError):
    """The path is a link, folder, FIFO, device or socket; the message says which."""


class TooLarge(OSError):
    """The file holds more than the limit."""


def kind(mode: int) -> str:
    """What a non-regular file is, in words ("" for a regular file).

    >>> kind(stat.S_IFLNK), kind(stat.S_IFREG), kind(stat.S_IFCHR)
    ('a symbolic link', '', 'a device')
    """
    for test, words in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "" if stat.S_ISREG(mode) else "not a regular file"


def read_regular(path: str | os.PathLike, limit: int, *, follow_links: bool = True) -> bytes:
    """The bytes of the regular file at ``path``; :class:`NotRegular`, :class:`TooLarge` or another OSError.

    ``follow_links=False`` refuses a symbolic link in the last component (for files inside a folder
    that must not lead out of it).
    """
    what = kind((os.stat if follow_links else os.lstat)(path).st_mode)
    if what:
        raise NotRegular(what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(os.open(path, flags), "rb") as handle:
        what = kind(os.fstat(handle.fileno()).st_mode)
        if what:  # swapped for something else since the first look
            raise NotRegular(what)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"larger than {limit:,} bytes")
    return data


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
