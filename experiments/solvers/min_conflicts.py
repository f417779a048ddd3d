#!/usr/bin/env python3
"""Min-conflicts for N-Queens in plain Python, run by `queens` as an external
solver (protocol queens-external, version 3: experiments/solvers/PROTOCOL.md).

Source: S. Minton, M. D. Johnston, A. B. Philips and P. Laird, "Minimizing
conflicts: a heuristic repair method for constraint satisfaction and
scheduling problems" (Artificial Intelligence 58, 1992). Choices, those of
the built-in `min-conflicts` `random` variant: one queen per row on a
uniformly random board; each repair draws a queen uniformly among the
attacked ones and moves it to a column where the fewest queens attack it,
ties (its own column included) broken uniformly; a fresh board after
`patience` repairs in a row that do not lower the fewest attacking pairs
seen since the last start (0: never). Its generator is Python's own
(random.Random(seed)), so its draws differ from the built-in's; the same
seed gives the same reply.

Counters, as the built-in's: steps = repairs; restarts = fresh boards after
the first; evaluations = fresh boards; checks = N per fresh board, N per
look for the attacked queens, N per row scan, 2 per repair that moves its
queen. It stops before any work that would pass `max_checks` (the
protocol refuses a counter above its budget). When the request asks for a trace (`"trace": true`), the reply
carries a point, with its board, at each fresh board and after each
repair: a replay (`queens animate --command`) draws them. An unsolved
reply carries its last board as `final_board`, whose attacking pairs the
harness records as the row's `final_conflicts`.

Instances (a request's `instance`: blocked squares and given queens): a
given queen stands on its square from the start and is never moved (nor
counted among the attacked queens to repair); every other row's queen is
drawn among its row's allowed columns and moves only to allowed ones, so
no queen ever stands on a blocked square. A row scan then costs one check
per allowed column. A row without an allowed column ends the trial
`exhausted` at once (no placement exists); any other instance without a
solution runs until its budget. On the plain problem every row allows all
N columns and the draws are those of the plain search, so plain replies
are what they were before instances.
"""
import json
import random
import sys
import time


def rows_of(n, instance):
    """The allowed columns of each row and the given queens {row: column}
    of `instance` (the protocol's {"blocked": [[r, c], ...], "given": [[r, c],
    ...]}, or None for the plain problem)."""
    if instance is None:
        return [range(n)] * n, {}
    blocked = [set() for _ in range(n)]
    for r, c in instance["blocked"]:
        blocked[r].add(c)
    given = {r: c for r, c in instance["given"]}
    allowed = [
        [given[r]] if r in given else [c for c in range(n) if c not in blocked[r]]
        for r in range(n)
    ]
    return allowed, given


def solve(n, seed, params, budget, trace, instance=None):
    rng = random.Random(seed)
    allowed, given = rows_of(n, instance)
    patience = int(params.get("patience", 100))
    max_steps, max_checks = budget["max_steps"], budget["max_checks"]
    max_restarts, time_limit = budget["max_restarts"], budget["time_limit"]
    deadline = None if time_limit is None else time.monotonic() + time_limit
    c = {"steps": 0, "checks": 0, "restarts": 0, "evaluations": 0}
    cols = None
    if not all(allowed):
        # A row where no queen may stand: no placement exists.
        return None, "exhausted", c
    while True:
        if max_checks is not None and c["checks"] + n > max_checks:
            return cols, "budget_checks", c
        cols = [
            given[r] if r in given else allowed[r][rng.randrange(len(allowed[r]))]
            for r in range(n)
        ]
        col, up, down = [0] * n, [0] * (2 * n), [0] * (2 * n)
        for r, x in enumerate(cols):
            col[x] += 1
            up[r - x + n] += 1
            down[r + x] += 1
        c["checks"] += n
        c["evaluations"] += 1
        pairs = sum(k * (k - 1) // 2 for k in col + up + down)
        best, stale = pairs, 0
        if trace is not None:
            trace.append(dict(c, conflicts=pairs, columns=list(cols)))
        while True:
            if max_checks is not None and c["checks"] + n > max_checks:
                return cols, "budget_checks", c
            attacked = [
                r for r, x in enumerate(cols)
                if col[x] + up[r - x + n] + down[r + x] > 3 and r not in given
            ]
            c["checks"] += n
            if not attacked:
                return cols, "solved", c
            if max_steps is not None and c["steps"] >= max_steps:
                return cols, "budget_steps", c
            # A repair costs n + 2 checks at most: never pass the budget.
            if max_checks is not None and c["checks"] + n + 2 > max_checks:
                return cols, "budget_checks", c
            if deadline is not None and time.monotonic() >= deadline:
                return cols, "budget_time", c
            if patience and stale >= patience:
                if max_restarts is not None and c["restarts"] >= max_restarts:
                    return cols, "budget_restarts", c
                c["restarts"] += 1
                break
            r = rng.choice(attacked)
            old = cols[r]
            col[old] -= 1
            up[r - old + n] -= 1
            down[r + old] -= 1
            costs = [col[x] + up[r - x + n] + down[r + x] for x in range(n)]
            c["checks"] += len(allowed[r])
            low = min(costs) if instance is None else min(costs[x] for x in allowed[r])
            new = rng.choice([x for x in allowed[r] if costs[x] == low])
            cols[r] = new
            col[new] += 1
            up[r - new + n] += 1
            down[r + new] += 1
            if new != old:
                c["checks"] += 2
            c["steps"] += 1
            pairs += low - costs[old]
            if trace is not None:
                trace.append(dict(c, conflicts=pairs, columns=list(cols)))
            if pairs < best:
                best, stale = pairs, 0
            else:
                stale += 1


def main():
    hello = json.loads(sys.stdin.readline())
    if hello.get("protocol") != "queens-external" or 3 not in hello.get("versions", []):
        sys.exit(f"min_conflicts.py speaks queens-external version 3, which {hello} does not offer")
    greeting = {"protocol_version": 3, "name": "min_conflicts.py", "version": "2", "many_trials": True}
    print(json.dumps(greeting), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        trace = [] if request.get("trace") else None
        board, reason, counters = solve(
            request["n"], request["seed"], request["params"], request["budget"], trace,
            request.get("instance"),
        )
        reply = {
            "id": request["id"],
            "solution": board if reason == "solved" else None,
            "stop_reason": reason,
            "counters": counters,
        }
        if reason != "solved" and board is not None:
            # The last board: the harness counts its attacking pairs.
            reply["final_board"] = board
        if trace is not None:
            reply["trace"] = trace
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
