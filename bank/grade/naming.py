"""Which step a claim names: by its value (:func:`best`, when several steps share it) and by its label's words
(:func:`named_step`).

A label that clearly names one step outranks a value that merely equals another, and of several steps a value
fits, the nearest wins (``≈ 100 s`` is the boot time, not a read time of 65 s).
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

from ..vocabulary import NUMBER_WORDS
from .unsaid import per_time
from .matching import YES, Claim, fits, labels_clash, money_unsaid, period_clash, same_kind
from .reference import STOPWORDS, RefStep, label_words
from .state import State


def best(state: State, claim: Claim, label: str, verdict: str, used: frozenset[str] = frozenset(),
         own: frozenset[str] = frozenset()) -> RefStep | None:
    """The step a claim matches with this verdict, when several steps share its value.

    Preference: steps not yet covered; steps that build on the values the claim
    uses (``295 / 1`` uses the ridge point, so it computes the step after it), and never a step
    whose value, as the learner had it, the claim uses (``5 + 1`` on their 5 serving replicas);
    the same kind of unit; an answer part for a claim labelled ``Answer``;
    the label's words; the order of the working.
    """
    words = label_words(label)
    below = own | {a for u in own for a in state.ref.step(u).ancestors}  # a claim using the learner's value
    clash = claim.unit is not None and not claim.unit.dimensionless
    found = [s for s in state.ref.steps if fits(claim, s.unit, s.base, s.shown) == verdict and s.name not in below
             and not (clash and labels_clash(claim.unit.dims, s.unit.dims))  # type: ignore[union-attr]
             and not (verdict == YES and period_clash(claim, s))]
    if not found:
        return None
    whole = claim.written.mid.denominator == 1  # "104 sequences": the whole count, not the share before rounding
    # a bare number states no kind: "ridge point: 989/3.35 = 295" is the ridge point (FLOP/B), not the unitless
    # crossover batch of the same value
    kind = claim.unit.dims if claim.unit is not None and claim.unit.name else None
    answers = {p.name for p in state.ref.parts} if words & _ANSWER else set()  # "Answer: 4" means a part
    said = " ".join(label.lower().replace(":", " ").split())  # "step time = 21.47 ms" names the step time
    return min(found, key=lambda s: (s.name in state.coverage, whole and not s.rounds and s.base.denominator != 1
                                     and any(t.rounds and t.inner == s.base for t in found),
                                     bool(used) and not used & set(s.ancestors),
                                     kind is not None and not same_kind(s.unit.dims, kind),
                                     said != s.label.lower(), s.name not in answers, -len(words & s.words),
                                     _off(claim, s), s.index))


def _off(claim: Claim, step: RefStep) -> Fraction:
    """How far a claim is from a step's value, relatively: "≈ 100 s" may stand for 65 s, but means 100 s."""
    value = claim.shown(step.unit, step.shown)
    return abs(value - step.shown) / abs(step.shown) if step.shown else abs(value)


def checking(label: str) -> bool:
    """Whether a label says its line checks the working (``check:``, ``sanity check:``), not that it works a step
    (``compute check:`` works out the compute time).

    >>> checking("Sanity check"), checking("compute check"), checking("")
    (True, False, False)
    """
    words = {w for w in label_words(label) if not w.isdigit()}  # "7) check:" is numbered
    return "check" in words and words <= _CHECK


def opens_checking(label: str) -> bool:
    """Whether a label opens by saying its line checks the working, whatever words follow before its first value
    (``7) check: at batch 295 a step does``).

    >>> opens_checking("7) check at batch 295 a step does"), opens_checking("compute check")
    (True, False)
    """
    lead = []
    for word in re.split(r"[^a-z0-9]+", label.lower()):
        if word and not word.isdigit():
            if word not in _CHECK:
                break
            lead.append(word)
    return "check" in lead


_CHECK = label_words("check sanity quick double cross verify")
_ANSWER = frozenset({"answer", "final", "result"})
#: A line so labelled says the working's values again (``Finally, in summary: 47.6 tok/s …``).
_SUMMARY = _ANSWER | label_words("finally summary summarise summarize overall conclusion recap")


def named_step(state: State, label: str, claim: Claim | None = None) -> RefStep | None:
    """The one step of the claim's kind a label clearly names (every word of the label is one of the
    step's), or None.

    >>> from bank.load import load
    >>> from bank.variant import variant
    >>> from bank.grade.reference import reference
    >>> q = load().question("replica-boot-gap")
    >>> named_step(State(reference(q, variant(q))), "read time").name
    'read_time'
    """
    words = label_words(label) - _ANSWER
    if not words:
        return None
    steps = [s for s in state.ref.steps if claim is None or of_kind(claim, s)
             or (claim.unit is not None and not s.unit.dimensionless
                 and per_time(s.unit.dims, claim.unit.dims))]  # "save = … $107k/yr"
    if not steps:
        return None
    scored = sorted(((len(words & s.words), s) for s in steps), key=lambda x: -x[0])
    top, step = scored[0]
    if top == 0 or (len(scored) > 1 and scored[1][0] == top):
        return None
    return step if words <= step.words else None  # every word: "monthly rent" does not name the yearly rent


