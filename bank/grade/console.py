"""Working typed at a console: Python's ``>>>`` prompt (IPython's ``In [1]:`` too) and R's ``[1]``, as a tutor reads a
pasted session.

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
#: A shell prompt before a command (``$ echo "70*2" | bc``), not a sum of money (``$ 2.50``).
_SHELL = re.compile(r"^\s*\$\s+(?=[a-z])")
#: Shell commands that print arithmetic: Python's ``-c``, ``bc``, ``awk``'s ``BEGIN`` and the shell's own ``$((…))``.
_SHELL_CODE = (
    re.compile(r"""python3?\s+-c\s+(["'])(?:import math\s*;\s*)?print\((?P<code>.*)\)\1"""),
    re.compile(r"""echo\s+(["'])(?:scale\s*=\s*\d+\s*;\s*)?(?P<code>[^"']*)\1\s*\|\s*bc(?:\s+-l)?"""),
    re.compile(r"""awk\s+(["'])BEGIN\s*\{\s*print\s+(?P<code>[^{}"']*?)\s*;?\s*\}\1"""),
    re.compile(r"""echo\s+\$\(\((?P<code>[^()]*(?:\([^()]*\)[^()]*)*)\)\)"""),
)
#: A name given the value of the code after it (``load = ``).
NAMED = re.compile(r"^\s*[A-Za-z_][\w.]*\s*=(?!=)")
#: Python's assignment to one name or several (``cap, burst = 11, 14``), not a comparison.
_ASSIGNS = re.compile(r"^\s*[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_]\w*)*\s*=(?!=)")
#: What Python prints for a number or a tuple of them: ``295.2238805970149``, ``(35.13, 2248.7)``.
_PRINTED = re.compile(r"^\s*(\()?\s*-?\d[\d.eE+-]*(?:\s*,\s*-?\d[\d.eE+-]*)*\s*,?\s*(?(1)\))\s*$")
#: What ``print(a, b)`` prints: the values with a space between (``360.0 180.0``).
_PRINTED_SPACED = re.compile(r"^\s*-?\d[\d.eE+-]*(?:[ \t]+-?\d[\d.eE+-]*)+\s*$")
#: A script's ``print(x)`` or ``print(f"{x:.1f} GB")`` with what it printed noted after ``#``: the argument, or
#: the one expression in the f-string's braces (before its format), then the comment.
_PRINT = re.compile(r"""^(\s*print\(\s*)(?:f(["'])[^{}"']*\{([^{}:!]+)(?:[:!][^{}]*)?\}[^{}"']*\2|([^()"'#]+))"""
                    r"(\s*\).*?)#")
#: The value in such a comment, after any words and ``=`` naming it (``# ttft = 641 ms``).
_NOTED = re.compile(r"#\s*(?:[A-Za-z_][\w ]{0,30}=\s*)?(?=[$~≈]?\s*\d)")
#: A module's name before a function (``math.ceil(``): the function is the same.
_MODULE = re.compile(r"\b(?:math|np|numpy)\.(?=[a-z]+\s*\()")
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


def shell(raw: str) -> str | None:
    """A shell command that prints arithmetic, as the ``>>>`` line Python would print the same for (another
    command shows nothing to mark: ``>>>`` alone); None for a line that is no shell command.

    >>> shell('$ echo "70*2" | bc'), shell("$ awk 'BEGIN{print 140/80}'"), shell("$ 2.50 x 4 = $10")
    ('>>> 70*2', '>>> 140/80', None)
    >>> shell('$ python3 -c "print(180e9*2/1e9, 180e9/1e9)"'), shell("$ ls")
    ('>>> 180e9*2/1e9, 180e9/1e9', '>>>')
    """
    prompt = _SHELL.match(raw)
    if prompt is None:
        return None
    command = raw[prompt.end():].strip()
    found = next((m for m in (p.fullmatch(command) for p in _SHELL_CODE) if m is not None), None)
    return f"{PROMPT} {found['code']}" if found is not None else PROMPT


