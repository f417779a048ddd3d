#!/usr/bin/env python3
"""Loads an export of `queens export --format ioh` with iohinspector and
checks its fixed-target ERT at target 0 (solved) against summary.csv.

Usage: check_ioh.py EXPORT_DIR DATA_DIR MEASURE [EXPORT_DIR DATA_DIR MEASURE]...
(one Python process for every export: importing iohinspector takes seconds)

- iohinspector's DataManager reads every JSON info file and .dat file of
  EXPORT_DIR; the runs per (algorithm, dimension) must be the trials of
  summary.csv's (label, n) cell, for every cell with n <= 65535.
- ERT as IOH defines it, from what iohinspector loaded: per run the first
  evaluation whose raw_y is <= 0, or the run's `evals` (its whole length)
  when none is; their sum over the successes. It must equal summary.csv's
  `ert_<MEASURE>` within 1e-9 relative, infinite on both sides when no run
  succeeded, once the trials whose count was 0 are taken back to 0: IOH
  counts evaluations from 1, so the export writes such a trial (a climb
  stuck before its first move, a board solved as drawn) as 1 and says so
  (runs.csv gives how many there are per cell).
- A proof that no solution exists (summary.csv's `proved`, N = 2 and 3)
  answers a trial in summary.csv, which IOH cannot say: its fixed-target
  view knows only reaching the target. In such a cell the sum above over
  the successes plus the proofs must equal summary.csv's ERT, and
  iohinspector's must be infinite when no run solved (the cell is counted
  apart in the printed line).
- iohinspector's own aggregate_running_time at target 0, per (algorithm,
  dimension): it charges every failed run the group's largest evaluation
  count (as IOHanalyzer does), so it must equal summary.csv's ERT where
  every failure used that count (all cells without failures among them);
  elsewhere the difference is reported, not failed.

The data is loaded with monotonic=False: iohinspector's monotonic filter
compares each line with the previous line of the whole file, so it drops
a run's first line when the run before ended on the same value (two runs
solved at evaluation 1, as min-conflicts is in whole-board evaluations).

Prints one line per export; exit status 1 on any failure, naming the cell.
"""

import csv
import math
import sys
import warnings

import polars as pl
from iohinspector import DataManager, aggregate_running_time

warnings.filterwarnings("ignore")

MAX_DIMENSION = 65535


def close(a, b):
    if math.isinf(a) or math.isinf(b):
        return a == b
    return a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def summary_cells(data_dir, measure):
    """(label, n) -> (trials, proved, ERT) from summary.csv."""
    cells = {}
    with open(f"{data_dir}/summary.csv", newline="") as f:
        for row in csv.DictReader(f):
            n = int(row["n"])
            if n <= MAX_DIMENSION:
                cells[(row["label"], n)] = (
                    int(row["trials"]),
                    int(row["proved"]),
                    float(row[f"ert_{measure}"]),
                )
    return cells


