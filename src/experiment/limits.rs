//! The bounds of a plan, shared by the config loader and the sweep
//! expansion that check them.

/// The most trials a plan may hold, summed over every algorithm and size
/// (and so the most sizes a `sizes` list or range may yield): the runner
/// keeps a few hundred bytes per planned trial in memory.
pub const MAX_PLANNED_TRIALS: u64 = 1_000_000;
