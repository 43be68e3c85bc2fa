"""A quiz session as a pure state machine: lines of text in, events out.

The session never reads, prints, sleeps or touches the database. Its caller
feeds it what the learner typed (``None`` for end of input) and acts on the
events it returns: :mod:`bank.quiz.terminal` shows them and
:mod:`bank.quiz.run` commits each :class:`Rated` review the moment it appears.
Grading and rendering are passed in as functions, so the session itself
never imports sympy and tests can drive it with any clock.

Per question: the short answer (optional, any number of lines, a blank line
ends it), then the working one line at a time, each graded as it arrives
(skipped for a question without arithmetic), then each answer part the
working did not give, asked for by its label (``drain time>``), then the
reveal with a verdict per part, then a rating of 1 to 4. ``?``, ``show``,
``skip`` and ``quit`` work at any prompt.

>>> s = Session([], grade=None, render=None, clock=lambda: None)
>>> [type(e).__name__ for e in s.start()], s.phase
(['Summary'], <Phase.DONE: 'done'>)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..model import Question, Variant

if TYPE_CHECKING:  # the grader imports sympy; the session must not
    from ..grade import LineResult, Report
    from ..model import Value
    from ..render import Rendered
from . import schedule
from .history import Review

COMMANDS = {"?": "hint", "hint": "hint", "show": "show", "skip": "skip", "quit": "quit", "exit": "quit"}
RATING_WORDS = {"1": 1, "2": 2, "3": 3, "4": 4, "again": 1, "hard": 2, "good": 3, "easy": 4}


class Phase(str, Enum):
    ANSWER = "answer"
    WORKING = "working"
    PARTS = "parts"
    RATING = "rating"
    DONE = "done"


@dataclass(frozen=True)
class Item:
    """A question to ask: its variant (None without arithmetic), its card so far, and its
    problem and title as plain text (rendered without sympy, so the first one shows at once)."""

    question: Question
    variant: Variant | None
    problem: str = ""
    card: Mapping | None = None
    title: str = ""
    bank_title: str = ""

    @property
    def worked(self) -> bool:
        return self.question.worked is not None

    @property
    def parts(self) -> tuple[tuple[str, str], ...]:
        """``(step, label)`` of each answer part, in the order the problem asks (none without arithmetic)."""
        worked = self.question.worked
        return tuple((name, worked.step(name).title) for name in worked.parts) if worked else ()


# ----------------------------------------------------------------------------- events

@dataclass(frozen=True)
class Asked:
    """A new question is on the table."""

    number: int
    total: int
    item: Item


@dataclass(frozen=True)
class Working:
    """The short answer is done; the working starts."""

    item: Item


@dataclass(frozen=True)
class AskPart:
    """The working did not give this answer part: the learner is asked for it by its label."""

    step: str
    label: str
    first: bool


@dataclass(frozen=True)
class Verdict:
    """The grader's verdict on the line just typed."""

    line: LineResult


@dataclass(frozen=True)
class Hint:
    text: str
    step: str | None = None


@dataclass(frozen=True)
class Note:
    """Something to tell the learner that changes nothing."""

    text: str


@dataclass(frozen=True)
class Revealed:
    """The model answer for the learner's variant, with the grade of their working."""

    item: Item
    view: Rendered               # links made plain
    report: Any                  # bank.grade.Report, None without arithmetic
    score: float | None
    answer: str = ""             # the learner's short answer, to read beside the model


@dataclass(frozen=True)
class Choices:
    """The ratings on offer, each with the due date it would give."""

    choices: tuple[schedule.Choice, ...]
    now: datetime


@dataclass(frozen=True)
class Rated:
    """A review to commit now."""

    review: Review
    card: dict
    choice: schedule.Choice


@dataclass(frozen=True)
class Unsaved:
    """Not from the session: the runner could not save ratings (``pending``), and says why.

    ``final`` at the end of a sitting, when they are given up on.
    """

    pending: tuple[Rated, ...]
    reason: str
    final: bool = False


@dataclass(frozen=True)
class Skipped:
    item: Item


@dataclass(frozen=True)
class Summary:
    asked: int
    rated: int
    skipped: int
    average_score: float | None
    elapsed: float               # seconds
    next_due: datetime | None
    now: datetime


# ----------------------------------------------------------------------------- state

@dataclass
class _Current:
    """What the learner has done with the question on the table."""

    item: Item
    started: datetime
    answer: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    report: Any = None
    hints: int = 0
    revealed: bool = False
    score: float | None = None
    choices: tuple[schedule.Choice, ...] = ()
    asking: list[tuple[str, str]] = field(default_factory=list)  # (step, label) of parts still to ask


