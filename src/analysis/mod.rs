//! Statistics over run records: quantiles, intervals, ERT, summaries.

pub mod stats;
pub mod summary;
