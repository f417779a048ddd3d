"""The Bayesian columns of compare.csv against the baycomp package.

For every data directory given: recomputes, from runs.csv alone, each row
of compare.csv's p_a_better, p_equivalent and p_b_better (the model of
src/analysis/bayes.rs: each label's trial costs at that N weighted by an
independent Dirichlet(1, ..., 1) draw, the Bayesian bootstrap; theta_a =
the weight of pairs of trials where label_a's cost times 1 + rope is
below label_b's, theta_b the reverse, theta_equivalent the rest; each
probability is the share of draws in which its theta is the largest)
and checks it against compare.csv.

baycomp does the deciding: the draws of theta go through
baycomp.multiple.Posterior(sample).probs(), the rule of every test of
Benavoli et al. (2017). Where label_a has a single trial (a deterministic
algorithm run once), the model is exactly baycomp's Bayesian sign test on
the log costs (SignTest with prior 0, rope ln(1 + rope)): theta is then a
Dirichlet over the counts of label_b's trials in each region; there the
expected probabilities are baycomp.SignTest.probs itself.

The cost of a trial is its measure when it answered (solved, or proved
that no solution exists) and +inf when not (as in compare.csv); rows that ended in solver_error or invalid_solution are
left out. compare.csv's probabilities come from 4,000 seeded draws
(standard error at most 0.5/sqrt(4000) = 0.0079), baycomp's from 20,000
(0.0035): a difference above TOLERANCE = 0.04, about 4.6 standard
errors of the two together, fails.

Usage: check_bayes.py DATA_DIR... Exits 1 naming every row that differs.
"""

import csv
import math
import sys

import numpy as np
from baycomp.multiple import Posterior, SignTest

TOLERANCE = 0.04
DRAWS = 20_000
SEED = 2016
COLUMNS = {"checks": "checks", "seconds": "wall_seconds", "steps": "steps",
           "evaluations": "evaluations"}
PROGRAM_ERRORS = {"solver_error", "invalid_solution"}


def costs(runs, measure):
    """(label, n) -> the costs of its trials in `measure`."""
    column = COLUMNS[measure]
    out = {}
    for row in runs:
        if row["stop_reason"] in PROGRAM_ERRORS:
            continue
        # A proof that no solution exists (exhausted) answers the trial.
        answered = row["solved"] == "TRUE" or row["stop_reason"] == "exhausted"
        cost = float(row[column]) if answered else math.inf
        out.setdefault((row["label"], int(row["n"])), []).append(cost)
    return out


def shares(x, wx, y, wy, rope):
    """For each draw (row of the weights `wx` over `x` and `wy` over `y`),
    the weight of the pairs (i, j) where x_i (1 + rope) < y_j: each x_i
    times the weight of the y above x_i (1 + rope), from the suffix sums of
    `wy` in the order of `y` (linear in the trials, not quadratic)."""
    order = np.argsort(y, kind="stable")
    y_sorted = np.asarray(y)[order]
    with np.errstate(invalid="ignore"):
        bound = np.asarray(x) * (1 + rope)
    # y_sorted[k:] are the y strictly above the bound.
    k = np.searchsorted(y_sorted, bound, side="right")
    above = np.concatenate(
        [np.cumsum(wy[:, order][:, ::-1], axis=1)[:, ::-1], np.zeros((len(wy), 1))], axis=1)
    return (wx * above[:, k]).sum(axis=1)


def two_sample(a, b, rope, rng):
    """baycomp's probabilities over DRAWS draws of the two-sample model."""
    sample = np.zeros((DRAWS, 3))
    chunk = 5_000
    for start in range(0, DRAWS, chunk):
        wa = rng.dirichlet(np.ones(len(a)), chunk)
        wb = rng.dirichlet(np.ones(len(b)), chunk)
        theta_a = shares(a, wa, b, wb, rope)
        theta_b = shares(b, wb, a, wa, rope)
        sample[start:start + chunk, 0] = theta_a
        sample[start:start + chunk, 2] = theta_b
        sample[start:start + chunk, 1] = 1 - theta_a - theta_b
    return Posterior(sample).probs()


def sign_test(a, b, rope):
    """baycomp's Bayesian sign test where `a` is one trial: SignTest's left
    region (y - x below -rope) is label_b practically cheaper."""
    x = np.log(np.full(len(b), a[0]))
    y = np.log(np.asarray(b))
    with np.errstate(invalid="ignore"):
        left, equal, right = SignTest.probs(x, y, math.log1p(rope), prior=0,
                                            nsamples=DRAWS, random_state=SEED)
    return right, equal, left


def check(data_dir):
    failures = []
    with open(f"{data_dir}/runs.csv", newline="") as f:
        runs = list(csv.DictReader(f))
    with open(f"{data_dir}/compare.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    if rows and "p_a_better" not in rows[0]:
        return [f"FAIL {data_dir}compare.csv: no p_a_better column "
                "(written before the Bayesian columns: recompute it with `queens compare`)"]
    by_measure = {}
    rng = np.random.default_rng(SEED)
    checked = 0
    for row in rows:
        measure = row["measure"]
        if measure not in by_measure:
            by_measure[measure] = costs(runs, measure)
        n = int(row["n"])
        a = by_measure[measure].get((row["label_a"], n), [])
        b = by_measure[measure].get((row["label_b"], n), [])
        ours = [row["p_a_better"], row["p_equivalent"], row["p_b_better"]]
        where = f"{data_dir}compare.csv: {measure}, N = {n}, {row['label_a']} against {row['label_b']}"
        if not a or not b:
            failures.append(f"FAIL {where}: runs.csv has no trials of one of them")
            continue
        if "NA" in ours:
            failures.append(f"FAIL {where}: NA where both have trials")
            continue
        ours = [float(p) for p in ours]
        rope = float(row["rope"])
        if abs(sum(ours) - 1) > 1e-9:
            failures.append(f"FAIL {where}: the probabilities {ours} do not sum to 1")
        theirs = sign_test(a, b, rope) if len(a) == 1 else two_sample(a, b, rope, rng)
        if len(a) == 1:
            # The two routes agree where both apply.
            again = two_sample(a, b, rope, rng)
            if max(abs(x - y) for x, y in zip(theirs, again)) > TOLERANCE:
                failures.append(f"FAIL {where}: baycomp's sign test {[float(t) for t in theirs]} and the two-sample draws {[float(t) for t in again]} differ")
        worst = max(abs(x - y) for x, y in zip(ours, theirs))
        if worst > TOLERANCE:
            failures.append(
                f"FAIL {where}: compare.csv gives p_a_better, p_equivalent, p_b_better = "
                f"{ours}, baycomp {[round(float(t), 4) for t in theirs]} (rope {rope}): "
                f"a difference of {worst:.4f}, above {TOLERANCE}")
        checked += 1
    print(f"check-bayes: {data_dir}: {checked} rows of compare.csv checked against baycomp "
          f"(tolerance {TOLERANCE}), {len(failures)} failures")
    return failures


def main(dirs):
    if not dirs:
        print("usage: check_bayes.py DATA_DIR...", file=sys.stderr)
        return 2
    failures = []
    for data_dir in dirs:
        failures += check(data_dir if data_dir.endswith("/") else data_dir + "/")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
