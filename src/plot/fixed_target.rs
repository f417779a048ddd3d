//! The fixed-target chart (cocopp's and IOHanalyzer's ERT per target):
//! for each board size the [`super::sizes`] choice draws, one panel with
//! the ERT in checks ([`crate::analysis::targets::ert_per_target`]) to reach
//! each target of attacking pairs, the targets in order of difficulty on a
//! categorical x axis (fixed per size and the same for every label: the
//! sequence 1, 3, 10, 30, … below the expected attacking pairs of a random
//! one-queen-per-row board of that size, then 0:
//! [`crate::analysis::targets::targets_for`]; or the config's `targets` at
//! every size, which the caption and the subtitle then say) and the
//! ERT on a log y axis. A target some trials never reached has a hollow
//! marker and its reached/trials beside it; one no trial reached (ERT ∞)
//! is a hollow marker in the strip above the log scale. From traces.csv
//! and runs.csv; counted in checks whatever `--measure` says (traces.csv
//! records no time, and checks are the unit every algorithm shares).
//!
//! [`traced_cells`] is shared with the fixed-budget chart and the runtime
//! ECDF: the traced trials of each (label, N) and the targets of each size.

use std::collections::{BTreeMap, BTreeSet};

use crate::analysis::targets::{TracedTrial, ert_per_target, targets_by_size, traced_trials};
use crate::base::records::Measure;

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Mark, Panel};
use super::phrases::sizes_text;
use super::series::{legend, unsolved_row, unsolved_strip};
use super::skip::Skip;
use super::style::Styles;

/// The fixed-target chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("fixed-target"),
    name: "fixed-target",
    caption: "Fixed-target view: the expected running time (ERT: the checks of every traced trial, up to its first reaching the target or all it spent, over the trials that reached it) to bring the attacking pairs down to each target, per board size. Targets, fixed per N and the same for every label: {targets} (solved); hollow: some trials never reached the target; ∞: none did.",
    alt: "Line chart of the expected checks to reach each target number of attacking pairs, per algorithm, one panel per board size.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: true,
        traces: true,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The name of the strip of targets no trial reached.
const NONE_REACHED: &str = "∞ (none reached)";

/// The traced trials of every (label, N) and the targets of every size.
pub(super) struct Traced {
    /// The traced trials of each (label, N).
    pub cells: BTreeMap<(String, u64), Vec<TracedTrial>>,
    /// The targets of each size, hardest last.
    pub targets: BTreeMap<u64, Vec<u64>>,
}

impl Traced {
    /// The sizes with traced trials.
    pub fn sizes(&self) -> BTreeSet<u64> {
        self.cells.keys().map(|(_, n)| *n).collect()
    }

    /// The labels traced at `n`, each with its trials.
    pub fn at(&self, n: u64) -> impl Iterator<Item = (&str, &[TracedTrial])> {
        self.cells
            .iter()
            .filter(move |((_, m), _)| *m == n)
            .map(|((label, _), trials)| (label.as_str(), trials.as_slice()))
    }
}

/// The traced trials of the inputs' data with the targets of its config
/// (its `targets`, else the default rule), or why there are none; a note
/// when the chosen measure is not checks, which `chart` counts instead.
pub(super) fn traced_cells(
    inputs: &Inputs<'_>,
    chart: &str,
    notes: &mut Vec<String>,
) -> Result<Traced, Skip> {
    let traces = inputs.data.traces.as_deref().ok_or(Skip::NoTracesFile)?;
    if traces.is_empty() {
        return Err(Skip::NoTraceRows);
    }
    if inputs.measure != Measure::Checks {
        notes.push(format!(
            "the {chart} chart counts checks: traces.csv records no time, and checks are the unit every algorithm shares"
        ));
    }
    let cells = traced_trials(traces, &inputs.data.runs);
    let targets = targets_by_size(&cells, &inputs.data.targets);
    Ok(Traced { cells, targets })
}

