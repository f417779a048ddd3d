//! Statistics over run records: quantiles, intervals, ERT, ECDFs, summaries,
//! median convergence curves over traces, the targets reached in traces
//! (ERT per target, quantiles per budget, the runtime ECDF and its area),
//! growth exponents (power laws of the median work against N), and the
//! comparison of labels by
//! rank tests and effect sizes. Reads the rows of
//! [`crate::base::records`] and nothing above them: it never runs a solver.

pub mod compare;
pub mod growth;
pub mod rank_tests;
pub mod stats;
pub mod summary;
pub mod targets;
pub mod traces;
