"""Hostile input runs in a child process with bounded time and memory.

``run_bank(args, cwd=...)`` runs the real command line (``python -m bank``)
under ``RLIMIT_AS`` and a timeout, and fails the test on a traceback, a
timeout or a memory blow-up, so one case can never hang or exhaust the suite.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

#: Generous bounds: a clean error takes well under a second and a few tens of MB.
TIMEOUT_S = 30
MEMORY_MB = 1024


def _limit(memory_mb: int):
    def apply() -> None:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def run_bank(args: list[str], cwd: str | os.PathLike | None = None, *, stdin: str | bytes | None = None,
             timeout: float = TIMEOUT_S, memory_mb: int = MEMORY_MB,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``bank ARGS`` in a bounded child; no traceback, no timeout, no MemoryError allowed."""
    full_env = {**os.environ, "NO_COLOR": "1", "PYTHONHASHSEED": "0", **(env or {})}
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    try:
        done = subprocess.run([sys.executable, "-m", "bank", *args], cwd=cwd, input=data, capture_output=True,
                              timeout=timeout, env=full_env, preexec_fn=_limit(memory_mb))
    except subprocess.TimeoutExpired:
        pytest.fail(f"`bank {' '.join(args)}` ran for more than {timeout} s")
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out, out
    assert "MemoryError" not in out, out
    done.output = out  # type: ignore[attr-defined]
    return done


@pytest.fixture
def bank_cli():
    """The bounded runner, as a fixture."""
    return run_bank


BASE_QUESTION = (Path(__file__).resolve().parent.parent / "foundation" / "base_question.yaml").read_text("utf-8")


def questions_folder(root: Path, files: dict[str, str | bytes] | None = None) -> Path:
    """``root/questions``: bank ``demo`` with two copies of the base question (``ok`` and ``q``),
    then ``files`` (paths relative to the folder) written over it."""
    folder = root / "questions"
    (folder / "demo").mkdir(parents=True)
    (folder / "demo" / "bank.yaml").write_text("title: Demo\nintro: A demo bank.\nquestions: [ok, q]\n")
    (folder / "demo" / "ok.yaml").write_text(BASE_QUESTION.replace("id: q\n", "id: ok\n", 1), "utf-8")
    (folder / "demo" / "q.yaml").write_text(BASE_QUESTION, "utf-8")
    for name, content in (files or {}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content, "utf-8")
    return folder


@pytest.fixture
def home(tmp_path) -> dict[str, str]:
    """Environment that keeps the user's data, cache and history folders inside ``tmp_path/home``."""
    home = tmp_path / "home"
    return {"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local/share"),
            "BANK_CACHE": str(home / "cache"), "BANK_DB": str(home / "history.sqlite3")}


def touched_outside(root: Path, before: set[Path]) -> set[Path]:
    """Files under ``root`` that were not there before (for "nothing written outside" checks)."""
    return {p for p in root.rglob("*")} - before
