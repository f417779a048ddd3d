//! The per-trial distributions: every trial's cost in the chosen measure
//! (`--measure`, checks by default) at each N, one panel per label on
//! shared axes (log y), so a cell's spread and its tails show where the
//! scaling chart's median and band hide them (min-conflicts fast's two
//! trials of 4·10⁷ checks at N = 512 beside a median of 12,199). Each solved
//! trial is a translucent dot, jittered sideways within its size's slot by
//! its trial number (a golden-ratio sequence: the same data always give the
//! same picture); the median of the solved trials is the label's marker,
//! joined by its line, hollow when some trials failed. Failed trials are
//! dots in a strip above the log scale named "failed trials", never drawn
//! as values (their cost is what the budget allowed). A trial that proved
//! no solution exists (`exhausted`, N = 2 and 3) answered: it is a dot at
//! the work of its proof, counted in the median, never in the strip of
//! failures, and its panel's note names the sizes whose dots are proofs.
//! Skipped ([`Skip::OneSize`]) when every trial is at one size.

use std::collections::{BTreeMap, BTreeSet};

use super::axis::{Axis, Scale};
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Mark, Panel};
use super::series::{Measured, legend, measured, size_axis, unsolved_strip};
use super::skip::Skip;
use super::style::SeriesStyle;
use crate::analysis::stats::{quantile_sorted, sorted};
use crate::base::records::{Measure, RunRecord};

/// The chart kind of the per-trial distributions.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("trials"),
    name: "per-trial distribution",
    caption: "Every trial's work against board size, one panel per label on shared axes (checks unless another measure was chosen): a dot per solved trial, spread sideways within its size so that dense stretches show; the marker and line: the median of the solved trials (hollow: some trials failed); the strip at the top: the failed trials, outside the log scale.",
    alt: "Strip charts of the work of every trial of each algorithm against the board size N, log scale, one panel per algorithm, with the medians and the failed trials in a strip above.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The description of the size axis, short enough for panels side by side.
const SHORT_SIZE_LABEL: &str = "board size N";
/// The name on the y axis of the strip of failed trials.
const FAILED_STRIP: &str = "failed trials";
/// Share of the distance between neighbouring sizes (display space) a
/// size's dots spread over.
const SLOT: f64 = 0.6;
/// The golden ratio's fractional part: trial t's sideways place is the
/// fractional part of t times it, which spreads any number of trials evenly.
const GOLDEN: f64 = 0.618_033_988_749_895;

/// One label's trials at one size: those that answered (solved, or
/// proved no solution exists) apart from the failed, and whether the
/// answers are proofs.
#[derive(Default)]
struct Cell<'a> {
    solved: Vec<&'a RunRecord>,
    failed: Vec<&'a RunRecord>,
    proofs: bool,
}

/// Each label's trials by size, the labels and sizes in order.
type Cells<'a> = BTreeMap<&'a str, BTreeMap<u64, Cell<'a>>>;

/// The figure of the per-trial distributions, or why there is none.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, measure) = (inputs.data, inputs.measure);
    let measured = measured(data, measure)?;
    let cells = cells(&data.runs, &measured.labels);
    let sizes: BTreeSet<u64> = cells.values().flat_map(|c| c.keys().copied()).collect();
    match sizes.iter().collect::<Vec<_>>().as_slice() {
        [] => return Err(Skip::NoRuns),
        [n] => return Err(Skip::OneSize { n: **n }),
        _ => {}
    }
    let slots = Slots::new(&sizes)?;
    let mut y = cost_axis(&cells, measure, &measured, notes)?;
    let any_failed = cells
        .values()
        .flat_map(|c| c.values())
        .any(|c| !c.failed.is_empty());
    let strip = any_failed.then(|| unsolved_strip(&mut y, 1, FAILED_STRIP));
    let drawn = Drawn {
        slots: &slots,
        y: &y,
        strip: strip.as_ref(),
        measure,
    };
    let shown = legend(inputs.styles, cells.keys().copied());
    let panels = shown
        .iter()
        .filter_map(|(label, style)| Some(drawn.panel(label, *style, cells.get(label.as_str())?)))
        .collect();
    Ok(Figure {
        stem: "trials".to_owned(),
        title: format!("{}: every trial's {}", data.name, measured.unit),
        subtitle: "dots: one solved trial each, spread sideways within its size; marker and line: median of the solved trials; hollow: some trials failed; top strip: failed trials (not on the scale)".to_owned(),
        legend: shown,
        panels,
        shared_y: true,
        colour_bar: None,
    })
}

