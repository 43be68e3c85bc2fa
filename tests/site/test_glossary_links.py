"""Glossary linking: first occurrence only, longest first, never inside code, headings or links;
explicit [[id]] links; tooltips; and complete "Used in" back-links."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from bank.model import Term
from bank.site.linking import Glossary, Scope
from bank.site.markdown import to_html

TERMS = [Term("kv-cache", "KV cache", "Keys and values kept for each token.", "", None),
         Term("cache", "cache", "A store of reused results.", "", None),
         Term("replica", "replica", "One copy of the model serving requests.", "", None),
         Term("slo", "SLO", "A target for a service level.", "", None, aliases=("service level objective",)),
         Term("littles-law", "Little's law", "Work in the system = rate × time.", "", None)]


def linked(text: str, inline: bool = False) -> tuple[str, Scope]:
    scope = Scope(Glossary(TERMS), lambda tid: f"../glossary.html#{tid}", prefix="q")
    return str(to_html(text, scope, inline=inline)), scope


def targets(out: str) -> list[str]:
    return re.findall(r'href="\.\./glossary\.html#([a-z-]+)"', out)


@pytest.mark.parametrize("text, expected", [
    ("A replica and another replica.", ["replica"]),
    ("Replicas scale; each replica boots.", ["replica"]),
    ("The KV cache is a cache.", ["kv-cache", "cache"]),
    ("kv CACHE, then KV cache again.", ["kv-cache"]),
    ("A service level objective, or SLO.", ["slo"]),
    ("Meet the SLOs.", ["slo"]),
    ("pre-replica and replica-set are not replica words", ["replica"]),
    ("replicated state is not a replica", ["replica"]),
    ("Little's law ties them.", ["littles-law"]),
    ("No terms at all.", []),
], ids=["first-only", "plural-then-singular", "longest-first", "case-insensitive", "alias",
        "plural-alias", "hyphen-boundaries", "word-boundary", "apostrophe", "none"])
def test_first_occurrence_longest_first_on_word_boundaries(text, expected):
    out, _ = linked(text)
    assert targets(out) == expected


@pytest.mark.parametrize("text", [
    "# A replica heading\n\nNo term here.",
    "Setext replica heading\n---\n\nNothing.",
    "Use `replica` in code.",
    "```\nreplica in a fence\n```",
    "    replica in an indented block",
    "[a replica link](https://example.com/replica)",
    "<https://example.com/replica>",
], ids=["atx-heading", "setext-heading", "code-span", "fence", "indented-code", "link", "autolink"])
def test_never_inside_headings_code_or_links(text):
    out, scope = linked(text)
    assert targets(out) == []
    assert "tip-q" not in out


def test_heading_mentions_count_but_the_first_link_comes_after():
    out, scope = linked("## Why replicas\n\nA replica boots.")
    assert targets(out) == ["replica"]
    assert out.index("<h2>") < out.index('class="term"')
    assert scope.mentioned == {"replica"}


def test_scope_carries_first_occurrence_across_fields():
    scope = Scope(Glossary(TERMS), lambda tid: f"#{tid}", prefix="q")
    first = str(to_html("A replica.", scope))
    second = str(to_html("Another replica, an SLO.", scope, inline=True))
    assert first.count('class="term"') == 1
    assert re.findall(r'href="#([a-z-]+)"', second) == ["slo"]


@pytest.mark.parametrize("text, expected, shown", [
    ("See [[littles-law]].", ["littles-law"], "Little&#39;s law"),
    ("See [[littles-law|the law]].", ["littles-law"], "the law"),
    ("A replica, then [[replica|this replica]] again.", ["replica", "replica"], "this replica"),
    ("[[replica]] first, then replica.", ["replica"], "replica"),
], ids=["term-words", "shown-text", "explicit-always-links", "explicit-counts-as-first"])
def test_explicit_links(text, expected, shown):
    out, _ = linked(text)
    assert targets(out) == expected
    assert f">{shown}</a>" in out


def test_explicit_link_inside_code_stays_literal_and_inside_a_link_is_plain():
    out, _ = linked("Code `[[replica]]` and [see [[slo]]](https://example.com).")
    assert "<code>[[replica]]</code>" in out
    assert targets(out) == []
    assert ">see SLO</a>" in out


def test_tooltip_is_tied_to_the_link_for_screen_readers():
    out, _ = linked("A replica.")
    m = re.search(r'<a class="term" href="[^"]+" aria-describedby="([^"]+)">replica</a>'
                  r'<span class="tip" role="tooltip" id="([^"]+)"[^>]*>([^<]+)</span>', out)
    assert m and m.group(1) == m.group(2)
    assert m.group(3) == "One copy of the model serving requests."


def test_definitions_and_text_are_escaped():
    terms = [Term("x", "x-term", "Bad <b>definition</b> & more", "", None)]
    scope = Scope(Glossary(terms), lambda tid: f"#{tid}")
    out = str(to_html("An x-term <i>here</i>.", scope))
    assert "&lt;b&gt;definition&lt;/b&gt; &amp; more" in out and "&lt;i&gt;here&lt;/i&gt;" in out


# ----------------------------------------------------------------------------- the built site

def _text(fragment: str) -> str:
    """Visible text: tooltips and tags removed."""
    fragment = re.sub(r'<span class="tip".*?</span>', " ", fragment, flags=re.S)
    fragment = re.sub(r'<p class="tags"[^>]*>.*?</p>', " ", fragment, flags=re.S)  # tags are not prose
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def _article(bank_page: str, qid: str) -> str:
    start = bank_page.index(f'<article class="question" id="{qid}"')
    return bank_page[start:bank_page.index("</article>", start)]


def test_each_term_is_auto_linked_at_most_once_per_question(site_data):
    """Across a question's fields, a term links more than once only through explicit [[links]]."""
    from bank.text import links

    for view in site_data.questions():
        q = view.question
        explicit = [l.term for source in (q.answer, q.takeaway, *q.key_points,
                                          *(([q.worked.problem] + [s.text for s in q.worked.steps]) if q.worked else []))
                    for l in links(source)]
        fragment = view.default
        out = "".join(str(x) for x in (fragment.problem, fragment.answer, *fragment.key_points,
                                       *fragment.steps, fragment.takeaway))
        for term_id in set(targets(out.replace('href="../glossary.html#', 'href="../glossary.html#'))):
            assert targets(out).count(term_id) <= 1 + explicit.count(term_id), (q.id, term_id)


