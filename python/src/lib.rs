//! `queens._queens`: the native module under the `queens` Python package.
//! It calls the library's own entry points (the trial path, the runner,
//! the exact counter, the finishing steps) and returns plain Python values
//! (dicts, lists, strings); the typed Python API, its docstrings and the
//! pandas tables are in `python/queens/`.
//!
//! No panic crosses into Python: every entry point runs inside
//! [`errors::guard`], which turns a panic into `queens.QueensError`, and
//! every library error into the typed exception that carries the CLI's
//! message ([`errors`]). Long work (a run, a count, a solve) releases the
//! GIL; a run polls for Ctrl-C and stops as the CLI does ([`run`]).

mod errors;
mod in_process;
mod run;
mod solve;

use pyo3::prelude::*;

/// The module `queens._queens`.
#[pymodule]
fn _queens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::add(m)?;
    m.add_function(wrap_pyfunction!(solve::algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::count, m)?)?;
    m.add_function(wrap_pyfunction!(run::run, m)?)?;
    m.add_function(wrap_pyfunction!(run::finish, m)?)?;
    m.add_function(wrap_pyfunction!(run::config_labels, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
