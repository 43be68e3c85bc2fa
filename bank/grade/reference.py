"""The reference working for one variant: every step's exact value, unit and ancestry.

Values come from :meth:`bank.plan.Plan.evaluate` (exact ``Fraction``
arithmetic through closures compiled once per step, no sympy), so matching a
line costs microseconds. Error carried forward re-evaluates a step with the
learner's own values held in place of earlier steps, the same way.

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> ref = reference(q, variant(q))
>>> ref.step("boot_time").shown, ref.step("boot_time").ancestors
(Fraction(95, 3), ('read_time',))
>>> ref.reevaluate("boot_time", {"read_time": Fraction(12)})
Fraction(32, 1)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from .. import notation
from ..errors import BankError
from ..model import Question, Term, Variant, Worked
from ..plan import Plan, plan
from ..units import Unit
from ..vocabulary import LABEL_SHORT_FORMS
from .reading import Scope


@dataclass(frozen=True)
class RefStep:
    """One step of the reference working, evaluated.

    ``label`` is what a learner calls the step (every message uses it); ``rounds`` is how the
    step rounds its value (``up`` for ``ceil(…)``), and ``inner`` the value before that rounding.
    """

    name: str
    index: int
    unit: Unit
    unit_text: str
    base: Fraction
    shown: Fraction
    ancestors: tuple[str, ...]
    params: tuple[str, ...]
    words: frozenset[str]
    label: str = ""
    rounds: str | None = None
    inner: Fraction | None = None


@dataclass(frozen=True)
class Reference:
    """A worked question solved for one variant, ready for marking."""

    owner: Question | Term
    variant: Variant
    plan: Plan
    steps: tuple[RefStep, ...]
    params: Mapping[str, Fraction]
    env: Mapping[str, Fraction]

    @property
    def worked(self) -> Worked:
        return self.plan.worked

    @property
    def result(self) -> RefStep:
        return self.step(self.worked.result)

    @property
    def parts(self) -> tuple[RefStep, ...]:
        """The answer parts, in the order the problem asks for them."""
        return tuple(self.step(name) for name in self.worked.parts)

    @functools.cached_property
    def constants(self) -> frozenset[Fraction]:
        """The plain numbers written in the steps' own expressions (the 2 of ``2 * params``)."""
        return frozenset(x.value for tree in self.plan.trees.values() for x in notation.numbers(tree))

    @functools.cached_property
    def names(self) -> frozenset[str]:
        """Every param and step a learner may use by name."""
        return frozenset(self.env)

    def step(self, name: str) -> RefStep:
        return next(s for s in self.steps if s.name == name)

    def scope(self, learner: Mapping[str, Fraction] | None = None) -> Scope:
        """Names a learner may use; ``learner`` overrides step values with their own (base units)."""
        base = dict(self.env)
        base.update(learner or {})
        shown = {k: self.plan.display(k, v) for k, v in base.items()}
        return Scope(base, shown, self.plan.units)

    def reevaluate(self, name: str, substituted: Mapping[str, Fraction]) -> Fraction | None:
        """Step ``name`` recomputed with some earlier steps held at the learner's values (base units),
        or None where that cannot be computed. Uses the plan's compiled steps: no sympy.
        """
        try:
            return self.plan.evaluate(self.variant.as_dict(), held=substituted, until=name)[name]
        except (ZeroDivisionError, ValueError, OverflowError, TypeError, ArithmeticError):
            return None


def reference(owner: Question | Term, variant: Variant) -> Reference:
    """The reference working of ``owner`` for ``variant`` (cached)."""
    worked = owner.worked
    if worked is None:
        raise BankError(f"`{owner.id}` has no worked answer to grade against")
    return _build(owner, variant)


@functools.lru_cache(maxsize=256)
def _build(owner: Question | Term, variant: Variant) -> Reference:
    planned = plan(owner.worked)
    try:
        env = planned.evaluate(variant.as_dict())
    except (ZeroDivisionError, ValueError, ArithmeticError) as exc:
        raise BankError(f"`{owner.id}` cannot be evaluated for this variant: {exc}") from None
    parents = {s.name: [x.id for x in notation.names(planned.trees[s.name])] for s in planned.worked.steps}
    steps = tuple(_step(planned, i, s.name, s.unit, env, parents) for i, s in enumerate(planned.worked.steps))
    params = {p.name: env[p.name] for p in planned.worked.params}
    return Reference(owner, variant, planned, steps, params, env)


