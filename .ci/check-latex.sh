#!/usr/bin/env bash
# LaTeX: writes `queens report --latex` for every shipped experiment into a
# temporary directory and compiles, with pdflatex, one document that
# \input's each summary.tex, compare.tex, growth.tex, ert-ratio.tex and targets.tex (booktabs longtables) and
# includes each experiment's paper figure ert.pdf (drawn with `queens plot
# --style paper`), as the book's
# LaTeX example (docs/src/how-to/paper.md) does. Fails on a LaTeX error, an overfull box wider than
# 20 pt, or a warning about an included PDF's version.
#
# Needs root on Debian (it installs texlive-latex-base and
# texlive-latex-recommended with apt-get) unless pdflatex is there; skips
# with a message when it cannot install them. By hand, from the
# repository root: .ci/check-latex.sh
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "check-latex: skipped: $*"; exit 0; }

if ! command -v pdflatex >/dev/null; then
    { [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ]; } ||
        skip "the LaTeX check needs root on Debian (it installs texlive-latex-base and texlive-latex-recommended)"
    echo "check-latex: installing texlive-latex-base and texlive-latex-recommended"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends texlive-latex-base texlive-latex-recommended; } >/tmp/check-latex-apt.log 2>&1; then
        tail -5 /tmp/check-latex-apt.log
        skip "apt-get could not install TeX (see above)"
    fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
    printf '%s\n' '\documentclass{article}' '\usepackage[margin=2cm]{geometry}' \
        '\usepackage{booktabs,longtable,graphicx}' '\usepackage[utf8]{inputenc}' \
        '\usepackage[T1]{fontenc}' '\begin{document}'
} >"$work/tables.tex"
for data in data/*/; do
    name=$(basename "$data")
    # The charts stay where they are; the tables and a report go to $work.
    cp -r "plots/$name" "$work/$name"
    cargo run --release --quiet -- report "$data" --plots "$work/$name" --latex >/dev/null
    # The paper figures are made on demand (not committed), with their PDFs
    # by a build with the print formats.
    cargo run --release --quiet --features print -- plot "$data" --plots "$work/$name" --style paper >/dev/null
    {
        printf '\\section*{%s}\n' "$name"
        printf '\\input{%s/summary.tex}\n\\input{%s/compare.tex}\n\\input{%s/growth.tex}\n\\input{%s/ert-ratio.tex}\n' "$name" "$name" "$name" "$name"
        if [ -f "$work/$name/targets.tex" ]; then
            printf '\\input{%s/targets.tex}\n' "$name"
        fi
        if [ -f "$work/$name/paper/ert.pdf" ]; then
            printf '\\includegraphics{%s/paper/ert.pdf}\n' "$name"
        fi
    } >>"$work/tables.tex"
done
echo '\end{document}' >>"$work/tables.tex"

(cd "$work" && pdflatex -interaction=nonstopmode -halt-on-error tables.tex >/dev/null 2>&1 &&
    pdflatex -interaction=nonstopmode -halt-on-error tables.tex >/dev/null 2>&1) || {
    echo "check-latex: pdflatex failed:"
    grep -A5 '^!' "$work/tables.log" | head -40
    exit 1
}
status=0
if grep -n 'PDF inclusion: found PDF version' "$work/tables.log"; then
    echo "check-latex: an included figure's PDF version is newer than pdflatex accepts"
    status=1
fi
overfull=$(grep -E '^Overfull \\hbox \(([2-9][0-9]|[0-9]{3,})(\.[0-9]+)?pt too wide' "$work/tables.log" || true)
if [ -n "$overfull" ]; then
    echo "check-latex: tables overflow the page:"
    echo "$overfull" | head -20
    status=1
fi
pages=$(grep -o 'Output written on tables.pdf ([0-9]* pages' "$work/tables.log" | grep -o '[0-9]* pages' || true)
echo "check-latex: compiled every shipped experiment's tables and figure (${pages:-? pages})"
exit "$status"
