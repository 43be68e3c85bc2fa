"""The quiz at a terminal: show session events with rich, read the learner's lines.

Colour follows rich's rules: none when ``NO_COLOR`` is set or output is not a
terminal. Input is read line by line from stdin, so a pipe or a test runner
can drive a session; when stdin is not a terminal, each line read is echoed
so the transcript reads like a conversation.
"""

from __future__ import annotations

import sys
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Iterable, TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..formatting import counted
from ..printable import printable
from . import session as ev

if TYPE_CHECKING:
    from ..grade import LineResult
    from .stats import Stats

PROMPTS = {ev.Phase.ANSWER: "answer> ", ev.Phase.WORKING: "working> ", ev.Phase.PARTS: "final answer> ",
           ev.Phase.RATING: "rating 1-4> "}
COMMANDS_HELP = "Commands at any prompt: ? hint · show answer · skip · quit"

MARKS = {"correct": ("✓", "green"), "carried": ("✓", "yellow"), "slip": ("✗", "red"),
         "unmatched": ("·", "cyan"), "error": ("✗", "red")}


class Terminal:
    """Shows events and reads lines. ``console`` defaults to rich's, on stdout."""

    def __init__(self, console: Console | None = None):
        self.console = console or Console(highlight=False, emoji=False)
        self.interactive = _isatty(sys.stdin)
        if self.interactive:
            _line_editing()

    # ------------------------------------------------------------------ input

    def read(self, phase: ev.Phase, asking: str | None = None) -> str | None:
        """One line from the learner (escape sequences and control characters removed), or None at end of input.

        ``asking`` names the answer part being asked for; it becomes the prompt.
        """
        prompt = f"{asking}> " if asking else PROMPTS.get(phase, "> ")
        try:
            if self.interactive:
                # readline must draw the prompt itself (\001/\002 hide the bold codes from its
                # width count); printed separately, an empty line would not move to a new line.
                text = input(f"\001\033[1m\002{prompt}\001\033[0m\002")
            else:
                text = self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            return None
        text = printable(text)
        if not self.interactive:
            self.console.print(text, markup=False, highlight=False)
        return text

    # ------------------------------------------------------------------ output

    def show(self, events: Iterable[object]) -> None:
        for event in events:
            handler = getattr(self, f"_{type(event).__name__.lower()}", None)
            if handler:
                handler(event)

    def _asked(self, e: ev.Asked) -> None:
        q = e.item.question
        c = self.console
        c.print(Rule(f"Question {e.number} of {e.total}"))
        c.print(Text.assemble((f"[{q.level}]", "bold magenta"), " ", (e.item.bank_title or q.bank, "cyan"),
                              (f" · {q.id}", "dim")))
        c.print(Text(e.item.title or q.title, style="bold"))
        c.print()
        if e.item.problem:
            c.print(Text(e.item.problem))
            c.print()
        if len(e.item.parts) > 1:
            labels = ", ".join(label for _, label in e.item.parts)
            c.print(Text(f"It asks for {len(e.item.parts)} answers: {labels}.", style="bold"))
            c.print()
        c.print(Text("Short answer, in your own words (optional; an empty line ends it).", style="dim"))
        c.print(Text(COMMANDS_HELP, style="dim"))

    def _working(self, e: ev.Working) -> None:
        self.console.print(Text("Your working, one step per line, as you would write it on a whiteboard. "
                                "An empty line ends it.", style="dim"))

    def _askpart(self, e: ev.AskPart) -> None:
        if e.first:
            self.console.print(Text("Your final answer for each part the working did not give "
                                    "(an empty line leaves it blank).", style="dim"))

    def _verdict(self, e: ev.Verdict) -> None:
        line = e.line
        mark, style = MARKS.get(line.status, ("?", ""))
        label = _label(line)
        head = Text.assemble(("  " + mark + " ", f"bold {style}"), (label, style))
        if line.message:
            head.append((": " if label else "") + line.message)
        self.console.print(head)
        if line.status == "error" and line.caret:
            self.console.print(Text(_indent(line.caret), style="red"))

    def _hint(self, e: ev.Hint) -> None:
        self.console.print(Text.assemble(("  hint: ", "bold yellow"), e.text))

    def _note(self, e: ev.Note) -> None:
        self.console.print(Text("  " + e.text, style="dim"))

    def _revealed(self, e: ev.Revealed) -> None:
        from rich.markdown import Markdown

        c, view = self.console, e.view
        if e.answer:
            c.print(Rule("Your answer"))
            c.print(Text(e.answer))
        c.print(Rule("Model answer", style="green"))
        c.print(Markdown(view.answer.strip()))
        if view.key_points:
            c.print(Text("Key points", style="bold"))
        for point in view.key_points:
            c.print(Text(f"  • {point}"))
        if view.steps:
            c.print(Text("\nWorked answer for your numbers", style="bold"))
            for i, step in enumerate(view.steps, 1):
                c.print(Text(f"  {i}. {step.text}"))
            if len(view.parts) > 1:
                c.print(Text("  Final answers:"))
                for part in view.parts:
                    c.print(Text.assemble(f"    {part.label}: ", (part.text, "bold")))
            else:
                c.print(Text.assemble("  Final answer: ", (view.result_text, "bold")))
        c.print(Text.assemble(("\nTakeaway: ", "bold"), view.takeaway))
        c.print(_score(e))

    def _choices(self, e: ev.Choices) -> None:
        c = self.console
        c.print(Text("\nHow well did you know it?", style="bold"))
        for choice in e.choices:
            c.print(Text(f"  {choice.rating} {choice.name:<6} → next {when(choice.due, e.now)}"))

    def _rated(self, e: ev.Rated) -> None:
        self.console.print(Text(f"Saved: {e.choice.name}. Back {when(e.choice.due, e.review.ended)}.", style="green"))

    def _unsaved(self, e: ev.Unsaved) -> None:
        count = len(e.pending)
        which = ", ".join(f"{r.review.question} ({r.choice.name})" for r in e.pending)
        if e.final:
            self.console.print(Text(f"Not saved: {counted(count, 'rating')} ({which}). {e.reason}",
                                    style="bold red"))
            return
        self.console.print(Text(f"Not saved yet: {e.reason} The rating is kept and will be saved with your next one.",
                                style="bold red"))

    def _skipped(self, e: ev.Skipped) -> None:
        self.console.print(Text("Skipped.", style="dim"))

    def _summary(self, e: ev.Summary) -> None:
        c = self.console
        c.print(Rule("Summary"))
        c.print(f"Questions: {e.asked} asked, {e.rated} rated, {e.skipped} skipped")
        c.print(f"Average score: {percent(e.average_score)}")
        c.print(f"Time taken: {span(e.elapsed)}")
        c.print(f"Next due: {when(e.next_due, e.now) if e.next_due else 'nothing scheduled yet'}")


