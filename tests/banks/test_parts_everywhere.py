"""Every answer part of the bundled banks' multi-part questions shows and marks everywhere: `bank show`
(text and JSON), the manifest, Moodle (one Cloze NUMERICAL per part), GIFT (one question per part) and
`bank mark` (a verdict per part). The classroom tests pin the same on a demo bank; these pin the real one.
"""

from __future__ import annotations

import csv
import json
import re
from collections import defaultdict

import pytest

from bank.cli import cli
from bank.load import load
from tests.conftest import QUESTIONS


def _several(library) -> dict:
    return {q.id: q for q in library.questions() if q.worked is not None and len(q.worked.parts) > 1}


@pytest.fixture(scope="module")
def several(library):
    return _several(library)


def _labels(question) -> list[str]:
    titles = {s.name: s.title for s in question.worked.steps}
    return [titles[p] for p in question.worked.parts]


def test_the_banks_ask_for_several_answers_where_the_page_does(several):
    assert {"draining", "weight-memory-precision", "token-cost-from-card-price"} <= set(several)
    assert several["draining"].worked.parts == ("drain_time", "drain_cost")      # drain time first
    assert several["weight-memory-precision"].worked.parts == ("w16", "w8", "w4", "cards16")


def test_show_lists_every_part_in_order(runner, several):
    for qid, question in several.items():
        out = runner.invoke(cli, ["--questions", str(QUESTIONS), "show", qid]).output
        block = out.split("Final answers\n", 1)[1].split("\n\n", 1)[0]
        assert [line.split(":")[0].strip() for line in block.splitlines()] == _labels(question), qid
        data = json.loads(runner.invoke(cli, ["--questions", str(QUESTIONS), "show", qid, "--json"]).output)
        assert [p["name"] for p in data["parts"]] == list(question.worked.parts), qid


@pytest.fixture(scope="module")
def handed_out(tmp_path_factory, library):
    """Two students' variants of every multi-part question, as Moodle XML and GIFT, with the manifest."""
    from click.testing import CliRunner

    ids = list(_several(library))
    out = tmp_path_factory.mktemp("variants")
    for fmt in ("moodle", "gift"):
        result = CliRunner().invoke(cli, ["--questions", str(QUESTIONS), "variants", *ids, "-n", "2",
                                          "--seed", "parts", "--format", fmt, "--out", str(out / fmt)])
        assert result.exit_code == 0, result.output
    return out


def test_manifest_has_a_row_per_part(handed_out, several):
    rows = list(csv.DictReader((handed_out / "moodle" / "manifest.csv").open(encoding="utf-8")))
    got = defaultdict(list)
    for row in rows:
        got[(row["student"], row["question"])].append(row["part"])
    assert got == {(s, q): list(several[q].worked.parts) for s in ("s001", "s002") for q in several}


def test_moodle_gives_one_cloze_numerical_per_part(handed_out, several):
    xml = (handed_out / "moodle" / "moodle.xml").read_text(encoding="utf-8")
    clozes = re.findall(r'<question type="cloze">.*?</question>', xml, re.S)
    assert len(clozes) == 2 * len(several)
    for cloze in clozes:
        qid = re.search(r"<name>\s*<text>([\w-]+) ", cloze).group(1)
        assert len(re.findall(r"\{1:NUMERICAL:=[-\d.e]+:[\d.e-]+\}", cloze)) == len(several[qid].worked.parts), qid


def test_gift_gives_one_numerical_question_per_part(handed_out, several):
    gift = (handed_out / "gift" / "questions.gift").read_text(encoding="utf-8")
    for qid, question in several.items():
        n = len(question.worked.parts)
        titles = re.findall(rf"^::{re.escape(qid)} s00\d \(part (\d) of {n}\\: ", gift, re.M)
        assert sorted(titles) == sorted([str(i) for i in range(1, n + 1)] * 2), qid


MULTI = sorted(_several(load(QUESTIONS)))


@pytest.mark.parametrize("qid", MULTI)
def test_mark_gives_every_part_a_verdict(qid, handed_out, several, runner, tmp_path):
    manifest = handed_out / "moodle" / "manifest.csv"
    labels = dict(zip(several[qid].worked.parts, _labels(several[qid])))
    for row in csv.DictReader(manifest.open(encoding="utf-8")):
        if row["question"] == qid:
            path = tmp_path / "subs" / row["student"] / f"{qid}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as f:
                f.write(f"{labels[row['part']]} = {row['expected']}\n")
    marks = tmp_path / "marks.csv"
    result = runner.invoke(cli, ["--questions", str(QUESTIONS), "mark", str(tmp_path / "subs"),
                                 "--manifest", str(manifest), "--out", str(marks)])
    assert result.exit_code == 0, result.output
    rows = [r for r in csv.DictReader(marks.open(encoding="utf-8")) if r["submission"] == "ok"]
    assert {r["question"] for r in rows} == {qid}
    n = len(several[qid].worked.parts)
    for row in rows:
        verdicts = [part.rsplit(": ", 1) for part in row["parts"].split("; ")]
        assert [label for label, _ in verdicts] == _labels(several[qid])
        assert (row["parts_correct"], row["parts_total"], row["final"]) == (str(n), str(n), "correct"), row
