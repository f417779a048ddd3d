//! Charts drawn from an experiment's CSV files alone (`plot` never runs a
//! solver): scaling, scaling per N with growth exponents (`scaling-per-n`,
//! skipped with one size), every trial's cost per size and label
//! (`trials`, skipped with one size), success rate, ERT, the ECDF in the chosen measure
//! (`ecdf-checks` by default) and of wall time (`ecdf-seconds`),
//! convergence traces, the pairwise A12 heat map (`compare`, from the
//! comparison [`crate::analysis::compare`] computes over runs.csv, its A12
//! scale drawn as a colour bar by `colour_bar.rs`), the
//! ranking, the critical-difference diagram across sizes
//! (`critical-difference`, [`crate::analysis::across_sizes`]), the views
//! of the traces cocopp and IOHanalyzer draw
//! (`fixed-target`: ERT to each target of attacking pairs; `fixed-budget`:
//! quantiles of the attacking pairs left within a budget; `runtime-ecdf`:
//! the share of (trial, target) pairs reached against checks, with its
//! area; statistics in [`crate::analysis::targets`]), and for each swept
//! parameter its `param-<key>` chart (param.rs, cocopp's ppfigparam; none
//! without a sweep). The ECDF, convergence and
//! heat-map charts are drawn at the sizes sizes.rs chooses (`--n`, or a default the subtitle states);
//! the heat map is skipped, with a note pointing at compare.csv, above
//! `pairwise::MAX_LABELS` labels. Each
//! chart is written as SVG (screen style; PNG and PDF with an embedded
//! font too when [`Options::print`] asks: the print formats are made on
//! demand, not shipped), or for a paper as SVG and PDF of their printed
//! size, 3.5 or 7 inches wide, with no title, into the `paper/`
//! subdirectory. The
//! screen SVG is tagged for the report's script (explore.rs): each
//! element drawn for a label carries its legend index, and each point a
//! reader may hover an invisible hit target with its tooltip; the paper
//! SVG is not tagged.
//!
//! One file per chart kind declares its [`registry::ChartKind`] (file stem,
//! caption, what it needs, build function) and builds a `Figure`
//! (figure.rs) from the data; [`registry::CHARTS`] lists the kinds, one line
//! each, so adding a chart kind is one file plus one line. The figure, its
//! panels and axes draw it with plotters; output.rs writes it. Nothing here
//! prints: [`render`] returns the files written, the charts skipped with a
//! typed reason ([`Skipped`]) and notes for the user, and fails with a
//! [`PlotError`] naming the file and the reason when a file cannot be
//! written; a chart the drawing library or the PDF converter fails on is
//! skipped ([`Skip::Failed`]) and the others are drawn. A chart skipped for
//! its data (too few sizes, no traces) removes the files an earlier drawing
//! left, since the report shows every chart of the directory. The comparison the heat
//! map and the ranking draw is computed by the caller (the finishing
//! pipeline, [`crate::finish`]), once.

mod axis;
mod collide;
mod colour_bar;
pub mod data;
mod error;
mod explore;
pub mod options;
pub mod registry;
mod skip;
pub mod style;

mod convergence;
mod critical_difference;
mod ecdf;
mod ert;
mod figure;
mod fit;
mod fixed_budget;
mod fixed_target;
mod kind;
mod output;
mod pairwise;
mod panel;
mod param;
#[cfg(feature = "print")]
mod pdf;
mod phase;
mod phrases;
#[cfg(feature = "print")]
mod print;
mod ranking;
#[cfg(feature = "print")]
mod raster;
mod runtime_ecdf;
mod scaling;
mod scaling_per_n;
mod series;
#[cfg(test)]
mod shipped;
mod sizes;
mod success;
mod trials;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::analysis::compare::{CompareError, Comparison};
use data::ExperimentData;
use kind::{Build, Inputs};
use registry::CHARTS;
use style::Styles;

#[cfg(feature = "print")]
pub use error::PdfError;
pub use error::{DrawError, PlotError};

/// Whether this build writes the print formats, PNG and PDF (the `print`
/// feature: `cargo install --path . --features print`). Without them a
/// chart is SVG alone, [`Options::print`] is refused
/// ([`PlotError::PrintFormatsNotBuilt`]) and the paper style writes its
/// SVG with a note.
pub const PRINT_FORMATS: bool = cfg!(feature = "print");
pub use options::{Options, Style};
pub use skip::{Skip, Skipped};

/// What a rendering produced.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The files written for each chart: SVG, then PNG (screen style) and
    /// PDF when asked for ([`Options::print`]; PDF always in the paper
    /// style).
    pub files: Vec<PathBuf>,
    /// The charts not drawn, and why.
    pub skipped: Vec<Skipped>,
    /// Remarks for the user: labels left out of a chart.
    pub notes: Vec<String>,
}

