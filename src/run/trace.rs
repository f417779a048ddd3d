//! A [`Trace`] observer that keeps a small sample of a search's convergence:
//! the first observation, one every `every` steps, and every improvement of
//! the fewest conflicts seen so far. The runner writes the sample to
//! traces.csv when the config says `trace = true`.

use crate::base::records::TraceRecord;
use crate::solvers::{Metrics, Trace};

/// One kept point: the counters then, the conflicts and the fewest so far.
#[derive(Clone, Copy, Debug)]
struct Point {
    step: u64,
    checks: u64,
    evaluations: u64,
    conflicts: u64,
    best_conflicts: u64,
}

/// Samples the observations of one trial.
#[derive(Clone, Debug)]
pub struct SamplingTrace {
    every: u64,
    next_sample: u64,
    best: u64,
    points: Vec<Point>,
}

impl SamplingTrace {
    /// Keeps one point every `every` steps (at least 1) and every improvement.
    pub fn new(every: u64) -> Self {
        Self {
            every: every.max(1),
            next_sample: 0,
            best: u64::MAX,
            points: Vec::new(),
        }
    }

    /// The kept points as rows of traces.csv.
    pub fn records(&self, label: &str, n: u64, trial: u64) -> Vec<TraceRecord> {
        self.points
            .iter()
            .map(|p| TraceRecord {
                label: label.to_string(),
                n,
                trial,
                step: p.step,
                checks: p.checks,
                evaluations: p.evaluations,
                conflicts: p.conflicts,
                best_conflicts: p.best_conflicts,
            })
            .collect()
    }
}

impl Trace for SamplingTrace {
    fn record(&mut self, metrics: &Metrics, conflicts: u64) {
        let step = metrics.steps;
        let improved = conflicts < self.best;
        if improved {
            self.best = conflicts;
        }
        if improved || step >= self.next_sample {
            self.points.push(Point {
                step,
                checks: metrics.checks,
                evaluations: metrics.evaluations,
                conflicts,
                best_conflicts: self.best,
            });
            self.next_sample = (step / self.every + 1) * self.every;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_improvements_and_every_kth_step() {
        let mut t = SamplingTrace::new(10);
        for (step, conflicts) in [(0, 9), (1, 9), (2, 7), (5, 8), (12, 8), (13, 8), (21, 6)] {
            let metrics = Metrics {
                steps: step,
                checks: 3 * step,
                evaluations: step / 2,
                ..Metrics::default()
            };
            t.record(&metrics, conflicts);
        }
        let kept: Vec<[u64; 5]> = t
            .records("x", 8, 0)
            .iter()
            .map(|r| {
                [
                    r.step,
                    r.checks,
                    r.evaluations,
                    r.conflicts,
                    r.best_conflicts,
                ]
            })
            .collect();
        assert_eq!(
            kept,
            vec![
                [0, 0, 0, 9, 9],
                [2, 6, 1, 7, 7],
                [12, 36, 6, 8, 7],
                [21, 63, 10, 6, 6]
            ]
        );
    }
}
