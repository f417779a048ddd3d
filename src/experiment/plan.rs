//! The plan of an experiment: every trial (algorithm label, n, trial index)
//! with its seed, in a fixed order; its deterministic split into shards; and
//! the index that finds a row's place in it.

use std::collections::HashMap;

use super::config::Experiment;
use crate::base::records::Shard;
use crate::base::records::seed::trial_seed;

/// Above this many planned trials (summed over every algorithm and size),
/// `queens run` asks for confirmation (`--yes`) before it starts: a sweep
/// multiplies the trials quickly, and `queens run --dry-run` shows the plan
/// first. The hard limit is
/// [`MAX_PLANNED_TRIALS`](super::limits::MAX_PLANNED_TRIALS).
pub const CONFIRM_PLANNED_TRIALS: u64 = 100_000;

/// The number of trials `experiment` plans, without listing them.
pub fn planned_trials(experiment: &Experiment) -> u64 {
    experiment
        .entries
        .iter()
        .flat_map(|e| &e.cells)
        .map(|(_, count)| count)
        .sum()
}

/// One trial of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trial {
    /// Index of the algorithm configuration in [`Experiment::entries`].
    pub entry: usize,
    /// The board size.
    pub n: u64,
    /// The trial index within (label, n), from 0.
    pub trial: u64,
    /// The seed of the trial's RNG.
    pub seed: u64,
}

/// Every trial of `experiment`, ordered by algorithm (config order), then
/// board size (config order), then trial index. The position of a trial in
/// this list is its plan position.
pub fn plan(experiment: &Experiment) -> Vec<Trial> {
    let mut trials = Vec::new();
    for (entry, e) in experiment.entries.iter().enumerate() {
        for &(n, count) in &e.cells {
            for trial in 0..count {
                trials.push(Trial {
                    entry,
                    n,
                    trial,
                    seed: trial_seed(experiment.seed, &e.label, n, trial),
                });
            }
        }
    }
    trials
}

/// The trials of `experiment` that `shard` runs (all of them without one).
pub fn plan_slice(experiment: &Experiment, shard: Option<Shard>) -> Vec<Trial> {
    plan(experiment)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.contains(*i)))
        .map(|(_, t)| t)
        .collect()
}

/// Finds a trial's position in a (sliced) plan from its (label, n, trial),
/// the key of a row of runs.csv or traces.csv.
pub struct PlanIndex {
    entry_of: HashMap<String, usize>,
    position: HashMap<(usize, u64, u64), usize>,
}

impl PlanIndex {
    /// Indexes `slice`, a plan of `experiment` or a slice of one.
    pub fn new(experiment: &Experiment, slice: &[Trial]) -> Self {
        PlanIndex {
            entry_of: experiment
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| (e.label.clone(), i))
                .collect(),
            position: slice
                .iter()
                .enumerate()
                .map(|(i, t)| ((t.entry, t.n, t.trial), i))
                .collect(),
        }
    }

    /// The position in the slice of trial `trial` of (`label`, `n`), if planned.
    pub fn locate(&self, label: &str, n: u64, trial: u64) -> Option<usize> {
        let entry = *self.entry_of.get(label)?;
        self.position.get(&(entry, n, trial)).copied()
    }
}
