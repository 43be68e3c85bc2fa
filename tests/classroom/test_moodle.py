"""Moodle XML: well-formed, shaped like Moodle's own export, and Moodle's formulas give our answers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from bank.classroom import moodle
from bank.classroom.assign import assign
from bank.classroom.key import answer_key, decimal, distinct_rows, places
from bank.classroom.roster import numbered

from .conftest import FIXTURES
from .moodle_formula import evaluate

#: Moodle's FORMULAS_IN_TEXT_REGEX (qtype_calculated), with its wildcard pattern.
FORMULA_IN_TEXT = re.compile(r"\{=([^{}]*(?:\{[A-Za-z_]\w*\}[^{}]*)*)\}")


def shape(element: ET.Element, path: tuple = ()) -> set[tuple]:
    """Every element below ``element`` as (path of tags, attribute names): the structure, not the values."""
    here = path + (element.tag,)
    found = {(here, tuple(sorted(element.attrib)))}
    for child in element:
        found |= shape(child, here)
    return found


def questions_of(root: ET.Element, kind: str) -> list[ET.Element]:
    return [q for q in root.iter("question") if q.get("type") == kind]


def export(library, ids, count=12, seed="spring"):
    handout = assign([library.question(i) for i in ids], numbered(count), seed)
    rows = answer_key(handout)
    return ET.fromstring(moodle.render(handout, rows)["moodle.xml"]), rows


@pytest.fixture(scope="module")
def fixture_root():
    return ET.parse(FIXTURES / "moodle_calculated.xml").getroot()


def test_well_formed_and_shaped_like_moodles_own_export(demo_library, fixture_root):
    root, _ = export(demo_library, ["fleet-cost", "tiny-space"])
    assert root.tag == "quiz"
    expected = shape(questions_of(fixture_root, "calculated")[0])
    for question in questions_of(root, "calculated"):
        assert shape(question) == expected
    assert {frozenset(shape(q)) for q in questions_of(root, "category")} == {
        frozenset(shape(questions_of(fixture_root, "category")[0]))}


def test_child_order_matches_moodles_writer(demo_library, fixture_root):
    root, _ = export(demo_library, ["fleet-cost"])
    ours = [child.tag for child in questions_of(root, "calculated")[0]]
    theirs = [child.tag for child in questions_of(fixture_root, "calculated")[0]]
    assert ours == theirs


def test_one_item_per_distinct_variant_and_every_param_a_dataset(demo_library):
    root, rows = export(demo_library, ["tiny-space", "fleet-cost"], count=9)
    for question in questions_of(root, "calculated"):
        qid = question.findtext("name/text").split(":")[0]
        distinct = len(distinct_rows([r for r in rows if r.question.id == qid]))
        definitions = question.findall("dataset_definitions/dataset_definition")
        worked = demo_library.question(qid).worked
        assert [d.findtext("name/text") for d in definitions] == [p.name for p in worked.params]
        for d in definitions:
            assert d.findtext("status/text") == "private" and d.findtext("type") == "calculated"
            assert int(d.findtext("itemcount")) == int(d.findtext("number_of_items")) == distinct
            assert [int(n.text) for n in d.iter("number")] == list(range(1, distinct + 1))
    assert distinct == 9 and len(distinct_rows([r for r in rows if r.question.id == "tiny-space"])) == 5


def _items(question: ET.Element) -> list[dict[str, Fraction]]:
    columns = {d.findtext("name/text"): [Fraction(v.text) for v in d.iter("value")]
               for d in question.findall("dataset_definitions/dataset_definition")}
    count = len(next(iter(columns.values())))
    return [{name: values[i] for name, values in columns.items()} for i in range(count)]


def _check_formulas(root, rows):
    by_question = {}
    for row, _ in distinct_rows(rows):
        by_question.setdefault(row.question.id, []).append(row)
    for question in questions_of(root, "calculated"):
        qid = question.findtext("name/text").split(":")[0].split(" (part")[0]
        answer = question.find("answer")
        tolerance = Fraction(answer.findtext("tolerance"))
        relative = answer.findtext("tolerancetype") == "1"
        feedback = question.findtext("generalfeedback/text")
        assert "{{" not in feedback and "{{" not in question.findtext("questiontext/text")
        for item, row in zip(_items(question), by_question[qid]):
            got, want = evaluate(answer.findtext("text"), item), Fraction(row.result.magnitude)
            assert abs(got - want) <= abs(want) * Fraction(1, 10**9) + Fraction(1, 10**9), (qid, item)
            allowed = tolerance * abs(want) if relative else tolerance
            printed = Fraction(decimal(want, places(row.result)))  # the key's number, as a student would type it
            assert abs(printed - want) <= allowed, (qid, row.expected)
            for expression in FORMULA_IN_TEXT.findall(feedback):
                evaluate(expression, item)  # every {=...} in the feedback is valid and computable
        by_question[qid] = by_question[qid][len(_items(question)):]


def test_moodle_formulas_reproduce_the_answer_key(demo_library):
    root, rows = export(demo_library, ["fleet-cost", "tiny-space"], count=20)
    _check_formulas(root, rows)


def test_every_worked_question_in_the_bundled_banks_exports(library):
    ids = [q.id for q in library.questions() if q.worked is not None]
    root, rows = export(library, ids, count=6, seed="bundled")
    assert len(questions_of(root, "calculated")) == len(ids)
    _check_formulas(root, rows)


def test_more_than_a_hundred_variants_split_into_parts(demo_library):
    root, rows = export(demo_library, ["fleet-cost"], count=230)
    names = [q.findtext("name/text") for q in questions_of(root, "calculated")]
    assert [n.split(":")[0] for n in names] == [f"fleet-cost (part {k} of 3)" for k in (1, 2, 3)]
    counts = [int(q.findtext("dataset_definitions/dataset_definition/itemcount"))
              for q in questions_of(root, "calculated")]
    assert counts == [100, 100, 30]
    _check_formulas(root, rows)


def test_text_needing_escape_goes_in_cdata_like_moodle():
    assert moodle.xml_escape("plain words") == "plain words"
    assert moodle.xml_escape("a < b & c") == "<![CDATA[a < b & c]]>"
    assert moodle.xml_escape("x]]>y<") == "<![CDATA[x]]]]><![CDATA[>y<]]>"
    assert ET.fromstring(f"<t>{moodle.xml_escape('x]]>y<')}</t>").text == "x]]>y<"


def test_question_text_shows_wildcards_not_numbers(demo_library):
    root, rows = export(demo_library, ["fleet-cost"], count=3)
    text = questions_of(root, "calculated")[0].findtext("questiontext/text")
    assert "{audience} users" in text and "${price} an hour" in text and "{period} days" in text
    feedback = questions_of(root, "calculated")[0].findtext("generalfeedback/text")
    assert "<em>" not in feedback and "BANKSLOT" not in feedback + text


def test_word_filters_print_words_not_wildcards(demo_library):
    # fleet-cost's second step says `{{ fleet }} {{ fleet | plural("card") }}`: a number, then a word.
    root, _ = export(demo_library, ["fleet-cost"], count=3)
    feedback = questions_of(root, "calculated")[0].findtext("generalfeedback/text")
    assert "/{card_rate}),0)} cards.</li>" in feedback
