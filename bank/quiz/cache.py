"""The loaded banks, kept between runs so the first question needs no YAML or schema work.

Reading and validating every file (``bank.load.load``) takes about 100 ms,
a third of the quiz's 0.3 s budget for its first question. The quiz keeps
the loaded :class:`~bank.model.Library` in the user cache folder (or
``$BANK_CACHE``), stamped with the path, size and modification time of every
file under the questions folder and of the loader's own code and schemas.
Any change to any of them, or an unreadable cache, means a fresh ``load``.

The cache holds only what this program wrote into the user's own cache
folder; source positions (``marks``) are left out, since the quiz reports
no author errors (a folder with errors never reaches the cache).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from ..model import Library

#: Loader code whose changes must invalidate the cache (relative to the ``bank`` package).
LOADER = ("load.py", "model.py", "_yaml.py", "schema")


def load_cached(questions: str | os.PathLike | None = None) -> Library:
    """``bank.load.load(questions)``, from the cache when nothing has changed since it was saved."""
    from ..load import resolve_root

    root = resolve_root(questions).resolve()
    stamp = stamps(root)
    path = cache_file(root)
    cached = _read(path)
    if isinstance(cached, tuple) and len(cached) == 2 and cached[0] == stamp:
        return cached[1]
    from ..load import load

    library = load(root)
    _write(path, (stamp, _lean(library)))
    return library


def stamps(root: Path) -> str:
    """A digest of (path, size, mtime) for every file under ``root`` and the loader's code.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> before = stamps(folder)
    >>> _ = (folder / "a.yaml").write_text("id: a")
    >>> stamps(folder) == before
    False
    """
    digest = hashlib.sha256(f"{root}\x1f{os.getcwd()}".encode())
    package = Path(__file__).resolve().parent.parent
    for base in [root, *(package / name for name in LOADER)]:
        for path in sorted(_files(base)):
            st = path.stat()
            digest.update(f"{path}\x1f{st.st_size}\x1f{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def cache_file(root: Path) -> Path:
    """Where the cache for one questions folder lives."""
    folder = os.environ.get("BANK_CACHE")
    if not folder:
        import platformdirs

        folder = platformdirs.user_cache_path("bank")
    return Path(folder) / f"library-{hashlib.sha256(str(root).encode()).hexdigest()[:16]}.pickle"


def _files(base: Path):
    if base.is_file():
        yield base
        return
    for folder, _dirs, names in os.walk(base):
        for name in names:
            yield Path(folder) / name


def _lean(library: Library) -> Library:
    """The library without source marks: a third of the size, ten times faster to read."""
    lean = lambda item: dataclasses.replace(item, marks={})  # noqa: E731
    banks = tuple(dataclasses.replace(b, questions=tuple(map(lean, b.questions))) for b in library.banks)
    return dataclasses.replace(library, banks=banks, glossary=tuple(map(lean, library.glossary)))


def _read(path: Path):
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:  # missing, truncated, or from another version of bank: load afresh
        return None


def _write(path: Path, data) -> None:
    """Write atomically; a cache that cannot be written is simply not kept."""
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


__all__ = ["load_cached", "stamps", "cache_file"]
