"""Round one hundred and eight: Scala's and Kotlin's REPLs (``scala> val t = 70/6.0``, then ``val t: Double =
11.666666666666666``; ``res0`` the value printed; Kotlin's ``>>> val``), the units library pint at Python's prompt
(``60 * ureg.GB``, ``.to("s")``, ``<Quantity(5.0, 'second')>``, ``print(…)``, prefixes spelled out: ``teraFLOP``), a
tuple in brackets at a prompt, and an RPN calculator's keystrokes typed up (``70 ENTER 6 ÷``, the display under them
or after an arrow).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s33-p[opq]-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

SCALA = ("scala> val t = 70/6.0\nval t: Double = 11.666666666666666\nscala> t + 20\n"
         "val res0: Double = 31.666666666666664\nscala> res0 - 20   // the read again\nval res1: Double = 11.67\n")
KOTLIN = ">>> val t = 70/6.0\n>>> t + 20\nres1: kotlin.Double = 31.666666666666664\n"
PINT = ('>>> read = (70 * ureg.GB / (6 * ureg.GB / ureg.s)).to("s"); read\n'
        "<Quantity(11.666666666666666, 'second')>\n>>> print(read + 20 * ureg.s)\n31.666666666666664 second\n")
RPN = "70 ENTER 6 ÷\n11.67 s to read\n20 +\ndisplay: 31.67\nLaunch to first token: 31.7 s.\n"


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("replica-boot-gap", SCALA, 1, "unmatched", None),
    ("replica-boot-gap", SCALA, 2, "correct", "read_time"),
    ("replica-boot-gap", SCALA, 4, "correct", "boot_time"),
    ("replica-boot-gap", SCALA.replace("t + 20", "t + 2").replace("31.666666666666664", "13.666666666666666"), 4,
     "slip", "boot_time"),
    ("replica-boot-gap", KOTLIN, 3, "correct", "boot_time"),
    ("weight-memory-precision", "scala> 70e9*2/1e9\nval res0: Double = 140.0\nscala> math.ceil(res0/80)\n"
     "val res1: Double = 2.0", 4, "correct", "cards16"),
    ("weight-memory-precision", "scala> (70e9*2/1e9, 70e9/1e9, 70e9*0.5/1e9)\n"
     "val res0: (Double, Double, Double) = (140.0,70.0,35.0)", 2, "correct", "w16"),
], ids=["typed-shows-no-value", "val-name-type-value", "res0-printed", "a-wrong-sum", "kotlin", "res0-is-a-name",
        "a-tuple-in-brackets"])
def test_scala_and_kotlin(qid, working, line, status, step):
    """A line typed at ``scala>`` shows no value; what the REPL prints, name and type aside, carries its working,
    and the name it prints (``res0``) is that value from then on."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("replica-boot-gap", PINT, 1, "unmatched", None),
    ("replica-boot-gap", PINT, 2, "correct", "read_time"),
    ("replica-boot-gap", PINT, 4, "correct", "boot_time"),
    ("decode-roofline-batch", "at batch 1: 16 gigaFLOP / 16 GB = 1 FLOP/B", 1, "correct", "intensity"),
], ids=["typed-shows-no-value", "a-quantity-printed", "print-of-a-sum", "a-prefix-spelled-out"])
def test_units_library(qid, working, line, status, step):
    """pint's units and conversions read as the arithmetic they do; what it prints is a value and its unit."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("working,line,status,step", [
    (RPN, 1, "unmatched", None),
    (RPN, 2, "correct", "read_time"),
    (RPN, 3, "unmatched", None),
    (RPN, 4, "correct", "boot_time"),
    ("70 ENTER 6 ÷\n11.67 s to read\n2 +\ndisplay: 13.67", 4, "slip", "boot_time"),
    ("70 ENTER 6 ÷ → 11.67 s, 20 + → 31.67 s to first token", 1, "correct", "boot_time"),
    ("70 ENTER 6 ÷ → 11.67 s, 2 + → 13.67 s to first token", 1, "slip", "boot_time"),
    ("70 ENTER 6 ÷ STO 1\n11.67\n20 ENTER RCL 1 +\n31.67", 4, "correct", "boot_time"),
], ids=["keys-show-no-value", "the-display-under-them", "keys-going-on-from-x", "display-colon", "a-wrong-key",
        "displays-after-arrows", "a-wrong-key-after-an-arrow", "a-stored-value"])
def test_rpn_keystrokes(working, line, status, step):
    """A line of RPN keystrokes is the sum it keys; the display shows its value."""
    assert_line("replica-boot-gap", None, working, line, status, step)