def _line_editing() -> None:
    """Arrow keys and history at the prompts, where the platform has readline."""
    try:
        import readline  # noqa: F401  (importing it is what switches it on for input())
    except ImportError:  # pragma: no cover - Windows
        pass


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _indent(text: str) -> str:
    return "\n".join("    " + row for row in text.splitlines())


def _label(line: LineResult) -> str:
    """What the mark stands for: the step matched, and the diagnosis of a slip.

    >>> from bank.grade import LineResult
    >>> _label(LineResult(2, "70 x 3 = 21", "slip", "read_time", diagnosis="power-of-ten"))
    'slip in read_time [power of ten]'
    """
    step, status = line.step, line.status
    words = {"correct": step or "correct", "carried": f"{step} (carried forward)" if step else "carried forward",
             "slip": f"slip in {step}" if step else "", "unmatched": "unmatched", "error": "can't read this line"}
    parts = [words.get(status, status)]
    named = line.diagnosis.replace("-", " ") if line.diagnosis else ""
    if named and named not in (line.message or "").lower():  # say it once
        parts.append(f"[{named}]")
    return " ".join(p for p in parts if p)


def _score(e: ev.Revealed) -> Text:
    if e.score is None:
        return Text("Score: not scored (no arithmetic in this one; judge your answer against the model).",
                    style="bold")
    from ..grade.report import Verdict
    from .parts import part_verdicts

    text = Text(f"Score: {percent(e.score)}", style="bold")
    worked = e.item.question.worked
    if e.report is None or worked is None:
        return text
    verdicts = part_verdicts(e.report, worked)
    for v in verdicts:
        mark, style = Verdict(v.status).mark, PART_STYLES.get(v.status, "")
        name = "final answer" if len(verdicts) == 1 else v.label
        text.append(f"\n  {mark} {name} {v.status}", style=style)
        if v.message:
            text.append(f": {v.message}")
    return text


