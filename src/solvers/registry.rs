//! The registry: every algorithm by name, with its source, parameters and
//! variants, default budget, restart behaviour, memory estimate and
//! constructor. Adding an algorithm is one file plus one line in
//! `ALGORITHMS`.

use super::memory::{self, MemoryEstimate};
use super::params::{ParamError, ParamSpec, Params, RawValue, VariantSpec};
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
    /// Its variants and the parameters each uses; empty when it has none
    /// (every parameter then applies).
    pub variants: &'static [VariantSpec],
    /// The budget used when the user sets none; it ends N = 2 and 3 (no
    /// solution) in well under a second.
    pub default_budget: Budget,
    /// Why a run with these parameters never restarts (so `max_restarts`
    /// cannot affect it), or `None` when it can restart.
    pub never_restarts: fn(&Params) -> Option<&'static str>,
    /// The memory a run with these parameters needs at size N.
    pub memory: fn(usize, &Params) -> MemoryEstimate,
    /// Builds a solver from checked parameters; fails on combinations the
    /// individual ranges cannot express (say, more elites than individuals).
    pub build: fn(&Params) -> Result<Box<dyn Solver>, ParamError>,
}

impl Algorithm {
    /// Checks `given` against the declared parameters and variants and
    /// builds the solver. The [`Params`] returned are the ones in effect.
    pub fn instantiate(
        &self,
        given: &[(String, RawValue)],
    ) -> Result<(Params, Box<dyn Solver>), ParamError> {
        let params = Params::resolve(self.name, self.params, self.variants, given)?;
        let solver = (self.build)(&params)?;
        Ok((params, solver))
    }

    /// [`Algorithm::instantiate`] for a run at size `n`: also refuses a run
    /// whose memory estimate is above the limit ([`Algorithm::check_memory`]).
    pub fn instantiate_for(
        &self,
        n: usize,
        given: &[(String, RawValue)],
    ) -> Result<(Params, Box<dyn Solver>), ParamError> {
        let params = Params::resolve(self.name, self.params, self.variants, given)?;
        self.check_memory(n, &params)?;
        let solver = (self.build)(&params)?;
        Ok((params, solver))
    }

    /// Refuses a run at size `n` with `params` whose estimated memory is
    /// above [`memory::limit`]: the error names N, the estimate, the limit
    /// and what to do instead.
    pub fn check_memory(&self, n: usize, params: &Params) -> Result<(), ParamError> {
        let (limit, source) = memory::limit();
        self.check_memory_against(n, params, limit, source)
    }

    /// [`Algorithm::check_memory`] against a given limit.
    pub fn check_memory_against(
        &self,
        n: usize,
        params: &Params,
        limit: u64,
        source: &str,
    ) -> Result<(), ParamError> {
        let need = (self.memory)(n, params);
        if need.bytes <= limit {
            return Ok(());
        }
        Err(ParamError::TooLarge {
            algorithm: self.name.to_string(),
            params: params.canonical(),
            n,
            bytes: need.bytes,
            limit,
            limit_source: source.to_string(),
            hint: need.hint.to_string(),
        })
    }

    /// Whether a run with `params` can restart at all, so that a restart
    /// budget (`max_restarts`) can end it.
    pub fn can_restart(&self, params: &Params) -> bool {
        (self.never_restarts)(params).is_none()
    }

    /// Why a restart budget cannot take effect: `Some(reason)` when `budget`
    /// sets `max_restarts` and a run with `params` never restarts.
    pub fn restart_budget_ignored(&self, params: &Params, budget: &Budget) -> Option<&'static str> {
        budget.max_restarts?;
        (self.never_restarts)(params)
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
    use crate::solvers::params::{self, ParamKind};

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
    fn variants_match_the_variant_choices_and_use_declared_keys() {
        for a in ALGORITHMS {
            let selector = a.params.iter().find(|s| s.name == params::VARIANT);
            let Some(selector) = selector else {
                assert!(
                    a.variants.is_empty(),
                    "{}: variants without 'variant'",
                    a.name
                );
                continue;
            };
            let ParamKind::Choice(words) = selector.kind else {
                panic!("{}: 'variant' is not a choice", a.name);
            };
            let names: Vec<_> = a.variants.iter().map(|v| v.name).collect();
            assert_eq!(names, words, "{}: one VariantSpec per choice", a.name);
            for spec in a.params.iter().filter(|s| s.name != params::VARIANT) {
                assert!(
                    a.variants
                        .iter()
                        .any(|v| v.uses.iter().any(|u| u.key() == spec.name)),
                    "{}: no variant uses '{}'",
                    a.name,
                    spec.name
                );
            }
            for v in a.variants {
                let mut keys: Vec<_> = v.uses.iter().map(|u| u.key()).collect();
                assert!(!keys.contains(&params::VARIANT), "{} {}", a.name, v.name);
                keys.sort_unstable();
                keys.dedup();
                assert_eq!(
                    keys.len(),
                    v.uses.len(),
                    "{} {}: a key twice",
                    a.name,
                    v.name
                );
                let given = [(
                    params::VARIANT.to_string(),
                    RawValue::Text(v.name.to_string()),
                )];
                let (resolved, _) = a
                    .instantiate(&given)
                    .unwrap_or_else(|e| panic!("{} {}: {e}", a.name, v.name));
                let mut in_effect: Vec<_> = resolved.iter().map(|(k, _)| k).collect();
                in_effect.retain(|k| *k != params::VARIANT);
                in_effect.sort_unstable();
                assert_eq!(in_effect, keys, "{} {}", a.name, v.name);
            }
        }
    }

