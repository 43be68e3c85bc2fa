"""The malformed corpus: each file under malformed/ must produce exactly its `# expect:` lines.

A case named ``term-*.yaml`` is installed as a glossary term ``glossary/t.yaml``;
any other case as question ``q`` of a one-question bank. Paths in the
messages are relative to the folder holding ``questions/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bank.check import check

HERE = Path(__file__).parent
CASES = sorted((HERE / "malformed").glob("*.yaml"))
BASE = (HERE / "base_question.yaml").read_text(encoding="utf-8")
BANK = "title: Demo\nintro: A demo bank.\nquestions: [q]\n"


def install(case: Path, root: Path) -> str:
    """Write the case into a fresh questions folder; return its path as messages show it."""
    demo = root / "questions" / "demo"
    demo.mkdir(parents=True)
    (demo / "bank.yaml").write_text(BANK, encoding="utf-8")
    if case.name.startswith("term-"):
        (demo / "q.yaml").write_text(BASE, encoding="utf-8")
        (root / "questions" / "glossary").mkdir()
        target = root / "questions" / "glossary" / "t.yaml"
    else:
        target = demo / "q.yaml"
    target.write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    return target.relative_to(root).as_posix()


def expected(case: Path, shown: str) -> list[str]:
    lines = case.read_text(encoding="utf-8").splitlines()
    return sorted(f"{shown}:{line.removeprefix('# expect: ')}" for line in lines if line.startswith("# expect: "))


def test_corpus_is_large_enough():
    assert len(CASES) >= 25


def test_base_question_is_clean(tmp_path, monkeypatch):
    (tmp_path / "questions" / "demo").mkdir(parents=True)
    (tmp_path / "questions" / "demo" / "bank.yaml").write_text(BANK)
    (tmp_path / "questions" / "demo" / "q.yaml").write_text(BASE)
    monkeypatch.chdir(tmp_path)
    assert check("questions", variants=20).problems == []


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_malformed_file_reports_exactly(case, tmp_path, monkeypatch):
    shown = install(case, tmp_path)
    monkeypatch.chdir(tmp_path)
    report = check("questions", variants=3)
    assert not report.ok
    assert sorted(str(p) for p in report.problems) == expected(case, shown)