/// The trials of `runs` of the `labels` measured, by label and size,
/// solved apart from failed.
fn cells<'a>(runs: &'a [RunRecord], labels: &BTreeSet<&str>) -> Cells<'a> {
    let mut cells: Cells<'a> = BTreeMap::new();
    for run in runs {
        if !labels.contains(run.label.as_str()) {
            continue;
        }
        let cell = cells
            .entry(run.label.as_str())
            .or_default()
            .entry(run.n)
            .or_default();
        if run.answered() {
            cell.proofs |= run.stop_reason.is_proof();
            cell.solved.push(run);
        } else {
            cell.failed.push(run);
        }
    }
    cells
}

/// The size axis with room for the dots beside each size, and how far a
/// size's dots spread either side of it (display space).
struct Slots {
    /// The size axis.
    x: Axis,
    /// Half the width a size's dots spread over.
    half: f64,
}

impl Slots {
    /// The slots of `sizes` (two or more): each a [`SLOT`] share of the
    /// least distance between neighbouring sizes, the axis widened so that
    /// the dots of the smallest and largest sizes stay inside it.
    fn new(sizes: &BTreeSet<u64>) -> Result<Slots, Skip> {
        let mut x = size_axis(sizes.iter().copied()).ok_or(Skip::NoSizes)?;
        // Short enough for panels side by side.
        x.label = SHORT_SIZE_LABEL.to_owned();
        let places: Vec<f64> = sizes.iter().filter_map(|&n| x.display(n as f64)).collect();
        let gap = places
            .windows(2)
            .map(|w| w[1] - w[0])
            .fold(f64::INFINITY, f64::min);
        let half = SLOT * gap / 2.0;
        // The dots of the smallest and largest sizes stay inside the axis.
        x.lo = x.lo.min(places[0] - 1.5 * half);
        x.hi = x.hi.max(places[places.len() - 1] + 1.5 * half);
        Ok(Slots { x, half })
    }

    /// Where the dot of `run` goes across: its size's place, moved sideways
    /// within the slot by its trial number.
    fn spread(&self, run: &RunRecord) -> Option<f64> {
        let sideways = ((run.trial as f64 * GOLDEN).fract() - 0.5) * 2.0 * self.half;
        Some(self.x.value(self.x.display(run.n as f64)? + sideways))
    }
}

/// The log y axis of the solved trials' costs; notes the solved trials
/// left out for spending nothing (0 has no place on it).
fn cost_axis(
    cells: &Cells<'_>,
    measure: Measure,
    measured: &Measured<'_>,
    notes: &mut Vec<String>,
) -> Result<Axis, Skip> {
    let solved = || {
        cells
            .values()
            .flat_map(|c| c.values())
            .flat_map(|c| &c.solved)
    };
    let solved_values: Vec<f64> = solved()
        .map(|r| measure.spent(r))
        .filter(|v| *v > 0.0)
        .collect();
    let zero = solved().filter(|r| measure.spent(r) <= 0.0).count();
    if zero > 0 {
        notes.push(format!(
            "the per-trial chart leaves out {zero} solved trial{} that spent no {}: 0 has no place on its log axis",
            if zero == 1 { "" } else { "s" },
            measured.unit
        ));
    }
    let mut y = Axis::fit(
        &format!("{} per trial", measured.unit),
        Scale::Log,
        solved_values,
    )
    .ok_or(Skip::NoSolvedCell)?;
    y.format = measured.format;
    Ok(y)
}

/// What every label's panel is drawn with: the shared axes, the strip of
/// failed trials (with its row's height) if any failed, and the measure.
struct Drawn<'a> {
    /// The size axis and its slots.
    slots: &'a Slots,
    /// The cost axis.
    y: &'a Axis,
    /// The strip of failed trials and its rows' heights.
    strip: Option<&'a (Layer, Vec<f64>)>,
    /// The measure the costs are in.
    measure: Measure,
}

