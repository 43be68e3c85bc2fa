"""The prose fast path: filling a variant's numbers into a learnt shape gives exactly the HTML a full
render of that variant gives, for every bundled question and for prose built to trip it up."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bank.load import load
from bank.model import Term
from bank.site import paths
from bank.site.fragments import href_from, page_fields, solve
from bank.site.linking import Glossary
from bank.site.prose import Field, Prose
from tests.conftest import QUESTIONS

LIBRARY = load(QUESTIONS)
GLOSSARY = Glossary(LIBRARY.glossary)
WORKED = [q for q in LIBRARY.questions() if q.worked is not None]


def texts(html: list) -> list[str]:
    """HTML as the page shows it (a shape filled in with its digits)."""
    return [str(h) for h in html]


def prose_for(q) -> Prose:
    return Prose(q, page_fields(q), GLOSSARY, href_from(paths.question_page(q.bank, q.id)), prefix=q.id)


@pytest.mark.parametrize("q", WORKED, ids=[q.id for q in WORKED])
def test_every_variant_through_its_shape_is_its_full_render(q):
    solutions = solve(q, q.worked, 40)
    shared = prose_for(q)
    shared.first(solutions[0].values)
    for s in solutions:
        assert texts(shared.render(s.values)) == texts(prose_for(q).first(s.values)[0]), s.variant.seed


# Text around the holes that Markdown and the glossary care about: list markers, emphasis, code,
# references, a term, a term with digits, and line breaks.
_PIECES = st.sampled_from(["", " ", "\n", "\n\n", "1. ", "- ", "* ", "> ", "*", "_", "`", "&#", "&amp;", "#",
                           "replica", "p", "p99", "x", ".", ")", "(", "$", "%", " GB", ",", "e", "1", "0.", "1) ", "    ", "```", "|", "\\", "<", "[", "](", "**", "~", "+ ", "2.", "  \n", ":", "-", "=", "\t"])
_NUMBERS = st.one_of(st.integers(0, 10**11), st.decimals(0, 10**5, places=2).map(str), st.sampled_from(
    ["1,000", "2.5", "10", "9", "0", "99", "100%", "$21,900"]))


@settings(max_examples=300, deadline=None)
@example(["{{ a }}", ". ", "x"], False, [(1234567890, 0), (5, 0)])   # a list marker: up to nine digits
@example(["1. ", "{{ a }}", "1. "], False, [("0.00", 0), (0, 0)])   # ... and at the start of a list item
@example(["p", "{{ a }}", " latency"], False, [(5, 0), (99, 0)])      # p5, then the term p99
@example(["&#", "{{ a }}", ";"], True, [(65, 0), (66, 0)])            # a character reference
@given(st.lists(st.one_of(_PIECES, st.just("{{ a }}"), st.just("{{ b }}")), min_size=1, max_size=12),
       st.booleans(), st.lists(st.tuples(_NUMBERS, _NUMBERS), min_size=2, max_size=6))
def test_prose_built_to_trip_the_shapes_renders_as_in_full(parts, inline, values):
    glossary = Glossary([Term("replica", "replica", "A copy.", "", None),
                         Term("p99", "p99", "The 99th percentile.", "", None)])
    fields = [Field(("problem",), "".join(parts), inline=inline)]
    shared = Prose(None, fields, glossary, lambda t: "#" + t)
    shared.first({"a": values[0][0], "b": values[0][1]})
    for a, b in values:
        fresh = Prose(None, fields, glossary, lambda t: "#" + t)
        assert texts(shared.render({"a": a, "b": b})) == texts(fresh.first({"a": a, "b": b})[0])
