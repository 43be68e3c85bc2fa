"""Loaded banks kept between runs, so light commands skip the YAML and the schema.

Reading and validating every file takes about 100 ms; ``bank list``, ``bank
show`` and the quiz's first question cannot afford it. :func:`bank.load.gather`
with ``cached=True`` keeps a clean folder's :class:`~bank.model.Library` in
the user cache folder (or ``$BANK_CACHE``), stamped with the name, size,
inode and modification time of every file under the questions folder and of
the loader's own code. Any change, or an unreadable cache, means a fresh load.

- Only a folder without problems is kept, and source marks are left out (a
  third of the size, ten times faster to read): commands that locate author
  errors (``check``, ``build``) load afresh.
- Paths are kept relative to the questions folder and shown relative to the
  current folder when read, so the cache serves every working folder.
- A file changed in the last :data:`RACY_SECONDS` could change again within
  its timestamp's resolution, at the same size, without the stamp noticing;
  such a file is stamped by its content too (git's "racy clean" rule). Once
  it has been still that long the stamp changes, and the next load refreshes
  the cache.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import stat
import sys
import time
import zlib
from pathlib import Path
from typing import Callable, TypeVar

from ._files import Unreadable, read_regular
from .model import Bank, Library, Question, Term

_Item = TypeVar("_Item", Bank, Question, Term)

#: Loader code and schemas whose changes invalidate the cache (relative to the ``bank`` package).
LOADER = ("load.py", "model.py", "_yaml.py", "_files.py", "_cache.py", "errors.py", "schema")
#: A file modified this recently may change again unseen: see the module notes.
RACY_SECONDS = 2.0
_FORMAT = 2


def read(root: Path) -> tuple[Library | None, str]:
    """The cached library for ``root`` (paths shown from the current folder) or None, and the stamp
    to :func:`write` with (taken before any loading, so a change during the load is never hidden)."""
    stamp = stamps(root)
    cached = _read(cache_file(root))  # (format, stamp, library)
    if not (isinstance(cached, tuple) and len(cached) == 3 and cached[:2] == (_FORMAT, stamp)
            and isinstance(cached[2], Library)):
        return None, stamp
    return _shown(cached[2], root), stamp


def write(root: Path, library: Library, stamp: str) -> Library:
    """Keep ``library`` for ``root`` under ``stamp``; returns what :func:`read` will give back for it
    (no marks), so that a miss and a hit hand their callers the same thing, and 10,000 questions'
    marks (100 MB) are not kept in memory for nothing."""
    portable = _portable(library, root)
    _write(cache_file(root), (_FORMAT, stamp, portable))
    return _shown(portable, root)


def stamps(root: Path) -> str:
    """The (path, size, inode, mtime) of every file under ``root`` and of the loader's code, with a
    checksum of the content of any file modified in the last :data:`RACY_SECONDS`.

    Kept as text and compared whole: no digest to collide, and no ``hashlib`` to import.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> before = stamps(folder)
    >>> _ = (folder / "a.yaml").write_text("id: a")
    >>> stamps(folder) == before
    False
    """
    root = root.resolve()
    recent = time.time() - RACY_SECONDS
    package = Path(__file__).resolve().parent
    entries = [str(root)]
    for base in [root, *(package / name for name in LOADER)]:
        entries += [_entry(path, recent) for path in _files(base)]
    return "\n".join(entries)


def _entry(path: Path, recent: float) -> str:
    try:
        st = os.stat(path)
    except OSError as exc:  # a dangling link or a loop: its state is its error
        return f"{path}\x1f{exc.errno}"
    entry = f"{path}\x1f{st.st_size}\x1f{st.st_ino}\x1f{st.st_mtime_ns}"
    if st.st_mtime > recent and stat.S_ISREG(st.st_mode):
        try:
            entry += f"\x1f{zlib.crc32(read_regular(path)):08x}"
        except Unreadable as exc:
            entry += f"\x1f{exc}"
    return entry


def cache_file(root: Path) -> Path:
    """Where the cache for one questions folder lives (named by a checksum of its real path)."""
    real = str(root.resolve()).encode("utf-8", "surrogateescape")
    return _cache_folder() / f"library-{zlib.crc32(real):08x}-{zlib.adler32(real):08x}.pickle"


def _cache_folder() -> Path:
    """``$BANK_CACHE``, else the user cache folder. On Linux that is the XDG rule, spelt out here
    because importing platformdirs costs ``bank list`` a tenth of its time."""
    chosen = os.environ.get("BANK_CACHE")
    if chosen:
        return Path(chosen)
    if not sys.platform.startswith("linux"):
        import platformdirs

        return platformdirs.user_cache_path("bank")
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return Path(xdg if xdg else os.path.expanduser("~/.cache")) / "bank"


def _files(base: Path, depth: int = 2) -> list[Path]:
    """``base`` and what the loader could read below it, ``depth`` levels down: it reads
    ``<bank>/<id>.yaml`` and ``glossary/<id>.yaml``, never deeper, so ``--questions ~`` costs
    no walk of the whole home folder."""
    found = [base]
    if depth and base.is_dir():
        try:
            names = sorted(entry.name for entry in os.scandir(base))
        except OSError:
            return found
        for name in names:
            found += _files(base / name, depth - 1)
    return found


def _portable(library: Library, root: Path) -> Library:
    """The library without marks, its paths relative to ``root``."""
    base = os.path.abspath(root)
    return _map_paths(library, lambda p: os.path.relpath(os.path.abspath(p), base) if p else p, "", marks=True)


def _shown(library: Library, root: Path) -> Library:
    """Paths relative to ``root`` shown as the loader shows them (relative to the current folder)."""
    from .load import display_path

    return _map_paths(library, lambda p: display_path(root / p) if p else p, str(root))


def _map_paths(library: Library, change: Callable[[str], str], root: str, marks: bool = False) -> Library:
    def fix(item: _Item) -> _Item:
        if marks and not isinstance(item, Bank):  # a bank keeps no marks
            return dataclasses.replace(item, path=change(item.path), marks={})
        return dataclasses.replace(item, path=change(item.path))

    banks = tuple(dataclasses.replace(fix(b), questions=tuple(map(fix, b.questions))) for b in library.banks)
    return dataclasses.replace(library, root=root, banks=banks, glossary=tuple(map(fix, library.glossary)))


def _read(path: Path) -> object:
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:  # missing, truncated, or from another version of bank: load afresh
        return None


def _write(path: Path, data: object) -> None:
    """Write atomically; a cache that cannot be written is simply not kept."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            pickle.dump(data, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, path)
    except OSError:
        Path(temp).unlink(missing_ok=True)


__all__ = ["read", "write", "stamps", "cache_file", "LOADER"]
