"""Finding each student's working in a submissions folder, and reading it safely.

Two layouts, which may be mixed:

- ``<student-id>/<question-id>.txt``: one file per question;
- ``<student-id>.txt``: one file per student, each question's working under a
  header line ``## <question-id>``. If the student has a single question, a
  file with no headers at all is that question's working.

Everything that cannot be used is recorded, never dropped: a submission is
``ok``, ``missing``, ``empty``, ``unreadable`` (cannot be opened, larger
than :data:`MAX_BYTES`, or not a regular file) or ``undecodable`` (not UTF-8
text), and every file or section that was not marked produces a warning
saying why.

Only regular files inside the submissions folder are read. A symbolic link
(to ``/etc/passwd``, or a student folder linked elsewhere), a FIFO or a
device is recorded as unreadable and never opened: :func:`read_file` checks
with ``lstat`` first, then opens with ``O_NOFOLLOW | O_NONBLOCK`` and checks
the open file again, so nothing swapped in between is read either. What is
read has its terminal escape sequences removed (:func:`bank.printable.printable`),
so neither the grader nor a feedback file ever carries them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..errors import did_you_mean
from ..printable import printable
from .._files import NotRegular, TooLarge, Unreadable, kind as _kind, read_regular
from .files import exists as _exists, real_folder as _real_folder

#: A section header in ``<student-id>.txt``: ``## <question-id>`` on a line of its own.
SECTION = re.compile(r"^##[ \t]+(\S+)[ \t]*$")

#: Larger files are not a whiteboard working; they are recorded as unreadable.
MAX_BYTES = 256 * 1024

STATES = ("ok", "missing", "empty", "unreadable", "undecodable")


@dataclass(frozen=True)
class Submission:
    """One student's working for one question, or why there is none."""

    student: str
    question: str
    state: str
    text: str = ""
    source: str = ""
    note: str = ""


@dataclass(frozen=True)
class Read:
    """A file's text, or the state that stopped it being read."""

    state: str
    text: str = ""
    note: str = ""


def read_file(path: Path) -> Read:
    """Read a submission file as UTF-8 (a BOM is fine), classifying every failure.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "w.txt"
    >>> _ = p.write_bytes(b"70 / 6 = 11.7\\n\\xff\\n")
    >>> read_file(p).state, read_file(p).note
    ('undecodable', 'not UTF-8 text (byte 0xff on line 2)')
    """
    data = _read_regular(path)
    if isinstance(data, Read):
        return data
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        return Read("undecodable", note=f"not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line})")
    text = printable(text)
    if not text.strip():
        return Read("empty", note="the file is empty")
    return Read("ok", text)


def _read_regular(path: Path) -> bytes | Read:
    """The bytes of a regular file no larger than :data:`MAX_BYTES`, never following a link."""
    try:
        return read_regular(path, limit=MAX_BYTES, follow_links=False)
    except NotRegular as exc:
        return Read("unreadable", note=f"{exc.what}, not a regular file, so it was not read")
    except TooLarge:
        return Read("unreadable", note=f"larger than {MAX_BYTES // 1024} KB, so not a working")
    except Unreadable as exc:
        return Read("unreadable", note=f"cannot be read: {exc.reason}")


def split_sections(text: str) -> tuple[dict[str, tuple[int, str]], list[int], list[tuple[str, int]]]:
    """``## <question-id>`` sections: ({id: (header line, text)}, lines before any header, repeats).

    >>> sections, before, repeats = split_sections("note\\n## q1\\n1 + 1 = 2\\n## q2\\n## q1\\n3 = 3\\n")
    >>> sections, before, repeats
    ({'q1': (5, '3 = 3'), 'q2': (4, '')}, [1], [('q1', 5)])
    """
    sections: dict[str, tuple[int, list[str]]] = {}
    before, repeats, current = [], [], None
    for n, line in enumerate(text.splitlines(), 1):
        header = SECTION.match(line.strip())
        if header:
            current = header.group(1)
            if current in sections:
                repeats.append((current, n))
            sections[current] = (n, [])
        elif current is None:
            if line.strip():
                before.append(n)
        else:
            sections[current][1].append(line)
    return {k: (n, "\n".join(lines).strip()) for k, (n, lines) in sections.items()}, before, repeats


