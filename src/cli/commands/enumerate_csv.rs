//! The `enumerate --csv` file: one row per solution, `index,tests,backtracks,
//! columns`. It is opened at the first solution and committed at the end (see
//! [`crate::cli::terminal::output_file`]), so an enumeration without a solution leaves an
//! existing file as it was; a failed write stops the file, not the
//! enumeration, and is reported once the result is printed.

use std::io::{self, Write};
use std::path::Path;

use queens::solvers::algorithms::backtracking::MoveCount;

use crate::cli::terminal::output_file::{OutputError, OutputFile, Pending};

/// The header row.
const HEADER: &str = "index,tests,backtracks,columns";

/// Where the file stands.
enum State {
    /// Checked; opened at the first solution.
    Waiting(OutputFile),
    /// Rows are being written.
    Writing(Pending),
    /// A write failed; no more rows are written.
    Failed(OutputError),
}

/// The CSV file of every solution.
pub struct SolutionsCsv {
    state: Option<State>,
}

impl SolutionsCsv {
    /// Checks that `path` can be written, before the enumeration.
    pub fn check(path: &Path) -> Result<SolutionsCsv, OutputError> {
        let file = OutputFile::check(path, "the CSV file")?;
        Ok(SolutionsCsv {
            state: Some(State::Waiting(file)),
        })
    }

    /// Adds the row of solution number `index`, found after `moves`.
    pub fn record(&mut self, index: u64, moves: MoveCount, columns: &[u32]) {
        let pending = match self.state.take() {
            Some(State::Waiting(file)) => file
                .open()
                .and_then(|p| written(p, |w| writeln!(w, "{HEADER}"))),
            Some(State::Writing(pending)) => Ok(pending),
            failed => {
                self.state = failed;
                return;
            }
        };
        let pending = pending.and_then(|p| written(p, |w| row(w, index, moves, columns)));
        self.state = Some(match pending {
            Ok(pending) => State::Writing(pending),
            Err(e) => State::Failed(e),
        });
    }

    /// Commits the file if it holds a solution; returns a failed write.
    pub fn finish(self) -> Result<(), OutputError> {
        match self.state {
            Some(State::Writing(pending)) => pending.commit(),
            Some(State::Failed(e)) => Err(e),
            Some(State::Waiting(_)) | None => Ok(()),
        }
    }
}

/// `pending` after `write` wrote to it, or the error naming the file.
fn written(
    mut pending: Pending,
    write: impl FnOnce(&mut Pending) -> io::Result<()>,
) -> Result<Pending, OutputError> {
    match write(&mut pending) {
        Ok(()) => Ok(pending),
        Err(e) => Err(pending.error(e)),
    }
}

/// Writes one row; the fields are digits and spaces, so nothing is quoted.
fn row(w: &mut impl Write, index: u64, moves: MoveCount, columns: &[u32]) -> io::Result<()> {
    write!(w, "{index},{},{},", moves.tests, moves.backtracks)?;
    for (i, c) in columns.iter().enumerate() {
        if i > 0 {
            w.write_all(b" ")?;
        }
        write!(w, "{c}")?;
    }
    w.write_all(b"\n")
}
