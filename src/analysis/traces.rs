//! Statistics over convergence traces: the best value of a trial at a step,
//! and a quantile over trials of that value (the median, or p25 and p75 for
//! a spread band) at log-spaced steps.

use super::stats::{quantile_sorted, sorted};

/// One trial's trace: (step, best value so far) samples, sorted by step.
pub type Trace = Vec<(f64, f64)>;

/// The best value of `trace` at `step`: its last sample at or before `step`,
/// or its first sample when `step` comes before it started. `None` for an
/// empty trace.
pub fn value_at(trace: &[(f64, f64)], step: f64) -> Option<f64> {
    let first = trace.first()?;
    let i = trace.partition_point(|p| p.0 <= step);
    Some(i.checked_sub(1).map_or(first.1, |i| trace[i].1))
}

/// The median over `traces` at log-spaced steps: [`quantile_curve`] at 0.5.
pub fn median_curve(traces: &[Trace], points: usize) -> Vec<(f64, f64)> {
    quantile_curve(traces, points, 0.5)
}

/// The type-7 quantile `q` (see [`quantile_sorted`]) over the non-empty
/// `traces` of their best value ([`value_at`]) at `points` steps spaced
/// evenly on a log scale from step 1 to the last step of any trace (step 1
/// alone when that is 1 or less, or when `points` is 1), as (step, quantile)
/// pairs. Empty when no trace has a sample or `points` is 0.
pub fn quantile_curve(traces: &[Trace], points: usize, q: f64) -> Vec<(f64, f64)> {
    let last_step = traces
        .iter()
        .filter_map(|t| t.last().map(|p| p.0))
        .reduce(f64::max);
    let Some(last_step) = last_step else {
        return Vec::new();
    };
    let to = last_step.max(1.0).log10();
    let intervals = points.saturating_sub(1).max(1) as f64;
    (0..points)
        .filter_map(|k| {
            let step = 10f64.powf(to * k as f64 / intervals);
            let values: Vec<f64> = traces.iter().filter_map(|t| value_at(t, step)).collect();
            Some((step, quantile_sorted(&sorted(&values), q)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartile_curves_bracket_the_median() {
        let traces: Vec<Trace> = (0..5)
            .map(|k| vec![(1.0, 10.0 + k as f64), (100.0, k as f64)])
            .collect();
        assert_eq!(
            quantile_curve(&traces, 2, 0.25),
            [(1.0, 11.0), (100.0, 1.0)]
        );
        assert_eq!(median_curve(&traces, 2), [(1.0, 12.0), (100.0, 2.0)]);
        assert_eq!(
            quantile_curve(&traces, 2, 0.75),
            [(1.0, 13.0), (100.0, 3.0)]
        );
    }
}
