"""Text -> tokens: numbers as people write them, words, operators, and (in prose) punctuation.

Two modes share one lexer. Authors' expressions are strict: a character the
notation has no use for is a located error. A learner's prose is lenient:
words may carry apostrophes and hyphens (``Little's``, ``card-hour``,
``16-bit``), and anything else becomes punctuation for the reader to skip.

>>> [t.text for t in tokenize("$2.50 × 24")]
['$', '2.50', '*', '24', '']
>>> [t.kind for t in tokenize("That's 11.7 s.", prose=True)]
['name', 'num', 'name', 'punct', 'end']
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from ..errors import NotationError
from ..vocabulary import SUFFIXES, VULGAR_FRACTIONS
from .functions import ALIASES, FUNCTIONS

#: The largest written exponent in ``5.6e14`` style.
MAX_E_EXPONENT = 400


@dataclass(frozen=True)
class Token:
    kind: str  # num, name, op, punct, end
    text: str
    start: int
    end: int
    value: Fraction | None = None
    resolution: Fraction | None = None


_NUMBER = re.compile(
    r"(?P<int>\d{1,2}(?:,\d{2})+,\d{3}(?!\d)|\d{1,3}(?:,\d{3})+(?!\d)|\d{1,3}(?:_\d{3})+(?!\d)"
    r"|\d{1,3}(?:\{,\}\d{3})+(?!\d)|\d+)?"
    r"(?P<frac>\.\d+)?(?:[eE](?P<exp>[+-]?\d+)|(?<=\d) [eE] ?(?P<spaced_exp>[+-]?\d+)(?![\d.,]))?")
#: Thousands set off by a space (or a no-break or thin space), as SI style writes them: 21 900, 1 310 720.
_SPACED = re.compile(r"\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\d,]|[ \u00a0\u2009\u202f]\d)")
#: The fraction of a mixed number after its whole (``2 11/12``, ``23 1/3``).
_MIXED = re.compile(r" (\d{1,3})/(\d{1,3})(?![\d.,/])")
#: The decimals after a decimal comma (``2,5``), and an exponent after them (``3,35e12``).
_DECIMAL_COMMA = re.compile(r",(?P<digits>\d+)(?![\d,.])(?:[eE](?P<exp>[+-]?\d+))?")
#: A comma that can only be a decimal one (``2,5``, ``0,336``, ``1,2345``), and thousands that can only be so.
_PLAIN_DECIMAL_COMMA = re.compile(r"(?<![\d,.])(?:\d+,(?:\d{1,2}|\d{4,})|0,\d{3})(?![\d,.])")
_GROUPS = re.compile(r"\d,\d{3},\d{3}(?!\d)")
#: Thousands set off by dots or spaces where decimals take a comma (``131.072 B``, ``10 837,50 $``).
_DOTTED = re.compile(r"[1-9]\d{0,2}(?P<sep>[. \u00a0\u2009\u202f])\d{3}(?:(?P=sep)\d{3})*(?:,(?P<digits>\d+))?"
                     r"(?!\d|[.,]\d|[ \u00a0\u2009\u202f]\d)")
#: The top of a range written with no spaces: with a hyphen (52-53) when no result follows it (``0.95-140 →`` is a
#: subtraction), with an en dash (``223–224 → at most 223``) whatever follows.
_RANGE = re.compile(r"[-–](\d+(?:\.\d+)?)(?![\d.,eE])(?!\s*(?:[A-Za-z/%$]+\s*)?(?:[=≈→⇒]|->))"
                    r"|–(\d+(?:\.\d+)?)(?![\d.,eE])")
#: A bracket a product or quotient opens (``12*(1-5%)``): what is in it is arithmetic, not a range.
_FACTOR = re.compile(r"[*×·/]\($")
#: A number in hexadecimal: ``0x50``, ``0x9896800`` (at most 16 digits).
_HEX = re.compile(r"0[xX][0-9a-fA-F]{1,16}(?![0-9A-Za-z_.])")
#: A margin after a number: ``65 ± 1``, ``1.1 +/- 0.05``.
_PLUS_MINUS = re.compile(r"\s*(?:±|\+/-|\+-)\s*(\d+(?:\.\d+)?)(?![\d.,eE])")
_NAME = re.compile(r"[A-Za-z_µμ¢][A-Za-z0-9_]*")
#: Scale words in other scripts (Korean ``억``, Chinese ``万``, Hindi ``करोड़``): a name, read as its scale after a
#: number; the longest first.
_SCALE_WORDS = sorted((w for w in SUFFIXES if not w.isascii()), key=len, reverse=True)
#: Prose words: apostrophes inside (that's), hyphens between letters (card-hour, round-the-clock).
#: ``B* = 295``: a star after a name before ``=`` marks it (the optimum), not a product.
_WORD = re.compile(r"[A-Za-z_µμ¢][A-Za-z0-9_]*(?:['’][A-Za-z]+)?(?:-[A-Za-z][A-Za-z0-9]*)*(?:\*(?=\s*[=≈:]))?")
#: A number glued to a word by a hyphen is a word: 16-bit, 8-card, 70-billion-parameter, 4k-token, 2,048-token
#: (not a sheet's cell: 80-B2 subtracts).
_NUMBER_WORD = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?[kKMGB]?(?:-(?![A-Z]{1,2}\d+\b)[A-Za-z][A-Za-z0-9]*)+")
_OPS = ("**", "<=", ">=", "==", "!=", "+", "-", "*", "/", "^", "(", ")", ",", "<", ">", "=", "%", "$", "~")
_PROSE_OPS = ("~=", "=~", "->", "=>", "→", "⇒", "⟹", "≃", "≅", "⌈", "⌉", "⌊", "⌋")
_UNICODE_OPS = {"×": "*", "·": "*", "⋅": "*", "∙": "*", "÷": "/", "−": "-", "–": "-",
                "≈": "≈", "≤": "<=", "≥": ">=", "≠": "!="}
_SUPERSCRIPT = {"⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8",
                "⁹": "9", "⁻": "-"}


def tokenize(text: str, *, prose: bool = False, commas: bool = False) -> list[Token]:
    """Split text into tokens. Strict mode raises a located :class:`NotationError` for a stray character.

    ``commas``: the writer uses decimal commas (see :func:`decimal_commas`), so ``1,963`` is 1.963 and
    ``131.072`` is 131,072.
    """
    tokens: list[Token] = []
    pos, n = 0, len(text)
    while pos < n:
        ch = text[pos]
        if ch.isspace():
            pos += 1
            continue
        if prose and _bold(text, pos):
            pos += 2
            continue
        tok = _next(text, pos, tokens, prose, commas)
        tokens.append(tok)
        pos = tok.end
        if tok.kind == "num" and pos < n and text[pos] in _SUPERSCRIPT:
            pos = _superscript(text, pos, tokens)
    tokens.append(Token("end", "", n, n))
    return tokens


#: A price or a rate after ``@``: ``$3/h``, ``$0.30/M``, ``6 GB/s``, ``2.50 an hour``.
_PRICE_AFTER = re.compile(r"\s*(?:\$|[\d.,]+\s*(?:[A-Za-z$]+\s*)?(?:/|per\b|an?\b))")
#: A line that goes on to a result after its ``@``.
_RESULT = re.compile(r"[=≈→]|->")


def _bold(text: str, pos: int) -> bool:
    """``**60 requests**``: Markdown's bold marks, opening before a word or closing after one; a power
    (``2**3``, ``2 ** 3``) has the same on both sides."""
    if not text.startswith("**", pos):
        return False
    before = text[pos - 1] if pos else " "
    after = text[pos + 2] if pos + 2 < len(text) else " "
    opens = (before.isspace() or before in "(:,") and not after.isspace()
    closes = not before.isspace() and (after.isspace() or after in ":,.;)")
    return opens or closes


def _next(text: str, pos: int, tokens: list[Token], prose: bool, commas: bool = False) -> Token:
    ch, n = text[pos], len(text)
    if prose and ch.isdigit():
        m = _NUMBER_WORD.match(text, pos)
        if m:
            return Token("name", m.group(), pos, m.end())
    hexadecimal = _HEX.match(text, pos) if prose and ch == "0" else None
    if hexadecimal is not None:  # "0x50 = 80 layers": a systems programmer's hex, exactly
        return Token("num", hexadecimal.group(), pos, hexadecimal.end(), Fraction(int(hexadecimal.group(), 16)),
                     Fraction(1))
    if ch in "0123456789" or (ch == "." and pos + 1 < n and text[pos + 1] in "0123456789"):
        tok = _lex_number(text, pos, prose, commas)
        return _going_on(text, tok) if prose else tok
    if prose and ch in VULGAR_FRACTIONS:  # "× ½", "¾ of": a fraction in one character, exactly
        return Token("num", ch, pos, pos + 1, VULGAR_FRACTIONS[ch], Fraction(0))
    if ch.isdigit():
        raise NotationError(_bad_char(ch), text, pos)
    if ch in "xX" and (_after_operand(tokens) or prose) and pos + 1 < n and text[pos + 1] in "0123456789.$(":
        return Token("name", ch, pos, pos + 1)  # 24x365, "…, x4 = 7272": a times sign, not the name `x365`
    if prose and ch == "@" and tokens and _PRICE_AFTER.match(text, pos + 1) and _RESULT.search(text, pos):
        # "3 @ $3/h = $9/h", "70 GB @ 6 GB/s = 11.7 s"; "1 seq @ 8,192 tok" says which, "500 tok @ 24 tok/s" gives
        return Token("name", "at", pos, pos + 1)
    if prose and ch in "wW" and text.startswith("/ ", pos + 1):
        return Token("name", "w/", pos, pos + 2)  # "w/ 128": with
    if not ch.isascii() and tokens and tokens[-1].kind == "num":  # 700억, 3000만, 3 करोड़: a scale after a number
        word = next((w for w in _SCALE_WORDS if text.startswith(w, pos)), None)
        if word is not None:
            return Token("name", word, pos, pos + len(word))
    if ch.isascii() and (ch.isalpha() or ch == "_") or ch in "µμ¢":
        m = (_WORD if prose else _NAME).match(text, pos)
        assert m is not None
        return Token("name", m.group(), pos, m.end())
    if prose:
        op = next((o for o in _PROSE_OPS if text.startswith(o, pos)), None)
        if op is not None:
            return Token("op", op, pos, pos + len(op))
    if ch in _UNICODE_OPS:
        return Token("op", _UNICODE_OPS[ch], pos, pos + 1)
    op = next((o for o in _OPS if text.startswith(o, pos)), None)
    if op is not None:
        return Token("op", op, pos, pos + len(op))
    if prose:
        return Token("punct", ch, pos, pos + 1)
    raise NotationError(_bad_char(ch), text, pos)


def _superscript(text: str, pos: int, tokens: list[Token]) -> int:
    """``10¹⁴``: the superscript digits are an exponent."""
    end = pos
    while end < len(text) and text[end] in _SUPERSCRIPT:
        end += 1
    digits = "".join(_SUPERSCRIPT[c] for c in text[pos:end])
    tokens.append(Token("op", "^", pos, pos))
    try:
        value = Fraction(int(digits))
    except ValueError:
        raise NotationError("a superscript exponent needs digits", text, pos, end) from None
    tokens.append(Token("num", digits, pos, end, value, Fraction(1)))
    return end


def _after_operand(tokens: list[Token]) -> bool:
    return bool(tokens) and (tokens[-1].kind == "num" or tokens[-1].text == ")")


def _bad_char(ch: str) -> str:
    if ch.isdigit():
        return f"`{ch}` is not an ASCII digit; write numbers with 0-9"
    if ch.isalpha():
        return f"unexpected letter `{ch}`; names use ASCII letters"
    if ch in "'\"`":
        return "quotes are not part of the notation"
    if ch in "[]{};:!@#&|\\?":
        return f"unexpected `{ch}`"
    name = unicodedata.name(ch, "") or f"U+{ord(ch):04X}"
    return f"unexpected character `{ch}` ({name.lower()})"


def _in_arguments(text: str, pos: int) -> bool:
    """``max(4,5)``, ``ROUNDUP(B3/4000,0)``: a number in a function's brackets, or right after a comma, is one of a
    list, not 4.5.

    >>> _in_arguments("ROUNDUP(B3/4000,0)", 11), _in_arguments("x (1,5 GB)", 3)
    (True, False)
    """
    before = text[:pos]
    if before.endswith(","):
        return True
    opened = _open_bracket(before)
    call = re.search(r"([A-Za-z_][A-Za-z_.]*)(\s*)$", before[:opened]) if opened is not None else None
    return call is not None and (call.group(1) in FUNCTIONS or call.group(1) in ALIASES
                                 or call.group(1).isupper() and len(call.group(1)) > 2 and not call.group(2))


def _open_bracket(before: str) -> int | None:
    """Where the bracket still open at the end of ``before`` is, on its line, or None."""
    depth = 0
    for i in range(len(before) - 1, -1, -1):
        ch = before[i]
        if ch == "\n":
            return None
        depth += (ch == ")") - (ch == "(")
        if depth < 0:
            return i
    return None


def decimal_commas(text: str) -> bool:
    """Whether a working writes decimals with a comma (``2,5 $/h``) and no thousands with one (``1,234,567``):
    then its ``1,963 s`` is 1.963 s too, as its writer means.

    >>> decimal_commas("2,5 $/h x 0,75 = 1,875"), decimal_commas("21,900 / 2 = 10,950")
    (True, False)
    """
    if _GROUPS.search(text):
        return False
    return any(not _in_arguments(text, m.start()) for m in _PLAIN_DECIMAL_COMMA.finditer(text))


def _decimal_comma(text: str, pos: int, end: int, whole: str, commas: bool = False) -> Token | None:
    """``2,5 $/h``, ``0,336 GB``, ``3,35e12``: a decimal comma, as much of Europe writes it. A comma before
    three digits separates thousands (``1,500``) unless the whole part is a lone 0 or the writer uses
    decimal commas (``commas``); ``1,500,5`` is an error."""
    single = re.fullmatch(r"(\d{1,3}),\d{3}", whole)
    if single and (commas or single.group(1) == "0"):
        after = _DECIMAL_COMMA.match(text, pos + len(single.group(1)))
    elif "," in whole or not whole.isdigit():
        after = None
    else:
        after = _DECIMAL_COMMA.match(text, end)
        if after is not None and len(after.group("digits")) == 3 and not commas:
            return None
    if after is None:
        if "," in whole and re.match(r",\d{1,2}(?!\d)", text[end:end + 4]):
            raise NotationError(f"`{text[pos:end + 3]}`: a comma separates thousands (1,500) or decimals (2,5), "
                                "not both", text, pos, end + 3)
        return None
    digits, exp = after.group("digits"), after.group("exp")
    value = Fraction(int(text[pos:after.start()].replace(" ", "") or "0")) + Fraction(int(digits), 10 ** len(digits))
    resolution = Fraction(1, 10 ** len(digits))
    if exp is not None:
        e = int(exp) if len(exp.lstrip("+-")) <= 6 else MAX_E_EXPONENT + 1
        if abs(e) > MAX_E_EXPONENT:
            raise NotationError(f"exponent {exp} is too large (limit ±{MAX_E_EXPONENT})", text, pos, after.end())
        value, resolution = value * Fraction(10) ** e, resolution * Fraction(10) ** e
    return Token("num", text[pos:after.end()], pos, after.end(), value, resolution)


#: Dots after a number's last digit: it goes on (``6.666...``, ``0.0174762…``).
_ELLIPSIS = re.compile(r"\.{3}|…")


def _going_on(text: str, tok: Token) -> Token:
    """``6.666... s``: digits cut off, not rounded; the number stands for its interval up to the next digit
    (6.666 to 6.667), and the dots are part of it, not the end of a sentence."""
    dots = _ELLIPSIS.match(text, tok.end)
    if dots is None or tok.value is None or tok.resolution is None or tok.resolution >= 1:
        return tok
    return Token("num", text[tok.start:dots.end()], tok.start, dots.end(), tok.value + tok.resolution / 2,
                 tok.resolution)


def spread(tok: Token) -> bool:
    """Whether a number token is a range or a margin (``133–135``, ``65 ± 1``), not one written value.

    >>> [spread(t) for t in tokenize("133–135 and 65 ± 1 and 2,048", prose=True) if t.kind == "num"]
    [True, True, False]
    """
    number = _NUMBER.match(tok.text)
    end = number.end() if number is not None else 0
    return tok.kind == "num" and bool(_PLUS_MINUS.match(tok.text, end) or _RANGE.match(tok.text, end))


def _lex_number(text: str, pos: int, prose: bool, commas: bool = False) -> Token:
    dotted = _DOTTED.match(text, pos) if prose and commas else None
    if dotted is not None:  # "131.072 B" from a writer of "0,671 GB": thousands, as much of Europe writes them
        digits = dotted.group("digits") or ""
        whole = dotted.group()[:dotted.start("digits") - pos - 1] if digits else dotted.group()
        value = Fraction(int(re.sub(r"\D", "", whole))) + Fraction(int(digits or "0"), 10 ** len(digits))
        return Token("num", dotted.group(), pos, dotted.end(), value, Fraction(1, 10 ** len(digits)))
    spaced = _SPACED.match(text, pos) if prose else None  # "8 760 h", "131 072 B": thousands set off by spaces
    m = _NUMBER.match(text, spaced.end() if spaced else pos)
    assert m is not None
    whole, frac = spaced.group() if spaced else m.group("int") or "", m.group("frac") or ""
    exp = m.group("exp") or m.group("spaced_exp")  # "1.4E11", or as a calculator shows it: "1.69 E 10", "6 E-1"
    digits = re.sub(r"[,_{} \u00a0\u2009\u202f]", "", whole)  # 21,900; 21 900; Python's 21_900; LaTeX's 21{,}900
    value = Fraction(int(digits or "0"))
    if prose and whole and not frac and exp is None and text[m.end():m.end() + 1] in VULGAR_FRACTIONS:
        # "1¾ cards": a whole and a fraction, exactly
        return Token("num", text[pos:m.end() + 1], pos, m.end() + 1, value + VULGAR_FRACTIONS[text[m.end()]],
                     Fraction(0))
    resolution = Fraction(1)
    if frac:
        value += Fraction(int(frac[1:]), 10 ** (len(frac) - 1))
        resolution = Fraction(1, 10 ** (len(frac) - 1))
    if exp is not None:
        e = int(exp) if len(exp.lstrip("+-")) <= 6 else MAX_E_EXPONENT + 1
        if abs(e) > MAX_E_EXPONENT:
            raise NotationError(f"exponent {exp} is too large (limit ±{MAX_E_EXPONENT})", text, pos, m.end())
        value *= Fraction(10) ** e
        resolution *= Fraction(10) ** e
    end = m.end()
    if not prose and end < len(text) and (text[end] in "0123456789" or text[end] == "."):
        raise NotationError("malformed number", text, end)
    if prose and not frac and (exp is None or commas and "," in whole) and not _in_arguments(text, pos):
        comma = _decimal_comma(text, pos, end, whole, commas)  # "7,912e15" too, from a writer of "8,4 PFLOP"
        if comma is not None:
            return comma
    mixed = _MIXED.match(text, end) if prose and not frac and exp is None and not spaced else None
    if mixed is not None and 0 < int(mixed.group(1)) < int(mixed.group(2)) and text[pos - 1:pos] != "/":
        part = Fraction(int(mixed.group(1)), int(mixed.group(2)))  # "23 1/3 s": a whole and a fraction, exactly
        return Token("num", text[pos:mixed.end()], pos, mixed.end(), value + part, Fraction(0))
    spread = _PLUS_MINUS.match(text, end) if prose else None
    if spread is not None:  # "65 ± 1 $/M": 65, give or take 1 (not a second value of 1 $/M)
        return Token("num", text[pos:spread.end()], pos, spread.end(), value, 2 * Fraction(spread.group(1)))
    upper = _RANGE.match(text, end) if prose and exp is None else None
    top = Fraction(upper.group(1) or upper.group(2)) if upper is not None else None
    if upper is not None and top is not None and value < top <= 10 * value \
            and not (text[end] == "-" and _FACTOR.search(text, 0, pos)):  # "about 52-53 s", not 52 minus 53
        return Token("num", text[pos:upper.end()], pos, upper.end(), (value + top) / 2, top - value)
    return Token("num", text[pos:end], pos, end, value, resolution)
