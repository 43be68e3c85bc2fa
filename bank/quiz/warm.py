"""Load the grader and solver in the background while the learner reads.

``import sympy`` takes about a second on a cold machine, far longer than the
0.3 s the first question may take to appear. So the quiz shows its first
problem from param values alone (:func:`bank.render.render_problem`) and
starts a :class:`Warm` thread that imports the grader and compiles each
question's steps. The first call that needs them waits for the thread.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Mapping, Sequence

if TYPE_CHECKING:
    from ..grade import Report
    from ..model import Question, Variant
    from ..render import Rendered
    from .session import Item


class Warm:
    """The grader and renderer, made ready on a background thread.

    >>> w = Warm([], {})
    >>> w.start(); w.wait(); w.started
    True
    """

    def __init__(self, items: Sequence[Item], names: Mapping[str, str]):
        self.items, self.names = list(items), dict(names)
        self._thread = threading.Thread(target=self._prepare, name="bank-warm", daemon=True)
        self.started = False

    def start(self) -> None:
        self.started = True
        self._thread.start()

    def wait(self) -> None:
        """Block until the background imports are done (or start them here if never started)."""
        if self.started:
            self._thread.join()

    def _prepare(self) -> None:
        # Failures here are re-raised by the same import in the foreground, where they can be reported.
        try:
            from .. import grade  # noqa: F401
            from ..plan import plan

            for item in self.items:
                if item.question.worked is not None:
                    plan(item.question.worked).compiled
        except Exception:
            pass

    def grade(self, question: Question, variant: Variant, text: str) -> Report:
        """``bank.grade.grade`` once it is loaded."""
        self.wait()
        from ..grade import grade

        return grade(question, variant, text)

    def render(self, question: Question, variant: Variant | None) -> Rendered:
        """The question rendered for the variant, links as plain words."""
        self.wait()
        from ..render import render_question

        return render_question(question, variant).plain(self.names)
