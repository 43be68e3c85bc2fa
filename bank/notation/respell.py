"""Rewrites of a line before it is read, each keeping every column where it was (so a caret still points
at what the learner typed): full-width forms and accented letters, subscripted names, ``7.9×`` as ``7.9x``, Swiss
thousands (``8'760``), struck-out text and values taken back (``16.3 s, sorry, 16.7 s``), footnote marks (``2
cards¹``), ``p/s``, ``c. 12 s`` and ``12ish s``, ``mil millones``, a stated precision (``3 s.f.``), a stopwatch's
seconds (``0:13.75``), a closing tag (``[16-bit weights]``), ``divide 148 by 2.684``, LaTeX (:mod:`.latex`), a
numbered heading, how a line is laid out (:mod:`.layout`: a Markdown table row, a bar between two workings,
plain-text columns), a code comment that gives its line's value, a unit in brackets, what a
factor is for (``× 2 for key and value =``), SI's ``s⁻¹``, a calculator's ``in GB`` before the result, an
inequality solved for an unknown, a working in brackets after the value it gives, and a bracket left open just
before its result's ``=``.

>>> respell("growth = surge - 40   # 12 req/s")
'growth = surge - 40   = 12 req/s'
>>> respell("fp16: 70e9 × 2 B = 140 [GB]; 91.8 (ms)")
'fp16: 70e9 × 2 B = 140  GB ; 91.8  ms '
"""

from __future__ import annotations

import re
import unicodedata

from ..units import UnitError, parse_unit
from ..vocabulary import EMOJI_MARKS, FULL_WIDTH_MARKS, NATIVE_DIGITS, NUMBER_WORDS, SUFFIXES, UNITS
from .latex import latex
from .typst import typst
from .layout import columns, csv_row, reason_after, table_row, two_workings
from .cjk import cjk
from .cyrillic import cyrillic
from .code import commented, keyed, script, slash_comment
from .speakers import untagged
from .spoken import spoken

#: ``140 [GB]``, ``6.28 (s)``: a number, then its unit alone in brackets.
_BRACKETED_UNIT = re.compile(r"(?<=[\d%])(\s*)([\[(])\s*([A-Za-zµ$%][A-Za-zµ$%/^0-9·]*)\s*([\])])")
_CLOSING = {"[": "]", "(": ")"}


#: An East Asian input method's full-width forms (``１４０ GB``, ``＝``, ``：``, ``（）``), one character for one: the
#: ASCII they stand for, and the vocabulary's marks (``，`` a clause break); other scripts' digits too (``٧٠``,
#: ``۲٫۶۸``). notation.js reads them the same way.
_FULL_WIDTH: dict[int, str] = {**{c: chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)},
                               **{ord(k): v for k, v in FULL_WIDTH_MARKS.items()},
                               **{ord(k): v for k, v in NATIVE_DIGITS.items()}}


#: Emoji: dingbats and pictographs (ticks and crosses aside), clocks and media keys; and what joins or varies them
#: (a keycap's mark, skin tones, the zero-width joiner, the variation selectors), which are blanks.
_EMOJI = re.compile("[\u2600-\u2712\u2715\u2716\u2719-\u27bf\u231a\u231b\u23e9-\u23fa\u2b00-\u2bff"
                    "\U0001f000-\U0001faff\u200d\u20e3\ufe0e\ufe0f]")
_EMOJI_JOINERS = frozenset("\u200d\u20e3\ufe0e\ufe0f") | frozenset(map(chr, range(0x1F3FB, 0x1F400)))


def _emoji(text: str) -> str:
    """A chat's emoji read as the marks they stand for (:data:`bank.vocabulary.EMOJI_MARKS`), any other ending a
    clause, column for column.

    >>> _emoji("70B ✖️ 2 ➗ 4 = 35 GB ✅"), _emoji("7 ✖ 4 = 💰28/hr 🤔"), _emoji("7/7 🧵 2x the speed")
    ('70B ×  2 ÷ 4 = 35 GB ;', '7 × 4 = $28/hr ;', '7/7 ; 2x the speed')
    """
    return _EMOJI.sub(lambda m: " " if m.group() in _EMOJI_JOINERS else EMOJI_MARKS.get(m.group(), ";"), text)


#: The full-width comma between a number's thousands (``$21，360``, ``6，690 tok/s``): a digits' comma, where
#: elsewhere it breaks a clause (``762，4 replica``, ``55.1，so 55``).
_WIDE_THOUSANDS = re.compile(r"(?<![\d.０-９．])[\d０-９]{1,3}(?:，[\d０-９]{3})+(?![\d.０-９．])")


