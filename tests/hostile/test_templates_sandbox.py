"""Prose templates can run no code and cannot hang (issue 11, item 1).

Before the fix, ``{{ lipsum.__globals__['os'].system('…') }}`` in a takeaway
ran a shell command on ``bank show`` and ``bank check`` said "no problems".
Now prose is a small checked language rendered in jinja's immutable sandbox
(see :mod:`bank.text`): each case is a located ``bank check`` error, and
``show`` and ``build`` refuse it cleanly, quickly, and without running anything.
"""

from __future__ import annotations

import pytest

from .conftest import BASE_QUESTION, questions_folder, run_bank

Q = "questions/demo/q.yaml"
HINT = "print a name, as in {{ rent | money }}"


def takeaway(template: str) -> str:
    return BASE_QUESTION.replace("takeaway: Boot takes about {{ boot_time }} s.", f"takeaway: \"{template}\"")


PROSE_ONLY = """id: q
level: core
title: Why drain before scaling in?
tags: [drain]
answer: |
  Requests in flight finish first.
  {{ cycler.__init__.__globals__.os.popen('touch PWNED').read() }}
takeaway: Drain, then remove.
"""

TERM = """id: t
term: Tail latency
definition: The slowest requests.
explanation: "{{ joiner.__init__.__globals__['os'].system('touch PWNED') }}"
example:
  problem: "{{ n }} requests."
  params: {n: {default: 3, min: 1, max: 5, step: 1}}
  steps:
    - {name: twice, label: twice, expr: n * 2, text: "{{ twice }}"}
  result: twice
"""

#: id -> (files, located message).
CASES = {
    "lipsum-os-system": ({"demo/q.yaml": takeaway("{{ lipsum.__globals__['os'].system('touch PWNED') }}")},
                         f"{Q}:7:21: attribute `.__globals__` is not allowed in prose: {HINT}"),
    "class-init-globals-builtins": (
        {"demo/q.yaml": takeaway("{{ boot_time.__class__.__init__.__globals__['__builtins__'] }}")},
        f"{Q}:7:24: attribute `.__class__` is not allowed in prose: {HINT}"),
    "for-over-huge-ranges": (
        {"demo/q.yaml": takeaway("{% for i in range(999999999) %}{% for j in range(999999999) %}x"
                                 "{% endfor %}{% endfor %}")},
        f"{Q}:7:12: `{{% for %}}` is not allowed in prose: {HINT}"),
    "fixed-100000000": ({"demo/q.yaml": takeaway("{{ boot_time | fixed(100000000) }}")},
                        f"{Q}:7:25: `fixed(100000000)` is out of range: at most 20"),
    "string-times-a-billion": ({"demo/q.yaml": takeaway("{{ 'a' * 1000000000 }}")},
                               f"{Q}:7:19: arithmetic is not allowed in prose: add a step and print it"),
    "unknown-filter": ({"demo/q.yaml": takeaway("{{ boot_time | attr('__class__') }}")},
                       f"{Q}:7:25: unknown filter `attr`"),
    "self": ({"demo/q.yaml": takeaway("{{ self }}")}, f"{Q}:7:15: `self` is a reserved name in templates"),
    "set": ({"demo/q.yaml": takeaway("{% set x = boot_time %}{{ x }}")}, f"{Q}:7:12: `{{% set %}}` is not allowed in prose: {HINT}"),
    "prose-only-question": ({"demo/q.yaml": PROSE_ONLY},
                            f"{Q}:7:12: attribute `.__init__` is not allowed in prose: {HINT}"),
    "glossary-explanation": ({"glossary/t.yaml": TERM},
                             f"questions/glossary/t.yaml:4:24: attribute `.__init__` is not allowed in prose: {HINT}"),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_check_locates_and_nothing_runs(case, tmp_path, home):
    files, message = CASES[case]
    questions_folder(tmp_path, files)
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=15)
    assert checked.returncode == 1 and message in checked.output.splitlines()
    built = run_bank(["build", "--out", "site", "--questions", "questions"], cwd=tmp_path, env=home, timeout=30)
    assert built.returncode == 1 and not (tmp_path / "site").exists()
    if "demo/q.yaml" in files:
        shown = run_bank(["show", "q", "--questions", "questions"], cwd=tmp_path, env=home, timeout=15)
        assert shown.returncode == 1 and message.split(": ", 1)[1] in shown.output
    assert not (tmp_path / "PWNED").exists()


def test_filters_within_their_bounds_still_render(tmp_path, home):
    questions_folder(tmp_path, {"demo/q.yaml": takeaway("{{ boot_time | fixed(20) }} {{ boot_time | sig(2) }}")})
    shown = run_bank(["show", "q", "--questions", "questions"], cwd=tmp_path, env=home, timeout=15)
    assert "Takeaway: 31.66666666666666666667 32" in shown.output


@pytest.mark.parametrize("source", ["{{ lipsum }}", "{{ range }}", "{{ cycler }}", "{{ namespace }}", "{{ dict }}"],
                         ids=["lipsum", "range", "cycler", "namespace", "dict"])
def test_the_sandbox_has_no_globals(source):
    from bank.text import TemplateError, render

    with pytest.raises(TemplateError, match="is undefined"):
        render(source, {})


FLOODS = {
    "typed-numbers": (" ".join(str(i % 100) for i in range(150_000)), "typed numbers"),
    "unknown-names": (" ".join(f"{{{{ n{i} }}}}" for i in range(40_000)), "unknown names"),
    "unknown-links": (" ".join(f"[[t{i}]]" for i in range(60_000)), "links to unknown terms"),
}


@pytest.mark.parametrize("case", list(FLOODS), ids=list(FLOODS))
def test_a_flood_of_problems_in_one_field_is_counted_not_listed(case, tmp_path, home):
    """Each problem used to re-read and re-search the file: 150,000 of them ran for minutes."""
    text, what = FLOODS[case]
    questions_folder(tmp_path, {"demo/q.yaml": takeaway(text)})
    checked = run_bank(["check", "-n", "1", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert checked.returncode == 1 and len(checked.output.splitlines()) == 12
    assert f"{Q}:7:11: ... and " in checked.output and f" more {what} in this field" in checked.output
