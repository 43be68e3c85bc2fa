"""Fixtures shared by every test folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "questions"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="session")
def library():
    from bank.load import load

    return load(QUESTIONS)
