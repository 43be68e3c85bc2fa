"""The browser grader's bundle: closed over its imports, free of sympy/jinja2/yaml/click/jsonschema,
and marking exactly as `bank grade --json` does (CPython here; Chromium in test_working_box.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bank.load import load
from bank.site.grader import bundle, bundle_sources
from bank.variant import variant
from tests.conftest import ROOT

WORKINGS = ROOT / "tests" / "banks" / "workings"

#: Runs in a child: only the zip and the standard library on the path (as in Pyodide), then every case marked.
CHILD = r"""
import json, sys
BLOCKED = {"sympy", "mpmath", "jinja2", "yaml", "click", "jsonschema", "markupsafe", "rich"}
sys.path = [sys.argv[1]] + [p for p in sys.path if "site-packages" not in p and p != ""]  # as in Pyodide
from bank.grade.portable import grade_data
cases = json.load(sys.stdin)
out = [grade_data(c["data"], c["values"], c["text"]) for c in cases]
assert not BLOCKED & {m.split(".")[0] for m in sys.modules}
assert all(m.startswith("bank") for m in sys.modules if m.split(".")[0] not in sys.stdlib_module_names
           and m not in ("__main__", "_distutils_hack"))
print(json.dumps(out))
"""


def cases() -> list[tuple[str, str, str]]:
    """(question id, working name, text) for every bundled working."""
    return [(folder.name, path.stem, path.read_text(encoding="utf-8"))
            for folder in sorted(WORKINGS.iterdir()) if folder.is_dir() for path in sorted(folder.glob("*.txt"))]


def test_the_bundle_is_deterministic_and_holds_no_loader():
    assert bundle() == bundle()
    names = set(bundle_sources())
    assert not {"bank/load.py", "bank/_yaml.py", "bank/text.py", "bank/solve.py", "bank/check.py"} & names


def test_the_bundle_marks_every_working_as_bank_grade_does_without_sympy(tmp_path):
    from bank.grade import grade
    from bank.site.grader import worked_payload

    archive = tmp_path / "bank.zip"
    archive.write_bytes(bundle())
    library = load()
    payload, expected = [], []
    for qid, _, text in cases():
        q = library.question(qid)
        for seed in (None, "7"):
            v = variant(q, seed) if seed else variant(q)
            values = {name: f"{x.numerator}/{x.denominator}" for name, x in v.values}
            payload.append({"data": worked_payload(q), "values": values, "text": text})
            expected.append(grade(q, v, text).as_dict() | {"seed": None})
    assert len(payload) >= 40
    run = subprocess.run([sys.executable, "-I", "-c", CHILD, str(archive)], input=json.dumps(payload),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert [g["lines"] for g in got] == [e["lines"] for e in expected]
    assert got == expected
    statuses = {line["status"] for g in got for line in g["lines"]}
    assert {"correct", "carried", "slip"} <= statuses  # the workings exercise the interesting verdicts
