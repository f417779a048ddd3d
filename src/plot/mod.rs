//! Charts drawn from an experiment's CSV files alone (`plot` never runs a
//! solver): scaling, success rate, ERT, the ECDF in the chosen measure
//! (`ecdf-checks` by default) and of wall time (`ecdf-seconds`),
//! convergence traces, the pairwise A12 heat map (`compare`, from the
//! comparison [`crate::analysis::compare`] computes over runs.csv) and the
//! ranking, and for each swept parameter its `param-<key>` chart (param.rs,
//! cocopp's ppfigparam; none without a sweep). The ECDF, convergence and
//! heat-map charts are drawn at the sizes sizes.rs chooses (`--n`, or a default the subtitle states). Each
//! chart is written as SVG, PNG and PDF with an embedded font (screen
//! style), or for a paper as SVG and PDF of their printed size, 3.5 or 7
//! inches wide, with no title, into the `paper/` subdirectory.
//!
//! One file per chart kind builds a `Figure` (figure.rs) from the data; the
//! figure, its panels and axes draw it with plotters; output.rs writes it.
//! Nothing here prints: [`render`] returns the files written and the notes
//! for the user (charts skipped and why), and fails with a [`PlotError`]
//! naming the file and the reason.

mod axis;
pub mod data;
mod error;
pub mod options;
pub mod style;

mod convergence;
mod ecdf;
mod ert;
mod figure;
mod fit;
mod output;
mod pairwise;
mod panel;
mod param;
mod pdf;
mod ranking;
mod raster;
mod scaling;
mod series;
mod sizes;
mod success;

use std::path::{Path, PathBuf};

use crate::analysis::compare::{Options as CompareOptions, compare};
use crate::records::Measure;
use data::ExperimentData;
use style::Styles;

pub use error::{DrawError, PdfError, PlotError};
pub use options::{Options, Style};

/// What a rendering produced.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The files written, SVG, PNG (screen style) then PDF for each chart.
    pub files: Vec<PathBuf>,
    /// Remarks for the user: charts skipped and why, lines dropped.
    pub notes: Vec<String>,
}

/// Draws every chart of the experiment whose CSV files are in `data_dir`
/// into `plots_dir` (created if needed), as SVG, PNG and PDF, or in the
/// paper style as SVG and PDF into `plots_dir/paper`, drawn as `options`
/// ask; returns the files written and notes on what was skipped.
pub fn render(data_dir: &Path, plots_dir: &Path, options: &Options) -> Result<Report, PlotError> {
    style::register_fonts()?;
    let paper_dir;
    let plots_dir = match options.style {
        Style::Screen => plots_dir,
        Style::Paper => {
            paper_dir = plots_dir.join("paper");
            &paper_dir
        }
    };
    let data = ExperimentData::load(data_dir)?;
    let chosen = sizes::choose(
        &data.runs,
        options.sizes.as_deref(),
        &data_dir.join("runs.csv"),
    )?;
    let styles = Styles::for_labels(data.labels());
    std::fs::create_dir_all(plots_dir).map_err(|source| PlotError::CreateDir {
        path: plots_dir.to_owned(),
        source,
    })?;
    let mut report = Report {
        files: Vec::new(),
        notes: data.notes.clone(),
    };
    report
        .notes
        .extend(series::measure_notes(&data, options.measure));
    let mut notes = Vec::new();
    let charts = [
        (
            "scaling".to_owned(),
            scaling::figure(&data, &styles, options),
        ),
        (
            "success".to_owned(),
            success::figure(&data, &styles, options),
        ),
        ("ERT".to_owned(), ert::figure(&data, &styles, options)),
        (
            format!("ECDF of {}", options.measure.name()),
            ecdf::figure(&data, &styles, options.measure, &chosen, &mut notes),
        ),
    ];
    let time = (options.measure != Measure::Seconds).then(|| {
        (
            "ECDF of seconds".to_owned(),
            ecdf::figure(&data, &styles, Measure::Seconds, &chosen, &mut notes),
        )
    });
    let convergence = (
        "convergence".to_owned(),
        convergence::figure(&data, &styles, options, &chosen, &mut notes),
    );
    report.notes.append(&mut notes);
    let comparison = compare(
        &data.runs,
        &CompareOptions {
            measure: options.measure,
            ..CompareOptions::default()
        },
    )
    .map_err(|e| e.to_string());
    let comparisons = [
        (
            "comparison".to_owned(),
            comparison.as_ref().map_err(Clone::clone).and_then(|c| {
                pairwise::figure(c, &styles, &chosen, &data.name, options.measure.name())
            }),
        ),
        (
            "ranking".to_owned(),
            comparison
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|c| ranking::figure(c, &styles, &data.name, options.measure.name())),
        ),
    ];
    let all = charts
        .into_iter()
        .chain(time)
        .chain([convergence])
        .chain(comparisons)
        .chain(param::figures(&data, options, &chosen));
    for (kind, chart) in all {
        match chart {
            Ok(figure) => report
                .files
                .extend(output::write(&figure, plots_dir, options.style)?),
            Err(reason) => report.notes.push(format!("no {kind} chart: {reason}")),
        }
    }
    Ok(report)
}
