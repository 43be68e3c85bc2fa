"""`bank quiz` flows through click's runner: filters, seeds, commands, ratings and the rows written."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import fsrs
import pytest

from bank.load import load
from bank.quiz.history import History
from bank.render import render_problem, render_question
from bank.variant import variant

BANK_ORDER = ["autoscaling-signal", "replica-boot-gap", "slow-replica", "warm-pool-size"]


def flat(text: str) -> str:
    """Output with rich's line wrapping undone."""
    return " ".join(text.split())


def asked(output: str) -> list[str]:
    """Question ids in the order the session showed them."""
    return re.findall(r"^\[[a-z-]+\] .* · ([a-z0-9-]+)$", output, re.M)


def reviews(db) -> list:
    with History.open(db) as h:
        return h.reviews()


@pytest.fixture(scope="module")
def library(questions_dir):
    return load(questions_dir)


# ----------------------------------------------------------------------------- choosing questions

@pytest.mark.parametrize("args, expected", [
    ((), BANK_ORDER),
    (("--bank", "scaling-load-balancing", "-n", "2"), BANK_ORDER[:2]),
    (("--level", "core"), ["replica-boot-gap", "slow-replica"]),
    (("--level", "hard"), ["warm-pool-size"]),
    (("--tag", "canary"), ["slow-replica"]),
    (("--tag", "cold-start", "--tag", "warm-pool"), ["replica-boot-gap", "warm-pool-size"]),
    (("--level", "core", "--tag", "autoscaling"), ["replica-boot-gap"]),
    (("--new", "-n", "3"), BANK_ORDER[:3]),
    (("--due",), BANK_ORDER),
], ids=["all", "bank-and-count", "core", "hard", "tag", "two-tags", "level-and-tag", "new", "due-all-new"])
def test_filters_choose_the_questions(quiz, args, expected):
    result = quiz(*args, input="skip\n" * 5)
    assert result.exit_code == 0, result.output
    assert asked(result.output) == expected
    assert f"Question 1 of {len(expected)}" in result.output


@pytest.mark.parametrize("args, code, message", [
    (("--bank", "scaling"), 1, "no bank `scaling`; the banks are: scaling-load-balancing"),
    (("--tag", "canery"), 1, "no question has the tag `canery` (did you mean `canary`?)"),
    (("--level", "warm-up", "--tag", "canary"), 1, "no question matches --level warm-up --tag canary"),
    (("--level", "easy"), 2, "'easy' is not one of"),
    (("-n", "0"), 2, "0 is not in the range"),
], ids=["unknown-bank", "unknown-tag", "nothing-matches", "bad-level", "bad-count"])
def test_filter_errors_are_clear(quiz, args, code, message):
    result = quiz(*args, input="quit\n")
    assert result.exit_code == code
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("seed", ["s1", "42", "spring-class"])
def test_seed_shows_that_variants_numbers(quiz, library, seed):
    question = library.question("replica-boot-gap")
    expected = render_problem(question, variant(question, seed))
    out = quiz("--tag", "cold-start", "--seed", seed, input="quit\n").output
    assert flat(expected) in flat(out)
    other = render_problem(question, variant(question, seed + "x"))
    assert (flat(other) in flat(out)) == (other == expected)


def test_the_level_bank_and_title_come_first(quiz):
    out = quiz("--tag", "cold-start", input="quit\n").output
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines[1] == "[core] Scaling and Load Balancing · replica-boot-gap"
    assert lines[2].startswith("Why do new replicas take so long")


def test_bank_db_environment_variable_picks_the_history(runner, questions_dir, tmp_path, monkeypatch):
    from bank.cli import cli

    monkeypatch.setenv("BANK_DB", str(tmp_path / "env.sqlite3"))
    result = runner.invoke(cli, ["quiz", "--questions", str(questions_dir), "--tag", "canary"], input="\n3\n")
    assert result.exit_code == 0, result.output
    assert len(reviews(tmp_path / "env.sqlite3")) == 1


# ----------------------------------------------------------------------------- a question without arithmetic

def test_a_question_without_arithmetic_goes_from_answer_to_reveal_and_rating(quiz, db, library):
    before = datetime.now(timezone.utc)
    result = quiz("--tag", "canary", input="Pull it from rotation and roll back.\nThen canary deploys.\n\n3\n")
    assert result.exit_code == 0, result.output
    out, view = result.output, render_question(library.question("slow-replica"))
    assert "working>" not in out
    assert out.count("answer> ") == 3 and out.count("rating 1-4> ") == 1
    assert "Model answer" in out and "Takeaway:" in out and "not scored" in out
    for point in view.key_points:
        assert f"• {point}" in flat(out)
    assert re.search(r"1 Again +→ next in 1 min", out) and re.search(r"3 Good +→ next in 10 min", out)
    assert "Saved: Good." in out and "1 asked, 1 rated, 0 skipped" in out
    [row] = reviews(db)
    assert (row.question, row.seed, row.score, row.rating, row.lines) == ("slow-replica", None, None, 3, ())
    assert row.answer == "Pull it from rotation and roll back.\nThen canary deploys."
    assert before <= row.started <= row.ended <= datetime.now(timezone.utc)
    with History.open(db) as h:
        card = fsrs.Card.from_dict(h.cards()["slow-replica"])
    assert card.last_review == row.ended or abs(card.last_review - row.ended) < timedelta(seconds=5)
    assert timedelta(minutes=9) < card.due - row.ended < timedelta(minutes=11)


