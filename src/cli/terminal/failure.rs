//! How a failed command ends: bad input (exit 2), a bug in queens (exit 70,
//! EX_SOFTWARE from sysexits.h) or a closed stdout (exit 141, quietly).

use std::io;

use queens::finish::FinishError;
use queens::run::error::RunError;
use queens::store::error::StoreError;

/// A condition that only a bug in queens can cause, such as a solver and the
/// independent validator disagreeing. `queens` exits 70 and asks for a report.
#[derive(Debug, thiserror::Error)]
#[error("internal error: {0}")]
pub struct InternalError(pub String);

/// The kinds of failure the exit codes tell apart.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// Bad input, or a file that cannot be read or written: exit 2.
    BadInput,
    /// A bug in queens: exit 70.
    Internal,
    /// The reader of stdout (or of a pipe given as an output file) went
    /// away, as in `queens algorithms | head -1`: exit 141, the status a
    /// shell reports for a program ended by SIGPIPE (128 + 13), with no
    /// message.
    PipeClosed,
}

impl Failure {
    /// Classifies `error` by the errors in its chain.
    pub fn of(error: &anyhow::Error) -> Failure {
        let internal = error.chain().any(|e| {
            e.is::<InternalError>()
                || e.downcast_ref::<RunError>()
                    .is_some_and(RunError::is_internal)
                || e.downcast_ref::<StoreError>()
                    .is_some_and(StoreError::is_internal)
                || e.downcast_ref::<FinishError>()
                    .is_some_and(FinishError::is_internal)
        });
        let pipe_closed = error.chain().any(|e| {
            e.downcast_ref::<io::Error>()
                .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
        });
        if internal {
            Failure::Internal
        } else if pipe_closed {
            Failure::PipeClosed
        } else {
            Failure::BadInput
        }
    }

    /// The process exit code.
    pub fn code(&self) -> u8 {
        match self {
            Failure::BadInput => 2,
            Failure::Internal => 70,
            Failure::PipeClosed => 141,
        }
    }

    /// The lines to print on stderr: none for a closed pipe; for a bug, the
    /// error and a request to report it.
    pub fn message(&self, error: &anyhow::Error) -> Option<String> {
        match self {
            Failure::BadInput => Some(format!("error: {}", chain_text(error))),
            Failure::Internal => Some(format!(
                "error: {}\nthis is a bug in queens: please report it with the command line that triggered it",
                chain_text(error)
            )),
            Failure::PipeClosed => None,
        }
    }
}

/// The error and its causes joined by ": ", leaving out a cause whose
/// text is already in the message (an error that prints its source in its
/// own text), so that no reason, such as an OS error, is printed twice.
fn chain_text(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let part = cause.to_string();
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::Violation;
    use queens::base::records::Shard;
    use queens::base::remedy::{Remedy, Replay, ReplaySolver};

    fn io_error(kind: io::ErrorKind) -> anyhow::Error {
        anyhow::Error::from(io::Error::from(kind))
    }

    #[test]
    fn internal_errors_exit_70_and_ask_for_a_report() {
        let error = anyhow::Error::from(InternalError("a bad board".into())).context("solving");
        let failure = Failure::of(&error);
        assert_eq!(failure, Failure::Internal);
        assert_eq!(failure.code(), 70);
        let message = failure.message(&error).expect("a message");
        assert!(message.contains("a bad board"), "{message}");
        assert!(message.contains("please report it"), "{message}");
        let invalid = RunError::InvalidSolution {
            label: "mc".into(),
            n: 4,
            seed: 9,
            violation: queens::trial::Invalid::Attack(Violation::SameColumn {
                first: 0,
                second: 1,
                column: 2,
            }),
            replay: Box::new(Remedy::Replay(Box::new(Replay {
                solver: ReplaySolver::Algorithm("min-conflicts".into()),
                n: Some(4),
                seed: Some(9),
                params: Vec::new(),
                budget: Vec::new(),
                start: None,
                instance: None,
            }))),
        };
        super::super::remedies::register();
        let message = invalid.to_string();
        assert!(
            message
                .starts_with("internal error: mc returned an invalid board for N = 4 with seed 9")
                && message.ends_with("; replay: queens solve -a min-conflicts -n 4 --seed 9"),
            "{message}"
        );
        for run_error in [invalid, RunError::Poisoned] {
            assert_eq!(Failure::of(&run_error.into()), Failure::Internal);
        }
    }

    #[test]
    fn a_closed_pipe_exits_141_without_a_message() {
        let error = io_error(io::ErrorKind::BrokenPipe).context("printing the result");
        let failure = Failure::of(&error);
        assert_eq!(failure, Failure::PipeClosed);
        assert_eq!(failure.code(), 141);
        assert_eq!(failure.message(&error), None);
    }

    #[test]
    fn everything_else_is_bad_input_exiting_2() {
        for error in [
            anyhow::anyhow!("unknown algorithm 'quantum'"),
            io_error(io::ErrorKind::NotFound),
            RunError::MissingShards {
                missing: vec![Shard { index: 1, count: 2 }],
            }
            .into(),
        ] {
            let failure = Failure::of(&error);
            assert_eq!(failure, Failure::BadInput, "{error:#}");
            assert_eq!(failure.code(), 2);
            let message = failure.message(&error).expect("a message");
            assert!(message.starts_with("error: "), "{message}");
            assert!(!message.contains("bug"), "{message}");
        }
    }

    /// An error that prints its source in its own text, as a checkpoint's
    /// did ("FILE: REASON" with REASON as its source too).
    #[derive(Debug, thiserror::Error)]
    #[error("/missing: {source}")]
    struct Echoing {
        source: io::Error,
    }

    #[test]
    fn a_reason_already_in_the_message_is_printed_once() {
        let error = anyhow::Error::from(Echoing {
            source: io::Error::from(io::ErrorKind::NotFound),
        })
        .context("cannot merge");
        let message = Failure::of(&error).message(&error).expect("a message");
        let reason = io::Error::from(io::ErrorKind::NotFound).to_string();
        assert_eq!(message, format!("error: cannot merge: /missing: {reason}"));
    }
}
