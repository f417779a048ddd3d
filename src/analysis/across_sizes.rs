//! The ranking of labels across board sizes: each size a block, each label
//! ranked there by its ERT in the measure compared (summary.csv: failures
//! count, and a label that solved nothing ranks last, tied with the
//! others that did not), then the Friedman test and the Nemenyi critical
//! difference of the mean ranks ([`super::friedman`]). ERT rather than the
//! median: a median over solved trials alone would rank a label that
//! solved one trial in a hundred beside one that solved them all.
//!
//! Only the sizes where every label has trials and at least one label
//! solved are blocks: a size a label lacks cannot rank it, and a size no
//! label solved ties everyone, adding a block without information that
//! would shrink the critical difference.

use crate::base::records::{Measure, SummaryRow};

use super::friedman::{Friedman, friedman};

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
    Ok(AcrossSizes {
        measure,
        labels: labels.into_iter().map(str::to_owned).collect(),
        sizes,
        incomplete,
        unsolved,
        test,
    })
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
        assert_eq!((ranked.unsolved, ranked.incomplete), (vec![4], vec![32]));
        assert_eq!(ranked.test.mean_ranks, vec![1.0, 2.0]);
        assert_eq!(ranked.test.blocks, 2);
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
