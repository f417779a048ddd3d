//! The parameter charts, the view of cocopp's `ppfigparam`: for each swept
//! parameter, the ERT in the chosen measure (log y) and the share of trials
//! solved (with Wilson 95% intervals) against the parameter's value, one
//! line per N, as `param-<key>.svg` (and PNG, PDF).
//!
//! A parameter counts as swept when two labels of one algorithm and one
//! budget have parameters (the `params` column of summary.csv) that differ
//! in that key alone, and each label names its value (`t0=0.5`), as the
//! labels of a config sweep do (`annealing t0=0.5 alpha=0.99`); so
//! hand-named variants such as `repair (blog)` and `repair (clearing)`
//! draw no parameter chart. The labels that differ in the other keys too
//! (a cross of `t0` and `alpha`) are drawn as one line per N and value of
//! the others (`N = 16, alpha=0.99`): colour and marker by N, dash by the
//! others.
//!
//! The x axis is logarithmic when the values are positive numbers spanning
//! a factor of 10 or more, linear otherwise, and categorical (the words in
//! sorted order, points without lines, as their order means nothing, the
//! series side by side around each word) when a value is not a number. A
//! cell without a solved trial has an infinite ERT, marked "∞" in a row
//! of a strip above the log scale, ticked "∞ (none solved)"; a cell with some failed trials is hollow with its
//! solved/trials beside it.

use std::collections::{BTreeMap, BTreeSet};

use crate::base::records::SummaryRow;

use super::axis::{Axis, Scale};
use super::data::ExperimentData;
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, Keyed, MeasureUse, Needs, Stem};
use super::panel::{Interval, Layer, Mark, Panel};
use super::phrases::sizes_text;
use super::series::{Field, INFINITE_STRIP, measured, unsolved_strip};
use super::sizes::{Chosen, chosen_sizes};
use super::skip::Skip;
use super::style::{Dash, Marker, PALETTE, SeriesStyle};
use crate::base::records::Measure;

/// The parameter charts' kind: one per swept key.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::PerKey("param-"),
    name: "parameter",
    caption: "Cost and success against the swept parameter {key}: the ERT (∞: no trial solved) and the share of trials solved with 95% Wilson intervals, one line per board size.",
    alt: "Line charts of the expected running time and the success rate against the value of {key}, one line per board size N.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: true,
        traces: false,
        comparison: false,
    },
    build: Build::PerKey(figures),
};

/// With at most this many distinct values, each has its own tick.
const MAX_VALUE_TICKS: usize = 12;
/// On a categorical axis the series around one word spread over this
/// width (the words are 1 apart).
const DODGE_SPAN: f64 = 0.4;

/// A label's parameters, `params` column read into key → value text.
fn parse_params(text: &str) -> BTreeMap<&str, &str> {
    text.split(';')
        .filter_map(|pair| pair.split_once('='))
        .collect()
}

/// What identifies a label apart from its parameters: (algorithm, budget).
type Family<'a> = (&'a str, &'a str);

/// The labels drawn as one family of lines: their family and the values
/// of their other parameters.
type Group<'a> = (Family<'a>, BTreeMap<&'a str, &'a str>);

/// Where a value of the swept parameter sits on the x axis.
type Position<'v> = Box<dyn Fn(&str) -> Option<f64> + 'v>;

/// One label as the parameter charts see it.
struct Config<'a> {
    label: &'a str,
    family: Family<'a>,
    params: BTreeMap<&'a str, &'a str>,
}

impl Config<'_> {
    /// Whether the label names the value of `key`, as a sweep's label does.
    fn names(&self, key: &str) -> bool {
        self.params.get(key).is_some_and(|value| {
            let word = format!("{key}={value}");
            self.label.split(' ').any(|w| w == word)
        })
    }

    /// The parameters other than `key`.
    fn others(&self, key: &str) -> BTreeMap<&str, &str> {
        let mut others = self.params.clone();
        others.remove(key);
        others
    }
}

/// Every label of `rows` once, with its algorithm, budget and parameters.
fn configs(rows: &[SummaryRow]) -> Vec<Config<'_>> {
    let mut seen = BTreeSet::new();
    rows.iter()
        .filter(|r| seen.insert(r.label.as_str()))
        .map(|r| Config {
            label: &r.label,
            family: (&r.algorithm, &r.budget),
            params: parse_params(&r.params),
        })
        .collect()
}

