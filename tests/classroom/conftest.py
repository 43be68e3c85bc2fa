"""Fixtures for the classroom tests: a questions folder with known shapes, CLI helpers, node."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
QUESTIONS = HERE / "questions"
FIXTURES = HERE / "fixtures"


@pytest.fixture(scope="session")
def demo_library():
    """The classroom demo bank: fleet-cost (4 steps, wide space), tiny-space (5 variants), prose-only."""
    from bank.load import load

    return load(QUESTIONS)


@pytest.fixture
def variants_cli(runner, tmp_path):
    """Run ``bank variants`` on the demo bank into a fresh folder; returns (result, out folder)."""
    from bank.cli import cli

    def run(*args: str, out: Path | None = None):
        out = out or tmp_path / "out"
        result = runner.invoke(cli, ["variants", "--questions", str(QUESTIONS), "--out", str(out), *args])
        return result, out

    return run


def node_modules() -> Path | None:
    """Where gift-pegjs lives (BANK_NODE_MODULES, else <repo>/.ci/node/node_modules), or None."""
    path = Path(os.environ.get("BANK_NODE_MODULES") or ROOT / ".ci" / "node" / "node_modules")
    return path if (path / "gift-pegjs").is_dir() and shutil.which("node") else None


@pytest.fixture(scope="session")
def gift_parser_modules() -> Path:
    """The node_modules folder holding gift-pegjs; skips (or fails under BANK_REQUIRE_BROWSER) without it."""
    found = node_modules()
    if found is None:
        reason = ("gift-pegjs not installed: run `npm install --prefix .ci/node gift-pegjs` "
                  "or set BANK_NODE_MODULES (and node must be on PATH)")
        if os.environ.get("BANK_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found
