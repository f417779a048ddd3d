#!/usr/bin/env bash
# The Python package (python/) as a user installs it: one abi3 wheel built
# with `maturin build --release` and an sdist with `maturin sdist` (maturin
# in a build virtualenv), the wheel's metadata checked, then the wheel
# installed into a fresh virtualenv that starts with pip alone
# (QUEENS_PYTHON_VENV, default /tmp/queens-python-venv, made afresh each
# time; pandas and numpy come as the wheel's dependencies, pytest is added
# to run the tests); its tests (python/tests: the API, in-process solvers,
# Ctrl-C and resume, and runs.csv byte for byte the CLI's for blog-repair
# and csp-heuristics) and the example python/examples/compare.py run
# against it, and the example's outputs checked. Exits non-zero on a
# failure.
#
# Prints "skipped: ..." with the reason and exits 0 when python3 is
# missing or older than 3.9, its headers (Python.h) are not installed, or
# venv/pip cannot work (no network). The wheel builds with the root's
# target directory (CARGO_TARGET_DIR=target), so no second one is made.
# By hand, from the repository root: .ci/check-python.sh
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-python: skipped: $*"; exit 0; }

VENV="${QUEENS_PYTHON_VENV:-/tmp/queens-python-venv}"
BUILD_VENV="$VENV-build"
LOG=/tmp/check-python-pip.log
command -v python3 >/dev/null || skip "no python3 on PATH"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' ||
    skip "python3 is $(python3 --version 2>&1 | cut -d' ' -f2): the package needs 3.9 or newer"
headers=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
[ -f "$headers/Python.h" ] ||
    skip "no Python.h in $headers (on Debian: apt-get install python3-dev)"
for venv in "$VENV" "$BUILD_VENV"; do
    if [ -e "$venv" ] && [ ! -f "$venv/pyvenv.cfg" ]; then
        echo "check-python: $venv exists and is not a virtualenv: set QUEENS_PYTHON_VENV to a new path" >&2
        exit 2
    fi
done
python3 -m venv --clear "$BUILD_VENV" >"$LOG" 2>&1 ||
    skip "python3 -m venv failed (on Debian: apt-get install python3-venv): $(tail -1 "$LOG")"
"$BUILD_VENV/bin/pip" install -q maturin >"$LOG" 2>&1 ||
    skip "pip could not install maturin (no network?): $(tail -1 "$LOG")"

DIST="$(mktemp -d)"
OUT="$(mktemp -d)"
trap 'rm -rf "$DIST" "$OUT"' EXIT
cargo build --release --quiet
echo "check-python: maturin build --release and maturin sdist"
if ! CARGO_TARGET_DIR="$PWD/target" "$BUILD_VENV/bin/maturin" build --release --quiet \
        -m python/Cargo.toml --out "$DIST" >"$LOG" 2>&1 ||
    ! "$BUILD_VENV/bin/maturin" sdist -m python/Cargo.toml --out "$DIST" >>"$LOG" 2>&1; then
    tail -30 "$LOG"
    echo "FAIL: maturin could not build the wheel or the sdist"
    exit 1
fi
wheels=("$DIST"/*.whl)
[ "${#wheels[@]}" = 1 ] && [[ "${wheels[0]}" == *-abi3-* ]] ||
    { echo "FAIL: expected one abi3 wheel, got: ${wheels[*]}"; exit 1; }
sdists=("$DIST"/*.tar.gz)
[ -s "${sdists[0]}" ] || { echo "FAIL: maturin sdist wrote no .tar.gz"; exit 1; }
echo "check-python: $(basename "${wheels[0]}") ($(stat -c %s "${wheels[0]}") bytes), $(basename "${sdists[0]}")"
# The wheel's metadata: what an index page and pip show.
python3 - "${wheels[0]}" <<'PY'
import sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
text = wheel.read(name).decode()
fields = [line.split(":", 1)[0] for line in text.splitlines() if ": " in line]
missing = [f for f in ("Summary", "License", "Requires-Python", "Classifier",
                       "Project-URL", "Requires-Dist", "Description-Content-Type")
           if f not in fields]
if missing or "Programming Language :: Rust" not in text:
    sys.exit(f"FAIL: the wheel's METADATA lacks {missing}")
print("check-python: the wheel's metadata has every field")
PY

echo "check-python: the wheel into a fresh virtualenv (pip alone, then pytest)"
python3 -m venv --clear "$VENV" >"$LOG" 2>&1 || { cat "$LOG"; exit 1; }
if ! "$VENV/bin/pip" install -q "${wheels[0]}" pytest >"$LOG" 2>&1; then
    tail -30 "$LOG"
    echo "FAIL: pip install of the wheel"
    exit 1
fi
QUEENS_BIN="$PWD/target/release/queens" "$VENV/bin/python" -m pytest -q python/tests
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
