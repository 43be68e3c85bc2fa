"""Step marking in the browser (Pyodide): the working box marks every line exactly as `bank grade --json`.

Every bundled working (both banks, a right and a wrong one per question) is typed into the question's
working box in Chromium; the verdicts the page shows (status, step, diagnosis, message per line, and
the final status per answer part) must equal the grader's JSON for the same variant.
"""

from __future__ import annotations

import functools
import math
import re

import pytest
from playwright.sync_api import expect

from bank.load import load
from bank.variant import variant

from .conftest import PYODIDE, need
from .test_grader_bundle import WORKINGS

pytestmark = pytest.mark.browser

QUESTIONS = sorted(p.name for p in WORKINGS.iterdir() if p.is_dir())
#: Enough for one pyodide start and a few markings on a slow machine.
MARKING_MS = 90_000


@functools.lru_cache(maxsize=1)
def _library(folder: str):
    return load(folder)


def bank_of(site_data, qid: str) -> str:
    return next(v.question.bank for v in site_data.questions() if v.question.id == qid)


def mark(page, text: str) -> dict:
    """Type ``text`` into the working box, press Check working, and read back what the page shows."""
    page.get_by_label("Your working, one step per line").fill(text)
    before = page.locator("[data-marks]").get_attribute("data-ms")
    page.get_by_role("button", name="Check working").click()
    page.wait_for_function("b => { const m = document.querySelector('[data-marks]');"
                           " return m.querySelector('li') && m.getAttribute('data-ms') !== b; }",
                           arg=before, timeout=MARKING_MS)
    lines = page.locator("[data-marks] li.mark").evaluate_all(
        "items => items.map(li => ({status: li.dataset.status, step: li.dataset.step || null,"
        " diagnosis: li.dataset.diagnosis || null, message: li.querySelector('.mark-message').textContent,"
        " text: li.querySelector('.mark-text').textContent}))")
    finals = page.locator("[data-marks] li.final-mark").evaluate_all(
        "items => items.map(li => [li.dataset.finalStatus, li.lastElementChild.textContent])")
    score = page.locator("[data-marks] .mark-score").text_content()
    page.locator("[data-marks]").evaluate("m => m.removeAttribute('data-ms')")
    return {"lines": lines, "finals": finals, "score": score}


def expected(report: dict) -> dict:
    lines = [{"status": x["status"], "step": x["step"], "diagnosis": x["diagnosis"], "message": x["message"],
              "text": x["text"]} for x in report["lines"]]
    parts = report.get("parts") or [report["final"]]
    return {"lines": lines, "finals": [[p["status"], p["message"] or ""] for p in parts],
            "score": f"Score: {math.floor(report['score'] * 100 + 0.5)}%"}  # JS Math.round


@pytest.fixture
def marking(page, site_data):
    need((PYODIDE / "pyodide.mjs").is_file(), f"the npm pyodide package is not at {PYODIDE} "
         "(npm install --prefix .ci/node pyodide)")
    return page


@pytest.mark.parametrize("qid", QUESTIONS)
def test_working_box_marks_like_bank_grade(marking, server, site_questions, site_data, qid):
    from bank.grade import grade

    page = marking
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server}{bank_of(site_data, qid)}/{qid}.html")
    expect(page.get_by_role("button", name="Check working")).to_be_visible()
    assert not [u for u in requests if "pyodide" in u or "bank.zip" in u]  # nothing loads before Check
    q = _library(str(site_questions)).question(qid)
    for name in ("reference", "wrong"):
        text = (WORKINGS / qid / f"{name}.txt").read_text(encoding="utf-8")
        assert mark(page, text) == expected(grade(q, variant(q), text).as_dict()), name
    assert [u for u in requests if u.endswith("pyodide.asm.wasm")] and [u for u in requests if u.endswith("bank.zip")]


def test_working_box_marks_the_numbers_on_screen_and_shows_a_caret(marking, server, site_questions, site_data):
    from bank.grade import grade

    page = marking
    qid = "replica-boot-gap"
    page.goto(f"{server}{bank_of(site_data, qid)}/{qid}.html")
    page.get_by_role("button", name="New numbers").click()
    data = page.evaluate("BankPractice.current()")
    q = _library(str(site_questions)).question(qid)
    v = variant(q, data["seed"])
    text = (WORKINGS / qid / "reference.txt").read_text(encoding="utf-8") + "\nBoot: 11.7 s + (20 s\n"
    shown = mark(page, text)
    assert shown == expected(grade(q, v, text).as_dict())
    assert shown["lines"][-1]["status"] == "error"
    caret = page.locator("[data-marks] li.mark.error pre.caret")
    expect(caret).to_have_text("Boot: 11.7 s + (20 s\n" + " " * 20 + "^")
    expect(page.locator("[data-marks]")).to_contain_text("Score:")


def test_working_box_from_a_file_says_it_needs_a_web_server(marking, site):
    page = marking
    page.goto((site / "scaling-load-balancing" / "replica-boot-gap.html").as_uri())
    page.get_by_label("Your working, one step per line").fill("70 / 6 = 11.7")
    page.get_by_role("button", name="Check working").click()
    expect(page.locator("[data-marks]")).to_contain_text("needs a web server")
    expect(page.locator("[data-marks]")).to_contain_text("bank serve")


