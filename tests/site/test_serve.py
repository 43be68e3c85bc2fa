"""`bank serve`: serves the site on 127.0.0.1 and rebuilds when a question changes."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest

from bank.site import build
from bank.site.serve import Preview

from .test_build import TERM, WORKED, write_bank


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


@pytest.fixture
def preview(tmp_path):
    questions = write_bank(tmp_path / "q", WORKED, TERM)
    out = tmp_path / "site"
    messages: list[str] = []
    running = Preview(lambda: build(questions, out, variants=2, search=False), out, [questions],
                      port=0, report=messages.append)
    url = running.start()
    yield running, url, questions, messages
    running.stop()


def test_serves_on_localhost_with_its_404_page(preview):
    running, url, _, messages = preview
    assert url.startswith("http://127.0.0.1:")
    status, body = fetch(url + "b/one.html")
    assert status == 200 and "How long does 60 GB take?" in body
    status, body = fetch(url + "no/such/page.html")
    assert status == 404 and "Page not found" in body
    assert messages[0].startswith("Built ")


def test_rebuilds_when_a_question_changes_and_keeps_the_last_good_site(preview):
    running, url, questions, messages = preview
    path = questions / "b" / "one.yaml"
    edit(path, "How long does", "How quickly does")
    assert _eventually(lambda: "How quickly does" in fetch(url + "b/one.html")[1], path)
    edit(path, "{{ took }} s.", "{{ nope }} s.")
    assert _eventually(lambda: any("Build failed" in m for m in messages), path)
    assert any("one.yaml:6:" in m and "'nope' is undefined" in m for m in messages)
    assert "How quickly does" in fetch(url + "b/one.html")[1]


def edit(path, old: str, new: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def _eventually(condition, touched, timeout: float = 30.0) -> bool:
    """Wait for ``condition``; re-touch the file now and then in case the watcher was not yet ready."""
    deadline, nudge = time.monotonic() + timeout, time.monotonic() + 3
    while time.monotonic() < deadline:
        if condition():
            return True
        if time.monotonic() > nudge:
            touched.write_text(touched.read_text(encoding="utf-8"), encoding="utf-8")
            nudge = time.monotonic() + 3
        time.sleep(0.2)
    return False


def test_serve_command_rejects_a_port_in_use(runner, tmp_path):
    import socket

    from bank.cli import cli

    questions = write_bank(tmp_path / "q", WORKED, TERM)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(cli, ["serve", "--questions", str(questions), "--out", str(tmp_path / "s"),
                                     "--port", str(port), "-k", "2"])
    assert result.exit_code == 2 and f"cannot serve on 127.0.0.1:{port}" in result.output


def test_a_browser_leaving_mid_page_prints_no_traceback(tmp_path, capsys):
    """A reload or a closed tab breaks the pipe under the server: normal, so nothing is printed."""
    from bank.site.serve import make_server

    server = make_server(tmp_path, 0)
    try:
        for error in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
            try:
                raise error
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a real fault")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a real fault" in capsys.readouterr().err
    finally:
        server.server_close()
