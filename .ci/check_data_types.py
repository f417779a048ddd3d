#!/usr/bin/env python3
"""Reads every CSV file of the data directories given as arguments with
pandas' read_csv, default options, and checks that the columns come out as
the book's data reference (docs/src/reference/data.md) promises (the R twin is check_data_types.R):

- runs.csv `seed`: int64, equal to the file's text, below 2^53;
- `solved`, `significant`, `indistinguishable_from_best` and summary.csv's
  `<measure>_heavy_tail`: bool;
- a cell `NA`: read as missing (NaN);
- `budget`, `params`: text (object) in every file;
- summary.csv: every column but the text and bool ones is numeric;
- a cell `Inf`/`-Inf`: its column is numeric and the value infinite;
- no empty cell in a text column (pandas reads NaN where R reads "");
- a column has the same dtype in every directory holding a file of that
  name (columns with no cell in a file, and params.csv `value`, whose
  values are of mixed kinds, are not compared).

One line per file checked; every failure names the file, the column, the
type expected and the type found. Exit status 1 on any failure.
"""

import csv
import math
import os
import sys

import pandas as pd

FILES = ["runs.csv", "summary.csv", "traces.csv", "params.csv", "compare.csv", "ranking.csv"]
# Columns that hold words, wherever they appear.
TEXT = {"experiment", "algorithm", "label", "step_unit", "params", "budget",
        "stop_reason", "source", "key", "value", "measure", "statistic",
        "label_a", "label_b", "a", "b", "better", "test", "method", "verdict",
        "versus_best"}
# Columns whose kind differs by design between directories.
NOT_COMPARED = {("params.csv", "value")}
# Columns of TRUE/FALSE: these, and summary.csv's `<measure>_heavy_tail`.
LOGICAL = {"solved", "significant", "indistinguishable_from_best"}


def is_logical(column):
    return column in LOGICAL or column.endswith("_heavy_tail")

SAFE = 2 ** 53

failures = []


def fail(path, column, expected, found):
    failures.append(f"FAIL {path}: column {column}: expected {expected}, found {found}")


def raw(path):
    """The header and the text columns of the file, as the csv module reads them."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return header, {c: [r[i] for r in body] for i, c in enumerate(header)}


def is_numeric(dtype):
    return pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype)


def check_file(path, name, types):
    frame = pd.read_csv(path)
    header, text = raw(path)
    for column in frame.columns:
        dtype = str(frame[column].dtype)
        cells = text[column]
        missing = all(c in ("", "NA") for c in cells)
        if not missing and (name, column) not in NOT_COMPARED:
            types[column] = dtype
        if column in ("budget", "params") and dtype != "object":
            fail(path, column, "object (text)", dtype)
        if is_logical(column) and dtype != "bool":
            fail(path, column, "bool", dtype)
        if "NA" in cells:
            line = cells.index("NA") + 2
            if not pd.isna(frame[column].iloc[line - 2]):
                fail(path, column, f"a missing value for the cell NA on line {line}",
                     repr(frame[column].iloc[line - 2]))
        if name == "summary.csv" and column not in TEXT and not is_logical(column) and not missing and not is_numeric(frame[column].dtype):
            fail(path, column, "a numeric dtype", dtype)
        if column in TEXT and "" in cells:
            fail(path, column, "no empty cell in a text column (pandas reads NaN, R reads \"\")",
                 f"an empty cell on line {cells.index('') + 2}")
        for line, cell in enumerate(cells, start=2):
            if cell in ("Inf", "-Inf"):
                value = frame[column].iloc[line - 2]
                if not is_numeric(frame[column].dtype) or not math.isinf(value):
                    fail(path, column, f"numeric infinity for the cell {cell} on line {line}",
                         f"{dtype} {value!r}")
                    break
    if name == "runs.csv" and "seed" in frame.columns:
        dtype = str(frame["seed"].dtype)
        if dtype != "int64":
            fail(path, "seed", "int64", dtype)
        for line, (value, cell) in enumerate(zip(frame["seed"], text["seed"]), start=2):
            if str(value) != cell:
                fail(path, "seed", f"the file's text {cell} on line {line}", str(value))
                break
            if int(cell) >= SAFE:
                fail(path, "seed", f"a seed below 2^53 = {SAFE} (exact as a double, as R reads it)",
                     f"{cell} on line {line}")
                break
    print(f"pandas: checked {path} ({len(frame)} rows, {len(frame.columns)} columns)")


def main(dirs):
    if not dirs:
        print("usage: check_data_types.py DATA_DIR...", file=sys.stderr)
        return 2
    seen = {}  # file name -> column -> (dtype, path) first seen
    for d in dirs:
        for name in FILES:
            path = os.path.join(d, name)
            if not os.path.isfile(path):
                continue
            types = {}
            check_file(path, name, types)
            first = seen.setdefault(name, {})
            for column, dtype in types.items():
                if column in first and first[column][0] != dtype:
                    fail(path, column, f"{first[column][0]} as in {first[column][1]}", dtype)
                first.setdefault(column, (dtype, path))
    for line in failures:
        print(line)
    print(f"pandas: {'FAILED, ' + str(len(failures)) + ' failure(s)' if failures else 'all columns read as expected'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
