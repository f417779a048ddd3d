#!/usr/bin/env python3
"""A CP-SAT reference solver for N-Queens and its hard variants (blocked
squares, given queens, excluded diagonals), run by `queens` as an external
solver (protocol queens-external, version 3: experiments/solvers/PROTOCOL.md).
Needs Google OR-Tools in the Python that runs it (`pip install ortools`).

Model: one integer variable per row, the column of its queen, whose domain
is the row's allowed columns (the given column alone for a row with a given
queen); AllDifferent on the columns, on row + column and on row - column
(no two queens share a column or a diagonal; one per row by construction).
Nothing else: no symmetry breaking, no search strategy of our own.

Solver: CP-SAT with one worker (`num_workers = 1`), so that a request gives
the same search every time, seeded from the request's seed (`random_seed`
is a 32-bit parameter: the seed modulo 2^31), with the request's time limit
(`max_time_in_seconds`, measured from reading the request, less a few
milliseconds so the reply reaches the harness inside its limit) and, when
the request sets `max_checks`, `max_number_of_conflicts` at that limit.
With a time limit a search cut short is not reproducible (the point where
the clock stops varies); a search that ends inside its limits is.

Replies:
- `solved` with the board (the harness validates it against the instance);
- `exhausted` when CP-SAT proves the instance has no solution: a proof the
  harness cannot check (it takes the program's word on an instance; on the
  plain problem it refuses `exhausted` wherever N has solutions);
- `budget_checks` when the conflict limit stopped it, `budget_time` when
  the time limit did (the reply then waits until the limit has run by its
  own clock, as the protocol asks of a `budget_time` reply).

Counters, honestly mapped: steps = CP-SAT's `num_branches` (step unit
"branch"), checks = its `num_conflicts`, restarts = 0, evaluations = 0.
These are CP-SAT's own statistics, not the harness's checks: a conflict is
a clause learnt by the SAT engine, far more work than one attack query, and
a branch a decision of its search. Compare this solver with the others by
wall time and success, never by checks or steps. `max_steps` cannot be
kept (CP-SAT has no limit on branches): a request with one is refused
(written to stderr, exit status 2: a `solver_error` row naming why), and
`max_restarts` never stops it (restarts are always 0). It takes no
parameters. With `"trace": true` it sends no trace points.
"""
import json
import sys
import time

try:
    import ortools
    from ortools.sat.python import cp_model
except ImportError:
    sys.exit(
        "cpsat.py needs Google OR-Tools: pip install ortools into the Python that runs it "
        "(the first word of the config's command)"
    )

# The time before the time limit, by this program's clock, at which a
# search cut short replies: the harness's clock starts before it writes the
# request and kills the program at the limit, and it refuses a budget_time
# read more than 10 ms before the limit.
MARGIN = 0.005


def rows_of(n, instance):
    """The allowed columns of each row of `instance` (the protocol's
    {"blocked": [[r, c], ...], "given": [[r, c], ...]}, or None: plain)."""
    if instance is None:
        return [list(range(n)) for _ in range(n)]
    blocked = [set() for _ in range(n)]
    for r, c in instance["blocked"]:
        blocked[r].add(c)
    given = {r: c for r, c in instance["given"]}
    return [
        [given[r]] if r in given else [c for c in range(n) if c not in blocked[r]]
        for r in range(n)
    ]


def solve(request, started):
    """The reply to one request, read at `started` (time.monotonic())."""
    n, budget = request["n"], request["budget"]
    if request["params"]:
        sys.exit(f"cpsat.py takes no parameters, not {request['params']}: remove them")
    if budget["max_steps"] is not None:
        sys.exit(
            "cpsat.py cannot stop at a number of branches (CP-SAT has no such limit): "
            "give it time_limit or max_checks (its conflicts), not max_steps"
        )
    reply = {"id": request["id"], "solution": None}
    zero = {"steps": 0, "checks": 0, "restarts": 0, "evaluations": 0}
    allowed = rows_of(n, request.get("instance"))
    if not all(allowed):
        # A row where no queen may stand: no placement exists. A proof
        # reports 0 final conflicts, as the harness's exact searches do.
        return dict(reply, stop_reason="exhausted", counters=zero, final_conflicts=0)

    model = cp_model.CpModel()
    queens = [
        model.NewIntVarFromDomain(cp_model.Domain.FromValues(columns), f"row{r}")
        for r, columns in enumerate(allowed)
    ]
    model.AddAllDifferent(queens)
    model.AddAllDifferent([q + r for r, q in enumerate(queens)])
    model.AddAllDifferent([q - r for r, q in enumerate(queens)])

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = request["seed"] % (2 ** 31)
    time_limit = budget["time_limit"]
    deadline = None if time_limit is None else started + time_limit - MARGIN
    if deadline is not None:
        solver.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.001)
    if budget["max_checks"] is not None:
        solver.parameters.max_number_of_conflicts = budget["max_checks"]
    status = solver.Solve(model)
    counters = dict(zero, steps=solver.NumBranches(), checks=solver.NumConflicts())

    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        board = [solver.Value(q) for q in queens]
        return dict(reply, solution=board, stop_reason="solved", counters=counters)
    if status == cp_model.INFEASIBLE:
        return dict(reply, stop_reason="exhausted", counters=counters, final_conflicts=0)
    if status == cp_model.UNKNOWN:
        if budget["max_checks"] is not None and counters["checks"] >= budget["max_checks"]:
            return dict(reply, stop_reason="budget_checks", counters=counters)
        if deadline is not None:
            # Stopped by the time limit: reply once it has run by our clock.
            time.sleep(max(deadline - time.monotonic(), 0.0))
            return dict(reply, stop_reason="budget_time", counters=counters)
    sys.exit(f"cpsat.py: CP-SAT ended with status {solver.StatusName(status)} at N = {n}")


def main():
    hello = json.loads(sys.stdin.readline())
    if hello.get("protocol") != "queens-external" or 3 not in hello.get("versions", []):
        sys.exit(f"cpsat.py speaks queens-external version 3, which {hello} does not offer")
    greeting = {
        "protocol_version": 3,
        "name": "cpsat.py",
        "version": f"1 (OR-Tools {ortools.__version__})",
        "many_trials": True,
    }
    print(json.dumps(greeting), flush=True)
    for line in sys.stdin:
        started = time.monotonic()
        reply = solve(json.loads(line), started)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