def collect(folder: Path, wanted: Mapping[str, Sequence[str]]) -> tuple[dict[tuple[str, str], Submission], list[str]]:
    """Every (student, question) in ``wanted`` with its submission, plus warnings for what was not used."""
    found: dict[tuple[str, str], Submission] = {}
    warnings = _strays(folder, wanted)
    for student, questions in wanted.items():
        sections, notes = _sections(folder, student, questions)
        warnings += notes
        for question in questions:
            submission, note = _one(folder, student, question, sections)
            found[(student, question)] = submission
            warnings += [note] if note else []
    return found, warnings


def _one(folder: Path, student: str, question: str,
         sections: Mapping[str, Submission]) -> tuple[Submission, str | None]:
    mine = folder / student
    path = mine / f"{question}.txt"
    in_file = sections.get(question)
    if _exists(mine) and not _real_folder(mine) and _exists(path):
        read = Read("unreadable", note=f"{student}/ is {_kind(os.lstat(mine).st_mode) or 'not a folder'}, "
                                      f"so nothing in it was read")
        return Submission(student, question, read.state, "", f"{student}/{question}.txt", read.note), None
    if _exists(path):
        read = read_file(path)
        source = f"{student}/{question}.txt"
        note = (f"{student}.txt also has a `## {question}` section; marked {source} and ignored the section"
                if in_file is not None and in_file.text.strip() else None)
        return Submission(student, question, read.state, read.text, source, read.note), note
    if in_file is not None:
        return in_file, None
    return Submission(student, question, "missing", note=f"no {student}/{question}.txt and no `## {question}` "
                                                          f"section in {student}.txt"), None


def _sections(folder: Path, student: str, questions: Sequence[str]) -> tuple[dict[str, Submission], list[str]]:
    path = folder / f"{student}.txt"
    if not _exists(path):
        return {}, []
    read = read_file(path)
    name = f"{student}.txt"
    if read.state != "ok":
        # Nothing in the file can be used: every question it might hold shares its state.
        return {q: Submission(student, q, read.state, "", name, read.note) for q in questions}, []
    sections, before, repeats = split_sections(read.text)
    if not sections and len(questions) == 1:
        return {questions[0]: Submission(student, questions[0], "ok", read.text.strip(), name)}, []
    warnings = [f"{name}: `## {q}` on line {n} repeats an earlier section; the later one is marked"
                for q, n in repeats]
    if before:
        warnings.append(f"{name}: line{'s' * (len(before) > 1)} {_ranges(before)} come{'s' * (len(before) == 1)} "
                        f"before any `## <question-id>` header and {'were' if len(before) > 1 else 'was'} not marked")
    out = {}
    for qid, (line, text) in sections.items():
        source = f"{name} (## {qid}, line {line})"
        if qid not in questions:
            warnings.append(f"{name}: section `## {qid}` on line {line} is not one of {student}'s questions"
                            f"{did_you_mean(qid, questions)}; not marked")
        elif text:
            out[qid] = Submission(student, qid, "ok", text, source)
        else:
            out[qid] = Submission(student, qid, "empty", "", source, "the section is empty")
    return out, warnings


def _strays(folder: Path, wanted: Mapping[str, Sequence[str]]) -> list[str]:
    """Warnings for files and folders that belong to nobody in the manifest."""
    warnings = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith("."):
            continue
        folder_here = _real_folder(entry)
        student = entry.name if folder_here or not entry.name.endswith(".txt") else entry.name[:-4]
        if student not in wanted:
            hint = did_you_mean(student, wanted)
            warnings.append(f"{printable(entry.name)}{'/' if folder_here else ''}: no student "
                            f"`{printable(student)}` in the manifest{hint}; not marked")
        elif folder_here:
            warnings += _stray_files(entry, student, wanted[student])
    return warnings


def _stray_files(folder: Path, student: str, questions: Sequence[str]) -> list[str]:
    warnings = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith("."):
            continue
        if not entry.name.endswith(".txt") or entry.name[:-4] not in questions:
            stem = entry.name[:-4] if entry.name.endswith(".txt") else entry.name
            warnings.append(f"{student}/{printable(entry.name)}: not one of {student}'s questions "
                            f"(expected <question-id>.txt){did_you_mean(stem, questions)}; not marked")
    return warnings


def _ranges(numbers: Iterable[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``1-3, 7``."""
    out: list[str] = []
    run: list[int] = []
    for n in numbers:
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)
