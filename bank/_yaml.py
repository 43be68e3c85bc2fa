"""YAML reading that remembers where every value came from, within limits.

A question file is data from someone else, so it is read as YAML's plain
types only: text, numbers, true/false, empty, lists and mappings. Anything
else becomes a located :class:`~bank.errors.Problem`, never an exception:

- a tag other than the core ones (``!custom``, ``!!binary``, ``!!set``);
- a number no question can use (``.nan``, ``.inf``, ``1e400``, 5,000 digits);
- more than :data:`MAX_NODES` values once aliases are expanded (a "billion
  laughs"), or nesting deeper than :data:`MAX_DEPTH` (a recursive alias);
- a control character (NUL, ESC ...), or bytes that are not UTF-8.

As in YAML 1.2, a date is the text written (``2020-13-45`` is no error until
the schema wants a number) and ``7e1`` is the number 70. Merge keys
(``<<: *defaults``) work; explicit keys win over merged ones.
"""

from __future__ import annotations

import codecs
import math
import re

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import Problem

#: Values in one file after expanding aliases; a real question has a few hundred.
MAX_NODES = 20_000
#: Nesting of lists and mappings; a question needs four or five.
MAX_DEPTH = 50
#: Digits in an integer; larger numbers are written with an exponent.
MAX_DIGITS = 100
#: Characters in one file (the file reader also stops at a million bytes).
MAX_CHARS = 1_000_000

_CORE = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL = (_CORE + t for t in ("str", "int", "float", "bool", "null"))
SEQ, MAP, MERGE, TIMESTAMP = (_CORE + t for t in ("seq", "map", "merge", "timestamp"))
_SCALARS = {STR, INT, FLOAT, BOOL, NULL}

#: Characters YAML forbids in a file (it allows tab, line breaks and printable text).
_FORBIDDEN = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_CONTROL_NAMES = {0: "NUL", 7: "BEL", 8: "backspace", 0x0B: "vertical tab", 0x0C: "form feed", 0x1B: "ESC",
                  0x7F: "DEL"}


class Date(str):
    """Text that YAML 1.1 would have read as a date; the schema calls it "a date" in messages."""

    __slots__ = ()


class _Loader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):  # type: ignore[misc]
    """The safe loader (C where libyaml is present), plus YAML 1.2's ``7e1`` and ``1.5e3`` floats."""


_Loader.add_implicit_resolver(
    FLOAT, re.compile(r"^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)[eE][-+]?[0-9]+$"), list("-+0123456789."))


class _Stop(Exception):
    """The file is too big or too deep to read any further."""


def decode(path: str, raw: bytes) -> tuple[str | None, list[Problem]]:
    """UTF-8 text (a BOM is fine), or a problem at the line and column of the first bad byte.

    >>> decode("x.yaml", "a: é".encode("utf-8"))
    ('a: é', [])
    >>> print(decode("x.yaml", "id: q\\ntitle: café".encode("latin-1"))[1][0])
    x.yaml:2:11: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8
    """
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return None, [Problem(path, 1, 1, "the file is UTF-16 (it starts with a UTF-16 byte-order mark); "
                                          "save it as UTF-8")]
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[start:exc.start].decode("utf-8", "replace")) + 1
        return None, [Problem(path, line, col, f"byte 0x{raw[exc.start]:02X} is not UTF-8 "
                                               "(Latin-1 or Windows-1252?); save the file as UTF-8")]


