"""Issue 11, items 3 and 5 for `bank mark`: hostile submissions folders and manifests.

Every case runs the real command in a bounded child (tests/hostile/conftest.py):
no traceback, no hang, no memory blow-up, nothing read or written outside the
folders it was given.
"""

from __future__ import annotations

import csv
import io
import os
import stat
import threading
from pathlib import Path

import pytest

from tests.classroom.conftest import QUESTIONS

from .conftest import run_bank, touched_outside

SECRET = "root:x:0:0:TOP-SECRET-LINE\n"


@pytest.fixture
def handout(tmp_path):
    """Variants for two students of tiny-space; returns (manifest path, submissions folder, the seeds' answers)."""
    out = tmp_path / "variants"
    made = run_bank(["variants", "tiny-space", "--count", "2", "--seed", "hostile", "--format", "json",
                     "--out", str(out), "--questions", str(QUESTIONS)])
    assert made.returncode == 0, made.output
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    return out / "manifest.csv", submissions


def mark(manifest: Path, submissions: Path, tmp_path: Path, timeout: float = 30):
    out = tmp_path / "marked" / "marks.csv"
    done = run_bank(["mark", "--manifest", str(manifest), str(submissions), "--out", str(out),
                     "--questions", str(QUESTIONS)], timeout=timeout)
    return done, out


def marks_of(out: Path) -> dict[str, dict]:
    return {row["student"]: row for row in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}


