//! Each label against the best at each board size, as cocopp's tables show
//! it: the ratio of its ERT to the lowest ERT at that N in the measure
//! compared (the best has 1), with the seeded bootstrap interval of that
//! ratio and the verdict of their pair from compare.csv (Holm-corrected
//! Mann–Whitney, [`super::compare`]), so a mark says when the best is
//! significantly cheaper.
//!
//! The best label at each size is ranking.csv's (the lowest ERT, ties
//! broken by the verdicts: the one meaning of best, [`super::compare`]);
//! the ERTs come from summary.csv; the interval and verdict from the
//! pair's row of compare.csv, turned round when the label is its second
//! label (the ratio inverted, its interval's ends inverted and swapped).

use crate::base::records::{CompareRow, Measure, RankingRow, SummaryRow};

/// The ERT ratios of every label to the best, one column per size.
#[derive(Clone, Debug, PartialEq)]
pub struct RatioTable {
    /// The measure the ERTs count.
    pub measure: Measure,
    /// The board sizes, ascending: the columns.
    pub sizes: Vec<u64>,
    /// One row per label, in summary.csv's order.
    pub rows: Vec<RatioRow>,
}

/// One label's ratios, one cell per size of [`RatioTable::sizes`].
#[derive(Clone, Debug, PartialEq)]
pub struct RatioRow {
    /// The label.
    pub label: String,
    /// Its cell at each size; `None` where it has no trial.
    pub cells: Vec<Option<RatioCell>>,
}

/// One label at one size against the best there.
#[derive(Clone, Debug, PartialEq)]
pub struct RatioCell {
    /// Its ERT over the best ERT: 1 for the best, `+∞` when it solved
    /// nothing; `None` when no label solved at this size (no best).
    pub ratio: Option<f64>,
    /// The 95% bootstrap interval of the ratio, when compare.csv has one.
    pub interval: Option<(f64, f64)>,
    /// Whether some of its trials failed.
    pub failures: bool,
    /// How it stands against the best.
    pub standing: Standing,
}

/// How a label stands against the best label at one size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Standing {
    /// It is the best (lowest ERT; the first in order among equals).
    Best,
    /// The best is significantly cheaper (Holm-corrected p below alpha).
    Worse {
        /// The pair's Holm-corrected p.
        p_holm: f64,
    },
    /// It is significantly cheaper than the best by ranks, though its ERT
    /// is higher (the tests weigh every trial alike; ERT weighs cost).
    Better {
        /// The pair's Holm-corrected p.
        p_holm: f64,
    },
    /// Not significant, though a test of this design could have been.
    NoDetectableDifference,
    /// No test of this design could have been significant.
    Untestable,
    /// No pair to read: no best at this size, or compare.csv lacks it.
    NotCompared,
}

/// The table of `summary`'s labels against the best at each size in
/// `measure` (the label `ranking` calls best there), with intervals and
/// verdicts from the `compare` rows of that measure.
pub fn ratio_table(
    summary: &[SummaryRow],
    compare: &[CompareRow],
    ranking: &[RankingRow],
    measure: Measure,
) -> RatioTable {
    let mut sizes: Vec<u64> = summary.iter().map(|r| r.n).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut labels: Vec<&str> = Vec::new();
    for row in summary {
        if !labels.contains(&row.label.as_str()) {
            labels.push(&row.label);
        }
    }
    let ert = |label: &str, n: u64| {
        summary
            .iter()
            .find(|r| r.label == label && r.n == n)
            .and_then(|r| r.measure(measure).ert)
    };
    let best: Vec<Option<(&str, f64)>> = sizes
        .iter()
        .map(|&n| {
            let best = ranking
                .iter()
                .find(|r| r.n == n && r.measure == measure.name() && r.versus_best == "best")?;
            let label = labels.iter().copied().find(|&l| l == best.label)?;
            ert(label, n).filter(|e| e.is_finite()).map(|e| (label, e))
        })
        .collect();
    let rows = labels
        .iter()
        .map(|&label| RatioRow {
            label: label.to_owned(),
            cells: sizes
                .iter()
                .zip(&best)
                .map(|(&n, best)| {
                    let row = summary.iter().find(|r| r.label == label && r.n == n)?;
                    let ert = row.measure(measure).ert;
                    let failures = row.successes + row.proved < row.trials;
                    let Some((best_label, best_ert)) = *best else {
                        return Some(RatioCell {
                            ratio: None,
                            interval: None,
                            failures,
                            standing: Standing::NotCompared,
                        });
                    };
                    if best_label == label {
                        return Some(RatioCell {
                            ratio: Some(1.0),
                            interval: None,
                            failures,
                            standing: Standing::Best,
                        });
                    }
                    let pair = compare.iter().find(|c| {
                        c.n == n
                            && c.measure == measure.name()
                            && ((c.label_a == label && c.label_b == best_label)
                                || (c.label_a == best_label && c.label_b == label))
                    });
                    Some(RatioCell {
                        ratio: ert.map(|ert| ert / best_ert),
                        interval: pair.and_then(|p| interval(p, label)),
                        failures,
                        standing: pair.map_or(Standing::NotCompared, |p| standing(p, label)),
                    })
                })
                .collect(),
        })
        .collect();
    RatioTable {
        measure,
        sizes,
        rows,
    }
}

