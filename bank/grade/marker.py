"""Marking a whole working, line by line and claim by claim, the way a careful human marker would.

For each line: read the claims out of its prose (:func:`bank.notation.read_line`;
a line whose arithmetic cannot be read at all is a format error, PrairieLearn
style: "I can't read this line" is not "this line is wrong"). Split each claim
the way a reader would (:func:`.splitting.pieces`), check its own arithmetic
(rule 1, :mod:`.arithmetic`), then find the reference step it computes (rules 2
and 3, :mod:`.locate` and :mod:`.carry`). Then the answer parts (rule 5,
:mod:`.final`) and the score (rule 6, :mod:`.rubric`).

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> r = grade(q, variant(q), "Read: 70 GB / 6 GB/s = 11.7 s\\nBoot: 11.7 s + 20 s = about 32 s")
>>> [str(x.status) for x in r.lines], str(r.final.status), r.score
(['correct', 'correct'], 'correct', 1.0)
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..model import Question, Term, Variant
from ..vocabulary import DATA_LABELS
from . import diagnose as dx
from . import lines, rubric, stacked
from .arithmetic import Arithmetic, Context, check
from .final import finals, overall
from .leaves import Entry, Leaf, Stand, analyse, unrounded, whole_roundings
from .locate import carried_value, locate
from .matching import YES, Claim, compatible, fits, same_kind
from .messages import message
from .naming import checking, label_after
from .reference import RefStep, label_words, reference
from .report import SEVERITY, Carry, ClaimResult, Coverage, LineResult, Report, Status, StepCoverage, number
from .splitting import pieces
from .words import show
from .state import Marked, Outcome, State

#: Lines beyond this are not read (a working is a handful of lines).
MAX_LINES = 100
#: Claims read from one line (a line is a sentence or two).
MAX_CLAIMS = 12


def grade(owner: Question | Term, variant: Variant, text: str) -> Report:
    """Mark a working (one line per step) against the reference working for ``variant``."""
    state = State(reference(owner, variant), commas=n.decimal_commas(text))
    rows = text.splitlines()
    columns = stacked.layout(rows)  # sums set out in columns: each read on its result's line
    signed = False  # past an email's "-- ": its signature, a phone number and all
    for number_, raw in enumerate(rows, 1):
        if number_ > MAX_LINES:
            _error(state, number_, raw, NotationError(f"a working is limited to {MAX_LINES} lines", raw, 0, len(raw)))
            break  # one located error says so; the rest is not read
        if not raw.strip():
            continue
        if signed or n.speaker(raw) == "interviewer":
            why = "an email's signature" if signed else "the interviewer's words"
            state.lines.append(LineResult(number_, raw, Status.UNMATCHED, message=f"{why}: nothing to mark"))
        elif number_ - 1 in columns and columns[number_ - 1] in (None, stacked.QUERY):
            why = stacked.PART if columns[number_ - 1] is None else stacked.QUERY
            state.lines.append(LineResult(number_, raw, Status.UNMATCHED, message=why))
        else:
            state.next_line = next((r for r in rows[number_:number_ + MAX_LINES] if r.strip()), "")
            _mark(state, number_, columns.get(number_ - 1) or raw, raw)
        signed = signed or raw.strip() == n.SIGNATURE
    _stated_ahead(state)
    _carried_from(state)
    parts = finals(state)
    steps = tuple(StepCoverage(s.name, Coverage(state.coverage.get(s.name, ("missing", None))[0]),
                               state.coverage.get(s.name, ("", None))[1], s.label) for s in state.ref.steps)
    score = rubric.score([s.status for s in steps], [p.credit for p in parts])
    return Report(owner.id, variant.seed, score, overall(parts), tuple(state.lines), steps, parts=parts)


def _mark(state: State, n_: int, raw: str, shown: str | None = None) -> None:
    """Mark line ``n_``, read as ``raw`` and shown as ``shown`` (a sum set out in columns is read as one line)."""
    shown = raw if shown is None else shown
    state.row = n_
    try:
        reading = lines.read(state, raw)
        if reading is None:
            state.lines.append(LineResult(n_, shown, Status.UNMATCHED, message="code that shows no value: its value "
                                          "is printed on the next line"))
            return
        if _continued(reading, state.next_line):
            state.lines.append(LineResult(n_, shown, Status.UNMATCHED, message="a working whose value is on the "
                                          "next line: marked there"))
            state.last_value = (reading.claims or reading.chains)[-1].segments[-1].node  # "= 14 GB" goes on from it
            return
        if _data_line(reading):
            state.lines.append(LineResult(n_, shown, Status.UNMATCHED, message="the problem's data, set out: nothing "
                                          "to mark"))
            return
        split = [pieces(chain, state.scope()) for chain in reading.claims]
        named = {id(p): p.label for chain, ps in zip(reading.claims, split) for p in ps if p.label != chain.label}
        claims = [piece for chain in split for piece in chain][:MAX_CLAIMS]
        if claims and all(_lone_given(state, c) for c in claims):  # "so keeping only 2 warm saves about $1.3k"
            claims = (claims + [c for c in reading.chains if not c.claim and len(c.segments) == 1])[:MAX_CLAIMS]
        # "rate: 4 × 989 = 3956 peak, half of that = 1978": the pieces before the last are on the way, but not
        # before an aside ("8 replicas (0.096 is negligible)")
        last = max((i for i, piece in enumerate(claims) if not _aside(raw, piece)), default=len(claims) - 1)
        interim = {id(piece) for piece in claims[:last]}
        said = [] if claims else _mentions(reading, state)  # "so we need two cards.": the answer, in words
        if not claims and not said:
            why = "a label with no working after it" if reading.label and not any(c.isdigit() for c in raw) \
                else "no arithmetic on this line"
            state.lines.append(LineResult(n_, shown, Status.UNMATCHED, message=f"{why}: nothing to mark"))
            return
        results = state.claims.setdefault(n_, [])
        for chain in claims:
            # "M = usable memory = 141 GB": a piece named by the side it left out
            label = named.get(id(chain)) or _sentence_label(raw, reading, chain)
            results.append(_claim(state, n_, chain, label, id(chain) in interim))
        said = said or _mentions(reading, state)
        results.extend(_said(state, n_, chain, step, reading.label, stands) for chain, step, stands in said)
    except NotationError as exc:
        state.claims.pop(n_, None)
        _error(state, n_, shown, exc)
        return
    state.lines.append(_line(n_, shown, results))
    state.last_value = _ends_on(raw, claims + [c for c, _, _ in said],
                                [c.segments[-1].node for c in reading.chains if not c.claim and c.segments])
    state.earlier = [*state.earlier[-(_EARLIER - 1):], state.last_value]


#: Lines back a value may be gone on from (``+1 spare`` after a line or two on something else).
_EARLIER = 4


def _ends_on(raw: str, claims: list[n.Chain], mentions: list[n.Node]) -> n.Node:
    """The value a line ends on, for a next line that opens with an operator: a mention included (``= 12.1 ms,
    82.9 tok/s each``, then ``x32 = 2650 tok/s``), but not one in a bracketed aside (``10.8 s (≈ 121 GiB)``,
    then ``+ 30 s``) nor a result said again (``3.15 → 4 serving, 3.15 has to round up``, then ``+ 1 spare``)."""
    results = [c.segments[-1].node for c in claims]
    said = {_plain(s.node) for c in claims for s in c.segments} - {None}
    mentions = [x for x in mentions if _plain(x) not in said]
    asides = n.asides(raw)
    found = [x for x in results + mentions if not any(a <= x.start < b for a, b in asides)] or results + mentions
    return max(found, key=lambda node: node.end)


def _plain(node: n.Node) -> Fraction | None:
    """A written number's value, its unit aside (None for a working)."""
    node = n.bare(node)
    return node.value if isinstance(node, n.Num) else None


