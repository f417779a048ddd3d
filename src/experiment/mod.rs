//! Experiments, what is to be run: the config (TOML schema, checked with
//! located errors and warnings; parameter sweeps expanded into entries; its
//! JSON Schema for editors, [`schema`]), the plan (trials, seeds, shards,
//! and the index that finds a row's place in it, [`plan`]), the tidy rows
//! of params.csv ([`params_file`]), the questions a config declares
//! ([`question`]), the entries that run an external program
//! (`external_entry`) and the targets a config may set (`targets`).
//! Running it is [`crate::run`]'s; the data directory it writes is
//! [`crate::store`]'s.

pub mod config;
pub(crate) mod config_diff;
pub mod diagnostics;
mod external_entry;
mod instances;
pub mod limits;
pub mod params_file;
pub mod plan;
pub mod question;
pub mod schema;
mod sweep;
mod targets;
