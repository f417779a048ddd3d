#!/usr/bin/env bash
# Opens each PLOTS_DIR's report.html in headless Chromium and checks it
# (see check_report.js): loads with no console error and no request for the
# network or another file, every chart and table rendered with a non-zero
# size, charts and page not blank, no sideways scrolling on a phone.
# Needs root on Debian: installs the `chromium` package; playwright-core
# goes into a temporary directory, removed at the end.
# Usage: .ci/check-report.sh plots/*/
set -euo pipefail
if [ $# -eq 0 ]; then
    echo "usage: $0 PLOTS_DIR... (directories holding report.html)" >&2
    exit 2
fi
for dir in "$@"; do
    if [ ! -f "$dir/report.html" ]; then
        echo "FAIL: $dir/report.html not found: write it with \`queens report DATA_DIR --plots $dir\`" >&2
        exit 1
    fi
done
if [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends chromium >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm install --no-audit --no-fund --silent --prefix "$work" playwright-core@1.65.1 >/dev/null)
HOME="$work" NODE_PATH="$work/node_modules" node "$(dirname "$0")/check_report.js" "$@"