/// The swept keys of `configs`, sorted: those in which two labels of one
/// family differ alone, each label naming its value.
fn swept_keys(configs: &[Config<'_>]) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (i, a) in configs.iter().enumerate() {
        for b in &configs[i + 1..] {
            if a.family != b.family {
                continue;
            }
            let all: BTreeSet<&str> = a.params.keys().chain(b.params.keys()).copied().collect();
            let differing: Vec<&str> = all
                .into_iter()
                .filter(|k| a.params.get(k) != b.params.get(k))
                .collect();
            if let [key] = differing.as_slice()
                && a.names(key)
                && b.names(key)
            {
                keys.insert((*key).to_owned());
            }
        }
    }
    keys
}

/// The parameter charts: one figure (or why not) per swept key, in key
/// order, each with its key; none without a sweep. The sizes are those
/// chosen with `--n`, otherwise the default choice over the swept labels'
/// cells.
fn figures(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Vec<Keyed> {
    let data = inputs.data;
    let configs = configs(&data.summary);
    swept_keys(&configs)
        .into_iter()
        .filter(|key| crate::base::records::is_safe_name(key))
        .map(|key| {
            let figure = figure(data, inputs.measure, inputs.chosen, &configs, &key);
            (key, figure)
        })
        .collect()
}

/// One line of a parameter chart: the labels of one family and one value
/// of the other keys, at one N.
struct Line<'a> {
    name: String,
    style: SeriesStyle,
    /// (x value, summary row), by increasing x.
    cells: Vec<(f64, &'a SummaryRow)>,
}

/// The labels of a parameter chart: those naming a value of the key, by
/// family and the values of the other keys, each group two labels or
/// more.
type Groups<'c> = BTreeMap<Group<'c>, Vec<&'c Config<'c>>>;

/// The parameter chart of `key`: the ERT and success panels, one line per
/// group of labels and N, or why there is none.
fn figure(
    data: &ExperimentData,
    measure: Measure,
    chosen: &Chosen,
    configs: &[Config<'_>],
    key: &str,
) -> Result<Figure, Skip> {
    let measured = measured(data, measure)?;
    let groups = sweep_groups(configs, key, &measured.labels, measure)?;
    let members: BTreeSet<&str> = groups.values().flatten().map(|c| c.label).collect();
    let sizes = if chosen.requested {
        chosen.sizes.clone()
    } else {
        chosen_sizes(
            data.summary
                .iter()
                .filter(|r| members.contains(r.label.as_str()))
                .map(|r| (r.label.as_str(), r.n)),
        )
    };
    let values: BTreeSet<&str> = groups
        .values()
        .flatten()
        .filter_map(|c| c.params.get(key).copied())
        .collect();
    let (x, position) = value_axis(key, &values)?;
    let lines = lines(data, &groups, &sizes, key, &x, &position);
    if lines.is_empty() {
        return Err(Skip::NoSweepTrials {
            key: key.to_owned(),
            sizes,
        });
    }
    let ert = ert_panel(
        &lines,
        &x,
        &measured.unit,
        measured.columns.ert,
        measured.format,
    );
    let success = success_panel(&lines, &x);
    let sizes_phrase = sizes_phrase(data, chosen, &sizes, &members);
    Ok(Figure {
        stem: format!("param-{key}"),
        title: format!("{}: cost and success against {key}", data.name),
        subtitle: format!(
            "ERT = work of all trials / successes, in {}; hollow: some trials failed; ∞: none solved; success with Wilson 95% intervals; one line per N: {sizes_phrase}",
            measured.unit
        ),
        legend: lines.iter().map(|l| (l.name.clone(), l.style)).collect(),
        panels: vec![ert, success],
        shared_y: false,
        colour_bar: None,
    })
}

/// The labels among `configs` naming a value of `key` and measured
/// (`labels`), grouped by family and the values of the other keys; the
/// groups of two labels or more, or why there is none.
fn sweep_groups<'c>(
    configs: &'c [Config<'_>],
    key: &str,
    labels: &BTreeSet<&str>,
    measure: Measure,
) -> Result<Groups<'c>, Skip> {
    let mut groups: Groups<'c> = BTreeMap::new();
    for config in configs.iter().filter(|c| c.names(key)) {
        if labels.contains(config.label) {
            let group = (config.family, config.others(key));
            groups.entry(group).or_default().push(config);
        }
    }
    groups.retain(|_, members| members.len() >= 2);
    if groups.is_empty() {
        return Err(Skip::NoSweepLabels {
            measure: measure.name(),
            key: key.to_owned(),
        });
    }
    Ok(groups)
}

