"""Hostile files in a questions folder (issue 11, items 9, 10, 13 and 14).

Each case builds a folder in ``tmp_path`` and runs the real command line in a
bounded child (``run_bank``: timeout, RLIMIT_AS, no traceback). ``bank list``
warns and carries on with the healthy question; ``bank check`` reports the
file with its location and exits 1; nothing is written outside ``tmp_path/home``.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Callable

import pytest

from .conftest import BASE_QUESTION, questions_folder, run_bank

Q = "questions/demo/q.yaml"
T = "questions/glossary/t.yaml"

#: Nine levels of nine aliases: 9^9 values (a "billion laughs"), a minute and 4 GB before the fix.
LAUGHS = "lol: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"l{i}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))

#: Merges of merges, 400 deep: each mapping merges the one before (a RecursionError before the fix).
MERGES = "m0: &m0 {}\n" + "".join(f"m{i}: &m{i} {{<<: *m{i - 1}}}\n" for i in range(1, 400))


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "glossary" / "t.yaml")


def _socket(folder: Path) -> None:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "glossary" / "t.yaml"))
    sock.close()


def _link(target: str, name: str) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        (folder / name).unlink(missing_ok=True)
        os.symlink(target, folder / name)
    return make


def _loops(folder: Path) -> None:
    os.symlink("b", folder / "demo" / "a")
    os.symlink("a", folder / "demo" / "b")
    os.symlink("loop.yaml", folder / "glossary" / "loop.yaml")


#: id -> (files written over the base folder, what else to make, the located message).
CASES: dict[str, tuple[dict[str, str | bytes], Callable[[Path], None] | None, str]] = {
    "billion-laughs": ({"demo/q.yaml": BASE_QUESTION + LAUGHS}, None,
                       f"{Q}:42:25: the file holds more than 20,000 values once its aliases are expanded "
                       "(aliases inside aliases?)"),
    "merges-of-merges": ({"demo/q.yaml": BASE_QUESTION + MERGES}, None,
                         f"{Q}:42:5: `<<` merges nest more than 50 deep here"),
    "too-large": ({"demo/q.yaml": BASE_QUESTION + "#" * 1_100_000 + "\n"}, None,
                  f"{Q}: cannot read the file: too large (1,100,941 bytes; the limit is 1,000,000)"),
    "fifo": ({"glossary/.keep": ""}, _fifo, f"{T}: cannot read the file: not a regular file (a FIFO)"),
    "socket": ({"glossary/.keep": ""}, _socket, f"{T}: cannot read the file: not a regular file (a socket)"),
    "dev-zero": ({"glossary/.keep": ""}, _link("/dev/zero", "glossary/t.yaml"),
                 f"{T}: cannot read the file: it links outside the questions folder (to /dev/zero)"),
    "etc-passwd": ({}, _link("/etc/passwd", "demo/q.yaml"),
                   f"{Q}: cannot read the file: it links outside the questions folder (to /etc/passwd)"),
    "symlink-loop": ({"glossary/.keep": ""}, _loops,
                     "questions/glossary/loop.yaml: cannot read the file: it is part of a symlink loop"),
    "folder-named-yaml": ({"glossary/t.yaml/x": ""}, None, f"{T}: cannot read the file: not a regular file (a folder)"),
    "nul": ({"demo/q.yaml": BASE_QUESTION.replace("How long until", "How\x00long until", 1)}, None,
            f"{Q}:3:11: control character NUL is not allowed in YAML; delete it"),
    "esc": ({"demo/q.yaml": BASE_QUESTION.replace("cold-start", "cold\x1b[31m-start")}, None,
            f"{Q}:4:12: control character ESC is not allowed in YAML; delete it"),
    "latin-1": ({"demo/q.yaml": BASE_QUESTION.replace("How long", "Café, how long").encode("utf-8")
                 .replace("é".encode("utf-8"), b"\xe9")}, None,
                f"{Q}:3:11: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8"),
    "utf-16": ({"demo/q.yaml": BASE_QUESTION.encode("utf-16")}, None,
               f"{Q}:1:1: the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"),
    "utf-16-no-bom": ({"demo/q.yaml": "id: q\nlevel: core\n".encode("utf-16-le")}, None,
                      f"{Q}:1:2: control character NUL is not allowed in YAML; delete it "
                      "(the file looks like UTF-16; save it as UTF-8)"),
}


def _snapshot(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if "home" not in p.relative_to(root).parts}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_list_warns_and_check_locates(case, tmp_path, home):
    files, make, message = CASES[case]
    folder = questions_folder(tmp_path, files)
    if make:
        make(folder)
    before = _snapshot(tmp_path)
    listed = run_bank(["list", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20, memory_mb=512)
    assert listed.returncode == 0 and "  ok  core" in listed.output and message in listed.output
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=30)
    assert checked.returncode == 1 and message in checked.output.splitlines()
    assert "root:" not in checked.output  # nothing of /etc/passwd
    assert _snapshot(tmp_path) == before  # nothing written beside the questions (the cache lives in home)


@pytest.mark.parametrize("command", [["show", "ok"], ["quiz", "-n", "1"], ["build", "--out", "site"],
                                     ["variants", "ok", "--out", "v"], ["grade", "ok"], ["stats"]],
                         ids=["show", "quiz", "build", "variants", "grade", "stats"])
def test_every_command_copes_with_a_fifo_and_symlink_loops(command, tmp_path, home):
    """A FIFO hung every command, and a symlink loop crashed the quiz's cache: now each reports."""
    folder = questions_folder(tmp_path, {"glossary/.keep": ""})
    _fifo(folder)
    _loops(folder)
    done = run_bank([*command, "--questions", "questions"], cwd=tmp_path, env=home, stdin="quit\n", timeout=30)
    assert done.returncode in (0, 1) and done.output.strip()  # show warns, stats counts; the rest refuse
    if done.returncode == 1:
        assert f"{T}: cannot read the file: not a regular file (a FIFO)" in done.output.splitlines()


