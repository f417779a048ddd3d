//! A shard of a cluster run: the I-th of K disjoint slices of a plan, as
//! `--shard I/K` names it and shard files record it (`runs.shard-I-of-K.csv`,
//! metadata.json's `shard`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

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
