"""Moodle XML: one *calculated* question per bank question, the variants as its dataset items.

A question with several answer parts cannot be a calculated question (one
formula, one answer); it goes out as one Cloze question per variant
(:mod:`.cloze`), in the same category.

Moodle picks one dataset item per attempt, so each student gets one of the
class's variants and Moodle itself marks the answer. The layout follows
Moodle's own exporter, ``qformat_xml::writequestion()`` in
``question/format/xml/format.php`` (case ``calculated``): the same elements,
attributes and order, the same CDATA rule for text, and a category question
first. ``tests/classroom/fixtures/moodle_calculated.xml`` is a fixture
written from that code, and the tests compare our output with it.

- Each param is a private dataset (wildcard ``{name}``) with one value per
  variant; the question text shows the wildcards in place of the numbers.
- The answer is a Moodle formula compiled from the worked steps (units
  folded in as constants), so Moodle computes every item's answer itself.
- The worked steps go in the general feedback, each value as a
  ``{=formula}`` that Moodle evaluates for the student's item.
- Moodle allows at most 100 dataset items per question
  (``qtype_calculated::MAX_DATASET_ITEMS``); more variants are split into
  parts of up to 100, all in one category per question.
"""

from __future__ import annotations

import functools
import html
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from ..formatting import NUMBER_FILTERS
from ..model import Param, Question, Step, Value, Worked
from ..plan import plan
from ..text import plain_links
from .assign import Handout
from .key import KeyRow, decimal, distinct_rows, half_unit, places

if TYPE_CHECKING:
    import sympy
    from sympy.printing.str import StrPrinter

NAME = "moodle.xml"

#: ``qtype_calculated::MAX_DATASET_ITEMS`` in Moodle.
MAX_ITEMS = 100

_REF = re.compile(r"\{\{-?\s*([A-Za-z_]\w*)\s*((?:\|[^}]*)?)-?\}\}")


# ----------------------------------------------------------------------------- formulas

def formula(worked: Worked, name: str | None = None) -> str:
    """A Moodle formula for step ``name`` (default: the result) in its declared unit, over ``{param}`` wildcards.

    Earlier steps are inlined and unit scales folded in as exact constants;
    sympy tidies the arithmetic (built from the tree, never from text).

    >>> from fractions import Fraction as F
    >>> from bank.model import Param, Step
    >>> w = Worked("", (Param("size", F(6), unit="GB"), Param("rate", F(2), unit="GB/s"), Param("n", F(2))),
    ...            (Step("took", "size / rate", unit="min"), Step("m", "ceil(took / 1 min * n) ^ 2", unit="")), ("m",))
    >>> formula(w, "took"), formula(w)
    ('{size}/(60*{rate})', 'pow(ceil({n}*{size}/(60*{rate})),2)')
    """
    import sympy

    from ..notation import to_sympy

    planned = plan(worked)
    name = name or worked.result
    env = {p.name: sympy.Symbol(p.name) * _rational(planned.units[p.name].scale) for p in worked.params}
    for step in worked.steps:
        env[step.name] = to_sympy(planned.trees[step.name], env)
        if step.name == name:
            break
    return _printer().doprint(env[name] / _rational(planned.units[name].scale))


def _rational(x: Fraction) -> sympy.Rational:
    import sympy

    return sympy.Rational(x.numerator, x.denominator)