def zero_counts(data_dir, measure):
    """(label, n) -> the trials of runs.csv whose MEASURE is 0 (not an
    external program's error, which the export leaves out): the export
    writes each as 1."""
    zeros = {}
    with open(f"{data_dir}/runs.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["stop_reason"] in ("solver_error", "invalid_solution"):
                continue
            if row[measure] == "0":
                key = (row["label"], int(row["n"]))
                zeros[key] = zeros.get(key, 0) + 1
    return zeros


def check(export_dir, data_dir, measure):
    """Checks one export; returns whether it passed."""
    failures = []
    dm = DataManager()
    dm.add_folder(export_dir)
    data = dm.load(monotonic=False, include_meta_data=True)
    ours = summary_cells(data_dir, measure)
    raised = zero_counts(data_dir, measure)

    # Per run: the first evaluation at target 0, or its whole length.
    hits = (
        data.filter(pl.col("raw_y") <= 0)
        .group_by("data_id")
        .agg(pl.col("evaluations").min().alias("hit"))
    )
    runs = dm.overview.join(hits, on="data_id", how="left")
    cells = runs.group_by("algorithm_name", "dimension").agg(
        pl.len().alias("runs"),
        pl.col("hit").is_not_null().sum().alias("successes"),
        pl.when(pl.col("hit").is_not_null())
        .then(pl.col("hit"))
        .otherwise(pl.col("evals"))
        .cast(pl.Float64)
        .sum()
        .alias("spent"),
        pl.col("evals").filter(pl.col("hit").is_null()).unique().alias("failed_evals"),
        pl.col("evals").max().alias("max_evals"),
    )
    seen = set()
    agreeing, differing, ert_equal, proofs = 0, [], 0, 0
    for cell in cells.iter_rows(named=True):
        key = (cell["algorithm_name"], int(cell["dimension"]))
        seen.add(key)
        if key not in ours:
            failures.append(f"{key}: in the export, not in summary.csv")
            continue
        trials, proved, ert_ours = ours[key]
        if cell["runs"] != trials:
            failures.append(f"{key}: {cell['runs']} runs, {trials} trials in summary.csv")
        answered = cell["successes"] + proved
        ert = (cell["spent"] - raised.get(key, 0)) / answered if answered else math.inf
        if close(ert, ert_ours):
            ert_equal += 1
        else:
            failures.append(f"{key}: ERT {ert!r} from iohinspector's data, {ert_ours!r} in summary.csv")

        # iohinspector's own fixed-target aggregation at target 0.
        group = data.filter(
            (pl.col("algorithm_name") == key[0]) & (pl.col("dimension") == key[1])
        )
        table = aggregate_running_time(
            group,
            f_min=0.0,
            f_max=max(float(group["raw_y"].max()), 1.0),
            scale_f_log=False,
            eval_max=int(cell["max_evals"]),
            return_as_pandas=False,
        )
        at_zero = table.filter(pl.col("raw_y") == 0.0)["ERT"]
        ert_ioh = float(at_zero[0]) if len(at_zero) else math.nan
        if math.isnan(ert_ioh):
            ert_ioh = math.inf
        same_budget = all(e == cell["max_evals"] for e in cell["failed_evals"])
        if proved:
            proofs += 1
            if cell["successes"] == 0 and not math.isinf(ert_ioh):
                failures.append(
                    f"{key}: every run a proof of no solution, yet iohinspector's "
                    f"aggregate_running_time gives ERT {ert_ioh!r} (expected inf)"
                )
        elif close(ert_ioh, ert_ours):
            agreeing += 1
        elif same_budget:
            failures.append(
                f"{key}: iohinspector's aggregate_running_time gives ERT {ert_ioh!r}, summary.csv {ert_ours!r}"
            )
        else:
            differing.append(key)
    for key in ours:
        if key not in seen:
            failures.append(f"{key}: in summary.csv, not in the export")

    for line in failures:
        print(f"FAIL {export_dir}: {line}")
    note = ""
    if proofs:
        note += (
            f"; {proofs} answered by a proof of no solution, which IOH's fixed-target view "
            "cannot express (iohinspector: no run reaches target 0)"
        )
    if differing:
        note += (
            f"; {len(differing)} with failures of different lengths, where aggregate_running_time "
            "charges every failure the longest (as IOHanalyzer does) and summary.csv each its own"
        )
    print(
        f"{'FAIL' if failures else 'ok'} {data_dir} ({measure}): {len(cells)} cells, "
        f"ERT at target 0 equal to summary.csv's in {ert_equal}, "
        f"iohinspector's aggregate_running_time in {agreeing}{note}"
    )
    return not failures


def main(args):
    if not args or len(args) % 3:
        print("usage: check_ioh.py EXPORT_DIR DATA_DIR MEASURE [EXPORT_DIR DATA_DIR MEASURE]...")
        return 2
    results = [check(*args[i : i + 3]) for i in range(0, len(args), 3)]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
