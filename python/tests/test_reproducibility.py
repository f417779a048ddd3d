"""queens.run from Python writes the same runs.csv as `queens run`, every
column but the wall times (those whose name contains `seconds`), byte for
byte, for the shipped blog-repair and csp-heuristics experiments."""

import csv
import io
import subprocess

import pytest

import queens


def without_seconds(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    keep = [i for i, name in enumerate(rows[0]) if "seconds" not in name]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([row[i] for i in keep])
    return out.getvalue()


@pytest.mark.parametrize("experiment", ["blog-repair", "csp-heuristics"])
def test_python_and_the_cli_write_the_same_runs(experiment, root, cli, tmp_path):
    config = root / "experiments" / f"{experiment}.toml"
    subprocess.run(
        [str(cli), "run", str(config), "--data", str(tmp_path / "cli"),
         "--plots", str(tmp_path / "cli-plots"), "--quiet", "--threads", "2"],
        check=True, capture_output=True,
    )
    queens.run(config, data=tmp_path / "py", plots=tmp_path / "py-plots", threads=2,
               progress=False)
    python_rows = without_seconds(tmp_path / "py" / "runs.csv")
    assert python_rows == without_seconds(tmp_path / "cli" / "runs.csv")
    assert python_rows.count("\n") > 100
    # One run service: the derived files are the same too.
    for name in ["summary.csv", "compare.csv", "ranking.csv", "params.csv"]:
        assert without_seconds(tmp_path / "py" / name) == without_seconds(tmp_path / "cli" / name)