@functools.lru_cache(maxsize=1)
def _printer() -> StrPrinter:
    from sympy.printing.str import StrPrinter

    class MoodlePrinter(StrPrinter):
        """Moodle's formula syntax: ``{name}`` wildcards, ``pow()``, and PHP's function names."""

        def _print_Symbol(self, expr: sympy.Symbol) -> str:
            return "{%s}" % expr.name

        def _print_Pow(self, expr: sympy.Pow, rational: bool = False) -> str:
            if expr.exp == -1:
                return "1/%s" % self.parenthesize(expr.base, 100)
            if expr.exp == sympy_half():
                return "sqrt(%s)" % self._print(expr.base)
            return "pow(%s,%s)" % (self._print(expr.base), self._print(expr.exp))

        def _print_Rational(self, expr: sympy.Rational) -> str:
            return _number(Fraction(int(expr.p), int(expr.q)))

        def _print_ceiling(self, expr: sympy.ceiling) -> str:
            return "ceil(%s)" % self._print(expr.args[0])

        def _print_floor(self, expr: sympy.floor) -> str:
            return "floor(%s)" % self._print(expr.args[0])

        def _print_Abs(self, expr: sympy.Abs) -> str:
            return "abs(%s)" % self._print(expr.args[0])

        def _print_Min(self, expr: sympy.Min) -> str:
            return "min(%s)" % ",".join(self._print(a) for a in expr.args)

        def _print_Max(self, expr: sympy.Max) -> str:
            return "max(%s)" % ",".join(self._print(a) for a in expr.args)

    return MoodlePrinter({"order": "none"})


def sympy_half() -> sympy.Rational:
    import sympy

    return sympy.Rational(1, 2)


def _number(x: Fraction) -> str:
    """Exact decimal text when the fraction has one, else ``(p/q)``."""
    den = x.denominator
    for prime in (2, 5):
        while den % prime == 0:
            den //= prime
    if den != 1:
        return f"({x.numerator}/{x.denominator})"
    digits = 0
    while (x * 10 ** digits).denominator != 1:
        digits += 1
    return decimal(x, digits)


# ----------------------------------------------------------------------------- text

def wildcard_text(template: str, worked: Worked, rounding: dict[str, int], names: dict[str, str],
                  rows: Sequence[KeyRow] = ()) -> str:
    """A prose template as Moodle HTML: params as ``{name}`` wildcards, steps as ``{=round(formula,d)}``.

    A word filter such as ``plural`` cannot vary per item in Moodle: it shows
    the word every item shares, else the form for a count other than one.
    Wildcards and formulas are swapped for plain tokens while Markdown
    renders, so a ``*`` in a formula never becomes emphasis.
    """
    params = {p.name for p in worked.params}
    own: dict[str, Param | Step] = {p.name: p for p in worked.params}
    own.update((s.name, s) for s in worked.steps)
    slots: list[str] = []

    def swap(m: re.Match) -> str:
        name, chain = m.group(1), m.group(2)
        filters = ([f.strip().split("(")[0] for f in chain.split("|")[1:]]
                   or [(own[name].format or "num").split("(")[0]])
        if any(f not in NUMBER_FILTERS for f in filters):
            slots.append(_words(m.group(0), name, rows))
        else:
            shown = f"{{{name}}}" if name in params else f"{{=round({formula(worked, name)},{rounding[name]})}}"
            slots.append(_decorate(shown, filters[-1], own[name].unit))
        return f"BANKSLOT{len(slots) - 1}X"

    markdown_text = plain_links(_REF.sub(swap, template).strip(), names)
    rendered = _html(markdown_text)
    return re.sub(r"BANKSLOT(\d+)X", lambda m: html.escape(slots[int(m.group(1))], quote=False), rendered)


def _decorate(shown: str, last_filter: str, unit: str) -> str:
    """What the number's filter adds around it: ``$`` for money, ``%`` for percent, the unit for duration."""
    if last_filter == "money":
        return f"${shown}"
    if last_filter == "percent":
        return f"{shown}%"
    return f"{shown} {unit}" if last_filter == "duration" and unit else shown


def _words(expression: str, name: str, rows: Sequence[KeyRow]) -> str:
    from ..text import render as render_text

    words = [render_text(expression, row.values) for row in rows]
    if len(set(words)) <= 1:
        return words[0] if words else ""
    return next(w for row, w in zip(rows, words) if row.values[name].magnitude != 1)


def _html(markdown_text: str) -> str:
    from .export_html import markdown

    return str(markdown(markdown_text)).strip()


# ----------------------------------------------------------------------------- XML

