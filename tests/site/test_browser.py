"""The site in real Chromium (Playwright, /usr/bin/chromium): tooltips, practice, dark mode, search, layout."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from bank.render import render_question
from bank.variant import variant

pytestmark = pytest.mark.browser

DRILLS = "practice-drills"


def open_question(page, server, qid: str):
    page.goto(f"{server}{DRILLS}/{qid}.html")
    expect(page.locator("[data-practice]")).to_be_visible()
    return json.loads(page.locator("#practice-data").text_content())


def check(page, answer: str) -> str:
    page.get_by_label("Your final answer").fill(answer)
    page.get_by_role("button", name="Check", exact=True).click()
    verdict = page.locator("[data-verdict]")
    expect(verdict).not_to_be_empty()
    return verdict.get_attribute("class").split()[-1]


def words(locator) -> str:
    """An element's text without its tooltips (which repeat each linked term's definition)."""
    return locator.evaluate("n => { const c = n.cloneNode(true); c.querySelectorAll('.tip').forEach(t => t.remove());"
                            " return c.textContent; }")


def plain(text: str) -> str:
    """Text as a reader sees it: links reduced to their words, whitespace collapsed."""
    text = re.sub(r"\[\[([^\]|]+)\|([^\]]+)\]\]", r"\2", text)
    return " ".join(re.sub(r"\[\[([^\]]+)\]\]", r"\1", text).split())


# ----------------------------------------------------------------------------- tooltips

def test_tooltip_appears_on_keyboard_focus_and_is_announced(page, server):
    page.goto(f"{server}scaling-load-balancing/index.html")
    for _ in range(300):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('term')"):
            break
    else:
        pytest.fail("no glossary link reached by Tab")
    link = page.locator("a.term:focus")
    tip = page.locator(f"#{link.get_attribute('aria-describedby')}")
    expect(tip).to_be_visible()
    expect(tip).to_have_attribute("role", "tooltip")
    expect(link).to_have_accessible_description(tip.text_content().strip())
    box, viewport = tip.bounding_box(), page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    page.keyboard.press("Tab")
    expect(tip).to_be_hidden()


def test_tooltip_appears_on_hover(page, server):
    page.goto(f"{server}scaling-load-balancing/index.html")
    link = page.locator("a.term").first
    tip = page.locator(f"#{link.get_attribute('aria-describedby')}")
    expect(tip).to_be_hidden()
    link.hover()
    expect(tip).to_be_visible()


# ----------------------------------------------------------------------------- practice

@pytest.mark.parametrize("qid", ["drill-boot-time", "drill-spot-saving", "drill-daily-tokens", "drill-prefix-share"])
def test_new_numbers_changes_every_number_consistently(page, server, site_data, qid):
    """After New numbers, problem, steps, final answer, answer and takeaway all show the solver's next variant."""
    data = open_question(page, server, qid)
    q = next(v.question for v in site_data.questions() if v.question.id == qid)
    before = page.locator("article").text_content()
    for index in (1, 2):
        page.get_by_role("button", name="New numbers").click()
        seed = data["variants"][index]["seed"]
        expected = render_question(q, variant(q, seed))
        expect(page.locator("[data-variant-note]")).to_have_text(
            f"New numbers: set {index} of {len(data['variants']) - 1}. The worked answer follows them.")
        assert plain(words(page.locator("[data-field=problem]"))) == plain(expected.problem)
        shown = [plain(words(s)) for s in page.locator("[data-field=steps] li").all()]
        assert shown == [plain(s.text) for s in expected.steps]
        assert page.locator("[data-field=result]").text_content().startswith(str(expected.result))
        assert plain(words(page.locator("[data-field=takeaway]"))) == plain(expected.takeaway)
        assert plain(words(page.locator("[data-field=answer]"))) == plain(expected.answer)
    assert page.locator("article").text_content() != before
    page.get_by_role("button", name="New numbers").click()  # wraps around after the last variant
    for _ in range(len(data["variants"]) - 3):
        page.get_by_role("button", name="New numbers").click()
    expect(page.locator("[data-variant-note]")).to_have_text("These are the question's original numbers.")


@pytest.mark.parametrize("qid, right, wrong", [
    ("drill-spot-saving", ["$13,140", "13140", "13,140 USD"], "$13,410"),
    ("drill-daily-tokens", ["432M", "432 million tokens", "432,000,000"], "43.2M"),
    ("drill-prefix-share", ["75%", "75", "75 percent"], "7.5%"),
    ("drill-boot-time", ["31.7", "about 32 s", "0.528 min"], "30"),
], ids=["money", "large-count", "percent", "time"])
def test_check_accepts_three_notations_and_rejects_a_wrong_answer(page, server, qid, right, wrong):
    open_question(page, server, qid)
    for answer in right:
        assert check(page, answer) == "right", answer
    assert check(page, wrong) == "wrong"
    expect(page.locator("[data-verdict]")).not_to_contain_text(right[0])  # a wrong answer is not given away


