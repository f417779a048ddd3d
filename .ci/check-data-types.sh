#!/usr/bin/env bash
# Data types: reads every CSV file of the data directories given as
# arguments (runs.csv, summary.csv, traces.csv, params.csv, compare.csv,
# ranking.csv, those that exist) with R's read.csv and pandas' read_csv,
# default options, and checks that each column comes out as the book's data reference
# promises: seeds exact and below 2^53, `solved` logical, `budget` and
# `params` text, summary.csv numeric with Inf read as infinity, and no
# column changing type between directories (.ci/check_data_types.py and
# .ci/check_data_types.R say exactly what is checked). Exits non-zero on a
# failure, naming the file, the column, the type expected and the type found.
#
# Needs root on Debian (it installs r-base-core and python3-pandas with
# apt-get) unless both are there; skips with a message when it cannot
# install them. By hand, from
# the repository root: .ci/check-data-types.sh data/*/
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-data-types: skipped: $*"; exit 0; }

[ "$#" -gt 0 ] || { echo "usage: .ci/check-data-types.sh DATA_DIR..." >&2; exit 2; }
for dir in "$@"; do
    [ -d "$dir" ] || { echo "check-data-types: $dir is not a directory: pass data directories (data/*/)" >&2; exit 2; }
done
# Debian's own python3, which python3-pandas installs into (a python3 from
# pyenv or a virtualenv earlier on PATH does not see it).
PYTHON=/usr/bin/python3
if ! command -v Rscript >/dev/null || ! "$PYTHON" -c 'import pandas' 2>/dev/null; then
    { [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ]; } ||
        skip "the R/pandas check needs root on Debian (it installs r-base-core and python3-pandas)"
    echo "check-data-types: installing r-base-core and python3-pandas"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends r-base-core python3-pandas; } >/tmp/check-data-types-apt.log 2>&1; then
        tail -5 /tmp/check-data-types-apt.log
        skip "apt-get could not install r-base-core and python3-pandas (see above)"
    fi
fi

status=0
"$PYTHON" .ci/check_data_types.py "$@" || status=1
Rscript .ci/check_data_types.R "$@" || status=1
exit "$status"
