"""``bank grade``: readable output, the JSON shape of issue 3, and exit codes 0/1/2."""

from __future__ import annotations

import json

import pytest

from bank.cli import cli
from bank.grade.diagnose import Slip

from .conftest import FIXTURES

GOOD = "Read: 70 GB / 6 GB/s = 11.7 s\nBoot: 11.7 s + 20 s ≈ 32 s\n"
SLIPPED = "Read: 70 / 6 = 12.7\nBoot: 12.7 + 20 = 32.7\n2 + )\n"
#: The diagnoses as the JSON spells them (issue 3: these words may not change).
DIAGNOSIS_WORDS = ("sign", "power-of-ten", "transposed-digits", "wrong-operation", "units", "premature-rounding",
                   "rounded-wrong-way")


def run(runner, *args, input=None):
    return runner.invoke(cli, ["grade", *args, "--questions", str(FIXTURES)], input=input)


def test_readable_output(runner):
    result = run(runner, "boot", input=GOOD)
    assert result.exit_code == 0, result.output
    assert "✓  1  Read: 70 GB / 6 GB/s = 11.7 s" in result.output
    assert "read time = 11.67 s" in result.output
    assert "Score: 1.00" in result.output
    assert "default variant" in result.output


def test_readable_output_marks_slips_and_errors(runner):
    result = run(runner, "boot", input=SLIPPED)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(x.startswith("✗  1") for x in lines)
    assert any(x.startswith("✓  2") for x in lines) and "carried" in result.output
    caret = lines.index("✗  3  2 + )")
    assert lines[caret + 1] == "        ^"  # under the + with nothing after it
    assert "column 3" in lines[caret + 2]


