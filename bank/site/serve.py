"""Preview: serve the built site on 127.0.0.1 and rebuild when questions or templates change.

The server reads files from the output folder on every request, so a
rebuild (which swaps the folder in one rename) is picked up at once. A
failed rebuild keeps the last good site and reports its problems. Pages
served by the preview (never the built files) carry a small script that
asks ``/__bank/build`` for the build number and reloads the page when a
rebuild has succeeded.
"""

from __future__ import annotations

import functools
import http.server
import os
import socket
import socketserver
import threading
from pathlib import Path
from typing import Callable

from ..errors import BankError, UsageError
from . import paths
from .write import MARKER


#: Where a previewed page asks for the build number.
BUILD_URL = "/__bank/build"
_LIVE = ('<script>(function(){{var seen={0};setInterval(function(){{fetch("' + BUILD_URL + '",'
         '{{cache:"no-store"}}).then(function(r){{return r.text();}}).then(function(t){{'
         'if(+t>seen)location.reload();}}).catch(function(){{}});}},700);}})();</script>')


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site folder quietly, with its own 404 page (and, when previewing, live reload)."""

    def __init__(self, request: socket.socket, client_address: tuple[str, int], server: socketserver.BaseServer,
                 *, directory: str | None = None, generation: Callable[[], int] | None = None) -> None:
        self.generation = generation  # set before the base class handles the request
        super().__init__(request, client_address, server, directory=directory)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's name
        pass

    def do_GET(self) -> None:
        if self.generation is not None:
            if self.path.split("?")[0] == BUILD_URL:
                return self._send(200, str(self.generation()).encode(), "text/plain; charset=utf-8")
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, paths.INDEX)
            if path.endswith(".html") and os.path.isfile(path) and self.path.split("?")[0].endswith(("/", ".html")):
                return self._send(200, self._live(Path(path).read_bytes()), "text/html; charset=utf-8")
        super().do_GET()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / paths.NOT_FOUND
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        if b"<base " not in body:  # the preview is served from the root: links find it at any depth
            body = body.replace(b"<head>", b'<head>\n<base href="/">', 1)
        self._send(404, self._live(body), "text/html; charset=utf-8")

    def _live(self, body: bytes) -> bytes:
        if self.generation is None:
            return body
        script = _LIVE.format(self.generation()).encode()
        return body.replace(b"</body>", script + b"</body>", 1)

    def _send(self, code: int, body: bytes, kind: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def make_server(folder: Path, port: int, generation: Callable[[], int] | None = None) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``folder`` bound to 127.0.0.1 only (``port`` 0 picks a free one).

    With ``generation`` (the preview's count of good builds), pages reload themselves after a rebuild.
    """
    handler = functools.partial(SiteHandler, directory=str(folder), generation=generation)
    return _Server(("127.0.0.1", port), handler)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket],
                     client_address: tuple[str, int]) -> None:
        """A browser that leaves mid-page (a reload, a closed tab) is normal: no traceback for that."""
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def watch(folders: list[Path], rebuild: Callable[[], None], stop: threading.Event, output: Path) -> None:
    """Call ``rebuild`` after each batch of changes under ``folders`` until ``stop`` is set.

    Changes to the output folder (and its staging siblings) are ignored, so a site
    built inside a watched folder cannot trigger itself.
    """
    from watchfiles import Change, DefaultFilter
    from watchfiles import watch as changes

    default = DefaultFilter()
    skip = (str(output), str(output.parent / f".{output.name}."))

    def wanted(change: Change, path: str) -> bool:
        return default(change, path) and not path.startswith(skip)

    for _ in changes(*[str(f) for f in folders if f.exists()], watch_filter=wanted, stop_event=stop,
                     debounce=300, rust_timeout=500):
        rebuild()


class Preview:
    """A preview server: build, serve ``folder`` on 127.0.0.1, rebuild on change.

    ``start()`` returns the URL (``port=0`` picks a free port); ``stop()`` ends
    the server and the watcher. ``bank serve`` runs one until Ctrl+C; the tests
    start and stop one around each case.
    """

    def __init__(self, build: Callable[[], object], folder: Path, watched: list[Path], port: int,
                 report: Callable[[str], None]):
        self.build, self.folder, self.watched, self.port, self.report = build, folder, watched, port, report
        self.stop_event = threading.Event()
        self.server: http.server.ThreadingHTTPServer | None = None
        self.builds = 0
        self.good = 0  # successful builds: a page reloads when this grows
        self._lock = threading.Lock()

    def rebuild(self) -> None:
        with self._lock:  # one build at a time: each replaces the output folder
            if _attempt(self.build, self.report, last_good=lambda: (self.folder / MARKER).is_file()):
                self.good += 1
            self.builds += 1

    def start(self) -> str:
        """Watch, build once, then serve in the background; returns the site's URL.

        Raises :class:`UsageError` when the folder is not a site that ``bank build`` made
        (the first build failed and no earlier build left its marker): ``--out ~`` must
        never put a home folder on the network.
        """
        # Watching starts first, so an edit made while the first build runs still triggers a rebuild.
        threading.Thread(target=watch, args=(self.watched, self.rebuild, self.stop_event, self.folder),
                         daemon=True).start()
        self.rebuild()
        if not (self.folder / MARKER).is_file():
            self.stop_event.set()
            raise UsageError(f"refusing to serve {self.folder}: it is not a site built by `bank build` "
                             f"(no {MARKER} file inside); fix the problems above or choose another --out")
        self.server = make_server(self.folder, self.port, lambda: self.good)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/"

    def stop(self) -> None:
        self.stop_event.set()
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


def serve(build: Callable[[], object], folder: Path, watched: list[Path], port: int,
          report: Callable[[str], None]) -> None:
    """Build, then serve ``folder`` and rebuild on change until interrupted (Ctrl+C)."""
    preview = Preview(build, folder, watched, port, report)
    url = preview.start()
    report(f"Serving {folder} at {url} (Ctrl+C to stop)")
    try:
        while not preview.stop_event.wait(0.5):  # a timed wait lets Ctrl+C through
            pass
    finally:
        preview.stop()


def _attempt(build: Callable[[], object], report: Callable[[str], None],
             last_good: Callable[[], bool]) -> bool:
    """Run one build and report it; True when it succeeded. ``last_good`` says whether a built site is
    left to serve after a failure (not so when the first build fails into an empty --out)."""
    try:
        result = build()
    except BankError as exc:
        report(exc.show())
    except Exception as exc:  # noqa: BLE001 - the watcher must outlive any one bad edit
        report(f"error: {type(exc).__name__}: {exc}")
    else:
        report(f"Built {getattr(result, 'pages', '?')} pages in {getattr(result, 'seconds', 0):.1f} s")
        return True
    report("Build failed; still serving the last good site." if last_good() else "Build failed.")
    return False
