"""Python solvers run in process: the harness's seeds, budgets and trace
points, every board validated, rows tagged, exceptions as solver_error
rows with the traceback in external.log."""

import random

import pytest

import queens


def test_a_registered_solver_solves_8_to_64_in_a_config_run(tmp_path, python_min_conflicts):
    config = {
        "name": "python-solver",
        "seed": 11,
        "trials": 5,
        "sizes": [8, 16, 32, 64],
        "trace": True,
        "budget": {"max_steps": 100_000, "time_limit": 10.0},
        "algorithm": [
            {"name": "min-conflicts", "params": {"variant": "random", "patience": 100}},
            {"name": "python:mc", "label": "mc (Python)", "params": {"patience": 100}},
        ],
    }
    result = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p", progress=False)
    assert result.program_errors == 0
    runs = result.load().runs
    mine = runs[runs["label"] == "mc (Python)"]
    assert len(mine) == 20 and mine["solved"].all()
    assert set(mine["algorithm"]) == {"python:mc"}
    assert set(mine["step_unit"]) == {"repair"}
    traces = result.load().traces
    assert (traces["label"] == "mc (Python)").any()
    log = (tmp_path / "d" / "external.log").read_text()
    assert 'queens.solve("mc", N, seed=SEED, params={"patience": 100}' in log


def test_the_solver_gets_the_rows_seed_and_budget(tmp_path):
    seen = {}

    def spy(n, rng_seed, budget, trace):
        seen[(n, rng_seed)] = budget
        board = queens.solve("construction", n).board
        return board, "solved", {"steps": 1, "checks": n}

    queens.register("spy", spy)
    try:
        config = ('name = "spy"\nseed = 4\nsizes = [8, 9]\ntrials = 3\n'
                  '[budget]\nmax_steps = 50\n[[algorithm]]\nname = "python:spy"\n')
        result = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p", progress=False)
    finally:
        queens.unregister("spy")
    runs = result.load().runs
    assert set(zip(runs["n"], runs["seed"])) == set(seen)
    assert all(b.max_steps == 50 and b["time_limit"] == 60.0 for b in seen.values())
    assert (runs["steps"] == 1).all() and (runs["checks"] == runs["n"]).all()


def test_an_exception_is_a_solver_error_row_with_the_traceback_in_the_log(tmp_path):
    def flaky(n, rng_seed, budget, trace):
        if rng_seed % 2:
            raise ValueError(f"odd seed {rng_seed}")
        return queens.Answer(stop_reason="exhausted", steps=0)

    queens.register("flaky", flaky)
    try:
        # N = 3 has no solution: "exhausted" is a claim the harness accepts.
        config = 'name = "flaky"\nsizes = [3]\ntrials = 8\n[[algorithm]]\nname = "python:flaky"\n'
        with pytest.warns(UserWarning, match="ended in a solver's error"):
            result = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p",
                                progress=False)
    finally:
        queens.unregister("flaky")
    runs = result.load().runs
    odd = runs[runs["seed"] % 2 == 1]
    assert len(odd) > 0 and (odd["stop_reason"] == "solver_error").all()
    assert (runs[runs["seed"] % 2 == 0]["stop_reason"] == "exhausted").all()
    assert result.program_errors == len(odd)
    log = (tmp_path / "d" / "external.log").read_text()
    seed = int(odd["seed"].iloc[0])
    assert f"[python:flaky] n=3 seed={seed}: the Python solver raised ValueError: odd seed {seed}" in log
    assert "Traceback (most recent call last):" in log


def test_an_invalid_board_is_refused_by_the_validator():
    queens.register("diagonal", lambda n, s, b, t: (list(range(n)), "solved", {}))
    try:
        result = queens.solve("diagonal", 6, seed=1)
    finally:
        queens.unregister("diagonal")
    assert result.stop_reason == "invalid_solution" and not result.solved
    assert "share a diagonal" in result.error or "diagonal" in result.error


def test_a_counter_above_the_budget_is_refused_as_for_external_programs():
    queens.register("greedy", lambda n, s, b, t: (None, "budget_steps", {"steps": 11}))
    try:
        result = queens.solve("python:greedy", 8, budget={"max_steps": 10})
    finally:
        queens.unregister("greedy")
    assert result.stop_reason == "solver_error"
    assert "max_steps" in result.error


def test_a_class_with_a_solve_method_registers_and_takes_params():
    class Shuffle:
        def solve(self, n, rng_seed, budget, trace, params):
            rng = random.Random(rng_seed)
            for tries in range(1, int(params["tries"]) + 1):
                board = list(range(n))
                rng.shuffle(board)
                if len({r + c for r, c in enumerate(board)}) == n == len(
                        {r - c for r, c in enumerate(board)}):
                    return board, "solved", {"steps": tries, "evaluations": tries}
            return None, "budget_steps", {"steps": tries}

    queens.register("shuffle", Shuffle(), step="board drawn")
    try:
        result = queens.solve("shuffle", 6, seed=2, params={"tries": 5000})
    finally:
        queens.unregister("shuffle")
    assert result.solved and result.step_unit == "board drawn"
    assert result.params == "tries=5000"


def test_an_unregistered_name_is_a_config_error_naming_register():
    with pytest.raises(queens.ConfigError, match=r"queens.register\('nobody'|register"):
        queens.run('name = "x"\nsizes = [8]\ntrials = 1\n[[algorithm]]\nname = "python:nobody"\n')
    with pytest.raises(ValueError, match="solver name"):
        queens.register("bad name", lambda *a: None)
