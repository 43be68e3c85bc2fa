"""`bank list`, `bank show` and `bank check` through click's runner, and their speed contract."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from bank.cli import COMMANDS, cli
from tests.conftest import QUESTIONS, ROOT


def run(runner, *args, **kwargs):
    return runner.invoke(cli, [*args], catch_exceptions=False, **kwargs)


def test_every_command_has_help_text(runner):
    result = run(runner, "--help")
    assert result.exit_code == 0
    assert cli.list_commands(None) == list(COMMANDS)
    for name in cli.list_commands(None):
        line = next(line for line in result.output.splitlines() if line.startswith(f"  {name} "))
        assert len(line.split(maxsplit=1)[1]) > 10, line
        sub = run(runner, name, "--help")
        assert sub.exit_code == 0 and len(sub.output.splitlines()) > 3, name


def test_list_text(runner):
    result = run(runner, "list", "--questions", str(QUESTIONS))
    assert result.exit_code == 0
    assert "Scaling and Load Balancing (scaling-load-balancing, 10 questions)" in result.output
    assert "replica-boot-gap" in result.output and "worked" in result.output


def test_list_json(runner):
    result = run(runner, "list", "--json", "--questions", str(QUESTIONS))
    data = json.loads(result.output)
    ids = [q["id"] for q in data["questions"] if q["bank"] == "scaling-load-balancing"]
    assert ids[:3] == ["autoscaling-signal", "replica-boot-gap", "warm-pool-size"]
    assert {q["id"]: q["worked"] for q in data["questions"]}["slow-replica"] is False


def test_show_default_variant_json(runner):
    result = run(runner, "show", "replica-boot-gap", "--json", "--questions", str(QUESTIONS))
    data = json.loads(result.output)
    assert data["seed"] is None
    assert data["params"]["weights"] == {"value": 70.0, "exact": "70", "unit": "GB"}
    assert [s["name"] for s in data["steps"]] == ["read_time", "boot_time"]
    assert data["steps"][0]["exact"] == "35/3" and data["steps"][0]["unit"] == "s"
    assert data["result"]["name"] == "boot_time" and data["result"]["text"] == "32 s"
    assert "[[" not in result.output


def test_show_text_has_problem_steps_result_and_answer(runner):
    result = run(runner, "show", "replica-boot-gap", "--seed", "3", "--questions", str(QUESTIONS))
    assert result.exit_code == 0
    for heading in ("Problem", "Worked answer", "Final answer:", "Answer", "Takeaway:"):
        assert heading in result.output
    assert "seed 3" in result.output


def test_show_unknown_question_suggests(runner):
    result = runner.invoke(cli, ["show", "replica-boot-gp", "--questions", str(QUESTIONS)])
    assert result.exit_code == 1
    assert "no question `replica-boot-gp` (did you mean `replica-boot-gap`?)" in result.output
    assert "Traceback" not in result.output


def test_check_clean_bank_exits_zero(runner):
    result = run(runner, "check", "-n", "10", "--questions", str(QUESTIONS))
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def test_check_reports_problems_and_exits_one(runner, tmp_path, monkeypatch):
    bank = tmp_path / "questions" / "demo"
    bank.mkdir(parents=True)
    (bank / "bank.yaml").write_text("title: Demo\nintro: Demo.\nquestions: [q]\n")
    (bank / "q.yaml").write_text("id: q\nlevel: core\ntitle: T\nanswer: A\ntakeaway: K\ntags: []\nunti: 1\n")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["check", "--questions", "questions"])
    assert result.exit_code == 1
    assert "questions/demo/q.yaml:7:1: unknown key `unti`" in result.output
    data = json.loads(runner.invoke(cli, ["check", "--json", "--questions", "questions"]).output)
    assert data["ok"] is False and data["problems"][0]["line"] == 7


def test_questions_from_environment(runner, tmp_path):
    copy = tmp_path / "mine"
    shutil.copytree(QUESTIONS, copy)
    (copy / "scaling-load-balancing" / "bank.yaml").write_text(
        (copy / "scaling-load-balancing" / "bank.yaml").read_text().replace("Scaling and Load Balancing", "My Copy"))
    result = runner.invoke(cli, ["list"], env={"BANK_QUESTIONS": str(copy)})
    assert "My Copy" in result.output


def test_missing_questions_folder(runner, tmp_path):
    result = runner.invoke(cli, ["list", "--questions", str(tmp_path / "nope")])
    assert result.exit_code != 0 and "Traceback" not in result.output


#: A working whose first line slips and whose second carries the slip forward (issue 14: still no sympy).
CARRIED = "Read: 70 / 6 = 12.7\nBoot: 12.7 + 20 = 32.7\n"


@pytest.mark.parametrize("argv,stdin,shows", [
    (["--help"], "", "Usage"), (["list"], "", "replica-boot-gap"), (["list", "--json"], "", "replica-boot-gap"),
    (["show", "replica-boot-gap"], "", "Final answer"), (["grade", "replica-boot-gap"], CARRIED, "carried"),
], ids=["help", "list", "list-json", "show", "grade-carried"])
def test_light_commands_do_not_import_sympy(argv, stdin, shows):
    code = ("import sys; from bank.cli import cli\n"
            f"try: cli.main({argv!r}, prog_name='bank')\n"
            "except SystemExit: pass\n"
            "print('SYMPY' if 'sympy' in sys.modules else 'CLEAN', file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True, cwd=ROOT,
                         check=True)
    assert out.stderr.strip().endswith("CLEAN") and shows in out.stdout


def test_python_dash_m_bank():
    out = subprocess.run([sys.executable, "-m", "bank", "--version"], capture_output=True, text=True, check=True)
    assert "version" in out.stdout


def test_list_from_the_cache_needs_no_yaml_or_schema(tmp_path):
    """`bank list` ≤ 2× `import click` (issue 14): on a cache hit it imports neither PyYAML nor jsonschema,
    from any working folder (the cache's paths are relative to the questions folder). A miss on clean files
    needs only the compiled validator: the Python one is for explaining problems."""
    copy = tmp_path / "questions"
    shutil.copytree(QUESTIONS, copy)
    code = ("import sys; from bank.cli import cli\n"
            "try: cli.main(['list', '--questions', sys.argv[1]], prog_name='bank')\n"
            "except SystemExit: pass\n"
            "print(sorted({'yaml', 'jsonschema', 'jsonschema_rs', 'sympy'} & set(sys.modules)), file=sys.stderr)")
    env = {**os.environ, "BANK_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", code, str(copy)], capture_output=True, text=True, cwd=cwd,
                           env=env, check=True) for cwd in (ROOT, ROOT, tmp_path)]
    assert [r.stderr.strip() for r in runs] == ["['jsonschema_rs', 'yaml']", "[]", "[]"]
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout and "replica-boot-gap" in runs[2].stdout
