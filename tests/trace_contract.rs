//! The contract of every solver's trace (issue 43, item 1), which the
//! fixed-target, fixed-budget and runtime-ECDF views read: a search that
//! works on complete boards observes every board (or population) it
//! evaluates, from the first one on, at the counters then, so every new
//! fewest is seen when it is found; the last observation is the board it
//! ends on, 0 exactly when it solved; and the trace never steers the search.
//! An exact search (backtracking, csp, construction) holds partial boards,
//! which never hold an attack: its trace is one point of 0 at the end of a
//! solved search and nothing otherwise.
//!
//! Then the fixed-target ERT of random restarts, through the runner's
//! trace and the analysis, against its exact value from the distribution of
//! attacking pairs over all boards.

mod common;

use common::search::configurations;
use queens::analysis::targets::{ert_per_target, traced_trials};
use queens::base::board::attacking_pairs;
use queens::base::records::TraceRecord;
use queens::run::trace::SamplingTrace;
use queens::solvers::params::RawValue;
use queens::solvers::{Budget, Control, Metrics, Outcome, Solver, Trace, algorithms};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// Keeps every observation: the counters and the attacking pairs.
#[derive(Default)]
struct Recorder(Vec<(Metrics, u64)>);

impl Trace for Recorder {
    fn record(&mut self, metrics: &Metrics, conflicts: u64) {
        self.0.push((*metrics, conflicts));
    }
}

/// Runs `solver` on N×N from `seed` under `budget`, with `trace` or none.
fn solve(
    solver: &dyn Solver,
    n: usize,
    seed: u64,
    budget: Budget,
    trace: Option<&mut dyn Trace>,
) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut control = Control::new(budget);
    if let Some(trace) = trace {
        control = control.with_trace(trace);
    }
    solver.solve(n, &mut rng, &mut control)
}

/// How many observations a search that evaluated what `o` counts must have
/// made: (the fewest, the most).
fn observations(family: &str, o: &Outcome) -> (u64, u64) {
    let m = &o.metrics;
    match family {
        // One per board drawn, each a step.
        "random-restart" => (m.steps, m.steps),
        // The starting board, every step's board and every fresh one.
        "local-search" | "blog" | "fast" => {
            let all = 1 + m.steps + m.restarts;
            (all, all)
        }
        // The initial population and every generation; one more for a
        // search stopped within a population.
        "genetic" => (1 + m.steps, 2 + m.steps),
        other => unreachable!("{other}"),
    }
}

/// The family of a configuration: whose loop it runs, which fixes what its
/// trace holds.
fn family(name: &str, given: &[(String, RawValue)]) -> &'static str {
    let variant = given.iter().find_map(|(k, v)| match v {
        RawValue::Text(t) if k == "variant" => Some(t.as_str()),
        _ => None,
    });
    match (name, variant) {
        ("backtracking" | "csp" | "construction", _) => "exact",
        ("random-restart", _) => "random-restart",
        (_, Some("blog")) => "blog",
        ("min-conflicts", Some("fast")) => "fast",
        ("genetic", _) => "genetic",
        ("naive-repair" | "min-conflicts" | "hill-climbing" | "annealing", _) => "local-search",
        (other, _) => panic!("{other}: a registry algorithm the contract does not know"),
    }
}

/// Every configuration of every registry algorithm, with the settings that
/// change how a search ends or restarts.
fn every_configuration() -> Vec<(&'static str, Vec<(String, RawValue)>)> {
    let mut all = Vec::new();
    for a in algorithms() {
        for given in configurations(a) {
            all.push((a.name, given));
        }
    }
    let text = |k: &str, v: &str| (k.to_string(), RawValue::Text(v.to_string()));
    for extra in [
        ("backtracking", vec![text("mode", "exhaustive")]),
        ("random-restart", vec![text("permutation", "true")]),
        (
            "naive-repair",
            vec![text("variant", "blog"), text("restart_after", "1")],
        ),
        (
            "min-conflicts",
            vec![
                text("variant", "blog"),
                text("restart_after", "3"),
                text("clear_on_restart", "true"),
            ],
        ),
        ("naive-repair", vec![text("restart_after", "2")]),
        ("hill-climbing", vec![text("sideways", "3")]),
    ] {
        all.push(extra);
    }
    all
}

/// Returns the message when `condition` fails.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        if !$condition {
            return Err(format!($($message)+));
        }
    };
}

