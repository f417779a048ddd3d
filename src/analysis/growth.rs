//! Growth exponents: how a label's work grows with the board size, as the
//! exponent b of a power law `work ≈ a·N^b` fitted by least squares to
//! log(median work) against log(N) over the sizes where every trial of the
//! label solved, with the 95% t-interval of the regression's slope. A size
//! where some trial failed is left out: the median of the solved trials
//! there is the median of the lucky ones (stupid repair at N = 28 and 30,
//! over half failed, pulled its exponent from 3.98 to 4.71). At least
//! [`MIN_FIT_SIZES`] sizes: with three, one residual degree of freedom
//! gives intervals like [−7.2, 16.3].
//!
//! A power law is one slope over the whole range; where the growth changes
//! regime (the large-N min-conflicts: 139 checks per queen at N = 8, 4 at
//! 10⁶) one slope misleads. So the fit also gives the slope over the lower
//! and the upper half of its sizes (the middle size in both when their
//! number is odd), and flags the fit as curved when the two differ by more
//! than [`CURVATURE`].
//!
//! The interval is the regression's, not a bootstrap over trials: it is
//! computed from the medians of summary.csv alone (so the chart and the
//! report give the same numbers without resampling runs.csv), it widens
//! when the medians stray from a straight line on log–log axes (work
//! growing faster than any power, like exhaustive search, shows as a wide
//! interval rather than a confident exponent), and it exists for labels run
//! once per size (deterministic searches), where a bootstrap over trials
//! would have no spread. It treats each median as exact: the spread of the
//! trials around it enters only through the scatter of the medians.

use crate::base::records::{Measure, SummaryRow};

/// The fewest sizes a fit needs: below five the t-interval of the slope,
/// on two residual degrees of freedom or one, is too wide to say anything,
/// and the halves of the range could not be compared.
pub const MIN_FIT_SIZES: usize = 5;

/// The difference of the slopes over the two halves of the sizes above
/// which a fit is flagged as curved (a convention: a fifth of a power of N
/// is a change of regime, not noise of the medians).
pub const CURVATURE: f64 = 0.2;

/// The slope over one half of a fit's sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Half {
    /// The slope of log(work) against log(N) over the half.
    pub exponent: f64,
    /// Its smallest and largest size.
    pub range: (f64, f64),
}

/// A power law `work ≈ coefficient · N^exponent` fitted to one label's
/// medians.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerLaw {
    /// The growth exponent b, the slope of log(work) against log(N).
    pub exponent: f64,
    /// The 95% t-interval of the exponent (Student's t with sizes − 2
    /// degrees of freedom).
    pub interval: (f64, f64),
    /// The coefficient a, exp of the intercept.
    pub coefficient: f64,
    /// The sizes fitted.
    pub sizes: usize,
    /// The smallest and largest size fitted.
    pub range: (f64, f64),
    /// The slopes over the lower and the upper half of the sizes.
    pub halves: [Half; 2],
    /// Whether the halves' slopes differ by more than [`CURVATURE`].
    pub curved: bool,
}

impl PowerLaw {
    /// The fitted work at size `n`.
    pub fn at(&self, n: f64) -> f64 {
        self.coefficient * n.powf(self.exponent)
    }
}

/// Why a label has no growth exponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoFit {
    /// Fewer than [`MIN_FIT_SIZES`] sizes where every trial solved.
    #[error("every trial solved at {sizes} size{s}, a fit needs {MIN_FIT_SIZES}", s = if *.sizes == 1 { "" } else { "s" })]
    TooFewSizes {
        /// The sizes where every trial solved.
        sizes: usize,
    },
}

/// The least-squares line through (ln x, ln y) of `points` with positive
/// coordinates (the others are left out), and the 95% t-interval of its
/// slope; [`NoFit::TooFewSizes`] with fewer than [`MIN_FIT_SIZES`] distinct
/// x. For n points with u = ln x, v = ln y: slope b = Sᵤᵥ / Sᵤᵤ, intercept
/// v̄ − b·ū, standard error √(RSS / (n − 2) / Sᵤᵤ), interval
/// b ± t₀.₉₇₅,ₙ₋₂ · se.
pub fn power_law(points: &[(f64, f64)]) -> Result<PowerLaw, NoFit> {
    let usable: Vec<(f64, f64)> = points
        .iter()
        .copied()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0 && x.is_finite() && y.is_finite())
        .collect();
    let logs: Vec<(f64, f64)> = usable.iter().map(|(x, y)| (x.ln(), y.ln())).collect();
    let mut distinct: Vec<f64> = usable.iter().map(|p| p.0).collect();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    if distinct.len() < MIN_FIT_SIZES {
        return Err(NoFit::TooFewSizes {
            sizes: distinct.len(),
        });
    }
    let (slope, intercept, suu) = least_squares(&logs);
    let rss: f64 = logs
        .iter()
        .map(|p| (p.1 - intercept - slope * p.0).powi(2))
        .sum();
    let freedom = logs.len() - 2;
    let half = t_975(freedom) * (rss / freedom as f64 / suu).sqrt();
    let halves = halves(&logs, &distinct);
    Ok(PowerLaw {
        exponent: slope,
        interval: (slope - half, slope + half),
        coefficient: intercept.exp(),
        sizes: logs.len(),
        range: (distinct[0], distinct[distinct.len() - 1]),
        halves,
        curved: (halves[1].exponent - halves[0].exponent).abs() > CURVATURE,
    })
}

