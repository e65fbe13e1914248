"""Cold start of ``adjudicator check FILE`` against ``python -c pass``, and what the imports cost.

    python benchmarks/bench_cold_start.py [FILE] [--runs 10] [--top 15]

FILE defaults to the smallest shipped scenario. The command is the console script in the
current environment if installed, else ``python -m adjudicator``. Prints best and median
wall time of each, their ratio and the difference, then ``python -X importtime -m
adjudicator check FILE`` summarised: the slowest imports by cumulative time (a package's
figure includes everything it imports). Target: under 0.3 s wall with grammar caching
(lark ``cache=True``) in place.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 0.3


def smallest_scenario() -> Path:
    return min((ROOT / "scenarios").rglob("*.scn"), key=lambda p: p.stat().st_size)


def check_command(file: Path) -> list[str]:
    script = shutil.which("adjudicator")
    return ([script] if script else [sys.executable, "-m", "adjudicator"]) + ["check", str(file)]


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def wall_times(cmd: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1) or b"Traceback" in proc.stderr:
            raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.decode()[-1000:]}")
    return times


def import_times(file: Path) -> list[tuple[int, int, str]]:
    """(cumulative µs, self µs, module) from ``-X importtime``, slowest cumulative first."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "adjudicator", "check", str(file)],
                          env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cum_us, name = (part.strip() for part in line[len("import time:"):].split("|", 2))
        rows.append((int(cum_us), int(self_us), name))
    return sorted(rows, reverse=True)


PHASES = """
import sys, time
t0 = time.perf_counter()
import adjudicator.cli.main, adjudicator.cli.runs
t1 = time.perf_counter()
from adjudicator.core.registry import get_game
from adjudicator.core.scenario_parser import read_scenario
scn = read_scenario(sys.argv[1])
t2 = time.perf_counter()
get_game(scn.game)
t3 = time.perf_counter()
adjudicator.cli.runs.run_one(sys.argv[1])
t4 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3)
"""


def phases(file: Path, runs: int) -> list[float]:
    """Best-of seconds for: importing the CLI, parsing the file (scenario grammar loaded),
    loading the game module, running the scenario — inside one fresh interpreter each run."""
    best = [float("inf")] * 4
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PHASES, str(file)], env=_env(), capture_output=True,
                             text=True, check=True).stdout.split()
        best = [min(b, float(x)) for b, x in zip(best, out)]
    return best


def top_level_groups(rows: list[tuple[int, int, str]]) -> dict[str, int]:
    """Self time summed per top-level package: who the start-up time belongs to."""
    groups: dict[str, int] = {}
    for _cum, self_us, name in rows:
        top = name.strip().split(".")[0]
        groups[top] = groups.get(top, 0) + self_us
    return dict(sorted(groups.items(), key=lambda kv: -kv[1]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=Path, default=None)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args(argv)
    file = args.file or smallest_scenario()
    cmd = check_command(file)
    floor_cmd = [sys.executable, "-c", "pass"]

    wall_times(cmd, 2)  # warm the OS file cache and lark's grammar cache files
    floor = wall_times(floor_cmd, args.runs)
    check = wall_times(cmd, args.runs)
    print(f"file: {file}\ncommand: {' '.join(cmd)}\n")
    print(f"{'what':28} {'best s':>8} {'median s':>9}")
    print(f"{'python -c pass':28} {min(floor):8.3f} {statistics.median(floor):9.3f}")
    print(f"{'adjudicator check FILE':28} {min(check):8.3f} {statistics.median(check):9.3f}")
    print(f"\nratio check/floor: best {min(check) / min(floor):.1f}x, median "
          f"{statistics.median(check) / statistics.median(floor):.1f}x; above the floor: "
          f"{min(check) - min(floor):.3f} s (best)")
    print(f"target under {TARGET_SECONDS} s: {'met' if min(check) < TARGET_SECONDS else 'NOT met'} "
          f"(best {min(check) / TARGET_SECONDS:.2f}x the target)")

    names = ("import adjudicator.cli.main", "parse the file (+ grammar load)", "get_game (game module)",
             "run the scenario")
    print("\nwhere the time goes in a fresh interpreter (best of runs; seconds):")
    for name, secs in zip(names, phases(file, max(3, args.runs // 2))):
        print(f"  {name:34} {secs:7.3f}")

    rows = import_times(file)
    total = sum(r[1] for r in rows)
    print(f"\n=== python -X importtime -m adjudicator check FILE: {len(rows)} imports, "
          f"{total / 1e6:.3f} s self time in all ===")
    print(f"{'cumulative ms':>14} {'self ms':>8}  module")
    for cum, self_us, name in rows[: args.top]:
        print(f"{cum / 1000:14.1f} {self_us / 1000:8.1f}  {name.strip()}")
    print("\nself time by top-level package:")
    for top, us in list(top_level_groups(rows).items())[:10]:
        print(f"  {top:24} {us / 1000:8.1f} ms  ({100 * us / total:4.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
