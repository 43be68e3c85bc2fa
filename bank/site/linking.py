"""Glossary linking: find terms and aliases in prose, link the first of each.

Rules (issue 5): within one question, the first occurrence of every term or
alias is linked; matching is longest first, case-insensitive and on word
boundaries (a plural ``s`` is allowed); nothing is linked inside headings,
code or links. Explicit ``[[id]]`` / ``[[id|text]]`` links always link
(except inside code or another link) and count as the term's occurrence.

A :class:`Scope` holds the state for one question: which terms are already
linked, which are mentioned at all (for "Used in" back-links), and a counter
for tooltip ids.

>>> from bank.model import Term, Worked
>>> t = Term("kv-cache", "KV cache", "Keys and values kept per token.", "", None)
>>> g = Glossary([t])
>>> [(m.group(0), tid) for m, tid in g.find("Two KV caches; a kv cache.")]
[('KV caches', 'kv-cache'), ('kv cache', 'kv-cache')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from markupsafe import escape

from ..model import Term


class Glossary:
    """Every spelling of every term, compiled into one longest-first pattern."""

    def __init__(self, terms: Sequence[Term], definitions: dict[str, str] | None = None):
        self.terms = {t.id: t for t in terms}
        self.definitions = definitions or {t.id: str(escape(t.definition)) for t in terms}
        spellings = sorted({(s, t.id) for t in terms for s in t.spellings}, key=lambda p: (-len(p[0]), p[0]))
        self._ids = {s.lower(): tid for s, tid in spellings}
        #: A spelling with a digit ("p99") could be made or unmade by a variant's numbers.
        self.numeric = any(ch.isdigit() for s, _ in spellings for ch in s)
        #: Those spellings with each run of digits standing for any run of digits or placeholders.
        self.digits = re.compile("|".join(sorted({_any_digits(s) for s, _ in spellings if _DIGITS.search(s)})),
                                 re.IGNORECASE) if self.numeric else None
        alternation = trie_pattern([s.lower() for s, _ in spellings])
        # Word boundaries that treat hyphens as part of a word: "pre-replica" is not "replica".
        self._pattern = re.compile(rf"(?<![\w-])(?P<base>{alternation})(?:e?s)?(?![\w-])", re.IGNORECASE) if spellings else None

    def find(self, text: str) -> Iterator[tuple[re.Match, str]]:
        """Each (match, term id) in ``text``, left to right, longest spelling first."""
        if self._pattern is None:
            return
        for m in self._pattern.finditer(text):
            yield m, self._ids[m.group("base").lower()]

    def words(self, term_id: str) -> str:
        return self.terms[term_id].term


_DIGITS = re.compile(r"\d[\d.,]*")


def _any_digits(spelling: str) -> str:
    """``p99`` as a pattern that any digits (or site placeholders) fill: ``p[\\d.,\\ue000]+``."""
    return "[\\d.,\ue000]+".join(re.escape(part) for part in _DIGITS.split(spelling.lower()))


def trie_pattern(words: Sequence[str]) -> str:
    r"""One regex alternation for many words, factored by shared prefixes (much faster to match).

    Longer continuations are tried before a word ends, so the longest spelling wins.

    >>> trie_pattern(["kv cache", "kv", "cache"])
    '(?:cache|kv(?:\\ cache)?)'
    """
    trie: dict = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _pattern(trie)


def _pattern(node: dict) -> str:
    ends = "" in node
    branches = [re.escape(char) + _pattern(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if ends else body


@dataclass
class Scope:
    """Linking state for one question (or glossary entry).

    ``href`` maps a term id to the link target relative to the page;
    ``prefix`` keeps tooltip ids unique on a page holding many scopes;
    ``skip`` names terms never auto-linked here (a glossary entry's own term).
    """

    glossary: Glossary
    href: Callable[[str], str]
    prefix: str = "t"
    skip: frozenset = frozenset()
    linked: set = field(default_factory=set)
    mentioned: set = field(default_factory=set)
    tips: int = 0

    def link(self, term_id: str, shown: str) -> str:
        """HTML for one linked term: the link plus its tooltip, tied by ``aria-describedby``."""
        self.linked.add(term_id)
        self.mentioned.add(term_id)
        self.tips += 1
        tip = f"tip-{self.prefix}-{self.tips}"
        # Plain string building: this runs for every linked term of every variant.
        return (f'<span class="gl"><a class="term" href="{escape(self.href(term_id))}" aria-describedby="{tip}">'
                f'{escape(shown)}</a><span class="tip" role="tooltip" id="{tip}" data-pagefind-ignore>'
                f'{self.glossary.definitions[term_id]}</span></span>')

    def auto(self, text: str, allowed: bool = True) -> str:
        """Escaped ``text`` with the first new occurrence of each term linked (if ``allowed``)."""
        out, pos = [], 0
        for m, tid in self.glossary.find(text):
            self.mentioned.add(tid)
            if not allowed or tid in self.linked or tid in self.skip:
                continue
            out += [str(escape(text[pos:m.start()])), self.link(tid, m.group(0))]
            pos = m.end()
        out.append(str(escape(text[pos:])))
        return "".join(out)

    def mention(self, text: str) -> None:
        """Record mentions in text that is never linked (titles)."""
        for _, tid in self.glossary.find(text):
            self.mentioned.add(tid)
