"""Scenario parsing time against file size: the largest shipped scenario repeated 1x, 4x, 16x.

    python benchmarks/bench_parse_linearity.py [--runs 7]

The header is kept once and the body repeated, so each text is one valid parse. A linear
parser shows ratios near 4 and 16; a quadratic step in our post-processing would show ~16
and ~256. (This used to be a timed assertion in the test suite; timings belong here.)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def repeated(text: str, times: int) -> str:
    lines = text.split("\n")
    head = [ln for ln in lines if ln.split()[:1] in (["scenario"], ["game"], ["rule"])]
    body = [ln for ln in lines if ln not in head]
    return "\n".join(head + body * times) + "\n"


def best_seconds(text: str, runs: int) -> float:
    from adjudicator.core.scenario_parser import parse_scenario

    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        parse_scenario(text)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str]) -> int:
    from adjudicator.core.scenario_parser import parse_scenario

    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 7
    files = sorted((ROOT / "scenarios").rglob("*.scn"), key=lambda p: p.stat().st_size)
    source = files[-1].read_text(encoding="utf-8")
    parse_scenario(source)  # grammar loaded before timing
    t1, t4, t16 = (best_seconds(repeated(source, k), runs) for k in (1, 4, 16))
    print(f"largest scenario: {files[-1].relative_to(ROOT)} ({len(source)} characters)")
    print(f"1x {t1 * 1000:.2f} ms, 4x {t4 * 1000:.2f} ms ({t4 / t1:.1f}x), 16x {t16 * 1000:.2f} ms ({t16 / t1:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