/// Slope, intercept and Sᵤᵤ of the least-squares line through `logs`.
fn least_squares(logs: &[(f64, f64)]) -> (f64, f64, f64) {
    let count = logs.len() as f64;
    let u_mean = logs.iter().map(|p| p.0).sum::<f64>() / count;
    let v_mean = logs.iter().map(|p| p.1).sum::<f64>() / count;
    let suu: f64 = logs.iter().map(|p| (p.0 - u_mean).powi(2)).sum();
    let suv: f64 = logs.iter().map(|p| (p.0 - u_mean) * (p.1 - v_mean)).sum();
    let slope = suv / suu;
    (slope, v_mean - slope * u_mean, suu)
}

/// The slopes over the lower and the upper half of the `distinct` sizes
/// (the middle one in both when their number is odd).
fn halves(logs: &[(f64, f64)], distinct: &[f64]) -> [Half; 2] {
    let m = distinct.len();
    let take = m.div_ceil(2);
    let half = |sizes: &[f64]| {
        let (low, high) = (sizes[0], sizes[sizes.len() - 1]);
        let part: Vec<(f64, f64)> = logs
            .iter()
            .copied()
            .filter(|p| low.ln() <= p.0 && p.0 <= high.ln())
            .collect();
        Half {
            exponent: least_squares(&part).0,
            range: (low, high),
        }
    };
    [half(&distinct[..take]), half(&distinct[m - take..])]
}

/// Each label's power law of the median of `measure` against N, over the
/// sizes where every one of its trials solved, in the order `rows` first
/// name the labels.
pub fn growth_by_label(
    rows: &[SummaryRow],
    measure: Measure,
) -> Vec<(&str, Result<PowerLaw, NoFit>)> {
    let mut labels: Vec<(&str, Vec<(f64, f64)>)> = Vec::new();
    for row in rows {
        let index = match labels.iter().position(|(label, _)| *label == row.label) {
            Some(index) => index,
            None => {
                labels.push((&row.label, Vec::new()));
                labels.len() - 1
            }
        };
        if row.trials == 0 || row.successes < row.trials {
            continue;
        }
        if let Some(median) = row.measure(measure).median {
            labels[index].1.push((row.n as f64, median));
        }
    }
    labels
        .into_iter()
        .map(|(label, points)| (label, power_law(&points)))
        .collect()
}

/// Student's t quantiles t₀.₉₇₅ for 1 to 30 degrees of freedom.
const T_975: [f64; 30] = [
    12.706_204_736,
    4.302_652_730,
    3.182_446_305,
    2.776_445_105,
    2.570_581_836,
    2.446_911_851,
    2.364_624_252,
    2.306_004_135,
    2.262_157_163,
    2.228_138_852,
    2.200_985_160,
    2.178_812_830,
    2.160_368_656,
    2.144_786_688,
    2.131_449_546,
    2.119_905_299,
    2.109_815_578,
    2.100_922_040,
    2.093_024_054,
    2.085_963_447,
    2.079_613_845,
    2.073_873_068,
    2.068_657_610,
    2.063_898_562,
    2.059_538_553,
    2.055_529_439,
    2.051_830_516,
    2.048_407_142,
    2.045_229_642,
    2.042_272_456,
];