#: A Latin letter with an accent (``milhões``, ``millón``): read as the letter, one character for one, so that words
#: of other languages the vocabulary knows (written there without accents) are found.
_ACCENTED = re.compile(r"[À-ÖØ-öø-žḀ-ỿ]")  # Latin-1 and Extended-A, and Extended Additional (Vietnamese: ệ, ỷ)


def _unaccented(ch: str) -> str:
    base = unicodedata.normalize("NFKD", ch)[0]
    return base if base.isascii() and base.isalpha() else ch


#: A name's subscript (``W₁₆``, ``t₁``, ``n₈``): the name, written in ASCII (``W16``), one character for one.
_SUBSCRIPTS = {0x2080 + d: str(d) for d in range(10)}
_SUBSCRIPTED = re.compile(r"(?<=[A-Za-z])[₀-₉]+")


#: ``= 7.9×``, ``≈ 9.5×, a tail``, ``= 9.1 ×``: a multiple written with the times sign after it, ending a line, a
#: table's row or a clause, as ``7.9x`` is (``2× layers`` is a product, and stays).
_TIMES_AFTER = re.compile(r"(?<=\d)×(?=\s*(?:\|\s*)?$|\s+\[|[,;.]\s)|(?<=\d )×(?=\s*(?:\|\s*)?$)")
#: Thousands set off by apostrophes, the Swiss way (``327'680 B``, ``$21’900``): read as ``327_680``.
_SWISS = re.compile(r"(?<=\d)['’](?=\d{3}(?!\d))")


def respell(text: str) -> str:
    """``text`` with each rewrite of this module applied in turn (full-width forms first), column for column.

    >>> respell("after 30s：12×30＝３６０ requests，done。"), respell("$21，360，so"), respell("۲٫۶۸ GB")
    ('after 30s:12×30=360 requests;done.', '$21,360;so', '2.68 GB')
    """
    if "，" in text:
        text = _WIDE_THOUSANDS.sub(lambda m: m.group().replace("，", ","), text)
    text = _SUBSCRIPTED.sub(lambda m: m.group().translate(_SUBSCRIPTS), text.translate(_FULL_WIDTH))
    if not text.isascii():
        text = _emoji(_ACCENTED.sub(lambda m: _unaccented(m.group()), text))
    text = _SWISS.sub("_", _TIMES_AFTER.sub("x", text))
    for rewrite in (untagged, cjk, cyrillic, _struck, _emphasis, _footnotes, _british, spoken, _spanish, _scale_dot,
                    _said_operators, _precision, _stopwatch, _sourced, _tagged, _divide, typst, latex, _heading, table_row, csv_row,
                    two_workings, slash_comment, columns, keyed, script,
                    commented, _dimensions, _bracketed_units, _what_for, _per_power, _converted, _inequality,
                    _worked_after, reason_after, _closed):
        text = rewrite(text)
    return text


#: Markdown's strikethrough on one line: ``~~4.282~~ 4.228 ms``.
_STRUCK = re.compile(r"~~(?=\S)[^~\n]*?(?<=\S)~~")


#: A value taken back as it is written: ``= 16.3 s, sorry, 16.7 s``, ``3.5 GB, no wait, 35 GB``, ``= 50, no, 5``.
_CORRECTED = re.compile(r"\$?\d[\d,.]*(?:\s?[A-Za-z%/$][\w/$%-]*)?\s*[,;—–-]?\s*"
                        r"\b(?:no,?\s+wait|no|sorry|oops|actually|I mean|correction)\b[,:;—–-]?\s+(?=[$~≈]?\d)")


#: Slack's bold and Markdown's italic, one asterisk each side of what they mark: ``= *140 GB*``, ``round *down*``
#: (``2 * 3`` multiplies: a space each side; ``2*3*4`` too: a digit before the first).
_EMPHASIS = re.compile(r"(?:^|(?<=[\s(:=→≈]))\*(?=[^\s*])([^*\n]*?[^\s*])\*(?=$|[\s:,.;)!?])")


def _emphasis(text: str) -> str:
    """Emphasis marks around a value or a word are no multiplication: blanked, column for column.

    >>> _emphasis("10 × 0.5 = *5 requests*"), _emphasis("140/80 = 1.75 → *2 cards* lol"), _emphasis("2 * 3 * 4")
    ('10 × 0.5 =  5 requests ', '140/80 = 1.75 →  2 cards  lol', '2 * 3 * 4')
    """
    return _EMPHASIS.sub(lambda m: f" {m.group(1)} ", text) if "*" in text else text


