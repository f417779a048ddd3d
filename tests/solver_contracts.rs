//! The contract every solver keeps (issue 3): default budgets that end
//! N = 2 and 3 with exit 1 and the stop reason, a restart budget that counts
//! restarts (0 = the first run only), parameters refused when the chosen
//! variant does not use them, recorded parameters that are the ones in
//! effect, and runs refused up front when they would not fit in memory.

mod common;

use common::search::{given, run};
use common::{queens_here, stderr};

use queens::find_algorithm;
use queens::solvers::{Budget, ParamError, StopReason, algorithms};
use serde_json::{Value, json};

/// `queens solve --json` with `args`: the exit code and the JSON object.
fn solve_json(args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["solve", "--json"];
    all.extend_from_slice(args);
    let out = queens_here(&all);
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}; stderr: {}", stderr(&out)));
    (out.status.code(), json)
}

/// Every variant of every algorithm, plus the other settings that change
/// how a search ends: (algorithm, `--param` arguments).
fn every_configuration() -> Vec<(&'static str, Vec<String>)> {
    let mut configurations = Vec::new();
    for a in algorithms() {
        if a.variants.is_empty() {
            configurations.push((a.name, Vec::new()));
        }
        for v in a.variants {
            configurations.push((a.name, vec![format!("variant={}", v.name)]));
        }
    }
    for (name, param) in [
        ("backtracking", "mode=exhaustive"),
        ("random-restart", "permutation=true"),
        ("min-conflicts", "patience=0"),
        ("naive-repair", "restart_after=1"),
        ("hill-climbing", "sideways=100"),
    ] {
        configurations.push((name, vec![param.to_string()]));
    }
    configurations
}

#[test]
fn every_algorithm_and_variant_ends_n_2_and_3_at_its_default_budget() {
    let configurations = every_configuration();
    assert!(configurations.len() >= 15, "{configurations:?}");
    for (name, params) in configurations {
        let algorithm = find_algorithm(name).expect("registered");
        for n in [2, 3] {
            let mut args = vec!["-a", name, "-n", if n == 2 { "2" } else { "3" }];
            for p in &params {
                args.extend(["--param", p.as_str()]);
            }
            let (code, json) = solve_json(&args);
            let what = format!("{name} {params:?} n={n}");
            assert_eq!(code, Some(1), "{what}: exit 1 without a solution");
            assert_eq!(json["solved"], false, "{what}");
            let m = &json["metrics"];
            let steps = m["steps"].as_u64().expect("steps");
            match algorithm.default_budget.max_steps {
                // Exact (no default step budget): the whole, empty search
                // space.
                None => {
                    assert_eq!(m["stop_reason"], "exhausted", "{what}");
                    // Its partial placement holds no attack: 0, never unknown.
                    assert_eq!(m["final_conflicts"], 0, "{what}");
                    let expected = match name {
                        // Kuechmann's tests and backtracks, by hand.
                        "backtracking" if n == 2 => (6, Some(2)),
                        "backtracking" => (18, Some(5)),
                        // Plain backtracking counts nodes: the safe squares
                        // of those tests (2 and 5), Kuechmann's backtracks.
                        "csp" if n == 2 => (2, Some(2)),
                        "csp" => (5, Some(5)),
                        // The construction knows there is nothing to build.
                        _ => (0, Some(0)),
                    };
                    assert_eq!((steps, m["backtracks"].as_u64()), expected, "{what}");
                }
                // Stochastic: the default step budget, exactly, or the
                // default restart budget where there is one (hill-climbing:
                // at N = 2 a climb without sideways moves never moves).
                Some(budget) => {
                    match algorithm.default_budget.max_restarts {
                        Some(restarts) if m["stop_reason"] == "budget_restarts" => {
                            assert_eq!(m["restarts"].as_u64(), Some(restarts), "{what}");
                            assert!(steps < budget, "{what}");
                        }
                        _ => {
                            assert_eq!(m["stop_reason"], "budget_steps", "{what}");
                            assert_eq!(steps, budget, "{what}");
                        }
                    }
                    assert!(m["final_conflicts"].as_u64() >= Some(1), "{what}");
                    // A machine-independent bound on the work. The heaviest
                    // default is the blog's smarter repair, 8 checks per
                    // count_conflict (one per direction): per repair at most
                    // 8 per queen on a grid of at most N² = 9 queens, plus 8N
                    // for the row, 96 at N = 3, so at most 9.6·10^7 for its
                    // 10^6 repairs (6.3·10^7 measured; annealing, 4 checks per
                    // move, makes 2·10^7).
                    assert!(m["checks"].as_u64() <= Some(96_000_072), "{what}: {m}");
                }
            }
        }
    }
}

