//! The critical-difference chart (Demšar 2006): each label's mean rank
//! across the board sizes, each size ranked by ERT in the chosen measure
//! ([`crate::analysis::across_sizes`]), on one axis of mean rank; a row
//! per label, best at the top, its marker at its mean rank with a thin line
//! hanging from it to the bars below; a bar the length of the Nemenyi
//! critical difference; and a grey bar per group of labels no pair of
//! which the test separates, spanning their mean ranks. The rows name the
//! labels, so there is no legend. A hollow marker
//! means what it means in every chart: some of the label's trials at the
//! ranked sizes failed. Skipped with a typed reason below two labels or
//! [`MIN_DIAGRAM_SIZES`] sizes.
//!
//! The critical difference is a drawing, not the verdict: the post-hoc
//! verdicts are the pairwise Wilcoxon signed-rank tests with Holm's
//! correction in the report's ranking table (Benavoli, Corani & Mangili
//! 2016 argue against the mean-ranks test), and the sizes are not
//! independent samples, which the chart's note says.

use crate::analysis::across_sizes::{AcrossSizes, MIN_DIAGRAM_SIZES, across_sizes};
use crate::analysis::compare::DEFAULT_ALPHA;
use crate::base::records::SummaryRow;

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Mark, Panel};
use super::skip::Skip;
use super::style::{Dash, MUTED, Marker, SeriesStyle};

/// The critical-difference chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("critical-difference"),
    name: "critical-difference",
    caption: "Mean rank of each algorithm across board sizes (each size ranked by ERT; 1 = best) with the Nemenyi critical difference (CD), drawn only from 5 sizes up: a grey bar joins algorithms no pair of which the CD separates; the verdicts are the pairwise Wilcoxon signed-rank tests with Holm's correction in the ranking table, and neighbouring sizes are not independent samples. The Friedman statistic, its permutation p-value, Iman–Davenport's F and the CD are in the subtitle. A hollow marker means some trials failed, as in every chart.",
    alt: "Critical-difference diagram: each algorithm's mean rank across board sizes on one axis, with bars joining the algorithms not significantly different.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The style of the critical difference's and the groups' bars.
const BAR: SeriesStyle = SeriesStyle {
    colour: MUTED,
    marker: Marker::Circle,
    dash: Dash::Solid,
};

/// The critical-difference figure, or why there is none.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, styles, measure) = (inputs.data, inputs.styles, inputs.measure);
    let ranked = across_sizes(&data.summary, measure, DEFAULT_ALPHA).map_err(Skip::NoRanking)?;
    if !ranked.diagram_allowed() {
        return Err(Skip::TooFewSizesForDiagram {
            sizes: ranked.sizes.len(),
            min: MIN_DIAGRAM_SIZES,
        });
    }
    if let Some(note) = left_out_note(&ranked) {
        notes.push(note);
    }
    let test = &ranked.test;
    let k = ranked.labels.len();
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&i, &j| test.mean_ranks[i].total_cmp(&test.mean_ranks[j]));
    let groups = test.groups();
    // Rows from the top: the critical difference, the labels best first,
    // then one row per group.
    let rows = 1 + k + groups.len();
    let mut names = vec![format!("CD = {:.2}", test.critical_difference)];
    names.extend(order.iter().map(|&i| ranked.labels[i].clone()));
    names.extend((1..=groups.len()).map(|g| format!("group {g}")));
    let mut x = Axis::padded(
        &format!("mean rank by ERT in {}", measure.name()),
        Scale::Linear,
        [1.0, k as f64],
    )
    .ok_or(Skip::NothingToPlace)?;
    x.ticks = Some((1..=k).map(|r| r as f64).collect());
    let mut y = Axis::padded("", Scale::Linear, [1.0, rows as f64]).ok_or(Skip::NothingToPlace)?;
    (y.lo, y.hi) = (rows as f64 + 0.5, 0.5);
    y.ticks = Some((1..=rows).map(|r| r as f64).collect());
    y.names = names;
    let mut layers = vec![Layer::Span {
        style: BAR,
        y: 1.0,
        from: 1.0,
        to: 1.0 + test.critical_difference,
    }];
    for (g, group) in groups.iter().enumerate() {
        let ranks = group.iter().map(|&i| test.mean_ranks[i]);
        let (from, to) = ranks.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| {
            (lo.min(r), hi.max(r))
        });
        layers.push(Layer::Span {
            style: BAR,
            y: (2 + k + g) as f64,
            from,
            to,
        });
    }
    for (row, &i) in order.iter().enumerate() {
        let Some(style) = styles.of(&ranked.labels[i]) else {
            continue;
        };
        let (rank, row) = (test.mean_ranks[i], (row + 2) as f64);
        layers.push(Layer::Line {
            style,
            points: vec![(rank, row), (rank, rows as f64 + 0.5)],
            width: 1,
            opacity: 0.5,
            markers: false,
        });
        layers.push(Layer::Marks {
            style,
            marks: vec![Mark {
                x: rank,
                y: row,
                hollow: some_failed(&data.summary, &ranked, i),
                text: Some(format!("{rank:.2}")),
                first: true,
            }],
        });
    }
    Ok(Figure {
        stem: "critical-difference".to_owned(),
        title: format!(
            "{}: mean rank across sizes by ERT in {}",
            data.name,
            measure.name()
        ),
        subtitle: format!(
            "{} sizes ranked (neighbouring sizes are not independent samples); Friedman χ² = {:.2}, {} ({}); Iman–Davenport F = {}, {}; Nemenyi CD = {:.2} at α = {}, drawn only: grey bars join labels it does not separate, the verdicts are the pairwise Wilcoxon tests (Holm) in the report; hollow: some trials failed",
            ranked.sizes.len(),
            test.chi_square,
            p_text(test.p_value),
            test.p_method.describe(),
            f_text(test.iman_davenport),
            p_text(test.iman_davenport_p),
            test.critical_difference,
            test.alpha
        ),
        // The rows name the labels: a legend would repeat them.
        legend: Vec::new(),
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

/// Whether some trial of the `i`-th label failed at a ranked size.
fn some_failed(summary: &[SummaryRow], ranked: &AcrossSizes, i: usize) -> bool {
    summary.iter().any(|r| {
        r.label == ranked.labels[i] && ranked.sizes.contains(&r.n) && r.successes < r.trials
    })
}

/// An F statistic as the subtitle writes it (∞ when every size agrees).
pub(crate) fn f_text(f: f64) -> String {
    if f.is_infinite() {
        "∞".to_owned()
    } else {
        format!("{f:.2}")
    }
}

/// A p-value as the subtitle writes it.
fn p_text(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".to_owned()
    } else {
        format!("p = {p:.3}")
    }
}

/// The note on the sizes the ranking leaves out, if any.
fn left_out_note(ranked: &AcrossSizes) -> Option<String> {
    let list = |sizes: &[u64]| {
        sizes
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !ranked.unsolved.is_empty() {
        parts.push(format!(
            "N = {} (no label solved there)",
            list(&ranked.unsolved)
        ));
    }
    if !ranked.incomplete.is_empty() {
        parts.push(format!(
            "N = {} (some label has no trials there)",
            list(&ranked.incomplete)
        ));
    }
    (!parts.is_empty()).then(|| {
        format!(
            "critical-difference chart: ranked over {} sizes, leaving out {}",
            ranked.sizes.len(),
            parts.join(" and ")
        )
    })
}
