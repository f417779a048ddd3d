# %% [markdown]
# # Your own solver beside min-conflicts, from Python
#
# A plain script that is also a notebook (the `# %%` cells open in Jupyter
# with jupytext, in VS Code and in PyCharm): it registers a small
# min-conflicts written in Python, runs it in process beside the built-in
# min-conflicts on N = 8..64, loads the results as pandas tables, and
# shows a table and a chart. Run it from anywhere:
#
#     python python/examples/compare.py [OUT_DIR]
#
# It writes OUT_DIR/data, OUT_DIR/plots (the harness's charts and report)
# and OUT_DIR/checks-by-n.png (the chart drawn here), OUT_DIR defaulting
# to ./compare-example.

# %%
import random
import sys
from pathlib import Path

import queens

out = Path(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else "compare-example")


# %% [markdown]
# ## A solver of our own
#
# `solve(n, rng_seed, budget, trace)`: the trial's seed is the only source
# of randomness; it stops within the budget and counts its work as the
# built-in does (checks: N per fresh board, N per look for the attacked
# queens, N per row scan, 2 per move).

# %%
def min_conflicts(n, rng_seed, budget, trace):
    rng = random.Random(rng_seed)
    steps = checks = restarts = 0
    max_steps = budget.max_steps or 10**9
    while True:
        cols = [rng.randrange(n) for _ in range(n)]
        checks += n
        for _ in range(100 * n):
            col = [0] * n
            up, down = [0] * (2 * n), [0] * (2 * n)
            for r, x in enumerate(cols):
                col[x] += 1
                up[r - x + n] += 1
                down[r + x] += 1
            attacked = [r for r, x in enumerate(cols) if col[x] + up[r - x + n] + down[r + x] > 3]
            checks += n
            if not attacked:
                return cols, "solved", {"steps": steps, "checks": checks, "restarts": restarts,
                                        "evaluations": restarts + 1}
            if steps >= max_steps:
                return cols, "budget_steps", {"steps": steps, "checks": checks,
                                              "restarts": restarts, "evaluations": restarts + 1}
            r = rng.choice(attacked)
            old = cols[r]
            col[old] -= 1
            up[r - old + n] -= 1
            down[r + old] -= 1
            costs = [col[x] + up[r - x + n] + down[r + x] for x in range(n)]
            checks += n
            low = min(costs)
            cols[r] = rng.choice([x for x in range(n) if costs[x] == low])
            checks += 2 if cols[r] != old else 0
            steps += 1
            if trace is not None:
                trace.append({"steps": steps, "checks": checks, "conflicts": low})
        restarts += 1


queens.register("my-min-conflicts", min_conflicts, step="repair")
print(queens.solve("my-min-conflicts", 16, seed=1))

# %% [markdown]
# ## The experiment
#
# A config as a dict, the same schema as a TOML file; the Python solver is
# `name = "python:my-min-conflicts"`.

# %%
config = {
    "name": "compare-example",
    "description": "A min-conflicts in Python, in process, beside the built-in",
    "seed": 7,
    "trials": 20,
    "sizes": [8, 16, 32, 64],
    "budget": {"max_steps": 100_000, "time_limit": 10.0},
    "algorithm": [
        {"name": "min-conflicts", "label": "built-in", "params": {"variant": "random"}},
        {"name": "python:my-min-conflicts", "label": "mine (Python)"},
    ],
}
result = queens.run(config, data=out / "data", plots=out / "plots", fresh=True)
print(f"{result.ran} trials run; report: {result.report}")

# %% [markdown]
# ## The results as pandas tables

# %%
data = queens.load(result.data)
table = (
    data.summary.pivot_table(index="n", columns="label", values="checks_median", observed=True)
    .round(0)
)
print(table.to_string())
table

# %% [markdown]
# ## A chart (matplotlib when installed; the harness's own charts are in `plots/`)

# %%
try:
    import matplotlib

    matplotlib.use("Agg" if __name__ == "__main__" else matplotlib.get_backend())
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
if plt is not None:
    ax = table.plot(marker="o", logx=True, logy=True, title="median checks to a solution")
    ax.set_ylabel("checks")
    ax.figure.savefig(out / "checks-by-n.png", dpi=100)
else:
    charts = [p for p in data.plot(out / "charts") if p.suffix == ".svg"]
    print("matplotlib is not installed; the harness drew:", *map(str, charts))
    if "IPython" in sys.modules:
        from IPython.display import SVG, display

        display(SVG(filename=str(out / "charts" / "scaling.svg")))

# %%
solved = data.runs.groupby("label", observed=True)["solved"].mean()
print(solved.to_string())
assert (solved == 1.0).all(), "every trial of both solvers solves N = 8..64"
