"""A line of code read as the working it holds, column for column: JavaScript, Rust, Go, C or Java (``const w =
70e9 * 2; // 140 GB``, ``let t: f64 = 70.0 / 6.0; // 11.67 s``), and a line of any code whose ``#`` comment gives
its value (``growth = surge - 40   # 12 req/s``), or whose comment gives the working of a key's value
(``hours_per_year: 8760   # 24 * 365``).

>>> script("const w = 70e9 * 2; // 140 GB")
'      w = 70e9 * 2   = 140 GB'
"""

from __future__ import annotations

import re

from .layout import VALUE_FIRST as _VALUE_FIRST
from .layout import opens_with_value

#: ``growth = surge - 40   # 12 req/s``: code, then a comment that opens with its value.
_CODE_COMMENT = re.compile(r"^(?!.*, )(?P<code>[^#=]*(?:=[^#=]*)?[-+*/×÷^(][^#=]*)\s#\s+(?=%s)" % _VALUE_FIRST)
#: ``L = 10 * 0.5   # Little's law -> 5 requests``: a comment that names the value before giving it.
_NAMED_COMMENT = re.compile(r"^(?!.*, )(?P<code>[^#=]*(?:=[^#=]*)?[-+*/×÷^(][^#=]*)\s#\s*[A-Za-z][\w' ]{0,40}?"
                            r"\s*(?:->|→|=>|⇒|≈|:)\s*(?=%s)" % _VALUE_FIRST)
#: JavaScript's words around a working: ``const``/``let``/``var`` before a name, ``Math.`` before a function.
_DECLARED = re.compile(r"^\s*(?:const|let(?:\s+mut)?|var|double|float|int|long|auto|final\s+double)"
                       r"(?=\s+[A-Za-z_]\w*\s*(?::\s*[a-z]\w*\s*)?=)")
#: Number types a declaration may name after its variable (Rust's ``t: f64``, Go's ``var t float64``).
TYPES = ("f64", "f32", "i64", "i32", "u64", "u32", "usize", "isize", "float64", "int64", "int")
#: What else a C-family line adds around its working: a Rust type (``: f64``), Go's ``:=``, a cast (``(int)``), a block
#: comment (``/* … */``).
_TYPED = re.compile(r"(?<=[A-Za-z_0-9])\s*:\s*(?:%s)(?=\s*=)" % "|".join(TYPES))
_GO_ASSIGN = re.compile(r"(?<=[A-Za-z_0-9\s]):(?==)")
_CAST = re.compile(r"\((?:int|long|double|float|size_t|u64|i64)\)\s*(?=[(\w])")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/")
_MATH = re.compile(r"\bMath\.(?=[a-z]+\()")
#: A ``//`` comment (not a URL's ``://``), and the ``;`` that ends the statement before it.
_SLASHES = re.compile(r"(?<!:)(;?\s*)//")


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


def _cast(m: re.Match[str]) -> str:
    """``(int)(ridge / ai)`` truncates, as ``floor`` does (the same width); a cast to a float only says the type."""
    whole = m.group().startswith(("(int)", "(long)", "(size_t)", "(u64)", "(i64)"))
    return "floor".ljust(len(m.group())) if whole and m.string[m.end():m.end() + 1] == "(" \
        and len(m.group()) == 5 else " " * len(m.group())


