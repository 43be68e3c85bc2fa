"""Keep checking a file that failed the schema outside its worked answer.

The loader leaves a file with any schema problem out of the model, so a
misspelt ``titel`` or a missing ``takeaway`` used to hide every problem in
the arithmetic until the next run. ``bank check`` asks this module for a
stand-in of each such file whose worked part (problem, params, constraints,
steps, result) is valid on its own, and checks that too.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp()); (root / "demo").mkdir()
>>> _ = (root / "demo" / "q.yaml").write_text(
...     "id: q\\ntitel: typo\\nproblem: How long?\\nparams: {t: {default: 2, choices: [2]}}\\n"
...     "steps: [{name: twice, label: twice, expr: 2 * t, text: '{{ twice }}'}]\\nresult: twice\\n")
>>> [(o.id, o.worked.parts) for o in stand_ins(root, {str(root / "demo" / "q.yaml")})]
[('q', ('twice',))]
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from . import _yaml
from .load import GLOSSARY_DIR, SCHEMA_DIR, build_worked, display_path
from .model import Question, Term, Worked

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

_WORKED_KEYS = ("problem", "params", "constraints", "steps", "result")


@functools.lru_cache(maxsize=1)
def _worked_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    contents = json.loads((SCHEMA_DIR / "question.schema.json").read_text(encoding="utf-8"))
    registry = Registry().with_resource("question.schema.json", Resource.from_contents(contents))
    return Draft202012Validator({"$ref": "question.schema.json#/$defs/worked"}, registry=registry)


def _worked(data: object) -> Worked | None:
    """The worked part of a file's data, when it is valid on its own."""
    if not isinstance(data, dict):
        return None
    part = {k: data[k] for k in _WORKED_KEYS if k in data}
    if not part or next(_worked_validator().iter_errors(part), None) is not None:
        return None
    return build_worked(part)


def _text(data: dict, key: str) -> str:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else ""


def _stand_in(path: Path, root: Path) -> Question | Term | None:
    from ._files import Unreadable, read_regular

    try:  # only a regular file inside the folder, of bounded size: never a FIFO, a device or a link out
        text = read_regular(path, root).decode("utf-8")
        data, marks, found = _yaml.read(display_path(path), text)
    except (OSError, UnicodeDecodeError, Unreadable):
        return None
    if found or not isinstance(data, dict):
        return None
    shown = display_path(path)
    if path.parent.name == GLOSSARY_DIR and path.parent.parent == root:
        example = data.get("example")
        worked = _worked(example)
        if worked is None:
            return None
        term = Term(id=path.stem, term=_text(data, "term") or path.stem, definition=_text(data, "definition"),
                    explanation=_text(data, "explanation"), example=worked, aliases=(), path=shown, marks=marks)
        return term
    worked = _worked(data)
    if worked is None:
        return None
    points = data.get("key_points")
    question = Question(id=path.stem, bank=path.parent.name, level="core", title=_text(data, "title"),
                        answer=_text(data, "answer"), takeaway=_text(data, "takeaway"), tags=(),
                        key_points=tuple(p for p in points if isinstance(p, str)) if isinstance(points, list)
                        else (), worked=worked, path=shown, marks=marks)
    return question


def stand_ins(root: str | Path, failed: set[str]) -> Iterator[Question | Term]:
    """A question or term for each file in ``failed`` (paths as problems show them, or
    absolute) that the loader left out but whose worked part can still be checked."""
    root = Path(root)
    for path in sorted(root.glob("*/*.yaml")):
        if path.name == "bank.yaml" or (display_path(path) not in failed and str(path) not in failed):
            continue
        found = _stand_in(path, root)
        if found is not None:
            yield found


__all__ = ["stand_ins"]