def _struck(text: str) -> str:
    """What a learner struck out (``= ~~17.5 GB~~ 35 GB``), or took back as they wrote it (``= 16.3 s, sorry,
    16.7 s``), is withdrawn: blanks, column for column.

    >>> _struck("drain = 1,100 / 30 = ~~33.3~~ 36.7 s")
    'drain = 1,100 / 30 =          36.7 s'
    >>> _struck("load: 50 / 3 = 16.3 s, sorry, 16.7 s")
    'load: 50 / 3 =                16.7 s'
    """
    text = _STRUCK.sub(lambda m: " " * len(m.group()), text) if "~~" in text else text
    return _CORRECTED.sub(lambda m: " " * len(m.group()), text)


_FIGURES = (r"\d\s*(?:s\.\s?f\.?|sf|sig\.?\s*figs?\.?|significant\s+fig(?:ure)?s?|d\.\s?p\.?|dp"
            r"|decimal\s+places?)")
#: A precision stated after a value: ``(3 s.f.)``, ``to 1 d.p.``, ``2 d.p.``, ``(2 decimal places)``.
_PRECISION = re.compile(rf"\(\s*(?:to\s+)?{_FIGURES}\s*\)|\b(?:to|at)\s+{_FIGURES}(?!\w)|\b\d\s*(?:s\.f\.|d\.p\.)",
                        re.IGNORECASE)


def _precision(text: str) -> str:
    """A precision the learner states (``≈ 2.68 GB (3 s.f.)``) is no value (``3 s``): blanks, column for column.

    >>> _precision("= 236.5 tok/s to 1 d.p.")
    '= 236.5 tok/s          '
    """
    return _PRECISION.sub(lambda m: " " * len(m.group()), text)


#: ``divide 148 by 2.684``: the imperative a calculator's user says, operands in between; and ``divide by 13.4``.
_DIVIDE = re.compile(r"\bdivide(\s+[$]?\d[\d,._]*(?:\s?[A-Za-z%/]+)?)?\s+by\b(?=\s*[$(]?\d)", re.IGNORECASE)


def _divide(text: str) -> str:
    """``divide 148 by 2.684`` reads as ``148 / 2.684``, and ``divide by 13.4`` as ``/ 13.4``, column for column.

    >>> _divide("divide 148 by 2.684 → 55.1; divide by 4 × 3.35")
    '       148  / 2.684 → 55.1;         / 4 × 3.35'
    """
    def spoken(m: re.Match[str]) -> str:
        operand = m.group(1) or ""
        return " " * 6 + operand + " " * (len(m.group()) - 6 - len(operand) - 1) + "/"
    return _DIVIDE.sub(spoken, text) if "divide" in text.lower() else text


#: ``2.039 TB p/s``, ``$6 p/h``: per second and per hour the British way; ``c. 13.4``: circa; and ``12ish``.
_PER = re.compile(r" p/(s|sec|h|hr|min)\b")
_CIRCA = re.compile(r"\bc\.\s?(?=[$~]?\d)")
#: ``12ish s``, ``19.7 ms-ish``: a rough value said the casual way.
_ISH = re.compile(r"(?<=\d)-?ish\b|(?<=[A-Za-z%])-ish\b", re.IGNORECASE)


def _british(text: str) -> str:
    """``p/s`` reads as ``/s``, ``c. 13.4`` as ``≈ 13.4`` and ``12ish s`` as ``12 s``, column for column.

    >>> _british("=> 1 / 0.0745 = c. 13.4 tok p/s")
    '=> 1 / 0.0745 = ≈  13.4 tok/s  '
    """
    text = _PER.sub(lambda m: f"/{m.group(1)}  ", text) if " p/" in text else text
    text = _ISH.sub(lambda m: " " * len(m.group()), text) if "ish" in text.lower() else text
    return _CIRCA.sub(lambda m: "≈" + " " * (len(m.group()) - 1), text) if "c." in text else text


#: Spanish's thousand millions, a billion (``70 mil millones``): one scale word, where ``mil`` alone is chat's million.
_MIL_MILLONES = re.compile(r"(?<=\d )mil\s+millones\b")


def _spanish(text: str) -> str:
    """``mil millones`` (a thousand millions) reads as ``billion``, column for column.

    >>> _spanish("70 mil millones × 2 B")
    '70 billion      × 2 B'
    """
    return _MIL_MILLONES.sub(lambda m: "billion".ljust(len(m.group())), text) if "millones" in text else text


#: A short scale word's abbreviating dot with more of the line after it (``70 mia. × 2 B``, ``30 mln. tokens``): no full
#: stop, and blanked.
_SCALE_DOT = re.compile(r"(?<=\d)(\s?(?:%s))\.(?=\s*\S)" % "|".join(
    sorted((w for w in SUFFIXES if w.isascii() and w.isalpha() and 2 <= len(w) <= 3), key=len, reverse=True)))


