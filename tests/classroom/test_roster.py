"""The roster: what it accepts, and a clear located error for everything it does not."""

from __future__ import annotations

import pytest

from bank.classroom.roster import RosterError, Student, numbered, parse_roster, read_roster

GOOD = [
    ("plain", "id,name\ns1,Ada\ns2,Bo\n", [("s1", "Ada"), ("s2", "Bo")]),
    ("extra columns ignored", "email,name,id,group\na@x,Ada,s1,G1\nb@x,Bo,s2,G2\n", [("s1", "Ada"), ("s2", "Bo")]),
    ("header case and spaces", " ID , Name \ns1,Ada\n", [("s1", "Ada")]),
    ("blank rows skipped", "id,name\n\ns1,Ada\n,\ns2,Bo\n", [("s1", "Ada"), ("s2", "Bo")]),
    ("quoted comma in name", 'id,name\ns1,"Lovelace, Ada"\n', [("s1", "Lovelace, Ada")]),
    ("empty name allowed", "id,name\ns1,\n", [("s1", "")]),
    ("windows line ends", "id,name\r\ns1,Ada\r\n", [("s1", "Ada")]),
    ("email-like ids", "id,name\nada@uni.edu,Ada\n", [("ada@uni.edu", "Ada")]),
]


@pytest.mark.parametrize("text, expected", [(t, e) for _, t, e in GOOD], ids=[i for i, _, _ in GOOD])
def test_good_rosters(text, expected):
    assert [(s.id, s.name) for s in parse_roster(text)] == expected


BAD = [
    ("duplicate id", "id,name\ns1,Ada\ns2,Bo\ns1,Cy\n", "roster.csv:4: duplicate id `s1`: the same as `s1` on line 2"),
    ("duplicate ignoring case", "id,name\nS1,Ada\ns1,Bo\n",
     "roster.csv:3: duplicate id `s1`: the same as `S1` (ids are compared ignoring case) on line 2"),
    ("missing name column", "id,email\ns1,a@x\n",
     "roster.csv:1: the header has no `name` column (found `id`, `email`)"),
    ("missing id column", "student,name\ns1,Ada\n", "roster.csv:1: the header has no `id` column"),
    ("missing both", "who,what\n", "roster.csv:1: the header has no `id` and `name` column"),
    ("empty file", "", "roster.csv:1: the roster is empty"),
    ("header only", "id,name\n", "roster.csv:2: the roster has a header but no students"),
    ("row without id", "id,name\ns1,Ada\n,Bo\n", None),
    ("id with a slash", "id,name\n../etc,Eve\n", "roster.csv:2: id `../etc` cannot be used as a file name"),
    ("id with a space", "id,name\nada l,Ada\n", "roster.csv:2: id `ada l` cannot be used as a file name"),
]


@pytest.mark.parametrize("text, message", [(t, m) for _, t, m in BAD], ids=[i for i, _, _ in BAD])
def test_bad_rosters_say_where(text, message):
    with pytest.raises(RosterError) as caught:
        parse_roster(text)
    shown = caught.value.show()
    assert shown.startswith("roster.csv:")
    if message:
        assert message in shown


def test_row_without_id_is_located():
    with pytest.raises(RosterError, match=r"^roster.csv:3: this row has no id$"):
        parse_roster("id,name\ns1,Ada\n\"\",Bo\n")


def test_read_roster_reports_the_file(tmp_path):
    path = tmp_path / "class.csv"
    path.write_bytes("\ufeffid,name\ns1,Zoë\n".encode("utf-8"))  # Excel's "CSV UTF-8" starts with a BOM
    assert read_roster(path) == (Student("s1", "Zoë"),)
    path.write_bytes(b"id,name\ns1,Zo\xeb\n")  # Latin-1, not UTF-8
    with pytest.raises(RosterError, match=r"class.csv:2: the roster is not UTF-8 text \(byte 0xeb\)"):
        read_roster(path)
    with pytest.raises(RosterError, match="cannot read the roster"):
        read_roster(tmp_path / "missing.csv")


def test_numbered_students_are_zero_padded():
    assert [s.id for s in numbered(3)] == ["s001", "s002", "s003"]
    assert numbered(1000)[-1] == Student("s1000", "Student 1000")
    assert numbered(10000)[0].id == "s00001"


@pytest.mark.parametrize("text, message", [
    ("id,name\ns1,Ada\ns1,Bo\n", "roster.csv:3: duplicate id `s1`"),
    ("id,email\ns1,a@x\n", "roster.csv:1: the header has no `name` column"),
], ids=["duplicate", "missing-column"])
def test_cli_shows_roster_errors_without_a_traceback(variants_cli, tmp_path, text, message):
    roster = tmp_path / "roster.csv"
    roster.write_text(text)
    result, out = variants_cli("fleet-cost", "--roster", str(roster))
    assert result.exit_code == 1
    assert message.replace("roster.csv", str(roster)) in result.output
    assert "Traceback" not in result.output
    assert not out.exists()
