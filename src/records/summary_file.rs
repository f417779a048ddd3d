//! summary.csv: one [`SummaryRow`] per (label, n), written whole through the
//! atomic writer. Its header is the field names of [`SummaryRow`], read from
//! the struct's serde description, so an empty summary has the same columns
//! as a full one.

use std::path::Path;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::csv_file::write_rows_with_header;
use super::error::RecordsResult;
use super::rows::SummaryRow;

/// Writes `rows` to `path` as CSV with its header, also when there are no
/// rows.
pub fn write_summary(path: &Path, rows: &[SummaryRow]) -> RecordsResult<()> {
    write_rows_with_header(path, rows, columns::<SummaryRow>())
}

/// The column names of the row type `T`: the field names its derived
/// `Deserialize` asks for.
fn columns<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    // The deserializer fails on purpose once it has the names.
    let _ = T::deserialize(FieldNames(&mut fields));
    fields
}

/// A deserializer that only records the field names of the struct it is
/// asked for.
struct FieldNames<'a>(&'a mut &'static [&'static str]);

impl<'de> Deserializer<'de> for FieldNames<'_> {
    type Error = de::value::Error;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("only the field names were asked for"))
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not a struct with named fields"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
        enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header, by the naming rule `<measure>_<statistic>` and
    /// `ert_<measure>`, for steps, checks, evaluations and seconds.
    fn expected_header() -> String {
        let mut columns: Vec<String> = "label,algorithm,step_unit,params,budget,n,trials,\
            successes,success_rate,success_ci_low,success_ci_high"
            .split(',')
            .map(String::from)
            .collect();
        for m in ["steps", "checks", "evaluations", "seconds"] {
            for s in [
                "mean",
                "median",
                "median_ci_low",
                "median_ci_high",
                "p10",
                "p25",
                "p75",
                "p90",
            ] {
                columns.push(format!("{m}_{s}"));
            }
            for e in ["", "_ci_low", "_ci_high"] {
                columns.push(format!("ert_{m}{e}"));
            }
        }
        columns.join(",")
    }

    #[test]
    fn an_empty_summary_has_every_column_named_by_the_rule() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[]).expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            format!("{}\n", expected_header())
        );
    }
}
