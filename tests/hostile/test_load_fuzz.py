"""Random YAML documents never crash the loader (issue 11: 0 tracebacks in 10,000).

Hypothesis writes documents from a small grammar of YAML, with tags (core,
unknown, Python's), anchors, aliases (defined or not), merge keys, flow and
block collections, and scalars chosen to hurt (``.nan``, ``7e1``,
``2020-13-45``, 5,000 digits, control characters). Half the documents are a
real question with one value replaced, so the schema and the model are
reached too. :func:`bank.load.load_question` must return problems, never
raise, and every problem must be located and printable.

The run is derandomized (the same 10,000 documents every time) with a
per-example budget of one second; it takes about 40 s on the CI machine.
"""

from __future__ import annotations

import re
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bank.load import load_question

from .conftest import BASE_QUESTION

EXAMPLES = 10_000

TAGS = [""] * 24 + ["!!str ", "!!int ", "!!float ", "!!bool ", "!!null ", "!!binary ", "!!timestamp ", "!!set ",
        "!!omap ", "!!pairs ", "!!map ", "!!seq ", "!custom ", "! ", "!!python/object/apply:os.system ",
        "!<tag:yaml.org,2002:str> "]
WORDS = [".nan", ".NaN", "-.inf", ".inf", "7e1", "1e400", "1e-400", "0x", "0o9", "0b2", "1:30", "1_000", "~", "null",
         "yes", "No", "on", "2020-13-45", "2020-01-05", "2001-12-14t21:59:43.10-05:00", "<<", "=", "7" * 5000,
         "-", "0", "-0", "+1", ".5", "1.", "''", '""', '"\\x1b]0;t\\x07"', '"\\0"', '"\\u202e"', "'a''b'", "a b",
         "weights", "core", "fixed(1)", "{{ x }}", "{{ lipsum.__globals__ }}", "{% for i in range(9) %}",
         "[[term]]", "|-", "é", "\u2028", "\x85"]
ANCHORS = ["a", "b", "c"]
PUNCTUATION = list("-?:,[]{}#&*!|>'\"%@` \t\n\\") + ["\x00", "\x1b", "\x7f", "\ufeff", "\ud7ff"]
LETTERS = list("abcdefghijklmnopqrstuvwxyz0123456789. _")

scalar_text = st.one_of(st.sampled_from(WORDS), st.integers(-10**20, 10**20).map(str),
                        st.floats(allow_nan=True, allow_infinity=True).map(repr),
                        st.text(st.sampled_from(LETTERS), min_size=1, max_size=8),
                        st.text(st.sampled_from(LETTERS[:6] + PUNCTUATION), max_size=6))


@st.composite
def scalar(draw) -> tuple:
    return ("scalar", draw(st.sampled_from(TAGS)), _anchor(draw), draw(scalar_text))


def _anchor(draw) -> str:
    return draw(st.sampled_from([""] * 12 + [f"&{a} " for a in ANCHORS]))


alias = st.sampled_from(ANCHORS).map(lambda a: ("alias", a))
key = st.one_of(st.sampled_from(["id", "level", "title", "params", "default", "<<", "steps", "a", "a"]), scalar_text)


def collections(children) -> st.SearchStrategy:
    seq = st.builds(lambda tag, anchor, items: ("seq", tag, anchor, items),
                    st.sampled_from(TAGS), st.sampled_from([""] * 6 + ["&a ", "&b "]), st.lists(children, max_size=4))
    pairs = st.lists(st.tuples(st.one_of(key.map(lambda k: ("scalar", "", "", k)), children), children),
                     max_size=4)
    mapping = st.builds(lambda tag, anchor, items: ("map", tag, anchor, items),
                        st.sampled_from(TAGS), st.sampled_from([""] * 6 + ["&a ", "&c "]), pairs)
    return st.one_of(seq, mapping)


leaf = st.one_of(*[scalar()] * 7, alias)
node = st.recursive(leaf, collections, max_leaves=8)


def flow(n: tuple) -> str:
    """A node in flow style (one line)."""
    if n[0] == "alias":
        return f"*{n[1]}"
    kind, tag, anchor, body = n
    if kind == "scalar":
        return f"{tag}{anchor}{body}"
    if kind == "seq":
        return f"{tag}{anchor}[" + ", ".join(flow(c) for c in body) + "]"
    return f"{tag}{anchor}{{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in body) + "}"


def block(n: tuple, indent: int, use_flow: list[bool]) -> str:
    """A node in block style at ``indent``, switching to flow where ``use_flow`` says."""
    if n[0] in ("alias", "scalar") or (use_flow and use_flow.pop()):
        return " " + flow(n)
    kind, tag, anchor, body = n
    pad = " " * indent
    if not body:
        return " " + flow(n)
    head = f" {tag}{anchor}".rstrip()
    if kind == "seq":
        return head + "".join(f"\n{pad}-{block(c, indent + 2, use_flow)}" for c in body)
    return head + "".join(f"\n{pad}{flow(k)}:{block(v, indent + 2, use_flow)}" for k, v in body)


@st.composite
def document(draw) -> str:
    tree = draw(st.one_of(node, leaf))
    if draw(st.booleans()):  # a whole random document
        return flow(tree) if draw(st.booleans()) else block(tree, 0, draw(st.lists(st.booleans(), max_size=8)))
    lines = BASE_QUESTION.splitlines()  # a real question with one value replaced
    index = draw(st.sampled_from([i for i, line in enumerate(lines) if re.match(r"\s*[\w-]+:|\s*- ", line)]))
    head = re.match(r"(\s*(?:- )?[\w]*:?)", lines[index]).group(1)
    indent = len(head) - len(head.lstrip()) + 2
    lines[index] = head + block(tree, indent, draw(st.lists(st.booleans(), max_size=8)))
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as temp:
        yield Path(temp)


CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=timedelta(seconds=1),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
@given(text=document())
def test_random_yaml_gives_problems_never_a_traceback(folder, text):
    path = folder / "q.yaml"
    path.write_text(text, "utf-8", errors="surrogatepass")
    problems: list = []
    question = load_question(path, "demo", folder, problems)
    assert question is not None or problems  # no question means a reason why
    for problem in problems:
        assert problem.line >= 0 and problem.col >= 0 and problem.message
        assert not CONTROL.search(str(problem)), str(problem)
        problem.show()
