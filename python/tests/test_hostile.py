"""The package under attack: a Python solver that answers floats, bools
or strings, or returns past its time limit, and a caller that passes loose
arguments. Each is refused as the external protocol and the command line
refuse them, and what should pass (NumPy integers, ranges) passes."""

import time

import numpy as np
import pytest

import queens

EIGHT = [0, 4, 7, 5, 2, 6, 1, 3]


@pytest.fixture
def registered():
    """Registers solvers for one test and forgets them after it."""
    names = []

    def register(name, solver):
        queens.register(name, solver)
        names.append(name)
        return name

    yield register
    for name in names:
        queens.unregister(name)


# Item 1: the in-process answer is checked as an external program's reply.

@pytest.mark.parametrize(
    "answer",
    [
        (np.array(EIGHT) + 0.5, "solved", {}),
        ([float(c) for c in EIGHT], "solved", {}),
        ([str(c) for c in EIGHT], "solved", {}),
        ([True] + EIGHT[1:], "solved", {}),
        (EIGHT, "solved", {"steps": 1.9, "checks": 2.99}),
        (EIGHT, "solved", {"steps": True}),
        (EIGHT, "solved", {"checks": "3"}),
        (EIGHT, "solved", {"steps": np.float64(2.0)}),
        ({"solution": np.array(EIGHT) + 0.5, "stop_reason": "solved"}),
        (queens.Answer(stop_reason="solved", solution=EIGHT, steps=1.5)),
    ],
    ids=["numpy-floats", "floats", "strings", "bool-column", "float-counters",
         "bool-counter", "string-counter", "numpy-float-counter", "dict-floats",
         "answer-float-steps"],
)
def test_a_non_integer_answer_is_refused_as_for_external_programs(registered, answer):
    name = registered("loose", lambda n, s, b, t: answer)
    result = queens.solve(name, 8, seed=1)
    assert not result.solved and result.stop_reason == "solver_error", result
    assert "refused" in result.error


def test_numpy_integer_boards_and_counters_pass(registered):
    def numpy_solver(n, rng_seed, budget, trace):
        trace.append({"steps": np.int64(1), "checks": np.uint16(8), "conflicts": np.int32(3)})
        counters = {"steps": np.int64(2), "checks": np.int32(16), "restarts": np.uint8(0)}
        return np.array(EIGHT, dtype=np.int32), "solved", counters

    name = registered("numpy", numpy_solver)
    result = queens.solve(name, 8, seed=1, trace=True)
    assert result.solved and result.board.tolist() == EIGHT
    assert (result.steps, result.checks) == (2, 16)
    assert result.trace[0] == (1, 8, 0, 0, 3)
    name = registered("numpy-answer", lambda n, s, b, t: queens.Answer(
        stop_reason="budget_steps", steps=np.int64(4), final_board=np.array(EIGHT[::-1])))
    result = queens.solve(name, 8, budget={"max_steps": 4})
    assert result.stop_reason == "budget_steps" and result.steps == 4


# Item 2: a Python solver past its time limit is a budget_time row.

def test_a_solver_that_returns_after_its_time_limit_is_budget_time(registered):
    def slow(n, rng_seed, budget, trace):
        time.sleep(0.8)
        return EIGHT, "solved", {"steps": 1}

    name = registered("slow", slow)
    result = queens.solve(name, 8, budget={"time_limit": 0.3})
    assert not result.solved and result.stop_reason == "budget_time", result
    assert result.board is None and result.wall_seconds >= 0.8
    assert "time limit" in result.error and "budget.deadline" in result.error


def test_a_late_answer_in_a_run_is_budget_time_with_the_reason_in_the_log(tmp_path, registered):
    def slow(n, rng_seed, budget, trace):
        time.sleep(0.5)
        return EIGHT, "solved", {}

    registered("slow-run", slow)
    config = {"name": "slow", "sizes": [8], "trials": 1, "budget": {"time_limit": 0.2},
              "algorithm": [{"name": "python:slow-run"}]}
    result = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p", progress=False,
                        charts=False)
    runs = result.load().runs
    assert list(runs["stop_reason"]) == ["budget_time"] and not runs["solved"].any()
    log = (tmp_path / "d" / "external.log").read_text()
    assert "past the time limit of 0.2 s" in log and "stop_reason solved" in log


def test_a_solver_reads_its_deadline_and_stops_in_time(registered):
    seen = {}

    def punctual(n, rng_seed, budget, trace):
        seen["left"] = budget.time_left()
        seen["deadline"] = budget.deadline - time.monotonic()
        steps = 0
        while not budget.expired():
            steps += 1
            time.sleep(0.01)
        return None, "budget_time", {"steps": steps}

    name = registered("punctual", punctual)
    result = queens.solve(name, 8, budget={"time_limit": 0.25})
    assert result.stop_reason == "budget_time" and result.steps > 0 and result.error is None
    assert 0.1 < seen["left"] <= 0.25 and 0.1 < seen["deadline"] <= 0.25
    assert result.wall_seconds < 0.5


def test_a_budget_without_a_time_limit_has_no_deadline():
    budget = queens.Budget(max_steps=3)
    assert budget.deadline is None and budget.time_left() is None and not budget.expired()
    assert queens.Budget(time_limit=1.0, deadline=time.monotonic() - 1).expired()
    assert queens.Budget(time_limit=1.0, deadline=time.monotonic() - 1).time_left() == 0.0


# Item 8: loose arguments are refused as the command line refuses them.

