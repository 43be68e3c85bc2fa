"""How long people wait for the light commands, beside `import sympy` alone.

Targets (issue 2): `bank --help` and `bank list` under 0.2 s, without importing sympy.
Run: python benchmarks/cli_speed.py
"""

from __future__ import annotations

import sys

from _timing import bank, report, time_command

if __name__ == "__main__":
    rows = [
        ("python -c pass", time_command([sys.executable, "-c", "pass"]), "interpreter start-up"),
        ("python -c 'import sympy'", time_command([sys.executable, "-c", "import sympy"]), "what we avoid"),
        ("bank --help", time_command(bank("--help")), "target < 200 ms"),
        ("bank list", time_command(bank("list")), "target < 200 ms"),
        ("bank list --json", time_command(bank("list", "--json")), "target < 200 ms"),
    ]
    report(rows)
