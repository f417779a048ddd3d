//! Plans too big for the comparison are refused before any trial runs, by
//! `queens run` and by `queens run --dry-run` alike, with exit 2, the
//! bound and what to do, and nothing written: more labels than an
//! experiment compares (as separate tables, or as a sweep whose
//! combinations are counted before any is built), or more pairs of labels
//! than the comparison holds (a pair at each size it shares).

mod common;

use queens::experiment::limits::{MAX_COMPARED_PAIRS, MAX_LABELS};

/// `config` refused by `queens run` and by `queens run --dry-run`, each
/// with exit 2, at `line`, saying every one of `says`, and nothing but
/// the config in the directory.
fn refused_both_ways(config: &str, line: usize, says: &[&str]) {
    for dry_run in [false, true] {
        let dir = common::setup(config);
        let mut args = vec!["run", "exp.toml", "-q"];
        if dry_run {
            args.push("--dry-run");
        }
        let out = common::queens(dir.path(), &args);
        let stderr = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "dry run {dry_run}: {stderr}");
        assert!(
            stderr.contains(&format!("exp.toml:{line}:")),
            "dry run {dry_run}: line {line} not in {stderr}"
        );
        for part in says {
            assert!(
                stderr.contains(part),
                "dry run {dry_run}: `{part}` not in {stderr}"
            );
        }
        assert_eq!(
            common::listing(dir.path()),
            vec!["exp.toml"],
            "nothing written"
        );
    }
}

/// A config of `tables` algorithm tables (labels `l1`, `l2`, …) of random
/// restarts at `sizes`, three trials each.
fn tables(tables: usize, sizes: &str) -> String {
    let mut config = format!("name = \"huge\"\nseed = 1\nsizes = {sizes}\ntrials = 3\n");
    for i in 1..=tables {
        config.push_str(&format!(
            "\n[[algorithm]]\nname = \"random-restart\"\nlabel = \"l{i}\"\n"
        ));
    }
    config
}

/// The line of the `name` of table `i` (from 1) in [`tables`]'s config.
fn name_line(i: usize) -> usize {
    4 + 4 * (i - 1) + 3
}

#[test]
fn more_labels_than_an_experiment_compares_are_refused_at_the_table_past_the_bound() {
    let labels = MAX_LABELS as usize + 1;
    refused_both_ways(
        &tables(labels, "[6]"),
        name_line(labels),
        &[
            &format!("compares {labels} labels"),
            &format!("at most {MAX_LABELS}"),
            "before any trial runs",
            "split the study",
        ],
    );
}

#[test]
fn a_sweep_of_more_combinations_than_labels_allowed_is_refused_before_it_is_built() {
    let values: Vec<String> = (1..=MAX_LABELS + 1).map(|v| v.to_string()).collect();
    let config = format!(
        "name = \"huge\"\nseed = 1\nsizes = [6, 8]\ntrials = 3\n\n[[algorithm]]\nname = \"naive-repair\"\nparams = {{ restart_after = [{}] }}\n",
        values.join(", ")
    );
    refused_both_ways(
        &config,
        8,
        &[
            &format!("crosses {} restart_after values", MAX_LABELS + 1),
            &format!("the {MAX_LABELS} labels"),
        ],
    );
}

#[test]
fn more_pairs_than_the_comparison_holds_are_refused_with_its_memory() {
    // 800 labels at two sizes: 2 × 800 × 799 / 2 = 639,200 pairs. The
    // bound is passed at the table k whose pairs at both sizes together
    // first exceed it: 2 × k × (k − 1) / 2 > bound.
    let labels = 800usize;
    let pairs = |k: u64| k * (k - 1);
    let first_over = (2..=labels as u64)
        .find(|&k| pairs(k) > MAX_COMPARED_PAIRS)
        .expect("800 labels pass the bound");
    refused_both_ways(
        &tables(labels, "[6, 8]"),
        name_line(first_over as usize),
        &[
            &format!("would test {} pairs of labels", pairs(labels as u64)),
            "MB of memory",
            &format!("at most {MAX_COMPARED_PAIRS}"),
        ],
    );
    let fits = tables(first_over as usize - 1, "[6, 8]");
    let dir = common::setup(&fits);
    common::ok(common::queens(
        dir.path(),
        &["run", "exp.toml", "-q", "--dry-run"],
    ));
}
