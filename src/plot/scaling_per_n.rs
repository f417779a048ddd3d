//! The scaling chart normalised by N: the median of the chosen measure
//! (`--measure`, checks by default) over solved trials divided by N, the
//! work per queen, against N (log y), with its 10th–90th percentile band
//! (from 10 solved trials up) and each label's fitted power law
//! ([`crate::analysis::growth`]) as a thin line over the sizes it was fitted
//! on. Dividing by N (rather than N^k for another k) makes linear growth a
//! flat line: local search repairs a board in about N steps, so the per-queen
//! work says at once whether a label keeps that pace, and the slope here is
//! the growth exponent less 1. The legend gives each label's exponent with
//! the half-width of its 95% t-interval and the sizes fitted ("label ~
//! N^1.23±0.12, N 8–64 (5)": only sizes where every trial solved),
//! or, when the slopes over the two halves of those sizes disagree, both
//! slopes and the word "curved" (and no fitted line), or why it has none
//! (fewer than five sizes where every trial solved). A legend entry too
//! long for the line is broken onto a second, never cut. Hollow markers, solved/trials beside
//! them and the strip of cells with no solved trial are the scaling
//! chart's. Skipped ([`Skip::OneSize`]) when every trial is at one size.

use std::collections::BTreeSet;

use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::Layer;
use super::scaling::capitalised;
use super::series::{
    Statistic, Unsolved, columns, legend, measured, statistic_panel, summary_by_label,
};
use super::skip::Skip;
use crate::analysis::growth::{MIN_FIT_SIZES, NoFit, PowerLaw, growth_by_label};
use crate::base::records::{Measure, MeasureSummary, SummaryRow};

/// The chart kind of the scaling normalised by N.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("scaling-per-n"),
    name: "scaling per N",
    caption: "Work per queen against board size: the median over solved trials divided by N (checks unless another measure was chosen; flat = linear growth) with its 10th–90th percentile band, and each label's power law fitted by least squares to log median against log N over the sizes where every trial solved (thin line); the legend gives the growth exponent b of the median itself (work ~ N^b) with its 95% t-interval from the regression and the sizes fitted (no exponent below 5 such sizes), or, when the slopes over the lower and upper half of the sizes differ by more than 0.2, both slopes marked curved (and no line); hollow markers: some trials failed; the strip at the top: no trial solved.",
    alt: "Line chart of the median work divided by N of each algorithm against the board size N, log scale, with fitted power laws and their growth exponents in the legend.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The figure of the scaling normalised by N, or why there is none.
fn figure(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, measure) = (inputs.data, inputs.measure);
    let measured = measured(data, measure)?;
    let rows: Vec<SummaryRow> = data
        .summary
        .iter()
        .filter(|r| measured.labels.contains(r.label.as_str()))
        .cloned()
        .collect();
    let sizes: BTreeSet<u64> = rows.iter().map(|r| r.n).collect();
    match sizes.iter().collect::<Vec<_>>().as_slice() {
        [] => return Err(Skip::NoSizes),
        [n] => return Err(Skip::OneSize { n: **n }),
        _ => {}
    }
    let fits = growth_by_label(&rows, measure);
    let per_queen: Vec<SummaryRow> = rows.iter().map(|r| divided_by_n(r, measure)).collect();
    let groups = summary_by_label(&per_queen);
    let columns = columns(measure);
    let statistic = Statistic {
        caption: format!("{} per queen", capitalised(&measured.unit)),
        y_label: format!("median {} / N", measured.unit),
        format: measured.format,
        value: columns.median,
        band: Some(columns.percentiles),
        unsolved: Unsolved::Fraction,
    };
    let mut panel =
        statistic_panel(&groups, inputs.styles, &statistic).ok_or(Skip::NoSolvedCell)?;
    for (label, fit) in &fits {
        let (Ok(fit), Some(style), Some(rows)) = (fit, inputs.styles.of(label), groups.get(label))
        else {
            continue;
        };
        // One power law over a change of regime would mislead.
        if fit.curved {
            continue;
        }
        let points: Vec<(f64, f64)> = rows
            .iter()
            .map(|r| r.n as f64)
            .filter(|&n| fit.range.0 <= n && n <= fit.range.1)
            .map(|n| (n, fit.at(n) / n))
            .collect();
        panel.layers.push(Layer::Line {
            style,
            points,
            width: 1,
            opacity: 0.8,
            markers: false,
        });
    }
    let legend = legend(inputs.styles, groups.keys().copied())
        .into_iter()
        .map(|(label, style)| {
            let fit = fits.iter().find(|(l, _)| *l == label).map(|(_, f)| f);
            let text = match fit {
                Some(Ok(fit)) => format!("{label} {}", exponent_text(fit)),
                Some(Err(NoFit::TooFewSizes { sizes })) => {
                    format!("{label} (no fit: {sizes} of {MIN_FIT_SIZES} sizes)")
                }
                None => label,
            };
            (text, style)
        })
        .collect();
    Ok(Figure {
        stem: "scaling-per-n".to_owned(),
        title: format!("{}: work per queen and growth exponents", data.name),
        subtitle: format!(
            "median {} / N over solved trials; thin line: fitted power law; legend: {} ~ N^b ± the half-width of its 95% t-interval, the sizes fitted (how many): only sizes where every trial solved, at least 5; curved: the slopes of the lower and upper half differ by over 0.2; hollow: some trials failed; top strip: no trial solved",
            measured.unit, measured.unit
        ),
        legend,
        panels: vec![panel],
        shared_y: false,
        colour_bar: None,
    })
}

