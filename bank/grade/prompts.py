"""Other consoles' lines as Python's ``>>>`` prompt shows them, for :mod:`bank.grade.console` to read: a shell's
commands that print arithmetic (``$ echo "70*2" | bc``), an interactive ``bc`` and GNU ``units``, Mathematica's
and IPython's cells, a calculator's screen, Julia's, Haskell's, Ruby's and Node's prompts, MATLAB's and
Octave's command window, and PowerShell's console. A typed line becomes a ``>>>`` line (its names and functions
spelled as Python's), and what marks a printed value as printed (irb's ``=>``, ``Out[4]=``, MATLAB's ``ans =``,
``units``' ``*``) is blanked, columns kept.

>>> at_prompt("julia> w = 70e9 * 2 / 1e9", "140.0", False), at_prompt("PS C:\\\\> $w", "140", False)
('>>> w = 70e9 * 2 / 1e9', '>>> w')
"""

from __future__ import annotations

import re

from .. import notation as n
from ..notation.typst import opens_maths
from .console import ASSIGNS, NUMPY_TYPE, PRINTED, PROMPT, computed
from .state import State

#: A shell prompt before a command (``$ echo "70*2" | bc``), not a sum of money (``$ 2.50``).
_SHELL = re.compile(r"^\s*\$\s+(?=[a-z])")
#: Shell commands that print arithmetic: Python's ``-c``, ``bc``, ``awk``'s ``BEGIN`` and the shell's own ``$((…))``.
_SHELL_CODE = (
    re.compile(r"""python3?\s+-c\s+(["'])(?:import math\s*;\s*)?print\((?P<code>.*)\)\1"""),
    re.compile(r"""echo\s+(["'])(?:scale\s*=\s*\d+\s*;\s*)?(?P<code>[^"']*)\1\s*\|\s*bc(?:\s+-l)?"""),
    re.compile(r"""awk\s+(["'])BEGIN\s*\{\s*print\s+(?P<code>[^{}"']*?)\s*;?\s*\}\1"""),
    re.compile(r"""echo\s+\$\(\((?P<code>[^()]*(?:\([^()]*\)[^()]*)*)\)\)"""),
)


def _typed(code: str, comment: str = "", echo: str | None = None) -> str:
    """``code`` as a ``>>>`` line, its comment after ``#``; where the statement ``echo`` assigns (a REPL that prints
    what an assignment names), the name is shown after it, as Python would print it.

    >>> _typed("w = 70e9*2/1e9", " GB", echo="w = 70e9*2/1e9")
    '>>> w = 70e9*2/1e9; w  # GB'
    """
    named = ASSIGNS.match(echo) if echo is not None else None
    if named is not None:
        code += "; " + named.group().rstrip("= ").strip()
    return f"{PROMPT} {code}" + (f"  #{comment}" if comment else "")


def shell(raw: str) -> str | None:
    """A shell command that prints arithmetic, as the ``>>>`` line Python would print the same for (another
    command shows nothing to mark: ``>>>`` alone); None for a line that is no shell command.

    >>> shell('$ echo "70*2" | bc'), shell("$ awk 'BEGIN{print 140/80}'"), shell("$ 2.50 x 4 = $10")
    ('>>> 70*2', '>>> 140/80', None)
    >>> shell('$ python3 -c "print(180e9*2/1e9, 180e9/1e9)"'), shell("$ ls")
    ('>>> 180e9*2/1e9, 180e9/1e9', '>>>')
    """
    prompt = _SHELL.match(raw)
    if prompt is None or opens_maths(raw):  # "$ ceil(140 / 80) = 2 $": Typst's maths
        return None
    command = raw[prompt.end():].strip()
    found = next((m for m in (p.fullmatch(command) for p in _SHELL_CODE) if m is not None), None)
    return f"{PROMPT} {found['code']}" if found is not None else PROMPT


#: ``bc`` started at a shell prompt (``$ bc -l``): what is typed after it has no prompt of its own.
_BC = re.compile(r"^\s*\$\s+bc(?:\s+-[lqs]+)*\s*$")
#: What a ``bc`` session takes that shows no value: its precision, and the command that ends it.
_BC_QUIET = re.compile(r"^\s*(?:scale\s*=\s*\d+|quit|halt)\s*$")
#: Code typed into ``bc``: numbers, names, operators and brackets, no words side by side.
_BC_CODE = re.compile(r"^\s*\w[\w.\s()+\-*/^%=]*$")


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
    if _BC_CODE.match(raw) is None or PRINTED.match(following) is None and not ASSIGNS.match(raw):
        return None
    return f"{PROMPT} {_BC_LAST.sub('_', raw.strip())}"


