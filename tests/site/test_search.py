"""The search index: pages go to a Pagefind service as they are written, and a failing Pagefind is a
clean message that leaves the old site in place."""

from __future__ import annotations

import json
import stat

import pytest
from click.testing import CliRunner

from bank.cli import cli
from bank.site.search import Index, SearchIndexError, light

PAGE = ('<!doctype html><html lang="en"><head><title>t</title></head><body><nav>menu</nav>'
        '<main data-pagefind-body><h1>{title}</h1><p>{body}</p></main><script>var data = 1;</script></body></html>')


def index_of(tmp_path, name, pages):
    with Index() as index:
        for rel, title, body in pages:
            index.add(rel, PAGE.format(title=title, body=body).encode())
        index.add("plain.html", b"<html><body>nothing marked</body></html>")
        assert index.build(tmp_path / name) == len(pages)
    return tmp_path / name


def test_the_bundle_counts_the_marked_pages_and_is_the_same_bytes_each_time(tmp_path):
    pages = [(f"bank/q{i}.html", f"Question {i}", f"replica warm pool {i}") for i in range(30)]
    one, two = index_of(tmp_path, "one", pages), index_of(tmp_path, "two", pages)
    entry = json.loads((one / "pagefind-entry.json").read_text())
    assert sum(lang["page_count"] for lang in entry["languages"].values()) == 30
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert [f for f in files if (one / f).read_bytes() != (two / f).read_bytes()] == []


def test_only_the_marked_part_goes_to_pagefind():
    page = light(PAGE.format(title="Warm pools", body="boot"))
    assert page is not None and "menu" not in page and "var data" not in page and "<h1>Warm pools</h1>" in page


def fake_pagefind(tmp_path, monkeypatch, script: str):
    binary = tmp_path / "pagefind"
    binary.write_text("#!/bin/sh\n" + script)
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setattr("pagefind.service.get_executable", lambda: binary)


@pytest.mark.parametrize("script, says", [
    ("echo 'pagefind: cannot open the index folder' >&2; exit 3", "cannot open the index folder"),
    ("exit 0", "it stopped"),
], ids=["exits-with-a-message", "closes-without-a-reply"])
def test_a_failing_pagefind_is_one_clean_message(tmp_path, monkeypatch, script, says):
    fake_pagefind(tmp_path, monkeypatch, script)
    with pytest.raises(SearchIndexError) as caught, Index() as index:
        index.add("q.html", PAGE.format(title="t", body="b").encode())
        index.build(tmp_path / "bundle")
    assert says in str(caught.value) and str(caught.value).startswith("search index: Pagefind failed")


def test_a_build_whose_search_fails_keeps_the_old_site(tmp_path, monkeypatch):
    out = tmp_path / "site"
    command = ["build", "--out", str(out), "--variants", "2", "--no-progress"]
    assert CliRunner().invoke(cli, command).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    fake_pagefind(tmp_path, monkeypatch, "echo 'out of memory' >&2; exit 1")
    result = CliRunner().invoke(cli, command)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "search index: Pagefind failed: out of memory" in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_a_site_with_nothing_to_index_gets_an_empty_bundle(tmp_path):
    bundle = index_of(tmp_path, "empty", [])
    entry = json.loads((bundle / "pagefind-entry.json").read_text())
    assert sum(lang["page_count"] for lang in entry["languages"].values()) == 0
    assert (bundle / "pagefind.js").is_file()


@pytest.mark.parametrize("name", ["../escape.js", "/etc/passwd", "fragment/../../x"],
                         ids=["parent", "absolute", "nested-parent"])
def test_a_bundle_file_named_outside_its_folder_is_refused(tmp_path, name):
    from bank.site.search import _inside

    with pytest.raises(SearchIndexError, match="outside its folder"):
        _inside(tmp_path / "pagefind", name)
    assert _inside(tmp_path / "pagefind", "fragment/en_1.pf_fragment") == tmp_path / "pagefind" / "fragment" / "en_1.pf_fragment"


def test_a_sealed_index_builds_the_same_bundle_and_takes_no_more_pages(tmp_path):
    """Sealing asks for the bundle at once (Pagefind builds it while the build writes its other files);
    the bundle is the one an unsealed build gives, and a page after the seal is a mistake, not lost."""
    pages = [(f"bank/q{i}.html", f"Question {i}", f"replica warm pool {i}") for i in range(12)]
    plain = index_of(tmp_path, "plain", pages)
    with Index() as index:
        for rel, title, body in pages:
            index.add(rel, PAGE.format(title=title, body=body).encode())
        index.seal()
        with pytest.raises(SearchIndexError, match="after the bundle was asked for"):
            index.add("late.html", PAGE.format(title="Late", body="late").encode())
        index.seal()  # once is enough
        assert index.build(tmp_path / "sealed") == len(pages)
    files = sorted(p.relative_to(plain) for p in plain.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(tmp_path / "sealed") for p in (tmp_path / "sealed").rglob("*") if p.is_file())
    assert all((plain / f).read_bytes() == (tmp_path / "sealed" / f).read_bytes() for f in files)