def _scale_dot(text: str) -> str:
    """``8 mia. × 2 B`` as ``8 mia  × 2 B``, column for column.

    >>> _scale_dot("vikter: 8 mia. × 2 B = 16 GB"), _scale_dot("= 30 mln.")
    ('vikter: 8 mia  × 2 B = 16 GB', '= 30 mln.')
    """
    return _SCALE_DOT.sub(lambda m: m.group(1) + " ", text) if "." in text else text


#: Operators said in Portuguese, Spanish or French between two numbers: ``0,4 mais 2 × 1,7``, ``8 menos 2``,
#: ``4 vezes 989``, ``140 dividido por 80``, and the ``13 take away 10`` of speech. Between numbers only: French
#: ``mais`` is "but" elsewhere.
_SAID_OPERATORS = {"mais": "+", "más": "+", "menos": "-", "moins": "-", "vezes": "×", "fois": "×",
                   "dividido por": "/", "dividida por": "/", "divisé par": "/", "take away": "-"}
_SAID_OPERATOR = re.compile(r"(?<=[\d%%)])(\s+)(%s)(?=\s+[$(]?\d)"
                            % "|".join(sorted(_SAID_OPERATORS, key=len, reverse=True)))


def _said_operators(text: str) -> str:
    """``0,4 mais 2 × 1,7`` as ``0,4 +    2 × 1,7``, column for column.

    >>> _said_operators("0,4 mais 2 × 1,7 = 3,8 s"), _said_operators("140 dividido por 80 = 1,75")
    ('0,4 +    2 × 1,7 = 3,8 s', '140 /            80 = 1,75')
    >>> _said_operators("Plus 1 spare gives us 6 replicas.")
    'plus 1 spare gives us 6 replicas.'

    """
    text = _OPENING_OPERATOR.sub(lambda m: m[1] + m[2].lower(), text)
    if not any(word in text for word in ("ais", "ás", "enos", "oins", "ezes", "ois", "ivid", "take away")):
        return text
    return _SAID_OPERATOR.sub(lambda m: m[1] + _SAID_OPERATORS[m[2]].ljust(len(m[2])), text)


#: An operator word opening a sentence, capitalised (``Plus 1 spare gives us 6``): the operator it is.
_OPENING_OPERATOR = re.compile(r"(^\s*|[.!?]\s+)(Plus|Minus|Times)(?=\s+[\d$(])")


#: Footnote marks: ``2 cards¹``, ``0.54 GB*``, ``2 bytes* = 140 GB``, ``$9†``, and a footnote's own ``¹ rounded up``.
_FOOTNOTE = re.compile(r"(?<=[A-Za-z%)\]])[¹²³⁴⁵⁶⁷⁸⁹⁰†‡]+(?![⁰-⁹¹²³])|(?<=\d)[†‡]+"
                       r"|(?<=[A-Za-z%)\]\d])\*+(?=\s*(?:$|[=≈~→,;)])|\s+[A-Za-z(])|^\s*[¹²³⁴⁵⁶⁷⁸⁹†‡]+(?=\s)")


def _footnotes(text: str) -> str:
    """Footnote marks after a value, and before a footnote, are no arithmetic: blanks, column for column (``10⁹`` and
    ``s⁻¹`` are powers, and stay).

    >>> _footnotes("per seq: 131,072 × 4,096 ≈ 0.54 GB*")
    'per seq: 131,072 × 4,096 ≈ 0.54 GB '
    >>> _footnotes("¹ rounded up: 1.75 → 2 cards¹, 10⁹ B")
    '  rounded up: 1.75 → 2 cards , 10⁹ B'
    """
    return _FOOTNOTE.sub(lambda m: " " * len(m.group()), text)


#: A stopwatch's reading under a minute: ``0:45``, ``0:13.75``, ``0:00.33`` (a ratio never opens with 0).
_STOPWATCH = re.compile(r"(?<![\w.:])0:([0-5]\d(?:\.\d+)?)(?![\w:]|\s*(?:s|sec|secs|seconds)\b)")


def _stopwatch(text: str) -> str:
    """A stopwatch's reading under a minute reads as seconds, its digits two columns earlier.

    >>> _stopwatch("init 0:45, total 0:13.75 + 0:45 = 0:58.75")
    'init 45 s, total 13.75 s + 45 s = 58.75 s'
    """
    return _STOPWATCH.sub(lambda m: f"{m.group(1)} s", text) if "0:" in text else text


#: ``1. Replicas``, ``3) Premium``: a list's number before words with no number among them.
_HEADING = re.compile(r"^(\s*)(\d{1,2}[.)])(?=\s+[^\d\s][^\d]*$)")