#: bc's name for the last value printed, Python's ``_``.
_BC_LAST = re.compile(r"(?<![\w.])last(?![\w.])")


#: GNU ``units``: ``You have: 40 GB / (4 GB/s)``, then ``You want: s``, then the answer in it, ``* 10``.
_UNITS_HAVE = re.compile(r"^\s*You have:\s*")
_UNITS_WANT = re.compile(r"^\s*You want:\s*(?P<unit>\S(?:.*\S)?)\s*$")
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
    return _typed(text, echo=text.split(";")[-1])  # Mathematica prints what its last assignment gives


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


#: Scala's and Kotlin's REPLs: ``scala> val w = 70e9*2/1e9``, Kotlin's ``>>> val w = …`` (Python's own prompt).
_JVM = re.compile(r"^\s*(?:scala>|>>>(?=\s*(?:val|var)\s))\s?")
#: What they print: ``val w: Double = 140.0``, ``val res0: Double = 104.3``, Kotlin's ``res1: kotlin.Double = 140.0``.
_JVM_OUT = re.compile(r"^\s*(?:val\s+)?([A-Za-z_]\w*)\s*:\s*(?:[\w.]+|\([\w.,\s]+\))\s*=\s*(?=\(?-?[\d.])")
#: A ``Long`` or ``Float`` literal's letter: ``327680L`` is 327680.
_JVM_LITERAL = re.compile(r"(?<=\d)[LlFfDd]\b")


def jvm(raw: str) -> str | None:
    """A line typed at Scala's or Kotlin's REPL, as the ``>>>`` line Python would print the same for (``val``
    and ``var`` name a value, ``//`` opens a comment); None for any other line.

    >>> jvm("scala> val free = 80*0.9 - 8*2   // GB after weights"), jvm(">>> val w = 70e9*2/1e9")
    ('>>> free = 80*0.9 - 8*2; free  # GB after weights', '>>> w = 70e9*2/1e9; w')
    """
    m = _JVM.match(raw)
    if m is None:
        return None
    code, _, comment = raw[m.end():].partition("//")
    code = _JVM_LITERAL.sub("", re.sub(r"^\s*(?:val|var)\s+", "", code).rstrip())
    return _typed(code, comment, echo=code)  # the REPL prints what a val names


def printed_name(raw: str, prompted: bool) -> str | None:
    """The name a REPL's printed value goes by (``val res0: Double = 104.3``: ``res0``), after a typed line."""
    m = _JVM_OUT.match(raw) if prompted else None
    return None if m is None else m.group(1)


#: pint, a units library, at Python's prompt: ``60 * ureg.GB``, ``Q_(60, "GB")``, ``(w / bw).to("ms")``.
_PINT_UNIT = re.compile(r"(?:\s*([*/])\s*)?\b(?:ureg|u|units)\.([A-Za-z_]\w*)")
_PINT_QUANTITY = re.compile(r"\bQ_\(\s*([^,()]+?)\s*,\s*([\"'])([^\"']*)\2\s*\)")
#: What only changes how a quantity is shown, not its value: ``.to("GB")``, ``.to_compact()``, ``.magnitude``.
_PINT_SHOWN = re.compile(r"\.(?:to|ito|to_compact|to_base_units|to_reduced_units)\(\s*(?:([\"'])[^\"']*\1)?\s*\)"
                         r"|\.(?:magnitude|m)\b")
#: ``print(x)`` at the prompt prints x, as typing x does.
_PRINT_CALL = re.compile(r"^(\s*)print\((.*)\)\s*$")
#: What pint prints: ``<Quantity(5.0, 'second')>``, its unit spelled out (``1 / second``, ``teraFLOP``).
_PINT_OUT = re.compile(r"<Quantity\(\s*([-\d.eE+]+)\s*,\s*'([^']*)'\s*\)>")


def pint_code(raw: str) -> str:
    """A ``>>>`` line that uses pint, as plain arithmetic with units (a conversion keeps the value); any other
    line as it is.

    >>> pint_code(">>> step = ((16 + 8.59) * ureg.GB / bw).to('ms'); step")
    '>>> step = ((16 + 8.59) GB / bw); step'
    >>> pint_code('>>> print(Q_(989, "TFLOP/s").to_compact())')
    '>>> (989 TFLOP/s)'
    """
    if not raw.lstrip().startswith(PROMPT) or not ("ureg." in raw or "Q_(" in raw or "print(" in raw):
        return raw
    code = raw.split(PROMPT, 1)[1]
    printed = _PRINT_CALL.match(code)
    code = printed.group(1) + printed.group(2) if printed else code
    code = _PINT_SHOWN.sub("", _PINT_QUANTITY.sub(lambda m: f"({m.group(1)} {m.group(3)})", _PINT_UNIT.sub(_unit, code)))
    return f"{PROMPT}{code}"


