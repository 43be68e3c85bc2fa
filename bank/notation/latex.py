"""LaTeX typed into a working, read as the notation it stands for, column for column.

A candidate writing Markdown with maths types ``$70 \\times 2 = 140\\,\\text{GB}$`` or ``\\frac{140}{80}``;
:func:`latex` rewrites such a line into the marks the notation reads (``×``, ``(140)/(80)``, ``GB``), keeping every
mark in its column so that a caret still points where the learner typed. :mod:`bank.notation.respell` applies it
with its other rewrites.
"""

from __future__ import annotations

import re


#: LaTeX's commands for what the notation writes as one mark, each padded to the command's width (``\$`` keeps
#: its dollar next to the amount).
_LATEX_MARKS = {r"\times": "×", r"\cdot": "·", r"\div": "÷", r"\approx": "≈", r"\sim": "~", r"\simeq": "≈",
                r"\lceil": "ceil(", r"\rceil": ")", r"\lfloor": "floor(", r"\rfloor": ")", r"\left": "",
                r"\right": "", r"\Rightarrow": "⇒", r"\rightarrow": "→", r"\to": "→", r"\implies": "⇒",
                r"\Longrightarrow": "⇒", r"\leq": "≤", r"\le": "≤", r"\geq": "≥", r"\ge": "≥", r"\lt": "<",
                r"\gt": ">", r"\pm": "±", r"\%": "%", r"\$": " $", r"\,": "", r"\;": "", r"\:": "", r"\!": "", r"\ ": ""}
_LATEX_COMMAND = re.compile(r"\\(?:[A-Za-z]+|[,;:! %$])")
#: ``\frac{70}{6}``, ``\text{GB}``, ``^{13}``: braces around plain text (no braces inside).
_FRAC = re.compile(r"\\[dt]?frac\{((?:[^{}]|\{,\})*)\}\{((?:[^{}]|\{,\})*)\}")  # 19{,}600: a number (see the lexer)
_WRAPPED = re.compile(r"\\(?:text|mathrm|mathit|mathbf|textrm|operatorname)\{([^{}]*)\}")
_EXPONENT = re.compile(r"\^\{([^{}]*)\}")
#: ``t_{\text{miss}}``, ``b^*``: a subscript's braces and a starred name's star, which name, not compute.
_SUBSCRIPT = re.compile(r"(?<=\w)_\{\s*(\w*)\s*\}|(?<=\w)\^\*")


def latex(text: str) -> str:
    r"""A line in LaTeX reads as the notation it stands for: ``\times`` is ×, ``\frac{70}{6}`` is (70)/(6),
    ``\text{GB}`` is GB and ``$…$`` only marks maths (``\$`` is a dollar). Marks keep their columns; a fraction's
    parts move by two at most.

    >>> latex(r"$t = \frac{70}{6} \approx 11.7\,\text{s}$")
    ' t =   ((70)/(6)) ≈       11.7  s        '
    >>> latex(r"$t_{\text{miss}} = 3{,}920 \times 10^{-3}$.")
    ' t_miss          = 3{,}920 ×      10^(-3) .'
    >>> latex(r"\$2.50 \times 10^{3} = \lceil 2.4 \rceil")
    ' $2.50 ×      10^(3) = ceil(  2.4 )     '
    """
    if not _LATEX_COMMAND.search(text) and "^{" not in text:
        return text
    text = _WRAPPED.sub(_unwrapped, text)
    text = _SUBSCRIPT.sub(lambda m: "_" + (m.group(1) or "").ljust(len(m.group()) - 1) if m.group(1) is not None
                          else " " * len(m.group()), text)
    text = _EXPONENT.sub(lambda m: f"^({m.group(1)})", text)
    text = _FRAC.sub(lambda m: f"  (({m.group(1)})/({m.group(2)}))", text)
    text = _delimiters(text)
    return _LATEX_COMMAND.sub(lambda m: _LATEX_MARKS.get(m.group(), "").ljust(len(m.group())), text)


def _unwrapped(m: re.Match[str]) -> str:
    r"""``\text{B params}`` as its text, padded after (``13B params``), or not at all where a digit or letter
    follows (``70\text{e}9``: 70e9)."""
    following = m.string[m.end():m.end() + 1]
    return m.group(1) if following.isalnum() else m.group(1).ljust(len(m.group()))


def _delimiters(text: str) -> str:
    """LaTeX's ``$`` around maths blanked: all of them when they pair up, to the line's end (``$70 \\times 2$``),
    around commands (``$4 \\times 989$ FLOP``), or where money is escaped (``\\$2.50``); else those that cannot be
    money (``$W = …``, ``…140$``): ``$2.50`` stays money, as does an escaped ``\\$``."""
    dollars = [m.start() for m in re.finditer(r"(?<!\\)\$", text)]
    spans = [text[a:b] for a, b in zip(dollars[::2], dollars[1::2])]
    paired = len(dollars) % 2 == 0 and bool(dollars) and (
        not text[dollars[-1] + 1:].strip(" .,;:!?") or "\\$" in text or all("\\" in span for span in spans))
    out = list(text)
    for at in dollars:
        after, before = text[at + 1:at + 2], text[at - 1:at] if at else ""
        if paired or not after.isdigit() and after not in ".~≈" or before.isalnum() or before == "}":
            out[at] = " "
    return "".join(out)