@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: queens.solve("min-conflicts", 8, seed=1.5), "seed = 1.5"),
        (lambda: queens.solve("min-conflicts", "8"), "n = '8'"),
        (lambda: queens.solve("min-conflicts", 0), "n = 0"),
        (lambda: queens.solve("min-conflicts", -3), "n = -3"),
        (lambda: queens.solve("min-conflicts", 2**32), "n = 4294967296"),
        (lambda: queens.solve("min-conflicts", 8, seed=-1), "seed = -1"),
        (lambda: queens.solve("min-conflicts", 8, seed=2**53), "seed = 9007199254740992"),
        (lambda: queens.solve("min-conflicts", True), "n = True"),
        (lambda: queens.solve("min-conflicts", 8, seed=True), "seed = True"),
        (lambda: queens.solve("min-conflicts", 8, budget={"max_steps": True}), "max_steps"),
        (lambda: queens.solve(8, 8), "algorithm = 8"),
        (lambda: queens.count(8.0), "n = 8.0"),
        (lambda: queens.count(-1), "n = -1"),
        (lambda: queens.count(8, threads=0), "threads = 0"),
        (lambda: queens.count(8, threads=1.5), "threads = 1.5"),
        (lambda: queens.animate("min-conflicts", 8, "/nowhere/x.html", seed=0.5), "seed = 0.5"),
        (lambda: queens.run({"name": "x", "sizes": [8], "trials": 1,
                             "algorithm": [{"name": "min-conflicts"}]}, threads=-2),
         "threads = -2"),
    ],
)
def test_a_loose_argument_is_a_config_error_naming_it(call, words):
    with pytest.raises(queens.ConfigError, match=words.replace("(", r"\(")):
        call()


def test_the_config_error_says_what_is_allowed():
    with pytest.raises(queens.ConfigError) as error:
        queens.solve("min-conflicts", 8, seed=-1)
    assert "0 to 9007199254740991" in str(error.value)
    with pytest.raises(queens.ConfigError) as error:
        queens.solve("min-conflicts", "8")
    assert "str" in str(error.value) and "1 to 4294967295" in str(error.value)


def test_numpy_integers_and_ranges_are_accepted(tmp_path):
    result = queens.solve("min-conflicts", np.int64(16), seed=np.uint32(3),
                          budget={"max_steps": np.int64(100_000)})
    assert result.solved and result.n == 16 and result.seed == 3
    assert queens.solve("min-conflicts", 16, seed=3).steps == result.steps
    assert queens.solve("min-conflicts", 8, seed=2**53 - 1).seed == 2**53 - 1
    assert queens.count(np.int8(8), threads=np.int64(1)) == (92, 12)
    config = {"name": "ranges", "seed": np.int64(5), "trials": np.int32(2),
              "sizes": range(8, 12), "algorithm": [{"name": "min-conflicts"}]}
    run = queens.run(config, data=tmp_path / "d", plots=tmp_path / "p", progress=False,
                     charts=False, threads=np.int64(1))
    runs = run.load().runs
    assert sorted(set(runs["n"])) == [8, 9, 10, 11] and len(runs) == 8
    sizes = {"name": "array", "trials": 1, "sizes": np.arange(8, 10),
             "algorithm": [{"name": "min-conflicts"}]}
    run = queens.run(sizes, data=tmp_path / "a", plots=tmp_path / "q", progress=False,
                     charts=False)
    assert sorted(set(run.load().runs["n"])) == [8, 9]


def test_a_value_a_config_cannot_hold_is_a_config_error_naming_its_key():
    config = {"name": "x", "trials": 1, "sizes": [8], "algorithm": [
        {"name": "min-conflicts", "params": {"patience": object()}}]}
    with pytest.raises(queens.ConfigError, match=r"algorithm\[0\].params.patience"):
        queens.run(config, progress=False)


# Item 7: a changed solver is caught on resume.

def test_a_resume_with_a_changed_python_solver_is_refused(registered, tmp_path):
    config = {"name": "changed", "seed": 1, "sizes": [8], "trials": 4,
              "algorithm": [{"name": "python:s", "label": "mine"}]}
    data, plots = tmp_path / "data", tmp_path / "plots"

    def first(n, rng_seed, budget, trace):
        return EIGHT, "solved", {"steps": 1}

    registered("s", first)
    queens.run(config, data=data, plots=plots, progress=False, charts=False)
    metadata = queens.load(data).metadata
    (recorded,) = metadata["foreign_solvers"]
    assert recorded["label"] == "mine" and "first" in recorded["solver"], recorded

    runs = data / "runs.csv"
    lines = runs.read_text().splitlines(keepends=True)
    runs.write_text("".join(lines[:-1]))
    queens.run(config, data=data, plots=plots, progress=False, charts=False)
    assert len(runs.read_text().splitlines()) == 1 + 4, "the same solver resumes"

    runs.write_text("".join(lines[:-1]))

    def first(n, rng_seed, budget, trace):  # noqa: F811 - the changed solver
        return EIGHT, "solved", {"steps": 2}

    registered("s", first)
    with pytest.raises(queens.RunError) as refused:
        queens.run(config, data=data, plots=plots, progress=False, charts=False)
    message = str(refused.value)
    assert "'mine'" in message and "has changed since" in message, message
    assert "fresh=True" in message, message
    assert runs.read_text() == "".join(lines[:-1]), "nothing written"
    queens.run(config, data=data, plots=plots, progress=False, charts=False, fresh=True)
    assert len(runs.read_text().splitlines()) == 1 + 4
