"""The one vocabulary of numbers and their words, read by every reader in the project.

Unit spellings and plurals, counted things, decimal and binary prefixes, number
suffixes (``30M``, ``8B``, ``21.9k``), number words, approx words, the words that
link a working's sides (``=``, ``is``, ``so``, ``rounded up to``), and the names of
functions all live here. The author's parser, the learner's prose reader, the
grader's messages, the solver's unit checks and the browser's answer checker
read this module: the browser through :func:`export`, which ``bank build``
writes into the site as JSON. Nothing else lists a spelling.

Nothing here imports sympy or any other heavy module.

>>> UNITS["GiB"].scale == 2**30, UNITS["rps"].expands
(True, 'request/s')
>>> plural("replica", 3), plural("hour", 1), plural("GB", 2)
('replicas', 'hour', 'GB')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from fractions import Fraction

#: The base dimensions, in the order of a unit's exponent vector.
DIMENSIONS = ("time", "data", "compute", "money", "token", "request", "replica", "card", "user")
#: Dimensions that count things: a learner may leave them unsaid (``68.6/s`` for ``68.6 tokens/s``).
COUNTED = frozenset({"token", "request", "replica", "card", "user"})


@dataclass(frozen=True)
class Word:
    """One unit: its canonical name, dimension (None: a plain count or ratio), exact scale, spellings.

    ``plural`` is the word for many (``replicas``) where the canonical name is a word that takes one
    (symbols such as ``s`` and ``GB`` never change);
    ``expands`` is a compound the word stands for (``rps`` is ``request/s``).
    """

    name: str
    dimension: str | None = None
    scale: Fraction = Fraction(1)
    aliases: tuple[str, ...] = ()
    plural: str | None = None
    expands: str | None = None

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.aliases) + ((self.plural,) if self.plural else ())


_DAY = 86400
_DECIMAL = {"k": 10**3, "M": 10**6, "G": 10**9, "T": 10**12, "P": 10**15}
_BINARY = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50}
_DATA_WORDS = {"k": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta"}
_BINARY_WORDS = {"Ki": "kibi", "Mi": "mebi", "Gi": "gibi", "Ti": "tebi", "Pi": "pebi"}


def _bytes() -> list[Word]:
    """``KB`` (``kB``), ``MB`` … ``PB``, and ``kilobyte`` … ``petabytes``."""
    out = []
    for p, k in _DECIMAL.items():
        name, other = (f"{p.upper()}B", (f"{p}B",)) if p == "k" else (f"{p}B", ())
        slang = {"G": ("gig", "gigs", "G"), "M": ("meg", "megs"), "T": ("tera", "teras")}.get(p, ())
        words = (f"{_DATA_WORDS[p]}byte", f"{_DATA_WORDS[p]}bytes") + slang
        typed = (f"{p.lower()}b",) if p != "k" else ()  # "245.8mb", "17.5gb": lower case in a chat (kb is a kilobit)
        octets = (f"{p}o",) if p != "k" else ("ko", "Ko")  # French: 16 Go, 65,5 Mo (a megaoctet is a megabyte)
        out.append(Word(name, "data", Fraction(k), (*other, *words, *typed, *octets)))
    return out


def _binary_bytes() -> list[Word]:
    """``KiB`` … ``PiB``: powers of 1,024, as memory is sold."""
    return [Word(f"{p}B", "data", Fraction(k), (f"{_BINARY_WORDS[p]}byte", f"{_BINARY_WORDS[p]}bytes"))
            for p, k in _BINARY.items()]


def _table() -> list[Word]:
    t = [
        # time; a year is 365 days, as in "24 x 365" hours of rent, and a month a twelfth of it
        Word("ns", "time", Fraction(1, 10**9), ("nanosecond", "nanoseconds", "nsec")),
        Word("µs", "time", Fraction(1, 10**6), ("us", "μs", "microsecond", "microseconds", "usec")),
        Word("ms", "time", Fraction(1, 1000), ("millisecond", "milliseconds", "msec", "msecs")),
        Word("s", "time", Fraction(1), ("sec", "secs", "second", "seconds", "sek", "sekunder", "detik")),
        Word("min", "time", Fraction(60), ("mins", "minute", "minutes", "minuter", "minutter", "menit")),
        Word("hour", "time", Fraction(3600), ("h", "hr", "hrs", "tim", "timme", "timmar", "timer", "uur", "jam"),
             plural="hours"),  # Swedish, Danish and Norwegian, Dutch, Indonesian
        Word("day", "time", Fraction(_DAY), ("dag", "dagar", "dage", "dagen", "hari"), plural="days"),
        Word("week", "time", Fraction(7 * _DAY), ("wk",), plural="weeks"),
        Word("month", "time", Fraction(365 * _DAY, 12), ("mo", "mth", "mths"), plural="months"),  # a twelfth of that year
        Word("year", "time", Fraction(365 * _DAY), ("yr", "yrs"), plural="years"),
        # data: bytes, decimal and binary prefixes, and bits (8 to a byte)
        Word("B", "data", Fraction(1), ("byte", "bytes", "octet", "octets")),
        *_bytes(),
        *_binary_bytes(),
        Word("bit", "data", Fraction(1, 8), (), plural="bits"),
        *[Word(f"{p}b", "data", Fraction(k, 8), (f"{p}bit", f"{p}bits", f"{_DATA_WORDS[p]}bit", f"{_DATA_WORDS[p]}bits")
               + ((f"{p.upper()}b",) if p == "k" else ())) for p, k in _DECIMAL.items()],
        # compute
        Word("FLOP", "compute", Fraction(1), ("FLOPs", "flop", "flops")),
        *[Word(f"{p}FLOP", "compute", Fraction(k), (f"{p}FLOPs",) + ((f"{p.upper()}FLOP", f"{p.upper()}FLOPs")
                                                                      if p == "k" else (f"{p.lower()}flop",))
               + (f"{_DATA_WORDS[p]}FLOP",))  # pint spells the prefix out: teraFLOP
          for p, k in _DECIMAL.items()],
        # money
        Word("USD", "money", Fraction(1), ("$", "usd", "dollar", "dollars", "buck", "bucks")),  # "50 bucks an hour"
        Word("cent", "money", Fraction(1, 100), ("¢",), plural="cents"),
        # counted things (dimensions of their own)
        Word("token", "token", Fraction(1), ("tok", "toks"), plural="tokens"),  # not "t": authors name times t
        Word("ktoken", "token", Fraction(10**3), ("ktok", "ktoks", "ktokens", "Ktok", "Ktokens", "kilotoken")),
        Word("Mtoken", "token", Fraction(10**6), ("Mtok", "Mtoks", "Mtokens", "mtok", "mtoks",  # a phone's case
                                                  "megatoken")),
        Word("request", "request", Fraction(1), ("req", "reqs", "query", "queries"), plural="requests"),
        Word("replica", "replica", Fraction(1), ("instance", "instances", "pod", "pods"), plural="replicas"),
        Word("card", "card", Fraction(1), ("GPU", "GPUs", "gpu", "gpus", "accelerator", "accelerators"),
             plural="cards"),
        Word("user", "user", Fraction(1), (), plural="users"),
        # counted things that only label a number (no dimension): 80 layers, 134 seqs
        Word("layer", None, Fraction(1), (), plural="layers"),
        Word("sequence", None, Fraction(1), ("seq", "seqs"), plural="sequences"),
        Word("head", None, Fraction(1), (), plural="heads"),
        Word("dim", None, Fraction(1), ("dims", "dimension", "dimensions")),
        Word("param", None, Fraction(1), ("parameter", "parameters"), plural="params"),
        Word("value", None, Fraction(1), (), plural="values"),
        Word("buffer", None, Fraction(1), (), plural="buffers"),
        Word("share", None, Fraction(1), (), plural="shares"),
        Word("way", None, Fraction(1), (), plural="ways"),
        Word("prompt", None, Fraction(1), (), plural="prompts"),
        Word("slot", None, Fraction(1), (), plural="slots"),
        Word("hit", None, Fraction(1), (), plural="hits"),
        Word("miss", None, Fraction(1), (), plural="misses"),
        Word("burst", None, Fraction(1), (), plural="bursts"),
        Word("step", None, Fraction(1), (), plural="steps"),
        Word("percent", None, Fraction(1, 100), ("%", "pct", "pc", "percentage")),  # British "10 pc"
        # compound spellings: one word standing for a unit expression
        Word("rps", expands="request/s", aliases=("RPS", "qps", "QPS")),
        Word("tps", expands="token/s", aliases=("TPS",)),
        Word("FLOPS", expands="FLOP/s"),
        *[Word(f"{p}FLOPS", expands=f"{p}FLOP/s", aliases=((f"{p.upper()}FLOPS",) if p == "k" else (f"{p.lower()}flops",))
               + (f"{_DATA_WORDS[p]}flops", f"{_DATA_WORDS[p].capitalize()}FLOPS")) for p in _DECIMAL],
        *[Word(f"{p}Bps", expands=f"{p}B/s") for p in _DECIMAL],
        *[Word(f"{p}bps", expands=f"{p}b/s") for p in _DECIMAL],
    ]
    return t


#: Every unit, by every spelling (canonical name, aliases, plural).
UNITS: dict[str, Word] = {}
for _w in _table():
    for _s in _w.spellings:
        UNITS.setdefault(_s, _w)
#: Count words that only label a number in prose (``80 layers``): authors may use them as names.
LABELS = frozenset(s for s, w in UNITS.items() if w.dimension is None and w.scale == 1 and not w.expands)

#: Words for numbers a learner may spell out.
NUMBER_WORDS: dict[str, Fraction] = {word: Fraction(v) for word, v in {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}.items()} | {"half": Fraction(1, 2), "quarter": Fraction(1, 4)}
#: An East Asian input method's marks that are not simply full-width ASCII (U+FF01–U+FF5E, read as the ASCII
#: they stand for): its comma separates clauses with no space after it (``762，4 replica``), so it reads as a
#: semicolon, except between a number's thousands (``$21，360``: see ``bank.notation.respell``).
FULL_WIDTH_MARKS: dict[str, str] = {"，": ";", "、": ";", "。": ".", "\u3000": " "}
#: Other scripts' digits, each read as its ASCII digit (``٧٠ × ٢ = ١٤٠``, Persian ``۲٫۶۸``, Devanagari ``१४०``,
#: Bengali, Thai), with Arabic's decimal and thousands separators and percent sign (``٫``, ``٬``, ``٪``).
NATIVE_DIGITS: dict[str, str] = {
    **{chr(zero + d): str(d) for zero in (0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50) for d in range(10)},
    "\u066b": ".", "\u066c": ",", "\u066a": "%",
}
#: Emoji a chat types for an operator (``70 ✖️ 2``, ``➗ 4``, ``➡️ 5 replicas``) or a unit (``💰9.60/hr``), each read as
#: the mark it stands for; a clock before a time says nothing. Other pictographs (``✅``, ``🤔``, ``👉``) end a clause,
#: as a full stop would; ticks and crosses of the plain kind (``✓``, ``✗``) stay.
EMOJI_MARKS: dict[str, str] = {"✖": "×", "➗": "÷", "➕": "+", "➖": "−", "➡": "→", "⏩": "→", "🟰": "=", "💰": "$",
                               "💵": "$", "⏱": " ", "⏰": " ", "⌛": " ", "⏳": " "}
#: Chinese and Japanese numerals, each one character, read as one digit before a counter word (``两张卡``, 2 cards).
CJK_DIGITS: dict[str, str] = {"〇": "0", "零": "0", "一": "1", "二": "2", "两": "2", "兩": "2", "三": "3", "四": "4",
                              "五": "5", "六": "6", "七": "7", "八": "8", "九": "9"}
#: Counter words: what follows a number that counts things (``张`` sheets and cards, ``个`` anything, ``台``
#: machines, ``倍`` times as much, ``枚`` in Japanese).
CJK_COUNTERS = "个個张張台块塊位条條份次倍副名枚"
#: Unicode's fractions, each one character (``½ byte``, ``1¾ cards``), at their exact values (Unicode gives a float).
VULGAR_FRACTIONS: dict[str, Fraction] = {ch: Fraction(unicodedata.numeric(ch)).limit_denominator(10)
                                         for ch in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞⅒"}
#: Words that multiply the value just given: ``4-bit is twice that, 137 tok/s``, ``half it``.
MULTIPLIERS: dict[str, Fraction] = {"twice": Fraction(2), "double": Fraction(2), "doubled": Fraction(2),
                                    "triple": Fraction(3), "thrice": Fraction(3), "half": Fraction(1, 2),
                                    "halve": Fraction(1, 2), "halved": Fraction(1, 2)}

#: Suffixes after a number that scale it: 30k, 30M, 1.5 bn, 30 million. ``B`` after a number with no
#: space is a billion only where a byte would make no sense (``8B params``); the reader decides.
SUFFIXES: dict[str, int] = {
    "k": 10**3, "K": 10**3, "thousand": 10**3,
    "M": 10**6, "mn": 10**6, "million": 10**6, "mil": 10**6, "Mio": 10**6, "mio": 10**6,
    "bn": 10**9, "billion": 10**9, "bil": 10**9, "Mrd": 10**9,  # Mio, Mrd: German and Dutch chat
    "Tsd": 10**3, "Md": 10**9, "Mds": 10**9, "milliards": 10**9,  # German 20 Tsd.; French 70 Md (milliards)
    "trillion": 10**12, "tn": 10**12,
    "lakh": 10**5, "lakhs": 10**5, "crore": 10**7, "crores": 10**7,  # India's: 3 crore = 3,00,00,000
    "millones": 10**6, "millon": 10**6,  # Spanish: 350 millones
    "milhoes": 10**6, "milhao": 10**6, "bilhoes": 10**9, "bilhao": 10**9,  # Portuguese (read without accents)
    "tys": 10**3, "mln": 10**6, "mld": 10**9,  # Polish: 20 tys., 30 mln, 70 mld
    "milyon": 10**6, "milyar": 10**9,  # Turkish: 70 milyar parametre
    "nghin": 10**3, "ngan": 10**3, "trieu": 10**6, "ty": 10**9,  # Vietnamese (read without accents): 30 triệu, 70 tỷ
    "miljoen": 10**6, "miljard": 10**9, "biljoen": 10**12,  # Dutch: 70 miljard parameters
    "ribu": 10**3, "rb": 10**3, "juta": 10**6, "jt": 10**6, "miliar": 10**9, "triliun": 10**12,  # Indonesian, Malay
    "tusen": 10**3, "tusind": 10**3, "miljon": 10**6, "miljoner": 10**6, "millioner": 10**6,  # Scandinavian:
    "miljarder": 10**9, "milliard": 10**9, "milliarder": 10**9, "mia": 10**9,  # 70 mia. is 70 billion; a
    "biljon": 10**12, "biljoner": 10**12, "billioner": 10**12,  # biljon, billion in the long scale, is 10^12
    "천": 10**3, "만": 10**4, "억": 10**8, "조": 10**12,  # Korean counts in myriads: 700억 is 70 billion
    "千": 10**3, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8, "兆": 10**12,  # as do Chinese and Japanese
    # Hindi (3 करोड़): ज़ and ड़ may be typed as one letter or as a letter and its nukta, so each word twice
    "हज़ार": 10**3, "हज़ार": 10**3, "हजार": 10**3, "लाख": 10**5,
    "करोड़": 10**7, "करोड़": 10**7, "अरब": 10**9,
}
#: Suffixes that may also be a unit: the reader tries both readings (``8B params``, ``2T tokens``, ``70G params``;
#: ``80G`` alone is slang for gigabytes).
AMBIGUOUS_SUFFIXES: dict[str, int] = {"B": 10**9, "T": 10**12, "G": 10**9}
#: Whiteboard short forms of the words step labels use (``usable mem`` names the usable memory).
LABEL_SHORT_FORMS: dict[str, str] = {
    "mem": "memory", "bw": "bandwidth", "tok": "token", "toks": "token", "req": "request", "reqs": "request",
    "util": "utilisation", "utilization": "utilisation", "comp": "compute", "avg": "average", "tput": "throughput",
    "eff": "effective", "cap": "capacity", "hr": "hour", "hrs": "hour", "yr": "year", "yrs": "year",
    "wts": "weight", "gpu": "card", "gpus": "card", "seqs": "sequence", "lat": "latency",
}

#: Words after ``8B`` that say it counts parameters (a billion), not bytes.
MODEL_WORDS = frozenset({"params", "param", "parameters", "parameter", "model", "models", "weights", "llm"})
#: What may follow a billion typed in lower case, ``8b``: a product or a result (``2 x 8b = 16 GFLOP``).
BILLION_BEFORE = ("=", "*", "x", "×", "≈", "~")

#: Words and marks that say the value after them is approximate.
APPROX = ("about", "roughly", "approx", "approximately", "around", "circa", "ca", "nearly", "almost",
          "~", "≈", "≃", "≅",
          # "about" in languages writers mix into English: Spanish and Portuguese, French, German
          "aprox", "aproximadamente", "environ", "env", "etwa")
#: Marks that state the next side equals the one before.
EQUALS = ("=", "==", "equals")
#: Marks that state the next side is about equal to the one before.
APPROX_EQUALS = ("≈", "~", "≃", "≅", "~=", "=~")
#: Words that state a value in prose: ``… ÷ 3 is 21``, ``that's 14.6 ms``, ``which gives 3``.
#: They link two sides only when the sides agree, or when a working is followed by its value.
SAYS = ("is", "are", "was", "gives", "giving", "get", "gets", "got", "yields", "makes", "comes to", "that's",
        "thats", "which is", "which gives", "so that's", "i.e.", "ie", "for", "totalling", "totaling",
        "total", "for a total of", "means", "costs", "cost", "takes", "needs", "need", "leaves", "left",
        "gives us", "gets us", "leaves us", "gives you", "gets you")  # "us" alone would be microseconds
#: Marks that say "so" or "therefore": the next value follows, as it is or rounded.
IMPLIES = ("→", "->", "=>", "⇒", "⟹", "so", "hence", "therefore", "thus", "then")
#: Phrases that round the value before them: ``2.4, rounded up to 3``.
ROUNDING: dict[str, str] = {
    "rounded up": "up", "round up": "up", "rounding up": "up", "rounds up": "up", "ceil": "up",
    "ceiling": "up", "rounded down": "down", "round down": "down", "rounding down": "down",
    "rounds down": "down", "floor": "down", "truncated": "down", "rounded": "nearest", "rounds": "nearest",
    "rounding": "nearest", "round": "nearest",
    "at least": "up", "at most": "down",  # "4.56 → at least 5 replicas", "180.3 → at most 180 sequences"
}
#: Words that make a rate of the time unit after them: ``$2.50 an hour``, ``2 requests every second``.
RATE_WORDS = ("per", "an", "a", "every", "each")
#: Single words that link a working to its value (never an adjective before a unit: "so step").
LINK_WORDS = frozenset(w for phrase in (*EQUALS, *SAYS, *IMPLIES, *APPROX) for w in [phrase] if " " not in w)
#: Labels of a line that sets out the problem's data or what is asked (``Given: 70e9 params, 2 B each``), not working.
DATA_LABELS = frozenset({"given", "givens", "known", "knowns", "data", "find", "unknown", "unknowns", "required",
                         "asked"})
#: Who speaks, opening a line of a mock interview's transcript (``Interviewer: and the card?``, ``Me: 989 / 3.35``).
#: The interviewer's lines are not the candidate's working; a candidate's tag is no label.
INTERVIEWER_TAGS = frozenset({"interviewer", "int", "iv", "i", "q"})
CANDIDATE_TAGS = frozenset({"me", "candidate", "cand"})
#: Words that never name a param or step.
RESERVED = frozenset({"x", "X", "of", "per", "at", "times", "mult", "div", "plus", "minus", "less", "by", "over",
                      "and", "nan", "inf", "infinity"}) | frozenset(APPROX) | frozenset(SUFFIXES)


def plural(unit: str, magnitude: Fraction | float | int) -> str:
    """The unit word as it reads after ``magnitude``: ``3 replicas``, ``1 hour``, ``2 GB``.

    Only the leading word of a compound changes (``tokens/s``).

    >>> plural("token/s", 2), plural("request", 1), plural("USD/hour", 3)
    ('tokens/s', 'request', 'USD/hour')
    """
    head, sep, rest = unit.partition("/")
    word = UNITS.get(head)
    if word is not None and word.plural and magnitude != 1 and head == word.name:
        head = word.plural
    return f"{head}{sep}{rest}"


def export() -> dict:
    """The vocabulary as JSON-ready data for the browser (``bank build`` writes it into the site).

    >>> data = export(); data["units"]["GB"], data["suffixes"]["M"]
    ({'name': 'GB', 'scale': '1000000000/1', 'dims': [0, 1, 0, 0, 0, 0, 0, 0, 0]}, '1000000/1')
    """
    from .notation.functions import FUNCTIONS
    from .units import parse_unit

    def ratio(x: Fraction | int) -> str:
        x = Fraction(x)
        return f"{x.numerator}/{x.denominator}"

    units = {}
    for spelling, word in UNITS.items():
        unit = parse_unit(spelling)
        units[spelling] = {"name": word.name if not word.expands else word.expands, "scale": ratio(unit.scale),
                           "dims": list(unit.dims)}
    return {
        "dimensions": list(DIMENSIONS), "counted": sorted(COUNTED), "units": units,
        "suffixes": {k: ratio(v) for k, v in SUFFIXES.items()},
        "ambiguous_suffixes": {k: ratio(v) for k, v in AMBIGUOUS_SUFFIXES.items()},
        "model_words": sorted(MODEL_WORDS), "billion_before": list(BILLION_BEFORE),
        "number_words": {k: ratio(v) for k, v in NUMBER_WORDS.items()},
        "multipliers": {k: ratio(v) for k, v in MULTIPLIERS.items()},
        "full_width_marks": dict(FULL_WIDTH_MARKS),
        "native_digits": dict(NATIVE_DIGITS),
        "emoji_marks": dict(EMOJI_MARKS),
        "approx": list(APPROX), "equals": list(EQUALS), "approx_equals": list(APPROX_EQUALS),
        "says": list(SAYS), "implies": list(IMPLIES), "rounding": dict(ROUNDING), "rate_words": list(RATE_WORDS),
        "functions": {name: {"arity": f.arity} for name, f in FUNCTIONS.items()},
    }
