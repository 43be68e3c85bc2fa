"""Issue 11, items 8 and 13: `bank build` never writes into the questions folder and never shows a traceback
when its output cannot be written (not a folder, read-only, disk full)."""

from __future__ import annotations

import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import QUESTIONS

from .conftest import MEMORY_MB, TIMEOUT_S, questions_folder, run_bank


@pytest.fixture
def questions(tmp_path) -> Path:
    target = tmp_path / "questions"
    shutil.copytree(QUESTIONS, target)
    return target


@pytest.mark.parametrize("inside", ["site", "scaling-load-balancing/site", "."],
                         ids=["child", "inside-a-bank", "the-folder-itself"])
def test_refuses_an_output_inside_the_questions_folder(questions, inside):
    before = sorted(questions.rglob("*"))
    done = run_bank(["build", "--questions", str(questions), "--out", str(questions / inside), "-k", "1"])
    assert done.returncode == 2
    assert "refusing to build into" in done.output and "inside the questions folder" in done.output
    assert sorted(questions.rglob("*")) == before
    assert run_bank(["list", "--questions", str(questions)]).returncode == 0  # every command still works


@pytest.mark.parametrize("out", ["questions/site", "questions/demo/site"], ids=["questions-site", "in-a-bank"])
def test_refuses_an_output_inside_a_questions_folder_it_does_not_read(tmp_path, home, out):
    """The review's reproducer: `bank build --out questions/site` with no --questions builds the bundled bank,
    and wrote its pages into ./questions, which broke every command given `--questions questions`."""
    folder = questions_folder(tmp_path)
    before = sorted(folder.rglob("*"))
    done = run_bank(["build", "--out", out, "-k", "1"], cwd=tmp_path, env=home)
    assert done.returncode == 2
    assert f"refusing to build into {out}: it is inside the questions folder {folder}" in done.output
    assert sorted(folder.rglob("*")) == before
    assert run_bank(["check", "--questions", "questions"], cwd=tmp_path, env=home).returncode == 0


def test_refuses_an_output_that_holds_the_questions_folder(questions):
    done = run_bank(["build", "--questions", str(questions), "--out", str(questions.parent), "-k", "1"])
    assert done.returncode == 2 and "holds the questions folder" in done.output
    assert (questions / "glossary").is_dir()


@pytest.mark.parametrize("out, words", [
    ("/dev/null/site", "cannot write the site into /dev/null/site"),
    ("/sys/bank-site", "cannot write the site into /sys/bank-site"),
    ("{tmp}/file.txt/site", "cannot write the site into"),
], ids=["under-a-device", "read-only-system-folder", "under-a-file"])
def test_an_unwritable_output_is_one_clean_line(tmp_path, out, words):
    (tmp_path / "file.txt").write_text("x")
    done = run_bank(["build", "--out", out.format(tmp=tmp_path), "-k", "1"], cwd=tmp_path)
    assert done.returncode == 1
    assert words in done.output
    assert done.output.strip().count("\n") == 0, done.output


def _full_disk(limit: int):
    """A child whose files may not grow past ``limit`` bytes: writes fail as on a full disk (EFBIG)."""
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_MB << 20, MEMORY_MB << 20))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write instead of killing the process
    return apply


def test_a_full_disk_leaves_the_previous_site_and_no_staging_folder(tmp_path):
    out = tmp_path / "site"
    assert run_bank(["build", "--out", str(out), "-k", "1", "--no-progress"]).returncode == 0
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    done = subprocess.run([sys.executable, "-m", "bank", "build", "--out", str(out), "-k", "1"], capture_output=True,
                          text=True, timeout=TIMEOUT_S, preexec_fn=_full_disk(20_000))
    output = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in output
    assert "cannot write the site into" in output and "File too large" in output
    assert "the previous site is unchanged" in output
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]