def secret_file(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir(exist_ok=True)
    secret = outside / "passwd"
    secret.write_text(SECRET)
    return secret


# ----------------------------------------------------------------------------- links, FIFOs, devices

LINKS = [
    ("file link to a secret", lambda sub, secret: (sub / "s001").mkdir() or
     (sub / "s001" / "tiny-space.txt").symlink_to(secret)),
    ("student file link to a secret", lambda sub, secret: (sub / "s001.txt").symlink_to(secret)),
    ("folder link outside", lambda sub, secret: (secret.parent / "tiny-space.txt").write_text(SECRET) and
     (sub / "s001").symlink_to(secret.parent, target_is_directory=True)),
    ("link to /etc/passwd", lambda sub, secret: (sub / "s001.txt").symlink_to("/etc/passwd")),
    ("link to /dev/zero", lambda sub, secret: (sub / "s001").mkdir() or
     (sub / "s001" / "tiny-space.txt").symlink_to("/dev/zero")),
]


@pytest.mark.parametrize("plant", [p for _, p in LINKS], ids=[i for i, _ in LINKS])
def test_links_are_never_followed(handout, tmp_path, plant):
    manifest, submissions = handout
    plant(submissions, secret_file(tmp_path))
    done, out = mark(manifest, submissions, tmp_path)
    assert done.returncode == 0, done.output
    row = marks_of(out)["s001"]
    assert (row["submission"], row["score"]) == ("unreadable", "0.0000")
    assert "symbolic link" in row["note"] or "a symbolic link" in done.output
    feedback = (out.parent / "feedback" / "s001.txt").read_text()
    assert "TOP-SECRET" not in feedback and "root:" not in feedback
    assert "TOP-SECRET" not in done.output and "root:" not in done.output


def make_fifo(submissions: Path) -> None:
    (submissions / "s001").mkdir()
    os.mkfifo(submissions / "s001" / "tiny-space.txt")


def make_device(submissions: Path) -> None:
    try:
        os.mknod(submissions / "s001.txt", 0o644 | stat.S_IFCHR, os.makedev(1, 5))   # /dev/zero's numbers
    except OSError as exc:
        pytest.skip(f"cannot make a device node here: {exc}")


@pytest.mark.parametrize("make, words", [(make_fifo, "a FIFO"), (make_device, "a device")], ids=["fifo", "device"])
def test_fifos_and_devices_are_never_opened(handout, tmp_path, make, words):
    manifest, submissions = handout
    make(submissions)
    done, out = mark(manifest, submissions, tmp_path, timeout=20)   # before the fix a FIFO hung for ever
    assert done.returncode == 0, done.output
    row = marks_of(out)["s001"]
    assert (row["submission"], row["note"]) == ("unreadable", f"{words}, not a regular file, so it was not read")


def test_a_fifo_opened_by_a_writer_still_is_not_read(handout, tmp_path):
    """Even with someone writing endlessly into the FIFO, marking finishes and reads nothing from it."""
    manifest, submissions = handout
    fifo = submissions / "s002.txt"
    os.mkfifo(fifo)
    stop = threading.Event()

    def writer():
        try:
            fd = os.open(fifo, os.O_RDWR)   # O_RDWR never blocks on a FIFO
            while not stop.is_set():
                try:
                    os.write(fd, b"1 + 1 = 2\n" * 100)
                except BlockingIOError:
                    stop.wait(0.01)
        except OSError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        done, out = mark(manifest, submissions, tmp_path, timeout=20)
    finally:
        stop.set()
    assert done.returncode == 0, done.output
    assert marks_of(out)["s002"]["submission"] == "unreadable"


# ----------------------------------------------------------------------------- manifest ids

def manifest_with(tmp_path: Path, student: str, question: str = "tiny-space") -> Path:
    path = tmp_path / "evil-manifest.csv"
    path.write_text(f"student,question,seed,expected,exact,unit\n{student},{question},abc,,,\n")
    return path


@pytest.mark.parametrize("student, question, message", [
    ("../../x", "tiny-space", "evil-manifest.csv:2: student id `../../x` cannot be used as a file name"),
    ("/etc/passwd", "tiny-space", "evil-manifest.csv:2: student id `/etc/passwd` cannot be used"),
    ("s001", "../../../etc/passwd", "evil-manifest.csv:2: question id `../../../etc/passwd` cannot be used"),
    ("s 001", "tiny-space", "evil-manifest.csv:2: student id `s 001` cannot be used"),
    (".hidden", "tiny-space", "evil-manifest.csv:2: student id `.hidden` cannot be used"),
    ("x" * 300, "tiny-space", "evil-manifest.csv:2: student id `xxxxxxxxxxxxxxxxxxxx…` is 300 characters long"),
], ids=["dotdot", "absolute", "question-dotdot", "space", "dotfile", "too-long"])
def test_manifest_ids_follow_the_roster_rules(tmp_path, student, question, message):
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    (submissions / "x.txt").write_text("1 + 1 = 2\n")
    manifest = manifest_with(tmp_path, student, question)
    before = set(tmp_path.rglob("*"))
    done = run_bank(["mark", "--manifest", str(manifest), str(submissions),
                     "--out", str(tmp_path / "a" / "b" / "marks.csv"), "--questions", str(QUESTIONS)])
    assert done.returncode == 1
    assert message in done.output
    assert touched_outside(tmp_path, before) == set()   # ../../x from a/b/feedback/ would land in tmp_path


def test_ids_that_differ_only_in_case_are_refused(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("student,question,seed\nAda,tiny-space,a\nada,tiny-space,b\n")
    (tmp_path / "sub").mkdir()
    done = run_bank(["mark", "--manifest", str(path), str(tmp_path / "sub"), "--out", str(tmp_path / "m" / "x.csv"),
                     "--questions", str(QUESTIONS)])
    assert done.returncode == 1
    assert "m.csv:3: student `ada` and `Ada` differ only in case" in done.output


def test_manifest_with_an_unterminated_quote_is_located(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text('student,question,seed\ns001,tiny-space,"abc\ns002,tiny-space,def\n')
    (tmp_path / "sub").mkdir()
    done = run_bank(["mark", "--manifest", str(path), str(tmp_path / "sub"), "--questions", str(QUESTIONS)],
                    cwd=tmp_path)
    assert done.returncode == 1
    assert "m.csv:2: a quote in the row starting here never closes" in done.output


# ----------------------------------------------------------------------------- escape sequences

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\x9b1m\u202e\r"


def test_escape_sequences_never_reach_feedback_or_the_terminal(handout, tmp_path):
    manifest, submissions = handout
    (submissions / "s001.txt").write_text(f"Copy{ESCAPES}: 1 + 1 = 2 {ESCAPES}\n")
    (submissions / f"stray{ESCAPES}.txt").write_text("x")
    done, out = mark(manifest, submissions, tmp_path)
    assert done.returncode == 0, done.output
    feedback = (out.parent / "feedback" / "s001.txt").read_text()
    assert "Copy: 1 + 1 = 2" in feedback
    for text in (feedback, done.output, out.read_text()):
        assert not any(c in text for c in "\x1b\x07\x9b\u202e\r"), repr(text)