/// The restarting configurations at N = 3 (no solution), with the steps
/// their first run takes: the restart comes where the algorithm would make
/// it.
const RESTARTING: &[(&str, &[&str], u64)] = &[
    // Every board after the first is a restart.
    ("random-restart", &[], 1),
    ("random-restart", &["permutation=true"], 1),
    // A restart after every restart_after repairs.
    ("naive-repair", &["restart_after=7"], 7),
    // The published counter: the first restart follows repair R + 1.
    ("naive-repair", &["variant=blog", "restart_after=7"], 8),
    ("min-conflicts", &["variant=blog", "restart_after=7"], 8),
    (
        "min-conflicts",
        &["variant=blog", "restart_after=7", "clear_on_restart=true"],
        8,
    ),
];

#[test]
fn max_restarts_counts_restarts_and_zero_means_the_first_run_only() {
    for &(name, params, first_run) in RESTARTING {
        for max in [0, 1, 4] {
            let budget = Budget {
                max_restarts: Some(max),
                ..Budget::UNLIMITED
            };
            let o = run(name, params, 3, 5, budget);
            let what = format!("{name} {params:?} max_restarts={max}");
            assert_eq!(o.stop_reason, StopReason::BudgetRestarts, "{what}");
            assert_eq!(o.metrics.restarts, max, "{what}");
            let blog = params.contains(&"variant=blog");
            // Blog: R + 1 repairs, then R per restart; otherwise R per run.
            let expected = if blog {
                first_run + max * (first_run - 1)
            } else {
                first_run * (max + 1)
            };
            assert_eq!(o.metrics.steps, expected, "{what}");
            assert!(o.metrics.final_conflicts.is_some_and(|c| c > 0), "{what}");
        }
    }
    // Min-conflicts restarts after `patience` repairs without progress: a
    // restart budget of 0 lets the first run go on to its first restart.
    let o = run(
        "min-conflicts",
        &[],
        3,
        5,
        Budget {
            max_restarts: Some(0),
            ..Budget::UNLIMITED
        },
    );
    assert_eq!(o.stop_reason, StopReason::BudgetRestarts);
    assert_eq!(o.metrics.restarts, 0);
    assert!(o.metrics.steps >= 100, "{:?}", o.metrics);
    // Hill climbing restarts when a climb is stuck. At N = 2 every move is
    // sideways (each board and each successor has one attacking pair), so a
    // climb makes exactly `sideways` moves, then restarts.
    for max in [0, 1, 4] {
        let budget = Budget {
            max_restarts: Some(max),
            ..Budget::UNLIMITED
        };
        let o = run("hill-climbing", &["sideways=4"], 2, 5, budget);
        assert_eq!(o.stop_reason, StopReason::BudgetRestarts, "hill {max}");
        assert_eq!((o.metrics.restarts, o.metrics.steps), (max, 4 * (max + 1)));
    }
    // The fast variant restarts after a stall: a budget of 0 lets the first
    // run repair until it stalls, and no budget is overrun.
    for max in [0, 3] {
        let budget = Budget {
            max_restarts: Some(max),
            ..Budget::UNLIMITED
        };
        let o = run("min-conflicts", &["variant=fast"], 3, 5, budget);
        assert_eq!(o.stop_reason, StopReason::BudgetRestarts, "fast {max}");
        assert!(o.metrics.steps > 0, "fast {max}: {:?}", o.metrics);
        assert_eq!(o.metrics.restarts, max, "fast {max}");
    }
}

#[test]
fn max_restarts_does_not_touch_solvers_that_never_restart() {
    let budget = Budget {
        max_steps: Some(1_000),
        max_restarts: Some(0),
        ..Budget::UNLIMITED
    };
    let mut never = Vec::new();
    for (name, params) in every_configuration() {
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        let a = find_algorithm(name).expect("registered");
        let (_, settings) = a.instantiate(&given(&params)).expect("valid");
        let Some(why) = settings.restart_budget_ignored(&budget) else {
            assert!(settings.can_restart(), "{name} {params:?}");
            continue;
        };
        assert!(
            !why.is_empty() && !settings.can_restart(),
            "{name} {params:?}"
        );
        never.push(format!("{name} {params:?}"));
        // Exact searches and the construction end N = 8 as without the
        // restart budget (solved, or at the step budget for the exhaustive
        // search); the stochastic ones run to their step budget on N = 3.
        let n = if a.default_budget.max_steps.is_none() {
            8
        } else {
            3
        };
        let o = run(name, &params, n, 2, budget);
        let what = format!("{name} {params:?} n={n}");
        assert_eq!(o.metrics.restarts, 0, "{what}");
        if n == 8 {
            let unbounded = Budget {
                max_restarts: None,
                ..budget
            };
            assert_eq!(o, run(name, &params, n, 2, unbounded), "{what}");
        } else {
            assert_eq!(o.stop_reason, StopReason::BudgetSteps, "{what}");
            assert_eq!(o.metrics.steps, 1_000, "{what}");
        }
    }
    let o = run("backtracking", &[], 8, 0, budget);
    assert_eq!((o.stop_reason, o.metrics.tests), (StopReason::Solved, 876));
    // Both exact modes, the construction, both variants of annealing and
    // of the GA, min-conflicts with patience=0, and csp.
    assert_eq!(never.len(), 9, "{never:?}");
}

