//! What the CLI does with a data directory after a run, as library calls
//! for the Python package: the directory opened once by the store, which
//! checks each table's file before pandas reads it ([`DataStore`]), the
//! summary recomputed,
//! the IOHprofiler export, the merge of a cluster run's shards, and an
//! animated replay of one trial.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use queens::animate::{self, HTML_FRAMES, ReplaySpec, SVG_FRAMES};
use queens::base::records::Measure;
use queens::export::ioh;
use queens::finish::{Steps, finish};
use queens::run::merge::merge as merge_shards;
use queens::store::error::StoreError;
use queens::store::{Store, Table, plots_dir_of};

use crate::errors::{
    ConfigError, DataError, QueensError, RunError as RunErrorClass, guard, message, run_error,
};
use crate::in_process::Registry;
use crate::run::{Notes, put_finished};
use crate::solve::{budget_of, build};

/// A data directory opened once by the library's store, for the
/// package's `Data`: each table's file is checked by the store (as every
/// reader of the command line checks it) before pandas reads it, and the
/// runs are read and hashed once however many tables are asked for.
#[pyclass(frozen, name = "DataStore")]
pub struct DataStore {
    /// The open store.
    store: Store,
}

#[pymethods]
impl DataStore {
    /// Opens the data directory `data` to read.
    #[new]
    fn open(py: Python<'_>, data: PathBuf) -> PyResult<Self> {
        guard(|| {
            let store = py.detach(|| Store::open(&data)).map_err(store_error)?;
            Ok(DataStore { store })
        })
    }

    /// The file of `table` ("runs", "traces", "summary", "compare",
    /// "ranking", "params"), checked (None when the directory has none).
    fn table_file(&self, py: Python<'_>, table: &str) -> PyResult<Option<PathBuf>> {
        guard(|| {
            let table = Table::parse(table).ok_or_else(|| {
                QueensError::new_err(format!(
                    "table {table:?}: say runs, traces, summary, compare, ranking or params"
                ))
            })?;
            py.detach(|| self.store.checked_file(table))
                .map_err(store_error)
        })
    }

    /// The labels in the order the stored config declares them (none
    /// without one).
    fn labels(&self) -> Vec<String> {
        self.store.label_order().to_vec()
    }

    /// metadata.json as JSON text, when complete.
    fn metadata(&self) -> PyResult<Option<String>> {
        self.store
            .metadata()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| QueensError::new_err(e.to_string()))
    }
}

/// A store error as the exception of its kind: a directory another
/// process writes is a `RunError`, anything else about the files a
/// `DataError`.
pub fn store_error(error: StoreError) -> PyErr {
    let text = message(&error);
    match error {
        StoreError::DataDirLocked { .. } | StoreError::ShardLocked { .. } => {
            RunErrorClass::new_err(text)
        }
        _ => DataError::new_err(text),
    }
}

/// `data` opened to write: refused, creating nothing, when it is not a
/// directory.
pub fn open_to_write(data: &std::path::Path) -> Result<Store, StoreError> {
    if !data.is_dir() {
        return Store::open(data);
    }
    Store::open_to_write(data)
}

/// Recomputes summary.csv of `data` from its runs.csv, as `queens
/// summarize`, and records it; returns its path.
#[pyfunction]
pub fn summarize(py: Python<'_>, data: PathBuf) -> PyResult<PathBuf> {
    guard(|| {
        py.detach(|| -> Result<PathBuf, StoreError> {
            let mut store = open_to_write(&data)?;
            let rows = queens::analysis::summary::summarize(store.runs()?);
            Ok(store.write_summary(rows)?.path)
        })
        .map_err(store_error)
    })
}

