//! The steps after a run, in one place: the comparison of every pair
//! (compare.csv, ranking.csv), the charts and the report, from the files of
//! a data directory. `queens run`, `merge`, `plot`, `compare` and `report`
//! all call [`finish`] with the [`Steps`] they take, so each step is wired
//! once and fails the same way everywhere.
//!
//! # Error policy
//!
//! - A step that cannot read its inputs or write its outputs **aborts**: the
//!   pipeline returns a [`FinishError`] naming the step, the file and the
//!   command that redoes it, and the steps after it are not attempted. The
//!   files the run wrote and the steps already done stay as they are (the
//!   data directory is complete whenever this runs).
//! - What the data cannot support **is a note**, never an error: a chart
//!   without the labels, solved trials or traces it needs is skipped with a
//!   typed reason ([`Skipped`]), a torn last line is dropped, a data
//!   directory without trials has nothing to compare. Notes go to the
//!   observer as they happen and come back in [`Finished`].
//!
//! - A stop asked for by the caller ([`FinishObserver::stop_requested`],
//!   the CLI's Ctrl-C and SIGTERM) is checked before each step and between
//!   charts: the pipeline returns [`FinishError::Stopped`], every file
//!   written so far whole.
//!
//! The comparison step writes compare.csv and ranking.csv into the data
//! directory, so it holds the directory's lock (`experiment::lock`) from
//! before the first read to the end of the pipeline: beside a running
//! `queens run` it is refused before anything is written, with the
//! holder's PID. It records the runs it was computed from in derived.json
//! ([`records::derived`]), and the charts and the report read only derived
//! files that match the runs.csv beside them.
//!
//! The comparison is computed once: by checks with the default options for
//! compare.csv and ranking.csv, and reused by the charts unless they are
//! drawn in another measure, which is then compared for the charts alone.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::analysis::compare::{self, CompareError, Comparison};
use crate::base::records::{
    self as records, COMPARE_FILE, DataDir, DerivedError, Measure, RANKING_FILE, RecordsError,
    RunRecord, RunsDigest, write_compare, write_ranking,
};
use crate::base::shell;
use crate::experiment::error::RunError;
use crate::experiment::lock::{DataDirLock, lock_data_dir};
use crate::experiment::stored_plan;
use crate::plot::data::{DataError, ExperimentData};
use crate::plot::{self, PlotError, Skipped};
use crate::report::{self, ReportError};

/// Which steps [`finish`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// compare.csv and ranking.csv, by checks with the default options.
    pub comparison: bool,
    /// The charts.
    pub charts: Charts,
    /// report.html.
    pub report: bool,
    /// summary.tex, compare.tex, growth.tex, ert-ratio.tex (and targets.tex
    /// with traces) beside the report.
    pub latex: bool,
}

/// When the charts step draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charts {
    /// Always.
    Draw,
    /// Only when the charts directory holds no chart, or no report: a
    /// drawing stopped half-way (killed, out of space) never wrote its
    /// report, so the next one draws the charts again rather than report
    /// on part of them.
    IfMissing,
    /// Never.
    Skip,
}

impl Steps {
    /// Everything after a run or a merge: comparison, charts, report.
    pub const ALL: Steps = Steps {
        comparison: true,
        charts: Charts::Draw,
        report: true,
        latex: false,
    };
    /// The charts alone.
    pub const CHARTS: Steps = Steps {
        comparison: false,
        charts: Charts::Draw,
        report: false,
        latex: false,
    };
    /// The comparison alone (`queens compare` on one directory).
    pub const COMPARISON: Steps = Steps {
        comparison: true,
        charts: Charts::Skip,
        report: false,
        latex: false,
    };
    /// The report, drawing the charts first when there are none
    /// (`queens report`).
    pub const REPORT: Steps = Steps {
        comparison: false,
        charts: Charts::IfMissing,
        report: true,
        latex: false,
    };
}

