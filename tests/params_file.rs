//! params.csv through the real binary: the tidy rows of every label's
//! parameters and budget, their agreement with the `params` and `budget`
//! columns of runs.csv, and the file a merge of shards writes.

mod common;

use common::{ok, queens, table};

use std::path::Path;

/// Two labels: one with a param list and its own budget, one with neither
/// (backtracking's default budget is unlimited).
const CONFIG: &str = r#"
name = "tidy"
seed = 5
sizes = [6]
trials = 2

[[algorithm]]
name = "min-conflicts"
label = "mc blog"
params = { variant = "blog", restart_after = 50 }
budget = { max_steps = 3000, time_limit = 0.5 }

[[algorithm]]
name = "backtracking"
label = "wirth"
"#;

/// Joins the `key=value` of a label's rows of one source with `;`, as the
/// runs.csv column of that source is spelled.
fn joined(params: &[Vec<String>], label: &str, source: &str) -> String {
    params[1..]
        .iter()
        .filter(|r| r[0] == label && r[2] == source)
        .map(|r| format!("{}={}", r[3], r[4]))
        .collect::<Vec<_>>()
        .join(";")
}

/// The (label, params, budget) of every row of runs.csv.
fn run_columns(runs: &Path) -> Vec<(String, String, String)> {
    let rows = table(runs);
    let col = |name: &str| {
        rows[0]
            .iter()
            .position(|c| c == name)
            .unwrap_or_else(|| panic!("a {name} column"))
    };
    let (label, params, budget) = (col("label"), col("params"), col("budget"));
    rows[1..]
        .iter()
        .map(|r| (r[label].clone(), r[params].clone(), r[budget].clone()))
        .collect()
}

#[test]
fn params_csv_holds_every_param_and_set_limit_in_config_and_canonical_order() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    ok(queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    let params = table(&d.join("data/params.csv"));
    // min-conflicts' parameters in effect for variant blog are
    // clear_on_restart (default false, see `queens algorithms`),
    // restart_after and variant, sorted by key; its budget is the entry's
    // own. Backtracking has one parameter, mode (default first), and an
    // unlimited default budget: no budget rows.
    let expected = [
        ["label", "algorithm", "source", "key", "value"],
        [
            "mc blog",
            "min-conflicts",
            "param",
            "clear_on_restart",
            "false",
        ],
        ["mc blog", "min-conflicts", "param", "restart_after", "50"],
        ["mc blog", "min-conflicts", "param", "variant", "blog"],
        ["mc blog", "min-conflicts", "budget", "max_steps", "3000"],
        ["mc blog", "min-conflicts", "budget", "time_limit", "0.5"],
        ["wirth", "backtracking", "param", "mode", "first"],
    ];
    assert_eq!(params, expected);

    let runs = run_columns(&d.join("data/runs.csv"));
    assert_eq!(runs.len(), 4);
    for (label, params_column, budget_column) in &runs {
        assert_eq!(&joined(&params, label, "param"), params_column, "{label}");
        let budget = joined(&params, label, "budget");
        let budget = if budget.is_empty() {
            "unlimited".to_string()
        } else {
            budget
        };
        assert_eq!(&budget, budget_column, "{label}");
    }
}

#[test]
fn shards_write_no_params_csv_and_their_merge_writes_the_whole_runs() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    ok(queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "single", "--plots", "plots",
        ],
    ));
    for shard in ["0/2", "1/2"] {
        ok(queens(
            d,
            &[
                "run", "exp.toml", "-q", "--data", "sharded", "--shard", shard,
            ],
        ));
    }
    assert!(!d.join("sharded/params.csv").exists());
    ok(queens(d, &["merge", "sharded", "--plots", "plots"]));
    assert_eq!(
        std::fs::read_to_string(d.join("sharded/params.csv")).expect("merged params.csv"),
        std::fs::read_to_string(d.join("single/params.csv")).expect("params.csv")
    );
}
