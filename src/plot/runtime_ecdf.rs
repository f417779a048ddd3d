//! The aggregated runtime ECDF (COCO's main view): for each label, the share
//! of its (trial, target) pairs reached within x checks (log x), over the
//! targets of every size ([`crate::analysis::targets::targets_for`]) and
//! the sizes every traced label shares (or those asked for with `--n`),
//! in one panel. Each label's curve ends at its budget, the most checks any
//! of its trials there spent, marked ×; beyond it a thin line carries its
//! last share to the right edge. The legend gives each label's area under
//! its ECDF ([`crate::analysis::targets::ecdf_area`]): the mean over its
//! pairs of the share of the log-checks range from 1 check to the largest
//! budget drawn that is left once the pair is reached (0 for a pair never
//! reached), so 1 means every pair reached at once. Counted in checks
//! whatever `--measure` says (see [`super::fixed_target`]).

use crate::analysis::targets::{RuntimeEcdf, ecdf_area, pooled_ecdfs, shared_sizes};

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::fixed_target::{Traced, traced_cells};
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Mark, Panel};
use super::phrases::sizes_text;
use super::series::legend;
use super::skip::Skip;
use super::style::Marker;

/// The runtime ECDF's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("runtime-ecdf"),
    name: "runtime ECDF",
    caption: "Runtime ECDF over targets and sizes (COCO's aggregated view): the share of (trial, target) pairs in which the trial brought the attacking pairs down to the target within a number of checks, pooled over the targets of the fixed-target view and the sizes every traced label shares; ×: each label's budget, the most checks any of its trials spent. The legend's area is the normalised area under each curve on the log-checks axis from 1 check to the largest budget: the mean over pairs of (log B − log h)/log B for a pair reached at h checks, 0 for one never reached (1: every pair reached at once).",
    alt: "Step curves of the share of (trial, target) pairs reached within a number of checks, per algorithm, with each algorithm's budget marked by a cross.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: true,
        comparison: false,
    },
    build: Build::One(figure),
};

/// A curve keeps at most this many steps; longer ones are thinned to evenly
/// spaced pairs.
const MAX_STEPS: usize = 1000;

/// The runtime ECDF figure, or why there is none.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let traced = traced_cells(inputs, "runtime ECDF", notes)?;
    let sizes = pooled_sizes(inputs, &traced, notes)?;
    let labels = pooled_ecdfs(&traced.cells, &traced.targets, &sizes);
    let Some(end) = labels.iter().map(|(_, e)| e.budget).reduce(f64::max) else {
        return Err(Skip::NoTraceSample { sizes });
    };
    let mut x = Axis::fit(
        "checks",
        Scale::Log,
        labels
            .iter()
            .flat_map(|(_, e)| e.hits.iter().copied().chain([e.budget])),
    )
    .ok_or(Skip::NothingToPlace)?;
    x.label = "checks (log scale)".to_owned();
    let layers = curves(inputs, &labels, x.value(x.lo), x.value(x.hi));
    let pairs = labels.iter().map(|(_, e)| e.pairs).max().unwrap_or(0);
    Ok(Figure {
        stem: "runtime-ecdf".to_owned(),
        title: format!("{}: targets reached against checks", inputs.data.name),
        subtitle: format!(
            "{} pooled, up to {pairs} (trial, target) pairs a label; ×: its budget; area: normalised area under the curve on the log axis from 1 check to the largest budget",
            sizes_text(&sizes)
        ),
        legend: legend_with_areas(inputs, &labels, end),
        panels: vec![Panel {
            caption: String::new(),
            x,
            y: Axis::fraction("(trial, target) pairs reached (%)"),
            layers,
            note: None,
        }],
        shared_y: true,
        colour_bar: None,
    })
}