def test_the_quiz_runs_beside_a_symlink_loop(tmp_path, home):
    """Loops that are no question file (``demo/a`` <-> ``demo/b``) do not stop the quiz at all."""
    folder = questions_folder(tmp_path)
    os.symlink("b", folder / "demo" / "a")
    os.symlink("a", folder / "demo" / "b")
    for _ in range(2):  # the second run reads the cache of loaded banks
        done = run_bank(["quiz", "-n", "1", "--seed", "s", "--questions", "questions"], cwd=tmp_path, env=home,
                        stdin="quit\n", timeout=30)
        assert done.returncode == 0 and "How long until a new replica serves?" in done.output


def test_a_file_over_the_limit_is_refused(tmp_path):
    """The reader never returns more than its limit."""
    from bank._files import Unreadable, read_regular

    path = tmp_path / "q.yaml"
    path.write_bytes(b"#" * 2048)
    with pytest.raises(Unreadable, match="too large"):
        read_regular(path, limit=1024)


def test_the_cache_stamp_looks_only_where_the_loader_reads(tmp_path):
    """`bank list --questions ~` must not walk the whole home folder to stamp its cache."""
    from bank._cache import stamps

    folder = questions_folder(tmp_path)
    deep = folder / "demo" / "notes" / "drafts"
    deep.mkdir(parents=True)
    before = stamps(folder)
    for i in range(200):
        (deep / f"{i}.yaml").write_text("x")
    assert stamps(folder) == before
    (folder / "demo" / "new.yaml").write_text("x")
    assert stamps(folder) != before


def test_a_bank_listing_thousands_of_missing_files_is_quick(tmp_path, home):
    """Each missing id used to glob the folder and run difflib over every file in it."""
    ids = [f"missing-{i}" for i in range(15_000)]
    folder = questions_folder(tmp_path, {"demo/bank.yaml": f"title: Demo\nintro: A demo bank.\nquestions: [ok, {', '.join(ids)}]\n"})
    for i in range(2_000):
        (folder / "demo" / f"stray-{i}.yaml").write_text("x")
    listed = run_bank(["list", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert listed.returncode == 0 and "  ok  core" in listed.output
    assert "questions/demo/bank.yaml:3:17: no question file `missing-0.yaml`" in listed.output


@pytest.mark.parametrize("make, reaches_out", [
    (lambda home, outside: (home / "bank").symlink_to(outside, target_is_directory=True), True),
    (lambda home, outside: ((home / "bank").mkdir(), (home / "bank" / "q.yaml").symlink_to(outside / "q.yaml")), True),
    (lambda home, outside: ((home / "real").mkdir(), (home / "real" / "q.yaml").write_text("x"),
                            (home / "bank").symlink_to(home / "real", target_is_directory=True)), False),
    (lambda home, outside: ((home / "bank").mkdir(), (home / "real.yaml").write_text("x"),
                            (home / "bank" / "q.yaml").symlink_to(home / "real.yaml")), False),
], ids=["folder-links-out", "file-links-out", "folder-links-within", "file-links-within"])
def test_a_questions_folder_keeps_its_files_inside(make, reaches_out, tmp_path):
    """One Folder resolves each folder once and then checks each file with one lstat: a link anywhere
    on the way still counts, and the answer is the same for every file read."""
    from bank._files import Folder, Unreadable, read_regular

    home, outside = tmp_path / "questions", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    (outside / "q.yaml").write_text("secret")
    make(home, outside)
    inside = Folder(home)
    for _ in range(2):  # the second time from what it remembers
        if reaches_out:
            with pytest.raises(Unreadable, match="links outside the questions folder"):
                read_regular(home / "bank" / "q.yaml", inside=inside)
        else:
            assert read_regular(home / "bank" / "q.yaml", inside=inside) == b"x"
    with pytest.raises(Unreadable, match="links outside"):
        inside.check(home / "bank" / ".." / "..")


@pytest.mark.parametrize("shown, expected", [
    ("questions/core/q.yaml", "questions/core/q.yaml"),
    ("./questions/./core/../core/q.yaml", "questions/core/q.yaml"),
    ("../elsewhere/q.yaml", "../elsewhere/q.yaml"),
    ("{cwd}/questions/q.yaml", "questions/q.yaml"),
    ("{cwd}", "."),
    ("{cwd}-sibling/q.yaml", "{cwd}-sibling/q.yaml"),
    ("/elsewhere/q.yaml", "/elsewhere/q.yaml"),
], ids=["relative", "dots", "above", "absolute-inside", "the-folder-itself", "sibling-prefix", "absolute-outside"])
def test_display_path_matches_relpath(shown, expected, tmp_path, monkeypatch):
    """Paths in messages are shown from the working folder, as ``os.path.relpath`` would, without its
    two ``getcwd`` calls per path."""
    from bank.load import display_path

    monkeypatch.chdir(tmp_path)
    cwd = str(tmp_path)
    got = display_path(Path(shown.format(cwd=cwd)))
    assert got == expected.format(cwd=cwd)
    rel = os.path.relpath(shown.format(cwd=cwd))
    assert got == (rel if not rel.startswith("..") else str(Path(shown.format(cwd=cwd))))
