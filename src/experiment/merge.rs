//! Merging shards: the runs files of `--shard 0/K … K-1/K` (in one or more
//! data directories) become one runs.csv in plan order, with its summary and
//! metadata — refused when the shards come from different configs, or when
//! one is missing or incomplete.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::error::{Doing, RunError, RunResult};

use super::config;
use super::metadata::{self, Metadata};
use super::plan::{Shard, plan};
use super::records::{RunRecord, TraceRecord};
use super::runner::{PlanIndex, RunFiles, new_metadata};
use super::runs_file::{read_rows, write_rows};
use crate::analysis::summary::{summarize, write_summary};

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
/// metadata.json, and traces.csv when the config traces).
pub fn merge(dirs: &[PathBuf], into: &Path) -> RunResult<MergeReport> {
    let mut shards = Vec::new();
    for dir in dirs {
        shards.extend(find_shards(dir)?);
    }
    // Directory listings come in no particular order; the merged metadata is
    // taken from the first shard, so fix which one that is.
    shards.sort_by(|a, b| (a.shard.index, &a.dir).cmp(&(b.shard.index, &b.dir)));
    let Some(first) = shards.first() else {
        return Err(RunError::Refused(format!(
            "no shard results (metadata.shard-I-of-K.json) in {}: run `queens run CONFIG --shard I/K` first",
            dirs.iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    };
    let hash = first.metadata.config_hash.clone();
    let count = first.shard.count;
    for s in &shards {
        if s.metadata.config_hash != hash {
            return Err(RunError::Refused(format!(
                "shards of different configs: {} has config hash {} ({}), {} has {} ({}); merge only shards of one config",
                RunFiles::new(&first.dir, Some(first.shard))
                    .metadata
                    .display(),
                &hash[..12.min(hash.len())],
                first.metadata.config_source,
                RunFiles::new(&s.dir, Some(s.shard)).metadata.display(),
                &s.metadata.config_hash[..12.min(s.metadata.config_hash.len())],
                s.metadata.config_source,
            )));
        }
        if s.shard.count != count {
            return Err(RunError::Refused(format!(
                "shards of different splits: {} is shard {} but {} is shard {}; merge the shards of one split",
                first.dir.display(),
                first.shard,
                s.dir.display(),
                s.shard
            )));
        }
    }
    let mut by_index: HashMap<u32, &FoundShard> = HashMap::new();
    for s in &shards {
        if let Some(other) = by_index.insert(s.shard.index, s) {
            return Err(RunError::Refused(format!(
                "shard {} appears twice, in {} and {}; give each shard once",
                s.shard,
                other.dir.display(),
                s.dir.display()
            )));
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|i| !by_index.contains_key(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(RunError::Refused(format!(
            "missing shard(s) {}: run them before merging",
            missing.join(", ")
        )));
    }

    let experiment = config::load(&first.metadata.config_source, &first.metadata.config_text)
        .map_err(|e| {
            RunError::Refused(format!(
                "the config stored in the shard metadata no longer loads: {e}"
            ))
        })?;
    let full_plan = plan(&experiment);
    let index = PlanIndex::new(&experiment, &full_plan);
    let locate = |label: &str, n: u64, trial: u64| index.locate(label, n, trial);

    let mut merged: Vec<Option<RunRecord>> = vec![None; full_plan.len()];
    let mut traces: Vec<(usize, TraceRecord)> = Vec::new();
    for index in 0..count {
        let s = by_index[&index];
        let files = RunFiles::new(&s.dir, Some(s.shard));
        let rows: Vec<RunRecord> = read_rows(&files.runs)?;
        for row in rows {
            match locate(&row.label, row.n, row.trial) {
                Some(p) if s.shard.contains(p) => merged[p] = Some(row),
                _ => {
                    return Err(RunError::Refused(format!(
                        "{} has a row (label '{}', n = {}, trial {}) that is not in shard {}'s slice of the plan",
                        files.runs.display(),
                        row.label,
                        row.n,
                        row.trial,
                        s.shard
                    )));
                }
            }
        }
        let expected = (0..full_plan.len())
            .filter(|&p| s.shard.contains(p))
            .count();
        let have = (0..full_plan.len())
            .filter(|&p| s.shard.contains(p) && merged[p].is_some())
            .count();
        if have < expected {
            return Err(RunError::Refused(format!(
                "shard {} is incomplete: {have} of {expected} trials in {}; run `queens run … --shard {}` again to finish it (it resumes)",
                s.shard,
                files.runs.display(),
                s.shard
            )));
        }
        if experiment.trace {
            for r in read_rows::<TraceRecord>(&files.traces)? {
                if let Some(p) = locate(&r.label, r.n, r.trial) {
                    traces.push((p, r));
                }
            }
        }
    }

    std::fs::create_dir_all(into).doing(|| format!("cannot create {}", into.display()))?;
    let files = RunFiles::new(into, None);
    let records: Vec<RunRecord> = merged.into_iter().flatten().collect();
    write_rows(&files.runs, &records)?;
    if experiment.trace {
        traces.sort_by_key(|(p, _)| *p);
        let rows: Vec<TraceRecord> = traces.into_iter().map(|(_, r)| r).collect();
        write_rows(&files.traces, &rows)?;
    }
    if let Some(summary) = &files.summary {
        write_summary(summary, &summarize(&records))
            .doing(|| format!("cannot write {}", summary.display()))?;
    }
    let mut meta = new_metadata(&experiment, None, full_plan.len() as u64);
    meta.trials_done = records.len() as u64;
    meta.machine = first.metadata.machine.clone();
    for index in 0..count {
        meta.sessions
            .extend(by_index[&index].metadata.sessions.iter().cloned());
    }
    metadata::write(&files.metadata, &meta)?;
    Ok(MergeReport {
        experiment: experiment.name,
        shards: count,
        trials: records.len() as u64,
        files,
    })
}