/// A step of the pipeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Reading the data directory's CSV files.
    Reading,
    /// Comparing every pair of labels.
    Comparing,
    /// Drawing the charts.
    Drawing,
    /// Writing the report.
    Reporting,
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Step::Reading => "reading the data",
            Step::Comparing => "comparing the labels",
            Step::Drawing => "drawing the charts",
            Step::Reporting => "writing the report",
        })
    }
}

/// Receives what the pipeline does while it goes. Every method does
/// nothing unless implemented.
pub trait FinishObserver {
    /// A step starts.
    fn step(&self, _step: Step) {}
    /// A remark for the user: a line dropped, a label left out.
    fn note(&self, _note: &str) {}
    /// A chart not drawn, and why.
    fn skipped(&self, _skipped: &Skipped) {}
    /// Whether to stop (a signal asked the process to end): checked before
    /// each step and between charts.
    fn stop_requested(&self) -> bool {
        false
    }
}

/// An observer that does nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl FinishObserver for Quiet {}

/// A file a step writes, and whether it changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The file.
    pub path: PathBuf,
    /// Whether it was written (`false`: it already held the same bytes).
    pub changed: bool,
}

/// What [`finish`] did.
#[derive(Clone, Debug, Default)]
pub struct Finished {
    /// compare.csv and ranking.csv, when compared.
    pub comparison_files: Vec<Written>,
    /// The comparison by checks, when compared (none without trials).
    pub comparison: Option<Comparison>,
    /// The chart files written.
    pub charts: Vec<PathBuf>,
    /// The charts not drawn, and why.
    pub skipped: Vec<Skipped>,
    /// Remarks for the user.
    pub notes: Vec<String>,
    /// report.html, when written.
    pub report: Option<PathBuf>,
    /// summary.tex, compare.tex, growth.tex, ert-ratio.tex (and targets.tex
    /// with traces), when written.
    pub latex: Vec<PathBuf>,
}

/// Why a step of [`finish`] failed; each names the files and the command
/// that redoes the step (the data directory itself is complete).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FinishError {
    /// The observer asked to stop before `step` was done.
    #[error(
        "stopped while {step}: the data in {} is complete and every file written is whole; run the same command again to finish",
        data_dir.display()
    )]
    Stopped {
        /// The step not done.
        step: Step,
        /// The data directory.
        data_dir: PathBuf,
    },
    /// The data directory's CSV files could not be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The labels could not be compared.
    #[error(
        "no compare.csv in {}; the data there is complete: compare it with `queens compare {} --output DIR`",
        dir.display(),
        shell::path(dir)
    )]
    Compare {
        /// The data directory.
        dir: PathBuf,
        /// Why.
        source: CompareError,
    },
    /// runs.csv could not be read for the comparison.
    #[error(
        "{source}: give a data directory written by `queens run` (run `queens run CONFIG` first)"
    )]
    ReadRuns {
        /// Why.
        source: RecordsError,
    },
    /// Another process writes the data directory (a `queens run`, a merge,
    /// `summarize`, another comparison).
    #[error(
        "{source} (the comparison writes compare.csv and ranking.csv into it; a `queens run` draws its charts and report itself when it ends)"
    )]
    Locked {
        /// The refusal, naming the holder.
        source: Box<RunError>,
    },
    /// The data directory's lock could not be taken (an unwritable
    /// directory).
    #[error(
        "{source}; the comparison writes compare.csv, ranking.csv and a lock file into {}: make it writable, or copy it to a writable place",
        dir.display()
    )]
    Lock {
        /// The data directory.
        dir: PathBuf,
        /// Why.
        source: Box<RunError>,
    },
    /// derived.json could not be read or written.
    #[error(transparent)]
    Derived(#[from] DerivedError),
    /// compare.csv or ranking.csv could not be written.
    #[error(
        "{source}; compare writes compare.csv and ranking.csv into {}: make it writable, or choose another --output DIR",
        dir.display()
    )]
    WriteComparison {
        /// The data directory.
        dir: PathBuf,
        /// Why.
        source: RecordsError,
    },
    /// The charts could not be drawn or written.
    #[error(
        "no charts in {}; the data in {} is complete: make the directory writable (or pass another --plots DIR) and draw them with: queens plot {}",
        plots_dir.display(),
        data_dir.display(),
        shell::path(data_dir)
    )]
    Plot {
        /// The data directory.
        data_dir: PathBuf,
        /// The charts directory.
        plots_dir: PathBuf,
        /// Why.
        source: Box<PlotError>,
    },
    /// The report could not be written.
    #[error(
        "no report in {}; the data in {} and the charts are complete: fix the cause and write it with: queens report {} --plots {}",
        plots_dir.display(),
        data_dir.display(),
        shell::path(data_dir),
        shell::path(plots_dir)
    )]
    Report {
        /// The data directory.
        data_dir: PathBuf,
        /// The charts directory.
        plots_dir: PathBuf,
        /// Why.
        source: Box<ReportError>,
    },
}

