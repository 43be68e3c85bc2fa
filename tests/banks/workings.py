"""Reading the whiteboard workings under tests/banks/workings/ (shared by the bank tests)."""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

WORKINGS = Path(__file__).parent / "workings"


def final_number(line: str) -> tuple[F, F]:
    """The number after the last ``=`` of a working line, and half a unit of its last written digit.

    >>> final_number("Boot: 11.7 + 20 = 31.7 s")
    (Fraction(317, 10), Fraction(1, 20))
    """
    text = re.findall(r"\d[\d,]*(?:\.\d+)?", line.rsplit("=", 1)[-1])[0].replace(",", "")
    places = len(text.partition(".")[2])
    return F(text), F(1, 2 * 10**places)


def lines(qid: str, name: str) -> list[str]:
    """The lines of ``workings/<qid>/<name>.txt``."""
    return (WORKINGS / qid / f"{name}.txt").read_text().strip().splitlines()
