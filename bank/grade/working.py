"""Reading a working from a file or stdin: text, or a clear error (exit 1).

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
...     _ = f.write(b"\\xff\\xfebad")
>>> try:
...     read_working(f.name)
... except BankError as exc:
...     print(exc.show().split(":")[-1].strip())
not UTF-8 text
>>> os.unlink(f.name)
"""

from __future__ import annotations

import os

from ..errors import BankError, NotFound

#: A working is a few lines; anything bigger than this is not one.
MAX_BYTES = 4 * 1024 * 1024


def read_working(path: str) -> str:
    """The text of ``path`` (``-`` for stdin), decoded as UTF-8."""
    data = _read_stdin() if path == "-" else _read_file(path)
    return decode(data, "stdin" if path == "-" else path)


def _read_stdin() -> bytes:
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text-only stdin (some embedders): it is already decoded
        return sys.stdin.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
    return stream.read(MAX_BYTES + 1)


def _read_file(path: str) -> bytes:
    if not os.path.exists(path):
        raise NotFound(f"no such file: {path}")
    if os.path.isdir(path):
        raise BankError(f"cannot read {path}: it is a directory")
    try:
        with open(path, "rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BankError(f"cannot read {path}: {exc.strerror}") from None


def decode(data: bytes, where: str) -> str:
    """UTF-8 text, or a :class:`BankError` saying why the input cannot be read."""
    if len(data) > MAX_BYTES:
        raise BankError(f"cannot read {where}: larger than {MAX_BYTES // (1024 * 1024)} MB")
    if b"\x00" in data:
        raise BankError(f"cannot read {where}: binary data, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BankError(f"cannot read {where}: not UTF-8 text") from None
