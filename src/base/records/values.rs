//! How values are written in every CSV file, so that R's `read.csv` and
//! pandas' `read_csv` read each column with one type and no loss:
//! booleans `TRUE`/`FALSE` ([`logical`]), a missing value `NA` and an
//! infinite one `Inf` ([`optional`], [`number`]), a count that may be
//! missing ([`optional_count`]). Used as
//! `#[serde(with = "crate::base::records::values::logical")]` on a row's field.
//! Reading accepts what pandas, R and spreadsheets write back (`True`,
//! `true`, an empty cell for `NA`, `inf`).

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};

/// The text of a missing value.
pub const NA: &str = "NA";

/// Whether a cell holds a missing value in any spelling R, pandas or a
/// spreadsheet writes back: `NA`, an empty cell, `NaN`, `nan`.
fn is_missing(text: &str) -> bool {
    matches!(text, "NA" | "" | "NaN" | "nan")
}

/// Parses a number as R and pandas write it: `Inf`, `-Inf`, `inf` and
/// ordinary decimals; `None` for anything else.
fn parse_number(text: &str) -> Option<f64> {
    match text {
        "Inf" | "+Inf" => Some(f64::INFINITY),
        "-Inf" => Some(f64::NEG_INFINITY),
        _ => text.parse().ok(),
    }
}

/// Writes a number: `Inf`/`-Inf` when infinite, `NA` when not a number,
/// otherwise the shortest decimal that reads back exactly.
fn write_number<S: Serializer>(value: f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.is_nan() {
        serializer.serialize_str(NA)
    } else if value == f64::INFINITY {
        serializer.serialize_str("Inf")
    } else if value == f64::NEG_INFINITY {
        serializer.serialize_str("-Inf")
    } else {
        serializer.serialize_f64(value)
    }
}

/// A boolean column: written `TRUE`/`FALSE`, the one spelling R and pandas
/// both read as logical.
pub mod logical {
    use super::*;

    /// What a boolean column allows.
    pub const ALLOWED: &str = "expected TRUE or FALSE (true, True, false and False are read too)";

    /// Writes `TRUE` or `FALSE`.
    pub fn serialize<S: Serializer>(value: &bool, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(if *value { "TRUE" } else { "FALSE" })
    }

    /// Reads `TRUE`/`FALSE` in any of the spellings tools write back.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.as_str() {
            "TRUE" | "true" | "True" => Ok(true),
            "FALSE" | "false" | "False" => Ok(false),
            _ => Err(D::Error::custom(ALLOWED)),
        }
    }
}

/// A number that may be missing: `None` is written `NA`, an infinite value
/// `Inf`.
pub mod optional {
    use super::*;

    /// What an optional number column allows.
    pub const ALLOWED: &str = "expected a number, Inf, -Inf or NA";

    /// Writes the number, or `NA` for `None`.
    pub fn serialize<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => write_number(*v, serializer),
            None => serializer.serialize_str(NA),
        }
    }

    /// Reads a number, `Inf`, or `NA` (an empty cell too) as `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<f64>, D::Error> {
        let text = String::deserialize(deserializer)?;
        if is_missing(&text) {
            return Ok(None);
        }
        parse_number(&text)
            .map(Some)
            .ok_or_else(|| D::Error::custom(ALLOWED))
    }
}

/// A count that may be missing: `None` is written `NA`. Reading accepts a
/// whole number written as a decimal too (`3.0`), as pandas writes back an
/// integer column holding a missing value.
pub mod optional_count {
    use super::*;

    /// What an optional count column allows.
    pub const ALLOWED: &str = "expected a whole number from 0, or NA";

