#!/usr/bin/env bash
# The CP-SAT reference solver (experiments/solvers/cpsat.py, a
# queens-external protocol version 3 program on Google OR-Tools): runs
# experiments/solvers/cpsat-small.toml (blocked N-Queens at N = 8 and 10)
# with the debug binary into a temporary directory and checks its
# runs.csv: every trial of the plan is there, each ended `solved` (the
# harness validated the board against the trial's instance) or
# `exhausted` (CP-SAT's proof that the instance has no solution, which the
# harness cannot check), none is a `solver_error` or an
# `invalid_solution`, at least one is solved, every row names a blocked
# instance, and external.log records no failed trial. Exits non-zero on a
# failure, naming the rows.
#
# Needs python3 with venv and pip able to install ortools (network):
# ortools goes into a virtualenv (QUEENS_CPSAT_VENV, default
# /tmp/queens-cpsat-venv, kept between runs) whose python3 runs the
# solver (its bin/ is put first on PATH). When that cannot be made, the
# check prints "skipped: ..." with the reason and exits 0. By hand, from
# the repository root: .ci/check-cpsat.sh
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-cpsat: skipped: $*"; exit 0; }

VENV="${QUEENS_CPSAT_VENV:-/tmp/queens-cpsat-venv}"
LOG=/tmp/check-cpsat-pip.log
command -v python3 >/dev/null || skip "no python3 on PATH"
if ! "$VENV/bin/python3" -c 'import ortools.sat.python.cp_model' 2>/dev/null; then
    if [ -e "$VENV" ] && [ ! -f "$VENV/pyvenv.cfg" ]; then
        echo "check-cpsat: $VENV exists and is not a virtualenv: set QUEENS_CPSAT_VENV to a new path" >&2
        exit 2
    fi
    echo "check-cpsat: installing ortools into $VENV"
    python3 -m venv --clear "$VENV" >"$LOG" 2>&1 ||
        skip "python3 -m venv failed (on Debian: apt-get install python3-venv): $(tail -1 "$LOG")"
    "$VENV/bin/pip" install -q ortools >"$LOG" 2>&1 ||
        skip "pip could not install ortools (no network, or no wheel for $(python3 --version)): $(tail -1 "$LOG")"
fi

cargo build --quiet
QUEENS="$PWD/target/debug/queens"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
echo "check-cpsat: queens run experiments/solvers/cpsat-small.toml"
# A run with failed trials exits 3: the checks below name them.
status=0
PATH="$VENV/bin:$PATH" "$QUEENS" run experiments/solvers/cpsat-small.toml \
    --data "$OUT/data" --plots "$OUT/plots" --quiet >"$OUT/run.log" 2>&1 || status=$?
if [ "$status" != 0 ] && [ "$status" != 3 ]; then
    cat "$OUT/run.log"
    echo "FAIL: queens run exited $status"
    exit 1
fi
if grep -q '^\[[^]]*\] n=' "$OUT/data/external.log" 2>/dev/null; then
    cat "$OUT/data/external.log"
    echo "FAIL: external.log records failed trials"
    exit 1
fi
"$VENV/bin/python3" - "$OUT/data/runs.csv" <<'PY'
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1], newline="")))
planned = 2 * 8  # sizes = [8, 10], trials = 8
problems = []
if len(rows) != planned:
    problems.append(f"{len(rows)} rows, not the plan's {planned}")
for row in rows:
    where = f"N = {row['n']}, trial {row['trial']}, seed {row['seed']}"
    if row["stop_reason"] not in ("solved", "exhausted"):
        problems.append(f"{where}: stop_reason {row['stop_reason']}")
    if (row["solved"] == "TRUE") != (row["stop_reason"] == "solved"):
        problems.append(f"{where}: solved {row['solved']} with {row['stop_reason']}")
    if not row["instance"].startswith("blocked("):
        problems.append(f"{where}: instance {row['instance']}, not a blocked one")
solved = sum(row["stop_reason"] == "solved" for row in rows)
exhausted = sum(row["stop_reason"] == "exhausted" for row in rows)
if solved == 0:
    problems.append("no trial solved")
if solved + exhausted != len(rows):
    problems.append(f"{solved} solved + {exhausted} exhausted is not all {len(rows)} trials")
if problems:
    print("FAIL: cpsat-small's runs.csv:", *problems, sep="\n  ")
    sys.exit(1)
print(f"check-cpsat: {solved} solved and {exhausted} exhausted (a claimed proof) of {len(rows)} trials")
PY
echo "check-cpsat: ok"
