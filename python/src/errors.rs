//! The typed exceptions and the guard that keeps panics out of Python.
//! Each exception carries the CLI's message for the same error (a config
//! error keeps its `file:line:col`), its remedies spelled as calls of the
//! package ([`crate::remedies`]).

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    _queens,
    QueensError,
    PyException,
    "Base class of every error the queens package raises."
);
create_exception!(
    _queens,
    ConfigError,
    QueensError,
    "A config, an algorithm name, a parameter or a budget that cannot be used; the message names where (file:line:col for a config) and what is allowed."
);
create_exception!(
    _queens,
    DataError,
    QueensError,
    "A data directory or one of its files that cannot be read or written."
);
create_exception!(
    _queens,
    RunError,
    QueensError,
    "A run that cannot start or go on (the data directory is held by another run, holds another config's results, a file cannot be written)."
);
create_exception!(
    _queens,
    InvalidSolutionError,
    QueensError,
    "A built-in solver returned a board that is no solution: a bug, with the command that replays it."
);

/// Adds the exception classes to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("QueensError", py.get_type::<QueensError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("DataError", py.get_type::<DataError>())?;
    m.add("RunError", py.get_type::<RunError>())?;
    m.add(
        "InvalidSolutionError",
        py.get_type::<InvalidSolutionError>(),
    )?;
    Ok(())
}

/// Runs `work`, turning a panic into [`QueensError`] naming it.
pub fn guard<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|panic| Err(panicked(&panic)))
}

/// The error for a caught panic's payload.
pub fn panicked(panic: &Box<dyn std::any::Any + Send>) -> PyErr {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    QueensError::new_err(format!(
        "internal error (a bug in queens, please report it): {what}"
    ))
}

/// A library error as the exception of its kind, with its message and the
/// messages of its causes, as the CLI prints them.
pub fn message(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let line = cause.to_string();
        if !text.contains(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = cause.source();
    }
    text
}

/// A runner error as the exception of its kind.
pub fn run_error(error: queens::run::error::RunError) -> PyErr {
    use queens::run::error::RunError as E;
    use queens::store::error::StoreError as S;
    let text = message(&error);
    match error {
        E::Config(_) | E::NoThreads => ConfigError::new_err(text),
        E::InvalidSolution { .. } => InvalidSolutionError::new_err(text),
        E::Store(S::Records(_) | S::Derived(_) | S::Plan(_) | S::UnplannedTrace { .. })
        | E::Finish(_) => DataError::new_err(text),
        _ => RunError::new_err(text),
    }
}
