//! Placeholder for the `backtracking` solver; replaced by its implementation.

use super::params::{ParamError, ParamSpec};
use super::registry::Algorithm;
use super::{Budget, Solver};

const PARAMS: &[ParamSpec] = &[];

fn build(_: &super::Params) -> Result<Box<dyn Solver>, ParamError> {
    Err(ParamError::Malformed(
        "backtracking is not implemented yet".into(),
    ))
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "backtracking",
    summary: "placeholder",
    source: "placeholder",
    params: PARAMS,
    default_budget: Budget::steps(1_000_000),
    build,
};
