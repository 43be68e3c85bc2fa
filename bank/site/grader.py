"""Step marking in the browser: the pure-Python grader and the Pyodide runtime, packed for the site.

The site ships two things for the working box on a question page:

- ``static/grader/bank.zip``: the modules of :mod:`bank` that marking needs (the grader, the
  notation parser, units, plan, model, number formats). None of them imports sympy, jinja2,
  yaml, click or jsonschema; a test imports the zip in a child process where those are blocked.
- ``static/pyodide/``: the Pyodide runtime from the npm ``pyodide`` package (WebAssembly CPython
  and its standard library), found through ``--pyodide``, ``$BANK_PYODIDE`` or
  ``./node_modules/pyodide``. Without it the site is built without the working box.

``grader.js`` loads both only when a learner first presses *Check working*.

>>> names = sorted(bundle_sources())
>>> "bank/grade/marker.py" in names and "bank/grade/portable.py" in names and "bank/load.py" not in names
True
"""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError

if TYPE_CHECKING:
    from ..model import Question, Term

#: The Pyodide files a page loads (the npm package also holds TypeScript types, maps and consoles).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Where the files go in the site.
RUNTIME_DIR = "static/pyodide"
BUNDLE = "static/grader/bank.zip"

_PACKAGE = Path(__file__).resolve().parent.parent
#: The modules marking imports, as globs under the package; a test proves the set is closed.
_SHIPPED = ("__init__.py", "errors.py", "model.py", "vocabulary.py", "units.py", "notation/*.py", "plan.py",
            "formatting.py", "grade/*.py")


def bundle_sources() -> dict[str, Path]:
    """Archive name -> source file of every module the browser grader imports."""
    found: dict[str, Path] = {}
    for pattern in _SHIPPED:
        for path in sorted(_PACKAGE.glob(pattern)):
            found[f"bank/{path.relative_to(_PACKAGE).as_posix()}"] = path
    return found


def bundle() -> bytes:
    """``bank.zip``: the grader's modules, byte-identical for the same sources (fixed dates, sorted)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in sorted(bundle_sources().items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def find_runtime(chosen: str | os.PathLike | None = None) -> Path | None:
    """The folder holding Pyodide's files: ``chosen``, else ``$BANK_PYODIDE``, else ``./node_modules/pyodide``.

    An explicit folder without the runtime is a usage error; the automatic places are optional.
    """
    explicit = chosen or os.environ.get("BANK_PYODIDE")
    if explicit:
        folder = Path(explicit)
        missing = [name for name in RUNTIME if not (folder / name).is_file()]
        if missing:
            raise UsageError(f"--pyodide {folder} is not the npm `pyodide` package: {', '.join(missing)} missing "
                             "(npm install pyodide, then pass node_modules/pyodide)")
        return folder
    folder = Path("node_modules") / "pyodide"
    return folder if all((folder / name).is_file() for name in RUNTIME) else None


def runtime_files(folder: Path) -> dict[str, Path]:
    """Site path -> source file of the Pyodide runtime."""
    return {f"{RUNTIME_DIR}/{name}": folder / name for name in RUNTIME}


def worked_payload(owner: Question | Term) -> dict[str, object]:
    """The worked question as data for ``grade_data`` in the page (:mod:`bank.grade.portable`)."""
    from ..grade.portable import worked_data

    return worked_data(owner)
