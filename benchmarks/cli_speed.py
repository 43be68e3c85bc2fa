"""How long people wait for the light commands, beside `import click` and `import sympy` alone.

Targets: `bank --help` and `bank list` without importing sympy (issue 2), and `bank list` at most
2x `python -c "import click"` (issue 14): the list comes from the cache of loaded banks
(bank/_cache.py), so it needs neither YAML nor the JSON Schema validator.
Run: python benchmarks/cli_speed.py
"""

from __future__ import annotations

import sys

from _timing import bank, report, time_command

if __name__ == "__main__":
    click = time_command([sys.executable, "-c", "import click"])
    listing = time_command(bank("list"))
    rows = [
        ("python -c pass", time_command([sys.executable, "-c", "pass"]), "interpreter start-up"),
        ("python -c 'import click'", click, "the floor for a click CLI"),
        ("python -c 'import sympy'", time_command([sys.executable, "-c", "import sympy"]), "what we avoid"),
        ("bank --help", time_command(bank("--help")), "target < 200 ms"),
        ("bank list", listing, f"{listing / click:.2f}x import click (target <= 2x)"),
        ("bank list --json", time_command(bank("list", "--json")), "target < 200 ms"),
    ]
    report(rows)
