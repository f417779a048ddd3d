//! The plan of an experiment: every trial (algorithm label, n, trial index)
//! with its seed, in a fixed order; its deterministic split into shards; and
//! the index that finds a row's place in it.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::config::Experiment;
use crate::records::seed::trial_seed;

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
pub struct PlanIndex<'a> {
    entry_of: HashMap<&'a str, usize>,
    position: HashMap<(usize, u64, u64), usize>,
}

impl<'a> PlanIndex<'a> {
    /// Indexes `slice`, a plan of `experiment` or a slice of one.
    pub fn new(experiment: &'a Experiment, slice: &[Trial]) -> Self {
        PlanIndex {
            entry_of: experiment
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| (e.label.as_str(), i))
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

/// The I-th of K disjoint slices of a plan (`--shard I/K`, 0 ≤ I < K).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, from 0.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

impl Shard {
    /// Whether the trial at plan position `position` belongs to this shard:
    /// slices are dealt round-robin (`position mod K = I`), so every shard
    /// gets a similar mix of cheap and expensive cells.
    pub fn contains(&self, position: usize) -> bool {
        position % self.count as usize == self.index as usize
    }

    /// The file-name tag of this shard, `shard-I-of-K`.
    pub fn tag(&self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` argument that is not `I/K` with 0 ≤ I < K.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a shard: write I/K with 0 <= I < K, like 0/4 (Slurm: $SLURM_ARRAY_TASK_ID/4)"
)]
pub struct BadShard(pub String);

impl FromStr for Shard {
    type Err = BadShard;

    fn from_str(text: &str) -> Result<Self, BadShard> {
        let bad = || BadShard(text.to_string());
        let (i, k) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = k.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_partition() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["4/4", "1/0", "x/2", "1", "-1/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let shards: Vec<Shard> = (0..3).map(|i| Shard { index: i, count: 3 }).collect();
        for position in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.contains(position)).count(), 1);
        }
    }
}
