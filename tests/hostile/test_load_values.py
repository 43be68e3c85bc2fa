"""YAML values that crashed every command, ``list`` included (issue 11, item 12).

Each value goes into question ``q`` beside a healthy question ``ok``: ``bank
list`` must warn with the location and list ``ok``; ``bank check`` must print
the same located message and exit 1. Values that YAML 1.2 reads as numbers
(``7e1``) must load and check cleanly.
"""

from __future__ import annotations

import pytest

from .conftest import BASE_QUESTION, questions_folder, run_bank

Q = "questions/demo/q.yaml"
B = BASE_QUESTION

#: id -> (question text, the located message).
BAD = {
    "custom-tag": (B.replace("level: core", "level: !custom core"),
                   f"{Q}:2:8: tag `!custom` is not allowed in a question file; remove it"),
    "bad-binary": (B.replace("tags: [cold-start]", "tags: [cold-start]\nlogo: !!binary 'not base64!'"),
                   f"{Q}:5:7: tag `!!binary` is not allowed in a question file; remove it"),
    "set": (B.replace("tags: [cold-start]", "tags: !!set {cold-start}"),
            f"{Q}:4:7: tag `!!set` is not allowed in a question file; remove it"),
    "merge-5": (B.replace("  weights:\n", "  weights:\n    <<: 5\n"),
                f"{Q}:13:9: `<<` merges a mapping (`<<: *name`) or a list of them; this is neither"),
    "nan": (B.replace("default: 70", "default: .nan"),
            f"{Q}:13:14: `.nan` (not a number) cannot be used; write a number"),
    "inf": (B.replace("default: 70", "default: .inf"),
            f"{Q}:13:14: `.inf` is infinite or too large for a number (the limit is about 1.8e308)"),
    "1e400": (B.replace("default: 70", "default: 1e400"),
              f"{Q}:13:14: `1e400` is infinite or too large for a number (the limit is about 1.8e308)"),
    "5000-digits": (B.replace("default: 70", "default: " + "7" * 5000),
                    f"{Q}:13:14: a whole number of more than 100 digits is too long; "
                    "write it with an exponent, as in 1.5e30"),
    "bad-date": (B.replace("default: 70", "default: 2020-13-45"), f"{Q}:13:14: `default` should be a number, not a date"),
    "date": (B.replace("default: 70", "default: 2020-01-05"), f"{Q}:13:14: `default` should be a number, not a date"),
    "bad-int": (B.replace("default: 70", "default: !!int ''"), f"{Q}:13:14: `` is not a valid `!!int`"),
    "bad-bool": (B.replace("default: 70", "default: !!bool maybe"), f"{Q}:13:14: `maybe` is not a valid `!!bool`"),
    "alias-to-itself": (B.replace("tags: [cold-start]", "tags: &t [cold-start, *t]"),
                        f"{Q}:4:11: lists and mappings nest more than 50 deep here"),
    "nested-deep": (B.replace("tags: [cold-start]", "tags: " + "[" * 200 + "]" * 200),
                    f"{Q}:4:57: lists and mappings nest more than 50 deep here"),
    "list-as-key": (B.replace("tags: [cold-start]", "tags: [cold-start]\n? [a, b]\n: 1"),
                    f"{Q}:5:3: a key must be a word, not a list or a mapping"),
    "two-documents": (B + "---\nid: other\n", f"{Q}:42:1: YAML: but found another document"),
    "duplicate-key": (B.replace("level: core", "level: core\nlevel: hard"), f"{Q}:3:1: duplicate key `level`"),
}

#: Values that must simply work: YAML 1.2 floats and merge keys.
GOOD = {
    "7e1": B.replace("default: 70", "default: 7e1"),
    "1.2e2-as-float": B.replace("default: 70", "default: 0.7e2"),
    "merge": B.replace("  weights:\n    default: 70\n", "  weights: &w\n    default: 70\n").replace(
        "  init_time:\n    default: 20\n", "  init_time:\n    <<: *w\n    default: 20\n"),
}


@pytest.mark.parametrize("case", list(BAD), ids=list(BAD))
def test_a_bad_value_is_located_and_list_carries_on(case, tmp_path, home):
    text, message = BAD[case]
    questions_folder(tmp_path, {"demo/q.yaml": text})
    listed = run_bank(["list", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20, memory_mb=512)
    assert listed.returncode == 0 and "  ok  core" in listed.output and f"(first: {message}" in listed.output
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=30)
    assert checked.returncode == 1 and message in checked.output.splitlines()


@pytest.mark.parametrize("case", list(GOOD), ids=list(GOOD))
def test_a_yaml_12_number_or_a_merge_loads(case, tmp_path, home):
    questions_folder(tmp_path, {"demo/q.yaml": GOOD[case]})
    checked = run_bank(["check", "-n", "2", "--questions", "questions"], cwd=tmp_path, env=home, timeout=30)
    assert checked.returncode == 0, checked.output
    shown = run_bank(["show", "q", "--questions", "questions"], cwd=tmp_path, env=home, timeout=20)
    assert "A replica reads 70 GB at 6 GB/s" in shown.output