/// Writes the IOHprofiler export of `data` into `out`, as `queens export
/// --format ioh`: `measure` as the evaluations, the sizes above 65535 left
/// out when `omit_large_sizes`, an earlier export replaced when `force`.
#[pyfunction]
#[pyo3(signature = (data, out, measure="checks", omit_large_sizes=false, force=false))]
pub fn export_ioh(
    py: Python<'_>,
    data: PathBuf,
    out: PathBuf,
    measure: &str,
    omit_large_sizes: bool,
    force: bool,
) -> PyResult<Py<PyDict>> {
    guard(|| {
        let measure = match Measure::parse(measure) {
            Ok(Measure::Seconds) | Err(_) => {
                return Err(ConfigError::new_err(format!(
                    "measure {measure:?} cannot be IOH's evaluations: say \"checks\", \"evaluations\" or \"steps\""
                )));
            }
            Ok(m) => m,
        };
        let options = ioh::Options {
            measure,
            omit_large_sizes,
        };
        let export = py
            .detach(|| -> Result<ioh::Export, ioh::IohError> {
                let store = Store::open(&data)?;
                ioh::write(&store, options, &out, force)
            })
            .map_err(|e| DataError::new_err(message(&e)))?;
        let result = PyDict::new(py);
        result.set_item("out", &out)?;
        result.set_item("algorithms", export.algorithms)?;
        result.set_item("runs", export.runs)?;
        result.set_item("omitted", export.omitted)?;
        result.set_item("raised_to_one", export.raised_to_one)?;
        Ok(result.unbind())
    })
}

/// Merges the shards of a cluster run found in `dirs` into `into`, then
/// compares, charts and reports into `plots` (default `plots/<name>`), as
/// `queens merge`.
#[pyfunction]
#[pyo3(signature = (dirs, into, plots=None))]
pub fn merge(
    py: Python<'_>,
    dirs: Vec<PathBuf>,
    into: PathBuf,
    plots: Option<PathBuf>,
) -> PyResult<Py<PyDict>> {
    guard(|| {
        let (report, mut store) = py
            .detach(|| merge_shards(&dirs, &into))
            .map_err(run_error)?;
        let plots = plots.unwrap_or_else(|| plots_dir_of(&report.experiment));
        let stop = std::sync::atomic::AtomicBool::new(false);
        let notes = Notes::new(&stop);
        let finished = py
            .detach(|| finish(&mut store, &plots, Steps::ALL, &Default::default(), &notes))
            .map_err(|e| DataError::new_err(message(&e)))?;
        let result = PyDict::new(py);
        result.set_item("name", &report.experiment)?;
        result.set_item("shards", report.shards)?;
        result.set_item("trials", report.trials)?;
        result.set_item("data", &into)?;
        result.set_item("plots", &plots)?;
        put_finished(&result, Some(&finished), notes.into_notes())?;
        Ok(result.unbind())
    })
}

/// Records one seeded trial of `algorithm` on the N×N board frame by frame
/// and writes it to `out` as `queens animate` does: an interactive page
/// (`.html`) or a self-playing animation (`.svg`).
#[pyfunction]
#[pyo3(name = "animate", signature = (algorithm, n, out, seed=0, params=None, budget=None, solvers=None))]
#[allow(clippy::too_many_arguments)]
pub fn animate_replay(
    py: Python<'_>,
    algorithm: &str,
    n: usize,
    out: PathBuf,
    seed: u64,
    params: Option<&Bound<'_, PyDict>>,
    budget: Option<&Bound<'_, PyDict>>,
    solvers: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyDict>> {
    guard(|| {
        let html = match out.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm") => true,
            Some(e) if e.eq_ignore_ascii_case("svg") => false,
            _ => {
                return Err(ConfigError::new_err(format!(
                    "cannot tell the replay format of {}: name the file FILE.html (interactive page) or FILE.svg (self-playing animation)",
                    out.display()
                )));
            }
        };
        let registry = Registry::from_python(solvers)?;
        let (found, params, solver) = build(algorithm, n, params, &registry)?;
        let budget = budget_of(found, budget)?;
        let spec = ReplaySpec {
            solver: &*solver,
            algorithm: found.name,
            params: &params,
            n,
            seed,
            budget,
            frames: if html { HTML_FRAMES } else { SVG_FRAMES },
            start: None,
        };
        let replay = py
            .detach(|| animate::record(&spec))
            .map_err(|e| ConfigError::new_err(message(&e)))?;
        let text = if html {
            animate::html::render(&replay)
        } else {
            animate::svg::render(&replay)
        };
        std::fs::write(&out, text.as_bytes())
            .map_err(|e| DataError::new_err(format!("cannot write {}: {e}", out.display())))?;
        let result = PyDict::new(py);
        result.set_item("out", &out)?;
        result.set_item("frames", replay.frames.len())?;
        result.set_item("solved", replay.outcome.is_solved())?;
        result.set_item("steps", replay.outcome.metrics.steps)?;
        result.set_item("checks", replay.outcome.metrics.checks)?;
        Ok(result.unbind())
    })
}