def xml_escape(text: str) -> str:
    """Moodle's rule: text that HTML-escaping would change goes in CDATA (split at any ``]]>``).

    >>> xml_escape("plain"), xml_escape("<p>a</p>")
    ('plain', '<![CDATA[<p>a</p>]]>')
    """
    if text and html.escape(text, quote=False).replace('"', "&quot;") != text:
        return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"
    return text


def writetext(text: str, indent: int = 0) -> str:
    return f"{'  ' * indent}<text>{xml_escape(text)}</text>\n"


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """``{"moodle.xml": ...}``: per question, a category and its calculated question(s)."""
    names = dict(rows[0].names) if rows else {}
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n']
    for question in handout.questions:
        variants = [row for row, _ in distinct_rows([r for r in rows if r.question is question])]
        out.append(_category(question, handout.seed))
        if question.worked is not None and len(question.worked.parts) > 1:
            from .cloze import question_xml as cloze_xml

            out.append(cloze_xml(question, variants))
            continue
        parts = [variants[i:i + MAX_ITEMS] for i in range(0, len(variants), MAX_ITEMS)]
        for k, part in enumerate(parts, 1):
            suffix = f" (part {k} of {len(parts)})" if len(parts) > 1 else ""
            out.append(question_xml(question, part, suffix, names))
    out.append("</quiz>\n")
    return {NAME: "".join(out).encode("utf-8")}


def _category(question: Question, seed: str) -> str:
    path = f"$course$/top/{question.bank}/{question.id} (seed {seed})"
    return ("<!-- question: 0  -->\n  <question type=\"category\">\n    <category>\n"
            f"      {writetext(path)}    </category>\n    <info format=\"html\">\n"
            f"      {writetext(question.title)}    </info>\n    <idnumber></idnumber>\n  </question>\n\n")


def question_xml(question: Question, rows: Sequence[KeyRow], suffix: str = "",
                 names: dict[str, str] | None = None) -> str:
    """One calculated question whose dataset items are ``rows``' variants, in Moodle's export layout."""
    worked = question.worked
    assert worked is not None, "only questions with a worked answer have variants"
    rounding = {s.name: max(places(row.values[s.name]) for row in rows) for s in worked.steps}
    text = wildcard_text(worked.problem + _unit_hint(rows[0].result), worked, rounding, names or {}, rows)
    steps = "\n".join(f"{i}. {s.text.strip()}" for i, s in enumerate(worked.steps, 1) if s.text)
    feedback = wildcard_text(steps, worked, rounding, names or {}, rows)
    lines = ["<!-- question: 0  -->\n", '  <question type="calculated">\n', "    <name>\n",
             writetext(f"{question.id}{suffix}: {question.title}", 3), "    </name>\n",
             '    <questiontext format="html">\n', writetext(text, 3), "    </questiontext>\n",
             '    <generalfeedback format="html">\n', writetext(feedback, 3), "    </generalfeedback>\n",
             "    <defaultgrade>1.0000000</defaultgrade>\n", "    <penalty>0.3333333</penalty>\n",
             "    <hidden>0</hidden>\n", "    <idnumber></idnumber>\n",
             "    <synchronize>0</synchronize>\n", "    <single>0</single>\n",
             "    <answernumbering>abc</answernumbering>\n", "    <shuffleanswers>0</shuffleanswers>\n"]
    for field, words in (("correctfeedback", "Your answer is correct."),
                         ("partiallycorrectfeedback", "Your answer is partially correct."),
                         ("incorrectfeedback", "Your answer is incorrect.")):
        lines += [f"    <{field}>\n", writetext(words, 3), f"    </{field}>\n"]
    lines.append(_answer(worked, rows))
    lines += ["    <unitgradingtype>0</unitgradingtype>\n", "    <unitpenalty>0.1000000</unitpenalty>\n",
              "    <showunits>3</showunits>\n", "    <unitsleft>0</unitsleft>\n"]
    lines.append(_datasets(worked, rows))
    lines += tags(question)
    lines.append("  </question>\n\n")
    return "".join(lines)


