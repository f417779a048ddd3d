//! The phase-transition chart of hard instances (Gent, Jefferson and
//! Nightingale, "Complexity of n-Queens Completion", JAIR 59, 2017): for
//! each generator the runs' instances come from, the share of instances
//! that have a solution and each label's cost, against the generator's
//! parameter, one line per board size.
//!
//! - **The x axis.** Blocked N-Queens: the paper's mean number of allowed
//!   squares per row and column, N − blocks/N, which lines the sizes up;
//!   completion: the queens given; excluded diagonals: the diagonals
//!   excluded.
//! - **Solvable.** One instance is one distinct `instance` value at one N
//!   (every label of a plan meets the same instances): it has a solution
//!   when any label solved it, none when any exact search proved it
//!   (`exhausted`), and is undecided otherwise. The top panel draws the
//!   share with a solution among the decided ones; the undecided are
//!   counted in its note.
//! - **Cost.** One panel per label: the median work over all its trials at
//!   each x, failed ones included with the work they did until their
//!   budget, so an incomplete search's cost on instances without a
//!   solution is its budget, and the peak of an exact search near the
//!   transition shows.
//!
//! One chart per generator (`phase-blocked`, …), drawn only when runs.csv
//! holds generated instances of it at two values or more: plain
//! experiments get no chart and no note.

use std::collections::{BTreeMap, BTreeSet};

use super::axis::{Axis, Scale};
use super::data::ExperimentData;
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, Keyed, MeasureUse, Needs, Stem};
use super::panel::{Layer, Panel};
use super::skip::Skip;
use super::style::{Dash, Marker, PALETTE, SeriesStyle};
use crate::analysis::stats::{quantile_sorted, sorted};
use crate::base::instance::{Generator, Origin};
use crate::base::outcome::StopReason;
use crate::base::records::{Measure, RunRecord};

/// The phase-transition chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::PerKey("phase-"),
    name: "phase transition",
    caption: "Phase transition of the {key} instances: the share of instances with a solution (among those a label solved or an exact search proved unsolvable) and each label's median work over all its trials, against the generator's parameter, one line per board size.",
    alt: "Line charts against the {key} generator's parameter: the share of solvable instances, then one panel per label with its median work, one line per board size N.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::PerKey(figures),
};

/// One chart per generator with runs at two values or more.
fn figures(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Vec<Keyed> {
    let placed = placed_runs(&inputs.data.runs);
    let generators: BTreeSet<&str> = placed.iter().map(|p| p.generator).collect();
    generators
        .into_iter()
        .filter(|g| {
            placed
                .iter()
                .filter(|p| p.generator == *g)
                .map(|p| p.x.to_bits())
                .collect::<BTreeSet<_>>()
                .len()
                >= 2
        })
        .map(|g| {
            let runs: Vec<&Placed<'_>> = placed.iter().filter(|p| p.generator == g).collect();
            (g.to_owned(), figure(inputs.data, inputs.measure, g, &runs))
        })
        .collect()
}

/// A run of a generated instance with its place on the x axis.
struct Placed<'a> {
    run: &'a RunRecord,
    /// The generator's name.
    generator: &'static str,
    /// The x value.
    x: f64,
}

/// The runs of generated instances, each placed on its generator's x axis.
fn placed_runs(runs: &[RunRecord]) -> Vec<Placed<'_>> {
    runs.iter()
        .filter_map(|run| {
            let Ok(Origin::Generated { generator, .. }) = run.instance.parse::<Origin>() else {
                return None;
            };
            let n = run.n as f64;
            let x = match generator {
                Generator::Blocked { blocks, .. } => n - blocks as f64 / n,
                Generator::Completion { queens } => queens as f64,
                Generator::Diagonals { diagonals, .. } => diagonals as f64,
            };
            Some(Placed {
                run,
                generator: generator.name(),
                x,
            })
        })
        .collect()
}

/// The x axis's title for `generator`.
fn x_title(generator: &str) -> &'static str {
    match generator {
        "blocked" => "N − blocks/N",
        "completion" => "queens given",
        _ => "diagonals excluded",
    }
}

/// What the x axis is, in the subtitle.
fn x_meaning(generator: &str) -> &'static str {
    match generator {
        "blocked" => "x: the mean allowed squares per row and column, N − blocks/N",
        "completion" => "x: the queens given",
        _ => "x: the diagonals excluded",
    }
}

