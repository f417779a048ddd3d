"""The API over the Rust core: the registry, one trial, the counter,
a run from a dict, the tables' dtypes and the typed errors."""

import numpy as np
import pandas as pd
import pytest

import queens


def test_algorithms_lists_the_registry_with_parameters_and_defaults():
    names = [a.name for a in queens.algorithms()]
    assert "min-conflicts" in names and "backtracking" in names
    mc = next(a for a in queens.algorithms() if a.name == "min-conflicts")
    assert mc.step_unit == "repair"
    patience = next(p for p in mc.params if p.name == "patience")
    assert patience.default == "100"
    assert "random" in mc.variants


def test_solve_returns_the_validated_board_and_replays_the_seed():
    first = queens.solve("min-conflicts", 64, seed=1)
    assert first.solved and first.stop_reason == "solved"
    assert isinstance(first.board, np.ndarray) and first.board.dtype == np.int64
    assert sorted(first.board.tolist()) == list(range(64))
    again = queens.solve("min-conflicts", 64, seed=1)
    assert (again.steps, again.checks, again.board.tolist()) == (
        first.steps, first.checks, first.board.tolist())
    assert first.replay.startswith("queens.solve('min-conflicts', 64, seed=1")
    assert "solved" in str(first)


def test_solve_obeys_the_budget_and_traces():
    result = queens.solve("random-restart", 30, seed=3, budget={"max_steps": 10}, trace=True)
    assert not result.solved and result.stop_reason == "budget_steps"
    assert result.board is None
    assert result.steps == 10
    assert result.trace and all(isinstance(p, queens.TracePoint) for p in result.trace)


def test_count_matches_the_known_totals():
    assert queens.count(8) == (92, 12)
    assert queens.count(10, threads=1).solutions == 724


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: queens.solve("min-conflictz", 8), "unknown algorithm 'min-conflictz'"),
        (lambda: queens.solve("min-conflicts", 8, params={"patience": -1}), "patience"),
        (lambda: queens.solve("min-conflicts", 8, budget={"max_step": 1}), "unknown budget key"),
        (lambda: queens.count(0), "out of range"),
    ],
)
def test_bad_input_raises_config_error_with_the_clis_message(call, words):
    with pytest.raises(queens.ConfigError, match=words):
        call()


def test_a_config_error_keeps_file_line_and_column(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text('name = "bad"\nsizes = [8]\ntrials = 2\n\n[[algorithm]]\nname = "min-conflictz"\n')
    with pytest.raises(queens.ConfigError) as error:
        queens.run(config, data=tmp_path / "d")
    assert f"{config}:6:8: unknown algorithm 'min-conflictz'" in str(error.value)
    assert isinstance(error.value, queens.QueensError)


def test_a_missing_data_directory_is_a_data_error(tmp_path):
    with pytest.raises(queens.DataError, match="runs.csv not found"):
        queens.load(tmp_path)
    with pytest.raises(queens.DataError, match="does not exist"):
        queens.load(tmp_path / "nowhere")


def test_a_dict_config_runs_and_loads_with_exact_dtypes(tmp_path):
    config = {
        "name": "dict-run",
        "seed": 3,
        "trials": 4,
        "sizes": [6, 8],
        "budget": {"max_steps": 10_000},
        "algorithm": [
            {"name": "min-conflicts", "label": "mc", "params": {"variant": "random"}},
            {"name": "random-restart", "label": "random"},
        ],
    }
    result = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p", threads=2,
                        progress=False)
    assert (result.planned, result.ran, result.interrupted) == (16, 16, False)
    assert result.report == tmp_path / "p" / "report.html" and result.report.exists()
    data = result.load()
    runs = data.runs
    assert runs["seed"].dtype == np.int64
    assert runs["solved"].dtype == bool
    assert isinstance(runs["label"].dtype, pd.CategoricalDtype)
    assert list(runs["label"].cat.categories) == ["mc", "random"]
    assert list(data.summary["label"].cat.categories) == ["mc", "random"]
    assert set(data.ranking["label"]) <= {"mc", "random"}
    assert data.compare["significant"].dtype == bool
    assert data.traces is None
    again = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p", progress=False)
    assert (again.previously_done, again.ran) == (16, 0)


def test_the_shipped_data_loads_with_int64_seeds_and_bool_solved(root):
    runs = queens.load(root / "data" / "blog-repair").runs
    assert runs.dtypes["seed"] == np.int64
    assert runs.dtypes["solved"] == bool
    assert runs["final_conflicts"].dtype == "Int64"


def test_charts_and_report_are_drawn_from_loaded_data(root, tmp_path):
    data = queens.load(root / "data" / "csp-heuristics")
    charts = data.plot(tmp_path / "charts")
    assert any(p.suffix == ".svg" for p in charts) and all(p.exists() for p in charts)
    report = data.report(tmp_path / "charts")
    assert report.name == "report.html" and report.exists()


def test_progress_is_called_with_done_and_total(tmp_path):
    seen = []
    config = 'name = "progress"\nsizes = [8]\ntrials = 5\n[[algorithm]]\nname = "min-conflicts"\n'
    queens.run(config, data=tmp_path / "d", plots=tmp_path / "p",
               progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (5, 5)