/// A growth exponent as the legend writes it, with the half-width of its
/// 95% t-interval (which is symmetric), the sizes it was fitted on (those
/// where every trial solved) and how many: "~ N^1.23±0.12, N 8–64 (5)"; a
/// curved fit gives the slope of the lower and the upper half instead:
/// "curved N^2.00→N^1.00, N 2–128 (7)" (the report's growth table gives
/// each half's sizes).
pub fn exponent_text(fit: &PowerLaw) -> String {
    if fit.curved {
        let [low, high] = fit.halves;
        return format!(
            "curved N^{:.2}→N^{:.2}, N {}–{} ({})",
            low.exponent, high.exponent, fit.range.0, fit.range.1, fit.sizes
        );
    }
    format!(
        "~ N^{:.2}±{:.2}, N {}–{} ({})",
        fit.exponent,
        (fit.interval.1 - fit.interval.0) / 2.0,
        fit.range.0,
        fit.range.1,
        fit.sizes
    )
}

/// `row` with the median and the 10th and 90th percentiles of `measure`
/// divided by its N.
fn divided_by_n(row: &SummaryRow, measure: Measure) -> SummaryRow {
    let mut row = row.clone();
    let n = row.n as f64;
    let block: &mut MeasureSummary = match measure {
        Measure::Checks => &mut row.checks,
        Measure::Seconds => &mut row.seconds,
        Measure::Steps => &mut row.steps,
        Measure::Evaluations => &mut row.evaluations,
    };
    for value in [&mut block.median, &mut block.p10, &mut block.p90] {
        *value = value.map(|v| v / n);
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::options::Style;
    use crate::plot::trials::tests::{build, experiment, run};

    #[test]
    fn the_legend_gives_each_growth_exponent_and_the_points_are_per_queen() {
        // "a": one trial a size, 4·N^1.5 checks (exact); "b": two sizes.
        let mut runs: Vec<_> = [4u64, 16, 64, 256, 1024]
            .iter()
            .map(|&n| run("a", n, 0, Some(4 * n * (n as f64).sqrt() as u64)))
            .collect();
        // "c": ~ N² to 32, then ~ N: curved.
        for n in [4u64, 8, 16, 32, 64, 128, 256] {
            runs.push(run("c", n, 0, Some(if n <= 32 { n * n } else { 32 * n })));
        }
        runs.push(run("b", 4, 0, Some(10)));
        runs.push(run("b", 16, 0, Some(20)));
        let figure = build(&KIND, &experiment(runs)).expect("a chart");
        let legend: Vec<&str> = figure.legend.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(
            legend,
            [
                "a ~ N^1.50±0.00, N 4–1024 (5)",
                "b (no fit: 2 of 5 sizes)",
                "c curved N^2.00→N^1.00, N 4–256 (7)",
            ]
        );
        // The legend is drawn whole, broken onto lines, never cut.
        crate::plot::style::register_fonts().expect("the embedded font");
        for style in [Style::Screen, Style::Paper] {
            let drawn = figure.colour_bar_drawn(style).expect("drawn");
            assert!(!drawn.svg.contains('…'), "a legend entry was cut");
            assert!(drawn.svg.contains("4–256"), "{}", drawn.svg);
        }
        let marks: Vec<(f64, f64)> = figure.panels[0]
            .layers
            .iter()
            .filter_map(|layer| match layer {
                Layer::Marks { marks, .. } => Some(marks.iter().map(|m| (m.x, m.y))),
                _ => None,
            })
            .flatten()
            .collect();
        // checks / N = 4·√N for "a"; 10/4 and 20/16 for "b"; N, then 32
        // for "c".
        assert_eq!(
            marks,
            [
                (4.0, 8.0),
                (16.0, 16.0),
                (64.0, 32.0),
                (256.0, 64.0),
                (1024.0, 128.0),
                (4.0, 2.5),
                (16.0, 1.25),
                (4.0, 4.0),
                (8.0, 8.0),
                (16.0, 16.0),
                (32.0, 32.0),
                (64.0, 32.0),
                (128.0, 32.0),
                (256.0, 32.0),
            ]
        );
        // A fitted line for "a" only: "c" is curved, "b" has no fit.
        let lines = figure.panels[0]
            .layers
            .iter()
            .filter(|l| matches!(l, Layer::Line { width: 1, .. }))
            .count();
        assert_eq!(lines, 1);
    }

    #[test]
    fn one_size_is_skipped_with_its_reason() {
        let runs = vec![run("a", 8, 0, Some(5)), run("a", 8, 1, Some(7))];
        match build(&KIND, &experiment(runs)) {
            Err(Skip::OneSize { n: 8 }) => {}
            other => panic!("expected one size skipped, got {other:?}"),
        }
    }
}