    /// `name` with the `key=value` strings `given`, and its parameters in
    /// effect.
    fn resolved(name: &str, given: &[&str]) -> (&'static Algorithm, Params) {
        let a = find_algorithm(name).expect("registered");
        let given: Vec<_> = given
            .iter()
            .map(|p| params::split_assignment(p).expect("key=value"))
            .collect();
        (a, a.instantiate(&given).expect("valid").0)
    }

    #[test]
    fn memory_refusals_name_n_the_estimate_the_limit_and_a_way_out() {
        let limit = 16 << 30;
        let check = |name: &str, n: usize, given: &[&str]| {
            let (a, params) = resolved(name, given);
            a.check_memory_against(n, &params, limit, "a test limit")
        };
        let e = check("min-conflicts", 1_000_000, &["variant=blog"]).unwrap_err();
        assert_eq!(
            e,
            ParamError::TooLarge {
                algorithm: "min-conflicts".into(),
                params: "clear_on_restart=false;restart_after=100;variant=blog".into(),
                n: 1_000_000,
                bytes: 749_999_750_000 + 4_000_000,
                limit,
                limit_source: "a test limit".into(),
                hint: "the blog variant keeps a full N×N grid; use variant=random, or min-conflicts variant=fast, for large N".into(),
            }
        );
        let message = e.to_string();
        for needle in [
            "N = 1000000",
            "698.5 GiB",
            "750003750000 bytes",
            "16.0 GiB",
            "variant=fast",
        ] {
            assert!(message.contains(needle), "{needle:?} in {message}");
        }
        let e = check("naive-repair", 1_000_000, &["variant=blog"]).unwrap_err();
        assert!(
            matches!(e, ParamError::TooLarge { n: 1_000_000, .. }),
            "{e}"
        );
        let e = check("genetic", 1_000_000, &["population=1000000"]).unwrap_err();
        assert!(e.to_string().contains("lower population"), "{e}");
        // What the shipped experiments and the README run fits.
        for (name, n, given) in [
            ("min-conflicts", 1_000_000_000, &["variant=fast"][..]),
            ("min-conflicts", 10_000, &["variant=blog"][..]),
            ("construction", 1_000_000_000, &[][..]),
            ("annealing", 100_000, &[][..]),
            ("genetic", 10_000, &[][..]),
            ("backtracking", 100, &[][..]),
            ("random-restart", 1_000_000, &[][..]),
            ("naive-repair", 1_000_000, &[][..]),
        ] {
            assert_eq!(check(name, n, given), Ok(()), "{name} n={n} {given:?}");
        }
    }

    #[test]
    fn only_restarting_configurations_can_restart() {
        for (name, given, restarts) in [
            ("backtracking", &[][..], false),
            ("construction", &[][..], false),
            ("random-restart", &[][..], true),
            ("naive-repair", &[][..], true),
            ("naive-repair", &["variant=blog"][..], true),
            ("min-conflicts", &[][..], true),
            ("min-conflicts", &["patience=0"][..], false),
            ("min-conflicts", &["variant=blog"][..], true),
            ("min-conflicts", &["variant=fast"][..], true),
            ("genetic", &[][..], false),
            ("genetic", &["variant=hesham"][..], false),
            ("annealing", &[][..], false),
            ("annealing", &["variant=hesham"][..], false),
        ] {
            let (a, p) = resolved(name, given);
            assert_eq!(a.can_restart(&p), restarts, "{name} {given:?}");
            let limited = Budget {
                max_restarts: Some(5),
                ..Budget::UNLIMITED
            };
            let ignored = a.restart_budget_ignored(&p, &limited);
            assert_eq!(ignored.is_some(), !restarts, "{name} {given:?}");
            assert_eq!(a.restart_budget_ignored(&p, &Budget::UNLIMITED), None);
        }
        let (a, p) = resolved("annealing", &[]);
        let limited = Budget {
            max_restarts: Some(0),
            ..Budget::UNLIMITED
        };
        assert_eq!(
            a.restart_budget_ignored(&p, &limited),
            Some("simulated annealing never restarts (reheats are not restarts)")
        );
        let (a, p) = resolved("min-conflicts", &["patience=0"]);
        assert_eq!(
            a.restart_budget_ignored(&p, &limited),
            Some("patience=0 turns its restarts off")
        );
    }

    #[test]
    fn unknown_name_lists_known_ones() {
        let e = find_algorithm("quantum").err().expect("unknown");
        assert!(e.to_string().contains("min-conflicts"));
    }
}
