//! What a run does with its data directory, through the store: the checks
//! before it writes (the results there are of the same config, or it starts
//! fresh), the resume (the rows of the trials already done, read back after
//! cutting off a torn last line; the trace rows of trials without a run row
//! removed), the appending of each finished trial, the session's metadata,
//! and the finished files (runs.csv and traces.csv in plan order, the
//! summary and params with their record, metadata.json). A shard run
//! (`--shard I/K`) writes its own files (`runs.shard-I-of-K.csv`, …) and no
//! derived file; a merge reads the shards' files and writes the whole run's.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::Store;
use super::derived::{DerivedRecord, RunsDigest};
use super::error::{ChangedSolver, Doing, OtherResults, StoreError, StoreResult};
use super::layout::DataDir;
use super::lock::{DataDirLock, lock_data_dir, lock_shard};
use super::runs::{self, Runs};
use super::stored_plan::StoredPlan;
use super::trace_file::TraceBlocks;
use crate::base::records::metadata::{self, Metadata, SolverFingerprint};
use crate::base::records::{
    AppendWriter, ParamRow, RunRecord, Shard, SummaryRow, TraceRecord, drop_torn_tail,
};
use crate::experiment::config::Experiment;
use crate::experiment::config_diff::changed_lines;
use crate::experiment::plan::PlanIndex;

/// The files of one run (or of one shard) in a data directory.
#[derive(Clone, Debug)]
struct RunFiles {
    /// runs.csv, or runs.shard-I-of-K.csv.
    runs: PathBuf,
    /// traces.csv, or traces.shard-I-of-K.csv.
    traces: PathBuf,
    /// metadata.json, or metadata.shard-I-of-K.json.
    metadata: PathBuf,
}

impl RunFiles {
    /// The files of a whole run (`shard = None`) or of one shard in `dir`.
    fn new(dir: &DataDir, shard: Option<Shard>) -> Self {
        match shard {
            None => RunFiles {
                runs: dir.runs(),
                traces: dir.traces(),
                metadata: dir.metadata(),
            },
            Some(s) => RunFiles {
                runs: dir.shard_runs(&s.tag()),
                traces: dir.shard_traces(&s.tag()),
                metadata: dir.shard_metadata(&s.tag()),
            },
        }
    }
}

/// Where a run appends each finished trial's rows: its runs file and, when
/// the config traces, its traces file.
pub struct TrialSink {
    runs: AppendWriter,
    traces: Option<AppendWriter>,
}

impl TrialSink {
    /// Appends one trial's rows: its trace rows first (a resume keeps only
    /// the traces of trials with a row), then its run row.
    pub fn append(&mut self, record: &RunRecord, trace: &[TraceRecord]) -> StoreResult<()> {
        if let Some(w) = &mut self.traces {
            w.append(trace)?;
        }
        self.runs.append(std::slice::from_ref(record))?;
        Ok(())
    }
}

/// A shard found in a data directory: where, which, and the metadata it
/// wrote.
#[derive(Clone, Debug)]
pub struct FoundShard {
    /// The data directory.
    pub dir: PathBuf,
    /// The shard.
    pub shard: Shard,
    /// Its metadata file's contents.
    pub metadata: Metadata,
}

impl FoundShard {
    /// The shard's metadata file, for messages.
    pub fn metadata_file(&self) -> PathBuf {
        DataDir::new(&self.dir).shard_metadata(&self.shard.tag())
    }

    /// The shard's runs file, for messages.
    pub fn runs_file(&self) -> PathBuf {
        DataDir::new(&self.dir).shard_runs(&self.shard.tag())
    }

    /// The rows of the shard's runs file, in file order, checked as every
    /// reader of runs.csv checks them, against `plan` (the plan of the
    /// shards' config) too; that they are the shard's own slice of it is
    /// the merge's to check.
    pub fn read_runs(&self, plan: &StoredPlan) -> StoreResult<Vec<RunRecord>> {
        let path = self.runs_file();
        let rows = runs::read(&path)?.map(|r| r.rows).unwrap_or_default();
        plan.check_rows(&path, &self.metadata_file(), &rows)?;
        Ok(rows)
    }

    /// The shard's traces file.
    fn traces_file(&self) -> PathBuf {
        DataDir::new(&self.dir).shard_traces(&self.shard.tag())
    }
}

