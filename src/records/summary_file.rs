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

    /// The header of the committed summaries.
    const HEADER: &str = "label,algorithm,n,trials,successes,success_rate,success_low,\
        success_high,steps_mean,steps_median,steps_p10,steps_p90,steps_median_low,\
        steps_median_high,checks_mean,checks_median,checks_p10,checks_p90,mean_wall_seconds,\
        median_wall_seconds,p10_wall_seconds,p90_wall_seconds,ert_steps,ert_seconds";

    fn row() -> SummaryRow {
        SummaryRow {
            label: "random (blog)".into(),
            algorithm: "random-restart".into(),
            n: 10,
            trials: 200,
            successes: 2,
            success_rate: 0.01,
            success_low: 0.0027466581335444384,
            success_high: 0.0357217617161768,
            steps_mean: Some(47333.5),
            steps_median: Some(47333.5),
            steps_p10: Some(22736.3),
            steps_p90: Some(71930.70000000001),
            steps_median_low: Some(16587.0),
            steps_median_high: None,
            checks_mean: Some(155145.5),
            checks_median: Some(155145.5),
            checks_p10: Some(74503.5),
            checks_p90: Some(235787.5),
            mean_wall_seconds: Some(3.255e-6),
            median_wall_seconds: Some(0.0025222745000000003),
            p10_wall_seconds: Some(0.0012372005),
            p90_wall_seconds: Some(0.0038073485),
            ert_steps: Some(9947333.5),
            ert_seconds: None,
        }
    }

    #[test]
    fn an_empty_summary_has_the_header_of_a_full_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[]).expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            format!("{HEADER}\n")
        );
        write_summary(&path, &[row()]).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(text.lines().next(), Some(HEADER));
    }

    #[test]
    fn floats_and_empty_cells_are_written_as_in_the_committed_data() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[row()]).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(
            text.lines().nth(1),
            Some(
                "random (blog),random-restart,10,200,2,0.01,0.0027466581335444384,\
                 0.0357217617161768,47333.5,47333.5,22736.3,71930.70000000001,16587.0,,\
                 155145.5,155145.5,74503.5,235787.5,3.255e-6,0.0025222745000000003,\
                 0.0012372005,0.0038073485,9947333.5,"
            )
        );
    }
}
