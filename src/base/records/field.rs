//! The message of a CSV field that does not fit its row type, naming its
//! column, the value found and what is allowed (the CSV library says only
//! "field 8").

use csv::{DeserializeErrorKind, ErrorKind, StringRecord};
use serde::de::DeserializeOwned;

use super::values::logical;
use crate::base::remedy::Remedy;

/// Why `record` (under `headers`) does not fit its row type: the column, the
/// value found and what is allowed; other CSV errors in the library's words.
pub fn describe<T: DeserializeOwned>(
    error: &csv::Error,
    headers: &StringRecord,
    record: &StringRecord,
) -> String {
    let ErrorKind::Deserialize { err, .. } = error.kind() else {
        return error.to_string();
    };
    if matches!(err.kind(), DeserializeErrorKind::UnexpectedEndOfRow) {
        return format!(
            "the row has {} fields where the header has {}",
            record.len(),
            headers.len()
        );
    }
    if let DeserializeErrorKind::Message(m) = err.kind()
        && let Some(column) = m.strip_prefix("missing field ")
    {
        return format!(
            "the file has no column {column}: it was written by another version of queens, or edited; write it again with this version ({}, or {} for summary.csv)",
            Remedy::RunFresh { data: None },
            Remedy::Summarize { data: None }
        );
    }
    let index = err
        .field()
        .and_then(|i| usize::try_from(i).ok())
        .or_else(|| failing_column::<T>(err, headers, record));
    let Some(index) = index else {
        return err.to_string();
    };
    let column = headers.get(index).map_or_else(
        || format!("field {}", index + 1),
        |h| format!("column `{h}`"),
    );
    let allowed = match err.kind() {
        DeserializeErrorKind::ParseBool(_) => logical::ALLOWED.to_string(),
        DeserializeErrorKind::ParseInt(_) => "expected a whole number, 0 or more".to_string(),
        DeserializeErrorKind::ParseFloat(_) => "expected a number".to_string(),
        DeserializeErrorKind::InvalidUtf8(_) => "expected UTF-8 text".to_string(),
        DeserializeErrorKind::UnexpectedEndOfRow => {
            "expected a field; the row ends here".to_string()
        }
        DeserializeErrorKind::Message(m) | DeserializeErrorKind::Unsupported(m) => m.clone(),
    };
    let found = record.get(index).unwrap_or_default();
    format!("{column} holds `{found}`: {allowed}")
}

/// The column of an error the CSV library did not place (one raised by a
/// field's own deserializer, like [`logical`] or an unknown enum
/// variant): fields are read in header order, so it is the last column of
/// the shortest prefix of the row that fails with the same error.
fn failing_column<T: DeserializeOwned>(
    err: &csv::DeserializeError,
    headers: &StringRecord,
    record: &StringRecord,
) -> Option<usize> {
    let message = err.to_string();
    (1..=headers.len().min(record.len())).find_map(|k| {
        let prefix = |r: &StringRecord| r.iter().take(k).collect::<StringRecord>();
        match prefix(record).deserialize::<T>(Some(&prefix(headers))) {
            Err(e) if matches!(e.kind(), ErrorKind::Deserialize { err, .. } if err.to_string() == message) => {
                Some(k - 1)
            }
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Row {
        n: u64,
        #[serde(with = "logical")]
        solved: bool,
    }

    fn read(line: &str) -> Result<Row, String> {
        let headers = StringRecord::from(vec!["n", "solved"]);
        let record = StringRecord::from(line.split(',').collect::<Vec<_>>());
        record
            .deserialize::<Row>(Some(&headers))
            .map_err(|e| describe::<Row>(&e, &headers, &record))
    }

    #[test]
    fn booleans_are_read_in_every_spelling_tools_write() {
        for (text, value) in [
            ("true", true),
            ("True", true),
            ("TRUE", true),
            ("false", false),
            ("False", false),
            ("FALSE", false),
        ] {
            let row = read(&format!("8,{text}")).expect(text);
            assert_eq!((row.n, row.solved), (8, value));
        }
    }

    #[test]
    fn a_bad_field_names_its_column_the_value_and_what_is_allowed() {
        let message = read("8,yes").expect_err("not a boolean");
        assert_eq!(
            message,
            format!("column `solved` holds `yes`: {}", logical::ALLOWED)
        );
        let message = read("-1,true").expect_err("not a count");
        assert_eq!(
            message,
            "column `n` holds `-1`: expected a whole number, 0 or more"
        );
        let headers = StringRecord::from(vec!["n"]);
        let record = StringRecord::from(vec!["8"]);
        let error = record
            .deserialize::<Row>(Some(&headers))
            .expect_err("no column");
        let message = describe::<Row>(&error, &headers, &record);
        assert!(
            message
                .starts_with("the file has no column `solved`: it was written by another version"),
            "{message}"
        );
        let message = read("8").expect_err("short row");
        assert_eq!(message, "the row has 1 fields where the header has 2");
    }
}
