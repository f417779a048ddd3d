//! The ECDF charts: for each label, the share of *all* trials (failed ones
//! included, so a curve ends at the success rate) solved within x work, on a
//! log x axis: `ecdf-<measure>` in the measure the user chose (`checks`
//! unless `--measure` says otherwise) and `ecdf-seconds` (wall time) always.
//! `steps` are drawn only when every label drawn counts steps in the same
//! unit (otherwise no chart, and a note to use checks); `evaluations` leave
//! out the labels that never evaluate a whole board (with a note). The
//! axis label names the unit.
//!
//! Drawn at the sizes [`super::sizes`] chooses (`--n`, or every size as small
//! multiples when there are few, otherwise the largest shared one), all
//! panels on one x axis; the subtitle says which sizes and how to choose
//! others. A label with no success at a size is drawn as a flat line at 0
//! and named in the panel ("0/20 solved: …"), not dropped. Solved trials
//! that took 0 work are drawn at the left edge.

use std::collections::BTreeMap;

use crate::analysis::compare::{never_evaluating, one_step_unit};
use crate::analysis::stats::ecdf;
use crate::base::records::Measure;
use crate::base::records::RunRecord;

use super::axis::{Axis, Scale, TickFormat};
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Panel};
use super::series::legend;
use super::skip::Skip;
use super::style::Styles;

/// The ECDF in the chosen measure.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::PerMeasure("ecdf-"),
    name: "ECDF of {measure}",
    caption: "Empirical cumulative distribution of the {measure} to a solution over all trials: each curve ends at the success rate.",
    alt: "Step curves of the share of trials solved within a given number of {measure}, per algorithm.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: true,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The ECDF of wall time, beside the chosen measure's.
pub const WALL_TIME_KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("ecdf-seconds"),
    name: "ECDF of {measure}",
    caption: "Empirical cumulative distribution of the wall time to a solution over all trials.",
    alt: "Step curves of the share of trials solved within a given wall time, per algorithm.",
    needs: Needs {
        measure: MeasureUse::WallTime,
        sizes: true,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// A curve keeps at most this many steps; larger samples are thinned to
/// evenly spaced quantiles.
const MAX_STEPS: usize = 1000;

/// The ECDF figure of the inputs' measure at the chosen sizes, or why there
/// is none; remarks on labels left out go to `notes`.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, styles, measure, chosen) =
        (inputs.data, inputs.styles, inputs.measure, inputs.chosen);
    if data.runs.is_empty() {
        return Err(Skip::NoRuns);
    }
    let sizes = &chosen.sizes;
    let runs: Vec<&RunRecord> = data.runs.iter().filter(|r| sizes.contains(&r.n)).collect();
    let x_label = match measure {
        Measure::Checks => "checks to solution".to_owned(),
        Measure::Seconds => "wall time to solution".to_owned(),
        Measure::Evaluations => "whole-board evaluations to solution".to_owned(),
        Measure::Steps => match one_step_unit(runs.iter().copied()) {
            Ok(unit) => format!("steps to solution (one step: {unit})"),
            Err(units) => return Err(Skip::MixedStepUnits { units }),
        },
    };
    let left_out = if measure == Measure::Evaluations {
        never_evaluating(runs.iter().copied())
    } else {
        Vec::new()
    };
    if !left_out.is_empty() {
        notes.push(format!(
            "the ECDF of evaluations leaves out {}: never evaluates a whole board \
             (evaluations is 0 in every trial); --measure checks compares every label",
            left_out.join(", ")
        ));
    }
    let runs: Vec<&RunRecord> = runs
        .into_iter()
        .filter(|r| !left_out.contains(&r.label.as_str()))
        .collect();
    if runs.is_empty() {
        return Err(Skip::NothingEvaluatesAt {
            sizes: sizes.clone(),
        });
    }
    let solved_values = runs.iter().filter(|r| r.solved).map(|r| measure.spent(r));
    let mut x =
        Axis::fit(&x_label, Scale::Log, solved_values).ok_or_else(|| Skip::NoSolvedTrialAt {
            sizes: sizes.clone(),
        })?;
    if measure == Measure::Seconds {
        x.format = TickFormat::Seconds;
    }
    let mut drawn = Vec::new();
    let mut panels = Vec::new();
    for &n in sizes {
        let mut cells: BTreeMap<&str, Vec<&RunRecord>> = BTreeMap::new();
        for run in runs.iter().filter(|r| r.n == n) {
            cells.entry(run.label.as_str()).or_default().push(run);
        }
        drawn.extend(cells.keys().copied());
        panels.push(panel(n, &cells, styles, measure, &x));
    }
    let what = match measure {
        Measure::Seconds => "wall time",
        Measure::Evaluations => "whole-board evaluations",
        other => other.name(),
    };
    Ok(Figure {
        stem: format!("ecdf-{}", measure.name()),
        title: format!("{}: distribution of {what} to solution", data.name),
        subtitle: format!(
            "{}; share of all trials solved, so a curve ends at the success rate",
            chosen.describe()
        ),
        legend: legend(styles, drawn),
        panels,
        shared_y: true,
        colour_bar: None,
    })
}

/// The panel of size `n`, on the shared x axis of all panels.
fn panel(
    n: u64,
    cells: &BTreeMap<&str, Vec<&RunRecord>>,
    styles: &Styles,
    measure: Measure,
    x: &Axis,
) -> Panel {
    let layers = cells
        .iter()
        .filter_map(|(label, runs)| {
            Some(Layer::Line {
                style: styles.of(label)?,
                points: ecdf_points(runs, measure, x),
                width: 2,
                opacity: 1.0,
                markers: false,
            })
        })
        .collect();
    let unsolved: Vec<String> = cells
        .iter()
        .filter(|(_, runs)| !runs.iter().any(|r| r.solved))
        .map(|(label, runs)| format!("{label} 0/{}", runs.len()))
        .collect();
    let note = if unsolved.is_empty() {
        None
    } else if unsolved.len() == cells.len() {
        Some("no solved trials".to_owned())
    } else {
        Some(format!("none solved: {}", unsolved.join(", ")))
    };
    Panel {
        caption: format!("N = {n}"),
        x: x.clone(),
        y: Axis::fraction("trials solved (%)"),
        layers,
        note,
    }
}

/// The ECDF (see [`ecdf`]) as a staircase from the left edge of `x` to its
/// right edge, thinned to at most [`MAX_STEPS`] steps and with values left of
/// the axis drawn at its left edge. A cell with no success is a flat line at 0.
fn ecdf_points(runs: &[&RunRecord], measure: Measure, x: &Axis) -> Vec<(f64, f64)> {
    let solved: Vec<f64> = runs
        .iter()
        .filter(|r| r.solved)
        .map(|r| measure.spent(r))
        .collect();
    let cumulative = ecdf(&solved, runs.len());
    let left = x.value(x.lo);
    let kept: Vec<usize> = if cumulative.len() <= MAX_STEPS {
        (0..cumulative.len()).collect()
    } else {
        let last = cumulative.len() - 1;
        let mut picks: Vec<usize> = (0..MAX_STEPS).map(|k| k * last / (MAX_STEPS - 1)).collect();
        picks.dedup();
        picks
    };
    let mut points = vec![(left, 0.0)];
    let mut level = 0.0;
    for i in kept {
        let (value, share) = cumulative[i];
        let at = value.max(left);
        points.push((at, level));
        level = share;
        points.push((at, level));
    }
    points.push((x.value(x.hi), level));
    points
}
