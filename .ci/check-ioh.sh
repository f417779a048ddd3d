#!/usr/bin/env bash
# IOHprofiler export: exports every shipped experiment (data/*/) with
# `queens export --format ioh` into a temporary directory, in checks and in
# each other measure every label of it records, loads each export with the
# iohinspector Python package and checks that its fixed-target ERT at
# target 0 (solved) per (algorithm, dimension) equals summary.csv's ERT of
# that measure (.ci/check_ioh.py says exactly what is checked). Exits
# non-zero on a failure, naming the experiment, the cell and both values.
#
# Needs python3 with venv and pip able to install iohinspector (network):
# iohinspector goes into a virtualenv (QUEENS_IOH_VENV, default
# /tmp/queens-ioh-venv, kept between runs). When that cannot be made, the
# check prints "skipped: ..." with the reason and exits 0. Builds the
# release binary first when needed. By hand, from the repository root:
# .ci/check-ioh.sh
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-ioh: skipped: $*"; exit 0; }

VENV="${QUEENS_IOH_VENV:-/tmp/queens-ioh-venv}"
LOG=/tmp/check-ioh-pip.log
command -v python3 >/dev/null || skip "no python3 on PATH"
if ! "$VENV/bin/python" -c 'import iohinspector' 2>/dev/null; then
    if [ -e "$VENV" ] && [ ! -f "$VENV/pyvenv.cfg" ]; then
        echo "check-ioh: $VENV exists and is not a virtualenv: set QUEENS_IOH_VENV to a new path" >&2
        exit 2
    fi
    echo "check-ioh: installing iohinspector into $VENV"
    python3 -m venv --clear "$VENV" >"$LOG" 2>&1 ||
        skip "python3 -m venv failed (on Debian: apt-get install python3-venv): $(tail -1 "$LOG")"
    "$VENV/bin/pip" install -q iohinspector >"$LOG" 2>&1 ||
        skip "pip could not install iohinspector (no network, or no wheel for $(python3 --version)): $(tail -1 "$LOG")"
fi

cargo build --release --quiet
QUEENS=target/release/queens
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

checks=()
for dir in data/*/; do
    name="$(basename "$dir")"
    for measure in checks evaluations steps; do
        export_dir="$OUT/$name-$measure"
        if ! "$QUEENS" export --format ioh "$dir" --out "$export_dir" --measure "$measure" \
            --omit-large-sizes >"$OUT/export.log" 2>&1; then
            # Checks are recorded by every algorithm: a refusal there fails.
            if [ "$measure" = checks ]; then
                cat "$OUT/export.log"
                echo "FAIL $dir: queens export --measure checks failed"
                exit 1
            fi
            echo "check-ioh: $dir: no $measure export ($(sed -n 's/^error: //p' "$OUT/export.log" | head -1))"
            continue
        fi
        checks+=("$export_dir" "$dir" "$measure")
    done
done
"$VENV/bin/python" .ci/check_ioh.py "${checks[@]}"
