//! The success chart: the share of trials solved against N, with Wilson 95%
//! intervals as error bars, as small multiples: one panel per label on
//! shared axes, so every point sits at its N and no two labels' whiskers
//! cover each other. A label with exactly one trial at each size
//! ([`single_trial_labels`]) has no panel, with a note: its panel would be
//! a fence of 0-or-100% points with one-trial Wilson bars, while the
//! scaling chart shows its runs' exact costs and, in its strip, the sizes
//! it did not solve; with no other label the chart is not drawn.
//!
//! A size whose success rate is `NA` has no point: where every trial
//! proved that no solution exists (N = 2 and 3) success is not defined,
//! and where every row was the program's error there is no trial. Its
//! panel's note names those sizes and why ([`missing_note`]), so a proof
//! is never drawn as a failure.

use crate::base::records::SummaryRow;

use super::axis::Axis;
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Interval, Layer, Panel};
use super::series::{legend, size_axis, summary_by_label};
use super::skip::Skip;

/// With more panels than this, they are small: the y axis is labelled at
/// 0, 50 and 100% only.
const SPARSE_TICKS_FROM: usize = 3;

/// The success chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("success"),
    name: "success",
    caption: "Success rate against board size, one panel per algorithm, with 95% Wilson intervals.",
    alt: "Small multiples of the share of trials that found a solution, per algorithm and board size.",
    needs: Needs {
        measure: MeasureUse::None,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The success-rate figure, or why there is none.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, styles) = (inputs.data, inputs.styles);
    let mut groups = summary_by_label(&data.summary);
    let single = single_trial_labels(&data.summary);
    if !single.is_empty() && single.len() == groups.len() {
        return Err(Skip::SingleTrials {
            single: single.len(),
            labels: groups.len(),
            instead: "a success rate of 0 or 100% with a one-trial Wilson interval says nothing the exact values do not; the scaling chart shows each label's exact cost at each N and, in its top strip, the sizes it did not solve",
        });
    }
    if !single.is_empty() {
        groups.retain(|label, _| !single.contains(label));
        notes.push(format!(
            "success chart: leaves out {} (one trial at each size: the scaling chart shows {} exact cost at each N and, in its top strip, the sizes {} did not solve)",
            single.join(", "),
            if single.len() == 1 { "its" } else { "their" },
            if single.len() == 1 { "it" } else { "they" },
        ));
    }
    let x = size_axis(data.summary.iter().map(|r| r.n)).ok_or(Skip::NoSizes)?;
    let mut y = Axis::fraction("trials solved (%)");
    if groups.len() > SPARSE_TICKS_FROM {
        y.ticks = Some(vec![0.0, 0.5, 1.0]);
    }
    // Panels in the legend's order (the config's), as every chart orders
    // its labels.
    let mut ordered: Vec<(&str, &Vec<&SummaryRow>)> =
        groups.iter().map(|(label, rows)| (*label, rows)).collect();
    ordered.sort_by_key(|(label, _)| styles.legend_key(label));
    let mut panels = Vec::new();
    for (label, rows) in ordered {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let line = Layer::Line {
            style,
            points: rows
                .iter()
                .filter_map(|r| Some((r.n as f64, r.success_rate?)))
                .collect(),
            width: 1,
            opacity: 0.6,
            markers: false,
        };
        let bars = Layer::Intervals {
            style,
            bars: rows
                .iter()
                .filter_map(|r| {
                    Some(Interval {
                        x: r.n as f64,
                        low: r.success_ci_low?,
                        mid: r.success_rate?,
                        high: r.success_ci_high?,
                    })
                })
                .collect(),
        };
        panels.push(Panel {
            caption: label.to_owned(),
            x: x.clone(),
            y: y.clone(),
            layers: vec![line, bars],
            note: missing_note(rows),
        });
    }
    let trials: Vec<u64> = groups.values().flatten().map(|r| r.trials).collect();
    let (fewest, most) = (
        trials.iter().min().copied().unwrap_or(0),
        trials.iter().max().copied().unwrap_or(0),
    );
    let trials_text = if fewest == most {
        format!("{most} trials per point")
    } else {
        format!("{fewest} to {most} trials per point")
    };
    Ok(Figure {
        stem: "success".to_owned(),
        title: format!("{}: success rate", data.name),
        subtitle: format!(
            "share of trials solved within the budget, with Wilson 95% intervals; one panel per label; {trials_text}"
        ),
        legend: legend(styles, groups.keys().copied()),
        panels,
        shared_y: true,
        colour_bar: None,
    })
}

