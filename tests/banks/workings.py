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
    >>> final_number("Prefill: 16 GFLOP x 4,000 = 6.4e13 FLOP")
    (Fraction(64000000000000, 1), Fraction(500000000000, 1))
    """
    found = re.findall(r"\d[\d,]*(?:\.\d+)?(?:e-?\d+)?", line.rsplit("=", 1)[-1])[0].replace(",", "")
    mantissa, _, exponent = found.partition("e")
    places = len(mantissa.partition(".")[2])
    scale = F(10) ** int(exponent or 0)
    return F(mantissa) * scale, F(1, 2 * 10**places) * scale


def lines(qid: str, name: str) -> list[str]:
    """The lines of ``workings/<qid>/<name>.txt``."""
    return (WORKINGS / qid / f"{name}.txt").read_text().strip().splitlines()


def states(working: list[str], exact: F) -> bool:
    """Whether some line of a working ends by stating ``exact``, to the precision it is written.

    After ``about`` or ``≈`` a whole number counts to its significant figures: ``about 3,050`` is
    3,045 to 3,055.

    >>> states(["Read: 70 / 6 = 11.7 s", "Boot: 11.7 + 20 = about 32 s"], F(95, 3))
    True
    >>> states(["Fleet: 4 x 762 = about 3,050 tokens/s"], F(3047))
    True
    """
    for line in working:
        if "=" not in line:
            continue
        given, half = final_number(line)
        tail = line.rsplit("=", 1)[-1]
        if half == F(1, 2) and ("about" in tail or "≈" in tail) and given:
            zeros = len(str(given.numerator)) - len(str(given.numerator).rstrip("0"))
            half = F(10**zeros, 2)
        if abs(given - exact) <= half:
            return True
    return False