PART_STYLES = {"correct": "green", "wrong": "red", "missing": "red"}


def percent(x: float | None) -> str:
    """A share as a whole percentage; None (nothing scored) as ``-``.

    >>> percent(0.755), percent(None)
    ('76%', '-')
    """
    return "-" if x is None else f"{round(x * 100)}%"


def span(seconds: float) -> str:
    """A duration for people: ``45 s``, ``4 min 12 s``, ``1 h 5 min``.

    >>> span(252), span(3900)
    ('4 min 12 s', '1 h 5 min')
    """
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


def when(due: datetime, now: datetime) -> str:
    """How far off a due time is, with the local clock time or date.

    >>> from datetime import timezone
    >>> t = datetime(2025, 3, 1, 12, tzinfo=timezone.utc)
    >>> when(t + timedelta(minutes=10), t).split(" (")[0]
    'in 10 min'
    """
    gap = due - now
    local = due.astimezone()
    if gap <= timedelta(0):
        return "now"
    if gap < timedelta(seconds=30):
        return "in under a minute"
    if gap < timedelta(hours=1):
        return f"in {round(gap.total_seconds() / 60)} min ({local:%H:%M})"
    if gap < timedelta(days=1):
        return f"in {round(gap.total_seconds() / 3600)} h ({local:%H:%M})"
    days = round(gap.total_seconds() / 86400)
    return f"in {counted(days, 'day')} ({local:%a} {local.day} {local:%b})"



def show_stats(stats: Stats, console: Console | None = None) -> None:
    """Print ``bank stats``: totals, streak, the 7-day forecast and the per-group tables."""
    from rich.table import Table

    c = console or Console(highlight=False, emoji=False)
    waiting = "" if stats.unseen is None else f" · {stats.unseen} questions not yet seen"
    if stats.damaged:
        c.print(Text(f"warning: {counted(stats.damaged, 'damaged row')} of the history could not "
                     "be read and {} left out".format("were" if stats.damaged != 1 else "was"), style="yellow"))
    if not stats.reviews:
        count = "" if stats.unseen is None else f" ({stats.unseen} questions waiting)"
        c.print(f"No reviews yet{count}. Run `bank quiz` to start.")
        return
    c.print(Text(f"{stats.reviews} reviews of {stats.questions} questions · average score "
                 f"{percent(stats.average_score)} · true retention {percent(stats.retention)} "
                 "(reviews rated above Again)", style="bold"))
    c.print(f"Streak: {_days(stats.streak)} (longest {_days(stats.longest_streak)}) · due now: {stats.due_now}"
            + waiting)
    days = Table(title="Due in the next 7 days", title_justify="left")
    for day in stats.forecast:
        days.add_column(datetime.fromisoformat(day["date"]).strftime("%a %d"), justify="right")
    days.add_row(*(str(day["due"]) for day in stats.forecast))
    c.print(days)
    for title, groups in (("bank", stats.by_bank), ("level", stats.by_level), ("tag", stats.by_tag)):
        table = Table(title=f"By {title}", title_justify="left")
        table.add_column(title, justify="left")
        for column in ("reviews", "average score", "retention"):
            table.add_column(column, justify="right")
        for name, g in groups.items():
            table.add_row(name, str(g.reviews), percent(g.average_score), percent(g.retention))
        c.print(table)


def _days(n: int) -> str:
    return counted(n, "day")
