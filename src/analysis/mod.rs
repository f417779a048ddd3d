//! Statistics over run records: quantiles, intervals, ERT, ECDFs, summaries,
//! median convergence curves over traces, the targets reached in traces
//! (ERT per target, quantiles per budget, the runtime ECDF and its area),
//! growth exponents (power laws of the median work against N), the
//! comparison of labels by rank tests and effect sizes with a Bayesian
//! second opinion within a ROPE (`bayes`), each label's ERT
//! ratio to the best (`versus_best`), and the ranking across sizes by the
//! Friedman test (its permutation p in `friedman_exact`), pairwise
//! Wilcoxon signed-rank tests with Holm's correction (`signed_rank`) and
//! the Nemenyi critical difference as a drawing (`across_sizes`,
//! `friedman`). Reads the rows of
//! [`crate::base::records`] and nothing above them: it never runs a solver.

pub mod across_sizes;
pub mod bayes;
pub mod compare;
pub mod friedman;
pub mod friedman_exact;
pub mod growth;
pub mod rank_tests;
pub mod signed_rank;
pub mod stats;
pub mod summary;
pub mod targets;
pub mod traces;
pub mod versus_best;

#[cfg(test)]
pub(crate) mod test_rows;