#: ``bc`` started at a shell prompt (``$ bc -l``): what is typed after it has no prompt of its own.
_BC = re.compile(r"^\s*\$\s+bc(?:\s+-[lqs]+)*\s*$")
#: What a ``bc`` session takes that shows no value: its precision, and the command that ends it.
_BC_QUIET = re.compile(r"^\s*(?:scale\s*=\s*\d+|quit|halt)\s*$")
#: Code typed into ``bc``: numbers, names, operators and brackets, no words side by side.
_BC_CODE = re.compile(r"^\s*[\w.]+(?:\s*=)?[\w.\s()+\-*/^%]*$")


def session(state: State, raw: str) -> bool:
    """Follow an interactive ``bc``: True for a line that shows no value (``$ bc -l``, ``scale=2``, ``quit``);
    a sum typed into it, with its result on the next line, is read as a ``>>>`` line by :func:`at_prompt`."""
    if _BC.match(raw):
        state.session = "bc"
        return True
    if state.session and (raw.lstrip().startswith("$") or raw.lstrip().startswith(">>>")):
        state.session = ""
    if state.session and _BC_QUIET.match(raw):
        if raw.strip() in ("quit", "halt"):
            state.session = ""
        return True
    return False


def bc_typed(raw: str, following: str) -> str | None:
    """A sum typed into ``bc`` (``4.50*17.50/60``), its result printed on the next line, as a ``>>>`` line (bc's
    ``last`` is Python's ``_``); None for any other line.

    >>> bc_typed("700/40", "17.50"), bc_typed("so 17.5 s", "")
    ('>>> 700/40', None)
    """
    if _BC_CODE.match(raw) is None or _PRINTED.match(following) is None and not _ASSIGNS.match(raw):
        return None
    return f"{PROMPT} {_BC_LAST.sub('_', raw.strip())}"


#: bc's name for the last value printed, Python's ``_``.
_BC_LAST = re.compile(r"(?<![\w.])last(?![\w.])")


#: GNU ``units``: ``You have: 40 GB / (4 GB/s)``, then ``You want: s``, then the answer in it, ``* 10``.
_UNITS_HAVE = re.compile(r"^\s*You have:\s*")
_UNITS_WANT = re.compile(r"^\s*You want:\s*(?P<unit>\S.*?)\s*$")
_UNITS_OUT = re.compile(r"^\s*\*\s*(?=-?[\d.])")


def units_have(raw: str) -> str | None:
    """What is typed after GNU ``units``' ``You have:``, as a ``>>>`` line; None for any other line.

    >>> units_have("You have: 4.75 dollar/hour * 365 days")
    '>>> 4.75 dollar/hour * 365 days'
    """
    m = _UNITS_HAVE.match(raw)
    return None if m is None else f"{PROMPT} {raw[m.end():].strip()}"


def units_want(state: State, raw: str, prompt: tuple[n.Node, ...]) -> bool:
    """``You want: s`` after ``You have:``: the value asked for becomes the typed amount over one of that unit,
    so the ``* 10`` under it is a plain number. True where the line is that."""
    m = _UNITS_WANT.match(raw)
    if m is None or len(prompt) != 1:
        return False
    unit = computed(state, f"1 {m['unit']}")
    state.prompt = prompt if unit is None else (n.BinOp(prompt[0].start, prompt[0].end, "/", prompt[0], unit),)
    return True


#: Mathematica's prompts: ``In[1]:= 2 80 8 128 2`` then ``Out[1]= 327680``; IPython's ``Out[1]: 327680`` too.
_WOLFRAM_IN = re.compile(r"^\s*In\[\d+\]\s*:=\s*")
WOLFRAM_OUT = re.compile(r"^\s*Out\s?\[\d+\]\s*(?://\s*\w+\s*)?[=:]\s*")
#: IPython's prompt, ``In [3]: 70e9 * 2 / 1e9``, and the ``...:`` of a cell's further lines.
_IPYTHON_IN = re.compile(r"^\s*(?:In\s?\[\d+\]|\.{3,}):(?!=)\s?")
#: Mathematica's words for Python's functions (``Ceiling[140/80]``); ``N[…]`` and ``// N`` only ask for a decimal.
_WOLFRAM_FUNCTIONS = {"Ceiling": "ceil", "Floor": "floor", "Round": "round", "Max": "max", "Min": "min",
                      "Sqrt": "sqrt", "Abs": "abs", "N": ""}