def label_after(state: State, label: str, claim: Claim, text: str, end: int) -> str:
    """The label a line's last claim goes by: the words before it, or a short phrase after it (``for``, ``at``,
    ``to`` …, up to the sentence's end) that names a step, where the words before name none or name a step of
    another kind. Not for a given said again, nor against the step the value itself is right for.

    >>> from bank.load import load
    >>> from bank.variant import variant
    >>> from bank.grade.reference import reference
    >>> q = load().question("weight-memory-precision")
    >>> state = State(reference(q, variant(q)))
    >>> line = "so 70 × 0.25 = 17.5 GB for the 4-bit weights."
    >>> label_after(state, "so", Claim.exact(Fraction(175 * 10**8), Fraction(35, 2), None), line, 22)
    'for the 4-bit weights'
    """
    tail = _SENTENCE_END.split(text[end:], maxsplit=1)[0].strip(" ,")
    words = tail.split(maxsplit=1)
    phrase = bool(words) and words[0].lower() in _PHRASE  # "for the 4-bit weights", not a clause
    bare = _BARE_TAIL.fullmatch(text[end:]) is not None and words[0].lower() not in STOPWORDS
    # "= 10 rps backlog growth", "141G usable": a few words ending the line, not a phrase ("of cache", "a token")
    after = named_step(state, tail, claim) if (phrase or bare) and len(label_words(tail)) <= 3 \
        and (bare or not state.restates_given(claim)) else None  # "57,344 bytes per token of cache" stays a given
    if after is None or fits(claim, after.unit, after.base, after.shown) != YES and any(
            fits(claim, s.unit, s.base, s.shown) == YES for s in state.ref.steps):
        return label  # "= 209 tokens/s for one sequence": words about the value, not the step it is
    before = named_step(state, label, claim)
    # "forecast 7,200 tok/s + 25% = 9,000 tok/s to provision": the words that name a step of the claim's own kind
    return tail if before is None or not _said_kind(claim, before) and _said_kind(claim, after) else label


def _said_kind(claim: Claim, step: RefStep) -> bool:
    """Whether a claim says a unit of the step's kind (not a plain number, not a rate of it)."""
    unit = claim.unit
    return unit is not None and not unit.dimensionless and same_kind(unit.dims, step.unit.dims)


#: A line ending in a few plain words after its last value, naming it (``= 10 rps backlog growth``).
_BARE_TAIL = re.compile(r"\s+[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2}\s*[.*]*\s*")

#: Words that open a phrase saying what a value is (``… = 9,000 tok/s to provision``), not a clause of its own.
_PHRASE = frozenset({"for", "at", "to", "as", "in", "on"})
#: Where a sentence ends: a stop, a semicolon or a clause's dash, then a space or the line's end.
_SENTENCE_END = re.compile(r"[.;!?—](?:\s|$)")


def of_kind(claim: Claim, step: RefStep) -> bool:
    """Whether a claim can be of a step's kind: no unit, a plain number, or the same kind of unit (the dollar
    sign may go unsaid: ``198/hr`` for the on-demand bill)."""
    unit = claim.unit
    return unit is None or unit.dimensionless or same_kind(unit.dims, step.unit.dims) \
        or money_unsaid(unit.dims, step.unit.dims)


def answered_part(state: State, claim: Claim, label: str) -> RefStep | None:
    """The one open answer part of the claim's kind that an ``Answer:`` label gives it to (``Answer: 54
    sequences.``, before the working or after it)."""
    if not label_words(label) & _ANSWER:
        return None
    parts = [p for p in state.ref.parts if not state.covered(p.name) and of_kind(claim, p)
             and (claim.unit is not None and not claim.unit.dimensionless or len(state.ref.parts) == 1)]
    return parts[0] if len(parts) == 1 else None


def only_open(state: State, claim: Claim) -> RefStep | None:
    """``$20 / 5.53 = $3.62 per million tokens``, wrong and matching nothing: the one open step of its unit's kind,
    once the learner has begun on what it is made from."""
    unit = claim.unit
    if unit is None or unit.dimensionless or not unit.name:
        return None
    kind = [s for s in state.ref.steps if not state.covered(s.name) and same_kind(unit.dims, s.unit.dims)
            and not labels_clash(unit.dims, s.unit.dims)]
    if len(kind) != 1 or not (any(state.covered(a) for a in kind[0].ancestors) or not kind[0].ancestors):
        return None
    return kind[0]


#: Markup around a heading and the marks that open or close it: ``**…**``, ``## …``, ``- …:``.
_OPENING_MARKS, _CLOSING_MARKS = " \t#*_>-", " \t*_:"


def titles_a_step(state: State, raw: str) -> bool:
    """Whether a line is a step's title and nothing more, a number in it spelled in figures (``**Intensity at
    batch 1**`` for "intensity at batch one"): a heading, whose number belongs to its words.

    The words are compared in order, so ``batch 64 intensity`` is no heading of "intensity at batch 64".
    """
    said = _title_words(raw.lstrip(_OPENING_MARKS).rstrip(_CLOSING_MARKS))
    return any(w.isdigit() for w in said) and any(said == _label_title(s.label) for s in state.ref.steps)


def _title_words(text: str) -> tuple[str, ...]:
    words = [w for w in re.split(r"[^a-z0-9]+", text.lower()) if w]
    return tuple(str(NUMBER_WORDS[w]) if w in NUMBER_WORDS else w for w in words)


#: A step label's words, worked out once: every line of every working asks for them.
_label_title = functools.lru_cache(maxsize=1024)(_title_words)