/// Takes `steps` for the experiment in `data_dir`, drawing the charts as
/// `plot` asks into `plots_dir`, where the report goes too; reports to
/// `observer` as it goes and returns what it wrote and skipped. See the
/// module's error policy.
pub fn finish(
    data_dir: &Path,
    plots_dir: &Path,
    steps: Steps,
    plot: &plot::Options,
    observer: &dyn FinishObserver,
) -> Result<Finished, FinishError> {
    let mut finished = Finished::default();
    let check = |step| {
        if observer.stop_requested() {
            Err(FinishError::Stopped {
                step,
                data_dir: data_dir.to_owned(),
            })
        } else {
            Ok(())
        }
    };
    let _lock = if steps.comparison {
        lock_for_comparison(data_dir)?
    } else {
        None
    };
    let draw = match steps.charts {
        Charts::Draw => true,
        Charts::IfMissing => !has_charts(plots_dir) || !plots_dir.join(report::HTML_FILE).is_file(),
        Charts::Skip => false,
    };
    let data = if draw {
        check(Step::Reading)?;
        observer.step(Step::Reading);
        let data = ExperimentData::load(data_dir)?;
        for note in &data.notes {
            observer.note(note);
        }
        finished.notes.extend(data.notes.iter().cloned());
        Some(data)
    } else {
        None
    };
    if steps.comparison {
        let runs = match &data {
            Some(data) => Cow::Borrowed(data.runs.as_slice()),
            None => Cow::Owned(read_runs(data_dir)?),
        };
        if !runs.is_empty() {
            check(Step::Comparing)?;
            observer.step(Step::Comparing);
            let comparison =
                compare::compare(&runs, &compare::Options::default()).map_err(|source| {
                    FinishError::Compare {
                        dir: data_dir.to_owned(),
                        source,
                    }
                })?;
            let runs = RunsDigest::of_dir(data_dir)?;
            finished.comparison_files = write_comparison(data_dir, &comparison, &runs)?;
            finished.comparison = Some(comparison);
        }
    }
    if let Some(data) = &data {
        check(Step::Drawing)?;
        observer.step(Step::Drawing);
        let drawn = draw_charts(data, data_dir, plots_dir, plot, &finished, observer)?;
        for note in &drawn.notes {
            observer.note(note);
        }
        for skipped in &drawn.skipped {
            observer.skipped(skipped);
        }
        finished.charts = drawn.files;
        finished.skipped = drawn.skipped;
        finished.notes.extend(drawn.notes);
    }
    if steps.report || steps.latex {
        check(Step::Reporting)?;
        observer.step(Step::Reporting);
        let failed = |source| FinishError::Report {
            data_dir: data_dir.to_owned(),
            plots_dir: plots_dir.to_owned(),
            source: Box::new(source),
        };
        if steps.report {
            finished.report = Some(report::write_html(data_dir, plots_dir).map_err(failed)?);
        }
        if steps.latex {
            check(Step::Reporting)?;
            finished.latex = report::write_latex(data_dir, plots_dir).map_err(failed)?;
        }
    }
    Ok(finished)
}

