//! The ranking of labels across board sizes: each size a block, each label
//! ranked there by its ERT in the measure compared (summary.csv: failures
//! count, and a label that solved nothing ranks last, tied with the
//! others that did not), then the Friedman test with its permutation
//! p-value and Iman–Davenport's F ([`super::friedman`]), and as the
//! post-hoc test every pair's Wilcoxon signed-rank test over the sizes
//! ([`super::signed_rank`]) with Holm's correction over the pairs. The
//! Nemenyi critical difference of mean ranks is kept only for the
//! critical-difference drawing, and only from [`MIN_DIAGRAM_SIZES`] sizes
//! up: below that it separates almost nothing (three sizes of six labels
//! give CD 5.2 on a scale of 1 to 6). Neighbouring sizes are not
//! independent samples of problems: the tests say how consistently the
//! labels order over the sizes run. ERT rather than the
//! median: a median over solved trials alone would rank a label that
//! solved one trial in a hundred beside one that solved them all.
//!
//! Only the sizes where every label has trials and at least one label
//! solved are blocks: a size a label lacks cannot rank it, and a size no
//! label solved ties everyone, adding a block without information that
//! would shrink the critical difference.

use crate::base::records::{Measure, SummaryRow};

use super::friedman::{Friedman, friedman};
use super::rank_tests::holm;
use super::signed_rank::signed_rank;

/// The fewest sizes a critical-difference diagram is drawn from.
pub const MIN_DIAGRAM_SIZES: usize = 5;

/// One pair's Wilcoxon signed-rank test over the ranked sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct PairTest {
    /// The first label's index into [`AcrossSizes::labels`].
    pub a: usize,
    /// The second label's index.
    pub b: usize,
    /// The sizes where their ERTs differ (the pairs ranked).
    pub differing: usize,
    /// The sizes where the first label's ERT is the lower.
    pub a_cheaper: usize,
    /// The label the signed ranks favour (the lower ERTs weighted by how
    /// much lower), `None` when they balance exactly.
    pub cheaper: Option<usize>,
    /// The two-sided p-value of the signed-rank test.
    pub p_value: f64,
    /// Its Holm correction over every pair.
    pub p_holm: f64,
}

/// The labels ranked over the sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct AcrossSizes {
    /// The measure whose ERT ranks them.
    pub measure: Measure,
    /// The labels, in summary.csv's order (the order of
    /// [`Friedman::mean_ranks`]).
    pub labels: Vec<String>,
    /// The sizes ranked (the blocks), ascending.
    pub sizes: Vec<u64>,
    /// The sizes left out: some label has no trial there.
    pub incomplete: Vec<u64>,
    /// The sizes left out: no label solved there.
    pub unsolved: Vec<u64>,
    /// The test and the critical difference.
    pub test: Friedman,
    /// Every pair's signed-rank test, in the order (0, 1), (0, 2), …,
    /// (1, 2), …: the post-hoc test.
    pub pairs: Vec<PairTest>,
}

impl AcrossSizes {
    /// Whether there are enough sizes for a critical-difference diagram.
    pub fn diagram_allowed(&self) -> bool {
        self.sizes.len() >= MIN_DIAGRAM_SIZES
    }
}

/// Why the labels cannot be ranked across sizes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoRanking {
    /// Fewer than two labels.
    #[error("fewer than two labels to rank")]
    FewerThanTwoLabels,
    /// Fewer than two sizes where every label has trials and one solved.
    #[error(
        "fewer than two board sizes where every label has trials and one of them solved ({sizes} such size{}), so no ranking across sizes",
        if *.sizes == 1 { "" } else { "s" }
    )]
    FewerThanTwoSizes {
        /// The sizes that qualify.
        sizes: usize,
    },
}

/// The labels of `summary` ranked by their ERT in `measure` across the
/// sizes, with the critical difference at `alpha`.
pub fn across_sizes(
    summary: &[SummaryRow],
    measure: Measure,
    alpha: f64,
) -> Result<AcrossSizes, NoRanking> {
    let mut labels: Vec<&str> = Vec::new();
    for row in summary {
        if !labels.contains(&row.label.as_str()) {
            labels.push(&row.label);
        }
    }
    if labels.len() < 2 {
        return Err(NoRanking::FewerThanTwoLabels);
    }
    let mut all_sizes: Vec<u64> = summary.iter().map(|r| r.n).collect();
    all_sizes.sort_unstable();
    all_sizes.dedup();
    let (mut sizes, mut incomplete, mut unsolved, mut blocks) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for n in all_sizes {
        let block: Option<Vec<f64>> = labels
            .iter()
            .map(|&l| {
                summary
                    .iter()
                    .find(|r| r.label == l && r.n == n && r.trials > 0)
                    .and_then(|r| r.measure(measure).ert)
            })
            .collect();
        match block {
            None => incomplete.push(n),
            Some(block) if block.iter().all(|e| e.is_infinite()) => unsolved.push(n),
            Some(block) => {
                sizes.push(n);
                blocks.push(block);
            }
        }
    }
    let test = friedman(&blocks, alpha).ok_or(NoRanking::FewerThanTwoSizes {
        sizes: blocks.len(),
    })?;
    let pairs = pair_tests(&blocks, labels.len());
    Ok(AcrossSizes {
        measure,
        labels: labels.into_iter().map(str::to_owned).collect(),
        sizes,
        incomplete,
        unsolved,
        test,
        pairs,
    })
}

