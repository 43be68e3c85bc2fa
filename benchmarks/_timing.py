"""Shared helpers for the benchmark scripts: run a command several times, report the median."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_command(argv: list[str], runs: int = 7, **kwargs) -> float:
    """Median wall time in seconds of running ``argv`` (after one warm-up run)."""
    subprocess.run(argv, capture_output=True, check=True, cwd=ROOT, **kwargs)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True, cwd=ROOT, **kwargs)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bank(*args: str) -> list[str]:
    """argv that runs the installed ``bank`` command with this interpreter."""
    return [sys.executable, "-m", "bank", *args]


def report(rows: list[tuple[str, float, str]]) -> None:
    width = max(len(name) for name, _, _ in rows)
    for name, seconds, note in rows:
        print(f"{name:<{width}}  {seconds * 1000:8.1f} ms  {note}")
