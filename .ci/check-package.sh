#!/usr/bin/env bash
# The crate as crates.io would ship it: `cargo package` (no committed data
# or charts in it, under crates.io's 10 MB limit), the .crate unpacked into
# a temporary directory, the binary installed from that directory alone
# with `cargo install --path` into a temporary root (what `cargo install
# queens` does), `queens --version` saying it is not from git, then the
# embedded default experiment run there and the README's console blocks
# (the tour) run against that binary. Exits non-zero on a failure; prints
# "skipped: ..." without python3, which runs the README's blocks.
# By hand, from the repository root: .ci/check-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."

command -v python3 >/dev/null || { echo "check-package: skipped: the README's blocks need python3"; exit 0; }
version=$(cargo metadata --no-deps --format-version 1 |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "queens"))')
listed=$(cargo package --list --allow-dirty)
if grep -Eq '^(data|plots)/' <<<"$listed"; then
    echo "FAIL: cargo package would ship committed data or charts:"
    grep -E '^(data|plots)/' <<<"$listed" | head
    exit 1
fi
# --no-verify: the install below builds the package from its own files.
cargo package --allow-dirty --no-verify --quiet
crate="target/package/queens-$version.crate"
bytes=$(stat -c %s "$crate")
echo "check-package: $crate is $bytes bytes ($(wc -l <<<"$listed") files)"
[ "$bytes" -lt 10000000 ] || { echo "FAIL: the package is over crates.io's 10 MB limit"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$crate" -C "$work"
unpacked="$work/queens-$version"
# The repository's target directory: the dependencies the release build of
# CI compiled already are reused; the crate itself is built from $unpacked.
CARGO_TARGET_DIR="$PWD/target" cargo install --locked --quiet --path "$unpacked" --root "$work/root"
bin="$work/root/bin"
"$bin/queens" --version | tee "$work/version.txt"
grep -q "^queens $version (not from git" "$work/version.txt" ||
    { echo "FAIL: a packaged build's --version should say it is not from git"; exit 1; }
echo "check-package: the embedded default experiment, from the unpacked crate"
(cd "$unpacked" && "$bin/queens" run --quiet)
[ -s "$unpacked/plots/blog-repair/report.html" ] ||
    { echo "FAIL: queens run wrote no report in the unpacked crate"; exit 1; }
echo "check-package: the README's console blocks with the installed binary"
python3 .ci/check_book.py --root "$unpacked" "$bin" README.md
echo "check-package: ok"
