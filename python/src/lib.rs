//! `queens._queens`: the native module under the `queens` Python package.
//! It calls the library's own entry points (the trial path, the run
//! service, the exact counter, the store and the finishing steps, the
//! export, the merge, the animated replays) and returns plain Python values
//! (dicts, lists, strings); the typed Python API, its docstrings and the
//! pandas tables are in `python/queens/`.
//!
//! No panic crosses into Python: every entry point runs inside
//! [`errors::guard`], which turns a panic into `queens.QueensError`, and
//! every library error into the typed exception that carries the CLI's
//! message ([`errors`]), with what to do spelled as calls of the package
//! ([`remedies`], registered when the module loads). Long work (a run, a
//! count, a solve) releases the GIL; a run polls for Ctrl-C and stops as
//! the CLI does ([`run`]).
//!
//! The module also holds the bounds the command line puts on its
//! arguments, which the Python side checks before calling: `MAX_SIZE`
//! (the largest board size), `MAX_COUNT_SIZE` and `MAX_ANIMATE_SIZE` (the
//! largest for `count` and `animate`) and `SEED_BOUND` (seeds are below
//! it, 2^53).

mod data;
mod errors;
mod in_process;
mod remedies;
mod run;
mod solve;

use pyo3::prelude::*;

/// The module `queens._queens`.
#[pymodule]
fn _queens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    remedies::register();
    errors::add(m)?;
    m.add_function(wrap_pyfunction!(solve::algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::count, m)?)?;
    m.add_function(wrap_pyfunction!(run::run, m)?)?;
    m.add_function(wrap_pyfunction!(run::finish, m)?)?;
    m.add_class::<data::DataStore>()?;
    m.add_function(wrap_pyfunction!(data::summarize, m)?)?;
    m.add_function(wrap_pyfunction!(data::export_ioh, m)?)?;
    m.add_function(wrap_pyfunction!(data::merge, m)?)?;
    m.add_function(wrap_pyfunction!(data::animate_replay, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_SIZE", queens::experiment::config::MAX_SIZE)?;
    m.add("MAX_COUNT_SIZE", queens::counting::MAX_N)?;
    m.add("MAX_ANIMATE_SIZE", queens::animate::MAX_N)?;
    m.add("SEED_BOUND", queens::base::records::seed::SEED_BOUND)?;
    Ok(())
}
