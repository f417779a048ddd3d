//! Charts drawn from an experiment's CSV files alone (`plot` never runs a
//! solver): scaling, success rate, ERT, ECDFs of steps and of time, and
//! convergence traces, each written as SVG, PNG and PDF with an embedded font.
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
mod pdf;
mod ranking;
mod raster;
mod scaling;
mod series;
mod success;

use std::path::{Path, PathBuf};

use crate::analysis::compare::{Options as CompareOptions, compare};
use data::ExperimentData;
use ecdf::Measure;
use style::Styles;

pub use error::{DrawError, PdfError, PlotError};
pub use options::{Options, Style};

/// What a rendering produced.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The files written, SVG, PNG then PDF for each chart.
    pub files: Vec<PathBuf>,
    /// Remarks for the user: charts skipped and why, lines dropped.
    pub notes: Vec<String>,
}

/// Draws every chart of the experiment whose CSV files are in `data_dir`
/// into `plots_dir` (created if needed), as SVG, PNG and PDF, drawn as
/// `options` ask; returns the files written and notes on what was skipped.
pub fn render(data_dir: &Path, plots_dir: &Path, options: &Options) -> Result<Report, PlotError> {
    style::register_fonts()?;
    let data = ExperimentData::load(data_dir)?;
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
    let charts = [
        ("scaling", scaling::figure(&data, &styles, options)),
        ("success", success::figure(&data, &styles, options)),
        ("ERT", ert::figure(&data, &styles, options)),
        (
            "ECDF of steps",
            ecdf::figure(&data, &styles, Measure::Steps, options),
        ),
        (
            "ECDF of time",
            ecdf::figure(&data, &styles, Measure::Seconds, options),
        ),
        ("convergence", convergence::figure(&data, &styles, options)),
    ];
    let comparison = compare(
        &data.runs,
        &CompareOptions {
            measure: options.measure,
            ..CompareOptions::default()
        },
    )
    .map_err(|e| e.to_string());
    let charts = charts.into_iter().chain([
        (
            "comparison",
            comparison.as_ref().map_err(Clone::clone).and_then(|c| {
                let sizes = series::chosen_sizes(c.ranking.iter().map(|r| (r.label.as_str(), r.n)));
                pairwise::figure(c, &styles, &sizes, &data.name, options.measure.name())
            }),
        ),
        (
            "ranking",
            comparison
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|c| ranking::figure(c, &styles, &data.name, options.measure.name())),
        ),
    ]);
    for (kind, chart) in charts {
        match chart {
            Ok(figure) => report.files.extend(output::write(&figure, plots_dir)?),
            Err(reason) => report.notes.push(format!("no {kind} chart: {reason}")),
        }
    }
    Ok(report)
}
