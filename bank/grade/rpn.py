"""An RPN calculator's keystrokes typed up, as on an HP-12C: ``14400 ENTER 25 % +``, then what the display showed,
on the next line (``18,000.00``, ``display: 18,000.00``) or after an arrow on the same one (``… ÷ → 0.80``).

The keys are run on a stack of sums written out, so a line of keystrokes becomes the sum it keyed: on its own,
the ``>>>`` line Python would print the display for; with its display after an arrow, the claim ``sum = display``.
A line that goes on from the display (``1/x 1000 ×``) starts from the value in X, as the calculator does.

>>> calc, line = keyed(None, "14400 ENTER 25 % +", False)
>>> line
'>>> ((14400) + ((14400) * (25) / 100))'
>>> display(calc, "18,000.00 tok/s to provision"), keyed(calc, "1500 ÷ → 12.00 serving replicas", True)[1]
('18,000.00 tok/s to provision', '(((14400) + ((14400) * (25) / 100)) / (1500)) = 12.00 serving replicas')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Keys on one line, and the length of the sum they build, beyond which a line is not read as keystrokes.
MAX_KEYS = 200
MAX_SUM = 2000
_NUMBER = re.compile(r"^-?(?:\d[\d,]*\.?\d*|\.\d+)$")
_BINARY = {"+": "+", "-": "-", "−": "-", "×": "*", "*": "*", "x": "*", "÷": "/", "/": "/", "y^x": "^", "yx": "^",
           "yˣ": "^"}
_ENTER = {"ENTER", "ENTER↑", "Enter", "enter"}
_SWAP = {"x<>y", "x↔y", "X<>Y", "x⇄y"}
_ONE_ARGUMENT = {"STO", "RCL", "f", "FIX"}
#: An arrow before what the display showed: ``… ÷ → 0.80``.
_ARROW = re.compile(r"\s*(?:→|->)\s*")
_SHOWN = re.compile(r"^\s*(?:display:\s*)?(-?[\d,]*\.?\d+)(?:\s+(-?\d{1,2})(?![\d.,]))?")


@dataclass
class Calculator:
    """The stack (sums written out, X last), the registers, and whether a number typed now lifts the stack."""

    stack: list[str] = field(default_factory=list)
    registers: dict[str, str] = field(default_factory=dict)
    lift: bool = True

    def keyed(self, keys: str) -> str | None:
        """The sum a run of keystrokes leaves in X, or None where the text is not keystrokes (prose, a sum typed
        the usual way round: ``70 / 6``)."""
        tokens = keys.replace("(", " ").replace(")", " ").split()
        if not tokens or len(tokens) > MAX_KEYS or _NUMBER.match(tokens[-1]) and not (len(tokens) > 1 and tokens[-2] in _ONE_ARGUMENT | {"EEX"}):
            return None
        saved = (list(self.stack), dict(self.registers), self.lift)
        try:
            for i, token in enumerate(tokens):
                if i and tokens[i - 1] in _ONE_ARGUMENT:
                    continue
                self._press(token, tokens[i + 1] if i + 1 < len(tokens) else "")
                if len(self.stack[-1]) > MAX_SUM:
                    raise IndexError("too long a sum")
        except (KeyError, IndexError):
            self.stack, self.registers, self.lift = saved
            return None
        return self.stack[-1] if self.stack else None

    def shown(self, value: str) -> None:
        """The display showed ``value``: X holds it (to every digit the calculator keeps, where X was keyed here)."""
        if not self.stack:
            self.stack.append(f"({value})")
        self.lift = True

    def _press(self, key: str, after: str) -> None:
        if _NUMBER.match(key):
            self._number(f"({key.replace(',', '').rstrip('.')})")
        elif key in _ENTER:
            self.stack.append(self.stack[-1])
            self.lift = False
        elif key in _BINARY:
            x, y = self.stack.pop(), self.stack.pop()
            self.stack.append(f"({y} {_BINARY[key]} {x})")
            self.lift = True
        else:
            self._key(key, after)

    def _number(self, text: str) -> None:
        if self.lift or not self.stack:
            self.stack.append(text)
        else:
            self.stack[-1] = text
        self.lift = True

    def _key(self, key: str, after: str) -> None:
        x = self.stack[-1]
        one = {"1/x": f"(1 / {x})", "CHS": f"(-{x})", "√x": f"sqrt({x})", "x²": f"({x} ^ 2)", "CLx": "(0)"}
        if key in one:
            self.stack[-1] = one[key]
        elif key in ("%", "Δ%", "%T"):
            y = self.stack[-2]
            self.stack[-1] = {"%": f"{y} * {x} / 100", "Δ%": f"({x} - {y}) / {y} * 100", "%T": f"{x} / {y} * 100"}[key]
            self.stack[-1] = f"({self.stack[-1]})"
        elif key in _SWAP:
            self.stack[-1], self.stack[-2] = self.stack[-2], x
        elif key == "STO":
            self.registers[after] = x
        elif key == "RCL":
            self._number(self.registers[after])
        elif key == "EEX":
            self.stack[-1] = f"({x}e{after})"
            return
        elif key not in ("f", "g", "FIX"):
            raise KeyError(key)
        if key not in ("STO", "f", "g", "FIX"):
            self.lift = True


def keyed(calculator: Calculator | None, raw: str, started: bool) -> tuple[Calculator, str] | None:
    """A line of keystrokes as the learner's sum: ``(">>> sum")`` where the display is on the next line, or the
    line with each run of keys before an arrow written as its sum (``sum = 0.80, so 80% loaded``); None for any
    other line. ``started``: keys were read on an earlier line (a first line of keys must have ``ENTER``)."""
    runs = _ARROW.split(raw)
    if not started and "ENTER" not in runs[0]:
        return None
    calc = calculator or Calculator()
    first = calc.keyed(runs[0])
    if first is None:
        return None
    if len(runs) == 1:
        return calc, f">>> {first}"
    claims, sum_ = [], first
    for run in runs[1:]:
        shown = _SHOWN.match(run)
        if shown is None:
            claims.append(f"{sum_} → {run}")
            break
        calc.shown(_value(shown))
        head, comma, more = run[shown.end():].partition(", ")
        after = calc.keyed(more) if comma else None  # "→ 1,978.00, 560 x<>y ÷ → 0.2831 s": more keys
        if after is None:
            claims.append(f"{sum_} = {run}")
            break
        claims.append(f"{sum_} = {run[:shown.end()]}{head}")
        sum_ = after
    return calc, ", ".join(claims)


def _value(shown: re.Match[str]) -> str:
    """The number a display shows: ``1,978.00``, or ``3.382286 10`` (a mantissa and its power of ten)."""
    return shown.group(1).replace(",", "") + (f"e{shown.group(2)}" if shown.group(2) else "")


def display(calculator: Calculator, raw: str) -> str:
    """A line showing the display after a line of keys (``display: 5.97 ms per step``, ``3.382286 10``): the value
    as a plain number, columns kept where they can be; X is that value from then on."""
    shown = _SHOWN.match(raw)
    if shown is None:
        return raw
    value = _value(shown)
    calculator.shown(value)
    if shown.group(2):  # "3.382286 10": the mantissa and the power of ten
        return f"{value}{raw[shown.end():]}"
    return re.sub(r"^(\s*)display:", lambda m: m.group(1) + " " * 8, raw)