def _continued(reading: n.Reading, following: str) -> bool:
    """``W16 = 7 × 10⁹ × 2 B``, then a line opening ``= 14 GB``: a working whose value the next line gives, as
    on a page of algebra (a working with no value is otherwise credited for what it computes). A calculator's
    tape keys ``140 ÷ 6 =`` on one line and shows ``23.33333333`` on the next."""
    chains = reading.claims or reading.chains  # "60 - 40", then "= 20": a calculator's query and its answer
    after = n.untagged(following).strip()
    keyed = reading.text.rstrip().endswith("=") and _DISPLAY.fullmatch(after) is not None
    return bool(chains) and (after.startswith(("=", "≈")) or keyed) and all(
        len(c.segments) == 1 and n.has_operation(c.segments[0].node) for c in chains)


#: What a calculator's display shows: ``23.33333333``, ``-4.5``, ``1.68E15``, ``2,562.69``.
_DISPLAY = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d+)?(?:\s?[eE]\s?[-+]?\d+)?(?<=\d)")


#: Where a sentence ends: a full stop, ``!`` or ``?`` (not a decimal point), or a semicolon, before a space.
_SENTENCE_END = re.compile(r"(?:[.!?](?![0-9])|;)\s+")
#: A comma that ends a clause (not one inside a number), and the words that open a clause saying what follows.
_CLAUSE = re.compile(r",\s+")
_OPENS = re.compile(r"(?:so|which|hence|thus|giving|meaning|making)\b", re.I)


