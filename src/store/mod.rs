//! The data directory as one store: [`Store`] opens an experiment's
//! directory once — taking its lock when it will write ([`lock`]), reading
//! metadata.json and the plan of the config stored there once
//! ([`stored_plan`]), derived.json once ([`derived`]) — and hands every
//! consumer typed, checked views of its files: the runs (read and hashed
//! once, every rule checked, [`runs`]), the traces ([`traces`]), the
//! summary and the comparison (read only when derived.json records them as
//! computed from the runs beside them). Derived files are written through it
//! together with their record. A run writes its files through it too
//! ([`run_files`]: the checks before a run, the resume, the appending of
//! trials, the finished files, the external programs' log).
//!
//! Which file holds what is said once, in `layout.rs`, private to this
//! module: no module outside it names a file of the data directory, so a new
//! file is added here (its name in `layout.rs`, its view or writer on
//! [`Store`]) and in the book's reference of the data files.
//!
//! The store sits right above `experiment`, whose config loader gives the
//! stored plan, and below every consumer: the finishing steps, the charts,
//! the report, the exports, the CLI and the Python package take an open
//! `Store` instead of a path.

pub mod derived;
pub mod error;
pub mod external_log;
mod layout;
pub mod lock;
pub mod run_files;
pub mod runs;
pub mod stored_plan;
mod tables;
pub mod trace_file;
pub mod traces;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::analysis::targets::TargetRule;
use crate::base::records::metadata::MetadataError;
use crate::base::records::{
    Metadata, RunRecord, Shard, SummaryRow, TraceRecord, is_safe_name, read_optional_text,
    replay_line,
};
use crate::base::remedy::Remedy;
use crate::experiment::question::Question;

use derived::{DerivedRecord, RunsDigest};
use error::{Doing, StoreError, StoreResult};
use layout::DataDir;
use lock::{DataDirLock, lock_data_dir};
use runs::Runs;
use stored_plan::{PlanCheckError, StoredPlan};

pub use tables::{Comparison, Table, Written};

/// An experiment's data directory, opened: its metadata, stored plan and
/// record of derived files read once, its CSV files read once each when
/// first asked for and checked, and — when opened to write — its lock held
/// until the store is dropped.
#[derive(Debug)]
pub struct Store {
    /// The directory's files.
    files: DataDir,
    /// The shard whose files a run writes (none: the whole run's).
    shard: Option<Shard>,
    /// The lock, held while the store writes.
    lock: Option<DataDirLock>,
    /// The `experiment` field of metadata.json, also from a file that holds
    /// nothing else (hand-made data).
    stored_name: Option<String>,
    /// metadata.json (of the shard, for a shard run), when complete.
    metadata: Option<Metadata>,
    /// The plan of the stored config (or of the config being run); the
    /// reason when the stored config does not load, which refuses the
    /// views that check rows against the plan (the report's questions and
    /// the labels' order are then empty).
    plan: Result<Option<StoredPlan>, Arc<PlanCheckError>>,
    /// derived.json.
    derived: DerivedRecord,
    /// runs.csv, once read (or written), its own rules checked.
    runs: OnceLock<Runs>,
    /// Set once the rows of `runs` were checked against the plan.
    runs_planned: OnceLock<()>,
    /// traces.csv, once read.
    traces: OnceLock<Option<Vec<TraceRecord>>>,
    /// summary.csv, once read (or written).
    summary: OnceLock<Vec<SummaryRow>>,
    /// compare.csv and ranking.csv, once read (or written).
    comparison: OnceLock<Comparison>,
}

