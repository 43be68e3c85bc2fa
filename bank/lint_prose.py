"""Content faults that only show in rendered prose, and in step labels.

``bank check`` renders every prose field for every variant it draws and
passes the text here. The faults:

- a number and a count noun that disagree: ``1 cards``, ``3 replica``;
- a unit printed twice: ``472 ms s``, ``4.42 min mins``, ``$9.00 USD``;
- a percent param or step printed without its ``%`` (checked on the template);
- step labels longer than a whiteboard line allows, or two steps with one label;
- a given whose format prints another number than the one the answer uses (``2.039`` as ``2.04``).

>>> disagreements("1 cards and 1 spare replicas, 2 replica, 1 card, 4-card, 3 KV heads")
['1 cards', '1 spare replicas', '2 replica']
>>> duplicated_units("472 ms s, 4.42 min mins, $9.00 USD, 80 GB cards, 21 s.")
['472 ms s', '4.42 min mins', '$9.00 USD']
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import Iterable, Iterator, Mapping

from .errors import Problem
from .formatting import UNIT_FILTERS, apply_format
from .locations import Locator
from .model import FieldPath, Param, Question, Step, Term, Value, Worked, prose_fields, worked_of
from .units import Unit, lookup
from .vocabulary import SUFFIXES, UNITS

#: Count nouns as a singular -> plural table (time words too: "1 hours" is as wrong as "1 cards"): the
#: vocabulary's counted words and time words, then nouns that only prose counts.
_NOUNS = {w.name: w.plural for w in UNITS.values() if w.plural}
_NOUNS.update({w: w + "s" for w in (
    "GPU", "wave", "drain", "parameter", "byte", "node", "probe", "failure", "eviction", "chunk", "vector",
    "second", "minute", "millisecond", "stream", "spare", "document", "customer", "instance", "replacement",
    "server", "machine", "worker", "block", "page", "student", "question", "variant", "buffer", "head", "step",
    "prompt", "slot", "share", "value", "hour", "day", "week", "year", "token", "request", "replica", "card",
    "user", "sequence", "layer") if w not in _NOUNS})
_NOUNS.update(miss="misses", batch="batches", query="queries", copy="copies", reply="replies", standby="standbys",
              launch="launches", prefix="prefixes", entry="entries")
_PLURALS = {p: s for s, p in _NOUNS.items()}

#: Words that may sit between a number and its noun: "1 spare replica", "8 KV heads".
_MODIFIERS = {"kv", "spare", "warm", "cold", "serving", "new", "idle", "live", "effective", "extra",
              "on-demand", "spot", "standby", "slow", "healthy", "evicted", "full-length", "in-flight",
              "query", "shared", "cached", "generated", "prompt", "output", "more", "fewer", "whole",
              "full", "long", "short", "all-reduce", "decode", "prefill", "attention", "16-bit", "8-bit",
              "4-bit", "separate", "other", "busy", "running", "waiting", "queued", "failed", "missed"}

#: A number as prose prints it: 1, 1,000, 2.5, $2.50, 10%, 5.6e14 (not part of 8-bit or p99).
_NUMBER = r"(?<![\w.$-])(\$?\d[\d,]*(?:\.\d+)?(?:e-?\d+)?%?)"
_WORD = r"([A-Za-z][\w-]*)"
_SPACE = r"[ \u00a0]+"
_COUNTED = re.compile(_NUMBER + _SPACE + _WORD + r"(?:" + _SPACE + _WORD + r")?(?:" + _SPACE + _WORD + ")?")
_TWO_WORDS = re.compile(_NUMBER + _SPACE + r"([A-Za-z%][\w/%]*)(?:" + _SPACE + r"([A-Za-z%][\w/%]*))?")


def _is_one(number: str) -> bool:
    return number.lstrip("$").rstrip("%") == "1"


def _noun(words: list[str | None]) -> str | None:
    """The count noun a number counts: the first word, or the first after its modifiers.

    A word that is both (``prompt`` in ``1 prompt tokens``) is a modifier when a noun follows it.
    """
    present = [w for w in words if w]
    for i, word in enumerate(present):
        noun = word in _NOUNS or word in _PLURALS
        modifier = word.lower() in _MODIFIERS
        if noun and not (modifier and any(w in _NOUNS or w in _PLURALS for w in present[i + 1:])):
            return word
        if not modifier:
            return None
    return None


def disagreements(text: str) -> list[str]:
    """Number-and-noun pairs whose number disagrees with the noun (``1 cards``, ``3 replica``)."""
    out = []
    for m in _COUNTED.finditer(text):
        number, words = m.group(1), [m.group(2), m.group(3), m.group(4)]
        if number.endswith("%") or number.startswith("$"):
            continue
        noun = _noun(words)
        if noun is None:
            continue
        wrong = noun in _PLURALS if _is_one(number) else noun in _NOUNS and noun not in _PLURALS
        if wrong:
            span = text[m.start(1):text.index(noun, m.start(2)) + len(noun)]
            out.append(span)
    return out


def _unit_of(word: str) -> Unit | None:
    """The unit a single printed word names (not compounds such as ``GB/s``)."""
    return None if "/" in word else lookup(word)


def duplicated_units(text: str) -> list[str]:
    """A number printed with its unit twice: ``472 ms s``, ``$9.00 USD``, ``10% percent``."""
    out = []
    for m in _TWO_WORDS.finditer(text):
        number, first, second = m.group(1), m.group(2), m.group(3)
        sign = "USD" if number.startswith("$") else "percent" if number.endswith("%") else None
        if sign:
            pair, shown = (lookup(sign), _unit_of(first)), m.group(0)[:m.end(2) - m.start(0)]
        elif second is not None:
            pair, shown = (_unit_of(first), _unit_of(second)), m.group(0)
        else:
            continue
        a, b = pair
        if a is None or b is None:
            continue
        # A percent counts nothing, so "95% hit rate" is a share of hits; only a percent word repeats it.
        same = a.name == b.name if sign == "percent" else a.dims == b.dims and any(a.dims)
        if same:
            out.append(shown)
    return out


#: ``{{ name }}`` or ``{{ name | filter(...) }}`` in a template.
_OUTPUT = re.compile(r"\{\{\s*(\w+)\s*(?:\|\s*(\w+)\s*(?:\([^)]*\))?\s*)?\}\}")
_PERCENT_AFTER = re.compile(r"\s*(?:%|percent\b|per\s*cent\b)")


def percent_without_sign(source: str, percent_names: dict[str, str | None]) -> list[str]:
    """Names of percent values the template prints without ``%``.

    ``percent_names`` maps each percent param or step to its ``format``.

    >>> percent_without_sign("{{ a }} and {{ b | percent }} and {{ c }} and {{ d }} percent",
    ...                      {"a": None, "b": None, "c": "percent", "d": None})
    ['a']
    """
    out = []
    for m in _OUTPUT.finditer(source):
        name, filt = m.group(1), m.group(2)
        if name not in percent_names:
            continue
        shown = filt or percent_names[name] or "num"
        if not shown.startswith("percent") and not _PERCENT_AFTER.match(source, m.end()):
            out.append(name)
    return out


#: The longest label a whiteboard line should carry.
LABEL_LIMIT = 40


def read_back(text: str) -> Fraction | None:
    """The number a formatted value shows, or None: ``$21,900`` -> 21900, ``1.5 billion``, ``5.6e14``, ``10%``.

    >>> read_back("1.5 billion"), read_back("$2.50"), read_back("2.04"), read_back("3 s")
    (Fraction(1500000000, 1), Fraction(5, 2), Fraction(51, 25), Fraction(3, 1))
    """
    parts = text.replace("$", "").replace(",", "").replace("%", "").split()
    if not parts:
        return None
    try:
        value = Fraction(parts[0]) if "e" not in parts[0] else Fraction(float(parts[0])).limit_denominator(1)
    except (ValueError, ZeroDivisionError):
        return None
    if len(parts) > 1 and parts[1] in SUFFIXES:
        value *= SUFFIXES[parts[1]]
    return value


def lossy_givens(params: Iterable[Param], limit: int = 2000) -> Iterator[tuple[str, str, str]]:
    """(param, value, as printed) for a given its own format prints as another number (``2.039`` as
    ``2.04``): the problem would state a different figure from the one the answer uses.

    >>> from bank.model import Param
    >>> list(lossy_givens([Param("bw", Fraction(2039, 1000), choices=(Fraction(2039, 1000),))]))
    [('bw', '2.039', '2.04')]
    """
    for p in params:
        size = p.size()
        indices = range(size) if size <= limit else range(0, size, size // limit + 1)
        for i in indices:
            value = p.at(i)
            shown = apply_format(Value(value, p.unit, p.format) if p.format else value, p.format)
            if read_back(shown) != value:
                yield p.name, str(float(value)).removesuffix(".0"), shown
                break


def label_problems(steps: Iterable[Step]) -> Iterator[tuple[int, str]]:
    """(step index, message) for labels that are too long or used twice in one worked answer."""
    seen: dict[str, str] = {}
    for i, step in enumerate(steps):
        label = step.title
        if len(label) > LABEL_LIMIT:
            yield i, f"label `{label}` is {len(label)} characters; keep it to {LABEL_LIMIT}"
        key = label.casefold()
        if key in seen:
            yield i, f"label `{label}` is also the label of step `{seen[key]}`"
        seen.setdefault(key, step.name)


class ProseLint:
    """The content faults of one question or term with a worked answer, gathered while ``bank check``
    renders its variants. Fields are the owner's :func:`~bank.model.prose_fields`, by path."""

    def __init__(self, owner: Question | Term):
        self.locate, self.prefix, self.worked = Locator(owner), owner.worked_path, worked_of(owner)
        self.sources = dict(prose_fields(owner))
        self.found: dict[tuple, Problem] = {}
        self._see_templates()
        formats = {item.name: item.format for item in _named(self.worked)}
        #: Which rendered checks each field needs: both faults come from a value printed next to a word,
        #: so a template whose outputs are never followed by a count word, or never print a unit, is skipped.
        self.checks = {where: (_counts_follow(source), _prints_unit(source, formats))
                       for where, source in self.sources.items()}

    def _see_templates(self) -> None:
        """The faults the templates show before any variant is rendered: labels, givens, percents."""
        locate, prefix, worked = self.locate, self.prefix, self.worked
        for i, message in label_problems(worked.steps):
            self.found[("label", i)] = locate.problem(prefix + ("steps", i, "label"), message)
        for name, value, shown in lossy_givens(worked.params):
            self.found[("given", name)] = locate.problem(
                prefix + ("params", name, "<key>"), f"given `{name}` = {value} prints as `{shown}`; give it a "
                "format that shows every digit (e.g. `sig(4)`, `money(3)`)")
        percent = dict(_percent_values(worked))
        for where, source in self.sources.items():
            for name in percent_without_sign(source, percent):
                self.found.setdefault(("percent", where, name), locate.problem(
                    where, f"`{name}` is a percent but prints without `%`; use `{{{{ {name} | percent }}}}`",
                    needle=name))

    def see(self, where: FieldPath, text: str, variant: str) -> None:
        """Lint one rendered field of one variant; a fault is kept for the first variant showing it."""
        counts, units = self.checks.get(where, (True, True))
        if not counts and not units:
            return
        for span, message in rendered_faults(text, counts, units):
            word = span.split()[-1]
            key = (where, message.split(":", 1)[1], word.rstrip("s"))
            if key not in self.found:
                source = self.sources.get(where, "")
                # The words after the number ("s s" of "4 s s") point at the fault better than the last word.
                needle = next((n for n in (" ".join(span.split()[1:]), word) if n in source), None)
                self.found[key] = self.locate.problem(where, f"{variant}: {message}", needle=needle)

    def see_answer(self, values: Mapping[str, Value], variant: str) -> None:
        """Lint each answer part as the quiz, the site and the exports print it (value, then unit).

        The fault comes from a step's format and unit, not its value, so one variant shows it.
        """
        from .render import with_unit

        names = [s.name for s in self.worked.steps]
        for part in self.worked.parts:
            for span, message in rendered_faults(with_unit(values[part])):
                key = ("answer", part, message.split(":", 1)[1])
                where = self.prefix + ("steps", names.index(part), "format")
                self.found.setdefault(key, self.locate.problem(
                    where, f"{variant}: the answer prints as {message}"))

    def problems(self) -> list[Problem]:
        return list(self.found.values())