#[test]
fn the_genetic_step_budget_is_the_only_step_budget() {
    // Above the old hidden caps (50,000 and 500,000 generations).
    let o = run(
        "genetic",
        &["population=2", "elite=0", "local_search=0"],
        3,
        1,
        Budget::steps(60_000),
    );
    assert_eq!(
        (o.stop_reason, o.metrics.steps),
        (StopReason::BudgetSteps, 60_000)
    );
    let o = run("genetic", &["variant=hesham"], 2, 1, Budget::steps(500_001));
    assert_eq!(
        (o.stop_reason, o.metrics.steps),
        (StopReason::BudgetSteps, 500_001)
    );
    // max_generations stays an extra cap for both variants.
    for variant in ["variant=permutation", "variant=hesham"] {
        let o = run(
            "genetic",
            &[variant, "max_generations=30"],
            3,
            1,
            Budget::steps(1_000),
        );
        assert_eq!(
            (o.stop_reason, o.metrics.steps),
            (StopReason::BudgetSteps, 30)
        );
    }
}

#[test]
fn a_construction_stops_at_its_step_budget() {
    let o = run("construction", &[], 8, 0, Budget::steps(5));
    assert_eq!(o.solution, None);
    assert_eq!(
        (o.stop_reason, o.metrics.steps),
        (StopReason::BudgetSteps, 5)
    );
    let o = run("construction", &[], 8, 0, Budget::steps(8));
    assert_eq!((o.stop_reason, o.metrics.steps), (StopReason::Solved, 8));
}

