"""A psql session pasted as working: queries typed at its prompt, and the tables it prints under them.

As at Python's ``>>>`` prompt, a query shows no value of its own (``analytics=> select 70*2 as w_gb;``); psql
prints each column's value in a table after it, and that value carries the column's working, as if the learner
had written ``70*2 = 140``. A query may run over several lines (``analytics->``), name its columns (``as w_gb``)
and use a CTE's (``with t as (select 20000*1500 as tok) select tok*0.3 …``); ``round(x, 2)`` only sets how many
digits psql prints, and a cast (``::bigint``) changes nothing. The table's frame (its header, rule, ``(1 row)``,
``\\x``'s ``-[ RECORD 1 ]``) and psql's own messages are nothing to mark.

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> from bank.grade.state import State
>>> question = load().question("replica-boot-gap")
>>> state = State(reference(question, variant(question)))
>>> typed(state, "analytics=> select 70/6.0 as read_s, 70/6.0 + 20 as boot_s;"), [name for name, _ in state.table]
(True, ['read_s', 'boot_s'])
>>> frame(state, " read_s | boot_s"), frame(state, "--------+--------")
(True, True)
>>> [c.strip() for c, _ in row(state, " 11.7 | 31.7")]
['11.7', '31.7']
"""

from __future__ import annotations

import re

from .. import notation as n
from . import console, variables
from .state import State

#: psql's prompt: ``analytics=>``, ``postgres=#``, ``=>``, and ``analytics->`` where a query goes on.
_PROMPT = re.compile(r"^\s*[A-Za-z_]\w*[=\-(][>#]\s?|^\s*=>\s?")
#: A query's first word, after psql's prompt; with none, a whole query (``select 70*2 as w_gb;``) or a CTE's start
#: (``with t as (``): a sentence may begin "With 20% headroom".
_QUERY = re.compile(r"^\s*(?:select|with)\b", re.IGNORECASE)
_BARE = re.compile(r"^\s*(?:select\b.*;\s*(?:--.*)?$|with\s+\w+\s+as\s*\()", re.IGNORECASE)
#: What psql prints around the values: a rule, ``(1 row)``, ``\x``'s record heading, its messages, a meta-command.
_FRAME = re.compile(r"^\s*(?:[-+]{3,}|\(\d+ rows?\)|-\[ RECORD \d+ \][-+]*|ERROR:|HINT:|DETAIL:|LINE \d+:|\^|"
                    r"Expanded display is|\\\w+)", re.IGNORECASE)
#: A header row: the columns' names between bars.
_HEADER = re.compile(r"^\s*[A-Za-z_?][\w?]*(?:\s*\|\s*[A-Za-z_?][\w?]*)*\s*$")
#: A number psql prints.
_VALUE = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", re.IGNORECASE)
#: A cast (``::bigint``, ``::numeric(10,2)``), a ``--`` comment, and a column's name.
_CAST = re.compile(r"::\s*[A-Za-z_]\w*(?:\s*\([\d\s,]*\))?")
_COMMENT = re.compile(r"--.*$")
_AS = re.compile(r"\s+as\s+\"?([A-Za-z_]\w*)\"?\s*$", re.IGNORECASE)
#: Longest query read (a few lines of working).
_MAX_QUERY = 2_000


def typed(state: State, raw: str) -> bool:
    """Whether ``raw`` is (part of) a query typed at psql, or one of its meta-commands (``\\x``): a query is kept
    until its ``;``, then its columns' workings are kept in ``state.table``, by name, for the values psql prints
    under it."""
    prompt = _PROMPT.match(raw)
    text = raw[prompt.end():] if prompt else raw
    if state.query is None:
        if not (_QUERY if prompt else _BARE).match(text):
            return bool(prompt) and text.lstrip().startswith("\\")
        state.query = ""
    elif not prompt and (_FRAME.match(raw) or _HEADER.match(raw) and "|" in raw):
        _ran(state)  # a query with no ";": its table has begun
        return False
    state.query = (state.query + " " + _COMMENT.sub("", text))[:_MAX_QUERY]
    if ";" in text:
        _ran(state)
    return True


def _ran(state: State) -> None:
    _run(state, (state.query or "").split(";")[0])
    state.query = None


def frame(state: State, raw: str) -> bool:
    """Whether ``raw`` is what psql prints around the values of a query typed before it."""
    header = _HEADER.match(raw) is not None and ("|" in raw or _named(state, raw.strip()) is not None)
    return state.table is not None and (_FRAME.match(raw) is not None or header)


def row(state: State, raw: str) -> list[tuple[str, n.Node]] | None:
    """The values psql printed on ``raw``, each with the working of its column, columns kept: a row of the table
    (``  12.5 | 37.5``), or ``\\x``'s ``name | value``; None for any other line."""
    if state.table is None:
        return None
    cells = [(m.start(), m.end()) for m in re.finditer(r"[^|]+", raw)]
    texts = [raw[a:b].strip() for a, b in cells]
    named = _named(state, texts[0]) if len(cells) == 2 else None
    if named is not None and _VALUE.fullmatch(texts[1]):  # expanded: "w_gb | 140"
        return [(_only(raw, *cells[1]), named)]
    if len(cells) != len(state.table) or not all(_VALUE.fullmatch(t) for t in texts):
        return None
    out = [(_only(raw, a, b), node) for (a, b), (_, node) in zip(cells, state.table) if node is not None]
    return out or None


def _named(state: State, name: str) -> n.Node | None:
    return next((node for column, node in state.table or () if column == name), None)


def _only(raw: str, start: int, end: int) -> str:
    return " " * start + raw[start:end] + " " * (len(raw) - end)


def _run(state: State, query: str) -> None:
    """Keep the columns of ``query``'s last ``select``, by name, after giving its CTEs' columns their values."""
    query = _CAST.sub("", query)
    selects = [m.end() for m in re.finditer(r"\bselect\b", query, re.IGNORECASE)]
    for start in selects[:-1]:  # a CTE's columns: their names, kept, the main select may use
        _columns(state, query[start:console.closing(query, start)])
    if not selects:
        state.table = None
        return
    main = query[selects[-1]:]
    cut = re.search(r"\b(?:from|where|group|order|limit)\b", main, re.IGNORECASE)
    state.table = tuple(_columns(state, main[:cut.start()] if cut else main))


def _columns(state: State, select_list: str) -> list[tuple[str, n.Node | None]]:
    """``70*2 as w_gb, round(140/3.35, 1) as ms``: each column's name and working (None where it is no sum)."""
    select_list = re.split(r"\bfrom\b", select_list, flags=re.IGNORECASE)[0]
    out = []
    for item in console.top_level(select_list):
        named = _AS.search(item)
        name, expression = (named.group(1), item[:named.start()]) if named else (item.strip(), item)
        node = console.computed(state, console.digits_aside(expression))
        out.append((name, node))
        if node is not None and named:
            variables.keep(state.variables, name, node)  # a later query may use the column's name
    return out

