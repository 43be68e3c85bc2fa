"""Fixtures for the quiz tests: a small questions folder and a history file per test.

Content files are written concurrently with these tests, so each test works
on a copy of a fixed set of real questions (a bank.yaml lists just those),
never the whole bundled folder, and never the real user data or cache folders.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import QUESTIONS

BANK = "scaling-load-balancing"
#: In bank order: warm-up worked, core worked, core prose, hard worked.
IDS = ("autoscaling-signal", "replica-boot-gap", "slow-replica", "warm-pool-size")


@pytest.fixture(scope="session")
def questions_dir(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("questions")
    shutil.copytree(QUESTIONS / "glossary", root / "glossary")
    bank = root / BANK
    bank.mkdir()
    index = yaml.safe_load((QUESTIONS / BANK / "bank.yaml").read_text(encoding="utf-8"))
    index["questions"] = list(IDS)
    (bank / "bank.yaml").write_text(yaml.safe_dump(index, sort_keys=False), encoding="utf-8")
    for qid in IDS:
        shutil.copy(QUESTIONS / BANK / f"{qid}.yaml", bank / f"{qid}.yaml")
    return root


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch) -> Path:
    """Keep the quiz's library cache out of the real user cache folder."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("BANK_CACHE", str(folder))
    return folder


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "history.sqlite3"


@pytest.fixture
def quiz(runner, questions_dir, db, monkeypatch):
    """Run `bank quiz` with the test folder and history; return the click Result."""
    from bank.cli import cli

    monkeypatch.delenv("BANK_DB", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")

    def run(*args: str, input: str = "", db_path: Path | None = None):
        argv = ["quiz", "--questions", str(questions_dir), "--db", str(db_path or db), *args]
        return runner.invoke(cli, argv, input=input, catch_exceptions=False)

    return run


@pytest.fixture
def stats(runner, db, monkeypatch):
    from bank.cli import cli

    monkeypatch.delenv("BANK_DB", raising=False)

    def run(*args: str, db_path: Path | None = None):
        return runner.invoke(cli, ["stats", "--db", str(db_path or db), *args], catch_exceptions=False)

    return run