impl Store {
    /// Opens the data directory at `dir` to read: it must exist. Reads
    /// metadata.json, the plan of its config and derived.json.
    pub fn open(dir: &Path) -> StoreResult<Store> {
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(StoreError::NotADir(dir.to_owned())),
            Err(_) => return Err(StoreError::MissingDir(dir.to_owned())),
        }
        Store::read(dir, None)
    }

    /// Opens the data directory at `dir` (created if missing) to write:
    /// takes its lock first, refused while another process writes it.
    pub fn open_to_write(dir: &Path) -> StoreResult<Store> {
        if dir.exists() && !dir.is_dir() {
            return Err(StoreError::NotADir(dir.to_owned()));
        }
        let lock = lock_data_dir(dir)?;
        Store::read(dir, Some(lock))
    }

    /// The store of `dir` with `lock` (if any) held: metadata.json, its
    /// plan and derived.json read.
    fn read(dir: &Path, lock: Option<DataDirLock>) -> StoreResult<Store> {
        let files = DataDir::new(dir);
        let (stored_name, metadata) = read_metadata(&files.metadata())?;
        let plan = match &metadata {
            Some(m) => StoredPlan::load(m, &files.metadata())
                .map(Some)
                .map_err(Arc::new),
            None => Ok(None),
        };
        let derived = DerivedRecord::read(&files.derived())?;
        Ok(Store {
            files,
            shard: None,
            lock,
            stored_name,
            metadata,
            plan,
            derived,
            runs: OnceLock::new(),
            runs_planned: OnceLock::new(),
            traces: OnceLock::new(),
            summary: OnceLock::new(),
            comparison: OnceLock::new(),
        })
    }

    /// The directory, as given.
    pub fn path(&self) -> &Path {
        self.files.path()
    }

    /// Whether this store holds the directory's lock (it was opened to
    /// write).
    pub fn is_writable(&self) -> bool {
        self.lock.is_some()
    }

    /// metadata.json (for a store opened to run a shard, the shard's
    /// metadata), when complete (hand-made data may carry only the
    /// experiment's name, or nothing).
    pub fn metadata(&self) -> Option<&Metadata> {
        self.metadata.as_ref()
    }

    /// The experiment's name, for titles: the `experiment` field of
    /// metadata.json when present, otherwise the directory's final
    /// component.
    pub fn name(&self) -> String {
        self.stored_name
            .clone()
            .or_else(|| {
                let absolute = std::path::absolute(self.path()).ok()?;
                Some(absolute.file_name()?.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "experiment".to_owned())
    }

    /// The default charts directory of the experiment, `plots/<name>`; a
    /// name read from metadata.json is checked with [`is_safe_name`], as
    /// the config checks it, so a hand-edited `"../../x"` or absolute path
    /// never leads outside `plots/`.
    pub fn default_plots_dir(&self) -> StoreResult<PathBuf> {
        if let Some(name) = &self.stored_name
            && !is_safe_name(name)
        {
            return Err(StoreError::UnsafeName {
                file: self.files.metadata(),
                name: name.clone(),
            });
        }
        Ok(plots_dir_of(&self.name()))
    }

    /// The labels in the order the stored config declares them (the order
    /// of every legend and table); empty without a stored config.
    pub fn label_order(&self) -> &[String] {
        match &self.plan {
            Ok(Some(plan)) => plan.labels(),
            _ => &[],
        }
    }

    /// The questions of the stored config (none without one).
    pub fn questions(&self) -> &[Question] {
        match &self.plan {
            Ok(Some(plan)) => plan.questions(),
            _ => &[],
        }
    }

    /// The targets of the traces' views: the stored config's `targets`,
    /// else (and without a stored config) the default rule.
    pub fn target_rule(&self) -> &TargetRule {
        static DEFAULT: TargetRule = TargetRule::Ladder;
        match &self.plan {
            Ok(Some(plan)) => plan.targets(),
            _ => &DEFAULT,
        }
    }

    /// The rows of runs.csv, read, hashed and checked once: refused when
    /// the file is missing, a line is cut short or does not fit, a trial
    /// appears twice, a row contradicts itself or is no trial of the stored
    /// plan.
    pub fn runs(&self) -> StoreResult<&[RunRecord]> {
        let runs = self.read_runs()?;
        if self.runs_planned.get().is_none() {
            if let Some(plan) = self.plan()? {
                plan.check_rows(&self.runs_file(), &self.files.metadata(), &runs.rows)?;
            }
            self.runs_planned.get_or_init(|| ());
        }
        Ok(&runs.rows)
    }

    /// The digest of runs.csv's bytes, as read or written (its own rules
    /// checked; the rows are checked against the plan by [`Store::runs`]).
    pub fn runs_digest(&self) -> StoreResult<&RunsDigest> {
        Ok(&self.read_runs()?.digest)
    }

    /// The run's runs file, read once.
    fn read_runs(&self) -> StoreResult<&Runs> {
        if let Some(runs) = self.runs.get() {
            return Ok(runs);
        }
        let path = self.runs_file();
        let runs = runs::read(&path)?.ok_or_else(|| StoreError::MissingRuns(path.clone()))?;
        Ok(self.runs.get_or_init(|| runs))
    }

    /// The stored plan (none without a complete metadata.json); refused when
    /// the stored config does not load.
    fn plan(&self) -> StoreResult<Option<&StoredPlan>> {
        match &self.plan {
            Ok(plan) => Ok(plan.as_ref()),
            Err(e) => Err(StoreError::StoredConfig(Arc::clone(e))),
        }
    }

    /// The rows of traces.csv, read and checked once (every row a point of
    /// a planned trial); `None` when the experiment wrote no traces.
    pub fn traces(&self) -> StoreResult<Option<&[TraceRecord]>> {
        if let Some(traces) = self.traces.get() {
            return Ok(traces.as_deref());
        }
        let traces = traces::read(&self.files.traces(), self.plan()?, &self.files.metadata())?;
        Ok(self.traces.get_or_init(|| traces).as_deref())
    }

    /// For each external program's label, the command that replays any of
    /// its rows (`N` and `SEED` standing for the row's), from external.log;
    /// each label once, none without the log.
    pub fn replays(&self) -> StoreResult<Vec<(String, String)>> {
        let path = self.files.external_log();
        let text = read_optional_text(&path)
            .doing(|| format!("cannot read {}", path.display()))?
            .unwrap_or_default();
        let mut replays: Vec<(String, String)> = Vec::new();
        for (label, command) in text.lines().filter_map(replay_line::parse) {
            if !replays.iter().any(|(l, _)| l == label) {
                replays.push((label.to_owned(), command.to_owned()));
            }
        }
        Ok(replays)
    }

    /// Forgets what was read of the files (they are about to change).
    fn forget(&mut self) {
        self.runs = OnceLock::new();
        self.runs_planned = OnceLock::new();
        self.traces = OnceLock::new();
        self.summary = OnceLock::new();
        self.comparison = OnceLock::new();
    }

    /// Refuses a write by a store opened only to read: a bug of the caller.
    fn check_writable(&self) -> StoreResult<()> {
        if self.is_writable() {
            Ok(())
        } else {
            Err(StoreError::ReadOnly(self.path().to_owned()))
        }
    }

    /// What rewrites summary.csv of this directory.
    fn summarize_remedy(&self) -> Remedy {
        Remedy::Summarize {
            data: Some(self.path().to_owned()),
        }
    }

    /// What writes params.csv of this directory again: the run of its
    /// config, which finds the trials done and rewrites the files whose
    /// record is missing or stale.
    fn run_again_remedy(&self) -> Remedy {
        Remedy::RunConfig {
            config: None,
            data: Some(self.path().to_owned()),
        }
    }

    /// What rewrites compare.csv and ranking.csv of this directory.
    fn compare_remedy(&self) -> Remedy {
        Remedy::Compare {
            data: self.path().to_owned(),
        }
    }
}

/// Where the data of the experiment `name` goes unless the user says
/// otherwise: `data/<name>`.
pub fn data_dir_of(name: &str) -> PathBuf {
    Path::new("data").join(name)
}

/// Where the charts of the experiment `name` go unless the user says
/// otherwise: `plots/<name>`.
pub fn plots_dir_of(name: &str) -> PathBuf {
    Path::new("plots").join(name)
}

/// The `experiment` field and, when every field is there, the whole of the
/// metadata file at `path`; nothing when it does not exist. A file that is
/// not JSON is refused with the way to restore it.
fn read_metadata(path: &Path) -> StoreResult<(Option<String>, Option<Metadata>)> {
    let Some(text) = read_optional_text(path).map_err(|source| MetadataError::Read {
        path: path.to_owned(),
        source,
    })?
    else {
        return Ok((None, None));
    };
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|source| MetadataError::Damaged {
            path: path.to_owned(),
            source,
        })?;
    let name = value
        .get("experiment")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned);
    Ok((name, serde_json::from_value(value).ok()))
}