/// Finds the shards' metadata files (`metadata.shard-I-of-K.json`) in
/// `dir`.
pub fn find_shards(dir: &Path) -> StoreResult<Vec<FoundShard>> {
    let mut found = Vec::new();
    let entries =
        std::fs::read_dir(dir).doing(|| format!("cannot read directory {}", dir.display()))?;
    for entry in entries {
        let path = entry
            .doing(|| format!("cannot read directory {}", dir.display()))?
            .path();
        let Some(shard) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(DataDir::shard_of_metadata)
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

impl Store {
    /// Opens `dir` (created if missing) for a run of `experiment`, or of
    /// one `shard` of it, holding its lock throughout: refused, before
    /// anything is written, when another process holds it or when it holds
    /// results of another config (or of an unknown one) unless `fresh`; a
    /// shard is refused beside whole-run results of another config even
    /// then (the merge would replace them). With `fresh`, this run's old
    /// files (and a whole run's derived files) are removed. The plan is the
    /// experiment's own.
    pub fn for_run(
        dir: &Path,
        experiment: &Experiment,
        shard: Option<Shard>,
        fresh: bool,
    ) -> StoreResult<Store> {
        let lock = match shard {
            None => lock_data_dir(dir)?,
            Some(shard) => lock_shard(dir, shard)?,
        };
        let files = DataDir::new(dir);
        let run = RunFiles::new(&files, shard);
        // With --fresh the old metadata is discarded unread: a damaged one
        // does not stand in the way of starting over.
        let metadata = if fresh {
            None
        } else {
            metadata::read(&run.metadata)?
        };
        if !fresh {
            check_same_config(experiment, &run, metadata.as_ref())?;
        }
        if shard.is_some() {
            check_whole_run(dir, &experiment.source, &experiment.hash)?;
        }
        let store = Store::for_writing(files, lock, shard, experiment, metadata)?;
        store.prepare(fresh)?;
        Ok(store)
    }

    /// Opens `dir`, whose `lock` the merge took before it read the shards'
    /// rows ([`lock_data_dir`]), for the merge of shards of `experiment`:
    /// refused when it holds whole-run results of another config (or of an
    /// unknown one), which the merge would replace.
    pub fn for_merge(dir: &Path, lock: DataDirLock, experiment: &Experiment) -> StoreResult<Store> {
        check_whole_run(dir, &experiment.source, &experiment.hash)?;
        Store::for_writing(DataDir::new(dir), lock, None, experiment, None)
    }

    /// The store of `files` for writing the results of `experiment` (or of
    /// its `shard`), with `lock` held and the run's `metadata` as read.
    fn for_writing(
        files: DataDir,
        lock: DataDirLock,
        shard: Option<Shard>,
        experiment: &Experiment,
        metadata: Option<Metadata>,
    ) -> StoreResult<Store> {
        Ok(Store {
            shard,
            lock: Some(lock),
            stored_name: Some(experiment.name.clone()),
            metadata,
            plan: Ok(Some(StoredPlan::of(experiment))),
            derived: DerivedRecord::read(&files.derived())?,
            files,
            runs: Default::default(),
            runs_planned: Default::default(),
            traces: Default::default(),
            summary: Default::default(),
            comparison: Default::default(),
        })
    }

    /// The shard this store was opened to run (none: the whole run).
    pub fn shard(&self) -> Option<Shard> {
        self.shard
    }

    /// This run's (or shard's) files.
    fn run_files(&self) -> RunFiles {
        RunFiles::new(&self.files, self.shard)
    }

    /// The runs file this run appends to (runs.csv, or the shard's), for
    /// messages.
    pub fn runs_file(&self) -> PathBuf {
        self.run_files().runs
    }

    /// summary.csv of a whole run (none for a shard), for messages.
    pub fn summary_file(&self) -> Option<PathBuf> {
        self.shard.is_none().then(|| self.files.summary())
    }

    /// The log of the external programs' failures beside the runs file.
    pub fn external_log(&self) -> super::external_log::ExternalLog {
        super::external_log::ExternalLog::new(self.files.external_log())
    }

    /// Creates the directory; with `fresh`, removes this run's old files
    /// (and, for a whole run, the derived files computed from them).
    fn prepare(&self, fresh: bool) -> StoreResult<()> {
        let dir = self.path().to_owned();
        std::fs::create_dir_all(&dir).doing(|| format!("cannot create {}", dir.display()))?;
        if !fresh {
            return Ok(());
        }
        let run = self.run_files();
        let mut old = vec![run.runs, run.traces, run.metadata];
        if self.shard.is_none() {
            old.extend([
                self.files.summary(),
                self.files.params(),
                self.files.compare(),
                self.files.ranking(),
            ]);
        }
        for path in old {
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(e).doing(|| format!("cannot remove {}", path.display()));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Reads back what earlier sessions wrote for the `index`ed slice of
    /// `planned` trials: the row of each plan position, `None` where the
    /// trial is still to run (a torn last line, a trial killed while its
    /// row was written, is cut off: it runs again). When the config
    /// `traces`, the trace rows of trials without a row are removed from
    /// the traces file.
    pub fn resume(
        &mut self,
        index: &PlanIndex,
        planned: usize,
        traces: bool,
    ) -> StoreResult<Vec<Option<RunRecord>>> {
        self.check_writable()?;
        let run = self.run_files();
        drop_torn_tail(&run.runs)?;
        let read = runs::read(&run.runs)?;
        let rows = read.as_ref().map_or(&[][..], |r| r.rows.as_slice());
        if let Ok(Some(plan)) = &self.plan {
            plan.check_rows(&run.runs, &run.metadata, rows)?;
        }
        let mut done: Vec<Option<RunRecord>> = vec![None; planned];
        for row in rows {
            match index.locate(&row.label, row.n, row.trial) {
                // Each trial appears once: `runs::read` refused a second row.
                Some(p) => done[p] = Some(row.clone()),
                None => {
                    return Err(StoreError::UnplannedRow {
                        runs: run.runs,
                        label: row.label.clone(),
                        n: row.n,
                        trial: row.trial,
                    });
                }
            }
        }
        // What was read is what the steps after the run read, unless the
        // run appends to it (its finished files then replace it).
        if let Some(read) = read {
            self.runs = read.into();
            self.runs_planned = OnceLock::from(());
        }
        if traces {
            drop_torn_tail(&run.traces)?;
            let mut blocks = TraceBlocks::scan(std::slice::from_ref(&run.traces), index)?;
            if blocks.retain(|p| done[p].is_some()) {
                blocks.write(&run.traces)?;
            }
        }
        Ok(done)
    }

    /// Whether a run whose every trial (`done` of them) is in its runs file
    /// was finished by an earlier session: its metadata records `done`
    /// trials, its last session ended (the finished files are written
    /// before the metadata, so a session killed before finishing them never
    /// ended), and the summary and params are there with their record
    /// (else they are written again). A session that would run no trial
    /// then records nothing and rewrites nothing, so rerunning a finished
    /// experiment leaves its files byte for byte as they were.
    pub fn settled(&self, done: u64) -> bool {
        let Some(meta) = &self.metadata else {
            return false;
        };
        let ended = meta
            .sessions
            .last()
            .is_none_or(|session| session.finished.is_some());
        let derived = self.shard.is_some()
            || (self.is_current(&self.files.summary()) && self.is_current(&self.files.params()));
        ended && derived && meta.trials_done == done
    }

    /// Writes the run's metadata file (of the shard for a shard run).
    pub fn write_run_metadata(&mut self, meta: Metadata) -> StoreResult<()> {
        self.check_writable()?;
        metadata::write(&self.run_files().metadata, &meta)?;
        self.metadata = Some(meta);
        Ok(())
    }

    /// Opens the run's files for appending finished trials (the traces file
    /// only when the config `traces`); what was read of them is forgotten,
    /// as the appends change them (the finished files are read or written
    /// afresh).
    pub fn trial_sink(&mut self, traces: bool) -> StoreResult<TrialSink> {
        self.check_writable()?;
        self.forget();
        let run = self.run_files();
        Ok(TrialSink {
            runs: AppendWriter::open(&run.runs)?,
            traces: if traces {
                Some(AppendWriter::open(&run.traces)?)
            } else {
                None
            },
        })
    }

    /// Writes the finished files of a run: `runs` (in plan order already)
    /// rewritten, the run's trace rows sorted by their trial's position in
    /// `index` when the config `traces` (rows of a trial keep their order,
    /// rows of no planned trial are dropped), then for a whole run the
    /// `summary` and `params` with their record, and last `meta`.
    pub fn write_results(
        &mut self,
        index: &PlanIndex,
        runs: Vec<RunRecord>,
        traces: bool,
        derived: Option<(Vec<SummaryRow>, Vec<ParamRow>)>,
        meta: Metadata,
    ) -> StoreResult<()> {
        let run = self.run_files();
        let sources = traces.then(|| vec![run.traces.clone()]);
        self.write_finished(index, runs, sources.as_deref(), derived, meta)
    }

    /// Writes the files of a merge of `shards` into this whole-run store:
    /// as [`Store::write_results`], with the trace rows taken from every
    /// shard's traces file when the config `traces`.
    pub fn write_merged(
        &mut self,
        index: &PlanIndex,
        runs: Vec<RunRecord>,
        shards: &[FoundShard],
        traces: bool,
        derived: (Vec<SummaryRow>, Vec<ParamRow>),
        meta: Metadata,
    ) -> StoreResult<()> {
        let sources: Option<Vec<PathBuf>> =
            traces.then(|| shards.iter().map(FoundShard::traces_file).collect());
        self.write_finished(index, runs, sources.as_deref(), Some(derived), meta)
    }

    /// The finished files: runs rewritten (hashed once, as written), traces
    /// from `traces` sorted, the derived files with their record, metadata.
    fn write_finished(
        &mut self,
        index: &PlanIndex,
        runs: Vec<RunRecord>,
        traces: Option<&[PathBuf]>,
        derived: Option<(Vec<SummaryRow>, Vec<ParamRow>)>,
        meta: Metadata,
    ) -> StoreResult<()> {
        self.check_writable()?;
        let run = self.run_files();
        let written = crate::base::records::write_rows(&run.runs, &runs)?;
        if let Some(sources) = traces {
            TraceBlocks::scan(sources, index)?.write(&run.traces)?;
        }
        self.forget();
        self.runs = Runs {
            rows: runs,
            digest: RunsDigest {
                sha256: written.sha256,
                sources: Vec::new(),
            },
        }
        .into();
        // The rows are the plan's own: the runner placed each by its index.
        self.runs_planned = OnceLock::from(());
        if let Some((summary, params)) = derived {
            self.write_summary(summary)?;
            self.write_params(&params)?;
        }
        self.write_run_metadata(meta)
    }
}

/// Refuses to run when the data directory holds results of a config other
/// than `experiment`'s (its run's `metadata`), or results of unknown origin
/// (a runs file with rows and no metadata). Writes nothing.
fn check_same_config(
    experiment: &Experiment,
    run: &RunFiles,
    metadata: Option<&Metadata>,
) -> StoreResult<()> {
    match metadata {
        Some(old) if old.config_hash != experiment.hash => Err(StoreError::DifferentConfig {
            metadata: run.metadata.clone(),
            stored_hash: old.config_hash.clone(),
            config: experiment.source.clone(),
            config_hash: experiment.hash.clone(),
            changes: changed_lines(&old.config_text, &experiment.text),
        }),
        Some(old) => check_same_solvers(experiment, run, &old.foreign_solvers),
        None if has_rows(&run.runs) => Err(StoreError::UnknownOrigin {
            runs: run.runs.clone(),
            metadata: run.metadata.clone(),
        }),
        None => Ok(()),
    }
}

/// Refuses to run when a foreign solver of `experiment` is not what the
/// run's metadata recorded when the run began (`stored`; a file written
/// before fingerprints were recorded has none, and nothing is checked).
fn check_same_solvers(
    experiment: &Experiment,
    run: &RunFiles,
    stored: &[SolverFingerprint],
) -> StoreResult<()> {
    let now = experiment.fingerprints();
    for old in stored {
        let Some(new) = now.iter().find(|f| f.label == old.label) else {
            continue;
        };
        if new.sha256 != old.sha256 {
            return Err(StoreError::SolverChanged(Box::new(ChangedSolver {
                metadata: run.metadata.clone(),
                label: old.label.clone(),
                stored_solver: old.solver.clone(),
                stored_sha256: old.sha256.clone(),
                solver: new.solver.clone(),
                sha256: new.sha256.clone(),
            })));
        }
    }
    Ok(())
}

/// Refuses when `dir` holds whole-run results (metadata.json) of a config
/// other than `config` with hash `config_hash`, or a runs.csv with rows
/// but no metadata.json (of a config unknown): merging shards of `config`
/// there would replace them. Checked by a shard run, with or without
/// `--fresh` (which discards only the shard's own files), and by a merge.
pub fn check_whole_run(dir: &Path, config: &str, config_hash: &str) -> StoreResult<()> {
    let files = DataDir::new(dir);
    let path = files.metadata();
    match metadata::read(&path)? {
        Some(old) if old.config_hash != config_hash => {
            Err(StoreError::ResultsOfAnotherConfig(Box::new(OtherResults {
                dir: dir.to_path_buf(),
                metadata: path,
                stored_config: old.config_source,
                stored_hash: old.config_hash,
                config: config.to_string(),
                config_hash: config_hash.to_string(),
            })))
        }
        Some(_) => Ok(()),
        None if has_rows(&files.runs()) => Err(StoreError::ResultsOfUnknownConfig {
            runs: files.runs(),
            metadata: path,
        }),
        None => Ok(()),
    }
}

/// Whether the runs file exists and is not empty.
fn has_rows(runs: &Path) -> bool {
    std::fs::metadata(runs).is_ok_and(|m| m.len() > 0)
}