/// One [`Line`] per group and N of `sizes` that has a cell: the group's
/// labels at that N, each at the `position` of its value of `key` on `x`
/// (on a categorical axis moved sideways, so that no series hides
/// another), by increasing x; colour and marker by N, dash by group.
fn lines<'d>(
    data: &'d ExperimentData,
    groups: &Groups<'_>,
    sizes: &[u64],
    key: &str,
    x: &Axis,
    position: &Position<'_>,
) -> Vec<Line<'d>> {
    let group_names = group_names(groups.keys().collect());
    // On a categorical axis the series sit side by side around each word,
    // so none hides another.
    let series = groups.len() * sizes.len();
    let dodge = |s: usize| {
        if x.names.is_empty() || series < 2 {
            0.0
        } else {
            (s as f64 / (series - 1) as f64 - 0.5) * DODGE_SPAN
        }
    };
    let mut lines = Vec::new();
    for (g, ((_, _), members)) in groups.iter().enumerate() {
        for (i, &n) in sizes.iter().enumerate() {
            let offset = dodge(g * sizes.len() + i);
            let mut cells: Vec<(f64, &SummaryRow)> = members
                .iter()
                .filter_map(|c| {
                    let row = data
                        .summary
                        .iter()
                        .find(|r| r.label == c.label && r.n == n)?;
                    Some((position(c.params.get(key)?)? + offset, row))
                })
                .collect();
            if cells.is_empty() {
                continue;
            }
            cells.sort_by(|a, b| a.0.total_cmp(&b.0));
            let name = match &group_names[g] {
                others if others.is_empty() => format!("N = {n}"),
                others => format!("N = {n}, {others}"),
            };
            lines.push(Line {
                name,
                style: SeriesStyle {
                    colour: PALETTE[i % PALETTE.len()],
                    marker: Marker::ALL[i % Marker::ALL.len()],
                    dash: Dash::ALL[g % Dash::ALL.len()],
                },
                cells,
            });
        }
    }
    lines
}

/// The subtitle's account of the `sizes` drawn: chosen with --n, or the
/// default choice, narrowed when the swept labels (`members`) have trials
/// at more sizes.
fn sizes_phrase(
    data: &ExperimentData,
    chosen: &Chosen,
    sizes: &[u64],
    members: &BTreeSet<&str>,
) -> String {
    if chosen.requested {
        format!("{} (chosen with --n)", sizes_text(sizes))
    } else {
        Chosen {
            narrowed: sizes.len() < members_sizes(data, members),
            sizes: sizes.to_vec(),
            requested: false,
        }
        .describe()
    }
}

/// How many sizes the swept labels have trials at.
fn members_sizes(data: &ExperimentData, members: &BTreeSet<&str>) -> usize {
    data.summary
        .iter()
        .filter(|r| members.contains(r.label.as_str()))
        .map(|r| r.n)
        .collect::<BTreeSet<_>>()
        .len()
}

/// For each group, what tells it from the others: the algorithm when the
/// groups have several, the budget likewise, and `key=value` for each other
/// parameter whose value differs between groups ("" for a single group).
fn group_names(groups: Vec<&Group<'_>>) -> Vec<String> {
    let varies = |f: &dyn Fn(&Group<'_>) -> Option<String>| {
        groups.iter().map(|g| f(g)).collect::<BTreeSet<_>>().len() > 1
    };
    let keys: BTreeSet<&str> = groups.iter().flat_map(|(_, o)| o.keys().copied()).collect();
    let differing: Vec<&str> = keys
        .into_iter()
        .filter(|k| varies(&|(_, o)| o.get(k).map(|v| (*v).to_owned())))
        .collect();
    let algorithms = varies(&|((a, _), _)| Some((*a).to_owned()));
    let budgets = varies(&|((_, b), _)| Some((*b).to_owned()));
    groups
        .iter()
        .map(|((algorithm, budget), others)| {
            let mut parts = Vec::new();
            if algorithms {
                parts.push((*algorithm).to_owned());
            }
            if budgets {
                parts.push(format!("budget {budget}"));
            }
            for k in &differing {
                parts.push(format!("{k}={}", others.get(k).unwrap_or(&"–")));
            }
            parts.join(", ")
        })
        .collect()
}

