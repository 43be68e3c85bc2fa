"""Maths typed in a notes app's markup, read as the notation it stands for, column for column: Typst
(``$ 70 times 2 = 140 "GB" $``, ``frac(70, 6)``, ``approx``, ``arrow.r``) and AsciiMath between backticks
(```70 xx 2 = 140 "GB"```, ``~~`` for about, ``-:`` for divide).

Only what sits inside a maths span is rewritten: a pair of Typst's ``$`` whose inside has one of its words or a
quoted unit (``$5 times 3 = $15`` is money: a dollar before digits closes nothing), or a pair of backticks with
AsciiMath's words or a quoted unit inside. Other backticks are Markdown's code, and go, leaving what they hold:
a unit after them belongs to the value inside (```16 / 3.35 = 4.78` ms``). There
``"GB"`` is the unit GB, ``t_"step"`` the name ``t_step``, and each operator word its mark, padded to its width.
:mod:`bank.notation.respell` applies :func:`typst` before LaTeX's rewrite (which reads the ``\\$`` left for money).
"""

from __future__ import annotations

import re

#: Typst's and AsciiMath's words for what the notation writes as one mark (``quad`` is only space).
_MARKS = {"times": "×", "dot": "·", "dot.op": "·", "dot.c": "·", "div": "÷", "approx": "≈", "arrow.r": "→",
          "arrow.r.double": "⇒", "arrow": "→", "quad": "", "qquad": "", "space": "", "thin": "",
          "xx": "×", "cdot": "·", "~~": "≈", "-:": "÷", "|~": "ceil(", "~|": ")", "|__": "floor(", "__|": ")"}
_MARK = re.compile(r"\b(?:arrow\.r\.double|arrow\.r|dot\.op|dot\.c|times|dot|div|approx|arrow|quad|qquad|space|thin"
                   r"|xx|cdot)\b|~~|-:|\|~|~\||\|__|__\|")
#: A Typst maths span: ``$`` not after a letter or digit, its partner not before one (``$15`` is money).
_TYPST = re.compile(r"(?<![\w\\])\$(?!\$)((?:[^$\\]|\\\$)+?)(?<!\\)\$(?![\w$])")
_TYPST_SIGN = re.compile(r'"[^"]*"|\b(?:times|dot|approx|arrow\.r|quad|frac|ceil|floor|div)\b')
_BACKTICKS = re.compile(r"`([^`]+)`")
#: What marks backticks as AsciiMath rather than Markdown's code (```2.50 / 3600 = $0.000694```): its words or
#: a quoted unit.
_ASCIIMATH_SIGN = re.compile(r'"[^"]*"|\bxx\b|~~|-:|\|~|\|__|\bcdot\b')
#: ``"GB"``, ``t_"step"``: quoted text in maths is text; after ``_`` it is a subscript, part of the name.
_QUOTED = re.compile(r'(_?)"([^"]*)"')
_FRAC = re.compile(r"\bfrac\(")


def typst(text: str) -> str:
    r"""A line with Typst's or AsciiMath's maths in it, the maths read as plain notation.

    >>> typst('$ 20000 times 1500 = 30 "M tokens/day" $')
    '  20000 ×     1500 = 30  M tokens/day   '
    >>> typst('`t = 7.52 / 4.8 ~~ 1.57 "ms"` per step'), typst("$5 times 3 = $15")
    (' t = 7.52 / 4.8 ≈  1.57  ms   per step', '$5 times 3 = $15')
    >>> typst('`16 / 3.35 = 4.78` ms')
    ' 16 / 3.35 = 4.78  ms'
    >>> typst('$ frac(2.50, 22.5) approx \\$0.111 "/Mtok" $')
    '  ((2.50)/(22.5))  ≈      \\$0.111  /Mtok   '
    """
    if "$" not in text and "`" not in text:
        return text
    if "$" in text:
        text = _TYPST.sub(lambda m: _span(m, typst=True) if _TYPST_SIGN.search(m.group(1)) else m.group(), text)
    if "`" in text:
        text = _BACKTICKS.sub(lambda m: _span(m, typst=False) if _ASCIIMATH_SIGN.search(m.group(1))
                              else f" {m.group(1)} ", text)
    return text


def opens_maths(text: str) -> bool:
    """Whether a line opens with a Typst maths span (so its ``$`` is no shell prompt).

    >>> opens_maths('$ ceil(140 / 80) = 2 $ cards'), opens_maths("$ echo $((70*2))")
    (True, False)
    """
    m = _TYPST.match(text.lstrip())
    return m is not None and _TYPST_SIGN.search(m.group(1)) is not None


def _span(m: re.Match[str], typst: bool) -> str:
    inner = _QUOTED.sub(lambda q: (q.group(1) + q.group(2)).ljust(len(q.group())) if q.group(1)
                        else f" {q.group(2)} ", m.group(1))
    inner = _MARK.sub(lambda w: _MARKS[w.group()].ljust(len(w.group())), inner)
    if typst:
        inner = _fractions(inner)
    return f" {inner} "


def _fractions(text: str) -> str:
    """Typst's ``frac(a, b)`` as ``((a)/(b))``, padded to its width; nested ones too, innermost first."""
    for _ in range(8):  # a bound on nesting: each pass rewrites the innermost fractions
        calls = [(m.start(), _close(text, m.end())) for m in _FRAC.finditer(text)]
        found = [(start, parts) for start, parts in calls if parts is not None]
        if not found:
            return text
        pieces, at = [], 0  # rebuilt once a pass: a line of many fractions stays linear
        for start, (comma, end) in found:
            a, b = text[start + 5:comma].strip(), text[comma + 1:end].strip()
            pieces += [text[at:start], f"(({a})/({b}))".ljust(end + 1 - start)]
            at = end + 1
        text = "".join(pieces) + text[at:]
    return text


def _close(text: str, at: int) -> tuple[int, int] | None:
    """The top-level comma and the closing bracket of a call whose arguments start at ``at``; None for a call
    with a fraction inside (its turn comes after), or with other than two arguments."""
    depth, comma = 0, None
    for i in range(at, len(text)):
        ch = text[i]
        if ch == "(":
            if text.endswith("frac", 0, i):
                return None
            depth += 1
        elif ch == ")":
            if depth == 0:
                return (comma, i) if comma is not None else None
            depth -= 1
        elif ch == "," and depth == 0:
            if comma is not None:
                return None
            comma = i
    return None
