"""GIFT: parsed by the real gift-pegjs parser (node), one numerical question per variant."""

from __future__ import annotations

import json
import subprocess
from fractions import Fraction

import pytest

from bank.classroom import gift
from bank.classroom.assign import assign
from bank.classroom.key import answer_key, distinct_rows, half_unit
from bank.classroom.roster import numbered

PARSE = """
const parser = require(require('path').join(process.argv[1], 'gift-pegjs'));
const text = require('fs').readFileSync(0, 'utf8');
try { process.stdout.write(JSON.stringify(parser.parse(text))); }
catch (e) { process.stdout.write(JSON.stringify({error: e.message, location: e.location})); process.exit(3); }
"""


def parse(modules, text: str):
    """Parse GIFT text with gift-pegjs; returns its question objects."""
    done = subprocess.run(["node", "-e", PARSE, str(modules)], input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def render(library, ids, count, seed="spring"):
    handout = assign([library.question(i) for i in ids], numbered(count), seed)
    rows = answer_key(handout)
    return gift.render(handout, rows)["questions.gift"].decode("utf-8"), rows


def test_gift_parses_with_one_numerical_question_per_variant(gift_parser_modules, demo_library):
    text, rows = render(demo_library, ["fleet-cost", "tiny-space"], count=8)
    parsed = parse(gift_parser_modules, text)
    variants = distinct_rows(rows)
    assert len(parsed) == len(variants) == 8 + 5
    for question, (row, students) in zip(parsed, variants):
        assert question["type"] == "Numerical"
        assert question["title"] == f"{row.question.id} {', '.join(s.id for s in students)}"
        assert question["choices"]["type"] == "range"
        assert Fraction(str(question["choices"]["number"])) == pytest.approx(row.result.magnitude, rel=1e-9, abs=0.01)
        assert Fraction(str(question["choices"]["range"])) == half_unit(row.result)
        assert row.expected in question["globalFeedback"]["text"]
        assert row.problem().splitlines()[0] in question["stem"]["text"]


def test_special_characters_survive_the_round_trip(gift_parser_modules):
    tricky = "Ratio a:b = {x} ~ #1 \\ path"
    text = f"::{gift.escape('t: 1')}::[markdown]{gift.escape(tricky)} {{#2:0.5####{gift.escape('= done: {ok}')}}}\n"
    (question,) = parse(gift_parser_modules, text)
    assert question["title"] == "t: 1"
    assert question["stem"]["text"] == tricky
    assert question["globalFeedback"]["text"] == "= done: {ok}"


def test_blank_lines_are_folded_so_a_question_stays_whole():
    assert "\n\n" not in gift.escape("one\n\n\ntwo\n  \nthree")


def test_every_worked_question_in_the_bundled_banks_parses(gift_parser_modules, library):
    ids = [q.id for q in library.questions() if q.worked is not None]
    text, rows = render(library, ids, count=3, seed="bundled")
    parsed = parse(gift_parser_modules, text)
    assert len(parsed) == sum(len(row.parts) for row, _ in distinct_rows(rows))   # one per answer part
    assert {q["type"] for q in parsed} == {"Numerical"}


def test_a_question_with_two_answers_gives_one_gift_question_per_part(gift_parser_modules, demo_library):
    text, rows = render(demo_library, ["drain-bill"], count=4)
    parsed = parse(gift_parser_modules, text)
    variants = distinct_rows(rows)
    assert len(parsed) == 2 * len(variants) == 8
    for k, (row, students) in enumerate(variants):
        ids = ", ".join(s.id for s in students)
        time, cost = parsed[2 * k], parsed[2 * k + 1]
        assert time["title"] == f"drain-bill {ids} (part 1 of 2: drain time)"
        assert cost["title"] == f"drain-bill {ids} (part 2 of 2: drain cost)"
        assert time["stem"]["text"].endswith("Give the drain time in s.")
        assert cost["stem"]["text"].endswith("Give the drain cost in USD.")
        for question, part in ((time, row.parts[0]), (cost, row.parts[1])):
            assert question["type"] == "Numerical" and question["choices"]["type"] == "range"
            tolerance = Fraction(str(question["choices"]["range"]))
            assert tolerance == half_unit(part.value)
            assert abs(Fraction(str(question["choices"]["number"])) - part.value.magnitude) < tolerance / 10
            for line in row.final_lines():               # both answers in each part's feedback
                assert f"Final answer: {line}" in question["globalFeedback"]["text"]
