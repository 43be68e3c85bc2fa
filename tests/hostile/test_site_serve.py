"""Issue 11, items 2 and 13: `bank serve` serves only a folder that `bank build` made, and a bad YAML
tag does not kill its watcher: fixing the file rebuilds the site."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.site.test_build import TERM, WORKED, write_bank

from .conftest import _limit, run_bank


@pytest.mark.parametrize("out", ["/", "{home}", "{tmp}/notes"], ids=["root", "home", "a-folder-of-notes"])
def test_serve_refuses_a_folder_it_did_not_build(tmp_path, out):
    """`--out ~` reaches bank as the home folder (the shell expands it): never served."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "diary.txt").write_text("private")
    questions = write_bank(tmp_path / "q", WORKED, TERM)
    done = run_bank(["serve", "--questions", str(questions), "--out", out.format(tmp=tmp_path, home=Path.home()),
                     "--port", "0", "-k", "1"], cwd=tmp_path)
    assert done.returncode == 2
    assert "refusing to serve" in done.output and "not a site built by `bank build`" in done.output
    assert "Serving" not in done.output and "still serving" not in done.output  # nothing was ever served
    assert (notes / "diary.txt").read_text() == "private"


TRAVERSALS = ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2f..%2fetc/passwd",
              "//etc/passwd", "/b/../../secret.txt", "/%2e%2e/secret.txt", "/..\\secret.txt"]


def test_requests_never_reach_outside_the_site(tmp_path):
    """The served folder is the whole world: `..`, encoded or not, and absolute paths give the 404 page."""
    (tmp_path / "secret.txt").write_text("TOP-SECRET")
    questions = write_bank(tmp_path / "q", WORKED, TERM)
    served = Served(["--questions", str(questions), "--out", str(tmp_path / "site"), "--port", "0", "-k", "1"])
    try:
        port = int(served.wait_for(r"Serving .* at http://127\.0\.0\.1:(\d+)/").group(1))
        for path in TRAVERSALS:
            head, body = _raw(port, path)
            assert head.startswith(b"HTTP/1.0 404") or head.startswith(b"HTTP/1.0 400"), (path, head)
            assert b"TOP-SECRET" not in body and b"root:" not in body, path
    finally:
        served.stop()


def _raw(port: int, path: str) -> tuple[bytes, bytes]:
    """One request with the path sent as it is (urllib would tidy the dots away)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"GET {path} HTTP/1.0\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return head, body


class Served:
    """`bank serve` in a bounded child process; collects its stderr lines."""

    def __init__(self, args: list[str]):
        self.process = subprocess.Popen([sys.executable, "-m", "bank", "serve", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, preexec_fn=_limit(1024))
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = 30) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines:
                if (m := re.search(pattern, line)):
                    return m
            time.sleep(0.1)
        pytest.fail(f"no line matching {pattern!r} in {self.lines}")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def test_a_bad_yaml_tag_does_not_stop_the_watcher(tmp_path):
    questions = write_bank(tmp_path / "q", WORKED, TERM)
    served = Served(["--questions", str(questions), "--out", str(tmp_path / "site"), "--port", "0", "-k", "1"])
    try:
        url = served.wait_for(r"Serving .* at (http://127\.0\.0\.1:\d+/)").group(1)
        path = questions / "b" / "one.yaml"
        path.write_text(path.read_text().replace("level: core", "level: !custom core"))
        served.wait_for("Build failed")
        path.write_text(path.read_text().replace("level: !custom core", "level: core")
                        .replace("How long does", "How quickly does"))
        deadline = time.monotonic() + 30
        while "How quickly does" not in _get(url + "b/one.html"):
            assert time.monotonic() < deadline, served.lines
            time.sleep(0.2)
    finally:
        served.stop()
    assert not any("Traceback" in line for line in served.lines), served.lines


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except urllib.error.URLError:
        return ""