/// Draws every chart kind of [`CHARTS`] for the experiment `data` into
/// `plots_dir` (created if needed), as SVG (with PNG and PDF when
/// `options.print` asks), or in the paper style as SVG and PDF into
/// `plots_dir/paper`, drawn as
/// `options` ask. `comparison` is the comparison of every pair in
/// `options.measure` (or why there is none), drawn by the kinds that need
/// it. Returns the files written, the charts skipped and why, and notes;
/// [`PlotError::Stopped`] when `stop` says so before a chart (the charts
/// written before it are whole).
pub fn render(
    data: &ExperimentData,
    plots_dir: &Path,
    options: &Options,
    comparison: Result<&Comparison, &Arc<CompareError>>,
    stop: &dyn Fn() -> bool,
) -> Result<Report, PlotError> {
    if options.print && !PRINT_FORMATS {
        return Err(PlotError::PrintFormatsNotBuilt);
    }
    style::register_fonts()?;
    let paper_dir;
    let plots_dir = match options.style {
        Style::Screen => plots_dir,
        Style::Paper => {
            paper_dir = plots_dir.join("paper");
            &paper_dir
        }
    };
    let chosen = sizes::choose(&data.runs, options.sizes.as_deref(), &data.source)?;
    let styles = Styles::for_labels(data.labels()).in_order(&data.label_order);
    std::fs::create_dir_all(plots_dir).map_err(|source| PlotError::CreateDir {
        path: plots_dir.to_owned(),
        source,
    })?;
    let mut report = Report::default();
    if options.style == Style::Paper && !PRINT_FORMATS {
        report.notes.push(PAPER_WITHOUT_PDF.to_string());
    }
    report
        .notes
        .extend(series::measure_notes(data, options.measure));
    for kind in CHARTS {
        if stop() {
            return Err(PlotError::Stopped);
        }
        let Some(measure) = kind.measure(options.measure) else {
            continue;
        };
        let skipped = |reason| Skipped {
            chart: kind.name_in(measure),
            reason,
        };
        let before = if kind.needs.traces && data.traces.is_none() {
            Some(Skip::NoTracesFile)
        } else if kind.needs.comparison {
            comparison.err().map(|e| Skip::Comparison(Arc::clone(e)))
        } else {
            None
        };
        if let Some(reason) = before {
            if matches!(kind.build, Build::One(_)) {
                remove_stale(plots_dir, &kind.name_in(measure))?;
            }
            report.skipped.push(skipped(reason));
            continue;
        }
        let inputs = Inputs {
            data,
            styles: &styles,
            options,
            measure,
            chosen: &chosen,
            comparison: comparison.ok(),
        };
        let drawn: Vec<Result<_, Skipped>> = match kind.build {
            Build::One(build) => vec![build(&inputs, &mut report.notes).map_err(skipped)],
            Build::PerKey(build) => build(&inputs, &mut report.notes)
                .into_iter()
                .map(|(key, figure)| {
                    figure.map_err(|reason| Skipped {
                        chart: format!("{} {key}", kind.name_in(measure)),
                        reason,
                    })
                })
                .collect(),
        };
        if matches!(kind.build, Build::One(_)) && drawn.iter().all(Result::is_err) {
            remove_stale(plots_dir, &kind.name_in(measure))?;
        }
        for chart in drawn {
            if stop() {
                return Err(PlotError::Stopped);
            }
            match chart
                .map(|figure| output::write(&figure, plots_dir, options.style, options.print))
            {
                Ok(Ok(files)) => report.files.extend(files),
                // One chart the drawing library or the PDF converter cannot
                // handle costs that chart alone; a file that cannot be
                // written stops the drawing (every chart would fail).
                Ok(Err(error)) if error.costs_one_chart() => report.skipped.push(Skipped {
                    chart: kind.name_in(measure),
                    reason: Skip::Failed {
                        reason: error_chain(&error),
                    },
                }),
                Ok(Err(error)) => return Err(error),
                Err(skipped) => report.skipped.push(skipped),
            }
        }
    }
    Ok(report)
}

/// The note of a paper-style drawing by a build without the print formats.
const PAPER_WITHOUT_PDF: &str = "the paper style wrote SVG only: this build of queens has no PDF output; \
     build it with `cargo install --path . --features print` (or run `cargo run --release \
     --features print -- plot …`) for the PDFs a LaTeX document includes";

/// Removes the files that chart `stem` left in `plots_dir` from an earlier
/// drawing when it is skipped now (fewer sizes, no traces, …): the report
/// shows every chart of the directory and must never show a stale one.
fn remove_stale(plots_dir: &Path, stem: &str) -> Result<(), PlotError> {
    for extension in ["svg", "png", "pdf"] {
        output::remove_if_present(&plots_dir.join(format!("{stem}.{extension}")))?;
    }
    Ok(())
}

/// `error` and its causes, joined by ": ".
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}
