"""CSV in and out, safe for a spreadsheet: formulas neutralised on the way out, every fault located on the way in.

**Out.** A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return is a formula to Excel, LibreOffice and Google Sheets, and a
roster name such as ``=HYPERLINK(...)`` would run when an instructor opens the
answer key. As OWASP advises (CSV Injection), such a cell gets a leading
``'``, which spreadsheets read as "this is text". A plain number (``-3``,
``-0.25``, ``1e-3``) is left alone, so numeric columns stay numbers.

**In.** Every row comes with the line it starts on, and a malformed file (an
unterminated quote, text after a closing quote, a cell longer than Python's
131,072-character limit) is an error at that line, never a silently dropped
student. :func:`unquote` takes the ``'`` back off what :func:`cell` added.

>>> cell("=HYPERLINK(\\"http://x\\")"), cell("-3"), cell("-$3"), cell("@ada"), cell("Ada")
('\\'=HYPERLINK("http://x")', '-3', "'-$3", "'@ada", 'Ada')
>>> unquote(cell("=1+2")), unquote("'ok"), unquote("-3")
('=1+2', "'ok", '-3')
"""

from __future__ import annotations

import csv
import io
import re
from typing import Iterable, Iterator

from ..errors import BankError

#: Characters that make a spreadsheet read a cell as a formula (OWASP's list).
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")

_STARTS = frozenset(TRIGGERS)

#: A plain decimal number: safe as it is, and kept a number.
_NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")


def cell(value: object) -> str:
    """The text of one cell, with a leading ``'`` when a spreadsheet would run it as a formula."""
    text = "" if value is None else str(value)
    if text[:1] in _STARTS and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def unquote(text: str) -> str:
    """Undo :func:`cell`: ``'=x`` back to ``=x``; anything else unchanged."""
    return text[1:] if text.startswith("'") and text[1:].startswith(TRIGGERS) else text


def write(header: Iterable[str], rows: Iterable[Iterable[object]]) -> bytes:
    """UTF-8 CSV with RFC 4180's CRLF line ends, every cell made safe.

    CRLF is not only the standard: with a bare ``\\n`` terminator Python's writer
    leaves a cell holding a carriage return unquoted, and the row splits in two.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([cell(h) for h in header])
    writer.writerows([cell(c) for c in row] for row in rows)
    return buffer.getvalue().encode("utf-8")


def rows(text: str, shown: str, error: type[BankError] = BankError) -> Iterator[tuple[int, list[str]]]:
    """``(line the row starts on, cells)`` for every row; a malformed row raises ``error`` at its line.

    >>> list(rows("id,name\\ns1,Ada\\n", "r.csv"))
    [(1, ['id', 'name']), (2, ['s1', 'Ada'])]
    >>> list(rows('id,name\\ns1,"Ada\\ns2,Bo\\n', "r.csv"))
    Traceback (most recent call last):
    ...
    bank.errors.BankError: r.csv:2: a quote in the row starting here never closes, so every line after it would be one cell; close the quote
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise error(f"{shown}:{_where(str(exc), start, reader.line_num)}") from None
        yield start, row
        start = reader.line_num + 1


def _where(problem: str, start: int, end: int) -> str:
    if "unexpected end of data" in problem:
        return f"{start}: a quote in the row starting here never closes, so every line after it would be one cell; close the quote"
    if "field larger than field limit" in problem:
        return f"{end}: a cell is longer than {csv.field_size_limit():,} characters"
    if "expected after" in problem:
        return f"{end}: text follows a closing quote; put the whole cell in quotes"
    return f"{end}: cannot read this row as CSV ({problem})"