def _unit_hint(result: Value) -> str:
    return f"\n\nGive the answer in {result.unit}." if result.unit else ""


def _answer(worked: Worked, rows: Sequence[KeyRow]) -> str:
    tolerance, kind = _tolerance([row.result for row in rows])
    answer_format, length = _answer_format(rows)
    return ('<answer fraction="100">\n' + writetext(formula(worked))
            + f"    <tolerance>{tolerance}</tolerance>\n    <tolerancetype>{kind}</tolerancetype>\n"
            + f"    <correctanswerformat>{answer_format}</correctanswerformat>\n"
            + f"      <correctanswerlength>{length}</correctanswerlength>\n"
            + '      <feedback format="html">\n' + writetext("", 4) + "      </feedback>\n    </answer>\n")


def _tolerance(results: Sequence[Value]) -> tuple[str, int]:
    """Nominal (type 2) half a printed unit when every item shares it, else the largest relative one (type 1)."""
    halves = sorted({half_unit(v) for v in results})
    if len(halves) == 1:
        return _number(halves[0]), 2
    ratios = [half_unit(v) / abs(Fraction(v.magnitude)) for v in results if v.magnitude]
    worst = max(ratios, default=Fraction(1, 100))
    return decimal(worst, 6) if worst >= Fraction(1, 10**6) else "0.000001", 1


def _answer_format(rows: Sequence[KeyRow]) -> tuple[int, int]:
    """Moodle's correctanswerformat (1 decimals, 2 significant figures) and length, from the author's format."""
    result = rows[0].result
    name, _, arg = (result.format or "num").partition("(")
    if name in ("sig", "sci", "large", "duration"):
        return 2, int(arg.rstrip(")")) if arg else (2 if name == "sci" else 3)
    return 1, max(0, max(places(row.result) for row in rows))


def _datasets(worked: Worked, rows: Sequence[KeyRow]) -> str:
    out = ["<dataset_definitions>\n"]
    for param in worked.params:
        values = [row.assignment.variant.as_dict()[param.name] for row in rows]
        digits = max(max(_decimals(v) for v in values), _format_places(param.format))
        grid = param.grid()
        out += ["<dataset_definition>\n", f"    <status>{writetext('private')}</status>\n",
                f"    <name>{writetext(param.name)}</name>\n", "    <type>calculated</type>\n",
                f"    <distribution>{writetext('uniform')}</distribution>\n",
                f"    <minimum>{writetext(decimal(min(grid), digits))}</minimum>\n",
                f"    <maximum>{writetext(decimal(max(grid), digits))}</maximum>\n",
                f"    <decimals>{writetext(str(digits))}</decimals>\n",
                f"    <itemcount>{len(values)}</itemcount>\n", "    <dataset_items>\n"]
        for number, value in enumerate(values, 1):
            out += ["        <dataset_item>\n", f"           <number>{number}</number>\n",
                    f"           <value>{decimal(value, digits)}</value>\n", "        </dataset_item>\n"]
        out += ["    </dataset_items>\n", f"    <number_of_items>{len(values)}</number_of_items>\n",
                "</dataset_definition>\n"]
    out.append("</dataset_definitions>\n")
    return "".join(out)


def _format_places(spec: str | None) -> int:
    """Places a param's ``fixed(n)`` or ``money(n)`` format asks for (``$2.50``, not ``$2.5``)."""
    name, _, arg = (spec or "").partition("(")
    return int(arg.rstrip(")")) if name in ("fixed", "money") and arg else 0


def _decimals(x: Fraction) -> int:
    text = _number(Fraction(x))
    return len(text.split(".")[1]) if "." in text else (6 if text.startswith("(") else 0)


def tags(question: Question) -> list[str]:
    if not question.tags:
        return []
    return ["    <tags>\n", *(f"      <tag>{writetext(t)}</tag>\n" for t in question.tags), "    </tags>\n"]
