//! Lines for the person at the terminal (progress, notes, warnings) that can
//! never stop the program. `eprintln!` panics when nobody reads stderr any
//! more, as in `queens run 2>&1 | head -1`; these lines are dropped instead,
//! and the work and its exit status go on as if they had been read.

use std::fmt;
use std::io::Write;

/// Writes `args` and a newline to stderr; a failed write is ignored (see the
/// module header).
pub fn write_line(args: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{args}");
}

/// Like `eprintln!`, but a closed or broken stderr is ignored instead of
/// panicking (see [`write_line`]).
macro_rules! stderr_line {
    ($($arg:tt)*) => {
        $crate::cli::terminal::stderr::write_line(format_args!($($arg)*))
    };
}

pub(crate) use stderr_line;
