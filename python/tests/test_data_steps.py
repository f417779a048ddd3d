"""What the command line does with a data directory after a run, from
Python: the summary, the IOHprofiler export, the replay of a row, the
merge of a cluster run's shards, an animated replay, a run that writes the
data alone, and the store's checks on every table pandas reads."""

import shutil
import subprocess

import pytest

import queens

CONFIG = {
    "name": "steps",
    "seed": 4,
    "sizes": [6, 8],
    "trials": 4,
    "algorithm": [
        {"name": "min-conflicts"},
        {"name": "random-restart", "budget": {"max_steps": 50}},
    ],
}


@pytest.fixture
def ran(tmp_path):
    return queens.run(CONFIG, data=tmp_path / "data", plots=tmp_path / "plots",
                      threads=2, progress=False, charts=False)


def test_a_run_without_charts_writes_the_data_and_its_comparison_alone(ran):
    assert ran.charts == [] and ran.report is None
    assert sorted(p.name for p in ran.comparison) == ["compare.csv", "ranking.csv"]
    assert not ran.plots.exists()
    data = ran.load()
    assert len(data.runs) == 16 and len(data.summary) == 4


def test_every_row_replays_to_its_counters(ran):
    data = ran.load()
    for _, row in data.runs.iterrows():
        again = data.replay(row)
        assert (again.seed, again.steps, again.checks, again.stop_reason) == (
            row["seed"], row["steps"], row["checks"], row["stop_reason"])
        assert again.params == row["params"] and again.budget == row["budget"]


def test_an_edited_summary_is_refused_until_summarized_again(ran):
    path = ran.data / "summary.csv"
    text = path.read_text()
    path.write_text(text.replace(",4,", ",9,", 1))
    data = ran.load()
    with pytest.raises(queens.DataError, match="not computed from the runs.csv beside it"):
        data.summary
    (ran.data / "derived.json").unlink()
    with pytest.raises(queens.DataError, match="no record"):
        queens.load(ran.data).summary
    assert data.summarize() == path
    assert path.read_text() == text
    assert len(data.summary) == 4


def test_the_export_writes_one_folder_per_label(ran, tmp_path):
    out = queens.load(ran.data).export_ioh(tmp_path / "ioh")
    folders = sorted(p.name for p in out.iterdir() if p.is_dir())
    assert len(folders) == 2
    with pytest.raises(queens.ConfigError, match="cannot be IOH's evaluations"):
        queens.load(ran.data).export_ioh(tmp_path / "other", measure="seconds")


def test_shards_merge_to_the_whole_runs(cli, tmp_path):
    config = tmp_path / "steps.toml"
    config.write_text(
        'name = "steps"\nseed = 4\nsizes = [6, 8]\ntrials = 4\n\n'
        '[[algorithm]]\nname = "min-conflicts"\n'
    )
    for shard in ["0/2", "1/2"]:
        subprocess.run([str(cli), "run", str(config), "--data", str(tmp_path / "shards"),
                        "--shard", shard, "-q"], check=True, capture_output=True)
    merged = queens.merge(tmp_path / "shards", plots=tmp_path / "plots")
    assert (merged.shards, merged.trials) == (2, 8)
    assert merged.report is not None and merged.report.is_file()
    subprocess.run([str(cli), "run", str(config), "--data", str(tmp_path / "whole"),
                    "--plots", str(tmp_path / "whole-plots"), "-q"],
                   check=True, capture_output=True)
    without_time = lambda p: [l.rsplit(",", 1)[0] for l in p.read_text().splitlines()]
    assert without_time(merged.data / "runs.csv") == without_time(tmp_path / "whole" / "runs.csv")


def test_an_animated_replay_is_written(tmp_path):
    replay = queens.animate("min-conflicts", 8, tmp_path / "eight.svg", seed=1)
    assert replay.solved and replay.frames > 1
    assert replay.out.read_text().startswith("<svg")
    with pytest.raises(queens.ConfigError, match="FILE.html"):
        queens.animate("min-conflicts", 8, tmp_path / "eight.png")