def mentioned_terms(text: str, spellings: dict[str, tuple[str, ...]]) -> set[str]:
    """Terms mentioned in ``text``: every spelling's occurrences, minus those inside a longer occurrence."""
    spans = []
    for tid, words in spellings.items():
        for word in words:
            for m in re.finditer(r"(?<![\w-])%s(?:e?s)?(?![\w-])" % re.escape(word), text, re.I):
                spans.append((m.start(), m.start() + len(word), tid))
    return {tid for a, b, tid in spans
            if not any(c <= a and b <= d and (d - c) > (b - a) for c, d, _ in spans)}


def test_back_links_are_complete(site, site_data):
    """Every question that mentions a term (in any spelling, or by an explicit link) is in "Used in"; no others."""
    glossary = (site / "glossary.html").read_text(encoding="utf-8")
    spellings = {t.term.id: t.term.spellings for t in site_data.terms}
    expected: dict[str, set[str]] = {tid: set() for tid in spellings}
    for bank in site_data.banks:
        page = (site / bank.page).read_text(encoding="utf-8")
        for q in bank.questions:
            article = _article(page, q.question.id)
            # Linked words count by their target (an explicit link may show another term's words).
            unlinked = re.sub(r'<span class="gl">.*?</span></span>', " ", article, flags=re.S)
            found = mentioned_terms(_text(unlinked), spellings)
            found |= set(re.findall(r'glossary\.html#([a-z0-9-]+)"', article))
            for tid in found:
                expected[tid].add(q.page)
    for view in site_data.terms:
        tid = view.term.id
        start = glossary.index(f'<h3 id="{tid}">')
        used = glossary[start:glossary.index("</article>", start)]
        listed = set(re.findall(r'<li><a href="([^"]+)"', used.split('class="used-in"')[1]))
        assert listed == expected[tid], tid
    assert sum(len(v) for v in expected.values()) > len(expected)  # the banks do mention terms


def test_glossary_entries_have_anchor_definition_explanation_example(site, site_data):
    glossary = (site / "glossary.html").read_text(encoding="utf-8")
    letters = re.findall(r'<a href="#(letter-[a-z]+)">', glossary)
    assert letters and all(f'id="{l}"' in glossary for l in letters)
    names = [t.term.term.casefold() for t in site_data.terms]
    assert names == sorted(names)
    for view in site_data.terms:
        start = glossary.index(f'<h3 id="{view.term.id}">')
        entry = glossary[start:glossary.index("</article>", start)]
        assert 'class="definition"' in entry and 'class="explanation"' in entry
        assert "Worked example" in entry and 'class="steps"' in entry and "Used in" in entry


def test_unknown_explicit_link_fails_check_and_build(tmp_path: Path, runner):
    from bank.cli import cli

    folder = tmp_path / "q"
    (folder / "b").mkdir(parents=True)
    (folder / "glossary").mkdir()
    (folder / "b" / "bank.yaml").write_text("title: B\nintro: A bank.\nquestions: [one]\n")
    (folder / "b" / "one.yaml").write_text(
        "id: one\nlevel: core\ntitle: One?\ntags: []\nanswer: |\n  See [[no-such-term]] here.\ntakeaway: Done.\n")
    out = tmp_path / "out"
    checked = runner.invoke(cli, ["check", "--questions", str(folder)])
    built = runner.invoke(cli, ["build", "--questions", str(folder), "--out", str(out)])
    assert checked.exit_code == 1 and built.exit_code == 1
    assert "b/one.yaml:6:7: link to unknown glossary term `no-such-term`" in built.output
    assert not out.exists()