def _sentence_label(raw: str, reading: n.Reading, chain: n.Chain) -> str:
    """The label of a claim: the line's, unless a sentence ended since the claim before it, when its own words
    are (``capacity is 10% over: 11 rps. During the rise 10 × 1.2 = 12 rps.``: the second is the rise's).

    >>> from bank.notation import read_line
    >>> r = read_line("capacity: 10 x 1.1 = 11 rps. During the rise 10 x 1.2 = 12 rps.")
    >>> [_sentence_label(r.text, r, c) for c in r.claims]
    ['capacity', 'During the rise']

    So does a clause, after a comma: ``141 GB of memory, so the usable memory is 141 GB``.
    """
    before = [c for c in reading.chains if c.segments and c.start < chain.start]
    if not before:
        return reading.label
    gap = raw[max(s.end for c in before for s in c.segments):chain.start]
    sentences = _SENTENCE_END.split(gap)
    if len(sentences) > 1:
        return sentences[-1].strip(" :,-–—")
    clauses = _CLAUSE.split(gap)  # "141 GB of memory, so the usable memory is 141 GB"
    clause = clauses[-1].strip(" :-–—")
    return clause if len(clauses) > 1 and _OPENS.match(clause) and label_words(clause) else reading.label


def _data_line(reading: n.Reading) -> bool:
    """``Given: P = 70e9 params; 2 / 1 / 0.5 B per param``, ``Find: TTFT``, ``> A replica loads 70 GB`` quoted in an
    email: the problem set out, where no claim works a value out (``Given: usable = 0.9 × 80 = 72 GB`` is working,
    and marked)."""
    words = reading.label.lower().split()
    quoted = n.quoted(reading.text) and not any(sign in reading.text for sign in "=≈")  # "> 14 − 12 = 2" is working
    return (bool(words) and words[0] in DATA_LABELS or quoted) and not any(
        len(c.segments) > 1 and n.has_operation(c.segments[0].node) for c in reading.claims)


def _lone_given(state: State, chain: n.Chain) -> bool:
    """Whether a claim is one of the problem's givens, said alone: the line's value, if any, is one it mentions."""
    return len(chain.segments) == 1 and not n.has_operation(chain.segments[0].node) \
        and state.restates_given(check(chain, state.scope()).stated)


def _mentions(reading: n.Reading, state: State) -> list[tuple[n.Chain, RefStep, tuple[Stand, ...]]]:
    """Values said in passing beside a claim (``… and four make 3,048 tokens/s``) that are right for a
    step not yet worked: a tutor credits them, as carried where they follow from the learner's own wrong
    values (``= 12.1 ms, 82.9 tok/s each``); a mention that is wrong or matches nothing is let be."""
    out: list[tuple[n.Chain, RefStep, tuple[Stand, ...]]] = []
    for chain in reading.chains:
        if chain.claim or len(chain.segments) != 1 or n.has_operation(chain.segments[0].node):
            continue
        stated = check(chain, state.scope()).stated
        unit = stated.unit
        if unit is None or state.restates_given(stated):
            continue
        plain = unit.dimensionless and not unit.name  # "55.2, so a batch of 55": only a whole count
        # A count in words ("6 sequences") or a line with no sums of its own names a step only when
        # the learner has worked towards it: one of the values it is made from is already shown.
        near = unit.dimensionless or not reading.claims
        step = next((s for s in state.ref.steps if not state.covered(s.name) and same_kind(unit.dims, s.unit.dims)
                     and (not near or any(state.covered(a) for a in s.ancestors)) and (not plain or s.rounds)
                     and fits(stated, s.unit, s.base, s.shown) == YES), None)
        if step is not None:
            out.append((chain, step, ()))
            continue
        worked = tuple(s for s in state.ref.steps if not state.covered(s.name) and same_kind(unit.dims, s.unit.dims)
                       and any(state.coverage.get(a, ("",))[0] == "carried" for a in s.ancestors))
        carried = carried_value(state, stated, worked, _NOISE) if worked and not plain else None
        if carried is not None:
            out.append((chain, *carried))
    return out


