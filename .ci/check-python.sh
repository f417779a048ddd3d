#!/usr/bin/env bash
# The Python package (python/): builds and installs it with pip into a
# virtualenv (QUEENS_PYTHON_VENV, default /tmp/queens-python-venv, made
# afresh each time) with maturin, pytest, pandas and numpy from PyPI, runs
# its tests (python/tests: the API, in-process solvers, Ctrl-C and resume,
# and runs.csv byte for byte the CLI's for blog-repair and csp-heuristics)
# and the example python/examples/compare.py, then checks the example's
# outputs. Exits non-zero on a failure.
#
# Prints "skipped: ..." with the reason and exits 0 when python3 is
# missing or older than 3.9, its headers (Python.h) are not installed, or
# venv/pip cannot work (no network). The package builds with the root's
# target directory (CARGO_TARGET_DIR=target), so no second one is made.
# By hand, from the repository root: .ci/check-python.sh
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-python: skipped: $*"; exit 0; }

VENV="${QUEENS_PYTHON_VENV:-/tmp/queens-python-venv}"
LOG=/tmp/check-python-pip.log
command -v python3 >/dev/null || skip "no python3 on PATH"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' ||
    skip "python3 is $(python3 --version 2>&1 | cut -d' ' -f2): the package needs 3.9 or newer"
headers=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
[ -f "$headers/Python.h" ] ||
    skip "no Python.h in $headers (on Debian: apt-get install python3-dev)"
if [ -e "$VENV" ] && [ ! -f "$VENV/pyvenv.cfg" ]; then
    echo "check-python: $VENV exists and is not a virtualenv: set QUEENS_PYTHON_VENV to a new path" >&2
    exit 2
fi
python3 -m venv --clear "$VENV" >"$LOG" 2>&1 ||
    skip "python3 -m venv failed (on Debian: apt-get install python3-venv): $(tail -1 "$LOG")"
"$VENV/bin/pip" install -q maturin pytest pandas numpy >"$LOG" 2>&1 ||
    skip "pip could not install maturin, pytest, pandas and numpy (no network?): $(tail -1 "$LOG")"

cargo build --release --quiet
echo "check-python: pip install ./python"
if ! CARGO_TARGET_DIR="$PWD/target" "$VENV/bin/pip" install ./python >"$LOG" 2>&1; then
    tail -30 "$LOG"
    echo "FAIL: pip install ./python"
    exit 1
fi
QUEENS_BIN="$PWD/target/release/queens" "$VENV/bin/python" -m pytest -q python/tests

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
echo "check-python: python/examples/compare.py"
"$VENV/bin/python" python/examples/compare.py "$OUT" >"$OUT/example.log" 2>&1 || {
    cat "$OUT/example.log"; echo "FAIL: python/examples/compare.py"; exit 1; }
rows=$(($(wc -l <"$OUT/data/runs.csv") - 1))
[ "$rows" = 160 ] || { echo "FAIL: the example's runs.csv has $rows rows, not 160"; exit 1; }
grep -q "python:my-min-conflicts" "$OUT/data/runs.csv" ||
    { echo "FAIL: the example's runs.csv has no row of the Python solver"; exit 1; }
for file in plots/report.html plots/scaling.svg; do
    [ -s "$OUT/$file" ] || { echo "FAIL: the example wrote no $file"; exit 1; }
done
[ -s "$OUT/checks-by-n.png" ] || [ -s "$OUT/charts/scaling.svg" ] ||
    { echo "FAIL: the example drew no chart"; exit 1; }
grep -q "mine (Python)" "$OUT/example.log" ||
    { echo "FAIL: the example printed no table"; cat "$OUT/example.log"; exit 1; }
echo "check-python: ok"