/// Draws the charts of `data`, comparing in the charts' measure unless the
/// comparison by checks already `finished` serves; stops between charts
/// when `observer` asks to.
fn draw_charts(
    data: &ExperimentData,
    data_dir: &Path,
    plots_dir: &Path,
    options: &plot::Options,
    finished: &Finished,
    observer: &dyn FinishObserver,
) -> Result<plot::Report, FinishError> {
    let reused = finished
        .comparison
        .as_ref()
        .filter(|_| options.measure == Measure::Checks);
    let computed;
    let comparison = match reused {
        Some(comparison) => Ok(comparison),
        None => {
            let options = compare::Options {
                measure: options.measure,
                ..compare::Options::default()
            };
            computed = compare::compare(&data.runs, &options).map_err(Arc::new);
            computed.as_ref()
        }
    };
    let stop = || observer.stop_requested();
    plot::render(data, data_dir, plots_dir, options, comparison, &stop).map_err(|source| {
        match source {
            PlotError::Stopped => FinishError::Stopped {
                step: Step::Drawing,
                data_dir: data_dir.to_owned(),
            },
            source => FinishError::Plot {
                data_dir: data_dir.to_owned(),
                plots_dir: plots_dir.to_owned(),
                source: Box::new(source),
            },
        }
    })
}

/// Takes the lock of `data_dir` for the comparison step (none when the
/// directory does not exist: reading it then fails with its own message).
fn lock_for_comparison(data_dir: &Path) -> Result<Option<DataDirLock>, FinishError> {
    if !data_dir.is_dir() {
        return Ok(None);
    }
    match lock_data_dir(data_dir) {
        Ok(lock) => Ok(Some(lock)),
        Err(source @ RunError::DataDirLocked { .. }) => Err(FinishError::Locked {
            source: Box::new(source),
        }),
        Err(source) => Err(FinishError::Lock {
            dir: data_dir.to_owned(),
            source: Box::new(source),
        }),
    }
}

/// Writes compare.csv and ranking.csv into `dir` (a file that already
/// holds the same bytes is left alone) and records in its derived.json
/// that they were computed from `runs`. The caller holds `dir`'s lock.
pub fn write_comparison(
    dir: &Path,
    comparison: &Comparison,
    runs: &RunsDigest,
) -> Result<Vec<Written>, FinishError> {
    let files = DataDir::new(dir);
    let failed = |source| FinishError::WriteComparison {
        dir: dir.to_owned(),
        source,
    };
    let (pairs, ranking) = (files.compare(), files.ranking());
    let pairs_changed = write_compare(&pairs, &comparison.pairs).map_err(failed)?;
    let ranking_changed = write_ranking(&ranking, &comparison.ranking).map_err(failed)?;
    records::derived::record(dir, &[COMPARE_FILE, RANKING_FILE], runs)?;
    Ok(vec![
        Written {
            path: pairs,
            changed: pairs_changed,
        },
        Written {
            path: ranking,
            changed: ranking_changed,
        },
    ])
}

/// The rows of `dir`'s runs.csv, for a comparison without the charts.
fn read_runs(dir: &Path) -> Result<Vec<RunRecord>, FinishError> {
    let path = DataDir::new(dir).runs();
    if !path.is_file() {
        return Err(DataError::MissingRuns(path).into());
    }
    let runs = records::read_runs(&path).map_err(|source| FinishError::ReadRuns { source })?;
    stored_plan::check_rows(dir, &path, &runs).map_err(DataError::from)?;
    Ok(runs)
}

/// Whether `plots_dir` holds an SVG chart.
fn has_charts(plots_dir: &Path) -> bool {
    std::fs::read_dir(plots_dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "svg"))
    })
}
