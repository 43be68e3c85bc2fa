"""Moodle XML: well-formed, shaped like Moodle's own export, and Moodle's formulas give our answers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from bank.classroom import moodle
from bank.classroom.assign import assign
from bank.classroom.key import answer_key, decimal, distinct_rows, half_unit, places
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
    several = {q.id for q in library.questions() if q.worked is not None and len(q.worked.parts) > 1}
    assert len(questions_of(root, "calculated")) == len(ids) - len(several)
    assert len(questions_of(root, "cloze")) == len(distinct_rows([r for r in rows if r.question.id in several]))
    for cloze in questions_of(root, "cloze"):
        assert all(b["numerical"] and b["answers"][0]["fraction"] == 1
                   for b in extract(cloze.findtext("questiontext/text")))
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


# ----------------------------------------------------------------------------- several answers: Cloze

#: qtype_multianswer's regexes (question/type/multianswer/questiontype.php), in Python's syntax: PHP's
#: variable-width lookbehind (?<!\\|&|&amp;) becomes three fixed-width ones.
_FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
_ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
_FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
_ALTERNATIVE = f"({_FRACTION})?({_ANSWER})(#({_FEEDBACK}))?"
_TYPES = (r"(NUMERICAL|NM)|(MULTICHOICE|MC)|(MULTICHOICE_V|MCV)|(MULTICHOICE_H|MCH)|"
          r"(SHORTANSWER|SA|MW)|(SHORTANSWER_C|SAC|MWC)")
ANSWER_REGEX = re.compile(r"\{([0-9]*):(" + _TYPES + "):(" + _ALTERNATIVE + "(~" + _ALTERNATIVE + ")*)\\}", re.S)
NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL_ALTERNATIVE = re.compile(f"^({NUMBER})(:{NUMBER})?$", re.S)


def extract(text: str) -> list[dict]:
    """What qtype_multianswer_extract_question() finds in a question text: each blank's type, mark and answers."""
    found = []
    while (m := ANSWER_REGEX.search(text)) is not None:
        numerical = bool(m.group(3))
        answers, rest = [], m.group(9)
        while rest and (alt := re.match("~?" + _ALTERNATIVE, rest, re.S)):
            fraction = 1 if alt.group(1) == "=" else (float(alt.group(2)) / 100 if alt.group(2) else 0)
            number = NUMERICAL_ALTERNATIVE.match(alt.group(3)) if numerical else None
            answers.append({"fraction": fraction, "answer": number.group(1) if number else alt.group(3),
                            "tolerance": number.group(6) if number and number.group(6) else "0"})
            rest = rest[alt.end():]
        found.append({"numerical": numerical, "mark": m.group(1) or "1", "answers": answers})
        text = text[:m.start()] + f"{{#{len(found)}}}" + text[m.end():]
    return found


@pytest.fixture(scope="module")
def cloze_fixture():
    return questions_of(ET.parse(FIXTURES / "moodle_cloze.xml").getroot(), "cloze")[0]


def test_several_answers_become_one_cloze_per_variant_shaped_like_moodles(demo_library, cloze_fixture):
    root, rows = export(demo_library, ["drain-bill", "tiny-space"], count=6)
    clozes = questions_of(root, "cloze")
    assert len(clozes) == len(distinct_rows([r for r in rows if r.question.id == "drain-bill"])) == 6
    assert len(questions_of(root, "calculated")) == 1                 # the single-answer question is unchanged
    assert [q.findtext("category/text") for q in questions_of(root, "category")] == [
        "$course$/top/classroom-demo/drain-bill (seed spring)", "$course$/top/classroom-demo/tiny-space (seed spring)"]
    for cloze in clozes:
        assert shape(cloze) == shape(cloze_fixture)
        assert [c.tag for c in cloze] == [c.tag for c in cloze_fixture]


def test_each_cloze_blank_reads_as_moodle_reads_it_and_accepts_the_key(demo_library, cloze_fixture):
    assert [b["answers"][0]["answer"] for b in extract(cloze_fixture.findtext("questiontext/text"))] == [
        "50.27", "31.42"]                                              # the port reads Moodle's own example
    root, rows = export(demo_library, ["drain-bill"], count=8)
    for cloze, (row, _) in zip(questions_of(root, "cloze"), distinct_rows(rows)):
        blanks = extract(cloze.findtext("questiontext/text"))
        assert len(blanks) == len(row.parts) == 2
        for found, part in zip(blanks, row.parts):
            [answer] = found["answers"]
            assert found["numerical"] and found["mark"] == "1" and answer["fraction"] == 1
            exact, tolerance = Fraction(answer["answer"]), Fraction(answer["tolerance"])
            assert tolerance == half_unit(part.value)
            printed = Fraction(decimal(part.value.magnitude, places(part.value)))   # typed as the key prints it
            assert abs(printed - exact) <= tolerance and abs(exact - part.value.magnitude) < tolerance / 10
        text = cloze.findtext("questiontext/text")
        assert "drain time (s):" in text and "drain cost (USD):" in text
        assert row.problem().splitlines()[0] in text
        feedback = cloze.findtext("generalfeedback/text")
        assert all(line in feedback for line in row.final_lines())