def _aside(raw: str, chain: n.Chain) -> bool:
    """Whether a claim is inside brackets the line opened before it (``8 replicas (0.096 is negligible)``)."""
    before = raw[:chain.segments[0].start]
    return before.count("(") > before.count(")")


#: How far a value worked from the learner's own rounded values may stray (``1 / 12.06 ms`` said as 82.9).
_NOISE = Fraction(1, 100)


def _said(state: State, n_: int, chain: n.Chain, step: RefStep, label: str,
          stands: tuple[Stand, ...]) -> ClaimResult:
    outcome = Outcome(Status.CARRIED if stands else Status.CORRECT, step, None, stands, (step.name,))
    return _record(state, n_, chain, check(chain, state.scope()), outcome, label, [])


def _settle(state: State, step: str, stated: Claim, now: int, here: bool = False) -> None:
    """A claim for ``step`` came: earlier tentative slips on it were stepping stones, not attempts. One on an
    earlier line that stated the same value was the attempt, said again (``0.4 + 2 × 2 = 4.4 s`` … ``A: about
    4.4 s``). ``here``: only those on this line."""
    for i, m in enumerate(state.marked):
        if not m.outcome.tentative or m.outcome.step is None or m.outcome.step.name != step \
                or (here and m.line != now):
            continue
        if m.line < now and m.stated is not None and m.stated.base == stated.base:
            continue
        label = m.outcome.step.label
        calm = Outcome(Status.UNMATCHED)
        result = replace(m.result, status=Status.UNMATCHED, step=None, diagnosis=None,
                         message=f"on the way to the {label} (no penalty)")
        state.marked[i] = replace(m, outcome=calm, result=result)
        claims = state.claims.get(m.line, [])
        for k, c in enumerate(claims):
            if c.status == Status.SLIP and c.step == step:
                claims[k] = replace(c, status=Status.UNMATCHED, step=None, diagnosis=None, message=result.message)
        for k, line in enumerate(state.lines):
            if line.n == m.line:
                state.lines[k] = _line(line.n, line.text, claims)
        if not any(x.outcome.status == Status.SLIP and x.outcome.step is not None and x.outcome.step.name == step
                   for x in state.marked):
            state.slipped.discard(step)


def _stated_ahead(state: State) -> None:
    """A value said before the line that works it out (``Bottom line: 94 sequences.`` … ``103.85 / 1.1 = 94.4 →
    94``) is that line's value, stated ahead: carried from it when it is wrong, the error counted once, there."""
    for i, m in enumerate(state.marked):
        if m.outcome.status != Status.UNMATCHED or m.stated is None or m.result.computed is not None \
                or state.restates_given(m.stated):
            continue
        later = next((x for x in state.marked[i + 1:] if x.line > m.line and x.stated is not None
                      and x.outcome.step is not None and x.outcome.status in (Status.SLIP, Status.CARRIED)
                      and _says(m.stated, x.stated)), None)
        step = later.outcome.step if later is not None else None
        if later is None or step is None or any(x.line <= m.line and x.outcome.step is not None
                                                and x.outcome.step.name in step.ancestors for x in state.marked):
            continue  # "140 GB, over 4 cards = 320 GB": the working has begun; 320 GB is no answer said ahead
        _remark(state, i, Outcome(Status.CARRIED, step),
                f"the {step.label} you work out on line {later.line}, stated ahead: marked there")


