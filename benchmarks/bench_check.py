"""Time checking a corpus of scenarios: in-process (jobs 1 and 2) and the CLI (jobs 1 and 2).

    python benchmarks/bench_check.py [--corpus DIR] [-n 1000] [--repeat 3] [--top 25] [--no-profile]

Without --corpus a fresh corpus of N files is made by make_corpus.py (in a temp folder).
Every timing is best of --repeat runs (wall clock). The in-process figures start from a
warm process (grammars built, game modules imported); the CLI figures include start-up.
The target is under 3 s for 1,000 scenarios sequentially on the 2-core machine.
After the table, the sequential run is profiled with cProfile (top functions by
cumulative time) so hot spots in the core can be found.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_SECONDS = 3.0
NOT_PASSING: dict[str, object] = {}  # a tree edited while the benchmark runs can make files fail


def cli_command() -> list[str]:
    """The installed console script if there is one, else ``python -m adjudicator``."""
    script = shutil.which("adjudicator")
    return [script] if script else [sys.executable, "-m", "adjudicator"]


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def in_process(files: list[Path], jobs: int) -> None:
    from adjudicator.cli.runs import run_many

    results, errors = run_many(files, jobs=jobs)
    bad = [r.file for r in results if not r.passed] + [e.file for e in errors]
    if bad:  # the timing still counts; the table says how many did not pass
        NOT_PASSING[f"in-process jobs={jobs}"] = len(bad)


def via_cli(folder: Path, jobs: int) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(cli_command() + ["check", str(folder), "--jobs", str(jobs)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode == 2 or "Traceback" in proc.stderr:
        raise SystemExit(f"adjudicator check exited {proc.returncode}:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    if proc.returncode != 0:
        NOT_PASSING[f"CLI jobs={jobs}"] = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "?"


COLD = """
import sys, time
from pathlib import Path
from adjudicator.cli.runs import run_many
files = sorted(Path(sys.argv[1]).rglob("*.scn"))
t = time.perf_counter()
run_many(files, jobs=1)
print(time.perf_counter() - t)
"""


def cold_in_process(folder: Path) -> float:
    """run_many once in a fresh interpreter, imports excluded: the warm-up cost (grammars, game
    modules, card pools) that the CLI pays and the warm in-process figure does not."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", COLD, str(folder)], env=env, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.split()[-1])


def profile_sequential(files: list[Path], top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    in_process(files, 1)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.strip_dirs().sort_stats("cumulative").print_stats(top)
    out.write("\n--- by own (tottime) ---\n")
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, help="a folder of *.scn (default: make one)")
    ap.add_argument("-n", type=int, default=1000, help="corpus size when making one")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--no-profile", action="store_true")
    args = ap.parse_args(argv)

    folder = args.corpus
    made = None
    if folder is None:
        from make_corpus import generate  # type: ignore[import-not-found]

        made = folder = Path(tempfile.mkdtemp(prefix="adjudicator-corpus-"))
        generate(args.n, folder, log=lambda s: None)
    files = sorted(folder.rglob("*.scn"))
    n = len(files)
    print(f"corpus: {n} scenario files in {folder}; python {sys.version.split()[0]}; {os.cpu_count()} CPUs")

    in_process(files, 1)  # warm-up: imports, grammars, caches
    rows = [
        ("in-process run_many jobs=1", best_of(lambda: in_process(files, 1), args.repeat)),
        ("in-process run_many jobs=2", best_of(lambda: in_process(files, 2), args.repeat)),
        ("in-process jobs=1, first run", min(cold_in_process(folder) for _ in range(args.repeat))),
        ("CLI check DIR", best_of(lambda: via_cli(folder, 1), args.repeat)),
        ("CLI check DIR --jobs 2", best_of(lambda: via_cli(folder, 2), args.repeat)),
    ]
    seq = rows[0][1]
    print(f"\n{'what':34} {'total s':>9} {'ms/scenario':>12} {'/ in-proc j1':>13}")
    for what, secs in rows:
        print(f"{what:34} {secs:9.3f} {1000 * secs / n:12.2f} {secs / seq:13.2f}")
    print(f"\njobs2/sequential: in-process {rows[1][1] / rows[0][1]:.2f}, CLI {rows[4][1] / rows[3][1]:.2f}; "
          f"CLI overhead over warm in-process (jobs 1): {rows[3][1] - rows[0][1]:+.3f} s, of which first-run "
          f"warm-up {rows[2][1] - rows[0][1]:+.3f} s")
    if NOT_PASSING:
        print(f"WARNING: not every corpus file passed during timing: {NOT_PASSING}")
    scaled = seq * 1000 / n
    print(f"target: 1,000 scenarios sequentially under {TARGET_SECONDS:.1f} s -> {scaled:.2f} s "
          f"({'met' if scaled < TARGET_SECONDS else 'NOT met'}; {scaled / TARGET_SECONDS:.2f}x the target)")

    if not args.no_profile:
        print(f"\n=== cProfile of the sequential in-process run: top {args.top} by cumulative time ===")
        print(profile_sequential(files, args.top))
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
