"""Issue 11, items 11, 14 and 5 for `bank grade`: huge powers, division by zero, pinned params, escapes.

``2^1e400``, ``1^(10^400)``, ``(10^399)^(10^399)`` and ``1e400^1e400`` gave
``OverflowError`` tracebacks in the grader, and the same in a step expression
crashed check, build and the quiz. Each is now a message with its column (a
learner's line) or its file, line and column (an author's step).
"""

from __future__ import annotations

import pytest

from .conftest import BASE_QUESTION, questions_folder, run_bank

Q = "questions/demo/q.yaml"
STEP = "expr: read_time + init_time\n    unit: s\n"

#: The review's four reproducers, then powers of one with a unit (``(1 s)^(10^400)`` hung every command in the
#: unit suggestion) -> the message a step or a learner's line gets.
POWERS = {
    "2^1e400": "exponent is too large (limit 10,000)",
    "1^(10^400)": "exponent is too large (limit 10,000)",
    "(10^399)^(10^399)": "exponent is too large (limit 10,000)",
    "1e400^1e400": "exponent is too large (limit 10,000)",
    "(1 s)^(10^400)": "",
}


def _step(expr: str) -> str:
    return BASE_QUESTION.replace(STEP, f"expr: {expr}\n", 1)


@pytest.mark.parametrize("expr", list(POWERS), ids=list(POWERS))
def test_a_huge_power_in_a_learners_line_is_an_error_at_its_column(expr, tmp_path, home):
    questions_folder(tmp_path)
    done = run_bank(["grade", "q", "--questions", "questions"], cwd=tmp_path, env=home, stdin=f"t = {expr}\n",
                    timeout=20, memory_mb=512)
    assert done.returncode == 0 and "(column " in done.output and "Score: 0.00" in done.output
    assert POWERS[expr] in done.output


@pytest.mark.parametrize("expr", list(POWERS), ids=list(POWERS))
def test_a_huge_power_in_a_step_is_located_by_every_command(expr, tmp_path, home):
    questions_folder(tmp_path, {"demo/q.yaml": _step(expr)})
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert checked.returncode == 1
    assert any(line.startswith(f"{Q}:3") and POWERS[expr] in line for line in checked.output.splitlines())
    for command in (["show", "q"], ["build", "--out", "site", "-k", "1"], ["variants", "q", "--out", "v"]):
        done = run_bank([*command, "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
        assert done.returncode == 1 and done.output.strip(), done.output
    quizzed = run_bank(["quiz", "-n", "2", "--seed", "s", "--questions", "questions"], cwd=tmp_path, env=home,
                       stdin="quit\n", timeout=20)
    assert quizzed.returncode in (0, 1) and quizzed.output.strip()
    assert not (tmp_path / "site").exists() and not (tmp_path / "v").exists()


#: Powers of one whose exponent has more than 4,300 digits: Python refuses to print such an integer; the parser
#: refuses any exponent over 10,000 before anything is computed or named.
TOO_LONG = "*".join(["10^400"] * 12)


@pytest.mark.parametrize("expr", [f"1^({TOO_LONG})", f"(1 s)^({TOO_LONG})"], ids=["one", "one-second"])
def test_a_power_of_one_with_a_4800_digit_exponent_in_a_step(expr, tmp_path, home):
    questions_folder(tmp_path, {"demo/q.yaml": _step(expr)})
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert checked.returncode == 1 and f"{Q}:37:" in checked.output


def test_division_by_zero_names_the_step_and_the_values(tmp_path, home):
    questions_folder(tmp_path, {"demo/q.yaml": BASE_QUESTION.replace("expr: weights / read_rate",
                                                                     "expr: weights / (read_rate - 6 GB/s)")})
    message = ("step `read_time` divides by zero (`weights / (read_rate - 6 GB/s)` with weights = 70, "
               "read_rate = 6)")
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert checked.returncode == 1 and f"{Q}:31:11: default variant: {message}" in checked.output.splitlines()
    assert "Fraction(" not in checked.output
    shown = run_bank(["show", "q", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert shown.returncode == 1 and message in shown.output and "Fraction(" not in shown.output


@pytest.mark.parametrize("pin, message", [
    ("weights=1000", "--param weights: 1,000 GB is outside its range 20 GB to 140 GB"),
    ("weights=1e400", "--param weights: 1e400 GB is outside its range 20 GB to 140 GB"),
    ("read_rate=24", "--param read_rate: 24 GB/s is outside the range of its choices 3 GB/s to 12 GB/s"),
    ("weights=1/0", "--param weights: cannot read `1/0`"),
    ("zzz=1", "`q` has no param `zzz`"),
], ids=["over-range", "1e400", "over-choices", "divide-by-zero", "unknown"])
def test_a_param_outside_what_the_author_checked_is_refused(pin, message, tmp_path, home):
    questions_folder(tmp_path)
    done = run_bank(["grade", "q", "--param", pin, "--questions", "questions"], cwd=tmp_path, env=home,
                    stdin="t = 31.7 s\n", timeout=20)
    assert done.returncode in (1, 2) and message in done.output


def test_the_header_says_which_params_were_pinned(tmp_path, home):
    questions_folder(tmp_path)
    done = run_bank(["grade", "q", "--param", "weights=100", "--questions", "questions"], cwd=tmp_path, env=home,
                    stdin="t = 36.7 s\n", timeout=20)
    assert done.returncode == 0 and done.output.splitlines()[0] == "q · default variant · pinned weights = 100 GB"


def test_escape_sequences_in_a_working_never_reach_the_terminal(tmp_path, home):
    """Item 5 for `bank grade`: the learner's lines are echoed without escape sequences, C0 or C1 controls
    (ESC, BEL, CSI, CR) or bidi overrides."""
    questions_folder(tmp_path)
    working = "read \x1b]0;pwned\x07\x1b[2J\x9b31m\u202e = 70/6 = 11.67 s\x1b[0m\r\nboot = 31.7 s\n"
    done = run_bank(["grade", "q", "--questions", "questions"], cwd=tmp_path, env=home, stdin=working, timeout=20)
    assert done.returncode == 0 and "correct: read time = 11.67 s" in done.output
    assert "read  = 70/6 = 11.67 s" in done.output   # the OSC title went with its escape
    assert not any(c in done.output for c in "\x1b\x07\x9b\r\u202e"), repr(done.output)
