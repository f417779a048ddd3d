"""Python solvers on hard instances (blocked squares, given queens): a
solver registered with ``instances=True`` is handed each trial's instance
(``None`` for a plain trial), its boards are validated against it, its
``exhausted`` is taken as a claim on an instance; one registered without it
is refused for an instance plan when the config loads."""

import re
import sys
from pathlib import Path

import pytest

import queens

SOLVERS = Path(__file__).resolve().parents[2] / "experiments" / "solvers"

BLOCKED_PLAN = """
name = "instances"
seed = 7
sizes = [8, 10]
trials = 4

[budget]
max_steps = 20000
time_limit = 30.0

[instance]
generator = "blocked"
blocks = [4, 6]
min_free = 3

[[algorithm]]
name = "python:{name}"
label = "mine"
params = {{ patience = 100 }}
"""


@pytest.fixture
def instance_min_conflicts():
    """experiments/solvers/min_conflicts.py's search, which keeps to
    instances, registered as "mc-inst" with instances=True, recording the
    instance of each seed it is handed."""
    sys.path.insert(0, str(SOLVERS))
    try:
        import min_conflicts
    finally:
        sys.path.remove(str(SOLVERS))
    seen = {}

    def mc(n, rng_seed, budget, trace, params, instance):
        seen[rng_seed] = instance
        return min_conflicts.solve(n, rng_seed, params, budget, trace, instance)

    queens.register("mc-inst", mc, step="repair", instances=True)
    yield seen
    queens.unregister("mc-inst")


def test_a_solver_registered_with_instances_gets_each_trials_instance(
        tmp_path, instance_min_conflicts):
    seen = instance_min_conflicts
    result = queens.run(BLOCKED_PLAN.format(name="mc-inst"), data=tmp_path / "d",
                        plots=tmp_path / "p", progress=False, charts=False)
    assert result.program_errors == 0
    runs = result.load().runs
    assert len(runs) == 8 and runs["solved"].all()
    assert set(runs["seed"]) == set(seen)
    for _, row in runs.iterrows():
        instance = seen[row["seed"]]
        assert isinstance(instance, queens.Instance) and instance.n == row["n"]
        blocks = int(re.match(r"blocked\(blocks=(\d+),", row["instance"]).group(1))
        assert len(instance.blocked) == blocks and instance.given == ()
        assert instance["blocked"] == instance.blocked
        for r, c in instance.blocked:
            assert not instance.is_allowed(r, c) and c not in instance.allowed(r)
    # A plain trial hands it None.
    plain = queens.solve("mc-inst", 8, seed=3, params={"patience": 100})
    assert plain.solved and seen[plain.seed] is None


def test_a_solver_registered_without_instances_is_refused_at_load(tmp_path):
    queens.register("plain-only", lambda n, s, b, t: (None, "budget_steps", {"steps": 0}))
    try:
        with pytest.raises(queens.ConfigError,
                           match=r"'mine' cannot search the plan's instances.*instances=True"):
            queens.run(BLOCKED_PLAN.format(name="plain-only"), data=tmp_path / "d",
                       plots=tmp_path / "p", progress=False)
    finally:
        queens.unregister("plain-only")
    assert not (tmp_path / "d" / "runs.csv").exists()


def test_instances_true_needs_an_instance_argument():
    with pytest.raises(TypeError, match="takes no `instance` argument"):
        queens.register("no-arg", lambda n, s, b, t: None, instances=True)
    assert "no-arg" not in queens.registered()
    # **kwargs takes it too.
    queens.register("kw", lambda n, s, b, t, **kw: None, instances=True)
    queens.unregister("kw")


def test_a_board_that_moves_a_given_queen_is_invalid_and_exhausted_is_a_claim(tmp_path):
    construction = {n: list(queens.solve("construction", n).board) for n in (8,)}

    def stubborn(n, rng_seed, budget, trace, instance):
        # Ignores the given queen: a completion it happens to match is a
        # solution, any other board moves the queen.
        if rng_seed % 2:
            return queens.Answer(stop_reason="exhausted")
        return construction[n], "solved", {"steps": 1}

    queens.register("stubborn", stubborn, instances=True)
    try:
        plan = ('name = "completion"\nseed = 3\nsizes = [8]\ntrials = 12\n'
                '[instance]\ngenerator = "completion"\nqueens = 1\n'
                '[[algorithm]]\nname = "python:stubborn"\nlabel = "stubborn"\n')
        with pytest.warns(UserWarning, match="ended in a solver's error"):
            result = queens.run(plan, data=tmp_path / "d", plots=tmp_path / "p",
                                progress=False, charts=False)
    finally:
        queens.unregister("stubborn")
    runs = result.load().runs
    odd = runs[runs["seed"] % 2 == 1]
    even = runs[runs["seed"] % 2 == 0]
    assert len(odd) > 0 and (odd["stop_reason"] == "exhausted").all()
    assert len(even) > 0 and set(even["stop_reason"]) <= {"solved", "invalid_solution"}
    assert (even["stop_reason"] == "invalid_solution").any()
    log = (tmp_path / "d" / "external.log").read_text()
    assert "the given queen at column" in log


def test_an_instance_reads_the_protocols_field():
    instance = queens.Instance.from_json(4, '{"blocked": [[0, 1], [2, 2]], "given": [[1, 3]]}')
    assert instance.blocked == ((0, 1), (2, 2)) and instance.given == ((1, 3),)
    assert instance.allowed(0) == [0, 2, 3] and instance.allowed(1) == [3]
    assert instance.given_column(1) == 3 and instance.given_column(0) is None
    assert not instance.is_allowed(2, 2) and instance.is_allowed(2, 1)
    assert not instance.is_allowed(1, 0) and instance["given"] == ((1, 3),)
