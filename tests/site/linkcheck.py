"""A link checker for a built site: every href, src and #anchor resolves, and every link is relative."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

LINKING = {("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("form", "action"),
           ("iframe", "src"), ("source", "src")}
ID_REFS = ("aria-describedby", "aria-labelledby", "aria-controls", "for")


@dataclass
class Parsed:
    ids: set = field(default_factory=set)
    links: list = field(default_factory=list)       # (tag, attr, value)
    id_refs: list = field(default_factory=list)     # (attr, id)
    base: str | None = None


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parsed = Parsed()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.parsed.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.parsed.ids.add(attrs["name"])
        if tag == "base":
            self.parsed.base = attrs.get("href")
        for (t, a) in LINKING:
            if t == tag and attrs.get(a) is not None:
                self.parsed.links.append((tag, a, attrs[a]))
        for a in ID_REFS:
            if attrs.get(a):
                self.parsed.id_refs += [(a, ref) for ref in attrs[a].split()]


def parse(path: Path) -> Parsed:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector.parsed


def check_site(root: Path, pages: list[Path]) -> list[str]:
    """Every broken link in ``pages`` as ``page: message``; an empty list means all resolve."""
    parsed = {p.relative_to(root).as_posix(): parse(p) for p in pages}
    problems = []
    for page, info in parsed.items():
        for attr, ref in info.id_refs:
            if ref not in info.ids:
                problems.append(f"{page}: {attr}={ref!r} names no element on the page")
        for tag, attr, value in info.links:
            problem = _check_link(root, parsed, page, info, value, tag)
            if problem:
                problems.append(f"{page}: <{tag} {attr}={value!r}> {problem}")
    return problems


def _check_link(root: Path, parsed: dict, page: str, info: Parsed, value: str, tag: str) -> str | None:
    parts = urlsplit(value)
    if parts.scheme in ("http", "https", "mailto"):
        return None if tag == "a" else "loads from another host"
    if parts.scheme or parts.netloc:
        return "is not a relative link"
    if value.startswith("/"):
        return "is root-absolute; links must be relative"
    here = "" if info.base else posixpath.dirname(page)  # a <base> (404 page) points at the site root
    target = posixpath.normpath(posixpath.join(here, unquote(parts.path))) if parts.path else page
    if target.startswith(".."):
        return "leaves the site"
    file = root / target
    if not file.is_file():
        return f"points at a missing file ({target})"
    if parts.fragment:
        ids = parsed[target].ids if target in parsed else (parse(file).ids if target.endswith(".html") else set())
        if parts.fragment not in ids:
            return f"points at a missing anchor #{parts.fragment} in {target}"
    return None