def test_hints_for_a_question_without_arithmetic_are_its_key_points(quiz, db, library):
    points = render_question(library.question("slow-replica")).key_points
    out = quiz("--tag", "canary", input="?\n" * (len(points) + 1) + "show\n1\n").output
    hints = re.findall(r"^  hint: Think about this: (.*)$", out, re.M)
    assert [flat(h) for h in hints] == [flat(p)[:len(flat(h))] for h, p in zip(hints, points)]
    assert len(hints) == len(points) and "No more hints" in out
    [row] = reviews(db)
    assert (row.hints, row.revealed, row.rating) == (len(points), True, 1)


@pytest.mark.parametrize("typed", ["5", "soon", "?", "show"], ids=["out-of-range", "word", "hint", "show-again"])
def test_an_unreadable_rating_asks_again(quiz, db, typed):
    out = quiz("--tag", "canary", input=f"\n{typed}\n2\n").output
    assert "1 to 4" in out or "1 Again, 2 Hard" in out
    assert [r.rating for r in reviews(db)] == [2]


@pytest.mark.parametrize("word, rating", [("again", 1), ("Hard", 2), ("GOOD", 3), (" easy ", 4)])
def test_ratings_by_name(quiz, db, word, rating):
    quiz("--tag", "canary", input=f"\n{word}\n")
    assert [r.rating for r in reviews(db)] == [rating]


# ----------------------------------------------------------------------------- skip and quit

def test_skip_moves_on_and_records_nothing(quiz, db):
    result = quiz("--level", "core", input="skip\nskip\n")
    assert asked(result.output) == ["replica-boot-gap", "slow-replica"]
    assert result.output.count("Skipped.") == 2 and "2 asked, 0 rated, 2 skipped" in result.output
    assert reviews(db) == []


@pytest.mark.parametrize("typed", ["quit\n", "QUIT\n", "exit\n", ""], ids=["quit", "upper", "exit", "end-of-input"])
def test_quit_ends_with_a_summary(quiz, db, typed):
    result = quiz(input=typed)
    assert result.exit_code == 0
    assert asked(result.output) == ["autoscaling-signal"]
    assert "Summary" in result.output and "1 asked, 0 rated, 0 skipped" in result.output
    assert reviews(db) == []


def test_quit_after_a_rating_keeps_the_rating(quiz, db):
    result = quiz("--level", "core", "--tag", "canary", input="\n4\n")
    assert "Next due: in " in result.output
    out = quiz("--tag", "canary", "--tag", "cold-start", input="quit\n").output
    assert asked(out) == ["replica-boot-gap"]  # new first; slow-replica is not yet due
    assert [r.rating for r in reviews(db)] == [4]


# ----------------------------------------------------------------------------- due ordering

def seed_cards(db, dues: dict) -> None:
    """Give questions a review history whose cards fall due at the given offsets from now."""
    from bank.quiz.history import Review

    now = datetime.now(timezone.utc)
    with History.open(db) as h:
        for qid, offset in dues.items():
            card = fsrs.Card(card_id=1, state=fsrs.State.Review, stability=2.0, difficulty=5.0, due=now + offset,
                             last_review=now - timedelta(days=2)).to_dict()
            ended = now - timedelta(days=2)
            h.record(Review(qid, "scaling-load-balancing", "core", ended, ended, 3), card)


DUES = {"warm-pool-size": -timedelta(hours=1), "replica-boot-gap": -timedelta(days=1),
        "autoscaling-signal": timedelta(days=2)}


@pytest.mark.parametrize("args, expected", [
    (("--due",), ["replica-boot-gap", "warm-pool-size", "slow-replica"]),
    (("--due", "-n", "1"), ["replica-boot-gap"]),
    ((), ["replica-boot-gap", "warm-pool-size", "slow-replica", "autoscaling-signal"]),
    (("--new",), ["slow-replica"]),
], ids=["due-soonest-first-then-new", "due-limited", "default-adds-the-rest", "new-only"])
def test_due_ordering(quiz, db, args, expected):
    seed_cards(db, DUES)
    assert asked(quiz(*args, input="skip\n" * 5).output) == expected


def test_nothing_due_says_when_to_come_back(quiz, db):
    seed_cards(db, {q: timedelta(days=2) for q in BANK_ORDER})
    result = quiz("--due", input="")
    assert result.exit_code == 0
    assert "Nothing is due and there are no new questions. Next due: in 2 days" in flat(result.output)


def test_editing_a_questions_prose_keeps_its_history(runner, questions_dir, tmp_path, db):
    import shutil

    from bank.cli import cli

    copy = tmp_path / "questions"
    shutil.copytree(questions_dir, copy)

    def run(*args, input=""):
        return runner.invoke(cli, ["quiz", "--questions", str(copy), "--db", str(db), "--tag", "canary", *args],
                             input=input, catch_exceptions=False)

    run(input="\n3\n")
    path = copy / "scaling-load-balancing" / "slow-replica.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("title: One replica runs", "title: After a deploy, one replica runs")
                    .replace("Detect it,", "Find it,"), encoding="utf-8")
    assert "No new questions left" in run("--new").output
    out = run(input="\n1\n").output
    assert "After a deploy, one replica runs" in out and "Find it," in out
    with History.open(db) as h:
        assert [r.question for r in h.reviews()] == ["slow-replica", "slow-replica"]
        card = h.cards()["slow-replica"]
    # The second review built on the first card (Good, then Again), not on a fresh one.
    scheduler = fsrs.Scheduler()
    fresh, _ = scheduler.review_card(fsrs.Card(card_id=1), fsrs.Rating.Again)
    chained, _ = scheduler.review_card(scheduler.review_card(fsrs.Card(card_id=1), fsrs.Rating.Good)[0],
                                       fsrs.Rating.Again)
    assert card["difficulty"] == pytest.approx(chained.difficulty) != pytest.approx(fresh.difficulty)