def _unit(m: re.Match[str]) -> str:
    """``* ureg.GB`` as the unit of the number before it (`` GB``), ``/ ureg.s`` as a rate (``/s``)."""
    return {"*": " ", "/": "/", None: ""}[m.group(1)] + m.group(2)


def pint_out(raw: str) -> str:
    """What pint printed (``<Quantity(5.0, 'second')>``) as the value and its unit (``5.0 second``); in a tuple,
    the values alone.

    >>> pint_out("<Quantity(0.37, '1 / second')>"), pint_out("(<Quantity(7, 'USD')>, <Quantity(3, 'USD')>)")
    ('0.37 /second', '(7, 3)')
    """
    if "<Quantity(" not in raw:
        return raw
    several = len(_PINT_OUT.findall(raw)) > 1

    def shown(m: re.Match[str]) -> str:
        unit = m.group(2).replace("dimensionless", "").replace("1 / ", "/").replace(" / ", "/").replace(" * ", "·")
        return m.group(1) if several or not unit else f"{m.group(1)} {unit}"
    return _PINT_OUT.sub(shown, raw)


#: numpy 2's scalars as it prints them (``np.float64(20.0)``), and a one-dimensional array (``array([140., 70.])``).
_NUMPY_SCALAR = re.compile(rf"{NUMPY_TYPE}\(\s*(-?(?:\d[\d.]*(?:e[+-]?\d+)?|inf|nan))\s*\)")
_NUMPY_ARRAY = re.compile(r"^(\s*)array\(\[([^\[\]()]*)\]\)(\s*)$")


def numpy_out(raw: str) -> str:
    """What numpy printed, as Python prints a number or a tuple of them, columns kept: a scalar's value (its type
    blanked) and an array's values as a tuple.

    >>> numpy_out("(np.float64(4.776), np.float64(209.375))"), numpy_out("array([140.,  70.,  35.])")
    ('(           4.776 ,            209.375 )', '      (140.,  70.,  35.) ')
    """
    if "np." in raw:
        raw = _NUMPY_SCALAR.sub(lambda m: " " * (m.start(1) - m.start()) + m.group(1) + " " * (m.end() - m.end(1)),
                                raw)
    m = _NUMPY_ARRAY.match(raw) if "array([" in raw else None
    return raw if m is None else f"{m.group(1)}      ({m.group(2)}) {m.group(3)}"


#: Clojure's REPL: ``user=> (/ (* 70e9 2) 1e9)``; ``*1`` is the last value; ``(def w …)`` names one.
_CLOJURE = re.compile(r"^\s*(?:user|[\w-]+\.[\w.-]+)=>\s?(?=[(\[]|\*1|[A-Za-z][\w-]*\s*$)")
_CLOJURE_OPERATORS = {"+": "+", "-": "-", "*": "*", "/": "/"}
_CLOJURE_FUNCTIONS = {"Math/ceil": "ceil", "Math/floor": "floor", "Math/round": "round", "max": "max", "min": "min",
                      "int": "floor", "long": "floor", "double": "", "Math/sqrt": "sqrt", "Math/abs": "abs"}
#: What it prints for a ``def``: ``#'user/w``; an exact ratio: ``35/3``.
_CLOJURE_VAR = re.compile(r"^\s*#'[\w.-]+/[\w-]+\s*$")
_RATIO = re.compile(r"^(\s*)(-?\d+)/(\d+)(\s*)$")


def clojure(raw: str) -> str | None:
    """A form typed at Clojure's REPL, as the ``>>>`` line Python would print the same for; None for any other
    line. Forms this reader cannot write the usual way round (a ``defn``, a ``map``) show no value.

    >>> clojure("user=> (def w (/ (* 70e9 2) 1e9))"), clojure("user=> (Math/ceil (/ *1 80))")
    ('>>> w = ((70e9 * 2) / 1e9)', '>>> ceil((_ / 80))')
    """
    m = _CLOJURE.match(raw)
    if m is None:
        return None
    code = raw[m.end():].split(";", 1)[0]
    tokens = re.findall(r"[()\[\]]|[^\s()\[\]]+", code.replace("*1", "_"))
    try:
        form, rest = _form(tokens, 0, 0)
    except (IndexError, KeyError, ValueError):
        return PROMPT
    return f"{PROMPT} {form}" if rest == len(tokens) else PROMPT