/// Every pair's signed-rank test over `blocks` of `k` labels, Holm-corrected.
fn pair_tests(blocks: &[Vec<f64>], k: usize) -> Vec<PairTest> {
    let column = |i: usize| blocks.iter().map(|b| b[i]).collect::<Vec<f64>>();
    let mut pairs: Vec<PairTest> = Vec::new();
    for a in 0..k {
        for b in a + 1..k {
            let (x, y) = (column(a), column(b));
            // Every block holds every label: the columns are paired.
            let Some(test) = signed_rank(&x, &y) else {
                continue;
            };
            pairs.push(PairTest {
                a,
                b,
                differing: test.pairs,
                a_cheaper: x.iter().zip(&y).filter(|(x, y)| x < y).count(),
                cheaper: {
                    let centre = (test.pairs * (test.pairs + 1)) as f64 / 4.0;
                    match test.w_plus.total_cmp(&centre) {
                        std::cmp::Ordering::Less => Some(a),
                        std::cmp::Ordering::Greater => Some(b),
                        std::cmp::Ordering::Equal => None,
                    }
                },
                p_value: test.p_value,
                p_holm: 0.0,
            });
        }
    }
    let corrected = holm(&pairs.iter().map(|p| p.p_value).collect::<Vec<_>>());
    for (pair, p) in pairs.iter_mut().zip(corrected) {
        pair.p_holm = p;
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_rows::summary_row;

    const INF: f64 = f64::INFINITY;

    #[test]
    fn ranks_by_ert_over_the_sizes_every_label_has_and_one_solved() {
        let summary = vec![
            summary_row("a", 4, 1, 0, INF),
            summary_row("b", 4, 1, 0, INF),
            summary_row("a", 8, 1, 1, 10.0),
            summary_row("b", 8, 1, 1, 20.0),
            summary_row("a", 16, 1, 1, 50.0),
            summary_row("b", 16, 1, 0, INF),
            summary_row("a", 32, 1, 1, 90.0),
        ];
        let ranked = across_sizes(&summary, Measure::Checks, 0.05).expect("two sizes");
        assert_eq!(ranked.labels, vec!["a", "b"]);
        assert_eq!(ranked.sizes, vec![8, 16]);
        assert_eq!(
            (ranked.unsolved.clone(), ranked.incomplete.clone()),
            (vec![4], vec![32])
        );
        assert_eq!(ranked.test.mean_ranks, vec![1.0, 2.0]);
        assert_eq!(ranked.test.blocks, 2);
        assert!(!ranked.diagram_allowed());
    }

    /// Six sizes, "a" cheapest at all, "b" below "c" at five: a against
    /// either is the signed-rank test's most extreme outcome over six
    /// pairs (p = 2/64), b against c has W⁺ = 1 (p = 4/64); Holm over the
    /// three: 3·2/64, 2·2/64 → 3/32 both, then 4/64 → 3/32 (monotone).
    #[test]
    fn the_post_hoc_is_pairwise_signed_rank_with_holm() {
        let mut summary = Vec::new();
        for (i, n) in (8..14).enumerate() {
            let i = i as f64;
            summary.push(summary_row("a", n, 1, 1, 1.0 + i));
            let (b, c) = if n == 8 {
                (30.0, 20.0)
            } else {
                (10.0 + i, 20.0 + 10.0 * i)
            };
            summary.push(summary_row("b", n, 1, 1, b));
            summary.push(summary_row("c", n, 1, 1, c));
        }
        let ranked = across_sizes(&summary, Measure::Checks, 0.05).expect("six sizes");
        assert!(ranked.diagram_allowed());
        let found: Vec<(usize, usize, usize, f64, f64)> = ranked
            .pairs
            .iter()
            .map(|p| (p.a, p.b, p.a_cheaper, p.p_value, p.p_holm))
            .inspect(|p| {
                assert_eq!(
                    ranked
                        .pairs
                        .iter()
                        .find(|q| (q.a, q.b) == (p.0, p.1))
                        .and_then(|q| q.cheaper),
                    Some(p.0)
                )
            })
            .collect();
        assert_eq!(
            found,
            vec![
                (0, 1, 6, 2.0 / 64.0, 3.0 / 32.0),
                (0, 2, 6, 2.0 / 64.0, 3.0 / 32.0),
                (1, 2, 5, 4.0 / 64.0, 3.0 / 32.0),
            ]
        );
    }

    #[test]
    fn too_few_sizes_or_labels_are_typed_reasons() {
        let one_label = vec![
            summary_row("a", 8, 1, 1, 1.0),
            summary_row("a", 9, 1, 1, 1.0),
        ];
        assert_eq!(
            across_sizes(&one_label, Measure::Checks, 0.05),
            Err(NoRanking::FewerThanTwoLabels)
        );
        let one_size = vec![
            summary_row("a", 8, 1, 1, 1.0),
            summary_row("b", 8, 1, 1, 2.0),
        ];
        let error = across_sizes(&one_size, Measure::Checks, 0.05).expect_err("one size");
        assert_eq!(error, NoRanking::FewerThanTwoSizes { sizes: 1 });
        assert!(error.to_string().contains("(1 such size)"));
    }
}
