"""`bank build`: pages, variants, errors before writing, atomic replacement, escaping (XSS)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bank.cli import cli

from .conftest import VARIANTS, html_pages

XSS = "<script>alert(1)</script>"


def write_bank(folder: Path, question: str, term: str | None = None) -> Path:
    """A one-question questions folder (bank `b`, question `one`), plus an optional glossary term."""
    (folder / "b").mkdir(parents=True)
    (folder / "glossary").mkdir()
    (folder / "b" / "bank.yaml").write_text("title: Bank B\nintro: A small bank.\nquestions: [one]\n",
                                             encoding="utf-8")
    (folder / "b" / "one.yaml").write_text(question, encoding="utf-8")
    if term:
        (folder / "glossary" / "widget.yaml").write_text(term, encoding="utf-8")
    return folder


WORKED = """\
id: one
level: core
title: "How long does {{ size }} GB take? <script>alert(1)</script>"
tags: [demo]
answer: |
  It takes {{ took }} s. <script>alert(1)</script> <img src=x onerror="alert(2)">
  A widget helps. [click](javascript:alert(3))
problem: |
  Read {{ size }} GB at {{ rate }} GB/s. <script>alert(1)</script>
params:
  size: {default: 60, min: 10, max: 100, step: 10, unit: GB}
  rate: {default: 6, choices: [2, 3, 6], unit: GB/s}
steps:
  - name: took
    label: took
    expr: size / rate
    unit: s
    format: fixed(1)
    text: "Read: {{ size }} GB ÷ {{ rate }} GB/s = {{ took }} s. <script>alert(1)</script>"
result: took
takeaway: "About {{ took }} s. <script>alert(1)</script>"
"""

TERM = """\
id: widget
term: widget
definition: A thing <script>alert(1)</script> that helps.
explanation: |
  Widgets <b onmouseover="alert(4)">help</b>.
example:
  problem: "{{ n }} widgets. <script>alert(1)</script>"
  params:
    n: {default: 2, min: 1, max: 5, step: 1}
  steps:
    - name: twice
      label: twice
      expr: n * 2
      text: "Twice: {{ twice }}."
  result: twice