/// The chosen sizes that have traces, with a note naming those that have
/// none; `Err` when none has.
pub(super) fn traced_sizes(
    traced: &Traced,
    chosen: &[u64],
    chart: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<u64>, Skip> {
    let have = traced.sizes();
    let (sizes, untraced): (Vec<u64>, Vec<u64>) = chosen.iter().partition(|n| have.contains(n));
    if !untraced.is_empty() {
        let have: Vec<u64> = have.into_iter().collect();
        notes.push(format!(
            "the {chart} chart has no panel at {}: traces.csv has no trace there (it has {})",
            sizes_text(&untraced),
            sizes_text(&have)
        ));
    }
    if sizes.is_empty() {
        return Err(Skip::NoTraceAt { sizes: untraced });
    }
    Ok(sizes)
}

/// The fixed-target figure at the chosen sizes, or why there is none.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let traced = traced_cells(inputs, "fixed-target", notes)?;
    let sizes = traced_sizes(&traced, &inputs.chosen.sizes, "fixed-target", notes)?;
    let mut drawn = BTreeSet::new();
    let mut panels = Vec::new();
    for &n in &sizes {
        let targets = traced.targets.get(&n).map_or(&[][..], Vec::as_slice);
        drawn.extend(traced.at(n).map(|(label, _)| label));
        panels.extend(panel(n, &traced, targets, inputs.styles));
    }
    if panels.is_empty() {
        return Err(Skip::NoTraceSample { sizes });
    }
    Ok(Figure {
        stem: "fixed-target".to_owned(),
        title: format!("{}: checks to reach each target", inputs.data.name),
        subtitle: format!(
            "{}; ERT = checks of all traced trials / trials reaching the target; hollow: some trials never reached it; ∞: none did{}",
            inputs.chosen.describe(),
            configured_targets(inputs)
                .map(|t| format!("; {t}"))
                .unwrap_or_default()
        ),
        legend: legend(inputs.styles, drawn),
        panels,
        shared_y: false,
        colour_bar: None,
    })
}

/// "targets from the config: 10, 3, 1, 0" when the config sets the
/// targets; `None` under the default rule.
pub(super) fn configured_targets(inputs: &Inputs<'_>) -> Option<String> {
    let list = inputs.data.targets.configured()?;
    let list: Vec<String> = list.iter().map(u64::to_string).collect();
    Some(format!("targets from the config: {}", list.join(", ")))
}

/// The categorical axis of `targets`, easiest first, at positions 1, 2, …
fn target_axis(targets: &[u64]) -> Axis {
    let count = targets.len() as f64;
    Axis {
        label: "target: attacking pairs left".to_owned(),
        scale: Scale::Linear,
        format: super::axis::TickFormat::Number,
        lo: 0.5,
        hi: count + 0.5,
        ticks: Some((1..=targets.len()).map(|i| i as f64).collect()),
        minor: None,
        names: targets.iter().map(u64::to_string).collect(),
        named: Vec::new(),
    }
}

/// The panel of size `n`; `None` when no label reached any target there.
fn panel(n: u64, traced: &Traced, targets: &[u64], styles: &Styles) -> Option<Panel> {
    let x = target_axis(targets);
    let mut lines = Vec::new();
    let mut finite = Vec::new();
    let mut never = Vec::new();
    for (label, trials) in traced.at(n) {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let erts = ert_per_target(trials, targets);
        let points: Vec<Option<(f64, f64)>> = erts
            .iter()
            .enumerate()
            .map(|(i, e)| e.ert.is_finite().then_some(((i + 1) as f64, e.ert)))
            .collect();
        for piece in points.split(Option::is_none) {
            let piece: Vec<(f64, f64)> = piece.iter().flatten().copied().collect();
            if piece.len() >= 2 {
                lines.push(Layer::Line {
                    style,
                    points: piece,
                    width: 2,
                    opacity: 1.0,
                    markers: false,
                });
            }
        }
        let marks: Vec<Mark> = erts
            .iter()
            .enumerate()
            .filter(|(_, e)| e.ert.is_finite())
            .map(|(i, e)| {
                let failed = e.reached < e.trials;
                Mark {
                    x: (i + 1) as f64,
                    y: e.ert,
                    hollow: failed,
                    text: failed.then(|| format!("{}/{}", e.reached, e.trials)),
                    first: false,
                }
            })
            .collect();
        finite.extend(marks.iter().map(|m| m.y));
        lines.push(Layer::Marks { style, marks });
        let unreached: Vec<Vec<(f64, String)>> = erts
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.ert.is_finite())
            .map(|(i, e)| vec![((i + 1) as f64, format!("0/{}", e.trials))])
            .collect();
        if !unreached.is_empty() {
            never.push((style, unreached));
        }
    }
    let mut y = Axis::fit("ERT to the target (checks)", Scale::Log, finite)?;
    let mut layers = Vec::new();
    if !never.is_empty() {
        let (strip, rows) = unsolved_strip(&mut y, never.len(), NONE_REACHED);
        layers.push(strip);
        for ((style, cells), row) in never.into_iter().zip(rows) {
            lines.extend(unsolved_row(style, row, &cells));
        }
    }
    layers.extend(lines);
    Some(Panel {
        caption: format!("N = {n}"),
        x,
        y,
        layers,
        note: None,
    })
}
