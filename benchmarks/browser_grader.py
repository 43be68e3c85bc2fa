"""Step marking in the browser: what a learner downloads before and after the first Check working,
and the time from pressing Check to the verdicts (first press: Pyodide loads; later presses: marking).

Usage:  BANK_PYODIDE=.ci/node/node_modules/pyodide python benchmarks/browser_grader.py [--runs 3]

Builds the bundled banks with the Pyodide runtime, serves them on 127.0.0.1, and drives Chromium
(/usr/bin/chromium) with Playwright. Sizes are the bytes the browser received (uncompressed, as this
server sends them) and, beside them, what a host that gzips would send.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "scaling-load-balancing/replica-boot-gap.html"


def main() -> None:
    from playwright.sync_api import sync_playwright

    from bank.site import build
    from bank.site.serve import make_server

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    working = (ROOT / "tests" / "banks" / "workings" / "replica-boot-gap" / "wrong.txt").read_text()
    load_before = f"{os.getloadavg()[0]:.2f}"  # timings mean little on a busy machine: say how busy
    with tempfile.TemporaryDirectory() as tmp:
        report = build(out=Path(tmp) / "site", variants=20)
        if not report.step_marking:
            raise SystemExit("Pyodide not found: set BANK_PYODIDE to the npm pyodide package folder")
        server = make_server(report.out, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/{QUESTION}"
        before, after, first, later = [], [], [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for _ in range(args.runs):
                context = browser.new_context()  # a fresh cache each run: a first visit
                page = context.new_page()
                received: list[str] = []
                page.on("requestfinished", lambda r: received.append(r.url))
                page.goto(url, wait_until="networkidle")
                before.append(list(received))
                page.fill("#working", working)
                for times in (first, later, later):
                    start = time.perf_counter()
                    page.click("text=Check working")
                    page.wait_for_function("document.querySelector('[data-marks]').getAttribute('data-ms')")
                    times.append(time.perf_counter() - start)
                    page.evaluate("document.querySelector('[data-marks]').removeAttribute('data-ms')")
                after.append(received[len(before[-1]):])
                context.close()
            browser.close()
        server.shutdown()

        def size(urls: list[str]) -> tuple[int, int]:
            files = [report.out / u.split("/", 3)[3].split("?")[0] for u in urls]
            files = [f / "index.html" if f.is_dir() else f for f in files if f.exists()]
            raw = sum(f.stat().st_size for f in files)
            return raw, sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)

        kb = 1024
        b_raw, b_gz = size(before[0])
        a_raw, a_gz = size(after[0])
        print(f"question page {QUESTION}, {args.runs} fresh visits; load average {load_before} before, "
              f"{os.getloadavg()[0]:.2f} after ({os.cpu_count()} CPUs)")
        print(f"downloaded before Check: {len(before[0]):3} files {b_raw / kb:9.0f} KB  (gzip {b_gz / kb:7.0f} KB)")
        print(f"downloaded on 1st Check: {len(after[0]):3} files {a_raw / kb:9.0f} KB  (gzip {a_gz / kb:7.0f} KB)")
        print(f"Check -> verdicts, first press (loads Python): median {statistics.median(first):.2f} s "
              f"(min {min(first):.2f}, max {max(first):.2f})")
        print(f"Check -> verdicts, later presses:              median {statistics.median(later) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