#: Mathematica's lists are Python's tuples: ``{1/tb, 32/tb}`` prints ``{13.6235, 435.951}``.
_LIST_AS_TUPLE = str.maketrans("{}[]", "()()")


def wolfram(raw: str) -> str | None:
    """A line typed at Mathematica's ``In[n]:=`` prompt, as the ``>>>`` line Python would print the same for; None
    for any other line.

    >>> wolfram("In[1]:= 2 80 8 128 2"), wolfram("In[3]:= Ceiling[360/141]"), wolfram("In[2]:= 327680 8192/10^9 // N")
    ('>>> 2*80*8*128*2', '>>> ceil(360/141)', '>>> 327680*8192/10^9')
    >>> wolfram("In[1]:= t1 = N[16/335]"), wolfram("In[4]:= {1/tb, 32/tb}")
    ('>>> t1 = (16/335); t1', '>>> (1/tb, 32/tb)')
    """
    m = _WOLFRAM_IN.match(raw)
    if m is None:
        return None
    text = re.sub(r"//\s*N\b", "", raw[m.end():]).strip().rstrip(";")
    text = re.sub(r"\b([A-Z][a-z]*)\[", lambda f: _WOLFRAM_FUNCTIONS.get(f.group(1), f.group(1)) + "(", text)
    text = re.sub(r"(?<=[\w.)])[ \t]+(?=[\w(])", "*", text.translate(_LIST_AS_TUPLE))  # "2 80 8": a space multiplies
    last = _ASSIGNS.match(text.split(";")[-1])
    if last is not None:  # Mathematica prints what an assignment gives, as Python would print the name
        text += "; " + last.group().rstrip("= ").strip()
    return f"{PROMPT} {text}"


def ipython(raw: str) -> str | None:
    """A line of an IPython cell (``In [3]: kv = 2 * 80 * 8 * 128 * 2``, then ``   ...: kv``), as the ``>>>`` line
    Python's own prompt shows; None for any other line.

    >>> ipython("In [3]: 70e9 * 2 / 1e9"), ipython("   ...: kv_seq"), ipython("In [4]:")
    ('>>> 70e9 * 2 / 1e9', '>>> kv_seq', '>>> ')
    """
    m = _IPYTHON_IN.match(raw)
    return None if m is None else f"{PROMPT} {raw[m.end():]}"


#: What a calculator's screen shows: a sum keyed in (``7E10*2/1E9``, ``Ans+20``), with no ``=`` and no words, and
#: the result under it pushed to the right (``          140``).
_KEYED = re.compile(r"^\s*(?=.*(?:[\d)]|Ans)\s*[-+*/^×÷]\s*[\d(A.])"
                    r"[\d\s.,()+\-*/^×÷E]*(?:Ans[\d\s.,()+\-*/^×÷E]*)*$")
_SHOWN = re.compile(r"^\s{4,}-?(?:\d[\d.]*|\.\d+)(?:E[+-]?\d+)?\s*$")


def calculator(raw: str, following: str) -> str | None:
    """A sum keyed into a calculator whose screen shows the result on the next line, as the ``>>>`` line Python
    would print the same for (``Ans``, the last result, is Python's ``_``); None for any other line.

    >>> calculator("Ans/536870912", "               119.2092896"), calculator("70/6", "11.7 s")
    ('>>> _/536870912', None)
    """
    if _KEYED.match(raw) is None or _SHOWN.match(following) is None:
        return None
    return f"{PROMPT} {raw.strip().replace('Ans', '_')}"


#: Other languages' prompts: Julia's ``julia>``, Haskell's ``ghci>``, Ruby's ``irb(main):001:0>``, Node's ``>``.
_REPL = re.compile(r"^\s*(?:julia>|ghci>|irb\([\w]+\):\d+:\d+>|>(?!>)(?=\s*[\w(.]))\s?")
#: Their names for the last value printed, Python's ``_``.
_LAST = re.compile(r"\b(?:ans|it)\b")
#: Words side by side: prose after a bare ``>``, an email's quote, not code.
_PROSE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")


