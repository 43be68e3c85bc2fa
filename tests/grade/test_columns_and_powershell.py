"""Round one hundred and six: PowerShell's console (``PS C:\\> $t = 70/6; $t``, ``[math]::Ceiling``, its ``1GB``
that is 2^30 bytes, and each statement of a line printing a line of its own), sums set out in columns as at school
(the operands stacked, a rule, partial products, the result under the last rule; a long division's quotient over
``6 ) 70.00``), other scripts' digits (Persian ``۷۰ × ۲ = ۱۴۰``, Arabic ``٧٠``, the decimal separator ``٫``), and a
Vietnamese speaker's scale words (``30 triệu``, ``70 tỷ``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s33-p*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

PS = "PS C:\\> $t = 70/6; $t\n11.6666666666667\nPS C:\\> $t + 20; $t * 2\n31.6666666666667\n23.3333333333333\n"
GIB = "PS C:\\> 70e9*2/1GB\n130.385160446167\nPS C:\\> 70e9*2/1e9\n140\nPS C:\\> [math]::Ceiling(140/80)\n2\n"
HOURS = "hours/yr:\n   365\nx   24\n------\n  1460\n  7300\n------\n  8760\n"
DIVISION = "      11.67\n6 ) 70.00\nread = 11.67 s\n   11.67\n+  20\n------\n   31.67 s\n"


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("replica-boot-gap", PS, 1, "unmatched", None),
    ("replica-boot-gap", PS, 2, "correct", "read_time"),
    ("replica-boot-gap", PS, 4, "correct", "boot_time"),
    ("replica-boot-gap", PS, 5, "unmatched", None),
    ("replica-boot-gap", PS.replace("$t + 20", "$t + 2").replace("31.6666666666667", "13.6666666666667"), 4, "slip",
     "boot_time"),
    ("weight-memory-precision", GIB, 4, "correct", "w16"),
    ("weight-memory-precision", GIB, 6, "correct", "cards16"),
], ids=["typed-shows-no-value", "a-variable-printed", "the-first-statement-prints-first",
        "the-second-prints-next", "a-wrong-sum", "after-a-gib-literal", "math-ceiling"])
def test_powershell(qid, working, line, status, step):
    """A line typed at ``PS C:\\>`` shows no value; each value it prints, a line each, carries its working."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("warm-pool-size", HOURS, 2, "unmatched", None),
    ("warm-pool-size", HOURS, 4, "unmatched", None),
    ("warm-pool-size", HOURS, 5, "unmatched", None),
    ("warm-pool-size", HOURS, 8, "correct", "hours_per_year"),
    ("warm-pool-size", HOURS.replace("8760", "8670"), 8, "slip", "hours_per_year"),
    ("replica-boot-gap", DIVISION, 1, "correct", "read_time"),
    ("replica-boot-gap", DIVISION, 2, "unmatched", None),
    ("replica-boot-gap", DIVISION, 7, "correct", "boot_time"),
    ("replica-boot-gap", "Answer\n------\n31.7 s", 3, "correct", "boot_time"),
], ids=["an-operand", "the-rule", "a-partial-product", "the-result-under-the-last-rule", "a-slip-in-the-result",
        "a-quotient-over-its-division", "the-division-bracket", "a-sum-with-a-unit", "a-heading-underlined"])
def test_sums_set_out_in_columns(qid, working, line, status, step):
    """The parts of a sum set out in columns show no value; its result is the sum's, as ``365 * 24 = 8760``."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("weight-memory-precision", "16-bit: ۷۰ × ۲ = ۱۴۰ GB", 1, "correct", "w16"),
    ("weight-memory-precision", "8-bit: ٧٠ × ١ = ٧٠ GB", 1, "correct", "w8"),
    ("weight-memory-precision", "4-bit: 70 × ۰٫۵ = ۳۵ GB", 1, "correct", "w4"),
    ("weight-memory-precision", "4-bit: 70 × ۰٫۵ = ۳۶ GB", 1, "slip", "w4"),
    ("cache-aware-routing", "tổng mỗi ngày: 20 nghìn × 1500 = 30 triệu token", 1, "correct", "daily_tokens"),
    ("weight-memory-precision", "16-bit: 70 tỷ × 2 byte = 140 GB", 1, "correct", "w16"),
], ids=["persian-digits", "arabic-digits", "persian-decimal-separator", "a-slip-in-persian", "vietnamese-trieu",
        "vietnamese-ty"])
def test_other_scripts_digits_and_scale_words(qid, working, line, status, step):
    """Digits of other scripts read as their ASCII digits; ``nghìn``, ``triệu`` and ``tỷ`` scale."""
    assert_line(qid, None, working, line, status, step)
