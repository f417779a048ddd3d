//! Statistics over run records: quantiles, intervals, ERT, summaries.
