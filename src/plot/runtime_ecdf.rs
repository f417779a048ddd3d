//! The aggregated runtime ECDF (COCO's main view): for each label, at a
//! budget x (log x), the mean over its (N, target) pairs of the share of
//! its trials at N that reached the target within x, every (N, target)
//! pair weighing the same whatever the trials there
//! ([`crate::analysis::targets::runtime_ecdf`]), over the fixed targets of
//! every size ([`crate::analysis::targets::targets_for`], or the config's
//! `targets` at every size, which the caption and subtitle then say: the
//! same for every label) and the sizes every traced label shares (or those asked
//! for with `--n`), in one panel. The budget is in checks at one size and
//! in checks / N when sizes are pooled (as COCO divides by the dimension),
//! and the x axis says which. Each label's curve ends at its budget, the
//! most any of its trials there spent, marked ×; beyond it a thin line
//! carries its last share to the right edge. The legend gives each label's
//! area under its ECDF ([`crate::analysis::targets::ecdf_area`]): the
//! weighted mean over its pairs of the share of the log-budget range from
//! 1 to the largest budget drawn that is left once the pair is reached (0
//! for a pair never reached), so 1 means every pair reached at once.
//! Counted in checks whatever `--measure` says (see [`super::fixed_target`]).

use crate::analysis::targets::{RuntimeEcdf, ecdf_area, pooled_ecdfs, shared_sizes};

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::fixed_target::{Traced, configured_targets, traced_cells};
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
    caption: "Runtime ECDF over targets and sizes (COCO's aggregated view): for each label, the mean over its (N, target) pairs, each weighing the same, of the share of its trials at N that brought the attacking pairs down to the target within a budget, pooled over the sizes every traced label shares. The budget is in checks at one size and in checks / N when sizes are pooled. Targets are fixed per N, the same for every label: {targets}. ×: each label's largest budget, the most any of its trials spent. The legend's area is the normalised area under each curve on the log-budget axis from 1 to the largest budget B: the weighted mean over pairs of (log B − log h)/log B for a pair reached at h, 0 for one never reached (1: every pair reached at once).",
    alt: "Step curves of the share of (size, target) pairs reached within a budget of checks, per algorithm, with each algorithm's largest budget marked by a cross.",
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
    let unit = if sizes.len() > 1 {
        "checks / N"
    } else {
        "checks"
    };
    let mut x = Axis::fit(
        unit,
        Scale::Log,
        labels
            .iter()
            .flat_map(|(_, e)| e.hits.iter().map(|h| h.0).chain([e.budget])),
    )
    .ok_or(Skip::NothingToPlace)?;
    x.label = format!("budget: {unit} (log scale)");
    let layers = curves(inputs, &labels, x.value(x.lo), x.value(x.hi));
    let cells = labels.iter().map(|(_, e)| e.cells).max().unwrap_or(0);
    Ok(Figure {
        stem: "runtime-ecdf".to_owned(),
        title: format!("{}: targets reached against {unit}", inputs.data.name),
        subtitle: format!(
            "{} pooled, {cells} (N, target) pairs a label, each weighing the same; {}; ×: its largest budget; area: normalised area under the curve on the log axis from 1 to the largest budget",
            sizes_text(&sizes),
            configured_targets(inputs).unwrap_or_else(|| {
                "targets fixed per N (1, 3, 10, … below a random board's attacking pairs, then 0)"
                    .to_owned()
            })
        ),
        legend: legend_with_areas(inputs, &labels, end),
        panels: vec![Panel {
            caption: String::new(),
            x,
            y: Axis::fraction("(N, target) pairs reached (%)"),
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
    let levels: Vec<f64> = ecdf
        .hits
        .iter()
        .scan(0.0, |sum, (_, w)| {
            *sum += w;
            Some(*sum)
        })
        .collect();
    let mut points = vec![(left, 0.0)];
    let mut level = 0.0;
    for i in kept {
        let at = ecdf.hits[i].0.max(left);
        points.push((at, level));
        level = levels[i];
        points.push((at, level));
    }
    points.push((ecdf.budget.max(left), level));
    points
}
