//! How the report writes numbers, one notation per column: counts with
//! thousands separators however large, seconds in SI units, ratios and
//! other values with three significant digits, p-values and A12 as the
//! headlines cite them.

/// A p-value as the headlines cite it: `p < 0.001`, else `p = ` with three
/// decimals.
pub fn p_value(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".to_owned()
    } else {
        format!("p = {p:.3}")
    }
}

/// A p-value in a table cell: `< 0.001`, else three decimals (never a
/// `0.000` that reads as impossible).
pub fn p_cell(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".to_owned()
    } else {
        format!("{p:.3}")
    }
}

/// A probability (A12, a rate) with two decimals.
pub fn two(x: f64) -> String {
    format!("{x:.2}")
}

/// A cost or count: `NA` when absent, `∞` when infinite, whole numbers
/// below a million with thousands separators, others with three
/// significant digits (scientific from a million on).
pub fn number(x: Option<f64>) -> String {
    let Some(x) = x else {
        return "NA".to_owned();
    };
    if x.is_infinite() {
        return if x > 0.0 { "∞" } else { "-∞" }.to_owned();
    }
    if x.is_nan() {
        return "NA".to_owned();
    }
    let size = x.abs();
    if size >= 1e6 {
        format!("{x:.2e}")
    } else if x.fract() == 0.0 {
        grouped(x as i64)
    } else if size >= 100.0 {
        grouped(x.round() as i64)
    } else if size >= 0.001 || size == 0.0 {
        let digits = (2 - size.log10().floor() as i32).max(0) as usize;
        format!("{x:.digits$}")
    } else {
        format!("{x:.2e}")
    }
}

/// A count (checks, steps, evaluations) in one notation however large:
/// rounded to a whole number with thousands separators (`40,912,345`);
/// `NA` when absent, `∞` when infinite.
pub fn count(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() => grouped(x.round() as i64),
        other => number(other),
    }
}

/// A duration in seconds in SI units with three significant digits:
/// `13.1 µs`, `1.28 ms`, `2.35 s`; `NA` when absent, `∞` when infinite.
pub fn seconds(x: Option<f64>) -> String {
    let Some(x) = x.filter(|x| x.is_finite()) else {
        return number(x);
    };
    let (scaled, unit) = if x == 0.0 {
        return "0 s".to_owned();
    } else if x.abs() < 1e-6 {
        (x * 1e9, "ns")
    } else if x.abs() < 1e-3 {
        (x * 1e6, "µs")
    } else if x.abs() < 1.0 {
        (x * 1e3, "ms")
    } else {
        (x, "s")
    };
    format!("{} {unit}", ratio(scaled))
}

/// A value of `measure` in its column's one notation: [`seconds`] for
/// `seconds`, [`count`] otherwise.
pub fn value(measure: &str, x: Option<f64>) -> String {
    if measure == "seconds" {
        seconds(x)
    } else {
        count(x)
    }
}

/// A ratio with three significant digits: `0.410`, `2.35`, `1,234`;
/// scientific below 0.001 and from a million on; `∞` when infinite.
pub fn ratio(x: f64) -> String {
    let size = x.abs();
    if x.is_infinite() || x.is_nan() {
        number(Some(x))
    } else if size == 0.0 {
        "0".to_owned()
    } else if !(0.001..1e6).contains(&size) {
        format!("{x:.2e}")
    } else if size >= 100.0 {
        grouped(x.round() as i64)
    } else {
        let digits = (2 - size.log10().floor() as i32).max(0) as usize;
        format!("{x:.digits$}")
    }
}

/// A whole number with `,` between thousands.
fn grouped(x: i64) -> String {
    let digits = x.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if x < 0 { format!("-{out}") } else { out }
}

/// The verdict of a pair in words: the cheaper label, no detectable
/// difference, or untestable.
pub fn verdict_words(row: &crate::base::records::CompareRow) -> String {
    match row.verdict.as_str() {
        "a_better" => format!("{} cheaper", row.label_a),
        "b_better" => format!("{} cheaper", row.label_b),
        "no_detectable_difference" => "no detectable difference".to_owned(),
        "untestable" => "untestable (too few trials)".to_owned(),
        other => other.to_owned(),
    }
}

/// The ERT ratio of a pair with its interval when it has one; `NA` with
/// why when it has none (compare.csv's `ert_ratio_missing`).
pub fn ert_ratio_cell(row: &crate::base::records::CompareRow) -> String {
    match (row.ert_ratio, row.ert_ratio_ci_low, row.ert_ratio_ci_high) {
        (None, _, _) if row.ert_ratio_missing == crate::analysis::compare::UNKNOWN_WORK => {
            "NA (a label has trials killed at the time limit: their work is unknown)".to_owned()
        }
        (None, _, _) => "NA (neither label answered a trial)".to_owned(),
        (Some(r), Some(low), Some(high)) => {
            format!("{} [{}, {}]", ratio(r), ratio(low), ratio(high))
        }
        (Some(r), _, _) => ratio(r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::compare::significance_marks;

    #[test]
    fn numbers_read_as_written() {
        assert_eq!(number(Some(1234567.0)), "1.23e6");
        assert_eq!(number(Some(43059.0)), "43,059");
        assert_eq!(number(Some(172.4)), "172");
        assert_eq!(number(Some(0.0017424)), "0.00174");
        assert_eq!(number(Some(12.5)), "12.5");
        assert_eq!(number(Some(0.0)), "0");
        assert_eq!(number(Some(f64::INFINITY)), "∞");
        assert_eq!(number(None), "NA");
        assert_eq!(number(Some(0.00001)), "1.00e-5");
        assert_eq!(ratio(0.41), "0.410");
        assert_eq!(ratio(2.345), "2.35");
        assert_eq!(ratio(1234.4), "1,234");
        assert_eq!(ratio(0.0001234), "1.23e-4");
        assert_eq!(ratio(f64::INFINITY), "∞");
        // One notation per column: counts never switch to scientific,
        // seconds always in SI units.
        assert_eq!(count(Some(40_912_345.0)), "40,912,345");
        assert_eq!(count(Some(12.5)), "13");
        assert_eq!(seconds(Some(1.31e-5)), "13.1 µs");
        assert_eq!(seconds(Some(0.00128)), "1.28 ms");
        assert_eq!(seconds(Some(2.345)), "2.35 s");
        assert_eq!(seconds(Some(1234.0)), "1,234 s");
        assert_eq!(value("checks", Some(1e7)), "10,000,000");
        // A tiny p is never written as 0.
        assert_eq!(p_cell(2.5e-6), "< 0.001");
        assert_eq!(p_cell(0.0163), "0.016");
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(significance_marks(0.0009), "***");
        assert_eq!(significance_marks(0.001), "**");
        assert_eq!(significance_marks(0.0099), "**");
        assert_eq!(significance_marks(0.01), "*");
        assert_eq!(significance_marks(0.049), "*");
        assert_eq!(significance_marks(0.05), "");
        assert_eq!(p_value(0.0009), "p < 0.001");
        assert_eq!(p_value(0.0123), "p = 0.012");
    }
}
