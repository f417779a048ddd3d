//! Hand-made rows of summary.csv and compare.csv for the tests of the
//! views drawn from them.

use crate::base::records::{CompareRow, MeasureSample, MeasureSummary, SummaryRow};

/// A sample of ERT `.1` whose other statistics are all `.0`.
struct Constant(Option<f64>, f64);

impl MeasureSample for Constant {
    fn mean(&self) -> Option<f64> {
        self.0
    }

    fn quantile(&self, _: f64) -> Option<f64> {
        self.0
    }

    fn median_interval(&self) -> Option<(f64, f64)> {
        None
    }

    fn ert(&self) -> Option<f64> {
        Some(self.1)
    }

    fn ert_interval(&self) -> Option<(f64, f64)> {
        None
    }

    fn heavy_tail(&self) -> bool {
        false
    }
}

/// A summary row of `label` at `n`: `successes` of `trials` solved, ERT
/// `ert` in every measure (its median too, when finite).
pub fn summary_row(label: &str, n: u64, trials: u64, successes: u64, ert: f64) -> SummaryRow {
    let block = MeasureSummary::of(&Constant(ert.is_finite().then_some(ert), ert));
    SummaryRow {
        label: label.into(),
        algorithm: "csp".into(),
        step_unit: "node".into(),
        params: "none".into(),
        budget: "unlimited".into(),
        n,
        trials,
        errors: 0,
        successes,
        proved: 0,
        unknown_work: 0,
        success_rate: Some(successes as f64 / trials as f64),
        success_ci_low: Some(0.0),
        success_ci_high: Some(1.0),
        steps: block,
        checks: block,
        evaluations: block,
        seconds: block,
    }
}

/// The row of compare.csv in checks of `a` against `b` at `n`, with its
/// verdict, Holm-corrected p and ERT-ratio interval (a over b).
pub fn pair(
    n: u64,
    (a, b): (&str, &str),
    verdict: &str,
    p_holm: f64,
    interval: Option<(f64, f64)>,
) -> CompareRow {
    CompareRow {
        measure: "checks".into(),
        n,
        label_a: a.into(),
        label_b: b.into(),
        trials_a: 10,
        trials_b: 10,
        successes_a: 10,
        successes_b: 10,
        u: 50.0,
        p: p_holm,
        method: "exact".into(),
        p_holm,
        significant: p_holm < 0.05,
        a12: 0.5,
        a12_ci_low: None,
        a12_ci_high: None,
        magnitude: "negligible".into(),
        better: "NA".into(),
        min_attainable_p: 1e-5,
        verdict: verdict.into(),
        ert_ratio: None,
        ert_ratio_ci_low: interval.map(|i| i.0),
        ert_ratio_ci_high: interval.map(|i| i.1),
        ert_ratio_missing: "no_answer".into(),
        rope: 0.1,
        p_a_better: None,
        p_equivalent: None,
        p_b_better: None,
    }
}
