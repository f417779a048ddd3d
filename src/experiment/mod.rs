//! Experiments: config (TOML schema), plan (trials and seeds), runner, CSV records.

pub mod records;
