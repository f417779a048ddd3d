#!/usr/bin/env bash
# The book: built with mdBook (installed from crates.io when missing; any
# warning or error fails), then every `console` block of the README and
# the book run against the release binary, checking exit codes and the
# output the pages quote (.ci/check_book.py). Links, the table of contents
# and the generated reference pages are checked by `cargo test` (tests/book.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
MDBOOK_VERSION=0.5.4
if ! command -v python3 >/dev/null; then
    echo "skipped: the book's command check needs python3"; exit 0
fi
if ! mdbook --version 2>/dev/null | grep -q "v$MDBOOK_VERSION"; then
    echo "installing mdbook $MDBOOK_VERSION from crates.io"
    cargo install --locked --quiet mdbook --version "$MDBOOK_VERSION"
fi
log=$(mktemp)
out=$(mktemp -d)
mdbook build docs --dest-dir "$out" 2>&1 | tee "$log"
if grep -Eq '(WARN|ERROR)' "$log"; then
    echo "mdbook build docs printed warnings or errors (above)"; exit 1
fi
rm -rf "$out" "$log"
cargo build --release --quiet
python3 .ci/check_book.py target/release
