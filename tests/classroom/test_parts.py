"""Questions with several answers (drain-bill: drain time, then its cost) in every export and in the manifest."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser

import pytest

from bank.classroom import manifest
from bank.classroom.roster import numbered
from bank.classroom.variants import build

from .conftest import QUESTIONS
from .test_anki import open_in_anki

IDS = ["drain-bill", "tiny-space"]


def export(fmt: str, count: int = 3):
    return build(IDS, numbered(count), seed="parts", fmt=fmt, questions=str(QUESTIONS))


def drains(result):
    return [r for r in result.rows if r.question.id == "drain-bill"]


def test_key_rows_name_every_part_in_order():
    row = drains(export("json"))[0]
    assert [(p.name, p.label) for p in row.parts] == [("drain_time", "drain time"), ("drain_cost", "drain cost")]
    assert row.expected == f"drain time: {row.parts[0].text}; drain cost: {row.parts[1].text}"
    assert row.final_lines() == [f"drain time: {row.parts[0].text}", f"drain cost: {row.parts[1].text}"]
    single = [r for r in export("json").rows if r.question.id == "tiny-space"][0]
    assert single.final_lines() == [single.expected] and ":" not in single.expected


def test_manifest_has_a_row_per_part_and_reads_back_grouped():
    result = export("csv")
    text = result.files["manifest.csv"].decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == list(manifest.COLUMNS)
    assert [(r["student"], r["question"], r["part"]) for r in rows[:3]] == [
        ("s001", "drain-bill", "drain_time"), ("s001", "drain-bill", "drain_cost"), ("s001", "tiny-space", "copy_time")]
    key = drains(result)[0]
    assert [(r["expected"], r["exact"], r["unit"]) for r in rows[:2]] == [
        (p.text, p.value.exact(), p.value.unit) for p in key.parts]
    entries = manifest._parse(text, "m")
    assert len(entries) == 6 and entries[0].line == 2
    assert [e.part for e in entries[0].expected] == ["drain_time", "drain_cost"]


@pytest.mark.parametrize("text, message", [
    ("student,question,part,seed\ns1,q,a,x\ns1,q,a,x\n", "m:3: `s1` has `q` part `a` twice (first on line 2)"),
    ("student,question,part,seed\ns1,q,a,x\ns1,q,b,y\n", "m:3: `s1` has `q` with seed `y` here and `x` on line 2"),
], ids=["part-twice", "seeds-disagree"])
def test_manifest_parts_must_agree(text, message):
    with pytest.raises(manifest.ManifestError, match=re.escape(message)):
        manifest._parse(text, "m")


def test_an_old_manifest_without_parts_still_reads():
    [entry] = manifest._parse("student,question,seed,expected,exact,unit\ns1,q,ab,32 s,32,s\n", "m")
    assert (entry.seed, entry.expected[0].part, entry.expected[0].text) == ("ab", "", "32 s")


def test_markdown_key_lists_every_part_and_the_worksheet_asks_for_them():
    result = export("md")
    key = result.files["answer-key.md"].decode()
    row = drains(result)[0]
    assert "**Final answers:**\n\n- drain time: " in key
    assert all(f"- {line}" in key for line in row.final_lines())
    sheet = result.files["worksheets/s001.md"].decode()
    assert "Give 2 answers: drain time; drain cost." in sheet and row.parts[0].text not in sheet.split("Working")[-1]


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.items: list[str] = []

    def handle_data(self, data):
        if data.strip():
            self.items.append(data.strip())


def test_html_key_lists_every_part():
    result = export("html")
    parser = _Text()
    parser.feed(result.files["answer-key.html"].decode())
    for row in drains(result):
        assert all(line in parser.items for line in row.final_lines())
    assert "Give 2 answers: drain time; drain cost." in result.files["worksheets.html"].decode()


def test_json_key_lists_every_part():
    data = json.loads(export("json").files["answer-key.json"])
    assert [q["parts"] for q in data["questions"]] == [["drain_time", "drain_cost"], ["copy_time"]]
    row = data["rows"][0]
    assert [p["label"] for p in row["parts"]] == ["drain time", "drain cost"]
    assert row["expected"]["step"] == "drain_time" and row["parts"][1]["unit"] == "USD"


def test_csv_key_lists_every_part():
    result = export("csv")
    rows = list(csv.DictReader(io.StringIO(result.files["answer-key.csv"].decode())))
    key = drains(result)[0]
    assert rows[0]["expected"] == key.expected
    assert rows[0]["parts"] == "drain_time; drain_cost"
    assert rows[0]["exact"] == "; ".join(p.value.exact() for p in key.parts)
    assert rows[0]["unit"] == "s; USD"


def test_anki_back_lists_every_part(tmp_path):
    result = export("anki", count=4)
    collection = open_in_anki(result.files["deck.apkg"], tmp_path)
    try:
        notes = {(n["Question"], n["Seed"]): n for n in (collection.get_note(i) for i in collection.find_notes(""))}
        for row in drains(result):
            note = notes[(f"{row.question.title} ({row.question.id})", row.seed)]
            assert note["Answer"] == "Final answers:<br>" + "<br>".join(row.final_lines()).replace("&", "&amp;")
    finally:
        collection.close()
