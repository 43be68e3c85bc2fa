"""Search: a Pagefind index of the question pages and the glossary.

Pagefind reads only the part of a page marked ``data-pagefind-body`` (each question, and the
glossary, whose entries come back as sub-results anchored at ``glossary.html#<term-id>``). As each
indexed page is written, :class:`Index` sends that part alone, in a bare HTML document with the
page's path, to a Pagefind process run as a service (``pagefind --service``, the binary from the
``pagefind[bin]`` package), which indexes it while the rest of the site renders; at the end it
hands the bundle's files over, and they are written into the site. A question page is mostly its variants' data, which Pagefind
would parse only to ignore, and no copy of a page touches the disk. Result URLs are root paths;
``search.js`` makes them relative.

The service speaks base64 JSON messages ended by a comma on its standard input and output. The
``pagefind`` Python API speaks it too, but its reader sleeps 0.1 s before each reply (100 s for
1,000 pages), so :class:`Service` is our own: a writer that never waits, and a reader thread.

>>> light('<html><body><nav>menu</nav><div data-pagefind-body><div>a</div> b</div><p>c</p></body></html>')
'<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title></head><body><div data-pagefind-body><div>a</div> b</div></body></html>\\n'
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import NoReturn

from ..errors import BankError

BUNDLE = "pagefind"
MARK = "data-pagefind-body"
#: Longest Pagefind may take to answer (it builds 10,000 pages' index in a few seconds).
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
    """Sends the indexed part of each page to a Pagefind service, then has it write the bundle."""

    def __init__(self) -> None:
        self.pages = 0
        self._service: Service | None = None
        self._index_id = 0
        self._bundle: int | None = None  # the message asking for the bundle, once sent

    def add(self, rel: str, html: bytes) -> None:
        """Index the marked part of the page at site path ``rel`` (the service starts on the first one)."""
        if self._bundle is not None:
            raise SearchIndexError("search index: a page came after the bundle was asked for")
        page = light(html.decode("utf-8"))
        if page is None:
            return
        self._started().send({"type": "AddFile", "index_id": self._index_id, "file_path": rel, "url": None,
                              "file_contents": page})
        self.pages += 1

    def seal(self) -> None:
        """Ask for the bundle now that every page is in, without waiting: Pagefind builds it while the
        site's other files are written."""
        if self._bundle is None:
            self._bundle = self._started().post({"type": "GetFiles", "index_id": self._index_id})

    def build(self, out: Path) -> int:
        """Write the bundle to ``out`` (the site's ``pagefind`` folder); returns the pages indexed.

        The service hands the files over rather than writing them: its own writes may still be under way
        when it answers, and it exits the moment its input closes, losing them.
        """
        self.seal()
        assert self._service is not None and self._bundle is not None
        reply = self._service.wait(self._bundle)
        files = {_inside(out, f["path"]): base64.b64decode(f["content"]) for f in reply["files"]}
        for folder in {path.parent for path in files}:
            folder.mkdir(parents=True, exist_ok=True)
        for path, content in files.items():  # one writer: threads creating files in one folder queue on its lock
            path.write_bytes(content)
        return self.pages

    def _started(self) -> Service:
        """The service, started with an empty index on first use (a site with nothing to index gets an
        empty bundle, and search finds nothing)."""
        if self._service is None:
            self._service = Service()
            self._index_id = self._service.ask({"type": "NewIndex", "config": {"force_language": "en"}})["index_id"]
        return self._service

    def close(self) -> None:
        if self._service is not None:
            self._service.close()
            self._service = None

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _inside(folder: Path, name: str) -> Path:
    """``folder / name`` for a bundle file's relative path, refusing one that would land outside it."""
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise SearchIndexError(f"search index: Pagefind named a file outside its folder: {name!r}")
    return folder / name


class Service:
    """One ``pagefind --service`` process: :meth:`send` does not wait for the reply, :meth:`ask` waits
    for its own (and fails on any error the service has reported by then), :meth:`post` and
    :meth:`wait` do the same in two steps."""

    def __init__(self) -> None:
        from pagefind.service import get_executable

        binary = get_executable()
        if binary is None:
            raise SearchIndexError("search index: the Pagefind binary is missing (pip install 'pagefind[bin]')")
        self._log = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen([str(binary), "--service"], stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=self._log)
        except OSError as exc:
            self._log.close()
            raise SearchIndexError(f"search index: cannot start Pagefind: {exc}") from None
        self._sent = 0
        self._replies: dict[int, dict] = {}  # only those asked for: 10,000 pages' acknowledgements are not kept
        self._awaited: set[int] = set()
        self._errors: list[str] = []
        self._done = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, name="pagefind-replies", daemon=True)
        self._reader.start()

    def send(self, payload: dict) -> int:
        """Send a request; its message id."""
        self._sent += 1
        message = json.dumps({"message_id": self._sent, "payload": payload}).encode("utf-8")
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(base64.b64encode(message) + b",")
        except OSError:
            self._fail()  # the service has gone: say why
        return self._sent

    def ask(self, payload: dict) -> dict:
        """Send a request and wait for its reply."""
        return self.wait(self.post(payload))

    def post(self, payload: dict) -> int:
        """Send a request whose reply :meth:`wait` will collect; its message id."""
        with self._changed:
            self._awaited.add(self._sent + 1)  # before it is sent: the reply may come at once
        wanted = self.send(payload)
        assert self._process.stdin is not None
        try:
            self._process.stdin.flush()
        except OSError:
            self._fail()
        return wanted

    def wait(self, wanted: int) -> dict:
        """The reply to message ``wanted`` (sent with :meth:`post`), once it comes."""
        with self._changed:
            if not self._changed.wait_for(lambda: wanted in self._replies or self._errors or self._done, TIMEOUT):
                raise SearchIndexError(f"search index: Pagefind did not answer in {TIMEOUT} s")
        if wanted not in self._replies:
            self._fail()
        self._awaited.discard(wanted)
        return self._replies.pop(wanted)

    def close(self) -> None:
        try:
            if self._process.stdin is not None:
                self._process.stdin.close()
        except OSError:
            pass
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._reader.join()
        self._log.close()

    def _read(self) -> None:
        """Collect replies (errors apart) until the service closes its output."""
        assert self._process.stdout is not None
        out, pending = self._process.stdout.fileno(), bytearray()
        while chunk := os.read(out, 1 << 16):
            start = len(pending)
            pending += chunk
            if pending.find(b",", start) < 0:  # a long reply (the bundle) comes in many reads
                continue
            *messages, rest = pending.split(b",")
            pending = bytearray(rest)
            with self._changed:
                for message in messages:
                    reply = json.loads(base64.b64decode(message))
                    payload = reply.get("payload") or {}
                    if payload.get("type") == "Error":
                        self._errors.append(str(payload.get("message", "an error")))
                    elif reply.get("message_id") in self._awaited:
                        self._replies[reply["message_id"]] = payload
                self._changed.notify_all()
        with self._changed:
            self._done = True
            self._changed.notify_all()

    def _fail(self) -> NoReturn:
        with self._changed:
            why = self._errors[0] if self._errors else None
        if why is None:
            self._log.seek(0)
            lines = self._log.read().decode("utf-8", "replace").strip().splitlines()
            status = self._process.poll()
            why = lines[-1] if lines else "it stopped answering" if status is None else f"it stopped (exit status {status})"
        raise SearchIndexError(f"search index: Pagefind failed: {why}")
