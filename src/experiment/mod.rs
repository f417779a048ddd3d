//! Experiments: config (TOML schema), plan (trials and seeds), runner, CSV records.

pub mod config;
pub mod records;
pub mod seed;
