"""`bank check` of the bundled banks with 200 variants each (target: under 3 s).

Run: python benchmarks/check_speed.py
"""

from __future__ import annotations

from _timing import bank, report, time_command

if __name__ == "__main__":
    report([
        ("bank check -n 200", time_command(bank("check", "-n", "200"), runs=3), "target < 3 s"),
        ("bank check -n 0", time_command(bank("check", "-n", "0"), runs=3), "load + plan + default variant"),
    ])
