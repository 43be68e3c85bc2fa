"""Give every student a seed and, per question, a variant nobody else in the class has.

A student's seed is ``derive_seed(class seed, student id)`` (SHA-256, so the
same in every process). When that seed draws numbers an earlier student
already has, the seed is re-derived with a counter,
``derive_seed(class seed, student id, n)``, until the numbers are new. The
seed that was used goes into the manifest, and ``bank show ID --seed SEED``
or ``bank grade ID --seed SEED`` reproduce that student's numbers exactly.

When a question has fewer distinct variants than there are students, no
amount of re-deriving helps: the run says so, with the number of distinct
variants (parameter combinations that meet every constraint), and the
remaining students share numbers.

>>> from fractions import Fraction as F
>>> from bank.model import Param, Question, Step, Worked
>>> from bank.classroom.roster import numbered
>>> worked = Worked("", (Param("a", F(1), choices=(F(1), F(2), F(3))), Param("b", F(1), choices=(F(1), F(2)))),
...                 (Step("c", "a + b"),), ("c",), ("a > b",))
>>> q = Question("q", "demo", "core", "Q", "A", "T", worked=worked)
>>> handout = assign([q], numbered(4), "spring")
>>> len({a.variant.values for a in handout.assignments})    # a > b leaves three combinations
3
>>> handout.shortfalls[0].message()
'`q` has only 3 distinct variants for 4 students, so some students share numbers'
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..formatting import counted
from ..model import Question, Variant, Worked
from ..plan import plan
from ..variant import derive_seed, variant
from .roster import Student

#: Draws tried before counting the parameter space (cheap when the space is wide).
FIRST_TRIES = 64

#: Largest grid that :func:`count_distinct` enumerates to apply constraints.
COUNT_LIMIT = 250_000

#: With an unknown space, give up after this many draws for one student.
UNKNOWN_SPACE_TRIES = 2_000

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Assignment:
    """One student's variant of one question; ``shared`` when another student has the same numbers."""

    student: Student
    question: Question
    seed: str
    variant: Variant
    shared: bool = False


@dataclass(frozen=True)
class Shortfall:
    """A question whose distinct variants ran out before the students did."""

    question: str
    students: int
    distinct: int | None
    handed_out: int

    def message(self) -> str:
        """What the instructor reads.

        >>> Shortfall("q", 40, 5, 5).message()
        '`q` has only 5 distinct variants for 40 students, so some students share numbers'
        """
        if self.distinct is None:
            return (f"`{self.question}`: found only {self.handed_out} distinct variants for {self.students} "
                    f"students (the space is too large to count exactly), so some students share numbers")
        if self.handed_out < self.distinct:
            return (f"`{self.question}`: handed out {self.handed_out} of its {self.distinct} distinct variants "
                    f"to {self.students} students, so some students share numbers")
        return (f"`{self.question}` has only {counted(self.distinct, 'distinct variant')} for {self.students} "
                f"students, so some students share numbers")


@dataclass(frozen=True)
class Handout:
    """Everything one run hands out: class seed, students, questions, assignments (student-major)."""

    seed: str
    students: tuple[Student, ...]
    questions: tuple[Question, ...]
    assignments: tuple[Assignment, ...]
    shortfalls: tuple[Shortfall, ...] = ()


def student_seed(class_seed: str, student_id: str, attempt: int = 0) -> str:
    """The seed for a student; ``attempt`` > 0 re-derives it after a collision.

    >>> student_seed("spring", "s001") == student_seed("spring", "s001")
    True
    >>> student_seed("spring", "s001") != student_seed("spring", "s001", 1)
    True
    """
    if attempt == 0:
        return derive_seed(class_seed, student_id)
    return derive_seed(class_seed, student_id, attempt)


def assign(questions: Sequence[Question], students: Sequence[Student], class_seed: str,
           progress: Progress | None = None) -> Handout:
    """Assign every student a variant of every question, distinct within the run where possible."""
    per_question: dict[str, list[Assignment]] = {}
    shortfalls = []
    for question in questions:
        dealer = _Dealer(question, class_seed, len(students))
        per_question[question.id] = [dealer.deal(s) for s in _ticking(students, progress)]
        if dealer.shortfall:
            shortfalls.append(dealer.shortfall)
    ordered = tuple(per_question[q.id][i] for i in range(len(students)) for q in questions)
    return Handout(class_seed, tuple(students), tuple(questions), ordered, tuple(shortfalls))


def _ticking(students: Sequence[Student], progress: Progress | None) -> Iterator[Student]:
    for student in students:
        yield student
        if progress:
            progress(1)


class _Dealer:
    """Deals one question's variants to students in order, re-deriving seeds on collisions."""

    def __init__(self, question: Question, class_seed: str, students: int):
        self.question, self.class_seed, self.students = question, class_seed, students
        self.used: set[tuple] = set()
        self.distinct: int | None = None
        self.counted = False
        self.exhausted = False
        self.shortfall: Shortfall | None = None

    def deal(self, student: Student) -> Assignment:
        attempt = 0
        while True:
            seed = student_seed(self.class_seed, student.id, attempt)
            drawn = variant(self.question, seed)
            if drawn.values not in self.used:
                self.used.add(drawn.values)
                return Assignment(student, self.question, seed, drawn)
            if self.exhausted or attempt + 1 >= self._budget():
                return self._share(student)
            attempt += 1

    def _budget(self) -> int:
        """How many draws one student may take; grows once the space is counted."""
        if not self.counted:
            return FIRST_TRIES
        if self.distinct is None:
            return UNKNOWN_SPACE_TRIES
        left = self.distinct - len(self.used)
        # Expected draws to hit one of ``left`` unused combinations is distinct/left; allow 40 times that.
        return FIRST_TRIES + 40 * math.ceil(self.distinct / left) if left > 0 else 0

    def _share(self, student: Student) -> Assignment:
        if not self.counted:
            self.counted = True
            assert self.question.worked is not None, "only questions with a worked answer have variants"
            self.distinct = count_distinct(self.question.worked)
            if self.distinct is None or len(self.used) < self.distinct:
                return self.deal(student)
        self.exhausted = True
        self.shortfall = Shortfall(self.question.id, self.students, self.distinct, len(self.used))
        seed = student_seed(self.class_seed, student.id)
        return Assignment(student, self.question, seed, variant(self.question, seed), shared=True)


def count_distinct(worked: Worked, limit: int = COUNT_LIMIT) -> int | None:
    """How many parameter combinations meet every constraint, or None when the grid exceeds ``limit``.

    >>> from fractions import Fraction as F
    >>> from bank.model import Param, Step, Worked
    >>> ab = (Param("a", F(1), choices=(F(1), F(2), F(3))), Param("b", F(1), choices=(F(1), F(2))))
    >>> steps = (Step("c", "a + b"),)
    >>> count_distinct(Worked("", ab, steps, ("c",))), count_distinct(Worked("", ab, steps, ("c",), ("a > b",)))
    (6, 3)
    """
    grid = worked.variant_count()
    if not worked.constraints:
        return grid
    if grid > limit:
        return None
    planned = plan(worked)
    names = [p.name for p in worked.params]
    combos = itertools.product(*(p.grid() for p in worked.params))
    return sum(1 for values in combos if not planned.failing(dict(zip(names, values))))
