//! The steps after a run, in one place: the comparison of every pair
//! (compare.csv, ranking.csv), the charts and the outputs drawn from them
//! (the report, the LaTeX tables, …; [`outputs`]), over an open
//! [`Store`]. The run service, `merge`, `plot`, `compare` and `report` all
//! call [`finish`] with the [`Steps`] they take, so each step is wired once
//! and fails the same way everywhere.
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
//!   typed reason ([`Skipped`]), a data directory without trials has
//!   nothing to compare. Notes go to the observer as they happen and come
//!   back in [`Finished`].
//! - A stop asked for by the caller ([`FinishObserver::stop_requested`],
//!   the CLI's Ctrl-C and SIGTERM) is checked before each step and between
//!   charts: the pipeline returns [`FinishError::Stopped`], every file
//!   written so far whole.
//!
//! The comparison step writes compare.csv and ranking.csv into the data
//! directory through the store, which must have been opened to write (it
//! holds the directory's lock, so beside a running `queens run` the caller
//! was refused before anything was written); the store records the runs
//! they were computed from in derived.json, and the charts and the outputs
//! read only derived files that match the runs.csv beside them.
//!
//! The comparison is computed once: by checks with the default options for
//! compare.csv and ranking.csv, and reused by the charts unless they are
//! drawn in another measure, which is then compared for the charts alone.

pub mod outputs;

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::analysis::compare::{self, CompareError, Comparison};
use crate::base::records::Measure;
use crate::base::remedy::{Remedy, Setting};
use crate::plot::data::ExperimentData;
use crate::plot::{self, PlotError, Skipped};
use crate::store::Store;
use crate::store::error::StoreError;

pub use crate::store::Written;
pub use outputs::{OUTPUTS, Output, OutputError};

/// Which steps [`finish`] takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    /// compare.csv and ranking.csv, by checks with the default options.
    pub comparison: bool,
    /// The charts.
    pub charts: Charts,
    /// The outputs written after the charts, by name ([`OUTPUTS`]), in
    /// this order.
    pub outputs: Cow<'static, [&'static str]>,
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
        outputs: Cow::Borrowed(&[outputs::report_html::NAME]),
    };
    /// The charts alone.
    pub const CHARTS: Steps = Steps {
        comparison: false,
        charts: Charts::Draw,
        outputs: Cow::Borrowed(&[]),
    };
    /// The comparison alone (`queens compare` on one directory; a run asked
    /// for its data alone).
    pub const COMPARISON: Steps = Steps {
        comparison: true,
        charts: Charts::Skip,
        outputs: Cow::Borrowed(&[]),
    };
    /// The report, drawing the charts first when there are none
    /// (`queens report`).
    pub const REPORT: Steps = Steps {
        comparison: false,
        charts: Charts::IfMissing,
        outputs: Cow::Borrowed(&[outputs::report_html::NAME]),
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
    /// Writing the outputs (the report, the LaTeX tables, …).
    Reporting,
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Step::Reading => "reading the data",
            Step::Comparing => "comparing the labels",
            Step::Drawing => "drawing the charts",
            Step::Reporting => "writing the report and the other outputs",
        })
    }
}

/// Receives what the pipeline does while it goes. Every method does
/// nothing unless implemented.
pub trait FinishObserver {
    /// The steps begin (after a run's trials, the first event of the
    /// pipeline).
    fn begin(&self) {}
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
    /// The files each output wrote, by the output's name, in the order
    /// written.
    pub outputs: Vec<(&'static str, Vec<PathBuf>)>,
}

impl Finished {
    /// report.html, when written.
    pub fn report(&self) -> Option<&Path> {
        self.written_by(outputs::report_html::NAME)
            .first()
            .map(PathBuf::as_path)
    }

    /// The files the output `name` wrote (none when it was not asked for).
    pub fn written_by(&self, name: &str) -> &[PathBuf] {
        self.outputs
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&[], |(_, files)| files.as_slice())
    }
}