def _named(worked: Worked) -> tuple[Param | Step, ...]:
    """Every param, then every step."""
    return (*worked.params, *worked.steps)


def _percent_values(worked: Worked) -> Iterator[tuple[str, str | None]]:
    """(name, format) of every param and step whose unit is a percent."""
    for item in _named(worked):
        word = UNITS.get(item.unit.strip())
        if word is not None and word.name == "percent":
            yield item.name, item.format


@functools.lru_cache(maxsize=16384)
def rendered_faults(text: str, counts: bool = True, units: bool = True) -> tuple[tuple[str, str], ...]:
    """(the words at fault, message) for every fault in one rendered field (cached: variants repeat)."""
    found = [(span, f"`{span}`: the number and the noun disagree; use the `plural` filter or `{{% if %}}`")
             for span in (disagreements(text) if counts else ())]
    found += [(span, f"`{span}`: the unit is printed twice (the value's format already prints one)")
              for span in (duplicated_units(text) if units else ())]
    return tuple(found)


_AFTER_OUTPUT = re.compile(r"\}\}[ \u00a0]+(?:\{\{[^}]*\}\}[ \u00a0]*)?([A-Za-z][\w-]*)")


def _counts_follow(source: str) -> bool:
    """Whether some ``{{ value }}`` in a template is followed by a word that may count it."""
    words = {w.lower() for w in _AFTER_OUTPUT.findall(source)}
    return bool(words & ({n.lower() for n in (*_NOUNS, *_PLURALS)} | _MODIFIERS))


def _prints_unit(source: str, formats: dict[str, str | None]) -> bool:
    """Whether some value in a template is printed with a format that adds its own unit, or is followed
    by the same unit typed twice (``{{ size }} GB GB``).

    >>> _prints_unit("{{ size }} GB GB", {}), _prints_unit("{{ size }} GB cards", {})
    (True, False)
    """
    for m in _OUTPUT.finditer(source):
        shown = m.group(2) or formats.get(m.group(1)) or ""
        if shown.split("(")[0] in UNIT_FILTERS:
            return True
    return bool(duplicated_units(_ANY_OUTPUT.sub("1", source)))


#: Any ``{{ ... }}`` output, stood in for by a plain number when the template's own words are linted.
_ANY_OUTPUT = re.compile(r"\{\{.*?\}\}", re.S)


__all__ = ["ProseLint", "lossy_givens", "read_back", "disagreements", "duplicated_units", "percent_without_sign", "label_problems", "rendered_faults",
           "LABEL_LIMIT"]
