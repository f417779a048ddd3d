//! The ERT chart: expected running time (COCO: the work of all trials, failed
//! ones included, divided by the number of successes) against N in the
//! chosen measure (`--measure`, checks by default; log y), with its
//! bootstrap interval where summary.csv has one (from 10 solved trials up).
//! A cell with failed trials has a hollow marker and its solved/trials
//! beside it; a cell with none solved, an infinite ERT, is marked "∞" in
//! a strip above the log scale, named "∞ (none solved)" on the y axis.

use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::series::{Statistic, StatisticChart, Unsolved, measured, statistic_figure};
use super::skip::Skip;

/// The ERT chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("ert"),
    name: "ERT",
    caption: "Expected running time (ERT) against board size: the work per solution counting failed trials, with its bootstrap 95% interval; ∞: no trial solved.",
    alt: "Line chart of the expected running time of each algorithm against the board size N, log scale.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The ERT figure, or why there is none.
fn figure(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let data = inputs.data;
    let measured = measured(data, inputs.measure)?;
    let chart = StatisticChart {
        stem: "ert",
        title: "expected running time",
        subtitle: "ERT = work of all trials / successes; band: bootstrap 95% interval (from 10 solved); hollow: some trials failed; ∞: none solved".to_owned(),
        statistics: vec![Statistic {
            caption: format!("ERT in {}", measured.unit),
            y_label: format!("expected {} to a solution", measured.unit),
            format: measured.format,
            value: measured.columns.ert,
            band: Some(measured.columns.ert_interval),
            unsolved: Unsolved::Infinite,
        }],
        empty: Skip::NoSuccess,
    };
    statistic_figure(data, inputs.styles, &chart, &measured.labels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::outcome::StopReason;
    use crate::base::records::RunRecord;
    use crate::plot::panel::Layer;
    use crate::plot::trials::tests::{build, experiment, run};

    #[test]
    fn proofs_are_points_and_unknown_work_is_no_infinity() {
        // "bt" proves N = 2 has no solution in 6 checks and solves N = 8 in
        // 40; "ext" is stopped by its budget at N = 2, and at N = 8 solves
        // one trial and has the other killed at its time limit (work
        // unknown). Marks: bt at 6 and 40, solid; ext's N = 8 has no mark
        // (its ERT is unknown, not infinite) and the note names it.
        let killed = RunRecord {
            stop_reason: StopReason::BudgetTime,
            checks: 0,
            work_known: false,
            ..run("ext", 8, 1, None)
        };
        let runs = vec![
            RunRecord {
                stop_reason: StopReason::Exhausted,
                checks: 6,
                ..run("bt", 2, 0, None)
            },
            run("bt", 8, 0, Some(40)),
            run("ext", 2, 0, None),
            run("ext", 8, 0, Some(30)),
            killed,
        ];
        let figure = build(&KIND, &experiment(runs)).expect("a chart");
        let panel = &figure.panels[0];
        let marks: Vec<(f64, f64, bool)> = panel
            .layers
            .iter()
            .filter_map(|l| match l {
                Layer::Marks { marks, .. } => Some(marks.iter().map(|m| (m.x, m.y, m.hollow))),
                _ => None,
            })
            .flatten()
            .filter(|m| m.1 < 1e6)
            .collect();
        assert!(
            marks.contains(&(2.0, 6.0, false)),
            "the proof at its work: {marks:?}"
        );
        assert!(marks.contains(&(8.0, 40.0, false)), "{marks:?}");
        assert!(
            !marks.iter().any(|m| m.0 == 8.0 && m.1 != 40.0),
            "{marks:?}"
        );
        let note = panel.note.as_deref().expect("a note");
        assert!(
            note.starts_with("ext at N = 8: NA, 1 of 2 trials were killed"),
            "{note}"
        );
    }
}
