//! `queens`: a research harness comparing N-Queens search algorithms under
//! seeded, reproducible conditions.
//!
//! The library's face: modules and re-exports only.

pub mod analysis;
pub mod bench;
pub mod board;
pub mod counting;
pub mod experiment;
pub mod outcome;
pub mod plot;
pub mod records;
pub mod solvers;
pub mod trial;

pub use board::{Placement, Violation, validate};
pub use solvers::{
    Algorithm, Budget, Control, Metrics, Outcome, Solver, StopReason, algorithms, find_algorithm,
};