def _step(planned: Plan, index: int, name: str, unit_text: str, env: Mapping[str, Fraction],
          parents: Mapping[str, list[str]]) -> RefStep:
    above = _ancestors(name, parents)
    steps = tuple(a for a in above if a in parents)
    params = tuple(a for a in above if a not in parents)
    label = planned.worked.step(name).title
    words = label_words(f"{name} {label}")
    rounds, inner = _rounding(planned.trees[name], env)
    return RefStep(name, index, planned.units[name], unit_text, env[name], planned.display(name, env[name]),
                   steps, params, words, label, rounds, inner)


def _rounding(tree: notation.Node, env: Mapping[str, Fraction]) -> tuple[str | None, Fraction | None]:
    """How a step rounds at the top (``ceil(a / b)``, ``floor(x) * 1 replica``), and its value before."""
    while isinstance(tree, notation.Quantity) or (isinstance(tree, notation.BinOp) and tree.op == "*"
                                                  and isinstance(tree.right, notation.Quantity)
                                                  and notation.constant(tree.right) == 1):
        tree = tree.operand if isinstance(tree, notation.Quantity) else tree.left
    if isinstance(tree, notation.Call) and notation.FUNCTIONS[tree.func].rounds:
        try:
            return notation.FUNCTIONS[tree.func].rounds, notation.evaluate(tree.args[0], env)
        except (ArithmeticError, ValueError, KeyError):
            return notation.FUNCTIONS[tree.func].rounds, None
    return None, None


#: Words that say nothing about which step a label means.
STOPWORDS = frozenset("""a an the of per for in at to and with on by from one each step steps total is are
    so then this that it its our my we i you all time""".split())


#: ``it's``, ``we're``: a contraction's tail, no word of its own.
_CLITIC = re.compile(r"['’](?:s|re|ll|ve|d|m)\b")
_NUMBERED = re.compile(r"\b(?:steps?|part)\s*\d+[a-z]?\b")


#: A numeric type naming a precision: ``int8``, ``fp16``, ``bf16``.
_NUMERIC_TYPE = re.compile(r"\b(?:u?int|fp|bf)(\d{1,2})\b")
#: A list's number opening a label: ``1.``, ``2)``, ``(3)``, a thread's ``4/``.
_LISTED = re.compile(r"^\s*\(?\d{1,2}\s*[.)/]\s+")
#: A short symbol set equal to the words that name it, opening a label (``M = usable memory``).
_SYMBOL = re.compile(r"^\s*[a-z][a-z0-9_']{0,2}\s*:?=\s*(?=[a-z][a-z0-9 '-]*$)")


def label_words(text: str) -> frozenset[str]:
    """The words of a label that can tell steps apart, singular and lower-case.

    >>> sorted(label_words("Rent per replica, per year")), sorted(label_words("Step 3 — spot bill"))
    (['rent', 'replica', 'year'], ['bill', 'spot'])
    >>> sorted(label_words("M = usable memory")), sorted(label_words("2/ rent")), sorted(label_words("At 4-bit it's"))
    (['memory', 'usabl'], ['rent'], ['4', 'bit'])
    >>> sorted(label_words("int4 fits"))
    ['4', 'bit', 'fit']
    """
    text = _NUMBERED.sub(" ", _CLITIC.sub("", text.lower()))  # "Step 3 —": where the line sits, not what it computes
    text = _SYMBOL.sub(" ", _LISTED.sub(" ", text))  # "2/ rent", "M = usable memory": the list's number, a symbol
    text = _NUMERIC_TYPE.sub(r" \1 bit ", text)  # "int4 fits": the 4-bit case
    words = (LABEL_SHORT_FORMS.get(w, w) for w in re.split(r"[^a-z0-9]+", text) if w and w not in STOPWORDS)
    return frozenset(_stem(w) for w in words)


def _stem(word: str) -> str:
    """``savings``, ``saving`` and ``save`` alike; ``booting`` and ``boot``. Two suffix rules, not a stemmer:
    labels are a few words, and the browser's Python must not need one."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def _ancestors(name: str, parents: Mapping[str, list[str]]) -> list[str]:
    """Every name a step depends on, directly or through earlier steps, in first-seen order."""
    seen: dict[str, None] = {}
    stack = list(reversed(parents.get(name, [])))
    while stack:
        x = stack.pop()
        if x not in seen:
            seen[x] = None
            stack.extend(reversed(parents.get(x, [])))
    return list(seen)