/// The sizes the ECDF pools: those asked for with `--n` that have traces,
/// else the sizes every traced label shares (noting those left out).
fn pooled_sizes(
    inputs: &Inputs<'_>,
    traced: &Traced,
    notes: &mut Vec<String>,
) -> Result<Vec<u64>, Skip> {
    let have = traced.sizes();
    let sizes: Vec<u64> = if inputs.chosen.requested {
        let sizes: Vec<u64> = inputs
            .chosen
            .sizes
            .iter()
            .copied()
            .filter(|n| have.contains(n))
            .collect();
        if sizes.is_empty() {
            return Err(Skip::NoTraceAt {
                sizes: inputs.chosen.sizes.clone(),
            });
        }
        sizes
    } else {
        shared_sizes(&traced.cells)
    };
    let left_out: Vec<u64> = have
        .iter()
        .copied()
        .filter(|n| !sizes.contains(n))
        .collect();
    if sizes.is_empty() {
        return Err(Skip::NoTraceAt { sizes: left_out });
    }
    if !left_out.is_empty() && !inputs.chosen.requested {
        notes.push(format!(
            "the runtime ECDF pools {}, the sizes every traced label has; it leaves out {}",
            sizes_text(&sizes),
            sizes_text(&left_out)
        ));
    }
    Ok(sizes)
}

/// Each label's staircase from `left` and its flat tail to `right` past its
/// budget, then a cross at every budget (drawn over the curves).
fn curves(
    inputs: &Inputs<'_>,
    labels: &[(String, RuntimeEcdf)],
    left: f64,
    right: f64,
) -> Vec<Layer> {
    let mut curves = Vec::new();
    let mut ends = Vec::new();
    for (label, ecdf) in labels {
        let Some(style) = inputs.styles.of(label) else {
            continue;
        };
        let points = staircase(ecdf, left);
        let last = ecdf.share_at(ecdf.budget);
        curves.push(Layer::Line {
            style,
            points: vec![(ecdf.budget, last), (right, last)],
            width: 1,
            opacity: 0.35,
            markers: false,
        });
        curves.push(Layer::Line {
            style,
            points,
            width: 2,
            opacity: 1.0,
            markers: false,
        });
        ends.push(Layer::Marks {
            style: super::style::SeriesStyle {
                marker: Marker::Cross,
                ..style
            },
            marks: vec![Mark {
                x: ecdf.budget,
                y: last,
                hollow: false,
                text: None,
                first: false,
            }],
        });
    }
    curves.extend(ends);
    curves
}

/// The legend, each label with its area under the ECDF up to `end` checks.
fn legend_with_areas(
    inputs: &Inputs<'_>,
    labels: &[(String, RuntimeEcdf)],
    end: f64,
) -> Vec<(String, super::style::SeriesStyle)> {
    let areas: Vec<(&str, Option<f64>)> = labels
        .iter()
        .map(|(label, ecdf)| (label.as_str(), ecdf_area(ecdf, end)))
        .collect();
    legend(inputs.styles, labels.iter().map(|(l, _)| l.as_str()))
        .into_iter()
        .map(|(label, style)| {
            let area = areas
                .iter()
                .find(|(l, _)| *l == label)
                .and_then(|(_, a)| *a);
            let shown = match area {
                Some(area) => format!("{label} (area {area:.2})"),
                None => label,
            };
            (shown, style)
        })
        .collect()
}

/// The ECDF as a staircase from `left` to its budget, thinned to at most
/// [`MAX_STEPS`] steps.
fn staircase(ecdf: &RuntimeEcdf, left: f64) -> Vec<(f64, f64)> {
    let count = ecdf.hits.len();
    let kept: Vec<usize> = if count <= MAX_STEPS {
        (0..count).collect()
    } else {
        let mut picks: Vec<usize> = (0..MAX_STEPS)
            .map(|k| k * (count - 1) / (MAX_STEPS - 1))
            .collect();
        picks.dedup();
        picks
    };
    let mut points = vec![(left, 0.0)];
    let mut level = 0.0;
    for i in kept {
        let at = ecdf.hits[i].max(left);
        points.push((at, level));
        level = (i + 1) as f64 / ecdf.pairs as f64;
        points.push((at, level));
    }
    points.push((ecdf.budget.max(left), level));
    points
}
