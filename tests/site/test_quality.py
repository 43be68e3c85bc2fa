"""Standards: zero Nu HTML Checker errors and zero axe-core violations on the built pages."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from .conftest import NODE_MODULES, html_pages, need

pytestmark = pytest.mark.browser


def test_nu_html_checker_finds_no_errors(site):
    jar = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
    need(shutil.which("java") is not None, "java is not installed (apt-get install default-jre-headless)")
    need(jar.is_file(), f"vnu-jar is not installed at {jar} (npm install --prefix .ci/node vnu-jar)")
    pages = [str(p) for p in html_pages(site)]
    run = subprocess.run(["java", "-jar", str(jar), "--errors-only", "--format", "json", *pages],
                         capture_output=True, text=True, timeout=300)
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}')["messages"]
    errors = [f"{m.get('url', '').rsplit('/', 2)[-2:]}:{m.get('lastLine')}: {m['message']}"
              for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]
    assert errors == []
    assert len(pages) > 20


def run_axe(page, source: str) -> list[str]:
    page.add_script_tag(content=source)
    violations = page.evaluate("async () => (await axe.run(document)).violations.map(v => "
                               "v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))")
    return violations


def _pages(site) -> list[str]:
    return [p.relative_to(site).as_posix() for p in html_pages(site)]


def test_axe_finds_no_violations_on_any_page(browser, server, site, axe_source):
    """Every page, light theme."""
    context = browser.new_context(color_scheme="light")
    page = context.new_page()
    found = {}
    for path in _pages(site):
        if path == "404.html":
            continue  # its assets come from --base-url; checked below
        page.goto(server + path)
        violations = run_axe(page, axe_source)
        if violations:
            found[path] = violations
    context.close()
    assert found == {}


DARK = ["index.html", "scaling-load-balancing/index.html", "practice-drills/drill-spot-saving.html",
        "practice-drills/drill-prose-only.html", "glossary.html", "search.html"]


def test_axe_finds_no_violations_in_dark_mode(browser, server, axe_source):
    """One page of each kind, dark theme (the same templates, other colours)."""
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    found = {}
    for path in DARK:
        page.goto(server + path)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(13, 17, 23)"
        violations = run_axe(page, axe_source)
        if violations:
            found[path] = violations
    context.close()
    assert found == {}


def test_axe_finds_no_violations_with_everything_open(page, server, axe_source):
    """A worked question mid-practice: new numbers, a verdict, every <details> open, a tooltip showing."""
    page.goto(server + "practice-drills/drill-spot-saving.html")
    page.get_by_role("button", name="New numbers").click()
    page.get_by_label("Your final answer").fill("$1")
    page.get_by_role("button", name="Check", exact=True).click()
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    page.locator("a.term").first.focus()
    assert run_axe(page, axe_source) == []
    page.get_by_role("button", name="Dark mode").click()
    assert run_axe(page, axe_source) == []


def test_axe_finds_no_violations_on_search_results_and_404(page, server, axe_source):
    page.goto(server + "search.html?q=cache")
    page.locator("[data-search-results] li").first.wait_for()
    assert run_axe(page, axe_source) == []
    page.goto(server + "404.html")
    assert run_axe(page, axe_source) == []


@pytest.mark.parametrize("path", ["index.html", "scaling-load-balancing/index.html", "glossary.html",
                                  "practice-drills/drill-daily-tokens.html"])
def test_axe_finds_no_violations_at_360px(page, server, axe_source, path):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server + path)
    assert run_axe(page, axe_source) == []


def test_the_checkers_do_report_problems(tmp_path, page, server, axe_source):
    """Guards against a vacuous pass: a broken page gives vnu errors and axe violations."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!doctype html><html><head><title>x</title></head><body><div><p>unclosed<span></div>'
                   '<img src="a.png"><a href="#"></a><p style="color:#eee;background:#fff">faint</p></body></html>')
    jar = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
    need(shutil.which("java") is not None and jar.is_file(), "java or vnu-jar is missing")
    run = subprocess.run(["java", "-jar", str(jar), "--errors-only", "--format", "json", str(bad)],
                         capture_output=True, text=True, timeout=120)
    assert any(m.get("type") == "error" for m in json.loads(run.stderr)["messages"])
    page.set_content(bad.read_text())
    found = " ".join(run_axe(page, axe_source))
    assert "image-alt" in found and "link-name" in found and "color-contrast" in found