def test_reads_a_file(runner, tmp_path):
    path = tmp_path / "working.txt"
    path.write_text(GOOD, encoding="utf-8")
    result = run(runner, "boot", str(path), "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["score"] == 1.0


LINE_KEYS = {"n": int, "text": str, "status": str, "step": (str, type(None)), "given": (float, int, type(None)),
             "computed": (float, int, type(None)), "diagnosis": (str, type(None)), "message": str}


def test_json_shape(runner):
    result = run(runner, "boot", "--json", input=SLIPPED)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert {"question", "seed", "score", "final", "lines", "steps"} <= set(data)
    assert data["question"] == "boot" and data["seed"] is None
    assert isinstance(data["score"], float) and 0 <= data["score"] < 1
    final = data["final"]
    assert {"status", "expected", "given", "diagnosis"} <= set(final)
    assert final["status"] in ("correct", "wrong", "missing")
    assert final["expected"] == pytest.approx(95 / 3)
    assert final["given"] == pytest.approx(32.7)
    for line in data["lines"]:
        for key, kind in LINE_KEYS.items():
            assert isinstance(line[key], kind), (key, line)
        assert line["status"] in ("correct", "carried", "slip", "unmatched", "error")
        assert line["diagnosis"] in (None, *DIAGNOSIS_WORDS)
    assert [x["status"] for x in data["lines"]] == ["slip", "carried", "error"]
    assert data["lines"][2]["column"] == 3 and data["lines"][2]["given"] is None
    assert data["steps"] == [{"name": "read_time", "status": "missing", "line": None, "label": "read time"},
                             {"name": "boot_time", "status": "carried", "line": 2, "label": "boot time"}]
    assert [p["step"] for p in data["parts"]] == ["boot_time"]


def test_diagnosis_words():
    assert tuple(str(s) for s in Slip) == DIAGNOSIS_WORDS
    assert json.dumps([Slip.POWER]) == '["power-of-ten"]'


def test_seed_and_params(runner):
    result = run(runner, "boot", "--seed", "7", "--param", "weights=120", "--param", "read_rate=4 GB/s",
                 "--param", "init_time=30", "--json", input="120 / 4 = 30\n30 + 30 = 60\n")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["seed"] == "7" and data["score"] == 1.0


def test_param_with_unit_converts(runner):
    result = run(runner, "boot", "--param", "weights=0.1 TB", "--json", input="100 / 6 = 16.7\n")
    assert json.loads(result.output)["lines"][0]["status"] == "correct"


def test_same_seed_same_variant(runner):
    first = run(runner, "boot", "--seed", "abc", "--json", input=GOOD)
    second = run(runner, "boot", "--seed", "abc", "--json", input=GOOD)
    assert first.output == second.output


def test_empty_working_is_graded(runner):
    result = run(runner, "boot", "--json", input="")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["score"] == 0.0 and data["final"]["status"] == "missing" and data["lines"] == []


@pytest.mark.parametrize("args,stdin,code,message", [
    (["nope"], GOOD, 1, "no question `nope`"),
    (["boo"], GOOD, 1, "did you mean `boot`"),
    (["boot", "/nonexistent/working.txt"], None, 1, "no such file"),
    (["boot", "--param", "weight=70"], GOOD, 1, "has no param `weight` (did you mean `weights`?)"),
    (["boot", "--param", "read_rate=7"], GOOD, 0, ""),
    (["boot", "--param", "weights"], GOOD, 2, "NAME=VALUE"),
    (["boot", "--param", "weights=abc("], GOOD, 2, "cannot read"),
    (["boot", "--param", "weights=5 s"], GOOD, 2, "is time, but weights is data"),
    (["boot", "--frobnicate"], GOOD, 2, "No such option"),
    ([], GOOD, 2, "Missing argument"),
], ids=["unknown-question", "near-miss", "missing-file", "unknown-param", "off-grid-param-is-fine", "param-no-equals",
        "param-unreadable", "param-wrong-unit", "unknown-option", "no-id"])
def test_exit_codes(runner, args, stdin, code, message):
    result = run(runner, *args, input=stdin)
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_unreadable_input_exits_1(runner, tmp_path):
    binary = tmp_path / "working.bin"
    binary.write_bytes(b"\x00\x01\x02")
    latin = tmp_path / "latin.txt"
    latin.write_bytes("70 / 6 = 11,7 \xb5s".encode("latin-1"))
    for path, message in ((binary, "binary data"), (latin, "not UTF-8"), (tmp_path, "is a directory")):
        result = run(runner, "boot", str(path))
        assert result.exit_code == 1 and message in result.output, result.output


def test_unreadable_stdin_exits_1(runner):
    result = runner.invoke(cli, ["grade", "boot", "--questions", str(FIXTURES)], input=b"\xff\xfe\xfa")
    assert result.exit_code == 1 and "not UTF-8" in result.output


def test_constraint_breaking_variant_is_not_found(runner, tmp_path, fixtures):
    # The bundled warm-pool question requires small_pool < big_pool.
    result = runner.invoke(cli, ["grade", "warm-pool-size", "--param", "small_pool=2", "--param", "big_pool=2"],
                           input="1 + 1\n")
    assert result.exit_code == 1, result.output
    assert "breaks the constraint" in result.output


def test_question_without_working_exits_1(runner):
    result = runner.invoke(cli, ["grade", "slow-replica"], input="1 + 1\n")
    assert result.exit_code == 1
    assert "no worked answer" in result.output


def test_grade_does_not_slow_help(runner):
    import subprocess
    import sys

    code = "import sys; from bank.cli import cli; import bank.commands.grade, bank.grade; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("pair,words", [
    ("weights=5000", "5,000 GB is outside its range 20 GB to 140 GB"),
    ("weights=0.01 TB", "10 GB is outside its range"),
    ("read_rate=20", "20 GB/s is outside the range of its choices 2 GB/s to 12 GB/s"),
], ids=["above-range", "below-range-converted", "beyond-the-choices"])
def test_a_param_outside_what_the_author_checked_is_refused(runner, pair, words):
    result = run(runner, "boot", "--param", pair, input="70 / 6 = 11.7\n")
    assert result.exit_code == 2 and words in result.output
    assert "Traceback" not in result.output


def test_the_header_names_pinned_params(runner):
    result = run(runner, "boot", "--param", "weights=100", input="100 / 6 = 16.7\n")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "boot · default variant · pinned weights = 100 GB"
    data = json.loads(run(runner, "boot", "--param", "weights=100", "--json", input="100 / 6 = 16.7\n").output)
    assert data["pinned"] == {"weights": "100 GB"}


def test_a_working_is_shown_without_escapes_or_bidi_overrides(runner):
    """A pasted working must not retitle the terminal, clear it, or reorder what the learner reads."""
    result = run(runner, "boot", input="70 / 6 = 11.7\x1b]0;pwned\x07 s\x1b[2J \u202eok\n")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output and "\x07" not in result.output
    assert "70 / 6 = 11.7 s" in result.output


def test_json_escapes_what_a_terminal_would_act_on_and_keeps_the_text(runner):
    result = run(runner, "boot", "--json", input="70 / 6 = 11.7\x9b2J \u202eok\n")
    assert result.exit_code == 0, result.output
    assert "\x9b" not in result.output and "\u202e" not in result.output
    assert json.loads(result.output)["lines"][0]["text"] == "70 / 6 = 11.7\x9b2J \u202eok"
