//! Experiments: config (TOML schema), plan (trials and seeds), runner
//! (parallel, resume, progress), the CSV files and their records, metadata,
//! and merging shards.

pub mod config;
pub mod error;
pub mod merge;
pub mod metadata;
pub mod plan;
pub mod progress;
pub mod records;
pub mod runner;
pub mod runs_file;
pub mod seed;
pub mod trace;
