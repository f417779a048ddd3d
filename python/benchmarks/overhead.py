"""Per-trial overhead of a Python solver run in process (queens.register)
against the same solver run as an external program (the queens-external
protocol over a pipe): experiments/solvers/min_conflicts.py's search, on
experiments/external-python.toml's plan (N = 8..256, 50 trials, the same
budget), one worker thread.

First the mean wall_seconds of a row on that plan, each mode in its own
run under the same label, so both search the same seeds and do the same
work (README's figure for the external program: 5.2 ms). Then the overhead of a trial alone: the mean wall_seconds of a solver that
answers at once with a fixed board (N = 8), in process and as an external
program, which is what the harness adds to any search (the call, the
reply's checks, the validation; for the external program also the JSON
lines over its pipes). Run from the
repository root:

    python python/benchmarks/overhead.py [--trials 50] [--small-trials 1000] [--threads 1]
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import queens

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "experiments" / "solvers"))
import min_conflicts  # noqa: E402


BUDGET = {"max_steps": 100_000, "time_limit": 10.0}


def mc(n, rng_seed, budget, trace, params):
    return min_conflicts.solve(n, rng_seed, params, budget, trace)


def run(mode, sizes, trials, threads):
    """Runs one mode on `sizes` under the label "mc" (so both modes search
    the same seeds, and the same trials); returns the rows and the whole
    time."""
    if mode == "in process":
        entry = {"name": "python:mc"}
    else:
        program = ROOT / "experiments" / "solvers" / "min_conflicts.py"
        entry = {"name": "external", "command": ["python3", str(program)], "step": "repair"}
    config = {
        "name": "overhead",
        "seed": 1992,
        "trials": trials,
        "sizes": sizes,
        "budget": BUDGET,
        "algorithm": [{**entry, "label": "mc", "params": {"patience": 100}}],
    }
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        result = queens.run(config, data=Path(tmp) / "d", plots=Path(tmp) / "p",
                            threads=threads, progress=False)
        whole = time.perf_counter() - start
        return result.load().runs, whole


BOARD = [0, 4, 7, 5, 2, 6, 1, 3]

# An external program that answers every request at once with BOARD.
INSTANT_PROGRAM = """
import json, sys
sys.stdin.readline()
print(json.dumps({"protocol_version": 2, "name": "instant", "version": "1", "many_trials": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], "solution": %r, "stop_reason": "solved"}), flush=True)
""" % BOARD


def instant(n, rng_seed, budget, trace):
    return BOARD, "solved", {}


def overhead(trials, threads):
    """Mean wall_seconds of a trial of a solver that answers at once (N = 8),
    in process and as an external program: the harness's own cost."""
    queens.register("instant", instant)
    with tempfile.TemporaryDirectory() as tmp:
        program = Path(tmp) / "instant.py"
        program.write_text(INSTANT_PROGRAM)
        config = {
            "name": "instant",
            "trials": trials,
            "sizes": [8],
            "algorithm": [
                {"name": "python:instant", "label": "in process"},
                {"name": "external", "label": "external", "command": ["python3", str(program)]},
            ],
        }
        result = queens.run(config, data=Path(tmp) / "d", plots=Path(tmp) / "p",
                            threads=threads, progress=False)
        runs = result.load().runs
    return {label: statistics.fmean(runs[runs["label"] == label]["wall_seconds"])
            for label in ("in process", "external")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--small-trials", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    queens.register("mc", mc, step="repair")
    print(f"external-python's plan (N = 8..256, {args.trials} trials per N), the same "
          f"seeds both ways, {args.threads} thread(s):")
    print(f"  {'mode':<12} {'mean wall_seconds':>18} {'whole run':>10}")
    steps = {}
    for mode in ("in process", "external"):
        runs, whole = run(mode, [8, 16, 32, 64, 128, 256], args.trials, args.threads)
        steps[mode] = list(runs["steps"])
        wall = statistics.fmean(runs["wall_seconds"])
        print(f"  {mode:<12} {wall * 1e3:>15.3f} ms {whole:>8.1f} s")
    assert steps["in process"] == steps["external"], "both modes search the same trials"
    means = overhead(args.small_trials, args.threads)
    print(f"a solver that answers at once (N = 8, {args.small_trials} trials per mode): "
          "the harness's cost per trial")
    for label, wall in means.items():
        print(f"  {label:<12} {wall * 1e3:>15.3f} ms")


if __name__ == "__main__":
    main()
