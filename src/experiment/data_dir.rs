//! The data directory of a run and its resume: which files a run (or a
//! shard) writes, the check that they come from the same config, and the
//! rows of the trials already done, read back after cutting off a torn last
//! line (their trace rows stay on disk: only the rows of trials without a
//! run row are removed from the traces file).

use std::path::{Path, PathBuf};

use super::config::Experiment;
use super::config_diff::changed_lines;
use super::error::{Doing, OtherResults, RunError, RunResult};
use super::plan::PlanIndex;
use super::trace_file::TraceBlocks;
use crate::base::records::Shard;
use crate::base::records::metadata;
use crate::base::records::{DataDir, RunRecord, drop_torn_tail, read_runs};

/// The files of one run (or of one shard) in a data directory.
#[derive(Clone, Debug)]
pub struct RunFiles {
    /// runs.csv, or runs.shard-I-of-K.csv.
    pub runs: PathBuf,
    /// traces.csv, or traces.shard-I-of-K.csv.
    pub traces: PathBuf,
    /// metadata.json, or metadata.shard-I-of-K.json.
    pub metadata: PathBuf,
    /// summary.csv (a shard has none: merge the shards first).
    pub summary: Option<PathBuf>,
    /// params.csv (a shard has none: merge the shards first).
    pub params: Option<PathBuf>,
    /// compare.csv and ranking.csv, which `queens compare` writes from
    /// runs.csv (a shard has none): removed by `--fresh`, so no comparison
    /// of older trials outlives them.
    pub comparison: Option<[PathBuf; 2]>,
}

impl RunFiles {
    /// The files of a whole run (`shard = None`) or of one shard in `dir`.
    pub fn new(dir: &Path, shard: Option<Shard>) -> Self {
        let dir = DataDir::new(dir);
        match shard {
            None => RunFiles {
                runs: dir.runs(),
                traces: dir.traces(),
                metadata: dir.metadata(),
                summary: Some(dir.summary()),
                params: Some(dir.params()),
                comparison: Some([dir.compare(), dir.ranking()]),
            },
            Some(s) => RunFiles {
                runs: dir.shard_runs(&s.tag()),
                traces: dir.shard_traces(&s.tag()),
                metadata: dir.shard_metadata(&s.tag()),
                summary: None,
                params: None,
                comparison: None,
            },
        }
    }
}

/// Refuses to run when the data directory holds results of a different
/// config (or results of unknown origin), unless `fresh`. Writes nothing.
pub fn check_data_dir(experiment: &Experiment, files: &RunFiles, fresh: bool) -> RunResult<()> {
    if fresh {
        return Ok(());
    }
    match metadata::read(&files.metadata)? {
        Some(old) if old.config_hash != experiment.hash => Err(RunError::DifferentConfig {
            metadata: files.metadata.clone(),
            stored_hash: old.config_hash,
            config: experiment.source.clone(),
            config_hash: experiment.hash.clone(),
            changes: changed_lines(&old.config_text, &experiment.text),
        }),
        Some(_) => Ok(()),
        None => {
            if has_rows(&files.runs) {
                return Err(RunError::UnknownOrigin {
                    runs: files.runs.clone(),
                    metadata: files.metadata.clone(),
                });
            }
            Ok(())
        }
    }
}

/// Refuses when `dir` holds whole-run results (metadata.json) of a config
/// other than `config` with hash `config_hash`, or a runs.csv with rows
/// but no metadata.json (of a config unknown, as [`check_data_dir`]
/// refuses it for a run): merging shards of `config` there would replace
/// them. Checked by a shard run, with or without `--fresh` (which discards
/// only the shard's own files), and by a merge.
pub fn check_whole_run(dir: &Path, config: &str, config_hash: &str) -> RunResult<()> {
    let files = RunFiles::new(dir, None);
    let path = files.metadata;
    match metadata::read(&path)? {
        Some(old) if old.config_hash != config_hash => {
            Err(RunError::ResultsOfAnotherConfig(Box::new(OtherResults {
                dir: dir.to_path_buf(),
                metadata: path,
                stored_config: old.config_source,
                stored_hash: old.config_hash,
                config: config.to_string(),
                config_hash: config_hash.to_string(),
            })))
        }
        Some(_) => Ok(()),
        None if has_rows(&files.runs) => Err(RunError::ResultsOfUnknownConfig {
            runs: files.runs,
            metadata: path,
        }),
        None => Ok(()),
    }
}

/// Whether the runs file exists and is not empty.
fn has_rows(runs: &Path) -> bool {
    std::fs::metadata(runs).is_ok_and(|m| m.len() > 0)
}

/// Creates the data directory; with `fresh`, removes this run's old files.
pub(super) fn prepare_dir(dir: &Path, files: &RunFiles, fresh: bool) -> RunResult<()> {
    std::fs::create_dir_all(dir).doing(|| format!("cannot create {}", dir.display()))?;
    if !fresh {
        return Ok(());
    }
    let old = [
        Some(&files.runs),
        Some(&files.traces),
        Some(&files.metadata),
        files.summary.as_ref(),
        files.params.as_ref(),
    ];
    let comparison = files.comparison.iter().flatten();
    for path in old.into_iter().flatten().chain(comparison) {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).doing(|| format!("cannot remove {}", path.display()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads back what earlier sessions wrote to `files` for the `index`ed
/// slice of `planned` trials: the row of each plan position, `None` where
/// the trial is still to run. When the config traces, the trace rows of
/// trials without a row are removed from the traces file.
pub(super) fn resume(
    experiment: &Experiment,
    files: &RunFiles,
    index: &PlanIndex<'_>,
    planned: usize,
) -> RunResult<Vec<Option<RunRecord>>> {
    let done = load_done(&files.runs, index, planned)?;
    if experiment.trace {
        drop_orphan_traces(&files.traces, index, &done)?;
    }
    Ok(done)
}

/// The rows already in the runs file, by plan position, after dropping a
/// torn last line.
fn load_done(
    runs: &Path,
    index: &PlanIndex<'_>,
    planned: usize,
) -> RunResult<Vec<Option<RunRecord>>> {
    drop_torn_tail(runs)?;
    let mut done: Vec<Option<RunRecord>> = vec![None; planned];
    for row in read_runs(runs)? {
        match index.locate(&row.label, row.n, row.trial) {
            Some(p) => {
                done[p].get_or_insert(row);
            }
            None => {
                return Err(RunError::UnplannedRow {
                    runs: runs.to_path_buf(),
                    label: row.label,
                    n: row.n,
                    trial: row.trial,
                });
            }
        }
    }
    Ok(done)
}

/// Removes from the traces file the rows of trials not done (a trial killed
/// before its run row was written runs again and writes them again) or not
/// planned; the file is left as it is when every row is kept.
fn drop_orphan_traces(
    path: &Path,
    index: &PlanIndex<'_>,
    done: &[Option<RunRecord>],
) -> RunResult<()> {
    drop_torn_tail(path)?;
    let mut blocks = TraceBlocks::scan(std::slice::from_ref(&path.to_path_buf()), index)?;
    if blocks.retain(|p| done[p].is_some()) {
        blocks.write(path)?;
    }
    Ok(())
}
