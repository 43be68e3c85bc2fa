"""Working typed at a console: Python's ``>>>`` prompt and R's ``[1]``, as a tutor reads a pasted session (other
consoles' lines come here rewritten as Python's, by :mod:`bank.grade.prompts`).

A line typed at a prompt shows no value of its own: Python prints it on the next line. So a ``>>>`` line gives
its names their values (``>>> kv = 2 * 40 * 8 * 128``) and keeps what its last statement computes; the number
printed after it is that value, as if the learner had written ``kv = 81920``. R's ``load <- 70 / 6`` does the
same for the ``[1] 11.66667`` after it, and a script's ``kv = 2 * 40 * 8 * 128`` for the ``print(kv)  # 81920``
after it.

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> from bank.grade.state import State
>>> question = load().question("replica-boot-gap")
>>> state = State(reference(question, variant(question)))
>>> state.next_line = "31.7"
>>> typed(state, ">>> t = 70 / 6; t + 20"), sorted(state.variables), len(state.prompt)
(True, ['_', 't'], 1)
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..notation.lexer import Token
from ..notation.nodes import moved
from ..notation.parser import Parser
from ..notation.layout import opens_with_value
from ..units import Unit
from . import variables
from .state import State

#: A Python prompt: ``>>> ridge / ai``, with the value printed on the next line.
PROMPT = ">>>"
#: R: ``load <- 70 / 6`` assigns, and the console prints a value after ``[1]`` on the next line.
R_ASSIGN = re.compile(r"^(\s*[A-Za-z_][\w.]*\s*)<-")
R_PRINTED = re.compile(r"^\s*\[1\]")
#: A name given the value of the code after it (``load = ``).
NAMED = re.compile(r"^\s*[A-Za-z_][\w.]*\s*=(?!=)")
#: Python's assignment to one name or several (``cap, burst = 11, 14``), not a comparison.
ASSIGNS = re.compile(r"^\s*[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_]\w*)*\s*=(?!=)")
#: What Python prints for a number or a tuple of them: ``295.2238805970149``, ``(35.13, 2248.7)``.
PRINTED = re.compile(r"^\s*(\()?\s*-?\d[\d.eE+-]*(?:\s*,\s*-?\d[\d.eE+-]*)*\s*,?\s*(?(1)\))\s*$")
#: What ``print(a, b)`` prints: the values with a space between (``360.0 180.0``).
PRINTED_SPACED = re.compile(r"^\s*-?\d[\d.eE+-]*(?:[ \t]+-?\d[\d.eE+-]*)+\s*$")
#: A script's ``print(x)`` or ``print(f"{x:.1f} GB")`` with what it printed noted after ``#``: the argument, or
#: the one expression in the f-string's braces (before its format), then the comment.
_PRINT = re.compile(r"""^(\s*print\(\s*)(?:f(["'])[^{}"']*\{([^{}:!]+)(?:[:!][^{}]*)?\}[^{}"']*\2|([^()"'#]+))"""
                    r"(\s*\).*?)#")
#: The value in such a comment, after any words and ``=`` naming it (``# ttft = 641 ms``).
_NOTED = re.compile(r"#\s*(?:[A-Za-z_][\w ]{0,30}=\s*)?(?=[$~≈]?\s*\d)")
#: A module's name before a function (``math.ceil(``): the function is the same.
_MODULE = re.compile(r"\b(?:math|Math|np|numpy)\.(?=[a-z]+\s*\()")
#: numpy's scalar types, as it names them: ``np.float64``, ``numpy.int32``.
NUMPY_TYPE = r"\b(?:np|numpy)\.(?:float|int|uint)(?:16|32|64)"
#: A cast that keeps the value (``np.float64(1200)``, ``float(x)``): only its brackets are left.
_CAST = re.compile(rf"(?:{NUMPY_TYPE}|\bfloat)(?=\s*\()")
#: Dividing by one of these at a prompt changes a unit's prefix (k, M, G, T).
_PREFIXES = frozenset(Fraction(10) ** k for k in (3, 6, 9, 12))
#: Significant digits a printed float is read to: 34.27267074584961 is the machine's claim, not the learner's,
#: and it was worked from the values the learner noted (``# 3.355 GB``), not the ones Python held.
_PRINTED_DIGITS = 3


def printed_line(raw: str) -> str | None:
    """A script's print with what it printed noted after it reads as what it prints ``=`` that value, columns kept
    (``print(kv)  # 262144`` as ``kv = 262144``); None for any other line.

    >>> printed_line('print(f"{seq_gb:.1f} GB")  # 34.4 GB')
    '         seq_gb             =34.4 GB'
    """
    m, noted = _PRINT.match(raw), _NOTED.search(raw)
    if m is None or noted is None or noted.start() != m.end() - 1:
        return None
    what = m.start(3) if m.group(3) else m.start(4)
    end = m.end(3) if m.group(3) else m.end(4)
    return " " * what + raw[what:end] + " " * (noted.end() - end - 1) + "=" + raw[noted.end():]


def prints(line: str, name: str) -> bool:
    """Whether a line is a script's print, with its value noted, of an expression that names ``name``."""
    printed = printed_line(line)
    named = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
    return printed is not None and named.search(printed.partition("=")[0]) is not None


def code(state: State, raw: str) -> n.Node | None:
    """What a line of code computes (``ridge / ai``, ``load + 20``), read as the notation reads an author's
    expression, in the learner's values; None for anything else (a tuple, a result given on the line:
    ``rent / 10.8   # 0.2315``)."""
    text, _, comment = raw.partition("#")
    if opens_with_value(comment):
        return None
    tree = computed(state, text)
    return tree if tree is not None and n.has_operation(tree) else None


def typed(state: State, raw: str) -> bool:
    """Read a ``>>>`` line as Python reads it: each ``name = …`` statement gives the name its value, and a
    last statement that is an expression (``>>> ridge = 989 / 3.35; ridge``, or several: ``1 / t, 64 / t``)
    is kept in ``state.prompt`` for what is printed on the next line. True where the line is such code. False
    where it is not (``>>> import math``), or where its comment gives the value (``>>> w = 70e9 * 2  # 140
    GB``); a comment that only opens with a number (``# 16-bit``) gives none when Python prints the value."""
    text, _, comment = raw.split(PROMPT, 1)[1].partition("#")
    statements = [s for s in text.split(";") if s.strip()]
    if not statements or gives_value(text, comment) and not PRINTED.match(state.next_line):
        return False
    read_any, printed = False, []
    for statement in statements:
        assigns = ASSIGNS.match(statement)
        names, right = (statement[:assigns.end() - 1], statement[assigns.end():]) if assigns else ("", statement)
        values = [computed(state, part) for part in top_level(right)]
        if any(v is None for v in values):
            continue
        read_any = True
        kept = [v for v in values if v is not None]
        if names:  # "cap, burst = 10 * 1.1, 10 * 1.4" gives each name its value
            if len(names.split(",")) == len(kept):
                for name, value in zip(names.split(","), kept):
                    variables.keep(state.variables, name.strip(), value, typed=True)
        else:  # an expression: printed, a line each ("3 * rent; 2 * rent")
            printed.append(tuple(kept))
            if len(kept) == 1:
                variables.keep(state.variables, "_", kept[0])  # Python's name for the value it last printed
    if printed:
        state.prompt, state.printing = printed[0], tuple(printed[1:])
        last = statements[-1].strip()
        state.shown = last if len(printed) == 1 and last in state.variables else ""
    return read_any


def gives_value(code: str, comment: str) -> bool:
    """Whether a comment gives its line's value (``>>> w = 70e9 * 2  # 140 GB``), not a number the code already
    has (``>>> eff = 0.5 * 989e12  # 50% MFU``).

    >>> gives_value("w = 70e9 * 2 ", " 140 GB"), gives_value("eff = 0.5 * 989e12 ", " 50% MFU")
    (True, False)
    """
    if not opens_with_value(comment):
        return False
    said = _SAID.search(comment)
    if said is None:
        return True
    value = Fraction(said.group(1).replace(",", "")) / (100 if said.group(2) else 1)
    written = {Fraction(x) for x in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w.])", code)}
    return value not in written


#: The number a comment opens with, and whether it is a percentage.
_SAID = re.compile(r"^\s*[$~≈]?\s*(\d[\d,]*(?:\.\d+)?)\s*(%)?")


def answered(reading: n.Reading, prompt: n.Node | None) -> n.Reading:
    """A lone value printed after a ``>>>`` line is what that line computes: ``ridge / ai = 1224.13``."""
    chains = reading.chains
    if prompt is None or len(chains) != 1 or len(chains[0].segments) != 1 \
            or n.has_operation(chains[0].segments[0].node):
        return reading
    value = chains[0].segments[0]
    node = _printed(value.node)
    if isinstance(prompt, n.BinOp) and prompt.op == "/" and isinstance(prompt.right, n.Num) \
            and prompt.right.value in _PREFIXES and isinstance(node, n.Num):
        # "kv_tok * 8192 / 1e9" printing 2.684: gigabytes, the / 1e9 a change of prefix in the learner's head
        node = replace(node, value=node.value * prompt.right.value, resolution=node.resolution * prompt.right.value)
        prompt = prompt.left
    asked = n.Segment(moved(prompt, value.start, value.start), False, value.start, value.start)
    printed = replace(value, node=node, link="=")
    return replace(reading, chains=(replace(chains[0], segments=(asked, printed), claim=True),))


def name_printed(state: State, name: str, reading: n.Reading) -> None:
    """The value printed for a name shown at a prompt (MATLAB's ``arr = 7.5000``) is the name's from then on, as
    the learner saw it: later code that uses the name works from the 7.5 on the screen, as prose would."""
    chains = reading.chains
    if len(chains) == 1 and len(chains[0].segments) == 1 and isinstance(chains[0].segments[0].node, n.Num):
        variables.keep(state.variables, name, chains[0].segments[0].node, typed=True)
        variables.keep(state.variables, "_", chains[0].segments[0].node)


def is_printed(raw: str) -> bool:
    """Whether a line is a value as a console prints it (``295.2238805970149``, ``(35.13, 2248.7)``)."""
    return PRINTED.match(raw) is not None


def printed_tuple(raw: str, count: int) -> list[str] | None:
    """``(35.13, 2248.7)``, printed for ``>>> 1 / t, 64 / t``: the line once for each value, the others
    blanked (columns kept); None where the line prints no tuple of ``count`` values."""
    if count < 2 or not (PRINTED.match(raw) and "(" in raw or PRINTED_SPACED.match(raw)):
        return None
    spans = [m.span() for m in re.finditer(r"-?\d[\d.eE+-]*", raw)]
    if len(spans) != count:
        return None
    return [" " * a + raw[a:b] + " " * (len(raw) - b) for a, b in spans]


class _Code(Parser):
    """Code read as an author's expression, where the learner's names win over units (``flop / byts``)."""

    def __init__(self, text: str, names: frozenset[str]):
        super().__init__(text)
        self.names = names

    def unit_word(self, tok: Token) -> Unit | None:
        return None if tok.text in self.names else super().unit_word(tok)


def computed(state: State, text: str) -> n.Node | None:
    """``text`` read as code in the learner's values, or None (not arithmetic, or a name never given)."""
    known = state.ref.names | frozenset(state.variables)
    text = _MODULE.sub(lambda m: " " * len(m[0]), _CAST.sub(lambda m: " " * len(m[0]), text))
    try:
        tree = _Code(text, frozenset(state.variables)).parse_all()
    except NotationError:
        return None
    if any(x.id not in known for x in n.names(tree)):
        return None
    return variables.substitute_node(tree, state.variables)


def closing(text: str, start: int) -> int:
    """Where the bracket open just before ``start`` closes (``round(x, 2)``, a CTE's ``( select … )``), or the
    text's end.

    >>> closing("round(f(x), 2) + 1", 6)
    13
    """
    depth = 0
    for i in range(start, len(text)):
        depth += (text[i] == "(") - (text[i] == ")")
        if depth < 0:
            return i
    return len(text)


#: A rounding function opening its bracket, as the notation spells it.
_ROUNDING = re.compile(r"\b(?:ceil|floor|round)\s*\(", re.IGNORECASE)
#: The digits a rounding is to, after its last argument separator (``, 2``, ``;0``).
_ROUNDED_TO = re.compile(r"[;,]\s*(-?\d+)\s*$")


def digits_aside(expression: str) -> str:
    """A rounding's digits, as psql's ``round(x, 2)`` and a spreadsheet's ``ROUNDUP(B4;0)`` give them, column for
    column: to no digits the function rounds to a whole number and stays; to others it only sets the digits shown,
    and the value is the sum inside.

    >>> digits_aside("ceil(B6;0)"), digits_aside("round(140/3.35, 1)"), digits_aside("round(x)")
    ('ceil(B6  )', '     (140/3.35   )', 'round(x)')
    """
    for m in reversed(list(_ROUNDING.finditer(expression))):
        end = closing(expression, m.end())
        digits = _ROUNDED_TO.search(expression, m.end(), end)
        if digits is None:
            continue
        blank = " " * (end - digits.start())
        whole = int(digits.group(1)) == 0
        head = expression[m.start():m.end()] if whole else " " * (m.end() - m.start() - 1) + "("
        expression = expression[:m.start()] + head + expression[m.end():digits.start()] + blank + expression[end:]
    return expression


def top_level(statement: str) -> list[str]:
    """A statement split at the commas outside brackets (``1 / t, 64 / t``: a tuple), columns kept; a tuple in
    brackets (``(p*2/1e9, p/1e9)``) is split the same.

    >>> [p.strip() for p in top_level(" (p*2/1e9, max(p, 1))")]
    ['p*2/1e9', 'max(p, 1)']
    """
    inner = statement.strip()
    if inner.startswith("(") and closing(inner, 1) == len(inner) - 1:
        lead = statement.index("(")
        parts = top_level(" " * (lead + 1) + inner[1:-1])
        if len(parts) > 1:
            return parts
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(statement):
        depth += (ch in "([") - (ch in ")]")
        if ch == "," and depth == 0:
            parts.append(" " * start + statement[start:i])
            start = i + 1
    parts.append(" " * start + statement[start:])
    return parts


def _printed(node: n.Node) -> n.Node:
    if not isinstance(node, n.Num) or not node.value:
        return node
    place = Fraction(10) ** (math.floor(math.log10(abs(node.value))) - _PRINTED_DIGITS + 1)
    return replace(node, resolution=max(node.resolution, place))
