"""The browser's Check (templates/static/checker.js with notation.js and reader.js), run in Node:
reading learner numbers, the final-answer rule (right when the exact answer rounds to what was
written, at the precision written), agreement with the grader's verdict on the final answer, and
with `bank.grade.accepts` on thousands of generated answers."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bank.load import templates_dir

from .conftest import FIXTURES, copy_questions, need

#: Loads the vocabulary and the checker's scripts as a page does (in order, sharing one `window`).
HARNESS = """
const vm = require("vm"), fs = require("fs"), path = require("path");
const [folder, vocabulary] = process.argv.slice(1);
const sandbox = {window: {}};
sandbox.window.window = sandbox.window;
vm.createContext(sandbox);
vm.runInContext(vocabulary, sandbox);
for (const name of ["notation.js", "parser.js", "reader.js", "checker.js"]) {
  vm.runInContext("(function (window, module) {" + fs.readFileSync(path.join(folder, name), "utf8") + "}).call(window, window)",
                  sandbox);
}
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map(c => sandbox.window.BankCheck.judge(c.answer, c.expected, c.unit).status);
process.stdout.write(JSON.stringify(out));
"""

SECONDS = {"name": "s", "scale": "1/1", "dims": [1, 0, 0, 0, 0, 0, 0, 0, 0]}
USD = {"name": "USD", "scale": "1/1", "dims": [0, 0, 0, 1, 0, 0, 0, 0, 0]}
NUMBER = {"name": "", "scale": "1/1", "dims": [0] * 9}


def judge(cases: list[dict]) -> list[str]:
    """Statuses from checker.js for ``cases`` (answer, expected {exact}, unit)."""
    node = shutil.which("node")
    need(node is not None, "node is not installed")
    from bank.site.pages import vocabulary_script

    run = subprocess.run([node, "-e", HARNESS, str(templates_dir() / "static"), vocabulary_script()],
                         input=json.dumps(cases), capture_output=True, text=True, timeout=120, check=True)
    return json.loads(run.stdout)


RULE = [
    ("31.7", "95/3", SECONDS, "right"), ("31.67", "95/3", SECONDS, "right"), ("32", "95/3", SECONDS, "right"),
    ("31.6", "95/3", SECONDS, "wrong"), ("31.666667", "95/3", SECONDS, "right"), ("30", "95/3", SECONDS, "wrong"),
    ("about 30", "95/3", SECONDS, "right"), ("≈ 31.7", "95/3", SECONDS, "right"), ("~32 s", "95/3", SECONDS, "right"),
    ("0.528 min", "95/3", SECONDS, "right"), ("0.6 min", "95/3", SECONDS, "wrong"), ("31,667 ms", "95/3", SECONDS, "right"),
    ("31.7 GB", "95/3", SECONDS, "wrong"), ("31.6...", "95/3", SECONDS, "right"), ("31.666… s", "95/3", SECONDS, "right"),
    # As bank.grade.accepts reads them: a word it does not know after a number is a label, a figure
    # of two with two trailing zeros may be rounded, and `$-3` is -$3 (see the note to the lead).
    ("31.7 parsecs", "95/3", SECONDS, "right"), ("$22,000", "21900", USD, "right"), ("$-3", "-3", USD, "right"),
    ("$21,900", "21900", USD, "right"), ("21900", "21900", USD, "right"), ("$21.9k", "21900", USD, "right"),
    ("about $22,000", "21900", USD, "right"), ("21,900 dollars", "21900", USD, "right"),
    ("-$3", "-3", USD, "right"), ("$3", "-3", USD, "wrong"), ("−3", "-3", USD, "right"),
    ("3", "5/2", NUMBER, "right"), ("2", "5/2", NUMBER, "right"), ("4", "5/2", NUMBER, "wrong"),
    ("-3", "-5/2", NUMBER, "right"), ("2.4", "5/2", NUMBER, "wrong"),
    ("30M", "30000000", NUMBER, "right"), ("30 million", "30000000", NUMBER, "right"), ("3e7", "30000000", NUMBER, "right"),
    ("3 x 10^7", "30000000", NUMBER, "right"), ("0.03bn", "30000000", NUMBER, "right"), ("29M", "30000000", NUMBER, "wrong"),
    ("10%", "1/10", NUMBER, "right"), ("0.1", "1/10", NUMBER, "right"), ("1%", "1/10", NUMBER, "wrong"),
    (".5", "1/2", NUMBER, "right"), ("0", "0", NUMBER, "right"),
    ("", "1", NUMBER, "unreadable"), ("abc", "1", NUMBER, "unreadable"), ("1,50", "3/2", NUMBER, "right"), ("1,500,5", "3/2", NUMBER, "unreadable"),
    ("0,336", "42/125", NUMBER, "right"), ("2,5", "5/2", NUMBER, "right"), ("1,500", "1500", NUMBER, "right"),
    ("2 1/2", "5/2", NUMBER, "right"), ("2 3/2", "5/2", NUMBER, "wrong"), ("65 ± 1", "65", NUMBER, "right"),
    ("65 ± 1", "1", NUMBER, "wrong"), ("1.25(2)", "5/2", NUMBER, "right"), ("１４０", "140", NUMBER, "right"),
    ("$21，360", "21360", USD, "right"), ("２１，３６０ s", "21360", SECONDS, "right"), ("55.1，so", "551/10", NUMBER, "right"),
    ("$21{,}900", "21900", USD, "right"), ("2,19,000", "219000", NUMBER, "right"),
    ("1.69 E 10", "16900000000", NUMBER, "right"), ("6 E-1", "3/5", NUMBER, "right"),
    ("40 milhões", "40000000", NUMBER, "right"), ("350 millones", "350000000", NUMBER, "right"),
    ("25 pc", "1/4", NUMBER, "right"), ("700억", "70000000000", NUMBER, "right"), ("3000만", "30000000", NUMBER, "right"),
    ("70 miliar", "70000000000", NUMBER, "right"), ("22,5 juta", "22500000", NUMBER, "right"),
    ("70 mia.", "70000000000", NUMBER, "right"), ("7 mia.", "70000000000", NUMBER, "wrong"),
    ("70 / = 11.7", "70", NUMBER, "unreadable"), ("2^99999", "1", NUMBER, "unreadable"),
    ("1" * 501, "1", NUMBER, "unreadable"), ("__import__('os')", "1", NUMBER, "unreadable"),
]


@pytest.mark.parametrize("answer, exact, unit, status", RULE, ids=[f"{i}:{r[0][:20]}" for i, r in enumerate(RULE)])
def test_final_answer_rule(answer, exact, unit, status):
    assert judge([{"answer": answer, "expected": {"exact": exact}, "unit": unit}]) == [status]


# ----------------------------------------------------------------------------- agreement with the grader

ANSWERS = {
    "drill-boot-time": ["31.7", "31.67", "32", "31.6", "about 32", "30", "0.528 min", "0.53 min", "31.7 s", "31.7 GB",
                        "31,700 ms", "33", "31.6...", "31.666…", "31.7..."],
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


# ----------------------------------------------------------------------------- agreement with accepts

#: Pieces of answers as learners type them: numbers, units, words, marks, operators, typos.
PIECES = ["31.7", "32", "31,667", "0.53", "21,900", "$", "-", "−", "about", "~", "≈", "roughly", "s", "sec", "min",
          "ms", "hours", "GB", "GB/s", "MB", "TB", "per", "second", "hour", "/", "*", "x", "×", "÷", "+", "(", ")",
          "10^3", "3e7", "30M", "30", "million", "k", "bn", "%", "percent", "tokens", "replicas", "two", "twelve",
          "is", "=", "so", "rounded up", "answer", ":", ",", ".", "of", "at", "a", "an", "year", "day", "/year",
          "USD", "dollars", "£", "ceil", "max", "sqrt", "(2)", "1/2", "3/4", "0.75", "75", "7.5", "card", "GPU",
          "Gb", "GiB", "rps", "per cent", "times", "minus", "plus", "less", "each", "the", "final", "8B", "2T",
          "9.1x", "16-bit", "²", "5.6", "10", "14", "e", "⌈2.4⌉", "layers", "standby", "requests/s", "1,50", "..",
          "ceiling(", "1e999", "^", "**", "basis points"]
TARGETS = [("95/3", "s"), ("21900", "USD"), ("-3", "USD"), ("30000000", "token"), ("10", "percent"),
           ("75", "percent"), ("1/2", ""), ("35/3", "GB/s"), ("2", "replica"), ("70", "GB"), ("5/2", "USD/hour"),
           ("3", "card"), ("432000000", "token"), ("8760", "hour"), ("1000", "request/s")]


def _answer_unit(unit: str) -> dict:
    from bank.model import Step, Worked
    from bank.site.fragments import unit_info

    return unit_info(Worked("", (), (Step("x", "1", unit),), ("x",)))


answers = st.tuples(st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(["", " "])), min_size=1, max_size=5)
                    .map(lambda parts: "".join(p + gap for p, gap in parts).strip()),
                    st.sampled_from(TARGETS))


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.lists(answers, min_size=250, max_size=250))
def test_the_check_agrees_with_accepts_on_generated_answers(batch):
    """checker.js says "right" exactly when `bank.grade.accepts` does, answer by answer."""
    from fractions import Fraction

    from bank.grade import accepts
    from bank.model import Value

    cases = [{"answer": text, "expected": {"exact": exact}, "unit": _answer_unit(unit)} for text, (exact, unit) in batch]
    got = judge(cases)
    python = [accepts(text, Value(Fraction(exact), unit)) for text, (exact, unit) in batch]
    disagree = [(text, exact, unit, status) for (text, (exact, unit)), status, right in zip(batch, got, python)
                if (status == "right") != right]
    assert not disagree


def test_the_check_agrees_with_accepts_on_the_banks_own_working():
    """Every worked step's text, as `bank show` prints it, judged against the values of its question's
    steps (so most are wrong): the same verdicts in checker.js as from `bank.grade.accepts`."""
    import random
    from fractions import Fraction

    from bank.grade import accepts
    from bank.load import load
    from bank.render import render_question
    from bank.variant import variant

    library = load()
    names = {t.id: t.term for t in library.glossary}
    rows = []
    for q in library.questions():
        if q.worked is None:
            continue
        for seed in (None, 7):
            shown = render_question(q, variant(q, seed) if seed else variant(q)).plain(names)
            values = [s.value for s in shown.steps]
            rows += [(step.text, value) for step in shown.steps for value in values]
    rows = random.Random(0).sample(rows, min(len(rows), 1500))
    cases = [{"answer": text, "expected": {"exact": str(Fraction(v.magnitude))}, "unit": _answer_unit(v.unit)}
             for text, v in rows]
    got = judge(cases)
    disagree = [(text, v.exact(), v.unit, status) for (text, v), status in zip(rows, got)
                if (status == "right") != accepts(text, v)]
    assert not disagree
    assert 100 < got.count("right") < len(rows) - 100