def _heading(text: str) -> str:
    """A numbered heading's number is the list's, not a value: blanked, column for column; so are a thread's
    ``1/``, the ``24/7`` of "bills 24/7" and a chat log's ``[14:03] alex:``.

    >>> _heading("2. Load at forecast"), _heading("2. 7,200 / 9,000 = 80%"), _heading("2.5 GB")
    ('   Load at forecast', '2. 7,200 / 9,000 = 80%', '2.5 GB')
    >>> _heading("1/ weights: 70B × 2 B = 140 GB"), _heading("3/ before the surge"), _heading("1/ 4.78 ms = 209/s")
    ('   weights: 70B × 2 B = 140 GB', '   before the surge', '1/ 4.78 ms = 209/s')
    >>> _heading("standby bills 24/7: 24 × 365 = 8,760 h"), _heading("[14:03] alex: 140/80 = 1.75")
    ('standby bills     : 24 × 365 = 8,760 h', '              140/80 = 1.75')
    """
    text = _THREAD.sub(lambda m: " " * len(m.group()), _CHAT.sub(lambda m: " " * len(m.group()), text))
    text = _ROUND_THE_CLOCK.sub("    ", text) if "24/7" in text else text
    return _HEADING.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


#: A thread's post number, ``1/ weights: …``, ``n/``: a list's number, as ``1)`` is, not a division (``1/ 4.78 ms =
#: 209 tok/s`` divides).
_THREAD = re.compile(r"^\s*(?:\d{1,2}|n)/(?=\s)(?!\s*[\d.,]+\s*[A-Za-zµ/]*\s*(?:[=≈~→]|$))")
#: A chat log's timestamp and the writer's name, opening a pasted line: ``[14:03] alex:``.
_CHAT = re.compile(r"^\s*\[\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\]\s*(?:[A-Za-z][\w.'-]{0,20}\s*:(?=\s))?")
#: ``bills 24/7``: all day, every day, after a word; no division.
_ROUND_THE_CLOCK = re.compile(r"(?<=[A-Za-z] )24/7(?=[:,;.]?(?:\s+[A-Za-z]|\s*$|:))")


#: ``8,670 (24 × 365)``: a bracketed working, with no ``=`` in it, right after the value it gives, ending its
#: clause (or before ``and``, ``vs``) (``16 users (16 + 16 × 2.68) / 2.039`` divides the bracket).
_WORKING_IN_BRACKETS = re.compile(r"\(([^()=]*[\d)%]\s*(?:[-+*/×÷·x]|of)\s*[\d($][^()=]*)\)"
                                  r"(?=\s*(?:[,;.]\s|[,;.]?$|(?:and|vs\.?)\s))")
#: A value and, perhaps, its unit and a few words, then a space before the bracket (``$40/hr``, ``8,670``,
#: ``148 GB left for cache``); a bracket against its number multiplies it (``2.50(20.8/3600)``), and one after an
#: operator is its operand.
_VALUE_BEFORE = re.compile(r"\d(?:[\d,.]*\d)?\s*(?:[A-Za-z$%µ]+)?(?:/[A-Za-z]+)*(?:\s+[A-Za-z][A-Za-z'-]*){0,4}\s+$")
_NOT_UNITS = frozenset(("x", "X", "times", "of", "by", "at", "per", "over"))
#: Arithmetic alone: numbers, operators and short unit marks after numbers (``70B × 2 B``, ``$2.75 × 8,670``), no
#: words, links or clauses (``(rounded up, can't rent 11/12 of a card)`` is a remark).
_BARE = re.compile(r"^\s*(?:[$(]*\d[\d,.]*(?:e\d+)?(?:\s?[A-Za-z%/]{1,5})?\)*\s*(?:(?:[-+*/×÷·x−]|of\b)\s*|$))+$")


def _worked_after(text: str) -> str:
    """A value, then the working that gives it in brackets (``- hours/yr: 8,670 (24 × 365)``), reads as a result
    written first: ``8,670 ← 24 × 365``, the brackets respelled column for column.

    >>> _worked_after("- on-demand: $40/hr (8 × $5)")
    '- on-demand: $40/hr ←8 × $5 '
    >>> _worked_after("12 x (1 - 0.3) = 8.4"), _worked_after("7,200 / (4 x 3,000) = 60%")
    ('12 x (1 - 0.3) = 8.4', '7,200 / (4 x 3,000) = 60%')
    """
    out = text
    for m in _WORKING_IN_BRACKETS.finditer(text):
        before = _VALUE_BEFORE.search(text[:m.start()])
        word = re.search(r"([A-Za-z]+)\s*$", text[:m.start()])
        if before is None or (word is not None and word.group(1) in _NOT_UNITS) or not _BARE.match(m.group(1)) \
                or any(w.lower() in NUMBER_WORDS for w in before.group().split()[1:]):  # "… for one sequence (…)"
            continue
        out = out[:m.start()] + "←" + m.group(1) + " " + out[m.end():]
    return out


