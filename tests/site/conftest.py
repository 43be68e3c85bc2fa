"""Fixtures for the site tests: one build per session, a local server, a real Chromium.

The session build holds the real banks and glossary plus a small fixture bank
(``fixtures/practice-drills``) whose answers the browser tests know: money,
large counts, a percentage and a time.

Browser, Nu HTML Checker and axe tests need Chromium, java and the npm
packages in ``$BANK_NODE_MODULES`` (default ``.ci/node/node_modules``). They
skip with the reason when one is missing, unless ``BANK_REQUIRE_BROWSER=1``
(CI), where a missing tool fails the test instead.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from tests.conftest import QUESTIONS, ROOT

FIXTURES = Path(__file__).parent / "fixtures"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
NODE_MODULES = Path(os.environ.get("BANK_NODE_MODULES") or ROOT / ".ci" / "node" / "node_modules")
REQUIRED = os.environ.get("BANK_REQUIRE_BROWSER") == "1"
#: The npm `pyodide` package: the session site marks working in the browser when it is there.
PYODIDE = Path(os.environ.get("BANK_PYODIDE") or NODE_MODULES / "pyodide")
VARIANTS = 6
BASE_URL = "https://example.org/banks/"


def need(ok: bool, reason: str) -> None:
    """Skip (locally) or fail (in CI, BANK_REQUIRE_BROWSER=1) when a tool is missing."""
    if ok:
        return
    if REQUIRED:
        pytest.fail(f"{reason} (BANK_REQUIRE_BROWSER=1 requires it)")
    pytest.skip(reason)


def copy_questions(target: Path, *extra: Path) -> Path:
    """The real banks and glossary (or $BANK_QUESTIONS) plus extra bank folders, in ``target``."""
    source = Path(os.environ.get("BANK_QUESTIONS") or QUESTIONS)
    shutil.copytree(source, target)
    for folder in extra:
        shutil.copytree(folder, target / folder.name)
    return target


@pytest.fixture(scope="session")
def site_questions(tmp_path_factory) -> Path:
    return copy_questions(tmp_path_factory.mktemp("questions") / "questions", FIXTURES / "practice-drills")


@pytest.fixture(scope="session")
def built(site_questions, tmp_path_factory):
    """(report, folder) of the session's site, built once with search."""
    from bank.site import build

    out = tmp_path_factory.mktemp("site") / "site"
    runtime = PYODIDE if (PYODIDE / "pyodide.mjs").is_file() else None
    report = build(site_questions, out, base_url=BASE_URL, variants=VARIANTS, pyodide=runtime)
    return report, out


@pytest.fixture(scope="session")
def site(built) -> Path:
    return built[1]


@pytest.fixture(scope="session")
def site_data(site_questions):
    """The gathered site (views with variants), for checks against the model."""
    from bank.site.gather import gather

    return gather(site_questions, VARIANTS)


@pytest.fixture(scope="session")
def server(site):
    """The built site over HTTP on 127.0.0.1 (Pagefind needs a web server)."""
    from bank.site.serve import make_server

    httpd = make_server(site, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser():
    need(CHROMIUM.exists(), f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - a test dependency
        need(False, "playwright is not installed")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server, site):
    """A fresh page that fails the test on any script error or request to another host.

    The 404 page loads its assets from ``--base-url`` (it may be served at any depth); those
    requests are answered from the built folder, as the published site would answer them.
    """
    context = browser.new_context()
    errors: list[str] = []
    outside: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith((server, "file://", "data:", "blob:")):
            return r.continue_()
        if url.startswith(BASE_URL) and (site / url[len(BASE_URL):]).is_file():
            return r.fulfill(path=site / url[len(BASE_URL):])
        outside.append(url)
        return r.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert not errors, f"script errors: {errors}"
    assert not outside, f"requests to other hosts: {outside}"


@pytest.fixture(scope="session")
def axe_source() -> str:
    path = NODE_MODULES / "axe-core" / "axe.min.js"
    need(path.is_file(), f"axe-core is not installed at {path} (npm install --prefix .ci/node axe-core)")
    return path.read_text(encoding="utf-8")


def html_pages(folder: Path) -> list[Path]:
    """Every HTML page of the site (not Pagefind's bundle)."""
    return sorted(p for p in folder.rglob("*.html") if "pagefind" not in p.relative_to(folder).parts)
