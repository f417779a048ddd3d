//! The report's tables of the fixed-target view and the runtime ECDF, from
//! the data directory's traces.csv and runs.csv
//! ([`crate::analysis::targets`]; the charts `fixed-target`, `fixed-budget`
//! and `runtime-ecdf` draw the same): the ERT in checks to each target at
//! every traced size, one column per label, and each label's area under its
//! runtime ECDF pooled over the sizes every traced label shares. The
//! targets are the stored config's `targets` at every size when it sets
//! them, else the default rule of each size, and the text says which.
//! Without traces.csv there are no such tables.

use maud::{Markup, html};

use super::format::{count, two};
use crate::analysis::targets::{
    TargetErt, TargetRule, ecdf_area, ert_per_target, pooled_ecdfs, shared_sizes, targets_by_size,
    traced_trials,
};
use crate::base::records::{RunRecord, SummaryRow, TraceRecord};
use crate::plot::registry::targets_text;

/// The tables of the traced trials.
#[derive(Clone, Debug, PartialEq)]
pub struct Targets {
    /// The labels traced, in the order summary.csv first names them.
    pub labels: Vec<String>,
    /// One row per size and target, easiest target first.
    pub rows: Vec<TargetRow>,
    /// The sizes the runtime ECDF pools.
    pub pooled: Vec<u64>,
    /// Each label's runtime ECDF in figures, in label order.
    pub areas: Vec<AreaRow>,
    /// Where the targets come from: the config's `targets`, or the default
    /// rule.
    pub rule: TargetRule,
}

/// The ERT of every label to one target at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetRow {
    /// The board size.
    pub n: u64,
    /// The target, in attacking pairs.
    pub target: u64,
    /// Per label (in [`Targets::labels`] order), its ERT; `None` where the
    /// label has no traced trial at this size.
    pub erts: Vec<Option<TargetErt>>,
}

/// One label's runtime ECDF in figures.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaRow {
    /// The label.
    pub label: String,
    /// The (trial, target) pairs reached.
    pub reached: usize,
    /// The (trial, target) pairs.
    pub pairs: usize,
    /// The most any of its trials spent at the pooled sizes, in checks at
    /// one size and in checks / N when several are pooled.
    pub budget: f64,
    /// The normalised area under its ECDF (every (N, target) pair weighing
    /// the same) from 1 to the largest budget of any label.
    pub area: Option<f64>,
}

/// The tables of `traces` joined with `runs` at the targets of `rule`,
/// labels ordered as in `summary` (labels it does not name last, in name
/// order).
pub fn tables(
    traces: &[TraceRecord],
    runs: &[RunRecord],
    summary: &[SummaryRow],
    rule: &TargetRule,
) -> Targets {
    let cells = traced_trials(traces, runs);
    let targets = targets_by_size(&cells, rule);
    let mut labels: Vec<String> = Vec::new();
    let traced = cells.keys().map(|(l, _)| l.as_str());
    for label in summary.iter().map(|r| r.label.as_str()).chain(traced) {
        if cells.keys().any(|(l, _)| l == label) && !labels.iter().any(|l| l == label) {
            labels.push(label.to_owned());
        }
    }
    let mut rows = Vec::new();
    for (&n, size_targets) in &targets {
        let per_label: Vec<Option<Vec<TargetErt>>> = labels
            .iter()
            .map(|l| {
                let trials = cells.get(&(l.clone(), n))?;
                Some(ert_per_target(trials, size_targets))
            })
            .collect();
        for (i, &target) in size_targets.iter().enumerate() {
            rows.push(TargetRow {
                n,
                target,
                erts: per_label.iter().map(|e| e.as_ref().map(|e| e[i])).collect(),
            });
        }
    }
    let pooled = shared_sizes(&cells);
    let ecdfs = pooled_ecdfs(&cells, &targets, &pooled);
    let end = ecdfs.iter().map(|(_, e)| e.budget).fold(0.0, f64::max);
    let areas = labels
        .iter()
        .filter_map(|label| {
            let (_, ecdf) = ecdfs.iter().find(|(l, _)| l == label)?;
            Some(AreaRow {
                label: label.clone(),
                reached: ecdf.hits.len(),
                pairs: ecdf.pairs,
                budget: ecdf.budget,
                area: ecdf_area(ecdf, end),
            })
        })
        .collect();
    Targets {
        labels,
        rows,
        pooled,
        areas,
        rule: rule.clone(),
    }
}