/// The note of a panel whose rows have sizes without a success rate:
/// "proved no solution at N = 2, 3" where every trial was a proof, "no
/// trial (every row an error) at N = …" where there was none; `None` when
/// every size has a rate.
pub(super) fn missing_note(rows: &[&SummaryRow]) -> Option<String> {
    let sizes = |proofs: bool| -> Vec<String> {
        rows.iter()
            .filter(|r| r.success_rate.is_none() && (r.trials > 0) == proofs)
            .map(|r| r.n.to_string())
            .collect()
    };
    let mut parts = Vec::new();
    let proved = sizes(true);
    if !proved.is_empty() {
        parts.push(format!(
            "no point at N = {}: every trial proved no solution exists (success is not defined)",
            proved.join(", ")
        ));
    }
    let empty = sizes(false);
    if !empty.is_empty() {
        parts.push(format!(
            "no point at N = {}: every row was the program's error",
            empty.join(", ")
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The labels with exactly one trial at each size they ran (deterministic
/// labels, run once), sorted.
pub(super) fn single_trial_labels(summary: &[SummaryRow]) -> Vec<&str> {
    summary_by_label(summary)
        .into_iter()
        .filter(|(_, rows)| rows.iter().all(|r| r.trials == 1))
        .map(|(label, _)| label)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::outcome::StopReason;
    use crate::base::records::RunRecord;
    use crate::plot::trials::tests::{build, experiment, run};

    #[test]
    fn panels_follow_the_configs_order_not_the_alphabet() {
        let mut runs = Vec::new();
        for label in ["alpha", "zeta", "mid"] {
            for n in [8, 16] {
                runs.push(run(label, n, 0, Some(100)));
                runs.push(run(label, n, 1, None));
            }
        }
        let mut data = experiment(runs);
        data.label_order = vec!["zeta".to_owned(), "alpha".to_owned(), "mid".to_owned()];
        let figure = build(&KIND, &data).expect("a chart");
        let captions: Vec<&str> = figure.panels.iter().map(|p| p.caption.as_str()).collect();
        assert_eq!(captions, ["zeta", "alpha", "mid"]);
    }

    #[test]
    fn a_size_whose_trials_all_proved_no_solution_has_no_point_and_a_note() {
        // Two trials at each of N = 3 (both proofs), 8 and 16 (one solved
        // of two): points at 8 and 16 only, a note on N = 3.
        let proof = |trial| RunRecord {
            stop_reason: StopReason::Exhausted,
            checks: 18,
            ..run("bt", 3, trial, None)
        };
        let mut runs = vec![proof(0), proof(1)];
        for n in [8, 16] {
            runs.push(run("bt", n, 0, Some(100)));
            runs.push(run("bt", n, 1, None));
        }
        let figure = build(&KIND, &experiment(runs)).expect("a chart");
        let panel = &figure.panels[0];
        let line: Vec<(f64, f64)> = panel
            .layers
            .iter()
            .find_map(|l| match l {
                Layer::Line { points, .. } => Some(points.clone()),
                _ => None,
            })
            .expect("a line");
        assert_eq!(line, [(8.0, 0.5), (16.0, 0.5)], "no point at N = 3");
        let note = panel.note.as_deref().expect("a note");
        assert!(
            note.contains("no point at N = 3: every trial proved no solution exists"),
            "{note}"
        );
    }
}
