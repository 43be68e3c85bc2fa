"""Compare the grader with the hand-marked corpus (tests/grade/corpus): one check per line, one per answer part.

A line agrees when the grader gives the tutor's status and, for a line the tutor
ties to steps (correct, carried, slip), one of those steps is the grader's step for
it or is credited by it. An answer part agrees when its final status is the tutor's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

CORPUS = Path(__file__).parent / "corpus"
#: Workings held out: marked the same way, measured, never used to change the grader (holdout/README.md).
HOLDOUT = Path(__file__).parent / "holdout"
#: Workings spoken aloud and transcribed, numbers in words: measured, not yet read (spoken/README.md).
SPOKEN = Path(__file__).parent / "spoken"


@dataclass(frozen=True)
class Check:
    working: str
    where: str  # "line 3" or "final" / "final 2"
    expected: str
    got: str
    ok: bool


def workings(folder: Path = CORPUS) -> list[Path]:
    return sorted(folder.glob("*/*.yaml"))


def load_working(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def grade_working(data: dict, library):
    from bank.grade import grade
    from bank.variant import variant

    from fractions import Fraction

    q = library.question(data["question"])
    seed = data.get("seed")
    if data.get("params"):  # pinned values: the numbers the working was marked on
        v = variant(q, params={k: Fraction(str(x)) for k, x in data["params"].items()})
    else:
        v = variant(q, None if seed is None else str(seed))
    return grade(q, v, data["working"])


def checks(path: Path, library) -> list[Check]:
    """Every check for one working."""
    data = load_working(path)
    report = grade_working(data, library)
    name = f"{path.parent.name}/{path.stem}"
    by_line = {x.n: x for x in report.lines}
    out = []
    for mark in data["marks"]:
        got = by_line.get(mark["line"])
        out.append(_line_check(name, mark, got))
    finals = data["final"] if isinstance(data["final"], list) else [data["final"]]
    parts = getattr(report, "parts", None) or (report.final,)
    for i, want in enumerate(finals):
        have = parts[i].status if i < len(parts) else "absent"
        where = "final" if len(finals) == 1 else f"final {i + 1}"
        out.append(Check(name, where, want, have, want == have))
    return out


def _line_check(name: str, mark: dict, got) -> Check:
    want_status, want_steps = mark["status"], set(mark.get("steps") or ())
    where = f"line {mark['line']}"
    expected = want_status + (f" {sorted(want_steps)}" if want_steps else "")
    if got is None:
        return Check(name, where, expected, "no verdict", False)
    touched = {got.step} | set(got.credits) if got.step else set(got.credits)
    shown = got.status + (f" {got.step}" if got.step else "") + (f" ({got.message})" if got.message else "")
    ok = got.status == want_status and (not want_steps or bool(want_steps & touched)
                                         or want_status == "unmatched")
    return Check(name, where, expected, shown, ok)


def agreement(library, folder: Path = CORPUS) -> tuple[int, int, list[Check]]:
    """(agreeing checks, all checks, the disagreements) over the workings in ``folder``."""
    every = [c for path in workings(folder) for c in checks(path, library)]
    wrong = [c for c in every if not c.ok]
    return len(every) - len(wrong), len(every), wrong
