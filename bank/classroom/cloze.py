"""Moodle Cloze (``multianswer``) questions: one per variant, one NUMERICAL blank per answer part.

Moodle's *calculated* type computes one answer, so a question that asks for
several figures goes to Moodle as Embedded Answers (Cloze), which every
Moodle imports: each variant is its own question, with the problem in that
variant's numbers and a blank per part,

    drain time (s): {1:NUMERICAL:=54.000:0.05}
    drain cost (USD): {1:NUMERICAL:=0.045000:0.00005}

The tolerance is half a unit in the last place the key prints, as for
calculated and GIFT questions. The XML follows Moodle's own exporter,
``qformat_xml::writequestion()`` (type ``cloze``: name, question text,
general feedback, penalty, hidden, idnumber, tags; no ``defaultgrade``), and
the blank syntax is the one ``qtype_multianswer_extract_question()`` reads
(``ANSWER_REGEX``, ``NUMERICAL_ALTERNATIVE_REGEX``). All of a question's
variants sit in its category, so a quiz's *random question* from that
category gives each attempt one variant.

>>> from fractions import Fraction
>>> blank(Value(Fraction(54), "s", "fixed(1)"))
'{1:NUMERICAL:=54.000:0.05}'
"""

from __future__ import annotations

import html
from typing import Sequence

from ..model import Question, Value
from ..render import Part
from .key import KeyRow, decimal, half_unit, places


def blank(value: Value) -> str:
    """One NUMERICAL subquestion worth one mark: the exact answer to two more places than the key prints."""
    digits = places(value)
    answer = decimal(value.magnitude, max(digits + 2, 0))
    tolerance = decimal(half_unit(value), max(digits + 1, 0))
    return f"{{1:NUMERICAL:={answer}:{tolerance}}}"


def question_text(row: KeyRow) -> str:
    """The problem as HTML, then one labelled blank per answer part, in the order the problem asks."""
    from .export_html import markdown

    lines = [str(markdown(row.problem())).strip()]
    lines += [f"<p>{_prompt(part)}: {blank(part.value)}</p>" for part in row.parts]
    return "\n".join(lines)


def _prompt(part: Part) -> str:
    unit = f" ({part.value.unit})" if part.value.unit else ""
    return html.escape(f"{part.label}{unit}", quote=False).replace("{", "&#123;").replace("}", "&#125;")


def feedback(row: KeyRow) -> str:
    """The worked steps with this variant's numbers, and every answer."""
    steps = "".join(f"<li>{html.escape(text, quote=False)}</li>" for text in row.working())
    finals = "".join(f"<li>{html.escape(line, quote=False)}</li>" for line in row.final_lines())
    return f"<ol>{steps}</ol>\n<p>Final answers:</p>\n<ul>{finals}</ul>"


def question_xml(question: Question, rows: Sequence[KeyRow]) -> str:
    """Every variant of ``question`` as a Cloze question, in Moodle's export layout."""
    from .moodle import tags, writetext

    out = []
    for k, row in enumerate(rows, 1):
        name = f"{question.id} (variant {k} of {len(rows)}, seed {row.seed}): {question.title}"
        out += ["<!-- question: 0  -->\n", '  <question type="cloze">\n', "    <name>\n", writetext(name, 3),
                "    </name>\n", '    <questiontext format="html">\n', writetext(question_text(row), 3),
                "    </questiontext>\n", '    <generalfeedback format="html">\n', writetext(feedback(row), 3),
                "    </generalfeedback>\n", "    <penalty>0.3333333</penalty>\n", "    <hidden>0</hidden>\n",
                "    <idnumber></idnumber>\n", *tags(question), "  </question>\n\n"]
    return "".join(out)


__all__ = ["blank", "question_text", "feedback", "question_xml"]
