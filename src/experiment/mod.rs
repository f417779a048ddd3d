//! Experiments: the config (TOML schema, checked with located errors and
//! warnings; parameter sweeps expanded into entries; its JSON Schema for
//! editors, [`schema`]), the plan (trials,
//! seeds, shards), the runner (data directory and resume, session metadata,
//! parallel execution, the finishing step), the observer it reports to,
//! merging shards, the tidy params.csv, the questions a config declares
//! ([`question`]), the lock that keeps a data directory to one writer, and
//! the check that runs.csv's rows are trials of the stored plan
//! ([`stored_plan`]); the entries that run an external program
//! (`external_entry`) and the log of the trials such a program failed
//! ([`external_log`]). The CSV rows and files themselves are
//! [`crate::base::records`].

pub mod config;
mod config_diff;
pub mod data_dir;
pub mod diagnostics;
pub mod error;
mod execute;
mod external_entry;
pub mod external_log;
pub mod limits;
pub mod lock;
pub mod merge;
pub mod metadata;
pub mod observer;
mod params_file;
pub mod plan;
pub mod question;
mod results;
pub mod runner;
pub mod schema;
mod session;
pub mod stored_plan;
mod sweep;
pub mod trace;
mod trace_file;
mod trial_rows;