impl Drawn<'_> {
    /// The panel of `label`: its dots (solved trials on the scale, failed
    /// ones in the strip), the line joining its medians and their markers.
    fn panel(&self, label: &str, style: SeriesStyle, by_size: &BTreeMap<u64, Cell<'_>>) -> Panel {
        let mut layers = Vec::new();
        let mut dots = Vec::new();
        let mut medians = Vec::new();
        for (&n, cell) in by_size {
            let values: Vec<f64> = cell.solved.iter().map(|r| self.measure.spent(r)).collect();
            dots.extend(
                cell.solved
                    .iter()
                    .zip(&values)
                    .filter(|(_, v)| **v > 0.0)
                    .filter_map(|(r, v)| Some((self.slots.spread(r)?, *v))),
            );
            if let Some((_, rows)) = self.strip {
                dots.extend(
                    cell.failed
                        .iter()
                        .filter_map(|r| Some((self.slots.spread(r)?, rows[0]))),
                );
            }
            if let Some(median) = quantile_sorted(&sorted(&values), 0.5).filter(|m| *m > 0.0) {
                medians.push(Mark {
                    x: n as f64,
                    y: median,
                    hollow: !cell.failed.is_empty(),
                    text: None,
                    first: false,
                });
            }
        }
        if let Some((layer, _)) = self.strip {
            layers.push(layer.clone());
        }
        layers.push(Layer::Points {
            style,
            points: dots,
        });
        if medians.len() >= 2 {
            layers.push(Layer::Line {
                style,
                points: medians.iter().map(|m| (m.x, m.y)).collect(),
                width: 2,
                opacity: 1.0,
                markers: false,
            });
        }
        layers.push(Layer::Marks {
            style,
            marks: medians,
        });
        let proved: Vec<String> = by_size
            .iter()
            .filter(|(_, cell)| cell.proofs)
            .map(|(n, _)| n.to_string())
            .collect();
        Panel {
            caption: label.to_owned(),
            x: self.slots.x.clone(),
            y: self.y.clone(),
            layers,
            note: (!proved.is_empty()).then(|| {
                format!(
                    "N = {}: the dots are proofs that no solution exists, at the work of the proof",
                    proved.join(", ")
                )
            }),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::analysis::summary::summarize;
    use crate::base::outcome::StopReason;
    use crate::plot::data::ExperimentData;
    use crate::plot::options::Options;
    use crate::plot::sizes::Chosen;
    use crate::plot::style::Styles;

    /// One trial of `label` at `n`: solved with `checks`, or failed after
    /// them when `checks` is `None` (a budget of 10⁹ spent).
    pub fn run(label: &str, n: u64, trial: u64, checks: Option<u64>) -> RunRecord {
        RunRecord {
            experiment: "t".to_owned(),
            algorithm: "min-conflicts".to_owned(),
            label: label.to_owned(),
            step_unit: "repair".to_owned(),
            params: String::new(),
            budget: "max_steps=1000".to_owned(),
            instance: "plain".into(),
            n,
            trial,
            seed: trial,
            solved: checks.is_some(),
            stop_reason: if checks.is_some() {
                StopReason::Solved
            } else {
                StopReason::BudgetSteps
            },
            steps: 10,
            restarts: 0,
            checks: checks.unwrap_or(1_000_000_000),
            tests: 0,
            backtracks: 0,
            evaluations: 0,
            final_conflicts: Some(if checks.is_some() { 0 } else { 2 }),
            solutions: u64::from(checks.is_some()),
            wall_seconds: 1e-3,
            work_known: true,
        }
    }

    /// The experiment of `runs`, summarised as `queens run` does.
    pub fn experiment(runs: Vec<RunRecord>) -> ExperimentData {
        ExperimentData {
            name: "t".to_owned(),
            summary: summarize(&runs),
            runs,
            traces: None,
            source: std::path::PathBuf::from("runs.csv"),
            label_order: Vec::new(),
            targets: crate::analysis::targets::TargetRule::Ladder,
        }
    }

    /// Builds the chart of `kind` for `data` in checks.
    pub fn build(kind: &ChartKind, data: &ExperimentData) -> Result<Figure, Skip> {
        let styles = Styles::for_labels(data.labels()).in_order(&data.label_order);
        let options = Options::default();
        let chosen = Chosen {
            sizes: Vec::new(),
            requested: false,
            narrowed: false,
        };
        let inputs = Inputs {
            data,
            styles: &styles,
            options: &options,
            measure: crate::base::records::Measure::Checks,
            chosen: &chosen,
            comparison: None,
        };
        let Build::One(build) = kind.build else {
            panic!("one chart");
        };
        build(&inputs, &mut Vec::new())
    }

    /// Label "a": 4 trials at N = 8, 16, 32, the last of each failed; label
    /// "b": 3 solved trials at N = 8 and 16.
    fn trials() -> Vec<RunRecord> {
        let mut runs = Vec::new();
        for (i, n) in [8, 16, 32].into_iter().enumerate() {
            for t in 0..3 {
                runs.push(run("a", n, t, Some(100 * (i as u64 + 1) + 10 * t)));
            }
            runs.push(run("a", n, 3, None));
        }
        for n in [8, 16] {
            for t in 0..3 {
                runs.push(run("b", n, t, Some(1000 + t)));
            }
        }
        runs
    }

    fn points(panel: &Panel) -> Vec<(f64, f64)> {
        panel
            .layers
            .iter()
            .filter_map(|layer| match layer {
                Layer::Points { points, .. } => Some(points.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    #[test]
    fn every_trial_is_a_dot_and_no_failed_trial_lies_inside_the_log_area() {
        let figure = build(&KIND, &experiment(trials())).expect("a chart");
        let captions: Vec<&str> = figure.panels.iter().map(|p| p.caption.as_str()).collect();
        assert_eq!(captions, ["a", "b"]);
        let panel = &figure.panels[0];
        let Some(Layer::Strip { low, .. }) = panel.layers.first() else {
            panic!("a strip of failed trials first");
        };
        let strip = panel.y.display(*low).expect("the strip's edge");
        let dots = points(panel);
        let (inside, above): (Vec<&(f64, f64)>, Vec<_>) = dots
            .iter()
            .partition(|(_, y)| panel.y.display(*y).expect("shown") < strip);
        // The 9 solved trials at their cost, the 3 failed ones in the strip
        // (their 10⁹ checks are never drawn as a value).
        let mut costs: Vec<f64> = inside.iter().map(|p| p.1).collect();
        costs.sort_by(f64::total_cmp);
        assert_eq!(
            costs,
            [
                100.0, 110.0, 120.0, 200.0, 210.0, 220.0, 300.0, 310.0, 320.0
            ]
        );
        assert_eq!(above.len(), 3);
        assert!(dots.iter().all(|p| p.1 < 1e9));
        // Every dot stays within its size's slot, inside the axis.
        for (x, _) in &dots {
            let d = panel.x.display(*x).expect("shown");
            assert!(panel.x.lo < d && d < panel.x.hi);
        }
        // The medians, hollow where a trial failed.
        let medians: Vec<(f64, f64, bool)> = panel
            .layers
            .iter()
            .filter_map(|layer| match layer {
                Layer::Marks { marks, .. } => Some(marks.iter().map(|m| (m.x, m.y, m.hollow))),
                _ => None,
            })
            .flatten()
            .collect();
        assert_eq!(
            medians,
            [(8.0, 110.0, true), (16.0, 210.0, true), (32.0, 310.0, true)]
        );
        // Shared axes; the same data give the same dots.
        assert_eq!(figure.panels[1].y.lo, panel.y.lo);
        let again = build(&KIND, &experiment(trials())).expect("a chart");
        assert_eq!(points(&again.panels[0]), dots);
    }

    #[test]
    fn a_proof_is_a_dot_at_its_work_not_a_failure() {
        // Backtracking proves N = 2 and 3 have no solution in 6 and 18
        // checks, and solves N = 4 in 26: no strip of failures, the proofs
        // at their work, and a note naming them.
        let proof = |n, checks| RunRecord {
            stop_reason: StopReason::Exhausted,
            checks,
            ..run("bt", n, 0, None)
        };
        let runs = vec![proof(2, 6), proof(3, 18), run("bt", 4, 0, Some(26))];
        let figure = build(&KIND, &experiment(runs)).expect("a chart");
        let panel = &figure.panels[0];
        assert!(
            !panel
                .layers
                .iter()
                .any(|l| matches!(l, Layer::Strip { .. })),
            "a proof is no failure"
        );
        let mut costs: Vec<f64> = points(panel).iter().map(|p| p.1).collect();
        costs.sort_by(f64::total_cmp);
        assert_eq!(costs, [6.0, 18.0, 26.0]);
        let note = panel.note.as_deref().expect("a note");
        assert!(note.starts_with("N = 2, 3: the dots are proofs"), "{note}");
    }

    #[test]
    fn one_size_is_skipped_with_its_reason() {
        let runs = vec![run("a", 8, 0, Some(5)), run("b", 8, 0, Some(7))];
        match build(&KIND, &experiment(runs)) {
            Err(Skip::OneSize { n: 8 }) => {}
            other => panic!("expected one size skipped, got {other:?}"),
        }
    }
}
