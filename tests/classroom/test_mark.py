"""Marking a synthetic class: correct, slipped, carried, partial, missing, empty, garbage and broken files."""

from __future__ import annotations

import csv
import json
import io
import pytest

from bank.classroom.key import decimal
from bank.classroom.roster import numbered
from bank.classroom.variants import build

from .conftest import QUESTIONS

QUESTION_IDS = ["fleet-cost", "tiny-space"]


def number(value) -> str:
    """A value as a learner writes it: the key's own formatting (``$1.50``, ``220,000``)."""
    return str(value)


def fleet_lines(v, demand=None) -> list[str]:
    """A whiteboard working for fleet-cost; ``demand`` replaces the first result (a slip carried on)."""
    demand = int(demand if demand is not None else v["demand"].magnitude)
    fleet = int(-(-demand // v["card_rate"].magnitude))
    hourly = fleet * v["price"].magnitude
    monthly = int(hourly * v["period"].magnitude * 24)
    return [f"Demand: {number(v['audience'])} × {number(v['per_user'])} = {demand:,}",
            f"Cards: ceil({demand:,} / {number(v['card_rate'])}) = {fleet:,}",
            f"Per hour: {fleet:,} × ${decimal(v['price'].magnitude, 2)} = ${decimal(hourly, 2)}",
            f"Month: ${decimal(hourly, 2)} × {v['period'].magnitude} × 24 = ${monthly:,}"]


def tiny_lines(v) -> list[str]:
    return [f"Copy: {number(v['size'])} / {number(v['rate'])} = {number(v['copy_time'])} s"]


def transpose_last_digits(text: str) -> str:
    """``$98,208`` -> ``$98,280``: the classic slip."""
    head, a, b = text[:-2], text[-2], text[-1]
    return head + b + a


# student id -> (how they hand in, what they write for fleet-cost, the marks we expect)
CLASS = {
    "s001": ("files", "correct", 1.0, "correct", "ok"),
    "s002": ("files", "correct", 1.0, "correct", "ok"),
    "s003": ("sections", "correct", 1.0, "correct", "ok"),
    "s004": ("files", "slipped", 0.375, "wrong", "ok"),       # last line's digits transposed: 3 of 4 steps
    "s005": ("files", "carried", 0.375, "wrong", "ok"),       # first result wrong, carried correctly after
    "s006": ("files", "partial", 0.25, "missing", "ok"),      # stopped after two steps
    "s007": ("files", "missing", 0.0, "missing", "missing"),
    "s008": ("files", "garbage", 0.0, "missing", "ok"),        # read, graded, nothing matches
    "s009": ("files", "empty", 0.0, "missing", "empty"),
    "s010": ("files", "latin1", 0.0, "missing", "undecodable"),
    "s011": ("files", "folder", 0.0, "missing", "unreadable"),  # fleet-cost.txt is a folder
    "s012": ("sections", "correct", 1.0, "correct", "ok"),
}


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    """Write variants for 12 students, their submissions, and run `bank mark`; returns what came out."""
    from click.testing import CliRunner

    from bank.cli import cli

    root = tmp_path_factory.mktemp("class")
    runner = CliRunner()
    made = runner.invoke(cli, ["variants", *QUESTION_IDS, "--count", "12", "--seed", "marking", "--format", "csv",
                               "--out", str(root / "variants"), "--questions", str(QUESTIONS)])
    assert made.exit_code == 0, made.output
    export = build(QUESTION_IDS, numbered(12), seed="marking", fmt="csv", questions=str(QUESTIONS))
    assert export.files["manifest.csv"] == (root / "variants" / "manifest.csv").read_bytes()
    submissions = root / "submissions"
    submissions.mkdir()
    rows = {(r.student.id, r.question.id): r.values for r in export.rows}
    for student, (layout, kind, *_) in CLASS.items():
        write_submission(submissions, student, layout, kind, rows[(student, "fleet-cost")],
                         rows[(student, "tiny-space")])
    (submissions / "s999.txt").write_text("## fleet-cost\n1 + 1 = 2\n")        # nobody in the manifest
    (submissions / "s001" / "notes.md").write_text("scratch")                  # not a question
    result = runner.invoke(cli, ["mark", "--manifest", str(root / "variants" / "manifest.csv"), str(submissions),
                                 "--out", str(root / "marks.csv"), "--questions", str(QUESTIONS)])
    marks = list(csv.DictReader(io.StringIO((root / "marks.csv").read_text())))
    return result, {(m["student"], m["question"]): m for m in marks}, root


def write_submission(folder, student, layout, kind, fleet, tiny):
    texts = {"fleet-cost": fleet_text(kind, fleet), "tiny-space": "\n".join(tiny_lines(tiny))}
    if layout == "sections":
        body = "".join(f"## {qid}\n{text}\n\n" for qid, text in texts.items())
        (folder / f"{student}.txt").write_text(f"Name: {student}\n{body}")
        return
    mine = folder / student
    mine.mkdir()
    (mine / "tiny-space.txt").write_text(texts["tiny-space"])
    if kind == "missing":
        return
    target = mine / "fleet-cost.txt"
    if kind == "latin1":
        target.write_bytes(texts["fleet-cost"].replace("×", "x").encode("utf-8") + "\ncafé".encode("latin-1"))
    elif kind == "folder":
        target.mkdir()
    else:
        target.write_text(texts["fleet-cost"])


def fleet_text(kind: str, v) -> str:
    lines = fleet_lines(v)
    if kind == "slipped":
        lines[-1] = lines[-1][:lines[-1].rindex("$")] + transpose_last_digits(lines[-1][lines[-1].rindex("$"):])
    elif kind == "carried":
        lines = fleet_lines(v, demand=v["demand"].magnitude + 10_000)
    elif kind == "partial":
        lines = lines[:2]
    elif kind == "garbage":
        lines = ["I think it costs a lot ###", "{{ }} %%% ??"]
    elif kind == "empty":
        lines = ["   ", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("student", sorted(CLASS))
def test_each_student_gets_the_expected_mark(marked, student):
    result, marks, _ = marked
    assert result.exit_code == 0, result.output
    _, kind, score, final, state = CLASS[student]
    row = marks[(student, "fleet-cost")]
    assert (float(row["score"]), row["final"], row["submission"]) == (score, final, state), (kind, row)
    tiny = marks[(student, "tiny-space")]
    assert (float(tiny["score"]), tiny["final"], tiny["submission"]) == (1.0, "correct", "ok")


def test_marks_csv_has_every_manifest_row_in_order(marked):
    _, marks, root = marked
    header = (root / "marks.csv").read_text().splitlines()[0]
    assert header == "student,question,score,final,parts_correct,parts_total,parts,submission,note"
    assert list(marks) == [(s, q) for s in sorted(CLASS) for q in QUESTION_IDS]


def test_every_problem_is_warned_about_and_nothing_aborts(marked):
    result, marks, _ = marked
    warnings = [line for line in result.output.splitlines() if line.startswith("warning: ")]
    expected = ["s007/fleet-cost: missing: no s007/fleet-cost.txt and no `## fleet-cost` section in s007.txt",
                "s009/fleet-cost: empty: the file is empty",
                "s010/fleet-cost: undecodable: not UTF-8 text (byte 0xe9 on line 5)",
                "s999.txt: no student `s999` in the manifest",
                "s001/notes.md: not one of s001's questions",
                "s003.txt: line 1 comes before any `## <question-id>` header and was not marked"]
    for text in expected:
        assert any(text in w for w in warnings), (text, warnings)
    assert "warning: s011/fleet-cost: unreadable: a folder, not a regular file, so it was not read" in warnings
    assert "Marked 24 submissions from 12 students" in result.output
    assert "1 empty, 1 missing, 1 undecodable, 1 unreadable" in result.output


def test_feedback_has_line_by_line_verdicts(marked):
    _, _, root = marked
    feedback = root / "feedback"
    assert sorted(p.name for p in feedback.iterdir()) == [f"{s}.txt" for s in sorted(CLASS)]
    slipped = (feedback / "s004.txt").read_text()
    assert slipped.startswith("Feedback for s004\n")
    assert "Marked from s004/fleet-cost.txt" in slipped
    assert "✗  4  Month:" in slipped and "slip" in slipped and "Score: 0.38" in slipped
    carried = (feedback / "s005.txt").read_text()
    assert "carried" in carried
    sections = (feedback / "s003.txt").read_text()
    assert "Marked from s003.txt (## fleet-cost, line 2)" in sections
    missing = (feedback / "s007.txt").read_text()
    assert "Not marked (missing): no s007/fleet-cost.txt" in missing


def test_marking_is_repeatable_byte_for_byte(marked, tmp_path):
    from click.testing import CliRunner

    from bank.cli import cli

    _, _, root = marked
    again = CliRunner().invoke(cli, ["mark", "--manifest", str(root / "variants" / "manifest.csv"),
                                     str(root / "submissions"), "--out", str(tmp_path / "marks.csv"),
                                     "--questions", str(QUESTIONS)])
    assert again.exit_code == 0
    assert (tmp_path / "marks.csv").read_bytes() == (root / "marks.csv").read_bytes()
    for path in (root / "feedback").iterdir():
        assert (tmp_path / "feedback" / path.name).read_bytes() == path.read_bytes()


def test_marks_csv_names_each_part_verdict(marked):
    _, marks, _ = marked
    right = marks[("s001", "tiny-space")]
    assert (right["parts_correct"], right["parts_total"], right["parts"]) == ("1", "1", "copy time: correct")
    missing = marks[("s007", "fleet-cost")]
    assert (missing["parts_correct"], missing["parts_total"], missing["parts"]) == ("0", "1", "")


def _report_has_parts() -> bool:
    from bank.grade import Report

    return "parts" in getattr(Report, "__dataclass_fields__", {})


@pytest.mark.skipif(not _report_has_parts(), reason="needs the grader's Report.parts (the lead's multi-part API)")
def test_a_two_part_question_is_marked_part_by_part(tmp_path):
    from click.testing import CliRunner

    from bank.cli import cli

    runner = CliRunner()
    out = tmp_path / "variants"
    made = runner.invoke(cli, ["variants", "drain-bill", "--count", "2", "--seed", "parts", "--format", "json",
                               "--out", str(out), "--questions", str(QUESTIONS)])
    assert made.exit_code == 0, made.output
    rows = json.loads((out / "answer-key.json").read_text())["rows"]
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    for row in rows:
        time, cost = row["parts"]
        wrong = "$9.99" if row["student"] == "s002" else cost["text"]
        (submissions / f"{row['student']}.txt").write_text(f"drain time: {time['text']}\ndrain cost: {wrong}\n")
    result = runner.invoke(cli, ["mark", "--manifest", str(out / "manifest.csv"), str(submissions),
                                 "--out", str(tmp_path / "marks.csv"), "--questions", str(QUESTIONS)])
    assert result.exit_code == 0, result.output
    marks = {m["student"]: m for m in csv.DictReader(io.StringIO((tmp_path / "marks.csv").read_text()))}
    assert (marks["s001"]["parts_correct"], marks["s001"]["parts_total"], marks["s001"]["final"]) == ("2", "2", "correct")
    assert marks["s001"]["parts"] == "drain time: correct; drain cost: correct"
    assert (marks["s002"]["parts_correct"], marks["s002"]["parts"]) == ("1", "drain time: correct; drain cost: wrong")
    feedback = (tmp_path / "feedback" / "s002.txt").read_text()
    assert feedback.count("Answers:") == 1 and "drain time: ✓" in feedback and "drain cost: ✗" in feedback
