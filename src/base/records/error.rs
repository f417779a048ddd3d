//! Why a CSV file of an experiment could not be read or written: each error
//! names the file and carries the system's or the CSV library's reason, or
//! what to do about the row at fault (a [`Remedy`]).

use std::path::{Path, PathBuf};

use crate::base::remedy::{Remedy, Setting};

/// A CSV file that could not be read, repaired or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordsError {
    /// The file exists but could not be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A whole row does not fit the row type.
    #[error(
        "{}: bad row {row}: {detail}; correct the value or delete the line \
         (`{}` runs a deleted trial again)",
        path.display(), run(path)
    )]
    BadRow {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the row (the header is line 1).
        row: usize,
        /// What does not fit: the column, the value found and what is
        /// allowed (see [`crate::base::records::field::describe`]).
        detail: String,
    },
    /// A trial appears twice in a runs file.
    #[error(
        "{}: lines {first_line} and {second_line} are both trial {trial} of '{}' at n = {n}, \
         and each trial is counted once: delete the line that should not be there (`{}` \
         runs a deleted trial again), or run the experiment again with {}",
        path.display(), label.escape_debug(), run(path), Remedy::Set(Setting::Fresh)
    )]
    DuplicateTrial {
        /// The runs file.
        path: PathBuf,
        /// The trial's label.
        label: String,
        /// Its board size.
        n: u64,
        /// Its trial number.
        trial: u64,
        /// The line of its first row (the header is line 1).
        first_line: usize,
        /// The line of its second row.
        second_line: usize,
    },
    /// A trial's `solved` and `stop_reason` cells contradict each other: a
    /// trial is solved exactly when it stopped because it found a solution.
    #[error(
        "{}: line {line} says solved = {solved} but stop_reason = {stop_reason}, and a trial is \
         solved exactly when its stop_reason is `solved`: correct one of the two cells or delete \
         the line (`{}` runs a deleted trial again)",
        path.display(), run(path), solved = if *solved { "TRUE" } else { "FALSE" }
    )]
    Contradictory {
        /// The runs file.
        path: PathBuf,
        /// The line of the row (the header is line 1).
        line: usize,
        /// Its `solved` cell.
        solved: bool,
        /// Its `stop_reason` cell.
        stop_reason: String,
    },
    /// The file's last line has no newline: it was cut short.
    #[error(
        "{}: line {line} is cut short (the file ends without a newline: a run killed while it \
         wrote, or a file truncated by hand); resume the run with `{}` (it runs that \
         trial again) or delete the line",
        path.display(), run(path)
    )]
    CutShort {
        /// The file.
        path: PathBuf,
        /// The line cut short (the header is line 1).
        line: usize,
    },
    /// The torn last line could not be cut off.
    #[error("cannot repair {}", path.display())]
    Repair {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file could not be written whole.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The reason.
        #[source]
        source: csv::Error,
    },
    /// The file could not be opened for appending.
    #[error("cannot open {} for appending", path.display())]
    OpenForAppend {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// Rows could not be appended.
    #[error("cannot append to {}", path.display())]
    Append {
        /// The file.
        path: PathBuf,
        /// The reason.
        #[source]
        source: csv::Error,
    },
}

/// A run of the experiment whose data directory holds the file at `path`:
/// it runs a trial whose row is missing again.
fn run(path: &Path) -> Remedy {
    Remedy::Run {
        data: path
            .parent()
            .filter(|dir| !dir.as_os_str().is_empty())
            .map(Path::to_owned),
    }
}

/// The result of reading or writing a CSV file.
pub type RecordsResult<T> = Result<T, RecordsError>;
