"""Navigation people expect (issue 13), in Chromium: sidebar, contents, `/`, search as you type with
clean titles, folded answers, a one-row phone header, the glossary's term list, 404 at any depth,
and live reload in `bank serve`."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

BANK = "scaling-load-balancing"


def test_sidebar_lists_every_bank_and_the_current_banks_questions(page, server, site_data):
    bank = next(b for b in site_data.banks if b.bank.slug == BANK)
    current = bank.questions[1]
    page.goto(server + current.page)
    sidebar = page.get_by_role("navigation", name="Banks and questions")
    for view in site_data.banks:
        expect(sidebar.get_by_role("link", name=view.bank.title, exact=True)).to_be_visible()
    shown = sidebar.locator("ol a").all_text_contents()
    assert shown == [q.title for q in bank.questions]
    mark = sidebar.locator("[aria-current=page]")
    expect(mark).to_have_text(current.title)
    sidebar.get_by_role("link", name=bank.questions[2].title, exact=True).click()
    expect(page.locator("h1")).to_have_text(bank.questions[2].title)
    expect(page.get_by_role("navigation", name="Banks and questions").locator("[aria-current=page]")) \
        .to_have_text(bank.questions[2].title)


def test_on_page_contents_link_to_every_section_and_follow_the_reader(page, server):
    page.set_viewport_size({"width": 1400, "height": 800})
    page.goto(f"{server}{BANK}/replica-boot-gap.html")
    toc = page.get_by_role("navigation", name="On this page")
    expect(toc).to_be_visible()
    assert toc.locator("a").all_text_contents() == ["Problem", "Answer", "Worked answer", "Takeaway"]
    for href in toc.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))"):
        assert page.locator(href).count() == 1, href
    toc.get_by_role("link", name="Takeaway").click()
    expect(toc.get_by_role("link", name="Takeaway")).to_have_class(re.compile("active"))


def test_bank_page_contents_list_every_question(page, server, site_data):
    page.set_viewport_size({"width": 1400, "height": 800})
    bank = next(b for b in site_data.banks if b.bank.slug == BANK)
    page.goto(server + bank.page)
    toc = page.get_by_role("navigation", name="Questions", exact=True)
    assert toc.locator("a").all_text_contents() == [q.title for q in bank.questions]


def test_slash_focuses_search_but_not_while_typing(page, server):
    page.goto(f"{server}{BANK}/replica-boot-gap.html")
    page.locator("h1").click()
    page.keyboard.press("/")
    expect(page.get_by_role("searchbox", name="Search questions and glossary")).to_be_focused()
    expect(page.get_by_role("searchbox", name="Search questions and glossary")).to_have_value("")
    page.get_by_label("Your final answer").fill("")
    page.get_by_label("Your final answer").type("31/1")
    expect(page.get_by_label("Your final answer")).to_have_value("31/1")
    page.goto(f"{server}search.html")
    page.locator("h1").click()
    page.keyboard.press("/")
    expect(page.locator("#search-q")).to_be_focused()


def search_titles(page, query: str) -> list[str]:
    box = page.get_by_role("searchbox", name="Search questions and glossary")
    box.fill("")
    box.type(query, delay=20)
    popup = page.locator("[data-search-popup]")
    expect(popup).to_be_visible()
    expect(popup.locator("[data-search-status]")).to_contain_text(f"for \u201c{query}\u201d", timeout=10_000)
    return popup.locator("li h2 a").all_text_contents()


def test_search_shows_results_as_you_type_with_clean_titles(page, server, site_data):
    page.goto(f"{server}index.html")
    questions = {q.title for q in site_data.questions()}
    terms = {f"{t.term.term} (glossary)" for t in site_data.terms}
    seen = []
    for query in ("autoscaling", "cache", "replica", "worked example", "latency"):
        titles = search_titles(page, query)
        assert titles, query
        seen += titles
    assert all(t in questions or t in terms for t in seen), [t for t in seen if t not in questions | terms]
    assert any(t in terms for t in seen) and any(t in questions for t in seen)
    assert not [t for t in seen if "#" in t or "Link to" in t or t.startswith("Worked example")]
    page.locator("[data-search-popup] li a").first.click()
    expect(page.locator("h1")).to_be_visible()


def test_search_page_updates_as_you_type_and_keeps_the_query(page, server):
    page.goto(f"{server}search.html")
    page.locator("#search-q").type("drain", delay=20)
    expect(page.locator("main [data-search-results] li").first).to_be_visible(timeout=10_000)
    assert page.url.endswith("search.html?q=drain")
    titles = page.locator("main [data-search-results] h2").all_text_contents()
    assert len(titles) == len(set(titles))


def test_bank_page_folds_answers_and_opens_them_on_request(page, server, site_data):
    page.set_viewport_size({"width": 1280, "height": 800})
    bank = next(b for b in site_data.banks if b.bank.slug == BANK)
    page.goto(server + bank.page)
    details = page.locator("main details")
    assert details.count() >= 2 * len(bank.questions)
    assert details.evaluate_all("ds => ds.filter(d => d.open).length") == 0
    folded = page.evaluate("document.documentElement.scrollHeight")
    assert folded < 8000, folded
    page.get_by_role("button", name="Open every answer").click()
    assert details.evaluate_all("ds => ds.every(d => d.open)")
    assert page.evaluate("document.documentElement.scrollHeight") > folded * 1.3


@pytest.mark.parametrize("path", ["index.html", f"{BANK}/replica-boot-gap.html", "glossary.html", "search.html"])
def test_phone_header_is_one_row(page, server, path):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server + path)
    header = page.locator(".site-header")
    assert header.evaluate("h => h.offsetHeight") <= 60
    tops = header.evaluate("h => [...h.children].filter(c => c.offsetParent !== null && "
                           "getComputedStyle(c).position !== 'absolute').map(c => c.getBoundingClientRect().top)")
    assert len(tops) >= 2 and max(tops) - min(tops) < 20, tops
    expect(page.get_by_role("button", name="Dark mode")).to_be_visible()


def test_glossary_has_a_term_list_and_an_anchor_per_term(page, server, site_data):
    page.set_viewport_size({"width": 1400, "height": 800})
    page.goto(f"{server}glossary.html")
    terms = page.get_by_role("navigation", name="Terms")
    assert terms.locator("a").all_text_contents() == [t.term.term for t in site_data.terms]
    assert page.evaluate("document.documentElement.scrollHeight") < 20_000
    term = site_data.terms[3].term
    terms.get_by_role("link", name=term.term, exact=True).click()
    entry = page.locator(".term-entry", has=page.locator(f"h3#{term.id}"))
    expect(entry.locator("details")).to_have_attribute("open", "")
    expect(entry.locator(".example")).to_be_visible()
    page.goto(f"{server}{BANK}/replica-boot-gap.html")
    link = page.locator("a.term").first
    target = link.get_attribute("href").split("#")[1]
    link.click()
    expect(page.locator(f".term-entry:has(h3#{target}) details")).to_have_attribute("open", "")


def test_404_is_styled_and_linked_at_any_depth(page, server):
    response = page.goto(f"{server}deep/er/and/deeper/missing.html")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).display") == "flex"
    page.get_by_role("link", name="Glossary").first.click()
    expect(page.locator("h1")).to_have_text("Glossary")


def test_live_reload_after_a_rebuild(browser, tmp_path):
    from bank.site import build
    from bank.site.serve import Preview

    from .test_build import TERM, WORKED, write_bank
    from .test_serve import edit

    questions = write_bank(tmp_path / "q", WORKED.replace("<script>alert(1)</script>", ""), TERM)
    out = tmp_path / "site"
    running = Preview(lambda: build(questions, out, variants=2, search=False), out, [questions], 0, lambda m: None)
    url = running.start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "b/one.html")
        expect(page.locator("h1")).to_contain_text("How long does")
        page.evaluate("window.__same_document = true")
        path = questions / "b" / "one.yaml"
        edit(path, "How long does", "How quickly does")
        expect(page.locator("h1")).to_contain_text("How quickly does", timeout=30_000)
        assert page.evaluate("window.__same_document") is None  # the page reloaded itself
        assert "__bank" not in (out / "b" / "one.html").read_text(encoding="utf-8")  # never in the built files
    finally:
        context.close()
        running.stop()