"""


@pytest.fixture(scope="module")
def xss_site(tmp_path_factory):
    folder = write_bank(tmp_path_factory.mktemp("xss") / "q", WORKED, TERM)
    out = folder.parent / "site"
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, ["build", "--questions", str(folder), "--out", str(out), "--variants", "4"])
    assert result.exit_code == 0, result.output
    return out


def test_raw_html_in_content_is_escaped_everywhere(xss_site):
    for page in html_pages(xss_site):
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<img" not in text and 'onerror="' not in text
        assert "<b onmouseover" not in text and 'href="javascript:' not in text
    question = (xss_site / "b" / "one.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in question        # shown as text
    data = re.search(r'<script type="application/json" id="practice-data">(.*?)</script>', question, re.S).group(1)
    assert "<" not in data and "\\u0026lt;script\\u0026gt;" in data  # inert inside the JSON block
    payload = json.loads(data)
    assert "&lt;script&gt;" in field_html(payload, payload["variants"][1]["problem"])


def field_html(payload: dict, field) -> str:
    """A variant's field as the page's script shows it: HTML, or a shape with its digits filled in."""
    if isinstance(field, str):
        return field
    digits = iter(field[1])
    return re.sub("\ue000", lambda _: next(digits), payload["shapes"][field[0]])


def test_xss_question_runs_nothing_in_chromium(xss_site, browser):
    context = browser.new_context()
    dialogs = []
    page = context.new_page()
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto((xss_site / "b" / "one.html").as_uri())
    page.get_by_role("button", name="New numbers").click()
    page.locator("details.answer summary").click()
    page.get_by_role("link", name="widget").first.hover()
    assert XSS in page.locator("article").inner_text()
    page.goto((xss_site / "glossary.html").as_uri())
    page.goto((xss_site / "b" / "index.html").as_uri())
    assert dialogs == []
    context.close()


def test_cli_build_reports_what_it_built(tmp_path, runner):
    folder = write_bank(tmp_path / "q", WORKED.replace(XSS, ""), TERM.replace(XSS, ""))
    out = tmp_path / "public"
    result = runner.invoke(cli, ["build", "--questions", str(folder), "--out", str(out), "--variants", "3"])
    assert result.exit_code == 0, result.output
    assert "Built 6 pages (1 question, 1 glossary term, 3 variants)" in result.output
    assert (out / "index.html").is_file() and (out / "pagefind" / "pagefind.js").is_file()
    assert not (out / "sitemap.xml").exists()  # only with --base-url
    assert "<base" not in (out / "404.html").read_text()


def test_default_output_folder_is_site(tmp_path, runner, monkeypatch):
    folder = write_bank(tmp_path / "q", WORKED.replace(XSS, ""))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["build", "--questions", str(folder), "-k", "2"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "site" / "b" / "one.html").is_file()


@pytest.mark.parametrize("broken, location", [
    (WORKED.replace("{{ took }} s. <script>", "{{ sec }} s. <script>"), "b/one.yaml:6:15: template: 'sec' is undefined"),
    (WORKED.replace("expr: size / rate", "expr: size / rat"), "b/one.yaml:16:18: unknown name `rat`"),
    (WORKED.replace("A widget helps.", "A [[gadget]] helps."), "b/one.yaml:7:5: link to unknown glossary term `gadget`"),
], ids=["template-name", "step-expression", "unknown-link"])
def test_errors_are_located_and_nothing_is_written(tmp_path, runner, broken, location):
    out = tmp_path / "site"
    good = write_bank(tmp_path / "good", WORKED, TERM)
    assert runner.invoke(cli, ["build", "--questions", str(good), "--out", str(out), "-k", "2"]).exit_code == 0
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    bad = write_bank(tmp_path / "bad", broken, TERM)
    result = runner.invoke(cli, ["build", "--questions", str(bad), "--out", str(out), "-k", "2"])
    assert result.exit_code == 1
    assert location in result.output and "Traceback" not in result.output
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before      # the old site is untouched
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".site.")]  # no staging left behind


def test_refuses_to_replace_a_folder_it_did_not_build(tmp_path, runner):
    folder = write_bank(tmp_path / "q", WORKED)
    precious = tmp_path / "home"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    result = runner.invoke(cli, ["build", "--questions", str(folder), "--out", str(precious)])
    assert result.exit_code == 2 and "refusing to replace" in result.output
    assert (precious / "notes.txt").read_text() == "keep me"


def test_base_url_must_be_a_web_address(tmp_path, runner):
    result = runner.invoke(cli, ["build", "--out", str(tmp_path / "s"), "--base-url", "example.org"])
    assert result.exit_code == 2 and "--base-url" in result.output


def test_404_page_links_work_at_any_depth_with_a_base_url(site):
    """Styles are inline (found at any depth, with or without --base-url); links go through <base>."""
    text = (site / "404.html").read_text(encoding="utf-8")
    assert '<base href="https://example.org/banks/">' in text
    assert "<style>" in text and ".site-header" in text and 'rel="stylesheet"' not in text
    assert text.index("<base") < text.index("<script")


# ----------------------------------------------------------------------------- content of the pages

def test_index_lists_every_bank_with_intro_counts_and_tags(site, site_data):
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "<h1>All question banks</h1>" in index
    for bank in site_data.banks:
        assert f'href="{bank.page}">{bank.bank.title}</a>' in index.replace("&#39;", "'")
        for level, count in bank.counts:
            assert re.search(rf'level-{level}">[^<]+</span> {count}</span>', index)
        for tag, _ in bank.tags:
            assert f'<span class="tag">{tag} ' in index


def test_bank_page_shows_every_question_in_order(site, site_data):
    for bank in site_data.banks:
        page = (site / bank.page).read_text(encoding="utf-8")
        positions = [page.index(f'<article class="question" id="{q.question.id}"') for q in bank.questions]
        assert positions == sorted(positions)
        for number, view in enumerate(bank.questions, 1):
            start = positions[number - 1]
            article = page[start:page.index("</article>", start)]
            assert f'href="#{view.question.id}"' in article                 # permalink
            assert f'href="{view.question.id}.html"' in article             # its own page
            assert f"level-{view.question.level}" in article
            # answers are folded: nothing is given away before the reader opens it
            assert '<details class="reveal answer">' in article and "<details open" not in article
            assert '<details class="reveal takeaway">' in article
            if view.question.worked:
                steps = re.search(r'<ol class="steps"[^>]*>(.*?)</ol>', article, re.S).group(1)
                assert steps.count("<li>") == len(view.question.worked.steps)
                assert f"<strong>{view.default.result['text']}</strong>" in article.replace("&#39;", "'")


def test_question_pages_embed_k_variants_computed_by_the_solver(site, site_data):
    from bank.render import render_question
    from bank.variant import variant

    worked = [v for v in site_data.questions() if v.question.worked]
    assert worked
    for view in worked:
        page = (site / view.page).read_text(encoding="utf-8")
        data = json.loads(re.search(r'id="practice-data">(.*?)</script>', page, re.S).group(1))
        variants = data["variants"]
        assert 2 <= len(variants) <= VARIANTS and variants[0]["seed"] is None
        assert len({json.dumps(v["steps"]) for v in variants}) == len(variants)
        for shown in (variants[0], variants[-1]):
            q = view.question
            expected = render_question(q, variant(q, shown["seed"]) if shown["seed"] else None)
            assert shown["parts"][0]["exact"].split("/")[0] == str(expected.result.magnitude.numerator)
            assert shown["parts"][0]["text"].startswith(str(expected.result))


def test_markdown_in_prose_is_rendered(site):
    page = (site / "practice-drills" / "index.html").read_text(encoding="utf-8")
    assert "<p>Drills with known answers" in page
    assert "<ol class=\"steps\"" in page


def test_search_index_covers_questions_and_glossary(built):
    report, site = built
    assert (site / "pagefind" / "pagefind.js").is_file()
    assert (site / "pagefind" / "pagefind-entry.json").is_file()
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text())
    pages = sum(lang["page_count"] for lang in entry["languages"].values())
    assert pages == report.questions + 1  # every question page and the glossary


def test_a_broken_site_template_is_reported_with_its_line(tmp_path):
    """Site templates use StrictUndefined: a misspelt name stops the build with the template line."""
    import shutil

    from bank.load import templates_dir
    from bank.site.pages import Page
    from bank.site.render import TemplateProblem, environment, render_page

    folder = tmp_path / "templates"
    shutil.copytree(templates_dir(), folder)
    (folder / "index.html").write_text('{% extends "base.html" %}\n{% block main %}\n<p>{{ bankz }}</p>\n'
                                       '{% endblock %}\n', encoding="utf-8")
    with pytest.raises(TemplateProblem) as caught:
        render_page(environment(str(folder)), Page("index.html", "index.html", {"title": "x"}), None)
    assert "index.html:3: 'bankz' is undefined" in caught.value.show()
    assert environment(str(folder)).autoescape is True


def test_worker_processes_build_the_same_bytes(site_questions, tmp_path):
    """Question pages rendered by a pool of workers are the bytes one process renders."""
    from bank.site import build

    one, two = tmp_path / "one", tmp_path / "two"
    build(site_questions, one, variants=3, search=False, workers=1)
    build(site_questions, two, variants=3, search=False, workers=2)
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert [f for f in files if (one / f).read_bytes() != (two / f).read_bytes()] == []


def test_variants_ship_each_shape_once_and_fill_in_to_their_full_html(site, site_data):
    """A variant whose numbers alone change comes as [shape, digits]; filled in, it is the HTML a full render
    of that variant gives (the page's script fills it in the same way)."""
    from bank.site.fragments import href_from, page_fields, solve
    from bank.site.prose import Prose

    shaped = 0
    for view in (v for v in site_data.questions() if v.question.worked):
        q = view.question
        page = (site / view.page).read_text(encoding="utf-8")
        payload = json.loads(re.search(r'id="practice-data">(.*?)</script>', page, re.S).group(1))
        assert len(set(payload["shapes"])) == len(payload["shapes"])
        solutions = {s.variant.seed: s for s in solve(q, q.worked, len(payload["variants"]))}
        for shown in payload["variants"][1:]:
            fresh = Prose(q, page_fields(q), view.glossary, href_from(view.page), prefix=q.id)
            full = [str(h) for h in fresh.first(solutions[shown["seed"]].values)[0]]
            fields = [shown["problem"], shown["answer"], *shown["key_points"], *shown["steps"], shown["takeaway"]]
            shaped += sum(isinstance(f, list) for f in fields)
            assert [field_html(payload, f) for f in fields] == full
    assert shaped > 0


@pytest.mark.parametrize("choices, wanted, found", [((1, 2, 3), 20, 3), ((1, 2, 3, 4, 5, 6), 4, 4), ((7,), 20, 1)],
                         ids=["fewer-than-asked", "more-than-asked", "one-choice"])
def test_a_page_offers_every_variant_the_params_allow_and_draws_no_more(choices, wanted, found, monkeypatch):
    """Three choices give three variants (the default and two seeds), found without drawing sixty seeds."""
    from fractions import Fraction

    from bank import variant as variants
    from bank.model import Param, Question, Step, Worked
    from bank.site.fragments import pick_variants

    grid = tuple(Fraction(c) for c in choices)
    worked = Worked("Pick {{ a }}.", (Param("a", grid[0], choices=grid),), (Step("b", "a * 2"),), ("b",))
    question = Question("q", "b", "core", "Title", "Answer", "So.", worked=worked)
    drawn = []
    draw = variants.variant
    monkeypatch.setattr(variants, "variant", lambda *a, **k: drawn.append(a) or draw(*a, **k))
    picked = pick_variants(question, wanted)
    assert len({v.values for v in picked}) == len(picked) == found
    assert len(drawn) < 3 * found + 2  # it stops once every combination is in
