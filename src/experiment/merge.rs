//! Merging shards: the runs files of `--shard 0/K … K-1/K` (in one or more
//! data directories) become one runs.csv in plan order, with its summary,
//! params.csv and metadata — refused when the shards come from different configs, when
//! one is missing or incomplete, or when the merged files would replace the
//! results of another config.

use std::path::{Path, PathBuf};

use super::config;
use super::data_dir::{RunFiles, check_whole_run};
use super::error::{Doing, RunError, RunResult, ShardConfigs};
use super::lock::lock_data_dir;
use super::plan::{PlanIndex, plan};
use super::results::write_results;
use super::session::new_metadata;
use crate::base::records::Shard;
use crate::base::records::metadata::{self, Metadata};
use crate::base::records::{RunRecord, read_runs};

/// What a merge wrote.
#[derive(Clone, Debug)]
pub struct MergeReport {
    /// The experiment's name.
    pub experiment: String,
    /// How many shards were merged.
    pub shards: u32,
    /// Rows in the merged runs.csv.
    pub trials: u64,
    /// The merged files.
    pub files: RunFiles,
}

/// One shard found on disk.
struct FoundShard {
    dir: PathBuf,
    shard: Shard,
    metadata: Metadata,
}

/// Finds the shard metadata files (`metadata.shard-I-of-K.json`) in `dir`.
fn find_shards(dir: &Path) -> RunResult<Vec<FoundShard>> {
    let mut found = Vec::new();
    let entries =
        std::fs::read_dir(dir).doing(|| format!("cannot read directory {}", dir.display()))?;
    for entry in entries {
        let path = entry
            .doing(|| format!("cannot read directory {}", dir.display()))?
            .path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(tag) = name
            .strip_prefix("metadata.shard-")
            .and_then(|t| t.strip_suffix(".json"))
        else {
            continue;
        };
        let Some(shard) = tag
            .split_once("-of-")
            .and_then(|(i, k)| format!("{i}/{k}").parse::<Shard>().ok())
        else {
            continue;
        };
        let Some(metadata) = metadata::read(&path)? else {
            continue;
        };
        found.push(FoundShard {
            dir: dir.to_path_buf(),
            shard,
            metadata,
        });
    }
    Ok(found)
}

/// Merges every shard found in `dirs` into `into` (runs.csv, summary.csv,
/// params.csv, metadata.json, and traces.csv when the config traces), holding the lock
/// on `into` ([`super::lock`]) while it writes; refused when another process
/// holds it, or when `into` holds the results of another config.
pub fn merge(dirs: &[PathBuf], into: &Path) -> RunResult<MergeReport> {
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
    let mut merged: Vec<Option<RunRecord>> = vec![None; full_plan.len()];
    let mut traces: Vec<PathBuf> = Vec::new();
    for s in &shards {
        let files = RunFiles::new(&s.dir, Some(s.shard));
        take_rows(s.shard, &files.runs, &index, &mut merged)?;
        traces.push(files.traces);
    }

    let _lock = lock_data_dir(into)?;
    check_whole_run(
        into,
        &first.metadata.config_source,
        &first.metadata.config_hash,
    )?;
    let files = RunFiles::new(into, None);
    let records: Vec<RunRecord> = merged.into_iter().flatten().collect();
    let mut meta = new_metadata(&experiment, None, full_plan.len() as u64);
    meta.trials_done = records.len() as u64;
    meta.machine = first.metadata.machine.clone();
    for s in &shards {
        meta.sessions.extend(s.metadata.sessions.iter().cloned());
    }
    write_results(
        &experiment,
        &files,
        &index,
        &records,
        experiment.trace.then_some(&traces[..]),
        &meta,
    )?;
    Ok(MergeReport {
        experiment: experiment.name,
        shards: first.shard.count,
        trials: records.len() as u64,
        files,
    })
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
                first: RunFiles::new(&first.dir, Some(first.shard)).metadata,
                first_hash: first.metadata.config_hash.clone(),
                first_config: first.metadata.config_source.clone(),
                other: RunFiles::new(&s.dir, Some(s.shard)).metadata,
                other_hash: s.metadata.config_hash.clone(),
                other_config: s.metadata.config_source.clone(),
            })));
        }
        if s.shard.count != first.shard.count {
            return Err(RunError::ShardsOfDifferentSplits {
                first: RunFiles::new(&first.dir, Some(first.shard)).metadata,
                first_shard: first.shard,
                other: RunFiles::new(&s.dir, Some(s.shard)).metadata,
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
/// `merged`: refused when a row is outside the shard's slice of the plan,
/// or when the slice is not complete.
fn take_rows(
    shard: Shard,
    runs: &Path,
    index: &PlanIndex<'_>,
    merged: &mut [Option<RunRecord>],
) -> RunResult<()> {
    for row in read_runs(runs)? {
        match index.locate(&row.label, row.n, row.trial) {
            Some(p) if shard.contains(p) => merged[p] = Some(row),
            _ => {
                return Err(RunError::RowOutsideShard {
                    runs: runs.to_path_buf(),
                    shard,
                    label: row.label,
                    n: row.n,
                    trial: row.trial,
                });
            }
        }
    }
    let slice = || (0..merged.len()).filter(|&p| shard.contains(p));
    let expected = slice().count();
    let have = slice().filter(|&p| merged[p].is_some()).count();
    if have < expected {
        return Err(RunError::IncompleteShard {
            shard,
            runs: runs.to_path_buf(),
            have,
            expected,
        });
    }
    Ok(())
}
