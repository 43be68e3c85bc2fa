"""What the marker remembers while it reads a working, line by line."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .leaves import History, Stand
from .matching import Claim
from .reading import Scope
from .reference import RefStep, Reference
from .report import LineResult


@dataclass
class Outcome:
    """Where one line landed, before it becomes a :class:`~bank.grade.report.LineResult`."""

    status: str
    step: RefStep | None = None
    diagnosis: str | None = None
    stands: tuple[Stand, ...] = ()
    credits: tuple[str, ...] = ()


@dataclass
class State:
    """The reference, the learner's own values so far, what each line stated, and step coverage."""

    ref: Reference
    learner: dict[str, Fraction] = field(default_factory=dict)
    history: History = field(default_factory=History)
    coverage: dict[str, tuple[str, int]] = field(default_factory=dict)
    slipped: set[str] = field(default_factory=set)
    marked: list[tuple[LineResult, Outcome, Claim | None]] = field(default_factory=list)
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
        plan = self.ref.plan
        return any(claim.written.mid == plan.display(k, v) for k, v in self.ref.params.items())
