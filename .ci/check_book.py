#!/usr/bin/env python3
"""Run every `console` block of the README and the book (docs/src) and
compare what it prints with the page.

A `console` block holds commands, each on a line starting with `$ `, and
after each the lines it is expected to print. Every command must exit 0.
Each expected line must appear in the command's output (stdout and stderr),
in order, as part of one output line; `…` inside a line stands for any
text, and a line that is only `…` for any number of lines. The commands of
one page run in order in one temporary directory holding copies of
experiments/ and data/ (so nothing committed changes), with the release
binary first on PATH as `queens`.

Usage: check_book.py [--root DIR] BINARY_DIR [FILE.md ...]

--root DIR takes experiments/ and data/ (when it has one) from DIR instead
of the repository: the package check runs the README against an unpacked
crate, which ships no data/.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pages():
    yield os.path.join(ROOT, "README.md")
    for dirpath, _, names in sorted(os.walk(os.path.join(ROOT, "docs", "src"))):
        for name in sorted(names):
            if name.endswith(".md"):
                yield os.path.join(dirpath, name)


def console_blocks(text):
    """The console blocks of a page: (line number, [(command, [expected])])."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if current is None:
            if re.match(r"^```console\b", stripped):
                current, start = [], number
        elif stripped.startswith("```"):
            blocks.append((start, current))
            current = None
        elif line.startswith("$ "):
            current.append((line[2:], []))
        elif current:
            current[-1][1].append(line)
        elif stripped:
            raise SystemExit(f"line {number}: output before the first `$ ` command")
    return blocks


def matches(expected, output_lines):
    """Whether the expected lines appear in order in the output; `…` alone
    skips any lines, `…` inside a line matches any text."""
    at = 0
    for want in expected:
        if want.strip() in ("", "…"):
            continue
        pattern = ".*".join(re.escape(part) for part in want.strip().split("…"))
        while at < len(output_lines) and not re.search(pattern, output_lines[at]):
            at += 1
        if at == len(output_lines):
            return want
        at += 1
    return None


def main():
    args = sys.argv[1:]
    source = ROOT
    if args[:1] == ["--root"] and len(args) >= 2:
        source, args = os.path.abspath(args[1]), args[2:]
    if not args:
        raise SystemExit(__doc__)
    binary_dir = os.path.abspath(args[0])
    chosen = [os.path.abspath(p) for p in args[1:]] or list(pages())
    env = dict(os.environ, PATH=binary_dir + os.pathsep + os.environ["PATH"])
    failures, commands = [], 0
    for page in chosen:
        with open(page, encoding="utf-8") as f:
            blocks = console_blocks(f.read())
        if not blocks:
            continue
        name = os.path.relpath(page, ROOT)
        with tempfile.TemporaryDirectory() as work:
            for folder in ("experiments", "data"):
                if os.path.isdir(os.path.join(source, folder)):
                    shutil.copytree(os.path.join(source, folder), os.path.join(work, folder))
            for start, block in blocks:
                for command, expected in block:
                    commands += 1
                    result = subprocess.run(
                        ["bash", "-c", command], cwd=work, env=env,
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        text=True, timeout=600,
                    )
                    output = result.stdout.splitlines()
                    where = f"{name}:{start}: $ {command}"
                    if result.returncode != 0:
                        failures.append(f"{where}\n  exit {result.returncode}:\n{result.stdout[-2000:]}")
                        continue
                    missing = matches(expected, output)
                    if missing is not None:
                        failures.append(
                            f"{where}\n  expected a line matching: {missing}\n  got:\n"
                            + "\n".join("    " + l for l in output[-40:])
                        )
                print(f"ok: {name}:{start} ({len(block)} commands)")
    if failures:
        print(f"\n{len(failures)} of {commands} commands failed:\n", file=sys.stderr)
        print("\n\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print(f"check-book: {commands} commands ran as the pages say")


if __name__ == "__main__":
    main()
