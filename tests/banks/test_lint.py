"""`bank check` catches content faults that only show in some rendered variant, and reports
every problem of a new question in one run.

Each case plants one fault (or several) in a clean base question
(tests/banks/lint/base.yaml) and pins exactly what `bank check` says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bank.check import check
from bank.lint_prose import disagreements, duplicated_units, percent_without_sign
from bank.lint_units import suggest
from bank.units import parse_unit

BASE = (Path(__file__).parent / "lint" / "base.yaml").read_text(encoding="utf-8")
BANK = "title: Demo\nintro: A demo bank.\nquestions: [q]\n"
CARDS = '{{ card_count }} {{ card_count | plural("card") }}'
UNIT = "    unit: USD/hour\n"
HOUR_STEP = """  - name: an_hour
    label: an hour
    expr: 1 hour
    unit: s
    format: duration
    text: "An hour is {{ an_hour }}."
result: [bill, an_hour]
"""

IDLE_STEP = """  - name: idle_cards
    label: cards beyond two
    expr: card_count - 2 card
    unit: replica
    text: "Beyond two: {{ idle_cards }}."
result: bill
"""

#: case -> (replacements in the base question, the exact problems `bank check` reports).
CASES = {
    "count-noun-one": (
        [(CARDS, "{{ card_count }} cards")],
        ["9:36: seed 0: `1 cards`: the number and the noun disagree; use the `plural` filter or `{% if %}`"]),
    "count-noun-many": (
        [(CARDS, "{{ card_count }} card")],
        ["9:22: default variant: `4 card`: the number and the noun disagree; use the `plural` filter or "
         "`{% if %}`"]),
    "count-noun-after-a-modifier": (
        [(CARDS, "{{ card_count }} spare cards")],
        ["9:36: seed 0: `1 spare cards`: the number and the noun disagree; use the `plural` filter or "
         "`{% if %}`"]),
    "count-noun-not-a-unit": (
        [(CARDS, "{{ card_count }} cards, plus {{ card_count }} spares")],
        ["9:36: seed 0: `1 cards`: the number and the noun disagree; use the `plural` filter or `{% if %}`",
         "9:65: seed 0: `1 spares`: the number and the noun disagree; use the `plural` filter or `{% if %}`"]),
    "unit-typed-twice-after-a-plain-number": (
        [("Cards times the hourly price.", "Cards times the hourly price; {{ card_count }} s s to add.")],
        ["6:50: default variant: `4 s s`: the unit is printed twice (the value's format already "
         "prints one)"]),
    "unit-twice-in-text": (
        [("= {{ bill }} an hour.", "= {{ bill }} USD an hour.")],
        ["32:62: default variant: `$10.00 USD`: the unit is printed twice (the value's format already "
         "prints one)"]),
    "unit-twice-in-the-answer": (
        [("result: bill\n", HOUR_STEP)],
        ["37:13: default variant: the answer prints as `60 min s`: the unit is printed twice (the value's "
         "format already prints one)"]),
    "percent-without-sign": (
        [("{{ load | percent }}", "{{ load }}")],
        ["10:44: `load` is a percent but prints without `%`; use `{{ load | percent }}`"]),
    "given-printed-as-another-number": (
        [("    choices: [2, 2.5]\n", "    choices: [2.125, 2.5]\n")],
        ["17:3: given `price` = 2.125 prints as `$2.13`; give it a format that shows every digit (e.g. "
         "`sig(4)`, `money(3)`)"]),
    "label-too-long": (
        [("label: hourly bill", "label: the hourly bill for every card of the replica")],
        ["28:12: label `the hourly bill for every card of the replica` is 45 characters; keep it to 40"]),
    "label-used-twice": (
        [("result: bill\n", HOUR_STEP.replace("label: an hour", "label: Hourly bill")
          .replace("format: duration", "format: sig(2)"))],
        ["34:12: label `Hourly bill` is also the label of step `bill`"]),
    "unit-suggested-from-the-givens": (
        [(UNIT, "    unit: USD\n")],
        ["30:11: step `bill` computes money/time but declares `USD` (money); declare `unit: USD/hour`"]),
    # One run shows a schema typo, a unit to declare, a misspelt name and a count noun that disagrees.
    "every-stage-in-one-run": (
        [("title:", "titel:"), (UNIT, "    unit: USD\n"), ("= {{ bill }} an hour", "= {{ bil }} an hour"),
         (CARDS, "{{ card_count }} cards")],
        ["1:1: missing required key `title`",
         "3:1: unknown key `titel` (did you mean `title`?)",
         "9:36: seed 0: `1 cards`: the number and the noun disagree; use the `plural` filter or `{% if %}`",
         "30:11: step `bill` computes money/time but declares `USD` (money); declare `unit: USD/hour`",
         "32:54: template uses unknown name `bil` (did you mean `bill`?)"]),
    # A unit to declare does not stop the variants: the negative step is found in the same run.
    "plan-problem-and-a-negative-step": (
        [("result: bill\n", IDLE_STEP)],
        ["35:11: seed 0: step `idle_cards` is negative (-1), which its unit cannot be",
         "36:11: step `idle_cards` computes card but declares `replica` (replica); declare `unit: card`"]),
}


def _install(root: Path, text: str) -> Path:
    demo = root / "questions" / "demo"
    demo.mkdir(parents=True)
    (demo / "bank.yaml").write_text(BANK, encoding="utf-8")
    (demo / "q.yaml").write_text(text, encoding="utf-8")
    return root / "questions"


def _planted(edits) -> str:
    text = BASE
    for old, new in edits:
        assert old in text, f"the base question no longer has {old!r}"
        text = text.replace(old, new)
    return text


def test_base_question_is_clean(tmp_path):
    assert check(_install(tmp_path, BASE), variants=20).problems == []


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_planted_fault_is_reported(case, tmp_path, monkeypatch):
    edits, expected = CASES[case]
    monkeypatch.chdir(tmp_path)
    report = check(_install(tmp_path, _planted(edits)).relative_to(tmp_path), variants=20)
    assert [str(p) for p in report.problems] == [f"questions/demo/q.yaml:{e}" for e in expected]


@pytest.mark.parametrize(("text", "found"), [
    ("1 cards, 1 buffers, 1 new replicas", ["1 cards", "1 buffers", "1 new replicas"]),
    ("1 spares, 2 spare replicas, 1 spare replica, 1 prefixes", ["1 spares", "1 prefixes"]),
    ("1 shared KV heads and 2 KV head", ["1 shared KV heads", "2 KV head"]),
    ("4 cards, 1 card, 1 prompt token, 2.5 cards, 0 cards, 1,000 requests", []),
    ("a 4-card replica, 8-bit weights, 30 million tokens, 5.6e14 FLOP, $1 an hour, 10% of cards", []),
    ("8,760 hours, 1 hours, 3 misses, 1 misses", ["1 hours", "1 misses"]),
], ids=["plural-after-one", "spares-and-prefixes", "modifiers", "agreeing", "not-counts", "time-and-irregular"])
def test_disagreements(text, found):
    assert disagreements(text) == found


@pytest.mark.parametrize(("text", "found"), [
    ("472 ms s and 4.42 min mins", ["472 ms s", "4.42 min mins"]),
    ("$9.00 USD, 10% percent", ["$9.00 USD", "10% percent"]),
    ("80 GB cards, 3.35 TB/s, 21 s per reply, 10% of tokens, $2.50 an hour", []),
    ("a 95% hit rate, a 5% share of cards, 10% misses, 20% percent", ["20% percent"]),
], ids=["same-dimension", "sign-and-word", "unit-then-noun", "percent-then-a-count"])
def test_duplicated_units(text, found):
    assert duplicated_units(text) == found


def test_percent_is_fine_with_a_filter_a_format_or_a_word_after():
    source = "{{ a | percent }}, {{ b }}, {{ c }} percent, {{ d }}%, {{ e | sig(2) }}"
    formats = {"a": None, "b": "percent(1)", "c": None, "d": None, "e": "percent"}
    assert percent_without_sign(source, formats) == ["e"]


@pytest.mark.parametrize(("declared", "computes", "near", "hint"), [
    ("GB", "s", (), "s"),
    ("GB", "GB/s", (), "GB/s"),
    ("USD/hour/card", "USD/hour", (), "USD/hour"),
    ("USD", "USD/hour", ("USD/hour/card",), "USD/hour"),
    ("percent", "token/s", (), "token/s"),
    ("token/s", "token/s/user", (), "token/s/user"),
    ("s", "", (), ""),
], ids=["replace", "append", "cancel", "spelt-like-the-givens", "drop-percent", "per-user", "plain-number"])
def test_unit_suggestion(declared, computes, near, hint):
    assert suggest(declared, parse_unit(computes).dims, near) == hint
