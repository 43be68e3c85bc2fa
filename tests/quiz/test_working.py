"""`bank quiz` on a question with arithmetic: lines graded as typed, hints, show, and the rows written."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bank.load import load
from bank.quiz.history import History
from bank.render import glossary_names, render_question
from bank.variant import variant

SEED = "s1"


def flat(text: str) -> str:
    return " ".join(text.split())


def reviews(db) -> list:
    with History.open(db) as h:
        return h.reviews()


@pytest.fixture(scope="module")
def view(questions_dir):
    library = load(questions_dir)
    question = library.question("replica-boot-gap")
    return render_question(question, variant(question, SEED)).plain(glossary_names(library))


@pytest.fixture(scope="module")
def lines(view) -> dict:
    """Working lines for the seeded variant: right, slipped and unreadable."""
    p, st = view.params, {s.name: s.value for s in view.steps}
    wrong = float(Fraction(st["read_time"].magnitude) + p["init_time"].magnitude + 10)
    return {"read": f"Read: {p['weights']} GB / {p['read_rate']} GB/s = {st['read_time']} s",
            "boot": f"Boot: {st['read_time']} s + {p['init_time']} s = {st['boot_time']} s",
            "slip": f"Boot: {st['read_time']} s + {p['init_time']} s = {wrong:.1f} s",
            "garbled": f"{p['weights']} GB / / {p['read_rate']}"}


def run(quiz, typed: list[str], *args):
    return quiz("--tag", "cold-start", "--seed", SEED, *args, input="\n".join(typed) + "\n")


def test_each_line_is_marked_as_it_is_typed_and_the_review_is_stored(quiz, db, view, lines):
    result = run(quiz, ["Weights load, then it initialises.", "", lines["read"], lines["slip"], "", "3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"✓ read_time", out) and re.search(r"✗ slip in boot_time", out)
    assert out.index("✓ read_time") < out.index("✗ slip in boot_time") < out.index("Model answer")
    [row] = reviews(db)
    assert (row.question, row.seed, row.rating, row.answer) == ("replica-boot-gap", SEED, 3,
                                                               "Weights load, then it initialises.")
    assert [(line["n"], line["status"], line["step"]) for line in row.lines] == [
        (1, "correct", "read_time"), (2, "slip", "boot_time")]
    assert row.lines[0]["text"] == lines["read"]
    assert 0 < row.score < 1 and f"Score: {round(row.score * 100)}%" in out
    assert row.duration >= 0 and not row.revealed and row.hints == 0


def test_a_full_working_scores_one(quiz, db, lines):
    out = run(quiz, ["", lines["read"], lines["boot"], "", "4"]).output
    assert "Score: 100%" in out and "✗" not in out
    assert reviews(db)[0].score == 1.0


def test_the_reveal_is_for_their_variant(quiz, db, view):
    out = flat(run(quiz, ["show", "1"]).output)
    for step in view.steps:
        assert flat(step.text) in out
    assert f"Final answer: {view.result_text}" in out and flat(view.takeaway) in out
    assert flat(view.answer.split(".")[0].replace("*", "")) in out
    for point in view.key_points:
        assert f"• {flat(point)}" in out
    [row] = reviews(db)
    assert (row.revealed, row.score, row.rating, row.lines) == (True, 0.0, 1, ())
    assert "Score: 0%" in out


def test_hint_is_the_next_missing_step_with_its_value_hidden(quiz, db, view, lines):
    p, st = view.params, {s.name: s.value for s in view.steps}
    out = run(quiz, ["?", "", "?", lines["read"], "?", lines["boot"], "?", "", "2"]).output
    hints = re.findall(r"^  hint: (.*)$", out, re.M)
    first = f"Read time: {p['weights']} GB ÷ {p['read_rate']} GB/s = ? s."
    second = f"Boot time: {st['read_time']} s + {p['init_time']} s ≈ ? s from launch to the first token."
    assert hints == [first, first, second]
    assert str(st["boot_time"]) not in hints[2].replace(str(p["init_time"]), "")
    assert "Every step is there" in out
    assert reviews(db)[0].hints == 3


def test_an_unreadable_line_is_located_not_scored(quiz, db, lines):
    out = run(quiz, ["", lines["garbled"], lines["read"], "", "", "1"]).output   # no final: the part prompt is left blank
    assert "✗ can't read this line" in out
    caret = re.search(r"^    (.*)\n    ( *)\^", out, re.M)
    assert caret and caret.group(1) == lines["garbled"]
    assert [line["status"] for line in reviews(db)[0].lines] == ["error", "correct"]


def test_without_a_seed_every_sitting_draws_fresh_numbers(quiz, db):
    for _ in range(2):
        quiz("--tag", "cold-start", input="show\n1\n")
    seeds = [r.seed for r in reviews(db)]
    assert len(seeds) == 2 and seeds[0] != seeds[1]
    assert all(re.fullmatch(r"[0-9a-f]{8}", s) for s in seeds)