/// The interval of `label`'s ERT over the other's, from their pair's row.
fn interval(pair: &CompareRow, label: &str) -> Option<(f64, f64)> {
    let (low, high) = (pair.ert_ratio_ci_low?, pair.ert_ratio_ci_high?);
    if pair.label_a == label {
        Some((low, high))
    } else {
        Some((1.0 / high, 1.0 / low))
    }
}

/// How `label` stands against the other label of `pair` (the best).
fn standing(pair: &CompareRow, label: &str) -> Standing {
    let label_is_a = pair.label_a == label;
    match (pair.verdict.as_str(), label_is_a) {
        ("a_better", false) | ("b_better", true) => Standing::Worse {
            p_holm: pair.p_holm,
        },
        ("a_better", true) | ("b_better", false) => Standing::Better {
            p_holm: pair.p_holm,
        },
        ("no_detectable_difference", _) => Standing::NoDetectableDifference,
        ("untestable", _) => Standing::Untestable,
        _ => Standing::NotCompared,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_rows::{pair, summary_row};

    /// The row of ranking.csv saying `label` is best at `n` by checks.
    fn best(label: &str, n: u64) -> RankingRow {
        RankingRow {
            measure: "checks".into(),
            n,
            label: label.into(),
            trials: 10,
            successes: 10,
            ert: None,
            rank: 1,
            mean_rank: 1.0,
            indistinguishable_from_best: true,
            versus_best: "best".into(),
        }
    }

    #[test]
    fn cells_are_ratios_to_the_best_with_turned_intervals_and_verdicts() {
        let summary = vec![
            summary_row("a", 8, 10, 10, 100.0),
            summary_row("b", 8, 10, 10, 400.0),
            summary_row("c", 8, 10, 0, f64::INFINITY),
            summary_row("a", 16, 10, 5, 900.0),
            summary_row("b", 16, 10, 10, 300.0),
            summary_row("a", 32, 10, 0, f64::INFINITY),
            summary_row("b", 32, 10, 0, f64::INFINITY),
        ];
        let compare = vec![
            // At 8, b is the second label: its interval is as written.
            pair(8, ("a", "b"), "a_better", 0.004, Some((0.2, 0.3))),
            pair(8, ("a", "c"), "untestable", 1.0, None),
            // At 16 the best, b, is the second label: a's ratio turns round.
            pair(
                16,
                ("a", "b"),
                "no_detectable_difference",
                0.2,
                Some((2.0, 4.0)),
            ),
        ];
        // At 32 nothing solved: no best.
        let ranking = vec![best("a", 8), best("b", 16)];
        let table = ratio_table(&summary, &compare, &ranking, Measure::Checks);
        assert_eq!(table.sizes, vec![8, 16, 32]);
        let labels: Vec<&str> = table.rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, vec!["a", "b", "c"]);
        let cell = |row: usize, col: usize| table.rows[row].cells[col].clone();
        let a8 = cell(0, 0).expect("a at 8");
        assert_eq!((a8.ratio, a8.standing), (Some(1.0), Standing::Best));
        let b8 = cell(1, 0).expect("b at 8");
        assert_eq!(b8.ratio, Some(4.0));
        assert_eq!(b8.standing, Standing::Worse { p_holm: 0.004 });
        let (low, high) = b8.interval.expect("interval");
        assert!((low - 1.0 / 0.3).abs() < 1e-12 && (high - 5.0).abs() < 1e-12);
        let c8 = cell(2, 0).expect("c at 8");
        assert_eq!(c8.ratio, Some(f64::INFINITY));
        assert_eq!((c8.standing, c8.failures), (Standing::Untestable, true));
        let a16 = cell(0, 1).expect("a at 16");
        assert_eq!(a16.ratio, Some(3.0));
        assert_eq!(a16.interval, Some((2.0, 4.0)));
        assert_eq!(a16.standing, Standing::NoDetectableDifference);
        assert_eq!(cell(1, 1).map(|c| c.standing), Some(Standing::Best));
        assert_eq!(cell(2, 1), None);
        let a32 = cell(0, 2).expect("a at 32");
        assert_eq!((a32.ratio, a32.standing), (None, Standing::NotCompared));
    }
}