def _form(tokens: list[str], i: int, depth: int) -> tuple[str, int]:
    """The form at ``tokens[i]`` written the usual way round, and where it ends."""
    if depth > 50:
        raise ValueError("too deep")
    if tokens[i] not in ("(", "["):
        if tokens[i] in (")", "]"):
            raise ValueError(tokens[i])
        return tokens[i], i + 1
    close = ")" if tokens[i] == "(" else "]"
    items, i = [], i + 1
    while tokens[i] != close:
        item, i = _form(tokens, i, depth + 1)
        items.append(item)
    if close == "]":
        return "(" + ", ".join(items) + ")", i + 1  # a vector prints as Python's tuple would
    head, args = items[0], items[1:]
    if head == "def" and len(args) == 2:
        return f"{args[0]} = {args[1]}", i + 1
    if head in _CLOJURE_OPERATORS and args:
        if head == "-" and len(args) == 1:
            return f"(-{args[0]})", i + 1
        return "(" + f" {head} ".join(args) + ")", i + 1
    return f"{_CLOJURE_FUNCTIONS[head]}({', '.join(args)})", i + 1


def clojure_out(raw: str, prompted: bool) -> str:
    """What Clojure printed, as Python would: a ``def``'s var shows no value (blank), an exact ratio its decimal.

    >>> clojure_out("35/3", True), clojure_out("#'user/kv", True)
    ('11.666666666666666', '')
    """
    if not prompted:
        return raw
    if _CLOJURE_VAR.match(raw):
        return ""
    ratio = _RATIO.match(raw)
    return raw if ratio is None else f"{ratio[1]}{int(ratio[2]) / int(ratio[3])!r}{ratio[4]}"


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
    return _typed(code, comment, echo=None if code.endswith(";") else code)  # a closing ";" prints nothing


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
                  or matlab(raw) or powershell(raw) or jvm(raw) or clojure(raw) or units_have(raw))
    if typed_line is None and raw.lstrip().startswith(PROMPT):
        return pint_code(raw)
    printed = clojure_out(_unmarked(raw) if prompted else raw, prompted)
    return typed_line or wolfram_out(pint_out(numpy_out(printed)))


def _unmarked(raw: str) -> str:
    """A line printed after a typed one, what marks it as printed blanked, columns kept (``units``' ``*``,
    MATLAB's ``ans =``, a JVM REPL's ``val res0: Double =``, irb's ``=>``: not ``=> 3 replicas``, an arrow).

    >>> _unmarked("ans = 750"), _unmarked("val res0: Double = 104.3"), _unmarked("free = 64 GB")
    ('      750', '                   104.3', 'free = 64 GB')
    """
    for mark in _PRINTED_MARKS:
        m = mark.match(raw)
        if m is not None:
            raw = " " * m.end() + raw[m.end():]
    return raw


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

    >>> powershell("PS C:\\\\> $usable = 0.9*80GB; [math]::Floor($usable/$seq)")
    '>>> usable = 0.9*(80*1073741824); floor(usable/seq)'
    """
    m = _POWERSHELL.match(raw)
    if m is None:
        return None
    code, _, comment = raw[m.end():].partition("#")
    code = _PS_MATH.sub(lambda f: _PS_FUNCTIONS.get(f[1].lower(), f[1].lower()) + "(", code)
    code = _PS_SIZE.sub(lambda x: f"({x[1]}*{1024 ** _PS_POWERS[x[2].upper()]})", code)
    return _typed(code.replace("$", "").rstrip(), comment)


#: What irb prints before a value.
_RUBY_OUT = re.compile(r"^\s*=>\s")
#: What marks a value as printed, tried in turn on a line after a typed one.
_PRINTED_MARKS = (_UNITS_OUT, _MATLAB_OUT, _JVM_OUT, _RUBY_OUT)


def wolfram_out(raw: str) -> str:
    """What Mathematica printed after ``Out[n]=``, as Python prints it (a list as a tuple), columns kept; any other
    line as it is.

    >>> wolfram_out("Out[4]= {13.6235, 435.951}")
    '        (13.6235, 435.951)'
    """
    m = WOLFRAM_OUT.match(raw)
    return raw if m is None else " " * m.end() + raw[m.end():].translate(_LIST_AS_TUPLE)
