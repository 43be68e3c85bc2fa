"""Load a questions folder into the model, collecting every problem.

Layout::

    questions/
      <bank-slug>/bank.yaml      title, intro, question order
      <bank-slug>/<id>.yaml      one question each
      glossary/<term-id>.yaml    one glossary term each

Each file is parsed with line marks, validated against the published JSON
Schema (``bank/schema``), and only then turned into model objects. A file
with problems is left out of the model; its problems are all reported.

>>> library = load()                      # the bundled banks
>>> library.question("warm-pool-size").level
'hard'
"""

from __future__ import annotations

import dataclasses
import functools
import os
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ._files import Folder, Unreadable, read_regular
from .errors import BankError, NotFound, Problem, ProblemsFound, did_you_mean
from .model import Bank, Library, Param, Question, Step, Term, Worked

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, ValidationError

SCHEMA_DIR = Path(__file__).parent / "schema"
GLOSSARY_DIR = "glossary"
_DATA = Path(__file__).parent / "_data"


def default_root() -> Path:
    """The bundled questions: inside the wheel, else beside the package (a checkout)."""
    bundled = _DATA / "questions"
    return bundled if bundled.is_dir() else Path(__file__).parent.parent / "questions"


def templates_dir() -> Path:
    """The bundled jinja2 templates folder."""
    bundled = _DATA / "templates"
    return bundled if bundled.is_dir() else Path(__file__).parent.parent / "templates"


def resolve_root(questions: str | os.PathLike | None = None) -> Path:
    """The questions folder: the argument, else ``$BANK_QUESTIONS``, else the bundled one."""
    chosen = questions or os.environ.get("BANK_QUESTIONS") or default_root()
    root = Path(chosen)
    if not root.is_dir():
        raise NotFound(f"questions folder not found: {root}")
    return root


def load(questions: str | os.PathLike | None = None, *, cached: bool = False) -> Library:
    """Load every bank and the glossary, or raise :class:`ProblemsFound`.

    ``cached=True`` reads a clean folder from the cache of loaded banks
    (:mod:`bank._cache`), without source marks: for commands that report no
    author errors beyond loading (``list``, ``show``, the quiz).
    """
    library, problems = gather(questions, cached=cached)
    errors = [p for p in problems if p.is_error]
    if errors:
        raise ProblemsFound(errors)
    return library


def gather(questions: str | os.PathLike | None = None, *, cached: bool = False) -> tuple[Library, list[Problem]]:
    """Load what can be loaded; return the library and every problem found (``cached``: see :func:`load`)."""
    root = resolve_root(questions)
    if not cached:
        return _gather(root)
    from . import _cache

    library, stamp = _cache.read(root)
    if library is not None:
        return library, []
    library, problems = _gather(root)
    if not problems:  # only a clean folder is kept: an author at work needs every message
        library = _cache.write(root, library, stamp)
    return library, problems


def _gather(root: Path) -> tuple[Library, list[Problem]]:
    problems: list[Problem] = []
    banks = []
    inside = Folder(root)  # every file read must stay in it
    for bank_dir in _bank_dirs(root, problems):
        bank = _load_bank(bank_dir, inside, problems)
        if bank:
            banks.append(bank)
    glossary = _load_glossary(root / GLOSSARY_DIR, inside, problems)
    _check_unique_ids(banks, problems)
    return Library(str(root), tuple(banks), tuple(glossary)), problems


def _bank_dirs(root: Path, problems: list[Problem]) -> list[Path]:
    try:
        entries = sorted(root.iterdir())
    except OSError as exc:
        problems.append(Problem(display_path(root), 0, 0, f"cannot list the folder: {exc.strerror or exc}"))
        return []
    return [p for p in entries if p.name != GLOSSARY_DIR and p.is_dir()]