/// An ERT cell: the checks (`∞` when no trial reached the target), with
/// the trials that reached it when some did not; `–` for a label not
/// traced at that size.
pub fn ert_cell(ert: Option<&TargetErt>) -> String {
    match ert {
        None => "–".to_owned(),
        Some(e) if e.reached == e.trials => count(Some(e.ert)),
        Some(e) => format!("{} ({}/{})", count(Some(e.ert)), e.reached, e.trials),
    }
}

/// The area of a label, two decimals (`NA` without one).
pub fn area_cell(area: Option<f64>) -> String {
    area.map_or_else(|| "NA".to_owned(), two)
}

/// The unit of the runtime ECDF's budget when it pools `sizes`: checks at
/// one size, checks / N over several.
pub fn budget_unit(sizes: &[u64]) -> &'static str {
    if sizes.len() > 1 {
        "checks / N"
    } else {
        "checks"
    }
}

/// The report's section of the fixed-target and runtime-ECDF tables.
pub fn section(targets: &Targets) -> Markup {
    html! {
        section aria-labelledby="targets" {
            h2 id="targets" { "Targets reached" }
            p {
                "The fixed-target view asks how many checks each label needs to bring the attacking pairs down to a target, "
                "from its convergence traces: the expected running time (ERT) is the checks of every traced trial "
                "(up to its first reaching the target, or all it spent when it never did) over the trials that reached it. "
                "The targets are fixed per size, the same for every label: " (targets_text(&targets.rule)) " (solved); "
                "(r/t): only r of t trials reached the target; ∞: none did; –: the label has no traces at that size."
            }
            div class="scroll" role="region" aria-label="Fixed-target table" tabindex="0" {
                table id="fixed-target-table" {
                    caption { "ERT in checks to each target of attacking pairs, per size" }
                    thead {
                        tr {
                            th scope="col" { "N" }
                            th scope="col" { "Target" }
                            @for label in &targets.labels {
                                th scope="col" { (label) }
                            }
                        }
                    }
                    tbody {
                        @for row in &targets.rows {
                            tr {
                                th scope="row" class="num" { (row.n) }
                                td class="num" { (row.target) }
                                @for ert in &row.erts {
                                    td class="num" { (ert_cell(ert.as_ref())) }
                                }
                            }
                        }
                    }
                }
            }
            @if !targets.areas.is_empty() {
                p {
                    "The runtime ECDF pools every (trial, target) pair of N = "
                    (targets.pooled.iter().map(u64::to_string).collect::<Vec<_>>().join(", "))
                    " (the sizes every traced label has) and draws, within each budget, the mean over (N, target) pairs of the share of trials that reached the target, "
                    "every (N, target) pair weighing the same whatever its trials; the budget is in " (budget_unit(&targets.pooled)) ". "
                    "Its area is the normalised area under that curve on the log-budget axis from 1 to B, the largest budget of any label: "
                    "the weighted mean over pairs of (log B − log h) / log B for a pair reached at h, 0 for a pair never reached. "
                    "1 would be every pair reached at once; a larger area is better."
                }
                div class="scroll" role="region" aria-label="Runtime ECDF table" tabindex="0" {
                    table id="ecdf-area-table" {
                        caption { "Per label: (trial, target) pairs reached, its budget (the most any trial spent) and the area under its runtime ECDF" }
                        thead {
                            tr {
                                th scope="col" { "Label" }
                                th scope="col" { "Pairs reached" }
                                th scope="col" { "Budget (" (budget_unit(&targets.pooled)) ")" }
                                th scope="col" { "Area" }
                            }
                        }
                        tbody {
                            @for row in &targets.areas {
                                tr {
                                    th scope="row" { (row.label) }
                                    td class="num" { (row.reached) "/" (row.pairs) }
                                    td class="num" { (count(Some(row.budget))) }
                                    td class="num" { (area_cell(row.area)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str, n: u64, trial: u64, checks: u64, best: u64) -> TraceRecord {
        TraceRecord {
            label: label.to_owned(),
            n,
            trial,
            step: checks,
            checks,
            evaluations: 0,
            conflicts: best,
            best_conflicts: best,
        }
    }

    #[test]
    fn rows_per_size_and_target_with_a_column_per_label() {
        // At N = 8 both start at 5 (targets 3, 1, 0): a solves at 40 and
        // 100 checks, b reaches 2 at 10 checks then stops (no runs row:
        // spent 10, unsolved). At N = 16 only a.
        let traces = [
            row("a", 8, 0, 1, 5),
            row("a", 8, 0, 40, 0),
            row("a", 8, 1, 1, 5),
            row("a", 8, 1, 100, 0),
            row("b", 8, 0, 1, 5),
            row("b", 8, 0, 10, 2),
            row("a", 16, 0, 1, 0),
        ];
        let t = tables(&traces, &[], &[], &TargetRule::Ladder);
        assert_eq!(t.labels, vec!["a", "b"]);
        let at8: Vec<u64> = t
            .rows
            .iter()
            .filter(|r| r.n == 8)
            .map(|r| r.target)
            .collect();
        assert_eq!(at8, vec![3, 1, 0]);
        let three = &t.rows[0];
        assert_eq!(ert_cell(three.erts[0].as_ref()), "70");
        assert_eq!(ert_cell(three.erts[1].as_ref()), "10");
        let zero = &t.rows[2];
        assert_eq!(ert_cell(zero.erts[1].as_ref()), "∞ (0/1)");
        let n16 = t.rows.iter().find(|r| r.n == 16).unwrap();
        assert_eq!(ert_cell(n16.erts[1].as_ref()), "–");
        // Pooled over N = 8 only (b has no N = 16): a reaches its 6 pairs
        // at 40 (×3) and 100 (×3), b 1 of 3 (target 3, at 10 checks);
        // B = 100, so b's area is (2 − 1) / 2 / 3.
        assert_eq!(t.pooled, vec![8]);
        assert_eq!((t.areas[0].reached, t.areas[0].pairs), (6, 6));
        let a_by_hand = 3.0 * (2.0 - 40f64.log10()) / 2.0 / 6.0;
        assert!((t.areas[0].area.unwrap() - a_by_hand).abs() < 1e-12);
        assert_eq!(area_cell(t.areas[1].area), "0.17");
        let text = section(&t).into_string();
        assert!(text.contains("then 0 (solved)") && !text.contains("config"));
    }

    #[test]
    fn the_configs_targets_are_the_rows_of_every_size_and_the_text_says_so() {
        // a at N = 8 starts at 5, comes to 2 at 30 checks and solves at
        // 60; at N = 12 it starts at 9 and stops at 4 after 500 checks:
        // it reached 6 there at 500, never 2 or 0.
        let traces = [
            row("a", 8, 0, 1, 5),
            row("a", 8, 0, 30, 2),
            row("a", 8, 0, 60, 0),
            row("a", 12, 0, 1, 9),
            row("a", 12, 0, 500, 4),
        ];
        let rule = TargetRule::Configured(vec![6, 2, 0]);
        let t = tables(&traces, &[], &[], &rule);
        let rows: Vec<(u64, u64)> = t.rows.iter().map(|r| (r.n, r.target)).collect();
        assert_eq!(
            rows,
            vec![(8, 6), (8, 2), (8, 0), (12, 6), (12, 2), (12, 0)]
        );
        let cells: Vec<String> = t
            .rows
            .iter()
            .map(|r| ert_cell(r.erts[0].as_ref()))
            .collect();
        assert_eq!(cells, vec!["1", "30", "60", "500", "∞ (0/1)", "∞ (0/1)"]);
        let text = section(&t).into_string();
        assert!(
            text.contains("set by the config's targets key in place of the default rule"),
            "{text}"
        );
        assert!(text.contains("at every N: 6, 2, 0 (solved)"), "{text}");
    }
}
