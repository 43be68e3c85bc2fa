"""Search: a Pagefind index of the question pages and the glossary.

Pagefind reads only the part of a page marked ``data-pagefind-body`` (each question, and the
glossary, whose entries come back as sub-results anchored at ``glossary.html#<term-id>``). As each
indexed page is written, :class:`Index` keeps a light copy of it in a folder of its own: that part
alone, in a bare HTML document at the same path. The Pagefind binary (from the ``pagefind[bin]``
package) then indexes that folder in one run of its command line and writes the bundle into the
site. The bundle is byte-identical to one made from the full pages (a test holds the two together),
for a third of the time: a question page is mostly its variants' data, which Pagefind would parse
only to ignore. (The ``pagefind`` Python API waits 0.1 s for each reply, so the command line is
quicker than it too.) Result URLs are root paths; ``search.js`` makes them relative.

>>> light('<html><body><nav>menu</nav><div data-pagefind-body><div>a</div> b</div><p>c</p></body></html>')
'<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title></head><body><div data-pagefind-body><div>a</div> b</div></body></html>\\n'
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import BankError

BUNDLE = "pagefind"
MARK = "data-pagefind-body"
#: Longest a Pagefind run may take (10,000 light pages index in a few seconds).
TIMEOUT = 600


class SearchIndexError(BankError):
    """Pagefind could not build the index."""


def light(html: str) -> str | None:
    """The part of a page Pagefind indexes, as a page of its own; None if the page has no such part.

    Our pages hold no raw HTML from authors (Markdown escapes it), so counting the marked element's
    own tag name finds where it closes. A first ``<h1>`` before the part comes along, outside it:
    Pagefind titles a result with it.
    """
    at = html.find(MARK)
    if at < 0:
        return None
    start = html.rfind("<", 0, at)
    name = re.match(r"<([a-zA-Z][a-zA-Z0-9]*)", html[start:])
    if name is None:
        return None
    depth, end = 0, None
    for tag in re.compile(rf"<(/?){name.group(1)}\b[^>]*>").finditer(html, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            end = tag.end()
            break
    if end is None:
        return None
    heading = _H1.search(html, 0, start)
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title></head><body>'
            f"{heading.group() if heading else ''}{html[start:end]}</body></html>\n")


_H1 = re.compile(r"<h1\b.*?</h1>", re.S)


class Index:
    """Collects light copies of the indexed pages, then builds the Pagefind bundle from them."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bank-search-"))
        self.pages = 0

    def add(self, rel: str, html: bytes) -> None:
        """Keep the indexed part of the page at site path ``rel``."""
        page = light(html.decode("utf-8"))
        if page is None:
            return
        target = self.folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
        self.pages += 1

    def build(self, out: Path) -> int:
        """Write the bundle to ``out`` (the site's ``pagefind`` folder); returns the pages indexed."""
        from pagefind.service import get_executable

        try:
            binary = get_executable()
            if binary is None:
                raise SearchIndexError("search index: the Pagefind binary is missing (pip install 'pagefind[bin]')")
            run = subprocess.run([str(binary), "--site", str(self.folder), "--output-path", str(out),
                                  "--force-language", "en", "--silent"],
                                 capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SearchIndexError(f"search index: {exc}") from None
        if run.returncode:
            why = (run.stderr or run.stdout).strip().splitlines()
            raise SearchIndexError(f"search index: Pagefind failed: {why[-1] if why else run.returncode}")
        return self.pages

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