#: ``B·s⁻¹``, ``$10 h⁻¹``: a unit to the power minus one, after a centred dot or a space.
_PER_POWER = re.compile(r"[·⋅ ](?=[A-Za-zµ$]+⁻¹)|⁻¹")


def _per_power(text: str) -> str:
    """SI's ``4.8 TB·s⁻¹`` and ``$10 h⁻¹`` read as ``4.8 TB/s`` and ``$10/h``, and finance's ``$11k p.a.`` (per
    annum) as ``$11k/yr``, column for column.

    >>> _per_power("316 tok·s⁻¹; $10 h⁻¹, 80 GB·card⁻¹"), _per_power("≈ $11k p.a.")
    ('316 tok/s  ; $10/h  , 80 GB/card  ', '≈ $11k/yr  ')
    """
    text = _PER_ANNUM.sub(lambda m: "/yr".ljust(len(m.group())), text) if "p.a." in text else text
    if "⁻¹" not in text:
        return text
    return _PER_POWER.sub(lambda m: "  " if m.group() == "⁻¹" else "/", text)


_PER_ANNUM = re.compile(r"(?<=[\dkKmM])\s?p\.a\.")


#: ``163840 bytes * 2048 in GB = 0.3355 GB``: a search engine's (or a calculator's) conversion, ``in`` or ``to``
#: a unit at the end of the arithmetic, after a number, its unit or a bracket, and before the result.
_CONVERTED = re.compile(r"(?<=[\w)%$])\s+(?:in|to|into)\s+(?P<unit>[A-Za-zµ$%][\w/µ$%^·]*(?:\s+per\s+[A-Za-z]+)?)"
                        r"(?=\s*(?:=|≈|~|→|->))")


def _converted(text: str) -> str:
    """The conversion is blanked, column for column: the result after ``=`` says its unit.

    >>> _converted("140 GB / 0.864 TB/s in ms = 162 ms"), _converted("8.8 / 13 in percent = 67.7%")
    ('140 GB / 0.864 TB/s       = 162 ms', '8.8 / 13            = 67.7%')
    >>> _converted("time in ms = 162"), _converted("from 2 to 10 = 5x")
    ('time in ms = 162', 'from 2 to 10 = 5x')
    """
    def blank(m: re.Match[str]) -> str:
        words = re.sub(r"\s+per\s+", "/", m.group("unit"))
        working = re.split(r"[=:]", text[:m.start()])[-1]
        arithmetic = re.search(r"\d", working) and re.search(r"[-+*/×÷·^]|\sx\s", working)
        unit = _unit(words) or UNITS.get(words.lower()) is UNITS["%"]  # "in percent"
        return " " * len(m.group()) if arithmetic and unit else m.group()
    if len(text) > _SHORT or not (" in " in text or " to " in text or " into " in text):
        return text  # each conversion looks back along its line: a long line is no calculator's query
    return _CONVERTED.sub(blank, text)


#: ``n ≤ 93.2 / 2.684``, ``batch > 295``: an unknown (a letter or a word, with digits), a comparison, and the bound.
_BOUND = re.compile(r"(?<![\w./])(?P<name>[A-Za-z][A-Za-z_]{0,15}\d?)\s*(?P<op>≤|≥|<=|>=|<(?!-)|>)(?=\s*[$(]*\d)")
#: ``n × 2.684 ≤``, ``24t ≥``, ``x * 3000 >=``: a condition on the unknown, whose bound follows.
_CONDITION = re.compile(r"(?<![\w.])(?:[\d.,]+(?:[A-Za-z]|\s*[*×x·]\s*[A-Za-z])\d?|[A-Za-z]\d?\s*[*×x·/]\s*[\d.,]+"
                        r"(?:\s*[A-Za-z/]+)?)\s*(?:≤|≥|<=|>=|<(?!-)|>)")


