//! The registry: every algorithm by name, with its source, parameters,
//! default budget and constructor. Adding an algorithm is one file plus one
//! line in [`ALGORITHMS`].

use super::params::{ParamError, ParamSpec, Params, RawValue};
use super::{
    Budget, Solver, annealing, backtracking, construction, genetic, min_conflicts, naive_repair,
    random_restart,
};

/// One registered algorithm.
pub struct Algorithm {
    /// The registry name (`-a NAME`).
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Where it comes from (paper, book, blog).
    pub source: &'static str,
    /// Its parameters and their defaults.
    pub params: &'static [ParamSpec],
    /// The budget used when the user sets none; it ends N = 2 and 3 (no
    /// solution) in well under a second.
    pub default_budget: Budget,
    /// Builds a solver from checked parameters; fails on combinations the
    /// individual ranges cannot express (say, more elites than individuals).
    pub build: fn(&Params) -> Result<Box<dyn Solver>, ParamError>,
}

impl Algorithm {
    /// Checks `given` against the declared parameters and builds the solver.
    pub fn instantiate(
        &self,
        given: &[(String, RawValue)],
    ) -> Result<(Params, Box<dyn Solver>), ParamError> {
        let params = Params::resolve(self.name, self.params, given)?;
        let solver = (self.build)(&params)?;
        Ok((params, solver))
    }
}

/// Every algorithm, in the order `queens algorithms` lists them.
static ALGORITHMS: &[&Algorithm] = &[
    &backtracking::ALGORITHM,
    &construction::ALGORITHM,
    &random_restart::ALGORITHM,
    &naive_repair::ALGORITHM,
    &min_conflicts::ALGORITHM,
    &genetic::ALGORITHM,
    &annealing::ALGORITHM,
];

/// Every registered algorithm.
pub fn algorithms() -> &'static [&'static Algorithm] {
    ALGORITHMS
}

/// A name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{name}'; known: {known}")]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
    /// The registered names.
    pub known: String,
}

/// Looks an algorithm up by its registry name.
pub fn find_algorithm(name: &str) -> Result<&'static Algorithm, UnknownAlgorithm> {
    ALGORITHMS
        .iter()
        .copied()
        .find(|a| a.name == name)
        .ok_or_else(|| UnknownAlgorithm {
            name: name.to_string(),
            known: ALGORITHMS
                .iter()
                .map(|a| a.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_defaults_valid() {
        let mut names: Vec<_> = ALGORITHMS.iter().map(|a| a.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALGORITHMS.len());
        for a in ALGORITHMS {
            assert!(a.instantiate(&[]).is_ok(), "{} defaults", a.name);
            assert!(!a.source.is_empty() && !a.summary.is_empty());
        }
    }

    #[test]
    fn unknown_name_lists_known_ones() {
        let e = find_algorithm("quantum").err().expect("unknown");
        assert!(e.to_string().contains("min-conflicts"));
    }
}
