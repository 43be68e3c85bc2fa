"""What the marker remembers while it reads a working, line by line and claim by claim."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .. import notation as n
from .diagnose import Slip
from .leaves import History, Stand
from .matching import Claim, same_kind
from .reading import Scope
from .reference import RefStep, Reference
from .report import LineResult
from .rpn import Calculator


@dataclass
class Outcome:
    """Where one claim landed, before it becomes part of a :class:`~bank.grade.report.LineResult`."""

    status: str
    step: RefStep | None = None
    diagnosis: Slip | None = None
    stands: tuple[Stand, ...] = ()
    credits: tuple[str, ...] = ()
    #: A slip read from a working that may only be a stepping stone (``6.4e13 / 989e12 = 64.7 ms`` before
    #: the learner goes on to the step itself): if a later claim is for the same step, this one was not.
    tentative: bool = False
    #: A slip in part of the step's working (``16 + 64 × 0.134 = 25.6 GB`` for a step time): its value is
    #: not the learner's value of the step.
    partial: bool = False

    @property
    def said_again(self) -> bool:
        """The learner's own slipped value for this step, said again: carried from itself, marked once."""
        return self.step is not None and [s.step for s in self.stands] == [self.step.name]


@dataclass(frozen=True)
class Marked:
    """One claim as marked: its line, the outcome, and what it stated (None for an unreadable line)."""

    line: int
    outcome: Outcome
    stated: Claim | None
    result: LineResult
    own: bool = False  # worked from a value of the learner's own (an earlier line's, neither a given nor a step's)


@dataclass
class State:
    """The reference, the learner's own values so far, what each claim stated, and step coverage."""

    ref: Reference
    #: The working writes decimals with a comma (``2,5 $/h``), so its ``1,963 s`` is 1.963 s.
    commas: bool = False
    learner: dict[str, Fraction] = field(default_factory=dict)
    history: History = field(default_factory=History)
    coverage: dict[str, tuple[str, int]] = field(default_factory=dict)
    slipped: set[str] = field(default_factory=set)
    marked: list[Marked] = field(default_factory=list)
    lines: list[LineResult] = field(default_factory=list)
    #: The steps the latest claim newly covered (its message names them).
    fresh: tuple[str, ...] = ()
    #: The value the latest line ended on (a line may go on from it: ``x 8192 = 536.9 MB``).
    last_value: n.Node | None = None
    #: The values the last few lines ended on, the latest last (``+1 spare`` may go on from one of them).
    earlier: list[n.Node] = field(default_factory=list)
    #: Each line's claims as marked so far, by line number.
    claims: dict[int, list] = field(default_factory=dict)
    #: What a ``>>>`` line computed (a tuple's values each), for what is printed on the line after it.
    prompt: tuple[n.Node, ...] = ()
    #: What the ``>>>`` line's later statements print, a line each after that (``>>> 3 * r; 2 * r``).
    printing: tuple[tuple[n.Node, ...], ...] = ()
    #: The name a ``>>>`` line shows (``w = 70e9 * 2 / 1e9; w``): the value printed under it is the name's from then on.
    shown: str = ""
    #: The number of the line being read (a pasted spreadsheet's row: :mod:`.sheet`).
    row: int = 0
    #: A psql query typed so far, until its ``;``; then its columns, each a name and its working (None where it
    #: is no sum), for the table psql prints under it (:mod:`.sql`).
    query: str | None = None
    table: tuple[tuple[str, n.Node | None], ...] | None = None
    #: What the line before computed, as code, for the value an R console prints after ``[1]``.
    code: n.Node | None = None
    #: An interactive calculator a shell started (``$ bc -l``), whose lines are typed until it quits.
    session: str = ""
    #: An RPN calculator whose keys the working types up (:mod:`.rpn`), once a line of them has been read.
    calculator: Calculator | None = None
    #: The next line with something on it (``[1] 11.66667`` says the line before it is code).
    next_line: str = ""
    #: The learner's own names for values (``t1 = … = 4.78 ms``), as the nodes they stand for.
    variables: dict[str, n.Node] = field(default_factory=dict)
    #: Values of the parts of a step's working without one input, by (step, input): worked out once.
    parts: dict[tuple[str, str], frozenset[Fraction]] = field(default_factory=dict)
    _scope: Scope | None = None

    def scope(self) -> Scope:
        """Names the learner may use, with their own values for steps (rebuilt when those change)."""
        if self._scope is None:
            self._scope = self.ref.scope(self.learner)
        return self._scope

    def learned(self, step: str, value: Fraction) -> None:
        """Remember the learner's value for a step (base units)."""
        self.learner[step] = value
        self._scope = None

    def restates_given(self, claim: Claim) -> bool:
        """Whether a claim is just one of the problem's givens (``70 GB``)."""
        plan, unit = self.ref.plan, claim.unit
        dims = None if unit is None or (unit.dimensionless and not unit.name) else unit.dims  # "2" may be 2 bytes
        return any(claim.written.mid == plan.display(k, v) and (dims is None or same_kind(dims, plan.units[k].dims))
                   for k, v in self.ref.params.items())

    def covered(self, step: str) -> bool:
        return step in self.coverage