def script(text: str) -> str:
    """A line of JavaScript (or another C-family language) reads as the working it holds: ``const w = 70e9 * 2;
    // 140 GB`` as ``w = 70e9 * 2 = 140 GB``, ``Math.ceil(1.75) // 2 cards`` as ``ceil(1.75) = 2 cards``; a comment
    with no value is an aside.

    >>> script("const w = 70e9 * 2; // 140 GB")
    '      w = 70e9 * 2   = 140 GB'
    >>> script("Math.ceil(cards) // fits easily")
    '     ceil(cards)'

    Rust, Go, C and Java read the same way:

    >>> script("let t: f64 = 70.0 / 6.0; // 11.67 s"), script("w := 70e9 * 2 // 140 GB")
    ('    t      = 70.0 / 6.0   = 11.67 s', 'w  = 70e9 * 2  = 140 GB')
    >>> script("int b = (int)(ridge / ai);  // 295"), script("/* batch-1 */").strip()
    ('    b = floor(ridge / ai)    = 295', '')
    """
    if "/*" in text:
        text = _BLOCK_COMMENT.sub(_blank, text)
    text = _DECLARED.sub(_blank, text)
    if ":" in text:
        text = _GO_ASSIGN.sub(" ", _TYPED.sub(_blank, text))
    text = _CAST.sub(_cast, _MATH.sub(_blank, text)) if "(" in text else text
    m = _SLASHES.search(text)
    if m is None:
        return text
    comment = text[m.end():]
    if not opens_with_value(comment):
        return text[:m.start()].rstrip()  # "// fits easily": words beside the working
    return text[:m.start()] + " " * (m.end() - m.start() - 1) + "=" + comment


def commented(text: str) -> str:
    """A line of code whose comment gives its value reads as code ``=`` value (one character for another):
    ``growth = surge - 40   = 12 req/s``; a comment that names the value first gives it the same way
    (``# Little's law -> 5 requests``). Not a tuple (``a, b = …``), whose comment's values pair with its
    parts."""
    m = _CODE_COMMENT.match(text) or _NAMED_COMMENT.match(text)
    if m is None:
        return text
    at = text.index("#", len(m.group("code")))
    return text[:at] + "=" + re.sub(r"\S", " ", text[at + 1:m.end()]) + text[m.end():]


#: ``hours_per_year: 8670   # 24 * 365``: a key and its value, then the working that gives it in a comment.
_KEYED = re.compile(r"^(?P<head>\s*[\"']?[A-Za-z_][\w .()/'\"-]*?[\"']?\s*[:=]\s*[$~≈]?\s*\d[\d,._]*(?:[eE]-?\d+)?\s*"
                    r"[A-Za-z%$/µ]*\s*,?\s*)(?P<mark>#|//)(?=\s*[$(]?\d[^#]*?[-+*/×÷x^]\s*[$(]?\d)")


def keyed(text: str) -> str:
    """A key's value with its working in a comment after it reads as a result written first, ``value ← working``,
    column for column.

    >>> keyed("hours_per_year: 8670         # 24 * 365"), keyed('"ttft_ms": 129,  // 6.4e13 / 4.945e14')
    ('hours_per_year: 8670         ← 24 * 365', '"ttft_ms": 129,  ←  6.4e13 / 4.945e14')
    >>> keyed("small_pool: 21675            # 1 replica warm")
    'small_pool: 21675            # 1 replica warm'
    """
    m = _KEYED.match(text) if ("#" in text or "//" in text) else None
    if m is None:
        return text
    return text[:m.start("mark")] + "←".ljust(len(m.group("mark"))) + text[m.end("mark"):]


#: A comment in words after a working, C's way: ``surge - cap // per sec`` (not Python's floor division,
#: ``7 // 2``), up to a wide gap (a notepad calculator's answer column) or the line's end.
_SLASH = re.compile(r"(?<=\S)(\s+)//\s*(?=[A-Za-z])")
_WIDE_GAP = re.compile(r"\s{3,}(?=\S)")


def slash_comment(text: str) -> str:
    """A comment in words after ``//`` blanked, column for column.

    >>> slash_comment("growth = surge - cap // per sec        6"), slash_comment("140 // 80 = 1")
    ('growth = surge - cap                   6', '140 // 80 = 1')
    """
    m = _SLASH.search(text) if "//" in text else None
    if m is None or "=" in text[m.end():]:
        return text
    gap = _WIDE_GAP.search(text, m.end())
    end = gap.start() if gap else len(text.rstrip())
    return text[:m.start()] + " " * (end - m.start()) + text[end:]