/// Student's t quantile t₀.₉₇₅ for `freedom` ≥ 1 degrees of freedom: the
/// table up to 30, beyond it the Cornish–Fisher expansion around the
/// normal quantile (off by less than 3·10⁻⁶ from 31 on).
fn t_975(freedom: usize) -> f64 {
    if let Some(&t) = T_975.get(freedom.saturating_sub(1)) {
        return t;
    }
    let z = super::stats::Z95;
    let d = freedom as f64;
    z + (z.powi(3) + z) / (4.0 * d)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * d * d)
        + (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / (384.0 * d.powi(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn an_exact_power_law_gives_its_exponent_with_no_width() {
        let points: Vec<(f64, f64)> = [8.0, 16.0, 32.0, 64.0, 128.0]
            .iter()
            .map(|&n: &f64| (n, 3.0 * n.powf(1.5)))
            .collect();
        let fit = power_law(&points).expect("five sizes");
        assert!(close(fit.exponent, 1.5), "{fit:?}");
        assert!(close(fit.coefficient, 3.0), "{fit:?}");
        assert!(close(fit.interval.0, 1.5) && close(fit.interval.1, 1.5));
        assert_eq!((fit.sizes, fit.range), (5, (8.0, 128.0)));
        assert!(!fit.curved);
        assert_eq!(
            (fit.halves[0].range, fit.halves[1].range),
            ((8.0, 32.0), (32.0, 128.0))
        );
        assert!(close(fit.at(128.0), 3.0 * 128f64.powf(1.5)));
    }

    #[test]
    fn a_textbook_regression_gives_its_slope_and_t_interval() {
        // u = 1..5, v = 2, 4, 5, 4, 5: ū = 3, v̄ = 4, Sᵤᵤ = 10, Sᵤᵥ = 6,
        // slope 0.6, intercept 2.2, residuals −0.8, 0.6, 1, −0.6, −0.2,
        // RSS = 2.4, se = √(2.4 / 3 / 10) = √0.08, t₀.₉₇₅,₃ = 3.182446305.
        let points: Vec<(f64, f64)> = [(1.0, 2.0), (2.0, 4.0), (3.0, 5.0), (4.0, 4.0), (5.0, 5.0)]
            .iter()
            .map(|&(u, v): &(f64, f64)| (u.exp(), v.exp()))
            .collect();
        let fit = power_law(&points).expect("five sizes");
        let half = 3.182_446_305 * 0.08f64.sqrt();
        assert!(close(fit.exponent, 0.6), "{fit:?}");
        assert!(close(fit.coefficient.ln(), 2.2), "{fit:?}");
        assert!(close(fit.interval.0, 0.6 - half) && close(fit.interval.1, 0.6 + half));
        assert!((half - 0.900_131_745).abs() < 1e-9, "{half}");
    }

    #[test]
    fn fewer_than_five_sizes_or_unusable_points_give_no_fit() {
        let four = [(8.0, 10.0), (16.0, 40.0), (32.0, 160.0), (64.0, 640.0)];
        assert_eq!(power_law(&four), Err(NoFit::TooFewSizes { sizes: 4 }));
        // Zero work has no logarithm; repeated sizes count once.
        let points = [(8.0, 10.0), (8.0, 12.0), (16.0, 0.0), (32.0, 40.0)];
        assert_eq!(power_law(&points), Err(NoFit::TooFewSizes { sizes: 2 }));
        assert_eq!(
            NoFit::TooFewSizes { sizes: 1 }.to_string(),
            "every trial solved at 1 size, a fit needs 5"
        );
    }

    /// Work ~ N² up to N = 16, then ~ N: the halves' slopes are 2 and 1
    /// (each exact), so the fit is flagged as curved.
    #[test]
    fn a_change_of_regime_is_flagged_as_curved() {
        let points: Vec<(f64, f64)> = [2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0]
            .iter()
            .map(|&n: &f64| (n, if n <= 16.0 { n * n } else { 16.0 * n }))
            .collect();
        let fit = power_law(&points).expect("seven sizes");
        assert!(close(fit.halves[0].exponent, 2.0), "{fit:?}");
        assert!(close(fit.halves[1].exponent, 1.0), "{fit:?}");
        assert_eq!(
            (fit.halves[0].range, fit.halves[1].range),
            ((2.0, 16.0), (16.0, 128.0))
        );
        assert!(fit.curved);
    }

    /// A size where some trial failed is left out of the fit: its median
    /// is over the solved trials alone.
    #[test]
    fn sizes_with_failures_are_left_out() {
        use crate::analysis::test_rows::summary_row;
        let mut rows: Vec<SummaryRow> = [8u64, 10, 12, 14, 16, 18]
            .iter()
            .map(|&n| summary_row("a", n, 10, 10, (n * n) as f64))
            .collect();
        // At 20, half failed and the lucky half's median is far off N².
        rows.push(summary_row("a", 20, 10, 5, 1e9));
        let fits = growth_by_label(&rows, Measure::Checks);
        let fit = fits[0].1.expect("six sizes");
        assert_eq!((fit.sizes, fit.range), (6, (8.0, 18.0)));
        assert!(close(fit.exponent, 2.0), "{fit:?}");
        rows.truncate(4);
        assert_eq!(
            growth_by_label(&rows, Measure::Checks)[0].1,
            Err(NoFit::TooFewSizes { sizes: 4 })
        );
    }

    #[test]
    fn the_t_quantile_joins_its_table_and_the_expansion() {
        assert!(close(t_975(1), 12.706_204_736));
        assert!(close(t_975(30), 2.042_272_456));
        // t₀.₉₇₅ with 31 and 60 degrees of freedom: 2.039513446 and 2.000297822.
        assert!((t_975(31) - 2.039_513_446).abs() < 3e-6);
        assert!((t_975(60) - 2.000_297_822).abs() < 3e-7);
        assert!(t_975(100_000) > super::super::stats::Z95);
    }
}
