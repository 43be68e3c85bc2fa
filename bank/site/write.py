"""Write: put the rendered site on disk, all or nothing.

The last stage of ``gather -> render -> write``. Files go into a fresh
temporary folder beside the output; only when every file (and the search
index) is written does the folder replace the old site, by rename. A failed
build leaves the previous site untouched.

A folder is only ever replaced if a previous build marked it (``.bank-site``),
so ``--out ~`` cannot wipe a home folder.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Iterable, Mapping, Union

from ..errors import BankError, UsageError

MARKER = ".bank-site"


class OutputError(BankError):
    """The output folder cannot be written (read-only, not a folder, disk full)."""


Content = Union[str, bytes, Path]


def write_site(out: Path, files: Mapping[str, Content] | Iterable[tuple[str, Content]],
               finish: Callable[[Path], None] | None = None) -> Path:
    """Write ``files`` (site path -> text, bytes or a source file; a mapping or a stream of pairs)
    as the folder ``out``.

    ``finish(folder)`` runs after the files are written and before the swap
    (the search index is built there). Returns the resolved output folder.
    """
    out = Path(out).resolve()
    check_replaceable(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    except OSError as exc:
        raise OutputError(f"cannot write the site into {out}: {_reason(exc)}") from None
    try:
        os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes 0700; a web server must read it
        made = {staging}
        for rel, content in (files.items() if isinstance(files, Mapping) else files):
            _write(staging / rel, content, made)
        (staging / MARKER).write_text("Built by `bank build`, which replaces this folder on every build.\n",
                                      encoding="utf-8")
        if finish is not None:
            finish(staging)
        swap(staging, out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise OutputError(f"cannot write the site into {out}: {_reason(exc)}; the previous site is unchanged") \
            from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return out


def _reason(exc: OSError) -> str:
    """``No space left on device (/x/y)``: the system's words and the file, without errno noise."""
    words = exc.strerror or str(exc)
    where = exc.filename
    return f"{words} ({where})" if where else words


def check_replaceable(out: Path) -> None:
    """Refuse to replace anything but an empty folder or an earlier build."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise UsageError(f"refusing to replace {out}: it is not a site built by `bank build` "
                         f"(no {MARKER} file inside); choose another --out or empty the folder")


def swap(staging: Path, out: Path) -> None:
    """Move the new folder into place; the old one is renamed aside first, then removed."""
    if not out.exists():
        os.rename(staging, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    os.rmdir(old)
    os.rename(out, old)
    try:
        os.rename(staging, out)
    except OSError:
        os.rename(old, out)  # put the previous site back
        raise
    shutil.rmtree(old, ignore_errors=True)


def _write(path: Path, content: Content, made: set[Path]) -> None:
    """Write one file, making its folder unless ``made`` (folders made so far) has it."""
    if path.parent not in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        made.add(path.parent)
    if isinstance(content, Path):
        shutil.copyfile(content, path)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