def _inequality(text: str) -> str:
    """An inequality solved for an unknown reads as the bound it gives, column for column: ``n ≤ 34.7`` as
    ``n = 34.7``, and the condition before it (``n × 2.684 ≤ 93.2``) as its right side alone.

    >>> _inequality("8-bit: n × 2.684 ≤ 163.2 − 70 = 93.2 → n ≤ 34.7")
    '8-bit:             163.2 − 70 = 93.2 → n = 34.7'
    >>> _inequality("t >= 500/24 = 20.8 s"), _inequality("11.7 s > 10 s"), _inequality("5.25x > 5x, so alert")
    ('t =  500/24 = 20.8 s', '11.7 s > 10 s', '5.25x > 5x, so alert')
    """
    if len(text) > _SHORT or not any(op in text for op in "<>≤≥"):
        return text
    text = _CONDITION.sub(lambda m: m.group() if _not_unknown(m.group()) else " " * len(m.group()), text)

    def bound(m: re.Match[str]) -> str:
        if re.search(r"[\d%)]\s*$", text[:m.start()]):
            return m.group()  # "11.7 s > 10 s" compares two values: the s is a unit
        return m.group("name") + m.group()[len(m.group("name")):].replace(m.group("op"), "=".ljust(len(m.group("op"))))
    return _BOUND.sub(bound, text)


def _not_unknown(condition: str) -> bool:
    """Whether a condition's letter is a unit or a multiplier (``5.25x > 5``, ``11.7 s > 10``), not an unknown."""
    letter = re.search(r"[A-Za-z]", condition)
    return letter is None or letter.group() in "xXkKmM" or _unit(letter.group())


#: ``× 2 for key and value =``, ``16 GB for weights +``: a number (and its unit), then what it is for, before the
#: next operator or ``=``; not before a dash, which may set a result before its working (``140 GB for the weights
#: - 70B × 2``).
_WHAT_FOR = re.compile(r"(\d[\d,.]*(?:\s?[A-Za-z%$/]+)?)(\s+for\s+[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})"
                       r"(?=\s*[+×*/÷=≈]|\s+x\s|,?\s+times\s)")


def _what_for(text: str) -> str:
    """What a factor or a term is for, said before the next operator, is an aside: blanks, column for column. After
    a result it stays, naming the step (``= 17.5 GB for the 4-bit weights``).

    >>> _what_for("131,072 B x 512 x 2 for key and value = 134 MB")
    '131,072 B x 512 x 2                   = 134 MB'
    >>> _what_for("2 for key and value, times 32 layers")
    '2                  , times 32 layers'
    """
    if " for " not in text:
        return text
    return _WHAT_FOR.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


def _bracketed_units(text: str) -> str:
    """``140 [GB]`` reads as ``140  GB ``: brackets that hold only a unit, right after a number, say what the
    number measures (``(16-bit)`` and ``(80 GB each)`` are asides, and stay)."""
    def plain(m: re.Match[str]) -> str:
        if _CLOSING[m.group(2)] != m.group(4) or not _unit(m.group(3)):
            return m.group(0)
        return m.group(0).replace(m.group(2), " ", 1)[::-1].replace(m.group(4), " ", 1)[::-1]
    return _BRACKETED_UNIT.sub(plain, text)


#: ``… = 140 GB   [16-bit weights]``: a tag in square brackets that ends the line, after some space.
_TAG = re.compile(r"(?<=\S)(\s{2,}|\t+|\s(?=\[[^\[\]]*\s))\[([^\[\]=]*[A-Za-z][^\[\]]*)\]\s*$")


#: Where a number came from, in brackets after it: ``(line 3)``, ``(lines 1, 2)``, ``[step 2]``, ``(from 1)``, ``(given)``.
_SOURCE = re.compile(r"[(\[]\s*(?:(?:from\s+)?(?:lines?|steps?|eq\.?|row|ln|l\.)\s*\d{1,2}(?:\s*(?:,|and|&|-|–)\s*\d{1,2})*"
                     r"|from\s+\d{1,2}|(?:from\s+)?(?:above|given|previous|prev\.?|before))\s*[)\]]", re.IGNORECASE)


def _sourced(text: str) -> str:
    """A note of where a number came from (``11.7 s (from 1) + 20 s (given)``, ``$15 (line 1) / 6.3M (line 2)``)
    is no part of the working: blanked, column for column.

    >>> _sourced("3.36e15 / 1.978e15 (lines 1, 2) = 1.70 s"), _sourced("0.4 s + 2 × 1.70 s (line 3) = 3.80 s")
    ('3.36e15 / 1.978e15              = 1.70 s', '0.4 s + 2 × 1.70 s          = 3.80 s')
    >>> _sourced("(3) free = (2) − (1)"), _sourced("x (from above) = 2 (from 1)")
    ('(3) free = (2) − (1)', 'x              = 2         ')
    """
    if "(" not in text and "[" not in text:
        return text
    return _SOURCE.sub(lambda m: " " * len(m.group()), text)


