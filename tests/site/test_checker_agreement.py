"""Issue 10, the browser item: the page's final-answer check (checker.js, in Chromium) and Python's
`bank.grade.accepts` agree on every row of a table of answers, with no exceptions. The expected side
is computed from Python at test time, so the table tracks the library; only the answers are written
here. (Some of Python's verdicts look wrong to a tutor: `31.7 parsecs` and `10 basis points` are
right, since an unknown word after a number is a label. The note to the lead lists them.)"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bank.model import Value

pytestmark = pytest.mark.browser

#: (exact answer, unit, what a learner types): the same answers a tutor would see on paper.
TABLE = [
    *[("95/3", "s", a) for a in (
        "31.7", "31.67", "32", "31.6", "31.666667", "30", "about 30", "about 32", "≈ 31.7", "~32 s", "31.7 s",
        "31.7 sec", "31.7 seconds", "0.528 min", "0.53 min", "0.6 min", "31,667 ms", "31667 ms", "31.7 GB",
        "31.7 parsecs", "around 32 s", "roughly 32 s", "approximately 31.7 s", "32s", "0.0088 hours", "twelve",
        "", "31..7", "-31.7", "3.17e1", "3.17 x 10^1", "31.7 minutes")],
    *[("21900", "USD", a) for a in (
        "$21,900", "21900", "$21.9k", "$22,000", "about $22,000", "21,900 dollars", "21,900 USD", "$21900.00",
        "$21,901", "-$21,900", "$21.9 thousand", "USD 21,900", "$0.0219M", "2.19e4", "$2.19 x 10^4", "21.9k",
        "$21,900/year", "£21,900")],
    *[("-3", "USD", a) for a in ("-$3", "$-3", "$3", "−3", "-3", "-3.0", "minus 3")],
    *[("30000000", "token", a) for a in (
        "30M", "30 million", "3e7", "3 x 10^7", "0.03bn", "29M", "30,000,000", "30 million tokens", "30M tokens",
        "30 Mtoken", "about 30M", "30 mn", "30000 thousand", "3.0e7 tokens", "31M", "30 billion")],
    *[("10", "percent", a) for a in ("10%", "0.1", "10", "1%", "10 percent", "10.0%", "0.10", "about 10%",
                                       "9%", "0.1%")],
    *[("75", "percent", a) for a in ("75%", "75", "0.75", "7.5%", "0.7", "75 percent", "3/4", "ceiling( 1,50",
                                      "two twelve", "seventy-five percent", "point seven five", "is seventy-five",
                                      "about three quarters")],
    *[("30000000", "token", a) for a in ("3 e seven tokens", "thirty million tokens", "three e seven")],
    *[("1/2", "", a) for a in (".5", "0.5", "1/2", "0.50", "1", "0")],
    *[("35/3", "GB/s", a) for a in ("11.7", "11.7 GB/s", "11,700 MB/s", "11.7 GB per second", "11.67 GB/s",
                                    "0.0117 TB/s", "11.7 GB", "12 GB/s")],
    *[("2", "replica", a) for a in ("2", "2 replicas", "2 replica", "two", "2.0", "3 replicas", "about 2")],
    *[("70", "GB", a) for a in ("70 GB", "70", "70,000 MB", "0.07 TB", "70 GiB", "70GB", "7e10 B")],
    *[("5/2", "USD/hour", a) for a in ("$2.50/hour", "$2.50 per hour", "2.5", "$2.5/h", "$60/day", "$2.50")],
    # Slips a tutor sees: a power of ten, the wrong unit or prefix, bits for bytes, a rate per the wrong time.
    *[("95/3", "s", a) for a in ("33", "31.8 s", "3.17 s", "317 s", "0.317 min", "31.7 ms", "32 min")],
    *[("21900", "USD", a) for a in ("$2,190", "$219,000", "$21,000", "$21.9", "$21,900,000", "21.9")],
    *[("30000000", "token", a) for a in ("3M", "300M", "30,000", "30 thousand")],
    *[("10", "percent", a) for a in ("100%", "0.01", "10 basis points")],
    *[("35/3", "GB/s", a) for a in ("11.7 MB/s", "117 GB/s", "11.7 Gb/s", "11.7 GB/min")],
    *[("2", "replica", a) for a in ("1 replica", "2.5 replicas", "20 replicas")],
    *[("70", "GB", a) for a in ("70 MB", "7 GB", "700 GB", "70 Gb")],
    *[("5/2", "USD/hour", a) for a in ("$2.50/day", "$25/hour", "$0.25/hour", "$2.50/min")],
]


def _expected() -> list[str]:
    from bank.grade import accepts

    return ["right" if accepts(text, Value(Fraction(exact), unit)) else "not right" for exact, unit, text in TABLE]


def test_the_table_is_large_and_has_both_verdicts():
    got = _expected()
    assert len(TABLE) >= 100
    assert got.count("right") >= 30 and got.count("not right") >= 30


@pytest.fixture(scope="module")
def unit_table():
    from bank.site.fragments import unit_info
    from bank.model import Step, Worked

    def info(unit: str) -> dict:
        return unit_info(Worked("", (), (Step("x", "1", unit),), ("x",)))
    return {unit: info(unit) for unit in {u for _, u, _ in TABLE}}


def test_the_browser_check_agrees_with_bank_grade_accepts(page, server, unit_table):
    """checker.js in the page says "right" exactly when Python's `accepts` does, for every row."""
    page.goto(f"{server}practice-drills/drill-boot-time.html")
    page.wait_for_function("window.BankCheck && window.BANK_VOCABULARY")
    cases = [{"answer": text, "expected": {"exact": exact}, "unit": unit_table[unit]} for exact, unit, text in TABLE]
    statuses = page.evaluate("cases => cases.map(c => BankCheck.judge(c.answer, c.expected, c.unit).status)", cases)
    browser = ["right" if s == "right" else "not right" for s in statuses]
    python = _expected()
    disagree = [f"{row}: browser {b}, python {p}" for row, b, p in zip(TABLE, browser, python) if b != p]
    assert not disagree, "\n".join(disagree)