/// `queens solve` with `params` must exit 2; returns stderr.
fn refused(algorithm: &str, params: &[&str]) -> String {
    let mut args = vec!["solve", "-a", algorithm, "-n", "8"];
    for p in params {
        args.extend(["--param", p]);
    }
    let out = queens_here(&args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    err
}

#[test]
fn a_parameter_the_variant_does_not_use_exits_2_naming_it() {
    for (algorithm, params, says) in [
        (
            "min-conflicts",
            // The first key given that does not apply is named.
            &["variant=fast", "restart_after=5", "clear_on_restart=true"][..],
            &[
                "'restart_after' does not apply to min-conflicts variant=fast",
                "that variant takes: variant (random|blog|fast)",
            ][..],
        ),
        (
            "min-conflicts",
            &["variant=fast", "clear_on_restart=true"][..],
            &["'clear_on_restart' does not apply to min-conflicts variant=fast"][..],
        ),
        (
            "min-conflicts",
            &["clear_on_restart=true"][..],
            &[
                "'clear_on_restart' does not apply to min-conflicts variant=random",
                "variant (random|blog|fast), patience (integer >= 0)",
            ][..],
        ),
        (
            "min-conflicts",
            &["variant=blog", "patience=5"][..],
            &[
                "'patience' does not apply to min-conflicts variant=blog",
                "restart_after (integer >= 1), clear_on_restart (true|false)",
            ][..],
        ),
        (
            "naive-repair",
            &["clear_on_restart=true"][..],
            &[
                "'clear_on_restart' does not apply to naive-repair variant=random",
                "variant (random|blog), restart_after (integer >= 1)",
            ][..],
        ),
        (
            "genetic",
            &["variant=hesham", "tournament=3"][..],
            &[
                "'tournament' does not apply to genetic variant=hesham",
                "population (fixed: 6), mutation_rate (fixed: 0.05), max_generations (integer >= 0)",
            ][..],
        ),
        (
            "annealing",
            &["variant=hesham", "t0=2"][..],
            &["bad value '2' for parameter 't0': expected 35: variant=hesham fixes it"][..],
        ),
        (
            "genetic",
            &["population=5", "population=6"][..],
            &["parameter 'population' is given twice for algorithm 'genetic'"][..],
        ),
    ] {
        let err = refused(algorithm, params);
        for s in says {
            assert!(
                err.contains(s),
                "{algorithm} {params:?}: missing {s:?} in {err}"
            );
        }
    }
}

#[test]
fn recorded_params_are_the_ones_in_effect_and_replay() {
    for (algorithm, params, expected) in [
        (
            "genetic",
            &["variant=hesham"][..],
            json!({"variant": "hesham", "population": 6, "mutation_rate": 0.05, "max_generations": 0}),
        ),
        (
            "annealing",
            &["variant=hesham"][..],
            json!({"variant": "hesham", "t0": 35.0, "alpha": 0.97, "steps_per_temperature": 1,
                   "reheat_after": 0, "reheats": 0}),
        ),
        (
            "min-conflicts",
            &["variant=fast"][..],
            json!({"variant": "fast"}),
        ),
        (
            "min-conflicts",
            &[][..],
            json!({"variant": "random", "patience": 100}),
        ),
        (
            "naive-repair",
            &[][..],
            json!({"variant": "random", "restart_after": 100}),
        ),
    ] {
        let mut args = vec!["-a", algorithm, "-n", "8", "--seed", "3"];
        for p in params {
            args.extend(["--param", p]);
        }
        let (code, first) = solve_json(&args);
        assert_eq!(code, Some(0), "{algorithm} {params:?}: {first}");
        assert_eq!(first["params"], expected, "{algorithm} {params:?}");
        // Every recorded parameter given back explicitly: the same run.
        let recorded: Vec<String> = first["params"]
            .as_object()
            .expect("an object")
            .iter()
            .map(|(k, v)| {
                format!(
                    "{k}={}",
                    v.as_str().map_or_else(|| v.to_string(), String::from)
                )
            })
            .collect();
        let mut replay = vec!["-a", algorithm, "-n", "8", "--seed", "3"];
        for p in &recorded {
            replay.extend(["--param", p.as_str()]);
        }
        let (code, again) = solve_json(&replay);
        assert_eq!(code, Some(0), "{replay:?}: {again}");
        assert_eq!(again["params"], first["params"]);
        assert_eq!(again["metrics"], first["metrics"], "{replay:?}");
    }
}

#[test]
fn a_run_too_large_for_memory_is_refused_before_it_starts() {
    // 75 TB of grid: above the memory of any machine this runs on.
    let blog = find_algorithm("min-conflicts").expect("registered");
    let e = blog
        .instantiate_for(10_000_000, &given(&["variant=blog"]))
        .err()
        .expect("refused");
    assert!(
        matches!(e, ParamError::TooLarge { n: 10_000_000, .. }),
        "{e}"
    );
    assert!(
        blog.instantiate_for(10_000, &given(&["variant=blog"]))
            .is_ok()
    );

    // Through an experiment config: exit 2 naming the entry, N and the way out.
    let dir = tempfile::tempdir().expect("temp dir");
    let config = "name = \"big\"\nseed = 1\ntrials = 1\nsizes = [8]\n\n\
                  [[algorithm]]\nname = \"min-conflicts\"\nlabel = \"blog\"\n\
                  params = { variant = \"blog\" }\nsizes = [8, 10_000_000]\n";
    std::fs::write(dir.path().join("big.toml"), config).expect("config");
    let out = common::queens(dir.path(), &["run", "big.toml", "--quiet"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for s in [
        "big.toml:10:",
        "'blog': min-conflicts (clear_on_restart=false;restart_after=100;variant=blog) at N = 10000000",
        "bytes, estimated), more than the limit of",
        "use variant=random, or min-conflicts variant=fast, for large N",
    ] {
        assert!(err.contains(s), "missing {s:?} in {err}");
    }
    assert!(!dir.path().join("data").exists(), "nothing written");
}

#[test]
fn a_config_parameter_the_variant_does_not_use_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = "name = \"t\"\nseed = 1\ntrials = 1\nsizes = [8]\n\n\
                  [[algorithm]]\nname = \"min-conflicts\"\n\
                  params = { variant = \"fast\", patience = 5 }\n";
    std::fs::write(dir.path().join("t.toml"), config).expect("config");
    let out = common::queens(dir.path(), &["run", "t.toml", "--quiet"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "t.toml:8:30: parameter 'patience' does not apply to min-conflicts variant=fast"
        ),
        "{err}"
    );
}

#[test]
fn a_config_parameter_that_no_parameter_can_take_is_refused_naming_the_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (value, column) in [("1979-05-27", 25), ("{ size = 20 }", 25)] {
        let config = format!(
            "name = \"t\"\nseed = 1\ntrials = 1\nsizes = [8]\n\n\
             [[algorithm]]\nname = \"genetic\"\n\
             params = {{ population = {value} }}\n"
        );
        std::fs::write(dir.path().join("t.toml"), config).expect("config");
        let out = common::queens(dir.path(), &["run", "t.toml", "--quiet"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        let expected = format!("t.toml:8:{column}: bad value '");
        assert!(err.contains(&expected), "{expected} in {err}");
        assert!(
            err.contains("for parameter 'population': a parameter takes a number, a quoted word or true|false"),
            "{err}"
        );
    }
}