def repl(raw: str) -> str | None:
    """A line typed at another language's prompt, as the ``>>>`` line Python would print the same for (``let``
    binds, ``ans`` and ``it`` are the last value); None for any other line.

    >>> repl("ghci> it + 55"), repl("julia> w = 70e9 * 2 / 1e9;"), repl("> The rule adds 25%")
    ('>>> _ + 55', '>>> w = 70e9 * 2 / 1e9;', None)
    """
    m = _REPL.match(raw)
    if m is None or raw.lstrip().startswith(">") and _PROSE.search(raw):
        return None
    code = re.sub(r"^let\s+", "", raw[m.end():].strip())
    return f"{PROMPT} {_LAST.sub('_', code)}"


#: MATLAB's and Octave's prompt, ``>>`` (Python's is ``>>>``).
_MATLAB = re.compile(r"^\s*>>(?!>)\s?")
#: MATLAB's element-wise operators, which are Python's own on numbers: ``.*``, ``./``, ``.^``.
_ELEMENTWISE = re.compile(r"(?<!\d)\.(?=[*/^])|(?<=\d)\.(?=[*/^]\s*[A-Za-z(])")
#: What MATLAB prints for a value: ``w = 140``, or ``w =`` with the value on a line below.
_MATLAB_OUT = re.compile(r"^\s*[A-Za-z_]\w*\s*=\s*(?=-?[\d.][\d.]*(?:e[+-]?\d+)?\s*$)")
_MATLAB_HEAD = re.compile(r"^\s*[A-Za-z_]\w*\s*=\s*$")


def matlab(raw: str) -> str | None:
    """A line typed at MATLAB's or Octave's ``>>``, as the ``>>>`` line Python would print the same for: an
    assignment prints its name's value unless a ``;`` ends it, ``ans`` is the last value, ``%`` opens a comment;
    None for any other line (a quoted email's ``>> How many cards?``).

    >>> matlab(">> w = 70e9*2/1e9"), matlab(">> ceil(ans);  % whole cards"), matlab(">> How many cards?")
    ('>>> w = 70e9*2/1e9; w', '>>> ceil(_);  # whole cards', None)
    """
    m = _MATLAB.match(raw)
    if m is None:
        return None
    code, _, comment = raw[m.end():].partition("%")
    if _PROSE.search(code):
        return None
    code = _ELEMENTWISE.sub("", _LAST.sub("_", code.rstrip()))
    named = _ASSIGNS.match(code)
    if named is not None and not code.endswith(";"):
        code += "; " + named.group().rstrip("= ").strip()
    return f"{PROMPT} {code}" + (f"  #{comment}" if comment else "")


def matlab_out(raw: str, prompted: bool) -> str:
    """The value MATLAB printed (``ans = 750``, ``w = 140.0000``), columns kept, when the line before was typed
    at a prompt; any other line as it is.

    >>> matlab_out("ans = 750", True), matlab_out("free = 64 GB", True)
    ('      750', 'free = 64 GB')
    """
    m = _MATLAB_OUT.match(raw) if prompted else None
    return raw if m is None else " " * m.end() + raw[m.end():]


def heading(raw: str, prompted: bool) -> bool:
    """Whether a line is MATLAB's ``ans =`` (or ``w =``) after a typed line, its value printed on a line below."""
    return prompted and _MATLAB_HEAD.match(raw) is not None


def at_prompt(raw: str, following: str, prompted: bool) -> str:
    """A line of any console session as Python's would show it: a typed line as a ``>>>`` line (a shell's, Mathematica's,
    IPython's, a calculator's, Julia's and others', MATLAB's), a printed value with what marks it as printed
    (irb's ``=>``, ``Out[4]=``, MATLAB's ``ans =``) blanked; any other line as it is. ``prompted``: the line
    before was typed at a prompt; ``following``: the next line, for a calculator's result.

    >>> at_prompt("julia> w = 70e9 * 2 / 1e9", "140.0", False), at_prompt("=> 140.0", "", True)
    ('>>> w = 70e9 * 2 / 1e9', '   140.0')
    """
    typed_line = (shell(raw) or wolfram(raw) or ipython(raw) or calculator(raw, following) or repl(raw)
                  or matlab(raw) or powershell(raw) or units_have(raw))
    return typed_line or wolfram_out(ruby_out(matlab_out(units_out(raw, prompted), prompted), prompted))


