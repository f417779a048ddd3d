//! The fixed-budget chart (IOHanalyzer's fixed-budget view): for each board
//! size the [`super::sizes`] choice draws, one panel with, per label, the
//! median over traced trials of the fewest attacking pairs found within a
//! budget of checks, over its p25–p75 band, at budgets half a decade apart
//! ([`crate::analysis::targets::at_budgets`]) against the budget (log x),
//! from half a decade before the first sample up to the most any of the
//! label's trials spent. A trial that ended keeps its last value (0 once
//! solved); a budget beyond the end of a trial that stopped unsolved has a
//! hollow marker (some trials failed before it). The y axis is logarithmic
//! when the values span more than a decade, with 0 (solved) on its own
//! level below, linear from 0 otherwise. Counted in checks whatever
//! `--measure` says (see [`super::fixed_target`]).
//!
//! Unlike the convergence chart, which follows every trace continuously
//! (or draws a few trials when there are few), this one reads the traces at
//! fixed budgets, so its values can be read off and compared at a budget.

use std::collections::BTreeSet;

use crate::analysis::targets::{AtBudget, at_budgets};

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::fixed_target::{Traced, traced_cells, traced_sizes};
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Mark, Panel};
use super::series::legend;
use super::skip::Skip;
use super::style::Styles;

/// The fixed-budget chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("fixed-budget"),
    name: "fixed-budget",
    caption: "Fixed-budget view: the median over traced trials of the fewest attacking pairs found within a budget of checks (budgets half a decade apart), with the 25th–75th percentile band, per board size; a trial that ended keeps its last value (0 once solved); hollow: some trials had stopped unsolved before that budget.",
    alt: "Line chart of the median fewest attacking pairs reached within each budget of checks, per algorithm, one panel per board size.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: true,
        traces: true,
        comparison: false,
    },
    build: Build::One(figure),
};

/// Each label's quantiles at the budgets of one size.
type Curves<'a> = Vec<(&'a str, Vec<AtBudget>)>;

/// A y axis is logarithmic when its largest value is more than this many
/// times its smallest positive one.
const LOG_SPAN: f64 = 10.0;

/// The fixed-budget figure at the chosen sizes, or why there is none.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let traced = traced_cells(inputs, "fixed-budget", notes)?;
    let sizes = traced_sizes(&traced, &inputs.chosen.sizes, "fixed-budget", notes)?;
    let curves: Vec<(u64, Curves<'_>)> =
        sizes.iter().map(|&n| (n, curves_at(&traced, n))).collect();
    let values = || {
        curves
            .iter()
            .flat_map(|(_, c)| c.iter().flat_map(|(_, a)| a.iter().map(|b| b.p75)))
    };
    let largest = values().fold(0.0, f64::max);
    let smallest = curves
        .iter()
        .flat_map(|(_, c)| c.iter().flat_map(|(_, a)| a.iter().map(|b| b.p25)))
        .filter(|v| *v > 0.0)
        .fold(f64::INFINITY, f64::min);
    let log_y = largest > LOG_SPAN * smallest.max(1.0);
    let mut drawn = BTreeSet::new();
    let mut panels = Vec::new();
    for (n, cells) in &curves {
        drawn.extend(cells.iter().map(|(label, _)| *label));
        panels.extend(panel(*n, cells, inputs.styles, log_y));
    }
    if panels.is_empty() {
        return Err(Skip::NoTraceSample { sizes });
    }
    let y_scale = if log_y {
        "log y, 0 (solved) on its own level below"
    } else {
        "linear y"
    };
    Ok(Figure {
        stem: "fixed-budget".to_owned(),
        title: format!("{}: attacking pairs left within a budget", inputs.data.name),
        subtitle: format!(
            "{}; median and p25–p75 band over traced trials; hollow: some trials stopped unsolved before the budget; {y_scale}",
            inputs.chosen.describe()
        ),
        legend: legend(inputs.styles, drawn),
        panels,
        shared_y: false,
        colour_bar: None,
    })
}

/// Each label's quantiles at the budgets of size `n`, from half a decade
/// before the first sample of any of its trials.
fn curves_at(traced: &Traced, n: u64) -> Curves<'_> {
    traced
        .at(n)
        .map(|(label, trials)| {
            let first = trials
                .iter()
                .filter_map(|t| t.samples.first().map(|s| s.0))
                .fold(f64::INFINITY, f64::min);
            let from = first / 10f64.sqrt() * (1.0 - 1e-9);
            let kept = at_budgets(trials)
                .into_iter()
                .filter(|a| a.budget >= from)
                .collect();
            (label, kept)
        })
        .collect()
}

/// The panel of size `n`; `None` when nothing has a value.
fn panel(n: u64, cells: &[(&str, Vec<AtBudget>)], styles: &Styles, log_y: bool) -> Option<Panel> {
    let points = || cells.iter().flat_map(|(_, a)| a.iter());
    let x = Axis::fit("budget (checks)", Scale::Log, points().map(|a| a.budget))?;
    let y_label = "fewest attacking pairs";
    let mut y = if log_y {
        Axis::fit(
            y_label,
            Scale::Log,
            points().flat_map(|a| [a.p25, a.p75]).chain([1.0]),
        )?
    } else {
        Axis::fit(
            y_label,
            Scale::Linear,
            points().flat_map(|a| [a.p25, a.p75]).chain([0.0]),
        )?
    };
    let bottom = if log_y {
        let zero = y.with_zero_level();
        y.value(zero)
    } else {
        0.0
    };
    let shown = |v: f64| if log_y && v < 1.0 { bottom } else { v };
    let mut bands = Vec::new();
    let mut lines = Vec::new();
    for (label, at) in cells {
        let Some(style) = styles.of(label) else {
            continue;
        };
        bands.push(Layer::Band {
            style,
            lower: at.iter().map(|a| (a.budget, shown(a.p25))).collect(),
            upper: at.iter().map(|a| (a.budget, shown(a.p75))).collect(),
        });
        lines.push(Layer::Line {
            style,
            points: at.iter().map(|a| (a.budget, shown(a.median))).collect(),
            width: 2,
            opacity: 1.0,
            markers: false,
        });
        lines.push(Layer::Marks {
            style,
            marks: at
                .iter()
                .map(|a| Mark {
                    x: a.budget,
                    y: shown(a.median),
                    hollow: a.stopped_unsolved > 0,
                    text: None,
                    first: false,
                })
                .collect(),
        });
    }
    bands.extend(lines);
    Some(Panel {
        caption: format!("N = {n}"),
        x,
        y,
        layers: bands,
        note: None,
    })
}
