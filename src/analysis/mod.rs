//! Statistics over run records: quantiles, intervals, ERT, ECDFs, summaries,
//! and median convergence curves over traces.

pub mod stats;
pub mod summary;
pub mod traces;