def _carried_from(state: State) -> None:
    """A line that matched no step, whose value a later line carries as the learner's own for a step
    (``60 - 40 = 20 req/s`` … ``20 × 30 = 600 requests``, right method on their 20): that line was their go at the
    step, and wrong. A slip there, unless the step was worked right elsewhere."""
    for x in list(state.marked):
        if x.outcome.status != Status.CARRIED:
            continue
        for stand in x.outcome.stands:
            if stand.sure or stand.line is None or stand.line >= x.line or stand.rounded \
                    or state.coverage.get(stand.step, ("",))[0] == "done" or stand.step in state.slipped:
                continue
            i = next((i for i, m in enumerate(state.marked) if m.line == stand.line and m.stated is not None
                      and m.outcome.status == Status.UNMATCHED and m.result.computed is not None and not m.own
                      and m.stated.base.contains(stand.base)), None)
            if i is None or _on_own_values(state, stand.step, stand.line):
                continue  # worked from their own wrong values: carried, not this step's slip
            step = state.ref.step(stand.step)
            _remark(state, i, Outcome(Status.SLIP, step), f"the arithmetic is right, but the {step.label} is "
                    f"{show(step.shown, step.unit_text)}: check the method (line {x.line} goes on from this value)")
            state.slipped.add(step.name)


def _remark(state: State, i: int, outcome: Outcome, why: str) -> None:
    """Mark an unmatched claim recorded earlier (``state.marked[i]``) again, as ``outcome`` says, and its line."""
    m = state.marked[i]
    assert outcome.step is not None
    state.marked[i] = replace(m, outcome=outcome)
    claims = state.claims.get(m.line, [])
    for k, c in enumerate(claims):
        if c.status == Status.UNMATCHED and c.given == m.result.given:
            claims[k] = replace(c, status=outcome.status, step=outcome.step.name, message=why)
            break
    state.lines = [_line(line.n, line.text, claims) if line.n == m.line else line for line in state.lines]


def _on_own_values(state: State, step: str, line: int) -> bool:
    """Whether a step's working before ``line`` already went on from the learner's own wrong values: a value worked
    from them is carried, not that step's slip."""
    return any(a in state.slipped or state.coverage.get(a, ("", line))[0] == "carried"
               and state.coverage[a][1] < line for a in state.ref.step(step).ancestors)


def _says(ahead: Claim, worked: Claim) -> bool:
    """Whether a value said ahead is the one a later line works out, at the precision said (``~12,100 tok/s`` for
    12,096 tok/s; ``94 sequences per card`` for 94 sequences)."""
    a, b = ahead.unit, worked.unit
    kinds = a is None or b is None or same_kind(a.dims, b.dims) or compatible(a.dims, b.dims)
    return kinds and ahead.base.contains(worked.base.mid)


def _error(state: State, n_: int, raw: str, exc: NotationError) -> None:
    state.lines.append(LineResult(n_, raw, Status.ERROR, message=f"{exc.message} (column {exc.column})",
                                  column=exc.column, caret=exc.caret()))


def _claim(state: State, n_: int, chain: n.Chain, label: str, interim: bool = False) -> ClaimResult:
    """Mark one claim and remember what it stated and credited. A slip on an ``interim`` piece of a
    running chain (``70B at 2 bytes is 140 GB, split 4 ways = 35 GB``) may be a stepping stone."""
    scope = state.scope()
    first = chain.segments[0].node
    found = analyse(first, scope, state.ref, state.learner, state.history, chain.text) \
        if n.has_operation(first) else []
    ctx = Context(scope, whole_roundings(found), lambda node: unrounded(node, found, scope, state.ref, chain.text))
    arith = check(chain, ctx)
    if not interim:
        label = label_after(state, label, arith.claim, chain.text, max(s.end for s in chain.segments))
    outcome = locate(state, chain, arith, found, label)
    if checking(label) and outcome.status in (Status.CORRECT, Status.CARRIED) and outcome.step is not None \
            and (state.covered(outcome.step.name) or outcome.step.name in state.slipped):
        outcome = Outcome(Status.UNMATCHED)  # "check: 2.68 GB / 16,384 ≈ 164 KB ✓": the learner's own numbers again
    if outcome.status == Status.SLIP and len(chain.segments) == 1 and n.names(first):
        outcome = Outcome(Status.UNMATCHED)  # "KV per token = 2 × layers × kv_heads × bytes": a formula, no value said
    if interim and outcome.status == Status.SLIP:
        outcome = replace(outcome, tentative=True)
    return _record(state, n_, chain, arith, outcome, label, found)


