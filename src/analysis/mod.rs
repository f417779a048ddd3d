//! Statistics over run records: quantiles, intervals, ERT, ECDFs, summaries,
//! and median convergence curves over traces. Reads the rows of
//! [`crate::records`] and nothing above them: it never runs a solver.

pub mod stats;
pub mod summary;
pub mod traces;
