"""Round one hundred and ten: a notepad calculator (Soulver, Numi: ``gap = read + 20 s     31.67 s``, the answer in
the last column, ``// comments``), a Dutch speaker's scale words (``70 miljard``), Clojure's REPL (``user=> (/ 70 6)``,
then ``35/3``; ``(def t …)``, ``*1``), and a calculator's query with its answer under it (Google's ``= 31.67
seconds``, Wolfram|Alpha's ``Result:``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s33-p[wxyz]-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

NOTEPAD = ("# boot gap\nread = 70 GB / (6 GB/s)                       11.67 s\n"
           "gap = read + 20 s // to first token          31.67 s\n")
CLOJURE = ("user=> (def t (/ 70 6))\n#'user/t\nuser=> t\n35/3\nuser=> (+ *1 20)\n31.666666666666664\n"
           "user=> (speed 16)\n3\n")
GOOGLE = "70 GB / (6 GB/s)\n= 11.6667 seconds\n11.6667 s + 20 s\n= 31.6667 seconds\n"
WOLFRAM = "Input interpretation:\n70 GB / (6 GB/s) + 20 s\nResult:\n31.67 seconds\n"


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("replica-boot-gap", NOTEPAD, 2, "correct", "read_time"),
    ("replica-boot-gap", NOTEPAD, 3, "correct", "boot_time"),
    ("replica-boot-gap", NOTEPAD.replace("+ 20 s", "+ 2 s").replace("31.67", "13.67"), 3, "slip", "boot_time"),
    ("replica-boot-gap", "gap = 11.67 + 20 // to first token", 1, "correct", "boot_time"),
    ("replica-boot-gap", "140 // 80 = 1\n70 / 6 = 11.7", 2, "correct", "read_time"),
    ("weight-memory-precision", "16-bit: 70 miljard × 2 bytes = 140 GB", 1, "correct", "w16"),
], ids=["answer-in-the-last-column", "a-name-and-a-comment", "a-wrong-answer-column", "a-comment-in-words",
        "floor-division-stays", "dutch-miljard"])
def test_notepad_calculators(qid, working, line, status, step):
    """``name = working      answer``: the last column is the working's answer; ``// words`` is a comment."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("working,line,status,step", [
    (CLOJURE, 1, "unmatched", None),
    (CLOJURE, 2, "unmatched", None),
    (CLOJURE, 4, "correct", "read_time"),
    (CLOJURE, 6, "correct", "boot_time"),
    (CLOJURE, 7, "unmatched", None),
    (CLOJURE.replace("(+ *1 20)", "(+ *1 2)").replace("31.666666666666664", "13.666666666666666"), 6, "slip",
     "boot_time"),
    ("boot=> 31.7 s", 1, "correct", "boot_time"),
], ids=["def-shows-no-value", "the-var-it-prints", "a-ratio-printed", "star-one-is-the-last-value",
        "a-function-this-reader-cannot-run", "a-wrong-form", "an-arrow-after-a-word-is-no-prompt"])
def test_clojure(working, line, status, step):
    """A form typed at ``user=>`` is the sum it writes the other way round; what the REPL prints carries it."""
    assert_line("replica-boot-gap", None, working, line, status, step)


@pytest.mark.parametrize("working,line,status,step", [
    (GOOGLE, 1, "unmatched", None),
    (GOOGLE, 2, "correct", "read_time"),
    (GOOGLE, 4, "correct", "boot_time"),
    (GOOGLE.replace("+ 20 s", "+ 2 s").replace("31.6667", "13.6667"), 4, "slip", "boot_time"),
    (WOLFRAM, 2, "unmatched", None),
    (WOLFRAM, 4, "correct", "boot_time"),
], ids=["a-query", "its-answer-under-it", "the-next-query", "a-wrong-answer", "wolfram-input", "wolfram-result"])
def test_queries_and_answers(working, line, status, step):
    """A working typed as a query, with its answer on the line under it (or under ``Result:``), is marked there."""
    assert_line("replica-boot-gap", None, working, line, status, step)
