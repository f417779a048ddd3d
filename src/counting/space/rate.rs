//! Enumeration rates (`100/ms`, `1e9/s`) and the time a count takes at one,
//! said the way a person reads it ("56.6 years", "3.2 ms"), for counts far
//! beyond the range of `f64`.

use std::fmt;
use std::str::FromStr;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use thiserror::Error;

/// The units a rate may be given per, with their length in seconds.
const UNITS: [(&str, f64); 8] = [
    ("ns", 1e-9),
    ("us", 1e-6),
    ("µs", 1e-6),
    ("ms", 1e-3),
    ("s", 1.0),
    ("min", 60.0),
    ("h", 3600.0),
    ("day", 86_400.0),
];

/// A Julian year in seconds, the year durations are said in.
const YEAR: f64 = 365.25 * 86_400.0;

/// How many items per second something is enumerated at, and how it was
/// written.
#[derive(Clone, Debug, PartialEq)]
pub struct Rate {
    /// Items per second (finite, above 0).
    pub per_second: f64,
    /// The text it was parsed from, like `100/ms`.
    pub text: String,
}

/// Why a text is not a rate.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "'{0}' is not a rate: write a positive count per unit of time, like 100/ms or 1e9/s (units: ns, us, ms, s, min, h, day)"
)]
pub struct RateError(pub String);

impl FromStr for Rate {
    type Err = RateError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || RateError(text.to_owned());
        let (count, unit) = text.trim().split_once('/').ok_or_else(bad)?;
        let count: f64 = count.trim().replace('_', "").parse().map_err(|_| bad())?;
        let unit = UNITS
            .iter()
            .find(|(name, _)| *name == unit.trim())
            .map(|(_, seconds)| *seconds)
            .ok_or_else(bad)?;
        let per_second = count / unit;
        if !(count > 0.0 && per_second.is_finite()) {
            return Err(bad());
        }
        Ok(Rate {
            per_second,
            text: text.trim().to_owned(),
        })
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The base-10 logarithm of `count` (> 0), exact enough for a duration
/// however many digits it has.
pub fn log10(count: &BigUint) -> f64 {
    let bits = count.bits();
    if bits <= 1000 {
        return count.to_f64().unwrap_or(f64::INFINITY).log10();
    }
    let shift = bits - 64;
    let top = (count >> shift).to_f64().unwrap_or(f64::INFINITY);
    top.log10() + shift as f64 * std::f64::consts::LOG10_2
}

/// The seconds enumerating `count` items takes at `per_second`
/// (infinite beyond the range of `f64`).
pub fn seconds(count: &BigUint, per_second: f64) -> f64 {
    if count.bits() == 0 {
        return 0.0;
    }
    10f64.powf(log10(count) - per_second.log10())
}

/// The time enumerating `count` items takes at `per_second`, in the
/// largest unit that keeps the number at least 1: "3.2 ms", "56.6 years",
/// "1.9e4012 years".
pub fn duration_text(count: &BigUint, per_second: f64) -> String {
    if count.bits() == 0 {
        return "0 s".to_owned();
    }
    let log_seconds = log10(count) - per_second.log10();
    let log_years = log_seconds - YEAR.log10();
    if log_years >= 6.0 {
        let exponent = log_years.floor();
        let mantissa = 10f64.powf(log_years - exponent);
        // A mantissa rounded up to 10.0 moves to the next exponent.
        let (mantissa, exponent) = if mantissa >= 9.95 {
            (1.0, exponent + 1.0)
        } else {
            (mantissa, exponent)
        };
        return format!("{mantissa:.1}e{exponent} years");
    }
    let seconds = 10f64.powf(log_seconds);
    let (value, unit) = match seconds {
        s if s < 1e-6 => (s * 1e9, "ns"),
        s if s < 1e-3 => (s * 1e6, "µs"),
        s if s < 1.0 => (s * 1e3, "ms"),
        s if s < 60.0 => (s, "s"),
        s if s < 3600.0 => (s / 60.0, "min"),
        s if s < 86_400.0 => (s / 3600.0, "h"),
        s if s < YEAR => (s / 86_400.0, "days"),
        s => (s / YEAR, "years"),
    };
    if value < 100.0 {
        format!("{value:.1} {unit}")
    } else {
        format!(
            "{} {unit}",
            super::thousands(&BigUint::from(value.round() as u64))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_their_errors() {
        let rate: Rate = "100/ms".parse().expect("a rate");
        assert_eq!(rate.per_second, 1e5);
        assert_eq!("1e9/s".parse::<Rate>().map(|r| r.per_second), Ok(1e9));
        for bad in ["100", "0/s", "-1/s", "x/ms", "5/week", "inf/s", ""] {
            let error = bad.parse::<Rate>().expect_err(bad);
            assert!(error.to_string().contains(&format!("'{bad}'")), "{error}");
        }
    }

    #[test]
    fn durations_read_as_a_person_says_them() {
        let ordered = BigUint::from(178_462_987_637_760u64);
        assert_eq!(duration_text(&ordered, 1e5), "56.6 years");
        assert_eq!(duration_text(&BigUint::from(32u32), 1e4), "3.2 ms");
        assert_eq!(duration_text(&BigUint::from(0u32), 1.0), "0 s");
        let huge = BigUint::from(10u32).pow(5000);
        assert!(duration_text(&huge, 1.0).ends_with("e4992 years"));
        assert!(seconds(&huge, 1.0).is_infinite());
    }
}