def test_working_box_is_absent_without_pyodide(tmp_path, site_questions, monkeypatch):
    from bank.site import build

    monkeypatch.delenv("BANK_PYODIDE", raising=False)
    monkeypatch.chdir(tmp_path)  # no ./node_modules/pyodide here
    out = build(site_questions, tmp_path / "site", variants=2, search=False).out
    page = (out / "scaling-load-balancing" / "replica-boot-gap.html").read_text(encoding="utf-8")
    assert "data-working" not in page and "grader.js" not in page
    assert not (out / "static" / "pyodide").exists()


def test_any_static_host_under_a_subpath_shows_progress_keeps_the_quick_check_and_passes_axe(
        browser, site, site_data, axe_source):
    """The site under /courses/banks/ on Python's plain file server (no bank code serving it): the
    final-answer check answers at once and loads no Python; the first Check working shows its
    progress while Pyodide loads, fetches only from that subpath, and the marks pass axe (light, dark)."""
    import http.server
    import threading

    from .test_quality import run_axe

    need((PYODIDE / "pyodide.mjs").is_file(), f"the npm pyodide package is not at {PYODIDE}")
    host = site.parent / "host"
    (host / "courses").mkdir(parents=True, exist_ok=True)
    if not (host / "courses" / "banks").exists():
        (host / "courses" / "banks").symlink_to(site, target_is_directory=True)
    quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(quiet, directory=str(host)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    root = f"http://127.0.0.1:{httpd.server_address[1]}/courses/banks/"
    context = browser.new_context(color_scheme="light")
    requests: list[str] = []
    errors: list[str] = []
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(root) else r.abort())
    try:
        page = context.new_page()
        page.on("request", lambda r: requests.append(r.url))
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{root}scaling-load-balancing/replica-boot-gap.html")
        page.get_by_label("Your final answer").fill("31.7 s")
        page.get_by_role("button", name="Check", exact=True).click()
        expect(page.locator("[data-verdict]")).to_have_class(re.compile(r"\bright\b"))
        assert not [u for u in requests if "pyodide" in u or "bank.zip" in u]  # the quick check needs no Python
        page.evaluate("""() => { window.__seen = [];
            const form = document.querySelector('[data-working]');
            const bar = form.querySelector('[data-progress]'), said = form.querySelector('[data-loading]');
            new MutationObserver(() => { if (!bar.hidden) window.__seen.push(said.textContent); })
              .observe(form, {subtree: true, attributes: true, childList: true, characterData: true}); }""")
        page.get_by_label("Your working, one step per line").fill(
            (WORKINGS / "replica-boot-gap" / "wrong.txt").read_text(encoding="utf-8") + "\nBoot: 11.7 s + (20 s\n")
        page.get_by_role("button", name="Check working").click()
        expect(page.locator("[data-marks] li.mark.error pre.caret")).to_be_visible(timeout=MARKING_MS)
        seen = page.evaluate("window.__seen")
        assert any(s.startswith("Loading Python") for s in seen) and any(s.startswith("Starting Python") for s in seen)
        expect(page.locator("[data-progress]")).to_be_hidden()
        assert [u for u in requests if u.endswith("/courses/banks/static/pyodide/pyodide.asm.wasm")]
        assert [u for u in requests if u.endswith("/courses/banks/static/grader/bank.zip")]
        assert all(u.startswith(root) for u in requests), [u for u in requests if not u.startswith(root)]
        assert run_axe(page, axe_source) == []
        page.get_by_role("button", name="Dark mode").click()
        assert run_axe(page, axe_source) == []
        assert not errors, errors
    finally:
        context.close()
        httpd.shutdown()
        httpd.server_close()


def test_build_says_when_working_is_not_marked_and_refuses_a_folder_without_pyodide(tmp_path, runner, monkeypatch):
    from bank.cli import cli

    from .test_build import TERM, WORKED, XSS, write_bank

    questions = write_bank(tmp_path / "q", WORKED.replace(XSS, ""), TERM.replace(XSS, ""))
    monkeypatch.delenv("BANK_PYODIDE", raising=False)
    monkeypatch.chdir(tmp_path)  # no ./node_modules/pyodide here
    built = runner.invoke(cli, ["build", "--questions", str(questions), "--out", "site", "-k", "2"])
    assert built.exit_code == 0, built.output
    assert "Working is not marked in the browser: Pyodide was not found (npm install pyodide" in built.output
    (tmp_path / "empty").mkdir()
    for args, env in ((["--pyodide", "empty"], {}), ([], {"BANK_PYODIDE": "empty"})):
        refused = runner.invoke(cli, ["build", "--questions", str(questions), "--out", "other", *args], env=env)
        assert refused.exit_code == 2, refused.output
        assert "empty is not the npm `pyodide` package: pyodide.mjs, pyodide.asm.mjs" in refused.output
        assert not (tmp_path / "other").exists()
