//! Statistics over trial results: quantiles, the Wilson score interval of a
//! success rate, a seeded bootstrap interval of the median, COCO's
//! expected running time (ERT) with its bootstrap interval from simulated
//! restarts, the seeded bootstrap interval of the ratio of two labels'
//! ERTs, and the heavy-tail rule (the most costly solved trial more than
//! [`HEAVY_TAIL_FACTOR`] times the median).

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// The two-sided 95% normal quantile, z = Φ⁻¹(0.975).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The arithmetic mean; `None` for no values.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The `q`-quantile (0 ≤ q ≤ 1) of values sorted ascending, by linear
/// interpolation between order statistics (Hyndman & Fan's type 7, the
/// default of R and NumPy): position h = (len − 1)·q, value
/// x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). `None` for no values.
pub fn quantile_sorted(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    Some(sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo]))
}

/// Sorts a copy of `values` ascending (NaN last).
pub fn sorted(values: &[f64]) -> Vec<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v
}

/// The empirical cumulative distribution of `values` among `total` trials:
/// the values sorted ascending, each paired with the share of the `total`
/// trials at or below it counting one trial per value, that is, the i-th
/// smallest value (from 1) with i / `total`. Trials without a value (failed
/// ones) count in `total` only, so the last share is `values.len()` / `total`
/// rather than 1. Tied values each keep their own point. Empty when there are
/// no values or `total` is 0.
pub fn ecdf(values: &[f64], total: usize) -> Vec<(f64, f64)> {
    if total == 0 {
        return Vec::new();
    }
    sorted(values)
        .into_iter()
        .enumerate()
        .map(|(i, value)| (value, (i + 1) as f64 / total as f64))
        .collect()
}

/// The Wilson score interval of a success rate at 95% confidence:
/// (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n), clamped to [0, 1].
/// Its ends are exact where the formula meets them: the lower end is 0 for
/// no success and the upper end 1 when every trial succeeded (rounding
/// would leave them a few 1e-18 off). For zero trials the interval is the
/// whole of [0, 1].
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// Resamples drawn by every bootstrap interval: 2,000, enough for stable
/// 2.5% and 97.5% quantiles.
pub const BOOTSTRAP_RESAMPLES: usize = 2000;