    /// Writes the count, or `NA` for `None`.
    pub fn serialize<S: Serializer>(value: &Option<u64>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.serialize_u64(*v),
            None => serializer.serialize_str(NA),
        }
    }

    /// Reads a count, or `NA` (an empty cell too) as `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<u64>, D::Error> {
        let text = String::deserialize(deserializer)?;
        if is_missing(&text) {
            return Ok(None);
        }
        text.parse::<u64>()
            .ok()
            .or_else(|| {
                text.parse::<f64>()
                    .ok()
                    .filter(|v| v.fract() == 0.0 && *v >= 0.0 && *v < 2f64.powi(53))
                    .map(|v| v as u64)
            })
            .map(Some)
            .ok_or_else(|| D::Error::custom(ALLOWED))
    }
}

/// A number that is never missing but may be infinite (`Inf`), as ERT is
/// when no trial succeeded.
pub mod number {
    use super::*;

    /// What a number column allows.
    pub const ALLOWED: &str = "expected a number, Inf or -Inf";

    /// Writes the number, `Inf` when infinite.
    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        write_number(*value, serializer)
    }

    /// Reads a number or `Inf`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse_number(&text).ok_or_else(|| D::Error::custom(ALLOWED))
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Row {
        #[serde(with = "super::logical")]
        solved: bool,
        #[serde(with = "super::optional")]
        median: Option<f64>,
        #[serde(with = "super::number")]
        ert: f64,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Counted {
        #[serde(with = "super::optional_count")]
        conflicts: Option<u64>,
    }

    #[test]
    fn a_missing_count_is_written_na_and_pandas_write_back_is_read() {
        let write = |row: &Counted| {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.serialize(row).expect("serialised");
            String::from_utf8(w.into_inner().expect("flushed")).expect("utf-8")
        };
        assert_eq!(write(&Counted { conflicts: None }), "conflicts\nNA\n");
        assert_eq!(write(&Counted { conflicts: Some(7) }), "conflicts\n7\n");
        let read = |text: &str| -> Result<Counted, csv::Error> {
            csv::Reader::from_reader(text.as_bytes())
                .deserialize()
                .next()
                .expect("one row")
        };
        for (text, expected) in [("NA", None), ("7", Some(7)), ("7.0", Some(7))] {
            let row = read(&format!("conflicts\n{text}\n")).expect("read");
            assert_eq!(row.conflicts, expected, "{text:?}");
        }
        for bad in ["-1", "7.5", "x", "Inf"] {
            assert!(read(&format!("conflicts\n{bad}\n")).is_err(), "{bad:?}");
        }
    }

    fn written(row: &Row) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(row).expect("serialised");
        String::from_utf8(w.into_inner().expect("flushed")).expect("utf-8")
    }

    fn read(text: &str) -> Result<Row, csv::Error> {
        csv::Reader::from_reader(text.as_bytes())
            .deserialize()
            .next()
            .expect("one row")
    }

    #[test]
    fn values_are_written_as_r_and_pandas_read_them() {
        let row = Row {
            solved: true,
            median: None,
            ert: f64::INFINITY,
        };
        assert_eq!(written(&row), "solved,median,ert\nTRUE,NA,Inf\n");
        let row = Row {
            solved: false,
            median: Some(47333.5),
            ert: 3.255e-6,
        };
        assert_eq!(written(&row), "solved,median,ert\nFALSE,47333.5,3.255e-6\n");
        assert_eq!(read(&written(&row)).expect("read back"), row);
    }

    #[test]
    fn values_written_back_by_other_tools_are_read() {
        let row = read("solved,median,ert\nTrue,,inf\n").expect("pandas' spelling");
        assert_eq!(
            row,
            Row {
                solved: true,
                median: None,
                ert: f64::INFINITY
            }
        );
        let row = read("solved,median,ert\nfalse,NA,-Inf\n").expect("R's spelling");
        assert_eq!(row.ert, f64::NEG_INFINITY);
        assert!(read("solved,median,ert\nyes,1,1\n").is_err());
        assert!(read("solved,median,ert\nTRUE,x,1\n").is_err());
        assert!(read("solved,median,ert\nTRUE,1,NA\n").is_err());
    }
}
