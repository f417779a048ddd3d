//! Reading an experiment's CSV files for the charts: summary.csv and
//! runs.csv (required) and traces.csv (optional), into the record structs
//! the runner writes; a summary.csv not computed from the runs.csv beside
//! it is refused ([`crate::base::records::derived`]).

use std::fs::File;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::base::records::csv_file::row_from;
use crate::base::records::{
    DataDir, DerivedError, RecordsError, RunRecord, SUMMARY_FILE, SummaryRow, TraceRecord,
    check_unique_trials, derived, metadata,
};
use crate::experiment::stored_plan::{self, PlanCheckError};

/// Why an experiment's data could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DataError {
    /// The data directory does not exist.
    #[error("data directory {0} does not exist (run `queens run CONFIG` to make it)")]
    MissingDir(PathBuf),
    /// The data directory given is not a directory.
    #[error(
        "{0} is a file, not a data directory: give the directory that holds runs.csv and summary.csv (like data/NAME, written by `queens run`)"
    )]
    NotADir(PathBuf),
    /// summary.csv is missing.
    #[error("{} not found: run `queens summarize {}` to compute it from runs.csv", file.display(), crate::base::shell::path(dir))]
    MissingSummary {
        /// The file looked for.
        file: PathBuf,
        /// The data directory.
        dir: PathBuf,
    },
    /// runs.csv is missing.
    #[error(
        "{0} not found: give a data directory written by `queens run` (run `queens run CONFIG` first)"
    )]
    MissingRuns(PathBuf),
    /// A file exists but could not be opened or parsed.
    #[error("cannot read {file}")]
    Csv {
        /// The file.
        file: PathBuf,
        /// What went wrong, with the line.
        source: csv::Error,
    },
    /// A row before the last does not fit its columns.
    #[error("{}: bad row on line {line}: {detail}", file.display())]
    BadRow {
        /// The file.
        file: PathBuf,
        /// The 1-based line of the row (the header is line 1).
        line: usize,
        /// The column, the value found and what is allowed
        /// ([`row_from`]).
        detail: String,
    },
    /// runs.csv holds a trial twice ([`check_unique_trials`]).
    #[error(transparent)]
    Runs(#[from] RecordsError),
    /// runs.csv holds rows that are no trial of the stored plan.
    #[error(transparent)]
    Plan(#[from] PlanCheckError),
    /// summary.csv was not computed from the runs.csv beside it.
    #[error(transparent)]
    Derived(#[from] DerivedError),
    /// summary.csv holds no rows.
    #[error("{0} has no rows: there is nothing to draw")]
    Empty(PathBuf),
    /// metadata.json names the experiment with something that is not one
    /// safe path component, so it cannot name the default plots directory.
    #[error(
        "{file}: experiment name '{name}' cannot be a directory name (use {rule}): correct the \"experiment\" field or give the charts directory with --plots DIR",
        rule = crate::base::records::SAFE_NAME_RULE
    )]
    UnsafeName {
        /// The metadata.json read.
        file: PathBuf,
        /// The name found there.
        name: String,
    },
}

/// Everything the charts draw from.
#[derive(Clone, Debug)]
pub struct ExperimentData {
    /// The experiment's name, for titles.
    pub name: String,
    /// The rows of runs.csv, less those that ended in an external
    /// program's error (no trials of the algorithm, never drawn).
    pub runs: Vec<RunRecord>,
    /// The rows of summary.csv.
    pub summary: Vec<SummaryRow>,
    /// The rows of traces.csv, when the experiment wrote traces.
    pub traces: Option<Vec<TraceRecord>>,
    /// Remarks on what was read (a torn last line dropped).
    pub notes: Vec<String>,
    /// The labels in the order the stored config declares them (the order
    /// of every legend); empty without a stored config.
    pub label_order: Vec<String>,
}