def test_check_judges_the_variant_on_screen_and_shows_the_worked_answer(page, server, site_data):
    from bank.formatting import fixed

    data = open_question(page, server, "drill-boot-time")
    page.get_by_role("button", name="New numbers").click()
    exact = data["variants"][1]["parts"][0]["exact"]
    numerator, denominator = (int(x) for x in exact.split("/"))
    assert check(page, fixed(numerator / denominator, 2)) == "right"
    if data["variants"][0]["parts"][0]["exact"] != exact:
        assert check(page, "31.7") == "wrong"
    assert check(page, "twelve") == "unreadable"
    expect(page.locator("[data-verdict]")).to_contain_text("can't read")
    worked = page.locator("details#worked")
    expect(worked).not_to_have_attribute("open", "")
    page.get_by_role("button", name="Show the worked answer").click()
    expect(worked).to_have_attribute("open", "")
    expect(page.locator("[data-field=steps] li").first).to_be_visible()


def test_a_question_with_two_answers_has_a_box_per_part_judged_apart(page, server):
    """draining asks for the drain time, then its cost: one labelled box each, each part judged on its own."""
    page.goto(f"{server}scaling-load-balancing/draining.html")
    expect(page.locator("[data-practice]")).to_be_visible()
    expect(page.locator("form[data-check] input[data-part]")).to_have_count(2)
    expect(page.locator("[data-field=parts] li")).to_have_count(2)
    page.get_by_label("Your answer: drain time").fill("about 21 s")
    page.get_by_label("Your answer: cost of the wait").fill("$0.05")
    page.get_by_role("button", name="Check", exact=True).click()
    statuses = page.locator("[data-part-status]")
    expect(statuses).to_have_count(2)
    assert [statuses.nth(i).get_attribute("data-part-status") for i in range(2)] == ["right", "wrong"]
    expect(statuses.first).to_contain_text("Drain time: right")
    page.get_by_label("Your answer: cost of the wait").fill("$0.0145")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("[data-verdict]")).to_have_class(re.compile(r"\bright\b"))


def test_without_javascript_answers_sit_in_details_with_default_numbers(browser, server, site_data):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server}{DRILLS}/drill-boot-time.html")
    expect(page.locator("[data-practice]")).to_be_hidden()
    expect(page.locator("[data-field=result]")).to_be_hidden()
    page.locator("details#worked summary").click()
    expect(page.locator("[data-field=result]")).to_have_text("31.7 s")
    expect(page.locator("[data-field=problem]")).to_contain_text("70 GB")
    context.close()


# ----------------------------------------------------------------------------- dark mode, print, layout

def test_dark_mode_toggle_is_remembered(page, server):
    page.goto(f"{server}index.html")
    toggle = page.get_by_role("button", name="Dark mode")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle.click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light
    page.goto(f"{server}glossary.html")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.get_by_role("button", name="Dark mode")).to_have_attribute("aria-pressed", "true")
    page.reload()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == dark
    page.get_by_role("button", name="Dark mode").click()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")


def test_dark_mode_follows_the_system_until_chosen(browser, server):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{server}index.html")
    expect(page.get_by_role("button", name="Dark mode")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(13, 17, 23)"
    context.close()


def test_print_shows_answers_and_hides_controls(page, server):
    page.goto(f"{server}{DRILLS}/drill-boot-time.html")
    page.emulate_media(media="print")
    expect(page.locator("[data-field=steps] li").first).to_be_visible()
    expect(page.locator("[data-field=answer]")).to_be_visible()
    expect(page.locator("[data-practice]")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()


@pytest.mark.parametrize("path", ["index.html", "scaling-load-balancing/index.html",
                                  f"{DRILLS}/drill-spot-saving.html", "glossary.html", "search.html", "404.html"])
def test_layout_fits_a_360px_screen(page, server, path):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server + path)
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# ----------------------------------------------------------------------------- search and file://

def test_search_finds_questions_and_glossary_entries(page, server):
    page.goto(f"{server}index.html")
    page.get_by_role("searchbox", name="Search questions and glossary").fill("replica")
    page.get_by_role("searchbox", name="Search questions and glossary").press("Enter")
    results = page.locator("[data-search-results] li")
    expect(results.first).to_be_visible(timeout=10_000)
    hrefs = [a.get_attribute("href") for a in page.locator("[data-search-results] a").all()]
    assert any(h.startswith("glossary.html#") for h in hrefs)
    assert any(re.match(r"[a-z-]+/[a-z0-9-]+\.html", h) for h in hrefs)
    page.locator("[data-search-results] a").first.click()
    expect(page.locator("h1")).to_be_visible()


def test_search_from_a_file_says_it_needs_a_web_server(page, site):
    page.goto((site / "search.html").as_uri() + "?q=replica")
    expect(page.locator("[data-search-status]")).to_contain_text("needs a web server")


def test_site_works_from_file_urls(page, site):
    page.goto((site / "index.html").as_uri())
    page.get_by_role("link", name="Glossary").first.click()
    expect(page.locator("h1")).to_have_text("Glossary")
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    page.goto((site / DRILLS / "drill-prefix-share.html").as_uri())
    assert check(page, "75%") == "right"