def read(path: str, text: str) -> tuple[object, dict, list[Problem]]:
    """Parse YAML text into plain data plus ``marks``.

    ``marks`` maps a path tuple to (line, col, style, indent): ``style`` is the
    scalar style (None, a quote, ``|`` or ``>``) and ``indent`` the column
    where a block scalar's text starts.

    Duplicate keys are problems, not silent overwrites.

    >>> data, marks, problems = read("x.yaml", "a:\\n  b: 1\\n")
    >>> data, marks[("a", "b")], problems
    ({'a': {'b': 1}}, (2, 6, None, 0), [])
    >>> print(read("x.yaml", "level: !custom core\\n")[2][0])
    x.yaml:1:8: tag `!custom` is not allowed in a question file; remove it
    """
    if len(text) > MAX_CHARS:
        return None, {}, [Problem(path, 1, 1, f"the file is too large ({len(text):,} characters; "
                                              f"the limit is {MAX_CHARS:,})")]
    bad = _forbidden(path, text)
    if bad:
        return None, {}, bad
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return None, {}, [Problem(path, line, col, f"YAML: {exc.problem or exc.context}")]
    except yaml.YAMLError as exc:
        return None, {}, [Problem(path, 1, 1, f"YAML: {exc}")]
    finally:
        loader.dispose()
    if node is None:
        return None, {}, []
    builder = _Builder(path, loader, text.splitlines())
    try:
        data = builder.value(node, (), 0)
    except _Stop:
        return None, builder.marks, builder.problems
    return data, builder.marks, builder.problems


def _forbidden(path: str, text: str) -> list[Problem]:
    """Each line's first character YAML forbids (NUL, ESC, DEL ...), located."""
    out: list[Problem] = []
    seen_lines = set()
    for m in _FORBIDDEN.finditer(text):
        line, col = position(text, m.start())
        if line in seen_lines:
            continue
        seen_lines.add(line)
        code = ord(m.group())
        name = _CONTROL_NAMES.get(code, f"U+{code:04X}")
        hint = " (the file looks like UTF-16; save it as UTF-8)" if code == 0 and _mostly_nul(text) else ""
        out.append(Problem(path, line, col, f"control character {name} is not allowed in YAML; delete it{hint}"))
        if len(out) == 10:
            break
    return out


