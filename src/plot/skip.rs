//! Why a chart was not drawn: [`Skip`], a typed reason the data gives (too
//! few labels, no solved trial, no traces), as opposed to a [`PlotError`](super::PlotError),
//! which stops the drawing. A skipped chart becomes a note for the user,
//! "no ERT chart: …", through [`Skipped`].

use std::sync::Arc;

use crate::analysis::across_sizes::NoRanking;
use crate::analysis::compare::CompareError;

use super::phrases::{sizes_text, units_text};

/// Why the data supports no chart of one kind.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Skip {
    /// runs.csv holds no trial.
    #[error("runs.csv has no rows")]
    NoRuns,
    /// summary.csv holds no board size.
    #[error("summary.csv has no sizes")]
    NoSizes,
    /// `--measure steps` where the labels count steps in different units.
    #[error(
        "--measure steps: the labels count steps in different units ({}): steps of different units do not compare; use --measure checks, the unit shared by every algorithm",
        units_text(.units)
    )]
    MixedStepUnits {
        /// Each label with its step unit.
        units: Vec<(String, String)>,
    },
    /// `--measure evaluations` where no label evaluates a whole board.
    #[error(
        "--measure evaluations: no label evaluates a whole board ({}); use --measure checks, the unit shared by every algorithm",
        .labels.join(", ")
    )]
    NothingEvaluates {
        /// The labels, none of which evaluates a whole board.
        labels: Vec<String>,
    },
    /// `--measure evaluations` where no label drawn at the chosen sizes
    /// evaluates a whole board.
    #[error("no label evaluates a whole board at {}: use --measure checks", sizes_text(.sizes))]
    NothingEvaluatesAt {
        /// The sizes drawn.
        sizes: Vec<u64>,
    },
    /// No trial at the chosen sizes was solved.
    #[error("no solved trial at {}", sizes_text(.sizes))]
    NoSolvedTrialAt {
        /// The sizes drawn.
        sizes: Vec<u64>,
    },
    /// No (label, N) cell has a solved trial, so no median to draw.
    #[error("no (label, N) cell has a solved trial")]
    NoSolvedCell,
    /// Every trial is at one board size, so there is no growth to show.
    #[error("every trial is at one board size (N = {n}): this view needs several sizes")]
    OneSize {
        /// The one size.
        n: u64,
    },
    /// No (label, N) cell has a success, so every ERT is infinite.
    #[error("no (label, N) cell has a success, so no ERT")]
    NoSuccess,
    /// The experiment recorded no traces.
    #[error("there is no traces.csv (set `trace = true` in the config to record traces)")]
    NoTracesFile,
    /// traces.csv holds no row.
    #[error("traces.csv has no rows")]
    NoTraceRows,
    /// traces.csv has no trace at the chosen sizes.
    #[error("traces.csv has no trace at {}", sizes_text(.sizes))]
    NoTraceAt {
        /// The sizes drawn.
        sizes: Vec<u64>,
    },
    /// The traces at the chosen sizes have no sample to draw.
    #[error("no trace has a sample at {}", sizes_text(.sizes))]
    NoTraceSample {
        /// The sizes drawn.
        sizes: Vec<u64>,
    },
    /// No chosen size has two labels, so there is no pair to compare.
    #[error("no board size has two labels to compare")]
    NoPairs,
    /// Fewer than two labels, so there is nothing to rank.
    #[error("fewer than two labels to rank")]
    FewerThanTwoLabels,
    /// Too many labels have exactly one trial at each size (deterministic
    /// labels, run once): the chart's intervals or per-size places would
    /// draw single runs as if they were samples; `instead` names the view
    /// of their exact values.
    #[error(
        "{single} of the {labels} labels have exactly one trial at each size (deterministic): {instead}"
    )]
    SingleTrials {
        /// The labels with one trial at each size.
        single: usize,
        /// Every label.
        labels: usize,
        /// Why the chart adds nothing and where the exact values are.
        instead: &'static str,
    },
    /// The labels cannot be ranked across sizes.
    #[error(transparent)]
    NoRanking(NoRanking),
    /// Too few sizes for a critical-difference diagram to separate labels.
    #[error(
        "ranked over {sizes} board size{}, and a critical-difference diagram needs {min}: with so few sizes the critical difference separates almost nothing; the ranking table in the report gives the Friedman test and the pairwise Wilcoxon tests (run more sizes for the diagram)",
        if *.sizes == 1 { "" } else { "s" }
    )]
    TooFewSizesForDiagram {
        /// The sizes ranked.
        sizes: usize,
        /// The fewest the diagram is drawn from.
        min: usize,
    },
    /// No two labels of the measure differ in the swept key alone.
    #[error("no labels of the {measure} measure sweep {key}")]
    NoSweepLabels {
        /// The measure's name.
        measure: &'static str,
        /// The swept key.
        key: String,
    },
    /// The labels sweeping a key have no trials at the sizes drawn.
    #[error("the labels sweeping {key} have no trials at {}", sizes_text(.sizes))]
    NoSweepTrials {
        /// The swept key.
        key: String,
        /// The sizes drawn.
        sizes: Vec<u64>,
    },
    /// The values leave nothing to place on an axis.
    #[error("no value to place")]
    NothingToPlace,
    /// The comparison the chart draws could not be computed.
    #[error(transparent)]
    Comparison(Arc<CompareError>),
    /// More labels than a chart of every pair can show legibly (and than
    /// its SVG and PDF stay small for).
    #[error(
        "{labels} labels, more than the {max} a heat map of every pair shows legibly; every pair's A12 and Holm-corrected p-value are in the data directory's compare.csv, the ranking in ranking.csv"
    )]
    TooManyLabels {
        /// The labels to compare.
        labels: usize,
        /// The most the chart draws.
        max: usize,
    },
    /// The chart was built but could not be drawn or converted (into PNG or
    /// PDF); the other charts and outputs are written all the same.
    #[error("{reason}; the other charts and files are written")]
    Failed {
        /// The error and its causes.
        reason: String,
    },
}

/// A chart not drawn: which one and why.
#[derive(Clone, Debug, thiserror::Error)]
#[error("no {chart} chart: {reason}")]
pub struct Skipped {
    /// The chart as the notes name it: "ERT", "ECDF of checks",
    /// "parameter t0".
    pub chart: String,
    /// Why.
    pub reason: Skip,
}
