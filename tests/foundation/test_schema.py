"""The published JSON Schema and the loader agree: same files accepted, same rejected."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from bank.load import SCHEMA_DIR, gather
from tests.conftest import QUESTIONS

HERE = Path(__file__).parent
SCHEMAS = {name: json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text()) for name in ("question", "term", "bank")}
#: Malformed cases whose fault is structural, so the schema alone must reject them.
STRUCTURAL = ["unknown-param-key", "unknown-top-key", "missing-takeaway", "bad-level", "default-not-number",
              "range-and-choices", "min-without-max", "step-name-pattern", "bad-format",
              "steps-without-problem", "not-a-mapping", "term-missing-example"]


def plain_validator(kind: str) -> Draft202012Validator:
    """A validator built only from the schema files, as an editor would use them."""
    registry = Registry().with_resources(
        [(f"{n}.schema.json", Resource.from_contents(s)) for n, s in SCHEMAS.items()])
    return Draft202012Validator(SCHEMAS[kind], registry=registry)


def kind_of(path: Path) -> str:
    return "bank" if path.name == "bank.yaml" else "term" if path.parent.name == "glossary" else "question"


BUNDLED = sorted(QUESTIONS.rglob("*.yaml"))


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schemas_are_valid_json_schema(name):
    Draft202012Validator.check_schema(SCHEMAS[name])


@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(QUESTIONS)) for p in BUNDLED])
def test_schema_accepts_every_bundled_file(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [e.message for e in plain_validator(kind_of(path)).iter_errors(data)]
    assert errors == []


def test_loader_accepts_every_bundled_file():
    _, problems = gather(QUESTIONS)
    assert [str(p) for p in problems] == []


@pytest.mark.parametrize("case", STRUCTURAL, ids=STRUCTURAL)
def test_schema_and_loader_both_reject(case, tmp_path, monkeypatch):
    from tests.foundation.test_malformed import install

    source = HERE / "malformed" / f"{case}.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    kind = "term" if case.startswith("term-") else "question"
    assert list(plain_validator(kind).iter_errors(data)), "the schema accepted it"
    install(source, tmp_path)
    monkeypatch.chdir(tmp_path)
    _, problems = gather("questions")
    assert problems, "the loader accepted it"


def test_every_bundled_file_names_its_schema():
    for path in BUNDLED:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target == (SCHEMA_DIR / f"{kind_of(path)}.schema.json").resolve(), path


# The loader trusts the compiled validator's yes and asks the Python one to explain a no; a yes where the
# Python one says no would let a bad file through unexplained. Mutations of a good question probe that.
_BASE = yaml.safe_load((HERE / "base_question.yaml").read_text())
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=8), st.just("abc\n"), st.lists(st.integers(), max_size=2),
                    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


def _paths(value, prefix=()):
    yield prefix
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from _paths(child, prefix + (key,))


_PATHS = list(_paths(_BASE))[1:]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PATHS), st.booleans(), _VALUES), min_size=1, max_size=3))
def test_the_compiled_validator_says_yes_only_where_the_python_one_does(edits):
    from bank.load import _compiled, _validator

    data = copy.deepcopy(_BASE)
    for path, drop, value in edits:
        *head, last = path
        try:
            parent = functools.reduce(lambda node, key: node[key], head, data)
            if drop and isinstance(parent, dict):
                parent.pop(last, None)
            else:
                parent[last] = value
        except (KeyError, IndexError, TypeError):
            continue
    # Not equality: Python's `$` matches before a final newline, so only the Python one takes `id: "a\\n"`.
    if _compiled("question")(data):
        assert not list(_validator("question").iter_errors(data))
