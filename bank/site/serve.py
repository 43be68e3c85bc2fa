"""Preview: serve the built site on 127.0.0.1 and rebuild when questions or templates change.

The server reads files from the output folder on every request, so a
rebuild (which swaps the folder in one rename) is picked up at once. A
failed rebuild keeps the last good site and reports its problems.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import Callable

from ..errors import BankError
from . import paths


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site folder quietly, with its own 404 page."""

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the stdlib's name
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / paths.NOT_FOUND
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def make_server(folder: Path, port: int) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``folder`` bound to 127.0.0.1 only (``port`` 0 picks a free one)."""
    handler = functools.partial(SiteHandler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def watch(folders: list[Path], rebuild: Callable[[], None], stop: threading.Event) -> None:
    """Call ``rebuild`` after each batch of changes under ``folders`` until ``stop`` is set."""
    from watchfiles import watch as changes

    for _ in changes(*[str(f) for f in folders if f.exists()], stop_event=stop, debounce=300):
        rebuild()


def serve(build: Callable[[], object], folder: Path, watched: list[Path], port: int,
          report: Callable[[str], None]) -> None:
    """Build once, then serve ``folder`` and rebuild on change until interrupted."""
    _attempt(build, report)
    server = make_server(folder, port)
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(watched, lambda: _attempt(build, report), stop), daemon=True)
    watcher.start()
    host, bound = server.server_address[:2]
    report(f"Serving {folder} at http://{host}:{bound}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    finally:
        stop.set()
        server.server_close()


def _attempt(build: Callable[[], object], report: Callable[[str], None]) -> None:
    try:
        result = build()
        report(f"Built {getattr(result, 'pages', '?')} pages in {getattr(result, 'seconds', 0):.1f} s")
    except BankError as exc:
        report(exc.show())
        report("Build failed; still serving the last good site.")