def _record(state: State, n_: int, chain: n.Chain, arith: Arithmetic, outcome: Outcome, label: str,
            found: list[Leaf]) -> ClaimResult:
    stated, step = arith.stated, outcome.step
    if step is not None and not outcome.tentative and outcome.status != Status.UNMATCHED and not outcome.said_again:
        _settle(state, step.name, stated, n_)  # a slip said again ("3185 s ?? 53 min") settles nothing
        for name in set(outcome.credits) - {step.name}:  # "126.9 - 70 = 56.9 / 2.684 = 21.2 → 21": 56.9 led to 21.2
            _settle(state, name, stated, n_, here=True)
    if step is not None and not outcome.partial:
        state.learned(step.name, stated.shown(step.unit, step.shown) * step.unit.scale)
        if outcome.status == Status.SLIP:
            state.slipped.add(step.name)
    _cover(state, outcome, n_)
    sure = step.name if step is not None and not outcome.tentative and not outcome.partial else None
    state.history.append(Entry(n_, stated, sure, outcome.status, _tree(arith, step)))
    if arith.aside is not None and sure is not None:  # "273 tok/s (~270)": a later "32 × 270" builds on it too
        state.history.append(Entry(n_, Claim(arith.aside.base, arith.aside.written, stated.unit), sure, outcome.status))
    carried = tuple(Carry(s.step, number(state.ref.plan.display(s.step, s.base)), s.line, s.rounded)
                    for s in outcome.stands)
    result = ClaimResult(Status(outcome.status), step.name if step else None, *_numbers(arith, stated, step),
                         outcome.diagnosis, message(state, arith, outcome, chain.text, n_, label), carried,
                         outcome.credits)
    own = any(leaf.stands and not leaf.given and not leaf.exact_steps for leaf in found)
    state.marked.append(Marked(n_, outcome, stated, _as_line(n_, chain.text, result), own))
    return result


def _cover(state: State, outcome: Outcome, n_: int) -> None:
    kind = "done" if outcome.status == Status.CORRECT else "carried"
    state.fresh = ()
    if outcome.status == Status.SLIP and outcome.diagnosis == dx.Slip.ROUNDING and outcome.step is not None:
        outcome = replace(outcome, credits=(outcome.step.name,))  # rounded too soon: the method is right
    elif outcome.status not in (Status.CORRECT, Status.CARRIED):
        return
    fresh = []
    for name in outcome.credits:
        if name in state.slipped and name != outcome.credits[0]:
            continue  # a step the learner got wrong is not credited by a later line that only subsumes it
        if state.coverage.get(name, ("",))[0] != "done":
            fresh.append(name) if name not in state.coverage else None
            state.coverage[name] = (kind, n_)
    state.fresh = tuple(fresh)


def _tree(arith: Arithmetic, step: RefStep | None) -> n.Node | None:
    """The working behind an unmatched claim's result, for tracing carried errors through it."""
    if step is not None or arith.computed is None or not arith.ok or arith.first is None \
            or not n.has_operation(arith.first):
        return None
    return arith.first


def _numbers(arith: Arithmetic, stated: Claim, step: RefStep | None) -> tuple[float | None, float | None]:
    """``given`` and ``computed`` for the report, in the matched step's declared unit."""
    given = None if arith.given is None else _in_step(stated, step)
    c = arith.computed
    computed = None if c is None else _in_step(Claim.exact(c.base, c.written, c.unit), step)
    return number(given), number(computed)


def _in_step(claim: Claim, step: RefStep | None) -> Fraction:
    return claim.written.mid if step is None else claim.shown(step.unit, step.shown)


def _as_line(n_: int, text: str, c: ClaimResult) -> LineResult:
    return LineResult(n_, text, c.status, c.step, c.given, c.computed, c.diagnosis, c.message, carried=c.carried,
                      credits=c.credits)


def _line(n_: int, raw: str, results: list[ClaimResult]) -> LineResult:
    """One line from its claims: the most telling claim speaks for it; every claim is kept."""
    lead = max(reversed(results), key=lambda c: SEVERITY[c.status])
    credits = tuple(dict.fromkeys(name for c in results for name in c.credits))
    # a side remark ("not a step of this working (no penalty)") is noise beside a claim that is marked
    telling = [c for c in results if c.status != Status.UNMATCHED] or results
    message_ = "; ".join(c.message for c in telling if c.message) if len(results) > 1 else lead.message
    return LineResult(n_, raw, lead.status, lead.step, lead.given, lead.computed, lead.diagnosis, message_,
                      carried=lead.carried, credits=credits, claims=tuple(results))
