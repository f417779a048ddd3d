//! What talks to the person at the terminal, for every subcommand: lines on
//! stderr that never stop the program (`stderr`), the progress of a run and
//! of a count (`progress`, `count_progress`), the notes of the finishing
//! pipeline (`finishing`), output files that appear whole (`output_file`),
//! Ctrl-C and SIGTERM (`signals`), how an error becomes a message and an
//! exit code (`failure`), and how the remedies in the library's messages are
//! spelled as `queens …` commands (`remedies`).

pub mod count_progress;
pub mod failure;
pub mod finishing;
pub mod output_file;
pub mod progress;
pub mod remedies;
pub mod signals;
pub mod stderr;
