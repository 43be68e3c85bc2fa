"""Self-consistency: a question's own worked answer, pasted back as a learner sees it, scores full marks.

The step texts come from the same view ``bank show --json`` prints (glossary links as plain words).
"""

from __future__ import annotations


def worked_text(library, owner, v) -> str:
    """The worked answer (a question's, or a glossary term's example) exactly as shown to a learner: one
    step's text per line."""
    from bank.model import Term
    from bank.render import glossary_names, plain_links, render_example, render_question

    names = glossary_names(library)
    if isinstance(owner, Term):
        return "\n".join(plain_links(s.text, names) for s in render_example(owner, v)[1])
    rendered = render_question(owner, v).plain(names)
    return "\n".join(s.text for s in rendered.steps)


def seeds(count: int) -> list[str | None]:
    return [None] + [str(i) for i in range(1, count + 1)]


def self_consistency(library, count: int) -> tuple[int, int, list[str]]:
    """(workings scoring 1.00, workings, a line per failure)."""
    from bank.grade import grade
    from bank.variant import variant

    full = runs = 0
    failures = []
    for q in library.questions():
        if q.worked is None:
            continue
        for seed in seeds(count):
            v = variant(q, seed)
            report = grade(q, v, worked_text(library, q, v))
            runs += 1
            if report.score == 1.0:
                full += 1
                continue
            bad = [f"line {x.n} {x.status}: {x.message}" for x in report.lines if x.status != "correct"]
            failures.append(f"{q.id} seed {seed}: {report.score:.2f}; " + "; ".join(bad)
                            + f"; final {report.final.status}")
    return full, runs, failures
