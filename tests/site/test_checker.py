"""The browser's Check (templates/static/checker.js), run in Node: reading learner numbers and the
final-answer rule (right when equal to the exact answer rounded to the precision written), agreeing
with the grader's verdict on the final answer."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from bank.load import templates_dir

from .conftest import FIXTURES, copy_questions, need

HARNESS = """
const vm = require("vm");
const checker = require(process.argv[1]);
const sandbox = {window: {}};
vm.runInNewContext(process.argv[2], sandbox);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(c => checker.judge(c.answer, c.expected, c.unit, sandbox.window.BANK_UNITS).status);
process.stdout.write(JSON.stringify(out));
"""

SECONDS = {"name": "s", "scale": "1/1", "dims": [1, 0, 0, 0, 0, 0, 0, 0, 0]}
USD = {"name": "USD", "scale": "1/1", "dims": [0, 0, 0, 1, 0, 0, 0, 0, 0]}
NUMBER = {"name": "", "scale": "1/1", "dims": [0] * 9}


def judge(cases: list[dict]) -> list[str]:
    """Statuses from checker.js for ``cases`` (answer, expected {exact}, unit)."""
    node = shutil.which("node")
    need(node is not None, "node is not installed")
    from bank.site.pages import units_script

    script = str(templates_dir() / "static" / "checker.js")
    run = subprocess.run([node, "-e", HARNESS, script, units_script()], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)


RULE = [
    ("31.7", "95/3", SECONDS, "right"), ("31.67", "95/3", SECONDS, "right"), ("32", "95/3", SECONDS, "right"),
    ("31.6", "95/3", SECONDS, "wrong"), ("31.666667", "95/3", SECONDS, "right"), ("30", "95/3", SECONDS, "wrong"),
    ("about 30", "95/3", SECONDS, "right"), ("≈ 31.7", "95/3", SECONDS, "right"), ("~32 s", "95/3", SECONDS, "right"),
    ("0.528 min", "95/3", SECONDS, "right"), ("0.6 min", "95/3", SECONDS, "wrong"), ("31,667 ms", "95/3", SECONDS, "right"),
    ("31.7 GB", "95/3", SECONDS, "wrong"), ("31.7 parsecs", "95/3", SECONDS, "unreadable"),
    ("$21,900", "21900", USD, "right"), ("21900", "21900", USD, "right"), ("$21.9k", "21900", USD, "right"),
    ("$22,000", "21900", USD, "wrong"), ("about $22,000", "21900", USD, "right"), ("21,900 dollars", "21900", USD, "right"),
    ("-$3", "-3", USD, "right"), ("$-3", "-3", USD, "unreadable"), ("$3", "-3", USD, "wrong"), ("−3", "-3", USD, "right"),
    ("3", "5/2", NUMBER, "right"), ("2", "5/2", NUMBER, "right"), ("4", "5/2", NUMBER, "wrong"),
    ("-3", "-5/2", NUMBER, "right"), ("2.4", "5/2", NUMBER, "wrong"),
    ("30M", "30000000", NUMBER, "right"), ("30 million", "30000000", NUMBER, "right"), ("3e7", "30000000", NUMBER, "right"),
    ("3 x 10^7", "30000000", NUMBER, "right"), ("0.03bn", "30000000", NUMBER, "right"), ("29M", "30000000", NUMBER, "wrong"),
    ("10%", "1/10", NUMBER, "right"), ("0.1", "1/10", NUMBER, "right"), ("1%", "1/10", NUMBER, "wrong"),
    (".5", "1/2", NUMBER, "right"), ("0", "0", NUMBER, "right"),
    ("", "1", NUMBER, "unreadable"), ("abc", "1", NUMBER, "unreadable"), ("12..3", "12", NUMBER, "unreadable"),
    ("1" * 501, "1", NUMBER, "unreadable"), ("__import__('os')", "1", NUMBER, "unreadable"),
]


@pytest.mark.parametrize("answer, exact, unit, status", RULE, ids=[f"{i}:{r[0][:20]}" for i, r in enumerate(RULE)])
def test_final_answer_rule(answer, exact, unit, status):
    assert judge([{"answer": answer, "expected": {"exact": exact}, "unit": unit}]) == [status]


# ----------------------------------------------------------------------------- agreement with the grader

ANSWERS = {
    "drill-boot-time": ["31.7", "31.67", "32", "31.6", "about 32", "30", "0.528 min", "0.53 min", "31.7 s", "31.7 GB",
                        "31,700 ms", "33"],
    "drill-spot-saving": ["$13,140", "13140", "$13,140.00", "$13.14k", "$13k", "about $13,000", "$13,000",
                          "-$13,140", "13,140 dollars", "$13,141"],
    "drill-daily-tokens": ["432M", "432 million", "4.32e8", "4.32 x 10^8", "432,000,000 tokens", "0.432 bn",
                           "430M", "about 430M", "432 thousand"],
    "drill-prefix-share": ["75%", "75", "75 percent", "75.0%", "0.75", "7.5%", "0.7"],
}


@lru_cache(maxsize=1)
def _library(folder: str):
    from bank.load import load

    return load(folder)


@pytest.fixture(scope="module")
def drills(tmp_path_factory) -> Path:
    return copy_questions(tmp_path_factory.mktemp("drills") / "q", FIXTURES / "practice-drills")


@pytest.mark.parametrize("qid", sorted(ANSWERS))
def test_check_agrees_with_the_graders_final_answer(drills, qid):
    """Every answer gets the same verdict in the browser as from `bank grade` (right <=> final correct)."""
    from bank.grade import grade
    from bank.site.fragments import result_info, unit_info
    from bank.solve import solve
    from bank.variant import variant

    q = _library(str(drills)).question(qid)
    cases, expected = [], []
    for seed in (None, "3"):
        v = variant(q, seed) if seed else variant(q)
        info = result_info(solve(q, v))
        answers = ANSWERS[qid] if seed is None else [info["text"]]
        for answer in answers:
            cases.append({"answer": answer, "expected": info, "unit": unit_info(q.worked)})
            expected.append("right" if grade(q, v, answer).final.status == "correct" else "wrong")
    got = ["wrong" if s == "unreadable" else s for s in judge(cases)]
    assert list(zip([c["answer"] for c in cases], got)) == list(zip([c["answer"] for c in cases], expected))
    assert "right" in got and "wrong" in got
