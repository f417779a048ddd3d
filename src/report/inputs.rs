//! What a report is made of, read from the data directory and the charts
//! directory; summary.csv, compare.csv and ranking.csv only when they were
//! computed from the runs.csv beside them
//! ([`crate::base::records::derived`]).

use std::path::{Path, PathBuf};

use super::ReportError;
use super::charts::{self, Chart};
use super::targets::{self, Targets};
use crate::base::records::{
    COMPARE_FILE, CompareRow, DataDir, RANKING_FILE, RankingRow, SUMMARY_FILE, SummaryRow, derived,
    read_rows,
};
use crate::base::records::{Metadata, read_optional_text, replay_line};
use crate::base::shell;
use crate::experiment::config::{Programs, load_checking};
use crate::experiment::question::Question;
use crate::plot::data::DataError;

/// The files a report is drawn from.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// The data directory, as given.
    pub data_dir: PathBuf,
    /// The charts directory, as given.
    pub plots_dir: PathBuf,
    /// The experiment's name.
    pub name: String,
    /// metadata.json, when present and complete (a file holding only the
    /// experiment's name, as hand-made data may have, gives `None`).
    pub metadata: Option<Metadata>,
    /// The rows of summary.csv.
    pub summary: Vec<SummaryRow>,
    /// The rows of compare.csv (none when it is missing).
    pub compare: Vec<CompareRow>,
    /// The rows of ranking.csv (none when it is missing).
    pub ranking: Vec<RankingRow>,
    /// The SVG charts of the charts directory, in the report's order.
    pub charts: Vec<Chart>,
    /// For each external program's label, the command that replays any of
    /// its rows (`N` and `SEED` standing for the row's), from external.log.
    pub replays: Vec<(String, String)>,
    /// The questions of the config text in metadata.json (none without
    /// metadata, or when the stored config no longer loads).
    pub questions: Vec<Question>,
    /// The fixed-target and runtime-ECDF tables, from traces.csv and
    /// runs.csv (none without traces).
    pub targets: Option<Targets>,
}

impl Inputs {
    /// Reads everything the HTML report shows.
    pub fn load(data_dir: &Path, plots_dir: &Path) -> Result<Inputs, ReportError> {
        let mut inputs = Inputs::load_tables(data_dir, plots_dir)?;
        inputs.charts = charts::read(data_dir, plots_dir)?;
        Ok(inputs)
    }

    /// Reads the tables and metadata (not the charts).
    pub fn load_tables(data_dir: &Path, plots_dir: &Path) -> Result<Inputs, ReportError> {
        match std::fs::metadata(data_dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(DataError::NotADir(data_dir.to_owned()).into()),
            Err(_) => return Err(DataError::MissingDir(data_dir.to_owned()).into()),
        }
        let files = DataDir::new(data_dir);
        let summary_file = files.summary();
        if !summary_file.is_file() {
            return Err(DataError::MissingSummary {
                file: summary_file,
                dir: data_dir.to_owned(),
            }
            .into());
        }
        for name in [SUMMARY_FILE, COMPARE_FILE, RANKING_FILE] {
            derived::check(data_dir, name)?;
        }
        let summarize = format!(
            "rebuild it from runs.csv with `queens summarize {}`",
            shell::path(data_dir)
        );
        let summary: Vec<SummaryRow> = table(&summary_file, &summarize)?;
        if summary.is_empty() {
            return Err(DataError::Empty(summary_file).into());
        }
        let compare = format!("rewrite it with `queens compare {}`", shell::path(data_dir));
        let metadata = metadata(&files.metadata())?;
        let questions = metadata
            .as_ref()
            .and_then(|m| load_checking(&m.config_source, &m.config_text, Programs::AsStored).ok())
            .map_or_else(Vec::new, |e| e.questions);
        let targets = targets::load(data_dir, &summary)?;
        Ok(Inputs {
            data_dir: data_dir.to_owned(),
            plots_dir: plots_dir.to_owned(),
            name: crate::plot::data::experiment_name(data_dir),
            metadata,
            questions,
            summary,
            compare: table(&files.compare(), &compare)?,
            ranking: table(&files.ranking(), &compare)?,
            charts: Vec::new(),
            replays: replays(&files.external_log())?,
            targets,
        })
    }
}

/// Every row of a CSV file (none when it is missing).
fn table<T: serde::de::DeserializeOwned>(path: &Path, remedy: &str) -> Result<Vec<T>, ReportError> {
    read_rows(path).map_err(|source| ReportError::Table {
        source,
        remedy: remedy.to_owned(),
    })
}

/// The replay line of each label in the log at `path` (none when it is
/// missing), each label once.
fn replays(path: &Path) -> Result<Vec<(String, String)>, ReportError> {
    let Some(text) = read_optional_text(path).map_err(|source| ReportError::Log {
        path: path.to_owned(),
        source,
    })?
    else {
        return Ok(Vec::new());
    };
    let mut replays: Vec<(String, String)> = Vec::new();
    for (label, command) in text.lines().filter_map(replay_line::parse) {
        if !replays.iter().any(|(l, _)| l == label) {
            replays.push((label.to_owned(), command.to_owned()));
        }
    }
    Ok(replays)
}

/// metadata.json, `None` when it does not exist or is JSON without every
/// field of [`Metadata`]; an error when it is not JSON.
fn metadata(path: &Path) -> Result<Option<Metadata>, ReportError> {
    let Some(text) = read_optional_text(path).map_err(|e| ReportError::Metadata {
        path: path.to_owned(),
        detail: e.to_string(),
    })?
    else {
        return Ok(None);
    };
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| ReportError::Metadata {
            path: path.to_owned(),
            detail: e.to_string(),
        })?;
    Ok(serde_json::from_value(value).ok())
}
