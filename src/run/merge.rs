//! Merging shards: the runs files of `--shard 0/K … K-1/K` (in one or more
//! data directories) become one runs.csv in plan order, with its summary,
//! params.csv and metadata — refused when the shards come from different configs, when
//! one is missing or incomplete, or when the merged files would replace the
//! results of another config.

use std::path::{Path, PathBuf};

use super::error::{RunError, RunResult, ShardConfigs};
use super::session::new_metadata;
use crate::analysis::summary::summarize;
use crate::base::records::{RunRecord, Shard};
use crate::experiment::config;
use crate::experiment::params_file::param_rows;
use crate::experiment::plan::{PlanIndex, plan};
use crate::store::Store;
use crate::store::lock::lock_data_dir;
use crate::store::run_files::{FoundShard, find_shards};
use crate::store::stored_plan::StoredPlan;

/// What a merge wrote.
#[derive(Clone, Debug)]
pub struct MergeReport {
    /// The experiment's name.
    pub experiment: String,
    /// How many shards were merged.
    pub shards: u32,
    /// Rows in the merged runs.csv.
    pub trials: u64,
}

/// Merges every shard found in `dirs` into `into` (runs.csv, summary.csv,
/// params.csv, metadata.json, and traces.csv when the config traces),
/// holding the lock on `into` while it writes; refused when another
/// process holds it, or when `into` holds the results of another config.
/// Returns the merged store, still holding its lock, for the steps after.
pub fn merge(dirs: &[PathBuf], into: &Path) -> RunResult<(MergeReport, Store)> {
    let shards = one_whole_split(dirs)?;
    let first = &shards[0];
    let experiment = config::load_checking(
        &first.metadata.config_source,
        &first.metadata.config_text,
        config::Programs::AsStored,
    )
    .map_err(RunError::StoredConfig)?;
    let full_plan = plan(&experiment);
    let index = PlanIndex::new(&experiment, &full_plan);
    // Taken once the shards are known to be one whole split (a refused split
    // creates nothing) and before their rows are read: a merge or run of
    // `into` beside this one is refused before anything is written.
    let lock = lock_data_dir(into)?;
    let stored = StoredPlan::of(&experiment);
    let mut merged: Vec<Option<RunRecord>> = vec![None; full_plan.len()];
    for s in &shards {
        take_rows(s, &stored, &index, &mut merged)?;
    }

    let mut store = Store::for_merge(into, lock, &experiment)?;
    let records: Vec<RunRecord> = merged.into_iter().flatten().collect();
    let mut meta = new_metadata(&experiment, None, full_plan.len() as u64);
    meta.trials_done = records.len() as u64;
    meta.machine = first.metadata.machine.clone();
    for s in &shards {
        meta.sessions.extend(s.metadata.sessions.iter().cloned());
    }
    let trials = records.len() as u64;
    let derived = (summarize(&records), param_rows(&experiment));
    store.write_merged(&index, records, &shards, experiment.trace, derived, meta)?;
    Ok((
        MergeReport {
            experiment: experiment.name,
            shards: first.shard.count,
            trials,
        },
        store,
    ))
}

/// The shards found in `dirs`, ordered by index: refused unless they are
/// every shard of one split of one config, each once.
fn one_whole_split(dirs: &[PathBuf]) -> RunResult<Vec<FoundShard>> {
    let mut shards = Vec::new();
    for dir in dirs {
        shards.extend(find_shards(dir)?);
    }
    // Directory listings come in no particular order; the merged metadata is
    // taken from the first shard, so fix which one that is.
    shards.sort_by(|a, b| (a.shard.index, &a.dir).cmp(&(b.shard.index, &b.dir)));
    let Some(first) = shards.first() else {
        return Err(RunError::NoShards {
            dirs: dirs.to_vec(),
        });
    };
    for s in &shards {
        if s.metadata.config_hash != first.metadata.config_hash {
            return Err(RunError::ShardsOfDifferentConfigs(Box::new(ShardConfigs {
                first: first.metadata_file(),
                first_hash: first.metadata.config_hash.clone(),
                first_config: first.metadata.config_source.clone(),
                other: s.metadata_file(),
                other_hash: s.metadata.config_hash.clone(),
                other_config: s.metadata.config_source.clone(),
            })));
        }
        if s.shard.count != first.shard.count {
            return Err(RunError::ShardsOfDifferentSplits {
                first: first.metadata_file(),
                first_shard: first.shard,
                other: s.metadata_file(),
                other_shard: s.shard,
            });
        }
    }
    for pair in shards.windows(2) {
        if pair[0].shard == pair[1].shard {
            return Err(RunError::ShardTwice {
                shard: pair[1].shard,
                first_dir: pair[0].dir.clone(),
                second_dir: pair[1].dir.clone(),
            });
        }
    }
    let count = first.shard.count;
    let missing: Vec<Shard> = (0..count)
        .filter(|&index| !shards.iter().any(|s| s.shard.index == index))
        .map(|index| Shard { index, count })
        .collect();
    if !missing.is_empty() {
        return Err(RunError::MissingShards { missing });
    }
    Ok(shards)
}

/// Puts the rows of `shard`'s runs file at their plan positions in
/// `merged`: refused when a row is no trial of the `stored` plan (its seed
/// included), outside the shard's slice of it, or when the slice is not
/// complete.
fn take_rows(
    shard: &FoundShard,
    stored: &StoredPlan,
    index: &PlanIndex,
    merged: &mut [Option<RunRecord>],
) -> RunResult<()> {
    let runs = shard.runs_file();
    let slice = shard.shard;
    for row in shard.read_runs(stored)? {
        match index.locate(&row.label, row.n, row.trial) {
            Some(p) if slice.contains(p) => merged[p] = Some(row),
            _ => {
                return Err(RunError::RowOutsideShard {
                    runs,
                    shard: slice,
                    label: row.label,
                    n: row.n,
                    trial: row.trial,
                });
            }
        }
    }
    let positions = || (0..merged.len()).filter(|&p| slice.contains(p));
    let expected = positions().count();
    let have = positions().filter(|&p| merged[p].is_some()).count();
    if have < expected {
        return Err(RunError::IncompleteShard {
            shard: slice,
            runs,
            have,
            expected,
        });
    }
    Ok(())
}