def display_path(path: Path) -> str:
    """A path as users should see it: relative to the working folder when inside it.

    >>> display_path(Path("questions/./core/../core/q.yaml")), display_path(Path.cwd() / "q.yaml")
    ('questions/core/q.yaml', 'q.yaml')
    """
    text = os.path.normpath(path)
    if not os.path.isabs(text):  # relative already: what relpath gives, without its getcwd calls
        return str(path) if text.startswith("..") else text
    here = os.getcwd()
    if text == here:
        return "."
    inside = here if here.endswith(os.sep) else here + os.sep
    return text[len(inside):] if text.startswith(inside) else str(path)


# ----------------------------------------------------------------------------- files

def read_file(path: Path, schema: str, problems: list[Problem],
              root: Path | Folder | None = None) -> tuple[dict[str, Any] | None, dict]:
    """Read one YAML file and validate it; returns (data, marks) or (None, marks).

    Only a regular file inside ``root`` (once symlinks are resolved), of at most
    a megabyte, is read: never a FIFO, a device or someone else's file.
    """
    from . import _yaml

    shown = display_path(path)
    try:
        raw = read_regular(path, inside=root)
    except Unreadable as exc:
        problems.append(Problem(shown, 0, 0, f"cannot read the file: {exc}"))
        return None, {}
    text, found = _yaml.decode(shown, raw)
    if text is None:
        problems.extend(_with_source(found, raw.decode("utf-8", "replace")))
        return None, {}
    data, marks, found = _yaml.read(shown, text)
    if found:
        problems.extend(_with_source(found, text))
        return None, {}
    if not isinstance(data, dict):
        problems.append(Problem(shown, 1, 1, "expected a mapping of keys to values"))
        return None, marks
    schema_problems = _with_source(validate(data, marks, schema, shown), text)
    problems.extend(schema_problems)
    return (None if schema_problems else _plain(data)), marks


