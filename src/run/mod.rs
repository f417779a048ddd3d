//! Running an experiment: the run service ([`service::run`]: config →
//! trials → the finishing steps, with one rule for the threads, the
//! progress, an interruption and the exit status, and the default places
//! of the data and the charts), the runner it calls ([`runner`]: resume,
//! sessions, parallel execution into the store), one trial's rows
//! (`trial_rows.rs`, traced by [`trace`]), the observer a caller hears the
//! run through ([`observer`]), the metadata of where and when it ran
//! ([`metadata`]), and merging the shards of a cluster run ([`merge`]).
//! The CLI and the Python package both call [`service::run`].

pub mod error;
mod execute;
pub mod merge;
pub mod metadata;
pub mod observer;
pub mod runner;
pub mod service;
mod session;
pub mod trace;
mod trial_rows;