impl ExperimentData {
    /// Reads the CSV files of the experiment in `dir`.
    pub fn load(dir: &Path) -> Result<ExperimentData, DataError> {
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(DataError::NotADir(dir.to_owned())),
            Err(_) => return Err(DataError::MissingDir(dir.to_owned())),
        }
        let mut notes = Vec::new();
        let files = DataDir::new(dir);
        let summary_file = files.summary();
        if !summary_file.is_file() {
            return Err(DataError::MissingSummary {
                file: summary_file,
                dir: dir.to_owned(),
            });
        }
        let summary: Vec<SummaryRow> = read_csv(&summary_file, &mut notes)?;
        if summary.is_empty() {
            return Err(DataError::Empty(summary_file));
        }
        let runs_file = files.runs();
        if !runs_file.is_file() {
            return Err(DataError::MissingRuns(runs_file));
        }
        let mut runs: Vec<RunRecord> = read_csv(&runs_file, &mut notes)?;
        check_unique_trials(&runs_file, &runs)?;
        stored_plan::check_rows(dir, &runs_file, &runs)?;
        derived::check(dir, SUMMARY_FILE)?;
        runs.retain(|r| !r.stop_reason.is_program_error());
        let traces_file = files.traces();
        let traces = if traces_file.is_file() {
            Some(read_csv(&traces_file, &mut notes)?)
        } else {
            None
        };
        Ok(ExperimentData {
            name: experiment_name(dir),
            runs,
            summary,
            traces,
            notes,
            label_order: stored_plan::stored_labels(dir).unwrap_or_default(),
        })
    }

    /// Every label in any of the files.
    pub fn labels(&self) -> impl Iterator<Item = &str> {
        let traces = self.traces.iter().flatten().map(|t| t.label.as_str());
        self.summary
            .iter()
            .map(|s| s.label.as_str())
            .chain(self.runs.iter().map(|r| r.label.as_str()))
            .chain(traces)
    }
}

/// The experiment's name, for titles: the `experiment` field of the data
/// directory's metadata.json (see
/// [`Metadata`](crate::base::records::Metadata)) when present,
/// otherwise the directory's final component.
pub fn experiment_name(dir: &Path) -> String {
    stored_name(dir)
        .or_else(|| {
            let absolute = std::path::absolute(dir).ok()?;
            Some(absolute.file_name()?.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "experiment".to_owned())
}

/// The default charts directory of the experiment in `dir`:
/// `plots/<experiment name>`. A name read from metadata.json is checked
/// with [`is_safe_name`](crate::base::records::is_safe_name), as the config checks
/// it, so a hand-edited `"../../x"` or absolute path never leads outside
/// `plots/`.
pub fn default_plots_dir(dir: &Path) -> Result<PathBuf, DataError> {
    if let Some(name) = stored_name(dir)
        && !crate::base::records::is_safe_name(&name)
    {
        return Err(DataError::UnsafeName {
            file: DataDir::new(dir).metadata(),
            name,
        });
    }
    Ok(Path::new("plots").join(experiment_name(dir)))
}

/// The `experiment` field of `dir`'s metadata.json, unchecked, when the
/// file can be read and holds one.
fn stored_name(dir: &Path) -> Option<String> {
    metadata::experiment_name(&DataDir::new(dir).metadata())
}

/// Reads every row of a CSV file with a header. A malformed *last* row is the
/// torn line of an interrupted run: it is dropped with a note. A malformed
/// row elsewhere is an error naming the file, the line and the column.
fn read_csv<T: DeserializeOwned>(
    file: &Path,
    notes: &mut Vec<String>,
) -> Result<Vec<T>, DataError> {
    let error = |source| DataError::Csv {
        file: file.to_owned(),
        source,
    };
    let reader = File::open(file).map_err(|e| error(e.into()))?;
    let mut reader = csv::Reader::from_reader(reader);
    let headers = reader.headers().map_err(error)?.clone();
    let mut records = reader.into_records().enumerate().peekable();
    let mut out = Vec::new();
    while let Some((i, record)) = records.next() {
        match row_from::<T>(record, &headers) {
            Ok(row) => out.push(row),
            Err(detail) if records.peek().is_none() && !out.is_empty() => {
                notes.push(format!(
                    "{}: dropped a torn last line (an interrupted run?): {detail}",
                    file.display()
                ));
            }
            Err(detail) => {
                return Err(DataError::BadRow {
                    file: file.to_owned(),
                    line: i + 2,
                    detail,
                });
            }
        }
    }
    Ok(out)
}
