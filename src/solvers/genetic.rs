//! Placeholder for the `genetic` solver; replaced by its implementation.

use super::params::{ParamError, ParamSpec};
use super::registry::Algorithm;
use super::{Budget, Solver};

const PARAMS: &[ParamSpec] = &[];

fn build(_: &super::Params) -> Result<Box<dyn Solver>, ParamError> {
    Err(ParamError::Malformed(
        "genetic is not implemented yet".into(),
    ))
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "genetic",
    summary: "placeholder",
    source: "placeholder",
    params: PARAMS,
    default_budget: Budget::steps(1_000_000),
    build,
};
