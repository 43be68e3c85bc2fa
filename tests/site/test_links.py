"""Every href, src and #anchor in the built site resolves, and every link is relative."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import html_pages
from .linkcheck import check_site


def test_every_link_and_anchor_resolves(site):
    pages = html_pages(site)
    assert len(pages) > 20
    assert check_site(site, pages) == []


def test_no_link_leaves_for_another_host_except_author_links(site):
    """Stylesheets, scripts and icons are local: no CDN, no web fonts."""
    for page in html_pages(site):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r'<(?:link|script|img)[^>]+(?:src|href)="(?:https?:)?//', text), page
    for asset in (site / "static").iterdir():
        if asset.suffix in (".css", ".js"):
            assert not re.search(r"url\((?:['\"])?(?:https?:)?//|@import|https?://", asset.read_text()), asset


def test_sitemap_lists_every_page_under_the_base_url(site):
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    locations = re.findall(r"<loc>([^<]+)</loc>", text)
    assert "https://example.org/banks/" in locations
    assert "https://example.org/banks/glossary.html" in locations
    for url in locations:
        path = url.removeprefix("https://example.org/banks/") or "index.html"
        path = path + "index.html" if path.endswith("/") else path
        assert (site / path).is_file(), url
    assert len(locations) == len(html_pages(site)) - 2  # all but 404.html and search.html


@pytest.mark.parametrize("html, problem", [
    ('<a href="missing.html">x</a>', "missing file"),
    ('<a href="index.html#nowhere">x</a>', "missing anchor"),
    ('<a href="/index.html">x</a>', "root-absolute"),
    ('<link rel="stylesheet" href="https://cdn.example.com/a.css">', "another host"),
    ('<a href="#x" aria-describedby="ghost">x</a><p id="x"></p>', "names no element"),
], ids=["missing-file", "missing-anchor", "root-absolute", "cdn", "dangling-id-ref"])
def test_the_checker_finds_broken_links(tmp_path: Path, html, problem):
    (tmp_path / "index.html").write_text(f"<!doctype html><p id='top'>{html}</p>", encoding="utf-8")
    found = check_site(tmp_path, [tmp_path / "index.html"])
    assert len(found) == 1 and problem in found[0]


def test_relative_links_work_from_a_subpath(site, tmp_path):
    """The same files, moved under a deeper folder, still resolve (nothing assumes the root)."""
    import shutil

    moved = tmp_path / "a" / "b" / "site"
    shutil.copytree(site, moved)
    assert check_site(moved, html_pages(moved)) == []