def _plain(value: Any) -> Any:
    """Text written like a date was kept as ``_yaml.Date`` for the schema's messages; plain ``str`` after."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) and type(value) is not str else value


def _with_source(problems: list[Problem], text: str) -> list[Problem]:
    """The problems, each with the text of its line (for the caret under the column)."""
    lines = text.splitlines()
    return [dataclasses.replace(p, source=lines[p.line - 1]) if 0 < p.line <= len(lines) else p
            for p in problems]


def _load_bank(bank_dir: Path, root: Folder, problems: list[Problem]) -> Bank | None:
    index = bank_dir / "bank.yaml"
    if not os.path.lexists(index):
        problems.append(Problem(display_path(bank_dir), 0, 0, "a bank folder needs a bank.yaml"))
        return None
    data, marks = read_file(index, "bank", problems, root)
    if data is None:
        return None
    questions = []
    listed = set(data["questions"])
    files = sorted(bank_dir.glob("*.yaml"))
    others = [p.stem for p in files if p.name != "bank.yaml"]
    missing = 0
    for i, qid in enumerate(data["questions"]):
        qpath = bank_dir / f"{qid}.yaml"
        if not os.path.lexists(qpath):
            line, col = marks[("questions", i)][:2]
            missing += 1
            hint = did_you_mean(qid, others) if missing <= 20 else ""  # difflib is slow over long lists
            problems.append(Problem(display_path(index), line, col, f"no question file `{qid}.yaml`" + hint))
            continue
        question = load_question(qpath, bank_dir.name, root, problems)
        if question:
            questions.append(question)
    for stray in files:
        if stray.name != "bank.yaml" and stray.stem not in listed:
            problems.append(Problem(display_path(stray), 0, 0,
                                    f"`{stray.stem}` is not listed in {display_path(index)}"))
    return Bank(bank_dir.name, data["title"], data["intro"], tuple(questions), display_path(index))


def load_question(path: Path, bank: str, root: Path | Folder | None, problems: list[Problem]) -> Question | None:
    """One question file of ``bank`` (None when it has problems, which are added to ``problems``)."""
    data, marks = read_file(path, "question", problems, root)
    if data is None:
        return None
    if data["id"] != path.stem:
        line, col = marks[("id",)][:2]
        problems.append(Problem(display_path(path), line, col,
                                f"id `{data['id']}` does not match the file name `{path.stem}.yaml`"))
    worked = build_worked(data) if "steps" in data else None
    return Question(
        id=data["id"], bank=bank, level=data["level"], title=data["title"].strip(),
        answer=data["answer"], takeaway=data["takeaway"].strip(), tags=tuple(data["tags"]),
        key_points=tuple(data.get("key_points", ())), worked=worked,
        path=display_path(path), marks=marks)


def _load_glossary(folder: Path, root: Folder, problems: list[Problem]) -> list[Term]:
    if not folder.is_dir():
        return []
    terms = []
    for path in sorted(folder.glob("*.yaml")):
        data, marks = read_file(path, "term", problems, root)
        if data is None:
            continue
        if data["id"] != path.stem:
            line, col = marks[("id",)][:2]
            problems.append(Problem(display_path(path), line, col,
                                    f"id `{data['id']}` does not match the file name `{path.stem}.yaml`"))
        example = build_worked(data["example"])
        terms.append(Term(id=data["id"], term=data["term"], definition=data["definition"].strip(),
                          explanation=data["explanation"], example=example,
                          aliases=tuple(data.get("aliases", ())), path=display_path(path), marks=marks))
    return terms


def build_worked(data: dict) -> Worked:
    """Turn validated ``problem/params/constraints/steps/result`` data into a :class:`Worked`."""
    params = tuple(_param(name, spec) for name, spec in data["params"].items())
    steps = tuple(Step(name=s["name"], expr=str(s["expr"]), unit=s.get("unit", ""), text=s["text"].strip(),
                       format=s.get("format"), label=s.get("label", "").strip()) for s in data["steps"])
    result = data["result"]
    parts = (result,) if isinstance(result, str) else tuple(result)
    return Worked(problem=data["problem"].strip(), params=params, steps=steps, parts=parts,
                  constraints=tuple(data.get("constraints", ())))


def _param(name: str, spec: dict) -> Param:
    return Param(name=name, default=exact(spec["default"]), unit=spec.get("unit", ""),
                 min=_maybe(spec.get("min")), max=_maybe(spec.get("max")), step=_maybe(spec.get("step")),
                 choices=tuple(exact(c) for c in spec.get("choices", ())), format=spec.get("format"),
                 description=spec.get("description", ""))


def exact(number: int | float | Fraction) -> Fraction:
    """The exact decimal a YAML number was written as.

    >>> exact(2.5), exact(0.1)
    (Fraction(5, 2), Fraction(1, 10))
    """
    return Fraction(repr(number)) if isinstance(number, float) else Fraction(number)


def _maybe(number: int | float | None) -> Fraction | None:
    return None if number is None else exact(number)


def _check_unique_ids(banks: list[Bank], problems: list[Problem]) -> None:
    seen: dict[str, Question] = {}
    for bank in banks:
        for q in bank.questions:
            if q.id in seen:
                line, col = q.marks.get(("id",), (1, 1))[:2]
                problems.append(Problem(q.path, line, col,
                                        f"duplicate question id `{q.id}` (also in {seen[q.id].path})"))
            seen.setdefault(q.id, q)


# ----------------------------------------------------------------------------- schema

@functools.lru_cache(maxsize=None)
def _schemas() -> dict[str, dict]:
    import json

    return {f"{name}.schema.json": json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))
            for name in ("question", "term", "bank")}


@functools.lru_cache(maxsize=None)
def _validator(kind: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    registry = Registry().with_resources((name, Resource.from_contents(schema))
                                         for name, schema in _schemas().items())
    return Draft202012Validator(registry[f"{kind}.schema.json"].contents, registry=registry)


@functools.lru_cache(maxsize=None)
def _compiled(kind: str) -> Callable[[object], bool]:
    """The compiled (Rust) validator's yes or no, eighty times quicker than the Python one on the clean
    files most loads read. Only its yes is trusted: a no, or data it cannot take, goes to :func:`_validator`,
    whose errors say what is wrong and where."""
    import jsonschema_rs

    schemas = _schemas()
    validator = jsonschema_rs.Draft202012Validator(schemas[f"{kind}.schema.json"],
                                                   registry=jsonschema_rs.Registry(list(schemas.items())))

    def is_valid(data: object) -> bool:
        try:
            return validator.is_valid(data)
        except (ValueError, TypeError, OverflowError):  # a value JSON has no form for: let the Python one say
            return False
    return is_valid


def validate(data: object, marks: dict, kind: str, shown: str) -> list[Problem]:
    """Validate data against ``<kind>.schema.json``; problems are located and readable."""
    if _compiled(kind)(data):
        return []
    problems = []
    for error in _validator(kind).iter_errors(data):
        for where, message in _explain(error):
            line, col = (marks.get(where) or marks.get(tuple(error.absolute_path)) or (1, 1))[:2]
            problems.append(Problem(shown, line, col, message))
    return sorted(set(problems))


def _explain(error: ValidationError) -> list[tuple[tuple, str]]:
    path = tuple(error.absolute_path)
    key = f"`{path[-1]}`" if path and isinstance(path[-1], str) else "value"
    kind = error.validator
    # Our schemas are objects, and every error iter_errors yields carries the keyword's value.
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    expected: Any = error.validator_value
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        known = list(schema.get("properties", {}))
        return [(path + (extra, "<key>"), f"unknown key `{extra}`" + did_you_mean(extra, known))
                for extra in error.instance if extra not in known]
    if kind == "required":
        missing = error.message.split("'")[1]
        return [(path, f"missing required key `{missing}`")]
    if kind == "dependentRequired":
        missing, owner = error.message.split("'")[1::2][:2]
        return [(path + (owner, "<key>"), f"`{owner}` requires `{missing}` as well")]
    if kind == "enum":
        choices = ", ".join(str(c) for c in expected)
        return [(path, f"{key} is `{error.instance}`; expected one of: {choices}"
                 + did_you_mean(str(error.instance), expected))]
    if kind == "type":
        return [(path, f"{key} should be {_a(expected)}, not {_a(_json_type(error.instance))}")]
    if kind == "pattern":
        return [(path, f"{key} `{error.instance}` does not match the pattern {expected}" + _pattern_hint(expected))]
    if kind in ("oneOf", "anyOf") and "x-message" in schema:
        return [(path, schema["x-message"])]
    return [(path, f"{key}: {error.message}")]


def _a(kind: str | list[str]) -> str:
    if isinstance(kind, list):
        return " or ".join(_a(k) for k in kind)
    return {"object": "a mapping", "array": "a list", "string": "text", "number": "a number",
            "integer": "a whole number", "null": "empty", "boolean": "true or false",
            "date": "a date"}.get(kind, kind)


def _json_type(value: object) -> str:
    from ._yaml import Date

    if isinstance(value, Date):
        return "date"
    for kind, types in (("boolean", bool), ("number", (int, float)), ("string", str),
                        ("array", list), ("object", dict)):
        if isinstance(value, types):
            return kind
    return "null"


def _pattern_hint(pattern: str) -> str:
    if pattern == "^[a-z][a-z0-9_]*$":
        return " (names are lower_case_with_underscores)"
    if pattern.startswith("^[a-z0-9]+"):
        return " (ids are lower-case-with-hyphens)"
    if "num|" in pattern:
        return " (formats: num, thousands, money, percent, duration, large, sci, fixed(n), sig(n))"
    return ""


__all__ = ["load", "gather", "load_question", "read_file", "resolve_root", "templates_dir", "build_worked", "exact", "BankError"]
