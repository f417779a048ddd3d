#!/usr/bin/env bash
# The Bayesian second opinion: recomputes compare.csv's p_a_better,
# p_equivalent and p_b_better of every data directory given (default:
# the shipped data/*/) from its runs.csv with the baycomp Python package
# (Benavoli et al. 2017's tests), and checks that they agree within the
# Monte-Carlo tolerance .ci/check_bayes.py states (0.04: compare.csv draws
# 4,000 times, baycomp 20,000, and the draws differ between
# implementations). Exits non-zero on a failure, naming the directory,
# the measure, the N, the pair and both sets of probabilities.
#
# Needs python3 with venv and pip able to install baycomp (network):
# baycomp goes into a virtualenv (QUEENS_BAYES_VENV, default
# /tmp/queens-bayes-venv, kept between runs). When that cannot be made,
# the check prints "skipped: ..." with the reason and exits 0. Builds
# nothing: it reads runs.csv and compare.csv. By hand, from the
# repository root: .ci/check-bayes.sh [DATA_DIR...]
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-bayes: skipped: $*"; exit 0; }

VENV="${QUEENS_BAYES_VENV:-/tmp/queens-bayes-venv}"
LOG=/tmp/check-bayes-pip.log
command -v python3 >/dev/null || skip "no python3 on PATH"
if ! "$VENV/bin/python" -c 'import baycomp, numpy' 2>/dev/null; then
    if [ -e "$VENV" ] && [ ! -f "$VENV/pyvenv.cfg" ]; then
        echo "check-bayes: $VENV exists and is not a virtualenv: set QUEENS_BAYES_VENV to a new path" >&2
        exit 2
    fi
    echo "check-bayes: installing baycomp into $VENV"
    python3 -m venv --clear "$VENV" >"$LOG" 2>&1 ||
        skip "python3 -m venv failed (on Debian: apt-get install python3-venv): $(tail -1 "$LOG")"
    "$VENV/bin/pip" install -q baycomp >"$LOG" 2>&1 ||
        skip "pip could not install baycomp (no network, or no wheel for $(python3 --version)): $(tail -1 "$LOG")"
fi

if [ "$#" -eq 0 ]; then
    set -- data/*/
fi
"$VENV/bin/python" .ci/check_bayes.py "$@"