/// A seeded percentile-bootstrap 95% interval of the median: the 2.5% and
/// 97.5% quantiles (type 7) of the medians of [`BOOTSTRAP_RESAMPLES`]
/// resamples of `values` drawn with replacement, from a ChaCha8 generator
/// seeded with `seed`. The same values and seed always give the same
/// interval. `None` for no values.
///
/// Each resample's median is drawn directly rather than by drawing the whole
/// resample, so the cost does not grow with the number of values: a resample
/// is `sorted[⌊n·U_i⌋]` for n uniforms U_i, so its k-th smallest value is
/// `sorted[⌊n·U_(k)⌋]`, where the order statistic U_(k) ~ Beta(k, n − k + 1);
/// given U_(k) = u, U_(k+1) = u + (1 − u)·(1 − W^(1/(n−k))) with W uniform
/// (the least of the n − k uniforms above u). The median of an odd resample
/// is its k = (n+1)/2-th value, of an even one the mean of the (n/2)-th and
/// (n/2 + 1)-th — exactly the distribution that resampling gives.
pub fn bootstrap_median_interval(values: &[f64], seed: u64) -> Option<(f64, f64)> {
    if values.is_empty() {
        return None;
    }
    let sorted = sorted(values);
    let n = sorted.len();
    let at = |u: f64| sorted[((u * n as f64) as usize).min(n - 1)];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut medians: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|_| {
            if n % 2 == 1 {
                let k = n.div_ceil(2);
                at(beta(k as f64, (n - k + 1) as f64, &mut rng))
            } else {
                let k = n / 2;
                let u = beta(k as f64, (n - k + 1) as f64, &mut rng);
                let next = u + (1.0 - u) * (1.0 - open_unit(&mut rng).powf(1.0 / (n - k) as f64));
                0.5 * (at(u) + at(next))
            }
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    Some((
        quantile_sorted(&medians, 0.025)?,
        quantile_sorted(&medians, 0.975)?,
    ))
}

/// A uniform draw from the open interval (0, 1).
fn open_unit(rng: &mut ChaCha8Rng) -> f64 {
    ((rng.random::<u64>() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let (u1, u2) = (open_unit(rng), open_unit(rng));
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A Gamma(shape, 1) draw for shape ≥ 1 (Marsaglia & Tsang, ACM TOMS 2000).
fn gamma(shape: f64, rng: &mut ChaCha8Rng) -> f64 {
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        if open_unit(rng).ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// A Beta(a, b) draw for a, b ≥ 1, as X / (X + Y) of two Gamma draws.
fn beta(a: f64, b: f64, rng: &mut ChaCha8Rng) -> f64 {
    let x = gamma(a, rng);
    let y = gamma(b, rng);
    x / (x + y)
}

/// The expected running time as COCO defines it (Hansen et al., "COCO: a
/// platform for comparing continuous optimizers in a black-box setting",
/// 2021): the work of all trials — the successful ones up to their success,
/// the failed ones at what they spent — divided by the number of successful
/// trials. Infinite when no trial succeeded.
pub fn ert(total_work: f64, successes: u64) -> f64 {
    if successes == 0 {
        return f64::INFINITY;
    }
    total_work / successes as f64
}

/// One trial as ERT sees it: whether it succeeded and its cost in each of
/// `M` measures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrialCost<const M: usize> {
    /// Whether the trial succeeded.
    pub solved: bool,
    /// What it spent, one value per measure.
    pub cost: [f64; M],
}

/// Seeded bootstrap 95% intervals of ERT, one per measure, from simulated
/// restarts. A simulated run is COCO's (Hansen et al. 2021; cocopp's
/// bootstrap): it draws trials uniformly with replacement, adding the cost
/// of each failed one, until it draws a successful one, whose cost ends it.
/// cocopp reports percentiles of single simulated runs, which describe how
/// much one restarted run varies; here one replicate strings together as
/// many simulated runs as the data has successes (so it carries the same
/// information about the success rate) and its ERT is their mean, so the
/// percentiles describe how well ERT itself is known. The interval is the
/// 2.5% and 97.5% quantiles (type 7) of [`BOOTSTRAP_RESAMPLES`] replicates,
/// drawn from a ChaCha8 generator seeded with `seed`; a replicate costs
/// about `trials.len()` draws. `None` when no trial succeeded.
pub fn ert_intervals<const M: usize>(
    trials: &[TrialCost<M>],
    seed: u64,
) -> Option<[(f64, f64); M]> {
    let successes = trials.iter().filter(|t| t.solved).count();
    if successes == 0 {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut replicates: Vec<[f64; M]> = Vec::with_capacity(BOOTSTRAP_RESAMPLES);
    for _ in 0..BOOTSTRAP_RESAMPLES {
        let mut total = [0.0; M];
        let mut runs = 0;
        while runs < successes {
            let trial = &trials[rng.random_range(0..trials.len())];
            for (sum, cost) in total.iter_mut().zip(trial.cost) {
                *sum += cost;
            }
            runs += usize::from(trial.solved);
        }
        replicates.push(total.map(|sum| sum / successes as f64));
    }
    let mut intervals = [(0.0, 0.0); M];
    for (m, interval) in intervals.iter_mut().enumerate() {
        let values = sorted(&replicates.iter().map(|r| r[m]).collect::<Vec<_>>());
        *interval = (
            quantile_sorted(&values, 0.025)?,
            quantile_sorted(&values, 0.975)?,
        );
    }
    Some(intervals)
}

/// A cell is heavy-tailed when its most costly solved trial costs more than
/// this many times its median: a few such trials can dominate the ERT
/// while the median and A12 do not show them.
pub const HEAVY_TAIL_FACTOR: f64 = 100.0;

/// Whether solved trials with this `median` and `max` are heavy-tailed:
/// `max > HEAVY_TAIL_FACTOR × median` ([`HEAVY_TAIL_FACTOR`]); `false` when
/// nothing solved.
pub fn heavy_tail(median: Option<f64>, max: Option<f64>) -> bool {
    match (median, max) {
        (Some(median), Some(max)) => max > HEAVY_TAIL_FACTOR * median,
        _ => false,
    }
}

/// One trial as the ERT of a comparison sees it: what it spent and
/// whether it solved.
pub type Spent = (f64, bool);

/// The ERT of `trials`: all they spent over their successes (`+∞` when none
/// solved).
pub fn ert_of(trials: &[Spent]) -> f64 {
    let total: f64 = trials.iter().map(|t| t.0).sum();
    ert(total, trials.iter().filter(|t| t.1).count() as u64)
}

/// The ratio of the ERTs of `a` and `b` (ERT of `a` over ERT of `b`), with
/// a seeded percentile-bootstrap 95% interval: the 2.5% and 97.5%
/// quantiles (type 7) of the ratios of [`BOOTSTRAP_RESAMPLES`] pairs of
/// resamples, each label's trials resampled with replacement on its own
/// (solved and unsolved together, so the interval carries the uncertainty
/// of the success rate), from a ChaCha8 generator seeded with `seed`. A
/// resample without a success has an infinite ERT, and its ratio is
/// infinite or 0; the rare pair of resamples with none on either side has
/// no ratio and is left out. The ratio is `None` when neither label solved
/// (∞/∞), infinite when only `b` did; the interval is `None` when either
/// label has fewer than `min_solved` successes.
pub fn ert_ratio(
    a: &[Spent],
    b: &[Spent],
    min_solved: usize,
    seed: u64,
) -> (Option<f64>, Option<(f64, f64)>) {
    let ratio = |a: f64, b: f64| (a.is_finite() || b.is_finite()).then(|| a / b);
    let point = ratio(ert_of(a), ert_of(b));
    let solved = |t: &[Spent]| t.iter().filter(|t| t.1).count();
    if solved(a) < min_solved || solved(b) < min_solved {
        return (point, None);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draw = |trials: &[Spent]| {
        let mut total = 0.0;
        let mut successes = 0;
        for _ in 0..trials.len() {
            let t = trials[rng.random_range(0..trials.len())];
            total += t.0;
            successes += u64::from(t.1);
        }
        ert(total, successes)
    };
    let mut ratios: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .filter_map(|_| {
            let of_a = draw(a);
            ratio(of_a, draw(b))
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let interval = quantile_sorted(&ratios, 0.025).zip(quantile_sorted(&ratios, 0.975));
    (point, interval)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heavy_tail_rule_is_max_above_a_hundred_medians() {
        // The cell: median 12,199 checks, two trials at 4.09e7.
        assert!(heavy_tail(Some(12_199.0), Some(4.09e7)));
        assert!(!heavy_tail(Some(100.0), Some(10_000.0)), "exactly 100×");
        assert!(heavy_tail(Some(100.0), Some(10_001.0)));
        assert!(!heavy_tail(None, None));
    }

    #[test]
    fn the_ert_ratio_and_its_interval_by_hand_and_seeded() {
        // a: 10 solved at 10 and 10 failed at 40 → ERT (100 + 400)/10 = 50;
        // b: 20 solved at 100 → ERT 100. Ratio 0.5.
        let mut a: Vec<Spent> = vec![(10.0, true); 10];
        a.extend(vec![(40.0, false); 10]);
        let b: Vec<Spent> = vec![(100.0, true); 20];
        let (point, interval) = ert_ratio(&a, &b, 10, 7);
        assert_eq!(point, Some(0.5));
        let (low, high) = interval.expect("enough successes");
        assert!(low < 0.5 && 0.5 < high, "{low} < 0.5 < {high}");
        assert_eq!(ert_ratio(&a, &b, 10, 7).1, Some((low, high)));
        assert_ne!(ert_ratio(&a, &b, 10, 8).1, Some((low, high)));
        // Too few successes: no interval. Nothing solved: no ratio.
        assert_eq!(ert_ratio(&a, &b, 11, 7), (Some(0.5), None));
        let failed: Vec<Spent> = vec![(5.0, false); 3];
        assert_eq!(ert_ratio(&failed, &failed, 1, 7), (None, None));
        assert_eq!(ert_ratio(&failed, &b, 30, 7).0, Some(f64::INFINITY));
    }
}