def _mostly_nul(text: str) -> bool:
    return text.count("\x00") * 4 > len(text)


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset``, counting line breaks as YAML does.

    >>> position("a\\r\\nbc", 4)
    (2, 2)
    """
    line, start = 1, 0
    for m in _BREAK.finditer(text, 0, offset):
        line, start = line + 1, m.end()
    return line, offset - start + 1


class _Builder:
    """Turns nodes into plain data, recording marks and problems, counting every value."""

    def __init__(self, path: str, loader: _Loader, lines: list[str]) -> None:
        self.path, self.loader, self.lines = path, loader, lines
        self.marks: dict = {}
        self.problems: list[Problem] = []
        self.count = 0

    def problem(self, node: Node, message: str) -> None:
        self.problems.append(Problem(self.path, node.start_mark.line + 1, node.start_mark.column + 1, message))

    def value(self, node: Node, where: tuple, depth: int) -> object:
        self.count += 1
        if self.count > MAX_NODES:
            self.problem(node, f"the file holds more than {MAX_NODES:,} values once its aliases are expanded "
                               "(aliases inside aliases?)")
            raise _Stop
        if depth > MAX_DEPTH:
            self.problem(node, f"lists and mappings nest more than {MAX_DEPTH} deep here")
            raise _Stop
        self.marks[where] = self._mark(node)
        if isinstance(node, MappingNode):
            return self._mapping(node, where, depth) if self._tag_ok(node, MAP) else None
        if isinstance(node, SequenceNode):
            if not self._tag_ok(node, SEQ):
                return None
            return [self.value(item, where + (i,), depth + 1) for i, item in enumerate(node.value)]
        value = self.scalar(node) if isinstance(node, ScalarNode) else _BAD
        return None if value is _BAD else value

    def _mark(self, node: Node) -> tuple:
        style = getattr(node, "style", None) or None
        indent = 0
        if style in ("|", ">") and node.start_mark.line + 1 < len(self.lines):
            body = self.lines[node.start_mark.line + 1]
            indent = len(body) - len(body.lstrip(" "))
        return (node.start_mark.line + 1, node.start_mark.column + 1, style, indent)

    def _tag_ok(self, node: Node, expected: str) -> bool:
        if node.tag == expected:
            return True
        self.problem(node, f"tag `{_short(node.tag)}` is not allowed in a question file; remove it")
        return False

    def _mapping(self, node: MappingNode, where: tuple, depth: int) -> dict:
        out: dict = {}
        explicit: set[str] = set()
        for key_node, value_node in node.value:
            if key_node.tag == MERGE and isinstance(key_node, ScalarNode):
                self._merge(value_node, where, depth, out)
                continue
            key = self._key(key_node)
            if key is None:
                continue
            if key in explicit:
                self.problem(key_node, f"duplicate key `{key}`")
            explicit.add(key)
            self.marks[where + (key, "<key>")] = self._mark(key_node)[:2] + (None, 0)
            out[key] = self.value(value_node, where + (key,), depth + 1)
        self.marks[where] = self._mark(node)  # a merge may have marked this path with its source
        return out

    def _merge(self, source: Node, where: tuple, depth: int, out: dict) -> None:
        """``<<: *base`` or ``<<: [*a, *b]``: keys not yet present come from each mapping in turn."""
        sources = source.value if isinstance(source, SequenceNode) else [source]
        if depth > MAX_DEPTH:  # merges of merges reach no value() to count their depth
            self.problem(source, f"`<<` merges nest more than {MAX_DEPTH} deep here")
            raise _Stop
        for item in sources:
            if not isinstance(item, MappingNode):
                self.problem(item, "`<<` merges a mapping (`<<: *name`) or a list of them; this is neither")
                continue
            self.count += 1
            merged = self._mapping(item, where, depth + 1) if self._tag_ok(item, MAP) else {}
            for key, value in merged.items():
                out.setdefault(key, value)

    def _key(self, node: Node) -> str | None:
        if not isinstance(node, ScalarNode):
            self.problem(node, "a key must be a word, not a list or a mapping")
            return None
        self.count += 1
        key = self.scalar(node)
        if key is _BAD:
            return None
        return key if isinstance(key, str) else str(key)

    def scalar(self, node: ScalarNode) -> object:
        """The value of a scalar, or ``_BAD`` after recording why it cannot be used."""
        if node.tag == STR:  # most of a file: its text is its value (what PyYAML's constructor returns)
            return node.value
        if node.tag == TIMESTAMP:
            return Date(node.value)
        if node.tag not in _SCALARS:
            self.problem(node, f"tag `{_short(node.tag)}` is not allowed in a question file; remove it")
            return _BAD
        if node.tag == INT and sum(c.isalnum() for c in node.value) > MAX_DIGITS + 2:
            self.problem(node, f"a whole number of more than {MAX_DIGITS} digits is too long; "
                               "write it with an exponent, as in 1.5e30")
            return _BAD
        try:
            value = self.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, KeyError, IndexError, TypeError, OverflowError) as exc:
            detail = getattr(exc, "problem", None) or ""
            self.problem(node, f"`{_clip(node.value)}` is not a valid `{_short(node.tag)}`" + (f": {detail}" if detail else ""))
            return _BAD
        if isinstance(value, float):
            return self._finite(node, value)
        return value

    def _finite(self, node: ScalarNode, value: float) -> object:
        if math.isnan(value):
            self.problem(node, f"`{_clip(node.value)}` (not a number) cannot be used; write a number")
            return _BAD
        if math.isinf(value):
            self.problem(node, f"`{_clip(node.value)}` is infinite or too large for a number "
                               "(the limit is about 1.8e308)")
            return _BAD
        mantissa = node.value.lower().partition("e")[0]
        if value == 0 and re.search("[1-9]", mantissa):
            self.problem(node, f"`{_clip(node.value)}` is too small to tell from 0")
            return _BAD
        return value


_BAD = object()


def _short(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _clip(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


__all__ = ["read", "decode", "position", "Date", "MAX_NODES", "MAX_DEPTH", "MAX_DIGITS", "MAX_CHARS"]