def units_out(raw: str, prompted: bool) -> str:
    """GNU ``units``' answer (``* 41610``), columns kept, after the unit asked for; any other line as it is."""
    m = _UNITS_OUT.match(raw) if prompted else None
    return raw if m is None else " " * m.end() + raw[m.end():]


#: PowerShell's prompt, ``PS C:\\> `` or ``PS> ``.
_POWERSHELL = re.compile(r"^\s*PS(?:\s+[A-Za-z]:\\[^>]*)?>\s?")
#: Its .NET maths (``[math]::Ceiling(x)``) as Python's functions.
_PS_MATH = re.compile(r"\[math\]::(\w+)\s*\(", re.IGNORECASE)
_PS_FUNCTIONS = {"ceiling": "ceil", "floor": "floor", "round": "round", "max": "max", "min": "min", "sqrt": "sqrt",
                 "truncate": "floor", "abs": "abs"}
#: Its size literals, powers of 1024: ``80GB`` is 80 × 2^30 bytes.
_PS_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(KB|MB|GB|TB|PB)(?![\w/])", re.IGNORECASE)
_PS_POWERS = {"KB": 1, "MB": 2, "GB": 3, "TB": 4, "PB": 5}


def powershell(raw: str) -> str | None:
    """A line typed at PowerShell's prompt, as the ``>>>`` line Python would print the same for: ``$`` names its
    variables, ``[math]::Ceiling`` is ``ceil``, and a size literal is the number of bytes it stands for; None for
    any other line.

    >>> powershell("PS C:\\> $usable = 0.9*80GB; [math]::Floor($usable/$seq)")
    '>>> usable = 0.9*(80*1073741824); floor(usable/seq)'
    """
    m = _POWERSHELL.match(raw)
    if m is None:
        return None
    code, _, comment = raw[m.end():].partition("#")
    code = _PS_MATH.sub(lambda f: _PS_FUNCTIONS.get(f[1].lower(), f[1].lower()) + "(", code)
    code = _PS_SIZE.sub(lambda x: f"({x[1]}*{1024 ** _PS_POWERS[x[2].upper()]})", code)
    return f"{PROMPT} {code.replace('$', '').rstrip()}" + (f"  #{comment}" if comment else "")


#: What irb prints before a value.
_RUBY_OUT = re.compile(r"^\s*=>\s")


def ruby_out(raw: str, prompted: bool) -> str:
    """What irb printed after ``=>`` (``=> 140.0``), columns kept, when the line before was typed at a prompt; any
    other line as it is (``=> 3 replicas`` is an arrow)."""
    m = _RUBY_OUT.match(raw) if prompted else None
    return raw if m is None else " " * m.end() + raw[m.end():]


def wolfram_out(raw: str) -> str:
    """What Mathematica printed after ``Out[n]=``, as Python prints it (a list as a tuple), columns kept; any other
    line as it is.

    >>> wolfram_out("Out[4]= {13.6235, 435.951}")
    '        (13.6235, 435.951)'
    """
    m = WOLFRAM_OUT.match(raw)
    return raw if m is None else " " * m.end() + raw[m.end():].translate(_LIST_AS_TUPLE)



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
    if not statements or gives_value(text, comment) and not _PRINTED.match(state.next_line):
        return False
    read_any, printed = False, []
    for statement in statements:
        assigns = _ASSIGNS.match(statement)
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
    return _PRINTED.match(raw) is not None


def printed_tuple(raw: str, count: int) -> list[str] | None:
    """``(35.13, 2248.7)``, printed for ``>>> 1 / t, 64 / t``: the line once for each value, the others
    blanked (columns kept); None where the line prints no tuple of ``count`` values."""
    if count < 2 or not (_PRINTED.match(raw) and "(" in raw or _PRINTED_SPACED.match(raw)):
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
    text = _MODULE.sub(lambda m: " " * len(m[0]), text)
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
    """A statement split at the commas outside brackets (``1 / t, 64 / t``: a tuple), columns kept."""
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