def _tagged(text: str) -> str:
    """A tag that names what a line found (``70e9 × 2 B = 140 GB   [16-bit weights]``, ``= 1 FLOP/B [AI at b = 1]``)
    is no part of its working: blanked, column for column. A unit alone in brackets (``140 [GB]``) stays.

    >>> _tagged("140 / 80 = 1.75 → 2 cards   [cards]")
    '140 / 80 = 1.75 → 2 cards          '
    >>> _tagged("weights = 140 [GB]")
    'weights = 140 [GB]'
    """
    m = _TAG.search(text) if text.rstrip().endswith("]") else None
    if m is None or _unit(m.group(2).strip()) and text[:m.start()].rstrip()[-1:].isdigit():
        return text  # "= 2   [cards]": the number's unit
    return text[:m.start(2) - 1] + " " * (len(text) - m.start(2) + 1)


#: ``[B]/[B/s] = [s]``: units in square brackets, joined by operators and ``=``, with no number among them.
_DIMENSIONS = re.compile(r"\[[^\[\]]*\](?:\s*[/*×·=]\s*\[[^\[\]]*\])+")


def _dimensions(text: str) -> str:
    """A dimensional check in brackets (``[B]/[B/s] = [s]``, ``[GB]/[GB] = [1]``) is an aside: blanked, column
    for column. Unit algebra, not values: ``[1/s]`` is no rate of 1 a second.

    >>> _dimensions("t = 70 / 6 ≈ 11.7 s   [B]/[B/s] = [s]")
    't = 70 / 6 ≈ 11.7 s                  '
    """
    def blank(m: re.Match[str]) -> str:
        inside = re.findall(r"\[([^\[\]]*)\]", m.group())
        return " " * len(m.group()) if all(x.strip() in ("1", "") or _unit(x.strip()) or
                                           _unit(x.strip().replace("(", "").replace(")", "")) for x in inside) \
            else m.group()
    return _DIMENSIONS.sub(blank, text)


def _unit(word: str) -> bool:
    try:
        return not parse_unit(word).dimensionless or word in ("%",)
    except UnitError:
        return False


#: ``26 GB - 13B params × 2 bytes``: a line that opens with its result (after a list mark, a label or a hedge),
#: a few words, then a dash and where the result comes from.
_DASH_AFTER_RESULT = re.compile(
    r"^(?P<lead>\s*(?:[-*•]\s+|\(?\d{1,2}[.)]\s+)?(?:[A-Za-z][A-Za-z ']{0,30}:\s*|(?:[A-Za-z]+\s+){1,3})?"
    r"(?:(?:[~≈]|about|roughly)\s*)?)"
    r"(?P<value>\$?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?[x×]?)(?![\d,.])\s*"
    r"(?P<words>(?:(?:(?!(?:x|times|by|over|plus|minus|divided|multiplied)\b)[A-Za-z%µ$][\w%µ/'.-]*"
    r"|(?<=\s)(?<!of )(?<!per )\d+(?=\s))\s*){0,8}?)"
    r"(?P<dash>(?<=\s)--?(?=\s)|[–—])")


#: Characters in a line that may open with its result: such a line is short.
_SHORT = 400


def dash_after_result(text: str) -> tuple[str, int] | None:
    """A line that opens with its result, then a dash and the working, with the dash as a back arrow
    (``11.7 s ← 70 / 6``), and the column of the result; None for any other line. Whether the dash is that or
    a minus (``141 GB - 16 GB = 125 GB``) is for the values to say.

    >>> dash_after_result("8,760 hours a year - 24 x 365")
    ('8,760 hours a year ← 24 x 365', 0)
    >>> dash_after_result("- weights: 26 GB — 13B x 2"), dash_after_result("growth = 65 - 60")
    (('- weights: 26 GB ← 13B x 2', 11), None)
    """
    m = _DASH_AFTER_RESULT.match(text) if len(text) <= _SHORT else None
    if m is None or not re.search(r"[\d*/×÷+]", text[m.end():]):
        return None
    words = re.sub(r"\b\d+\b", lambda d: " " * len(d.group()), m.group("words"))  # "at batch 16": no value
    return (text[:m.start("words")] + words + "←" + " " * (len(m.group("dash")) - 1) + text[m.end():],
            m.start("value"))


def _closed(text: str) -> str:
    """A bracket a learner forgot to close before the ``=`` of its result (``5.6e14 /(4x989e12x0.5 = 283ms``) is
    closed in the space before it.

    >>> _closed("5.6e14 /(4x989e12x0.5 = 283ms")
    '5.6e14 /(4x989e12x0.5)= 283ms'
    """
    if text.count("(") != text.count(")") + 1:
        return text
    depth, opened = 0, -1
    for i, ch in enumerate(text):
        if ch == "(":
            depth, opened = depth + 1, i if depth == 0 else opened
        elif ch == ")":
            depth -= 1
        elif ch == "=" and depth == 1 and text[i - 1] == " " and i - 1 > opened:
            return text[:i - 1] + ")" + text[i:]
    return text