/// The x axis of `key` over `values`, and each value's position on it:
/// numeric (log from a factor of 10 between positive values) or, when a
/// value is not a number, categorical with the words in sorted order.
fn value_axis<'v>(key: &str, values: &'v BTreeSet<&str>) -> Result<(Axis, Position<'v>), Skip> {
    let parsed: Option<Vec<f64>> = values.iter().map(|v| v.parse::<f64>().ok()).collect();
    let parsed = parsed.filter(|p| p.iter().all(|x| x.is_finite()));
    let Some(numbers) = parsed else {
        let words: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        let mut axis = Axis::padded(key, Scale::Linear, [1.0, words.len() as f64])
            .ok_or(Skip::NothingToPlace)?;
        (axis.lo, axis.hi) = (0.5, words.len() as f64 + 0.5);
        axis.ticks = Some((1..=words.len()).map(|p| p as f64).collect());
        axis.names = words;
        let position = move |v: &str| values.iter().position(|w| *w == v).map(|i| i as f64 + 1.0);
        return Ok((axis, Box::new(position)));
    };
    let (lo, hi) = numbers
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        });
    let scale = if lo > 0.0 && hi / lo >= 10.0 {
        Scale::Log
    } else {
        Scale::Linear
    };
    let mut axis = if numbers.len() <= MAX_VALUE_TICKS {
        let mut axis =
            Axis::padded(key, scale, numbers.iter().copied()).ok_or(Skip::NothingToPlace)?;
        axis.ticks = Some(numbers.iter().filter_map(|&x| axis.display(x)).collect());
        axis
    } else {
        Axis::fit(key, scale, numbers.iter().copied()).ok_or(Skip::NothingToPlace)?
    };
    axis.label = format!("{key} (parameter value)");
    Ok((axis, Box::new(|v: &str| v.parse().ok())))
}

