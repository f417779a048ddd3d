//! The errors of running and merging experiments. Each says what could not
//! be done, with the file and the reason; `queens` prints them and exits 2.

use super::config::ConfigError;

/// Why a run, a resume or a merge could not go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The config does not load.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A file or directory could not be read or written.
    #[error("{what}")]
    Io {
        /// What was being done (with the path).
        what: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A CSV file could not be read or written.
    #[error("{what}")]
    Csv {
        /// What was being done (with the path).
        what: String,
        /// The CSV library's reason.
        #[source]
        source: csv::Error,
    },
    /// A metadata file could not be read or written.
    #[error("{what}")]
    Json {
        /// What was being done (with the path).
        what: String,
        /// The JSON library's reason.
        #[source]
        source: serde_json::Error,
    },
    /// The files on disk do not fit the request (results of another config,
    /// a missing or incomplete shard, a row the plan does not have); the
    /// message says what was found and what to do.
    #[error("{0}")]
    Refused(String),
    /// A solver returned a board that is not a solution.
    #[error("internal error: {0}")]
    InvalidSolution(String),
    /// The worker threads could not start.
    #[error("cannot start the worker threads")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// A worker thread panicked while holding the results.
    #[error("a worker thread panicked")]
    Poisoned,
}

/// Attaches what was being done to an I/O, CSV or JSON error.
pub trait Doing<T> {
    /// The error, as a [`RunError`] saying `what` failed.
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError>;
}

impl<T> Doing<T> for Result<T, std::io::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError> {
        self.map_err(|source| RunError::Io {
            what: what(),
            source,
        })
    }
}

impl<T> Doing<T> for Result<T, csv::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError> {
        self.map_err(|source| RunError::Csv {
            what: what(),
            source,
        })
    }
}

impl<T> Doing<T> for Result<T, serde_json::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError> {
        self.map_err(|source| RunError::Json {
            what: what(),
            source,
        })
    }
}

/// The result of a run, resume or merge step.
pub type RunResult<T> = Result<T, RunError>;