/// One size's line through `points`, sorted by x; none without points.
fn size_line(style: SeriesStyle, mut points: Vec<(f64, f64)>) -> Option<Layer> {
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    (!points.is_empty()).then_some(Layer::Line {
        style,
        points,
        width: 2,
        opacity: 0.9,
        markers: true,
    })
}

/// The chart of one generator's runs.
fn figure(
    data: &ExperimentData,
    measure: Measure,
    generator: &str,
    runs: &[&Placed<'_>],
) -> Result<Figure, Skip> {
    let sizes: BTreeSet<u64> = runs.iter().map(|p| p.run.n).collect();
    let style_of = |i: usize| SeriesStyle {
        colour: PALETTE[i % PALETTE.len()],
        marker: Marker::ALL[i % Marker::ALL.len()],
        dash: Dash::ALL[0],
    };
    let x = Axis::padded(x_title(generator), Scale::Linear, runs.iter().map(|p| p.x))
        .ok_or(Skip::NothingToPlace)?;
    // Each instance's answer: Some(true) solvable, Some(false) proved not.
    let mut answers: BTreeMap<(u64, &str), (f64, Option<bool>)> = BTreeMap::new();
    for p in runs {
        let entry = answers
            .entry((p.run.n, p.run.instance.as_str()))
            .or_insert((p.x, None));
        if p.run.solved {
            entry.1 = Some(true);
        } else if p.run.stop_reason == StopReason::Exhausted && entry.1.is_none() {
            entry.1 = Some(false);
        }
    }
    let undecided = answers.values().filter(|(_, a)| a.is_none()).count();
    let mut solvable_layers = Vec::new();
    for (i, &n) in sizes.iter().enumerate() {
        let mut by_x: BTreeMap<u64, (f64, u64, u64)> = BTreeMap::new();
        for ((_, _), (xv, answer)) in answers.range((n, "")..).take_while(|((m, _), _)| *m == n) {
            if let Some(solvable) = answer {
                let cell = by_x.entry(xv.to_bits()).or_insert((*xv, 0, 0));
                cell.1 += u64::from(*solvable);
                cell.2 += 1;
            }
        }
        let points: Vec<(f64, f64)> = by_x
            .values()
            .map(|&(xv, yes, all)| (xv, yes as f64 / all as f64))
            .collect();
        solvable_layers.extend(size_line(style_of(i), points));
    }
    let decided = answers.len() - undecided;
    let mut panels = vec![Panel {
        caption: "instances with a solution".to_owned(),
        x: x.clone(),
        y: Axis::fraction("with a solution (%)"),
        layers: solvable_layers,
        note: (undecided > 0).then(|| {
            format!("{undecided} of {} instances undecided: no label solved them and no exact search proved them unsolvable", answers.len())
        }),
    }];
    let mut labels: Vec<&str> = runs
        .iter()
        .map(|p| p.run.label.as_str())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let order = |label: &str| {
        data.label_order
            .iter()
            .position(|l| l == label)
            .unwrap_or(usize::MAX)
    };
    labels.sort_by_key(|l| (order(l), l.to_string()));
    let mut all_work = Vec::new();
    let mut label_layers = Vec::new();
    for label in &labels {
        let mut layers = Vec::new();
        let mut zero = BTreeSet::new();
        for (i, &n) in sizes.iter().enumerate() {
            let mut cells: BTreeMap<u64, (f64, Vec<f64>)> = BTreeMap::new();
            for p in runs
                .iter()
                .filter(|p| p.run.label == *label && p.run.n == n)
            {
                if let Some(work) = measure.work(p.run) {
                    cells
                        .entry(p.x.to_bits())
                        .or_insert((p.x, Vec::new()))
                        .1
                        .push(work);
                }
            }
            let mut points: Vec<(f64, f64)> = cells
                .into_values()
                .filter_map(|(xv, work)| Some((xv, quantile_sorted(&sorted(&work), 0.5)?)))
                .collect();
            zero.extend(
                points
                    .iter()
                    .filter(|p| p.1 <= 0.0)
                    .map(|p| format!("{}", p.0)),
            );
            points.retain(|p| p.1 > 0.0);
            all_work.extend(points.iter().map(|p| p.1));
            layers.extend(size_line(style_of(i), points));
        }
        let note = (!zero.is_empty()).then(|| {
            format!(
                "median {} of 0 at x = {}: no place on the log axis",
                measure.name(),
                zero.into_iter().collect::<Vec<_>>().join(", ")
            )
        });
        label_layers.push((label.to_string(), layers, note));
    }
    let unit = measure.name();
    let y = Axis::fit(
        &format!("median {unit}"),
        Scale::Log,
        all_work.iter().map(|w| w.max(1.0)),
    )
    .ok_or(Skip::NothingToPlace)?;
    for (label, layers, note) in label_layers {
        panels.push(Panel {
            caption: label,
            x: x.clone(),
            y: y.clone(),
            layers,
            note,
        });
    }
    let instances = answers.len();
    Ok(Figure {
        stem: format!("phase-{generator}"),
        title: format!("{}: phase transition of {generator} instances", data.name),
        subtitle: format!(
            "{}; top: share of the {decided} decided instances (of {instances}) with a solution; then each label's median {unit} over all its trials, failed ones counting the work until their budget; one line per N",
            x_meaning(generator)
        ),
        legend: sizes
            .iter()
            .enumerate()
            .map(|(i, n)| (format!("N = {n}"), style_of(i)))
            .collect(),
        panels,
        shared_y: false,
        colour_bar: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::trials::tests::{experiment, run};

    /// A run of `label` at N = 10 on blocked instance `seed` with `blocks`
    /// blocks: solved with `checks`, or proved unsolvable (`None` with
    /// `proved`), or out of budget.
    fn on_instance(
        label: &str,
        trial: u64,
        blocks: u64,
        checks: Option<u64>,
        proved: bool,
    ) -> RunRecord {
        let mut r = run(label, 10, trial, checks);
        r.instance = format!("blocked(blocks={blocks},min_free=1,seed={trial})");
        if proved {
            r.stop_reason = StopReason::Exhausted;
        }
        r
    }

    #[test]
    fn the_share_with_a_solution_counts_each_instance_once_and_the_cost_is_the_median_of_all_trials()
     {
        // Two values of x: 30 blocks (x = 7) and 60 blocks (x = 4). At x = 7
        // both instances are solved by "exact" and "local"; at x = 4 one is
        // proved unsolvable by "exact" (and failed by "local"), the other
        // solved by "local" only (the exact search failed too: still
        // decided, as solvable).
        let runs = vec![
            on_instance("exact", 0, 30, Some(10), false),
            on_instance("exact", 1, 30, Some(30), false),
            on_instance("exact", 2, 60, None, true),
            on_instance("exact", 3, 60, None, false),
            on_instance("local", 0, 30, Some(100), false),
            on_instance("local", 1, 30, Some(300), false),
            on_instance("local", 2, 60, None, false),
            on_instance("local", 3, 60, Some(500), false),
            run("plain", 10, 0, Some(5)),
        ];
        let data = experiment(runs);
        let placed = placed_runs(&data.runs);
        assert_eq!(placed.len(), 8, "the plain run has no place");
        let refs: Vec<&Placed<'_>> = placed.iter().collect();
        let figure = figure(&data, Measure::Checks, "blocked", &refs).expect("a chart");
        assert_eq!(figure.stem, "phase-blocked");
        let captions: Vec<&str> = figure.panels.iter().map(|p| p.caption.as_str()).collect();
        assert_eq!(captions, ["instances with a solution", "exact", "local"]);
        let Layer::Line { points, .. } = &figure.panels[0].layers[0] else {
            panic!("a line");
        };
        assert_eq!(points, &[(4.0, 0.5), (7.0, 1.0)]);
        assert_eq!(figure.panels[0].note, None);
        // "exact" at x = 4: medians of 1e9 (budget, failed) and 1e9; at
        // x = 7: median of 10 and 30.
        let Layer::Line { points, .. } = &figure.panels[1].layers[0] else {
            panic!("a line");
        };
        assert_eq!(points, &[(4.0, 1e9), (7.0, 20.0)]);
        let Layer::Line { points, .. } = &figure.panels[2].layers[0] else {
            panic!("a line");
        };
        assert_eq!(points, &[(4.0, (1e9 + 500.0) / 2.0), (7.0, 200.0)]);
    }

    #[test]
    fn an_experiment_of_plain_runs_gets_no_chart_and_no_note() {
        let data = experiment(vec![run("a", 8, 0, Some(5)), run("a", 10, 0, Some(7))]);
        assert!(placed_runs(&data.runs).is_empty());
    }
}