class Session:
    """Drive one sitting over ``items``.

    ``grade(question, variant, text)`` is ``bank.grade.grade``; ``render(question,
    variant)`` returns a plain-text ``Rendered`` view; ``clock()`` returns an
    aware UTC datetime; ``cards`` maps every question id with history to its
    stored card (for the summary's next due); ``names`` maps glossary ids to words.
    """

    def __init__(self, items: Sequence[Item], *, grade: Callable, render: Callable, clock: Callable[[], datetime],
                 cards: Mapping[str, Mapping] | None = None, names: Mapping[str, str] | None = None):
        self.items = list(items)
        self._grade, self._render, self._clock = grade, render, clock
        self._cards = dict(cards or {})
        self._names = dict(names or {})
        self.phase = Phase.ANSWER
        self.index = -1
        self.current: _Current | None = None
        self.rated: list[Review] = []
        self.skipped = 0
        self._began: datetime | None = None

    # -------------------------------------------------------------- driving

    def start(self) -> list:
        """Begin: the first question (or the summary when there is nothing to ask)."""
        self._began = self._clock()
        return self._next()

    @property
    def done(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def asking(self) -> str | None:
        """The label of the answer part being asked for, or None."""
        if self.phase is Phase.PARTS and self.current and self.current.asking:
            return self.current.asking[0][1]
        return None

    @property
    def _cur(self) -> _Current:
        assert self.current is not None, "no question on the table"
        return self.current

    def feed(self, text: str | None) -> list:
        """Take one line the learner typed (``None``: input ended) and return the events it causes."""
        if self.done:
            return []
        if text is None:
            return self._quit()
        command = COMMANDS.get(text.strip().lower())
        if command:
            return getattr(self, f"_{command}")()
        handler = {Phase.ANSWER: self._answer_line, Phase.WORKING: self._working_line,
                   Phase.PARTS: self._part_line, Phase.RATING: self._rating_line}[self.phase]
        return handler(text.rstrip("\r\n"))

    # -------------------------------------------------------------- phases

    def _next(self) -> list:
        self.index += 1
        if self.index >= len(self.items):
            return self._finish()
        item = self.items[self.index]
        self.current = _Current(item, self._clock())
        self.phase = Phase.ANSWER
        return [Asked(self.index + 1, len(self.items), item)]

    def _answer_line(self, text: str) -> list:
        if text.strip():
            self._cur.answer.append(text.rstrip())
            return []
        if self._cur.item.worked:
            self.phase = Phase.WORKING
            return [Working(self._cur.item)]
        return self._reveal()

    def _working_line(self, text: str) -> list:
        if not text.strip():
            return self._ask_parts()
        return [self._graded(text.strip())]

    def _graded(self, line: str) -> Verdict:
        cur = self._cur
        cur.lines.append(line)
        cur.report = self._grade(cur.item.question, cur.item.variant, "\n".join(cur.lines))
        return Verdict(_line(cur.report, len(cur.lines)))

    def _ask_parts(self) -> list:
        """After the working: ask for each answer part it did not give, else reveal."""
        from .parts import part_verdicts

        cur = self._cur
        if cur.report is None:
            cur.report = self._grade(cur.item.question, cur.item.variant, "")
        worked = cur.item.question.worked
        assert worked is not None, "only a question with arithmetic has a working"
        missing = {v.step for v in part_verdicts(cur.report, worked) if v.status == "missing"}
        cur.asking = [(step, label) for step, label in cur.item.parts if step in missing]
        if not cur.asking:
            return self._reveal()
        self.phase = Phase.PARTS
        return [AskPart(*cur.asking[0], first=True)]

    def _part_line(self, text: str) -> list:
        """The learner's answer for one part, marked as a working line labelled with the part."""
        cur = self._cur
        step, label = cur.asking.pop(0)
        events: list = [self._graded(answer_line(label, text))] if text.strip() else []
        if cur.asking:
            return events + [AskPart(*cur.asking[0], first=False)]
        return events + self._reveal()

    def _reveal(self) -> list:
        cur = self._cur
        item = cur.item
        if item.worked and cur.report is None:
            cur.report = self._grade(item.question, item.variant, "")
        cur.score = float(cur.report.score) if cur.report is not None else None
        view = self._render(item.question, item.variant)
        now = self._clock()
        cur.choices = schedule.preview(item.card, now)
        self.phase = Phase.RATING
        return [Revealed(item, view, cur.report, cur.score, "\n".join(cur.answer)), Choices(cur.choices, now)]

    def _rating_line(self, text: str) -> list:
        rating = RATING_WORDS.get(text.strip().lower())
        if rating is None:
            return [Note("Rate how well you knew it: 1 Again, 2 Hard, 3 Good or 4 Easy.")]
        cur = self._cur
        choice = cur.choices[rating - 1]
        review = _review(cur, rating, self._clock())
        self.rated.append(review)
        self._cards[review.question] = choice.card
        return [Rated(review, choice.card, choice)] + self._next()

    def _finish(self) -> list:
        self.phase = Phase.DONE
        self.current = None
        now = self._clock()
        scores = [r.score for r in self.rated if r.score is not None]
        average = sum(scores) / len(scores) if scores else None
        elapsed = (now - self._began).total_seconds() if self._began else 0.0
        return [Summary(min(self.index + 1, len(self.items)), len(self.rated), self.skipped, average, elapsed,
                        schedule.next_due(self._cards), now)]

    # -------------------------------------------------------------- commands

    def _hint(self) -> list:
        if self.phase is Phase.RATING:
            return [Note("Rate how well you knew it: 1 Again, 2 Hard, 3 Good or 4 Easy.")]
        cur = self._cur
        hint = self._step_hint(cur) if cur.item.worked else self._point_hint(cur)
        cur.hints += isinstance(hint, Hint)
        return [hint]

    def _step_hint(self, cur: _Current) -> Hint | Note:
        assert cur.item.question.worked is not None, "a step hint needs a worked answer"
        steps = cur.item.question.worked.steps
        missing = _missing(cur.report, [s.name for s in steps])
        if not missing:
            return Note("Every step is there. Press Enter on an empty line to see how you did.")
        at = next(i for i, s in enumerate(steps) if s.name == missing[0])
        view = self._render(cur.item.question, cur.item.variant)
        hidden = [s.name for s in steps[at:]]  # this step's value and everything after it
        return Hint(mask_step(steps[at].text, _context(view), hidden, self._names), steps[at].name)

    def _point_hint(self, cur: _Current) -> Hint | Note:
        points = self._render(cur.item.question, None).key_points
        if cur.hints >= len(points):
            return Note("No more hints. Type `show` to see the model answer.")
        return Hint(f"Think about this: {points[cur.hints]}")

    def _show(self) -> list:
        if self.phase is Phase.RATING:
            return [Note("The answer is above. Rate how well you knew it: 1 to 4.")]
        self._cur.revealed = True
        return self._reveal()

    def _skip(self) -> list:
        self.skipped += 1
        item = self._cur.item
        return [Skipped(item)] + self._next()

    def _quit(self) -> list:
        return self._finish()


# ----------------------------------------------------------------------------- helpers

def _line(report: Report, n: int) -> LineResult:
    """The verdict for working line ``n`` (1-based)."""
    for line in report.lines:
        if line.n == n:
            return line
    return report.lines[-1]


def answer_line(label: str, text: str) -> str:
    """A typed answer for a part as a working line: ``drain time: 21 s`` (kept as typed if it has a label).

    >>> answer_line("drain time", "21 s"), answer_line("cost", "total: $5")
    ('drain time: 21 s', 'total: $5')
    """
    text = text.strip()
    return text if ":" in text else f"{label.replace(':', ' ')}: {text}"


def _missing(report: Report | None, names: list[str]) -> list[str]:
    """Step names the working has not covered yet, in the author's order."""
    if report is None:
        return names
    status = {s.name: s.status for s in report.steps}
    return [n for n in names if status.get(n, "missing") == "missing"]


def _context(view: Rendered) -> dict[str, Value]:
    """The template context (params and steps by name) from a rendered view."""
    return {**view.params, **{s.name: s.value for s in view.steps}}


def mask_step(template: str, context: Mapping, hidden: Sequence[str], names: Mapping[str, str]) -> str:
    """A step's text for a hint: the step's own value (and any later one) shown as ``?``.

    A hidden count's ``plural`` word stays, in the plural: ``? requests``.

    >>> from fractions import Fraction
    >>> from bank.model import Value
    >>> mask_step("{{ a }} GB ÷ {{ b }} GB/s = {{ t | fixed(1) }} s.",
    ...           {"a": Value(Fraction(70)), "b": Value(Fraction(6))}, ["t"], {})
    '70 GB ÷ 6 GB/s = ? s.'
    >>> mask_step("{{ n }} {{ n | plural('replica') }}", {}, ["n"], {})
    '? replicas'
    """
    from ..text import plain_links, render

    for name in hidden:
        template = re.sub(r"\{\{[^}]*\b" + re.escape(name) + r"\b[^}]*\}\}",
                          lambda m: _masked(m.group(0), name), template)
    return plain_links(render(template, context), names)


def _masked(expression: str, name: str) -> str:
    """``?`` for a hidden value; a plural word keeps its many-form (a literal 2 stands in for the count)."""
    if "plural(" in expression:
        return re.sub(r"\b" + re.escape(name) + r"\b", "2", expression)
    return "?"


def _review(cur: _Current, rating: int, now: datetime) -> Review:
    q = cur.item.question
    lines = tuple(_line_dict(line) for line in cur.report.lines) if cur.report is not None else ()
    return Review(question=q.id, bank=q.bank, level=q.level, tags=tuple(q.tags),
                  seed=cur.item.variant.seed if cur.item.variant else None, started=cur.started, ended=now,
                  answer="\n".join(cur.answer), lines=lines, score=cur.score, rating=rating, hints=cur.hints,
                  revealed=cur.revealed)


def _line_dict(line: LineResult) -> dict:
    """A line verdict as stored: the line's entry in ``bank grade --json``."""
    return line.as_dict()


__all__ = ["Session", "Item", "Phase", "Asked", "Working", "AskPart", "Verdict", "Hint", "Note", "Revealed", "Choices",
           "Rated", "Unsaved", "Skipped", "Summary", "mask_step"]