/// The first way in which the observations `seen` of one search of the
/// `family` on N×N that ended with `plain` break the contract, if any.
fn contract(
    family: &str,
    n: usize,
    plain: &Outcome,
    seen: &[(Metrics, u64)],
) -> Result<(), String> {
    ensure!(
        seen.windows(2)
            .all(|w| w[0].0.steps <= w[1].0.steps && w[0].0.checks <= w[1].0.checks),
        "the counters of the observations go back"
    );
    let got: Vec<(u64, u64, u64)> = seen.iter().map(|(m, c)| (m.steps, m.checks, *c)).collect();
    if family == "exact" {
        // One point of 0 at the end of a solved search.
        let expected: Vec<(u64, u64, u64)> = if plain.is_solved() {
            vec![(plain.metrics.steps, plain.metrics.checks, 0)]
        } else {
            Vec::new()
        };
        ensure!(
            got == expected,
            "observed (step, checks, conflicts) {got:?}, expected {expected:?}"
        );
        return Ok(());
    }
    let (fewest, most) = observations(family, plain);
    let count = seen.len() as u64;
    ensure!(
        (fewest..=most).contains(&count),
        "{count} observations, {fewest}..={most} boards evaluated"
    );
    let (first, _) = seen[0];
    let first_step = if family == "random-restart" { 1 } else { 0 };
    ensure!(
        (first.steps, first.restarts) == (first_step, 0),
        "the first observation is at step {} after {} restarts, not the first board",
        first.steps,
        first.restarts
    );
    let (last, pairs) = seen[seen.len() - 1];
    ensure!(
        last.steps == plain.metrics.steps,
        "the last observation is at step {}, the search ended at {}",
        last.steps,
        plain.metrics.steps
    );
    ensure!(
        (pairs == 0) == plain.is_solved(),
        "the last observation holds {pairs} pairs; solved: {}",
        plain.is_solved()
    );
    ensure!(
        Some(pairs) == plain.metrics.final_conflicts,
        "the last observation holds {pairs} pairs, the board it ends on {:?}",
        plain.metrics.final_conflicts
    );
    // The runner's sample: first point, improvements, the end.
    let mut sample = SamplingTrace::new(7);
    for (metrics, conflicts) in seen {
        sample.record(metrics, *conflicts);
    }
    let rows = sample.records("x", n as u64, 0);
    ensure!(
        (rows[0].step, rows[0].conflicts) == (first.steps, seen[0].1),
        "the first row is not the first observation"
    );
    ensure!(
        rows.windows(2)
            .all(|w| w[1].best_conflicts <= w[0].best_conflicts),
        "best_conflicts rises"
    );
    let best = seen.iter().map(|(_, c)| *c).min();
    let last_row = &rows[rows.len() - 1];
    ensure!(
        Some(last_row.best_conflicts) == best,
        "the last row's best_conflicts is {}, the fewest observed {best:?}",
        last_row.best_conflicts
    );
    ensure!(
        (last_row.best_conflicts == 0) == plain.is_solved(),
        "the last row's best_conflicts is {}; solved: {}",
        last_row.best_conflicts,
        plain.is_solved()
    );
    Ok(())
}

#[test]
fn every_algorithm_traces_every_new_best_from_its_first_board_to_its_end() {
    // Steps, and checks that stop the genetic algorithms within their
    // first population (100) or within a generation (2,000).
    let checks = |limit| Budget {
        max_checks: Some(limit),
        ..Budget::UNLIMITED
    };
    let budgets = [Budget::steps(300), checks(100), checks(2_000)];
    let mut families = std::collections::BTreeSet::new();
    // The first breach of each configuration.
    let mut breaches = Vec::new();
    for (name, given) in every_configuration() {
        let algorithm = queens::find_algorithm(name).expect("registered");
        let (_, solver) = algorithm
            .instantiate(&given)
            .unwrap_or_else(|e| panic!("{name} {given:?}: {e}"));
        let family = family(name, &given);
        families.insert(family);
        'configuration: for n in [1, 4, 5, 6, 8] {
            for seed in 0..3 {
                for budget in budgets {
                    let what = format!("{name} {given:?} n={n} seed={seed} {budget:?}");
                    let plain = solve(solver.as_ref(), n, seed, budget, None);
                    let mut recorder = Recorder::default();
                    let traced = solve(solver.as_ref(), n, seed, budget, Some(&mut recorder));
                    assert_eq!(traced, plain, "{what}: the trace steers nothing");
                    if let Err(breach) = contract(family, n, &plain, &recorder.0) {
                        breaches.push(format!("{what}: {breach}"));
                        break 'configuration;
                    }
                }
            }
        }
    }
    assert_eq!(
        families.len(),
        6,
        "every family of loops is covered: {families:?}"
    );
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

/// The attacking pairs and the checks random-restart spends on each of the
/// N^N boards with one queen per row: the queens drawn until the first one
/// attacked by an earlier row, that one included, or N.
fn every_board(n: usize) -> Vec<(u64, u64)> {
    let mut all = Vec::new();
    let mut board = vec![0u32; n];
    loop {
        let attacked = (1..n).find(|&row| {
            (0..row).any(|earlier| {
                let (a, b) = (board[earlier] as i64, board[row] as i64);
                a == b || (a - b).unsigned_abs() == (row - earlier) as u64
            })
        });
        let checks = attacked.map_or(n, |row| row + 1) as u64;
        all.push((attacking_pairs(&board), checks));
        let Some(row) = board.iter().rposition(|&c| c + 1 < n as u32) else {
            return all;
        };
        board[row] += 1;
        board[row + 1..].fill(0);
    }
}

