//! The ranking chart: each label's place at each board size by its ERT in
//! the chosen measure (1 = best; failures count), as `queens compare`
//! ranks them: the one meaning of best, which the findings and the
//! headline share. A hollow marker means
//! what it means in every chart: some of the cell's trials failed. A label
//! whose test against the best (Holm-corrected Mann–Whitney at the default
//! alpha) could have found a difference and found none is marked "≈1" (tied
//! with place 1); one the best is significantly cheaper than, or untestable
//! against it (too few trials for any p below alpha), is not. Not drawn
//! when more than half the labels have exactly one trial at each size:
//! most places would be one run's exact cost, which the scaling chart
//! draws, and the critical-difference chart ranks such labels across the
//! sizes.

use std::collections::BTreeMap;

use crate::base::records::RankingRow;

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Mark, Panel};
use super::series::{legend, size_axis, summary_by_label};
use super::skip::Skip;
use super::success::single_trial_labels;

/// The ranking chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("ranking"),
    name: "ranking",
    caption: "Ranking by ERT at each board size (1 = lowest ERT, failures counted): a hollow marker means some trials failed, as in every chart; ≈1 marks a label with no detectable difference from the best in a test that could have shown one.",
    alt: "Line chart of each algorithm's place against the board size N.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: true,
    },
    build: Build::One(figure),
};

/// The ranking figure of the comparison, or why there is none.
fn figure(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let single = single_trial_labels(&inputs.data.summary).len();
    let labels = summary_by_label(&inputs.data.summary).len();
    if 2 * single > labels {
        return Err(Skip::SingleTrials {
            single,
            labels,
            instead: "a place at each size would mostly be one run's exact cost, which the scaling chart draws; the critical-difference chart ranks the labels across the sizes",
        });
    }
    let comparison = inputs.comparison()?;
    let (styles, experiment, measure) = (inputs.styles, &inputs.data.name, inputs.measure.name());
    let mut by_label: BTreeMap<&str, Vec<&RankingRow>> = BTreeMap::new();
    for row in &comparison.ranking {
        by_label.entry(row.label.as_str()).or_default().push(row);
    }
    if by_label.len() < 2 {
        return Err(Skip::FewerThanTwoLabels);
    }
    let x = size_axis(comparison.ranking.iter().map(|r| r.n)).ok_or(Skip::NoSizes)?;
    let places = comparison.ranking.iter().map(|r| r.rank).max().unwrap_or(1);
    // Place 1 at the top: the axis runs from the last place down to the first.
    let mut y = Axis::fit(
        "place by ERT (1 = best)",
        Scale::Linear,
        [1.0, places as f64],
    )
    .ok_or(Skip::NothingToPlace)?;
    (y.lo, y.hi) = (places as f64 + 0.4, 0.6);
    y.ticks = Some((1..=places).map(|p| p as f64).collect());
    let mut layers = Vec::new();
    for (label, rows) in &by_label {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let points: Vec<(f64, f64)> = rows.iter().map(|r| (r.n as f64, r.rank as f64)).collect();
        layers.push(Layer::Line {
            style,
            points,
            width: 2,
            opacity: 1.0,
            markers: false,
        });
        layers.push(Layer::Marks {
            style,
            marks: rows
                .iter()
                .map(|r| Mark {
                    x: r.n as f64,
                    y: r.rank as f64,
                    hollow: r.successes < r.trials,
                    text: (r.indistinguishable_from_best && r.rank > 1).then(|| "≈1".to_owned()),
                    first: false,
                })
                .collect(),
        });
    }
    Ok(Figure {
        stem: "ranking".to_owned(),
        title: format!("{experiment}: ranking by {measure}"),
        subtitle: "hollow: some trials failed; ≈1: no detectable difference from the best (Holm, alpha 0.05)".to_owned(),
        legend: legend(styles, by_label.keys().copied()),
        panels: vec![Panel {
            caption: String::new(),
            x,
            y,
            layers,
            note: None,
        }],
        shared_y: true,
        colour_bar: None,
    })
}
