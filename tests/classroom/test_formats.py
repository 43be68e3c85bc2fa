"""The document exports (md, html, json, csv), the manifest, and the `bank variants` command."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser

import pytest

from bank.classroom import manifest
from bank.classroom.roster import read_roster
from bank.classroom.variants import build

from .conftest import QUESTIONS

ROSTER = "id,name\nada,Ada Lovelace\nbo,<script>alert(1)</script>\ncy,Cy & Co\n"


@pytest.fixture
def roster(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER)
    return str(path)


def export(fmt, roster, ids=("fleet-cost", "tiny-space")):
    return build(list(ids), read_roster(roster), seed="term-1", fmt=fmt, questions=str(QUESTIONS))


def test_manifest_lists_student_question_seed_and_expected_answer(roster):
    result = export("json", roster)
    rows = list(csv.DictReader(io.StringIO(result.files["manifest.csv"].decode())))
    assert [(r["student"], r["question"]) for r in rows] == [
        (s, q) for s in ("ada", "bo", "cy") for q in ("fleet-cost", "tiny-space")]
    for row, key in zip(rows, result.rows):
        assert (row["seed"], row["expected"], row["exact"], row["unit"]) == (
            key.seed, key.expected, key.result.exact(), key.result.unit)
    assert [e.seed for e in manifest._parse(result.files["manifest.csv"].decode(), "m")] == [r["seed"] for r in rows]


def test_markdown_has_a_worksheet_per_student_and_a_separate_key(roster):
    files = export("md", roster).files
    assert sorted(files) == ["answer-key.md", "manifest.csv", "worksheets/ada.md", "worksheets/bo.md",
                             "worksheets/cy.md"]
    sheet = files["worksheets/ada.md"].decode()
    assert sheet.startswith("# Worksheet: Ada Lovelace (ada)")
    assert "## ada/<question-id>" not in sheet and "`ada.txt`" in sheet and "`## <question-id>`" in sheet
    assert "Final answer" not in sheet           # no answers on a student's sheet
    key = files["answer-key.md"].decode()
    assert key.count("**Final answer:") == 6
    assert "\\<script\\>alert(1)\\</script\\>" in key   # names are escaped as Markdown text


def test_markdown_worksheets_carry_each_students_own_numbers(roster):
    result = export("md", roster)
    for row in result.rows:
        sheet = result.files[f"worksheets/{row.student.id}.md"].decode()
        assert row.problem() in sheet
        key = result.files["answer-key.md"].decode()
        assert all(step in key for step in row.working())


class _Sections(HTMLParser):
    def __init__(self):
        super().__init__()
        self.sections, self.scripts = [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and "sheet" in attrs.get("class", ""):
            self.sections.append(attrs["id"])
        self.scripts += tag == "script"


def test_html_is_one_student_per_printed_page_and_escapes_names(roster):
    files = export("html", roster).files
    assert sorted(files) == ["answer-key.html", "manifest.csv", "worksheets.html"]
    for name in ("worksheets.html", "answer-key.html"):
        text = files[name].decode()
        parsed = _Sections()
        parsed.feed(text)
        assert parsed.sections == ["ada", "bo", "cy"]
        assert parsed.scripts == 0, "a student's name must never become markup"
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "Cy &amp; Co" in text
        assert "break-after: page" in text and "page-break-after: always" in text
    assert "Final answer" not in files["worksheets.html"].decode()
    assert files["answer-key.html"].decode().count('class="final"') == 6


def test_json_is_the_full_key_with_sorted_keys(roster):
    result = export("json", roster)
    text = result.files["answer-key.json"].decode()
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["class_seed"] == "term-1" and len(data["rows"]) == 6
    row = data["rows"][0]
    assert row["question"] == "fleet-cost" and row["expected"]["step"] == "monthly"
    assert [s["name"] for s in row["steps"]] == ["demand", "fleet", "hourly", "monthly"]
    assert all("working" in s for s in row["steps"]) and set(row["params"]) == {
        "audience", "per_user", "card_rate", "price", "period"}


def test_csv_is_the_full_key(roster):
    result = export("csv", roster)
    rows = list(csv.DictReader(io.StringIO(result.files["answer-key.csv"].decode())))
    assert len(rows) == 6
    assert rows[0]["working"].count("\n") == 3 and rows[0]["working"].startswith("1. Demand:")
    assert rows[0]["expected"] == result.rows[0].expected


@pytest.mark.parametrize("args, code, message", [
    (["fleet-cost", "--count", "2", "--roster", "r.csv"], 2, "either --count or --roster"),
    (["fleet-cost", "--count", "0"], 2, "--count must be at least 1"),
    (["fleet-cots"], 1, "no question `fleet-cots` (did you mean `fleet-cost`?)"),
    (["prose-only", "nope"], 1, "`prose-only` has no worked answer, so it has no variants\nno question `nope`"),
    ([], 2, "name at least one question id"),
    (["fleet-cost", "--format", "pdf"], 2, "Invalid value for '--format'"),
], ids=["count-and-roster", "zero-count", "unknown-id", "prose-and-unknown", "no-ids", "bad-format"])
def test_cli_usage_errors(variants_cli, args, code, message):
    result, out = variants_cli(*args)
    assert result.exit_code == code, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_cli_writes_the_files_and_says_what(variants_cli):
    result, out = variants_cli("fleet-cost", "--count", "3", "--seed", "s", "--format", "gift")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["manifest.csv", "questions.gift"]
    assert "3 students × 1 question, class seed `s`: wrote 2 files" in result.output


def test_cli_shows_progress_only_for_large_runs(variants_cli, tmp_path):
    small, _ = variants_cli("fleet-cost", "--count", "5", out=tmp_path / "a")
    large, _ = variants_cli("fleet-cost", "tiny-space", "--count", "150", "--format", "csv", out=tmp_path / "b")
    assert large.exit_code == 0, large.output
    assert "Solving variants" not in small.output and "Solving variants" in large.output


def test_default_seed_and_count_are_fixed(variants_cli, tmp_path):
    first, out1 = variants_cli("fleet-cost", out=tmp_path / "1")
    second, out2 = variants_cli("fleet-cost", out=tmp_path / "2")
    assert (out1 / "manifest.csv").read_bytes() == (out2 / "manifest.csv").read_bytes()
    assert (out1 / "manifest.csv").read_text().count("\n") == 2   # header and one student