/// The mean and variance of `values` weighted equally.
fn moments(values: &[f64]) -> (f64, f64) {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64;
    (mean, variance)
}

#[test]
fn the_fixed_target_ert_of_random_restarts_is_its_exact_value() {
    const N: usize = 6;
    const TRIALS: u64 = 2_000;
    let boards = every_board(N);
    // The hand counts of N = 6: 4 solutions among 6^6 boards.
    assert_eq!(boards.len(), 46_656);
    assert_eq!(boards.iter().filter(|b| b.0 == 0).count(), 4);
    let solver = common::search::solver("random-restart", &[]);
    let mut rows = Vec::new();
    for trial in 0..TRIALS {
        let mut sample = SamplingTrace::new(1_000);
        // At p ≥ 3.4% per board, 1,000 boards miss the targets with
        // probability below 1e-14.
        solve(
            solver.as_ref(),
            N,
            trial,
            Budget::steps(1_000),
            Some(&mut sample),
        );
        rows.extend(sample.records("random", N as u64, trial));
    }
    // ERT in steps: the trace rows with their step as their work.
    let in_steps: Vec<TraceRecord> = rows
        .iter()
        .map(|r| TraceRecord {
            checks: r.step,
            ..r.clone()
        })
        .collect();
    let m = TRIALS as f64;
    for target in [3, 2] {
        let hit: Vec<f64> = boards
            .iter()
            .filter(|b| b.0 <= target)
            .map(|b| b.1 as f64)
            .collect();
        let miss: Vec<f64> = boards
            .iter()
            .filter(|b| b.0 > target)
            .map(|b| b.1 as f64)
            .collect();
        let p = hit.len() as f64 / boards.len() as f64;
        // Boards to the first hit: geometric, mean 1/p, variance (1−p)/p².
        let steps_sd = ((1.0 - p) / p / p / m).sqrt();
        // Checks to the first hit: the misses before it (K of them, K + 1
        // geometric) and the hit, K independent of the checks of each board
        // given its class: mean E[K]·E[Y] + E[Z] (= E[X]/p, Wald), variance
        // E[K]·Var Y + Var K·E[Y]² + Var Z.
        let (y, var_y) = moments(&miss);
        let (z, var_z) = moments(&hit);
        let (k, var_k) = ((1.0 - p) / p, (1.0 - p) / p / p);
        let checks_mean = k * y + z;
        let checks_sd = ((k * var_y + var_k * y * y + var_z) / m).sqrt();
        for (unit, trace, exact, sd) in [
            ("steps", &in_steps, 1.0 / p, steps_sd),
            ("checks", &rows, checks_mean, checks_sd),
        ] {
            let cells = traced_trials(trace, &[]);
            let trials = &cells[&("random".to_string(), N as u64)];
            assert_eq!(trials.len(), TRIALS as usize);
            let ert = ert_per_target(trials, &[target])[0];
            assert_eq!(ert.reached, TRIALS as usize, "target {target}");
            // Every trial reached it: the ERT is the mean of TRIALS
            // independent first hits, within four standard errors.
            assert!(
                (ert.ert - exact).abs() <= 4.0 * sd,
                "target {target}, {unit}: ERT {} against exactly {exact:.3} ± {sd:.3}",
                ert.ert
            );
        }
    }
}

#[test]
fn traced_random_restarts_replay_the_shipped_runs_exactly() {
    // The trace completes boards from a stream of its own: the shipped
    // rows of data/blog-repair/runs.csv replay to the same counters with
    // tracing on.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/blog-repair/runs.csv");
    let text = std::fs::read_to_string(path).expect("the shipped runs.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let [label, n, seed, solved, steps, checks, pairs] = [
        "label",
        "n",
        "seed",
        "solved",
        "steps",
        "checks",
        "final_conflicts",
    ]
    .map(column);
    let solver = common::search::solver("random-restart", &[]);
    let rows: Vec<Vec<&str>> = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|r| r[label] == "random (blog)")
        .take(12)
        .collect();
    assert_eq!(rows.len(), 12);
    for row in rows {
        let number = |i: usize| row[i].parse::<u64>().expect("a number");
        let mut recorder = Recorder::default();
        let o = solve(
            solver.as_ref(),
            number(n) as usize,
            number(seed),
            Budget::steps(100_000),
            Some(&mut recorder),
        );
        assert_eq!(
            (
                o.metrics.steps,
                o.metrics.checks,
                o.metrics.final_conflicts,
                o.is_solved()
            ),
            (
                number(steps),
                number(checks),
                Some(number(pairs)),
                row[solved] == "TRUE"
            ),
            "{row:?}"
        );
        assert_eq!(recorder.0.len() as u64, o.metrics.steps, "{row:?}");
    }
}
