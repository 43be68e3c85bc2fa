"""Finding and reading submissions: layouts, sections, and every way a file can be unusable."""

from __future__ import annotations

import pytest

from bank.classroom.mark import mark
from bank.classroom.submissions import MAX_BYTES, collect, read_file, split_sections

from .conftest import QUESTIONS


@pytest.mark.parametrize("data, state, note", [
    (b"70 / 6 = 11.7\n", "ok", ""),
    ("\ufeff70 / 6 = 11.7\n".encode("utf-8"), "ok", ""),
    (b"", "empty", "the file is empty"),
    (b" \n\t\n", "empty", "the file is empty"),
    (b"1 + 1 = 2\n\x80\x81", "undecodable", "not UTF-8 text (byte 0x80 on line 2)"),
    ("70 ÷ 6 = 11.7".encode("utf-16"), "undecodable", "not UTF-8 text (byte 0xff on line 1)"),
    (b"x" * (MAX_BYTES + 1), "unreadable", "larger than 256 KB, so not a working"),
], ids=["plain", "bom", "empty", "blank", "latin-bytes", "utf16", "too-large"])
def test_read_file_classifies(tmp_path, data, state, note):
    path = tmp_path / "w.txt"
    path.write_bytes(data)
    got = read_file(path)
    assert (got.state, got.note) == (state, note)


def test_unreadable_paths(tmp_path):
    (tmp_path / "dir.txt").mkdir()
    assert read_file(tmp_path / "dir.txt").state == "unreadable"
    (tmp_path / "dangling.txt").symlink_to(tmp_path / "nowhere")
    assert read_file(tmp_path / "dangling.txt").state == "unreadable"


def test_sections_header_syntax():
    text = "intro\n##  q1  \n1 + 1 = 2\n###  not a header\n## q2\n\n## q1\n3 = 3\n#q3\n"
    sections, before, repeats = split_sections(text)
    assert sections == {"q1": (7, "3 = 3\n#q3"), "q2": (5, "")}
    assert before == [1] and repeats == [("q1", 7)]


def test_collect_layouts_and_warnings(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "q1.txt").write_text("1 + 1 = 2")
    (tmp_path / "a.txt").write_text("## q1\n5 = 5\n## q2\n2 = 2\n## q9\n9 = 9\n")
    (tmp_path / "b.txt").write_text("just the working, no headers")        # one question: the whole file
    (tmp_path / "c.txt").write_text("## q1\n\n## q2\n4 = 4\n## q2\n6 = 6\n")
    found, warnings = collect(tmp_path, {"a": ["q1", "q2"], "b": ["q1"], "c": ["q1", "q2"]})
    assert (found[("a", "q1")].source, found[("a", "q1")].text) == ("a/q1.txt", "1 + 1 = 2")
    assert (found[("a", "q2")].source, found[("a", "q2")].text) == ("a.txt (## q2, line 3)", "2 = 2")
    assert (found[("b", "q1")].state, found[("b", "q1")].text) == ("ok", "just the working, no headers")
    assert found[("c", "q1")].state == "empty"
    assert found[("c", "q2")].text == "6 = 6"
    assert "a.txt also has a `## q1` section; marked a/q1.txt and ignored the section" in warnings
    assert any("a.txt: section `## q9` on line 5 is not one of a's questions" in w for w in warnings)
    assert "c.txt: `## q2` on line 5 repeats an earlier section; the later one is marked" in warnings


def test_a_file_that_cannot_be_read_marks_all_its_sections(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"## q1\n\xff\n")
    found, _ = collect(tmp_path, {"a": ["q1", "q2"]})
    assert {found[k].state for k in found} == {"undecodable"}


def write_manifest(path, rows):
    path.write_text("student,question,seed,expected,exact,unit\n" + "".join(f"{r}\n" for r in rows))


def test_unknown_question_and_changed_answers_are_recorded_not_fatal(tmp_path):
    manifest = tmp_path / "manifest.csv"
    write_manifest(manifest, ["s1,tiny-space,k1,99.0 s,99,s", "s1,no-such-question,k1,,,", "s2,tiny-space,k2,,,"])
    submissions = tmp_path / "in"
    submissions.mkdir()
    (submissions / "s1.txt").write_text("## tiny-space\n12 / 2 = 6 s\n## no-such-question\n1 = 1\n")
    marking = mark(manifest, submissions, str(QUESTIONS))
    states = {(m.student, m.question): (m.state, m.note) for m in marking.marks}
    assert states[("s1", "no-such-question")][0] == "error"
    assert "no question `no-such-question`" in states[("s1", "no-such-question")][1]
    assert states[("s2", "tiny-space")][0] == "missing"
    assert states[("s1", "tiny-space")][0] == "ok"
    assert any("`tiny-space` changed since the manifest was written: 1 expected answer differs" in w
               for w in marking.warnings)


@pytest.mark.parametrize("text, message", [
    ("student,seed\ns1,k\n", "manifest.csv:1: the manifest has no `question` column"),
    ("student,question,seed\ns1,q,\n", "manifest.csv:2: every row needs a student, a question and a seed"),
    ("student,question,seed\ns1,q,a\ns1,q,b\n", "manifest.csv:3: `s1` has `q` twice (first on line 2)"),
    ("student,question,seed\n", "manifest.csv: the manifest has no rows"),
], ids=["no-question-column", "no-seed", "duplicate", "no-rows"])
def test_bad_manifests_stop_before_marking(runner, tmp_path, text, message):
    from bank.cli import cli

    (tmp_path / "manifest.csv").write_text(text)
    (tmp_path / "in").mkdir()
    result = runner.invoke(cli, ["mark", "--manifest", str(tmp_path / "manifest.csv"), str(tmp_path / "in"),
                                 "--out", str(tmp_path / "marks.csv"), "--questions", str(QUESTIONS)])
    assert result.exit_code == 1 and message in result.output.replace(str(tmp_path) + "/", "")
    assert "Traceback" not in result.output and not (tmp_path / "marks.csv").exists()


def test_missing_manifest_and_folder(runner, tmp_path):
    from bank.cli import cli

    result = runner.invoke(cli, ["mark", "--manifest", str(tmp_path / "nope.csv"), str(tmp_path)])
    assert result.exit_code == 1 and "no such manifest" in result.output
    result = runner.invoke(cli, ["mark", "--manifest", str(tmp_path / "nope.csv"), str(tmp_path / "absent")])
    assert result.exit_code == 2 and "does not exist" in result.output