/// The ERT panel: one line per [`Line`] (points only on a categorical
/// axis), log y, a cell without a success marked "∞" in a row of its line
/// in a strip above the log scale (see [`unsolved_strip`]).
fn ert_panel(
    lines: &[Line<'_>],
    x: &Axis,
    unit: &str,
    ert: Field,
    format: super::axis::TickFormat,
) -> Panel {
    let value = |r: &SummaryRow| ert.of(r).filter(|v| *v > 0.0);
    let mut layers = Vec::new();
    let mut y_values = Vec::new();
    let mut unsolved = Vec::new();
    for line in lines {
        let points: Vec<Option<(f64, f64)>> = line
            .cells
            .iter()
            .map(|(x, r)| Some((*x, value(r)?)))
            .collect();
        for piece in points.split(Option::is_none) {
            let piece: Vec<(f64, f64)> = piece.iter().flatten().copied().collect();
            if piece.len() >= 2 && x.names.is_empty() {
                layers.push(Layer::Line {
                    style: line.style,
                    points: piece,
                    width: 2,
                    opacity: 1.0,
                    markers: false,
                });
            }
        }
        let mut marks = Vec::new();
        let mut infinite = Vec::new();
        for &(x, row) in &line.cells {
            let Some(v) = value(row) else {
                infinite.push(x);
                continue;
            };
            y_values.push(v);
            let failed = row.successes < row.trials;
            marks.push(Mark {
                x,
                y: v,
                hollow: failed,
                text: failed.then(|| format!("{}/{}", row.successes, row.trials)),
                first: false,
            });
        }
        layers.push(Layer::Marks {
            style: line.style,
            marks,
        });
        if !infinite.is_empty() {
            unsolved.push((line.style, infinite));
        }
    }
    let y_label = format!("ERT ({unit})");
    let note = y_values
        .is_empty()
        .then(|| "no trial solved: ERT is ∞ everywhere".to_owned());
    let mut y = Axis::fit(&y_label, Scale::Log, y_values).unwrap_or(Axis {
        label: y_label.clone(),
        scale: Scale::Log,
        format,
        lo: 0.0,
        hi: 1.0,
        ticks: None,
        minor: None,
        names: Vec::new(),
        named: Vec::new(),
    });
    y.format = format;
    if !unsolved.is_empty() {
        let (strip, rows) = unsolved_strip(&mut y, unsolved.len(), INFINITE_STRIP);
        layers.insert(0, strip);
        for ((style, xs), row) in unsolved.into_iter().zip(rows) {
            let marks = xs
                .into_iter()
                .map(|x| Mark {
                    x,
                    y: row,
                    hollow: true,
                    text: Some("∞".to_owned()),
                    first: true,
                })
                .collect();
            layers.push(Layer::Marks { style, marks });
        }
    }
    Panel {
        caption: format!("ERT in {unit}"),
        x: x.clone(),
        y,
        layers,
        note,
    }
}

/// The success panel: the share solved per [`Line`] with Wilson 95%
/// intervals (points only on a categorical axis); a cell whose rate is
/// `NA` (every trial a proof that no solution exists, or no trial) has no
/// point.
fn success_panel(lines: &[Line<'_>], x: &Axis) -> Panel {
    let mut layers = Vec::new();
    for line in lines.iter().filter(|_| x.names.is_empty()) {
        layers.push(Layer::Line {
            style: line.style,
            points: line
                .cells
                .iter()
                .filter_map(|(x, r)| Some((*x, r.success_rate?)))
                .collect(),
            width: 1,
            opacity: 0.6,
            markers: false,
        });
    }
    for line in lines {
        layers.push(Layer::Intervals {
            style: line.style,
            bars: line
                .cells
                .iter()
                .filter_map(|(x, r)| {
                    Some(Interval {
                        x: *x,
                        low: r.success_ci_low?,
                        mid: r.success_rate?,
                        high: r.success_ci_high?,
                    })
                })
                .collect(),
        });
    }
    Panel {
        caption: "Success rate".to_owned(),
        x: x.clone(),
        y: Axis::fraction("trials solved (%)"),
        layers,
        note: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config<'a>(label: &'a str, algorithm: &'a str, params: &'a str) -> Config<'a> {
        Config {
            label,
            family: (algorithm, "max_steps=100"),
            params: parse_params(params),
        }
    }

    #[test]
    fn a_key_is_swept_when_labels_name_it_and_differ_in_it_alone() {
        let configs = [
            config("sa t0=1 alpha=0.9", "annealing", "alpha=0.9;t0=1"),
            config("sa t0=2 alpha=0.9", "annealing", "alpha=0.9;t0=2"),
            config("sa t0=2 alpha=0.8", "annealing", "alpha=0.8;t0=2"),
            config("repair (blog)", "naive-repair", "clear=false;variant=blog"),
            config(
                "repair (clearing)",
                "naive-repair",
                "clear=true;variant=blog",
            ),
            config("ga t0=1", "genetic", "t0=5"),
        ];
        let keys: Vec<String> = swept_keys(&configs).into_iter().collect();
        assert_eq!(keys, ["alpha", "t0"]);
        assert!(swept_keys(&configs[3..]).is_empty());
    }

    #[test]
    fn groups_are_told_apart_by_what_differs() {
        let a = (
            ("annealing", "b"),
            BTreeMap::from([("alpha", "0.9"), ("v", "p")]),
        );
        let b = (
            ("annealing", "b"),
            BTreeMap::from([("alpha", "0.8"), ("v", "p")]),
        );
        assert_eq!(group_names(vec![&a, &b]), ["alpha=0.9", "alpha=0.8"]);
        assert_eq!(group_names(vec![&a]), [""]);
    }

    #[test]
    fn the_value_axis_is_log_from_a_factor_of_ten_and_words_are_categories() {
        let values = BTreeSet::from(["0.5", "5"]);
        let (axis, position) = value_axis("t0", &values).unwrap();
        assert_eq!(axis.scale, Scale::Log);
        assert_eq!(position("5"), Some(5.0));
        let values = BTreeSet::from(["1", "2", "4"]);
        assert_eq!(value_axis("t0", &values).unwrap().0.scale, Scale::Linear);
        let values = BTreeSet::from(["random", "blog"]);
        let (axis, position) = value_axis("variant", &values).unwrap();
        assert_eq!(axis.names, ["blog", "random"]);
        assert_eq!(position("random"), Some(2.0));
        assert_eq!(axis.tick_label(1.0), "blog");
    }
}
