//! The bounds of a plan, shared by the config loader and the sweep
//! expansion that check them.

/// The most trials a plan may hold, summed over every algorithm and size
/// (and so the most sizes a `sizes` list or range may yield): the runner
/// keeps a few hundred bytes per planned trial in memory.
pub const MAX_PLANNED_TRIALS: u64 = 1_000_000;

/// The most labels an experiment may compare: every chart draws a line and
/// a legend entry per label, the report a row, and the comparison every
/// pair, so a plan of more is refused at load (and by `--dry-run`) rather
/// than after its trials. A sweep's combinations count before any is
/// built.
pub const MAX_LABELS: u64 = 1_000;

/// The most pairs of labels the comparison may test, summed over the
/// sizes (a pair of labels that both run at N is one pair at N): compare.csv
/// holds a row per pair and measure, and the comparison keeps every row
/// and the rank sums of both labels' trials in memory at once.
pub const MAX_COMPARED_PAIRS: u64 = 500_000;

/// What one compared pair costs the comparison in memory, in bytes, about:
/// its row, its strings and the samples behind it. Measured as the peak
/// resident memory of `queens compare` on 400 labels of three trials at one
/// size (79,800 pairs): 100.8 MB, against 8.0 MB for 20 labels, so about
/// 1,160 bytes a pair; at [`MAX_COMPARED_PAIRS`], about 600 MB.
pub const BYTES_PER_COMPARED_PAIR: u64 = 1_200;