/// Why a step of [`finish`] failed; each names the files and what redoes
/// the step (a [`Remedy`]; the data directory itself is complete).
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
    /// The data directory's files could not be read.
    #[error(transparent)]
    Store(Box<StoreError>),
    /// The labels could not be compared.
    #[error(
        "no compare.csv in {}; the data there is complete: compare it with `{}`",
        dir.display(),
        Remedy::CompareInto { data: Some(dir.clone()), measure: None }
    )]
    Compare {
        /// The data directory.
        dir: PathBuf,
        /// Why.
        source: CompareError,
    },
    /// compare.csv or ranking.csv could not be written.
    #[error(
        "{source}; compare writes compare.csv and ranking.csv into {}: make it writable, or choose another {}",
        dir.display(),
        Remedy::Set(Setting::Output)
    )]
    WriteComparison {
        /// The data directory.
        dir: PathBuf,
        /// Why.
        source: Box<StoreError>,
    },
    /// The charts could not be drawn or written.
    #[error(
        "no charts in {}; the data in {} is complete: make the directory writable (or pass another {}) and draw them with: {}",
        plots_dir.display(),
        data_dir.display(),
        Remedy::Set(Setting::Plots),
        Remedy::Plot { data: data_dir.clone(), plots: None }
    )]
    Plot {
        /// The data directory.
        data_dir: PathBuf,
        /// The charts directory.
        plots_dir: PathBuf,
        /// Why.
        source: Box<PlotError>,
    },
    /// An output (the report, the LaTeX tables, …) could not be written.
    #[error(
        "no {what} in {}; the data in {} and the charts are complete: fix the cause and write it with: {redo}",
        plots_dir.display(),
        data_dir.display(),
    )]
    Output {
        /// What the output is ("report", "LaTeX tables").
        what: &'static str,
        /// What writes it again (boxed, to keep the error small).
        redo: Box<Remedy>,
        /// The data directory.
        data_dir: PathBuf,
        /// The charts directory.
        plots_dir: PathBuf,
        /// Why.
        source: Box<OutputError>,
    },
    /// An output named by the caller is not in [`OUTPUTS`]: a bug.
    #[error("internal error: no output named '{0}'")]
    UnknownOutput(String),
}

impl FinishError {
    /// Whether only a bug in queens can cause this error (an output name
    /// no output has, a store asked to write what it was opened only to
    /// read).
    pub fn is_internal(&self) -> bool {
        match self {
            FinishError::UnknownOutput(_) => true,
            FinishError::Store(e) | FinishError::WriteComparison { source: e, .. } => {
                e.is_internal()
            }
            _ => false,
        }
    }
}

impl From<StoreError> for FinishError {
    fn from(error: StoreError) -> Self {
        FinishError::Store(Box::new(error))
    }
}

/// Takes `steps` for the experiment in `store`, drawing the charts as
/// `plot` asks into `plots_dir`, where the outputs go too; reports to
/// `observer` as it goes and returns what it wrote and skipped. The
/// comparison step needs a store opened to write. See the module's error
/// policy.
pub fn finish(
    store: &mut Store,
    plots_dir: &Path,
    steps: Steps,
    plot: &plot::Options,
    observer: &dyn FinishObserver,
) -> Result<Finished, FinishError> {
    observer.begin();
    if steps.comparison && !store.is_writable() {
        return Err(StoreError::ReadOnly(store.path().to_owned()).into());
    }
    let data_dir = store.path().to_owned();
    let mut finished = Finished::default();
    let check = |step| {
        if observer.stop_requested() {
            Err(FinishError::Stopped {
                step,
                data_dir: data_dir.clone(),
            })
        } else {
            Ok(())
        }
    };
    let draw = match steps.charts {
        Charts::Draw => true,
        Charts::IfMissing => {
            !has_charts(plots_dir) || !plots_dir.join(outputs::report_html::FILE).is_file()
        }
        Charts::Skip => false,
    };
    if steps.comparison && !store.runs()?.is_empty() {
        check(Step::Comparing)?;
        observer.step(Step::Comparing);
        let comparison =
            compare::compare(store.runs()?, &compare::Options::default()).map_err(|source| {
                FinishError::Compare {
                    dir: data_dir.clone(),
                    source,
                }
            })?;
        finished.comparison_files = store
            .write_comparison(&comparison)
            .map_err(|source| FinishError::WriteComparison {
                dir: data_dir.clone(),
                source: Box::new(source),
            })?
            .to_vec();
        finished.comparison = Some(comparison);
    }
    if draw {
        check(Step::Reading)?;
        observer.step(Step::Reading);
        let data = ExperimentData::from_store(store)?;
        check(Step::Drawing)?;
        observer.step(Step::Drawing);
        let drawn = draw_charts(&data, &data_dir, plots_dir, plot, &finished, observer)?;
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
    for name in steps.outputs.iter() {
        check(Step::Reporting)?;
        observer.step(Step::Reporting);
        let output =
            outputs::find(name).ok_or_else(|| FinishError::UnknownOutput((*name).into()))?;
        let written = output
            .write(store, plots_dir)
            .map_err(|source| FinishError::Output {
                what: output.what(),
                redo: Box::new(output.redo(&data_dir, plots_dir)),
                data_dir: data_dir.clone(),
                plots_dir: plots_dir.to_owned(),
                source: Box::new(source),
            })?;
        finished.outputs.push((output.name(), written));
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
    plot::render(data, plots_dir, options, comparison, &stop).map_err(|source| match source {
        PlotError::Stopped => FinishError::Stopped {
            step: Step::Drawing,
            data_dir: data_dir.to_owned(),
        },
        source => FinishError::Plot {
            data_dir: data_dir.to_owned(),
            plots_dir: plots_dir.to_owned(),
            source: Box::new(source),
        },
    })
}

/// Whether `plots_dir` holds an SVG chart.
fn has_charts(plots_dir: &Path) -> bool {
    std::fs::read_dir(plots_dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "svg"))
    })
}
