//! How the report writes numbers: counts with thousands separators, large
//! values in scientific notation, p-values and A12 as the headlines cite
//! them.

/// A p-value as the headlines cite it: `p < 0.001`, else `p = ` with three
/// decimals.
pub fn p_value(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".to_owned()
    } else {
        format!("p = {p:.3}")
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
