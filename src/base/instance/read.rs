//! Readers of the formats N-Queens instances are published in.

use std::path::Path;

use super::Instance;

/// Why a file is not an instance: the file, the line, what was found and
/// what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ReadError {
    /// The file as named.
    pub file: String,
    /// The line (from 1; 0 when the file could not be read at all).
    pub line: usize,
    /// What was found and what was expected.
    pub message: String,
}

/// Reads the instance in the file at `path` (named `name` in messages and
/// in its origin).
pub fn read_file(path: &Path, name: &str) -> Result<Instance, ReadError> {
    let _ = path;
    Err(ReadError {
        file: name.to_string(),
        line: 0,
        message: "reading instance files is not written yet".to_string(),
    })
}
