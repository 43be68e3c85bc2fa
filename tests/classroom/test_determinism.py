"""The same inputs give byte-identical files in every process, whatever PYTHONHASHSEED is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bank.classroom.formats import FORMATS

from .conftest import QUESTIONS, ROOT

ROSTER = "id,name\nada,Ada Lovelace\nbo,Bo <b>Bold</b>\nzoe,Zoë Ünïcode\ns4,\"Comma, Name\"\ns5,Eve\ns6,Finn\n"

# One process runs the real CLI once per format (click's main with standalone_mode off).
SCRIPT = """
import sys
from bank.cli import cli
roster, out = sys.argv[1], sys.argv[2]
for fmt in sys.argv[3:]:
    cli.main(["variants", "fleet-cost", "tiny-space", "--roster", roster, "--seed", "term-1",
              "--format", fmt, "--out", f"{out}/{fmt}", "--questions", %r], standalone_mode=False)
""" % str(QUESTIONS)


def run_in_process(hash_seed: str, roster: Path, out: Path) -> dict[str, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(roster), str(out), *FORMATS], env=env,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_three_processes_write_byte_identical_files(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    runs = [run_in_process(seed, roster, tmp_path / f"run{i}") for i, seed in enumerate(["0", "1", "4242"])]
    assert runs[0] == runs[1] == runs[2]
    names = set(runs[0])
    for fmt in FORMATS:
        assert f"{fmt}/manifest.csv" in names
    assert {"md/answer-key.md", "html/worksheets.html", "json/answer-key.json", "csv/answer-key.csv",
            "moodle/moodle.xml", "gift/questions.gift", "anki/deck.apkg"} <= names
    assert len({runs[0][f"{fmt}/manifest.csv"] for fmt in FORMATS}) == 1   # the manifest never depends on format
