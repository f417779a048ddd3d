//! The registry: every algorithm by name, one line each, and the lookup.
//! Adding an algorithm is one file (with its `ALGORITHM` descriptor, see
//! [`super::algorithm`]) plus one line in `ALGORITHMS`.

use super::algorithm::Algorithm;
use crate::base::suggest::did_you_mean;

/// Every algorithm, in the order `queens algorithms` lists them.
static ALGORITHMS: &[&Algorithm] = &[
    &super::algorithms::backtracking::ALGORITHM,
    &super::algorithms::construction::ALGORITHM,
    &super::algorithms::random_restart::ALGORITHM,
    &super::algorithms::naive_repair::ALGORITHM,
    &super::algorithms::min_conflicts::ALGORITHM,
    &super::algorithms::hill_climbing::ALGORITHM,
    &super::algorithms::genetic::ALGORITHM,
    &super::algorithms::annealing::ALGORITHM,
    &super::algorithms::csp::ALGORITHM,
];

/// Every registered algorithm.
pub fn algorithms() -> &'static [&'static Algorithm] {
    ALGORITHMS
}

/// A name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{name}'{suggestion}; known: {known}")]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
    /// ` (did you mean 'NAME'?)` when a registered name is close, else empty.
    pub suggestion: String,
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
            suggestion: did_you_mean(name, ALGORITHMS.iter().map(|a| a.name)),
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
    use crate::solvers::params::{self, ParamError, ParamKind, Params, RawValue};
    use crate::solvers::{Budget, Configured};

    #[test]
    fn names_are_unique_and_defaults_valid() {
        let mut names: Vec<_> = ALGORITHMS.iter().map(|a| a.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALGORITHMS.len());
        for a in ALGORITHMS {
            assert!(a.instantiate(&[]).is_ok(), "{} defaults", a.name);
            for text in [a.summary, a.source, a.citation, a.step] {
                assert!(!text.trim().is_empty(), "{}", a.name);
            }
            for v in a.variants {
                assert!(!v.citation.trim().is_empty(), "{} {}", a.name, v.name);
            }
            assert!(
                !format!("{} {} {}", a.summary, a.source, a.citation).contains("seed 00"),
                "{}: name the source by what it is",
                a.name
            );
        }
    }

    /// Every variant of every algorithm (the defaults for one without
    /// variants) with its parameters in effect and its settings.
    fn every_variant() -> Vec<(&'static Algorithm, Params, Box<dyn Configured>)> {
        let mut all = Vec::new();
        for a in ALGORITHMS {
            let chosen: Vec<Vec<(String, RawValue)>> = if a.variants.is_empty() {
                vec![Vec::new()]
            } else {
                a.variants
                    .iter()
                    .map(|v| vec![(params::VARIANT.to_string(), RawValue::Text(v.name.into()))])
                    .collect()
            };
            for given in chosen {
                let (p, settings) = a
                    .instantiate(&given)
                    .unwrap_or_else(|e| panic!("{} {given:?}: {e}", a.name));
                all.push((*a, p, settings));
            }
        }
        all
    }

    #[test]
    fn every_variant_reads_its_settings_and_answers_before_a_run() {
        let all = every_variant();
        let variants: usize = ALGORITHMS.iter().map(|a| a.variants.len().max(1)).sum();
        assert_eq!(all.len(), variants);
        for (a, p, settings) in &all {
            let what = format!("{} {}", a.name, p.canonical());
            for n in [1, 8, 1_000] {
                let need = settings.memory(n);
                assert!(need.bytes >= n as u64, "{what}: {need:?} at n = {n}");
                assert!(!need.hint.is_empty(), "{what}");
            }
            assert!(
                settings.memory(2_000).bytes > settings.memory(1_000).bytes,
                "{what}: the estimate grows with N"
            );
            if let Some(why) = settings.never_restarts() {
                assert!(!why.is_empty(), "{what}");
            }
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

    /// `name` with the `key=value` strings `given`: its parameters in
    /// effect and its settings.
    fn resolved(name: &str, given: &[&str]) -> (&'static Algorithm, Params, Box<dyn Configured>) {
        let a = find_algorithm(name).expect("registered");
        let given: Vec<_> = given
            .iter()
            .map(|p| params::split_assignment(p).expect("key=value"))
            .collect();
        let (params, settings) = a.instantiate(&given).expect("valid");
        (a, params, settings)
    }

    #[test]
    fn memory_refusals_name_n_the_estimate_the_limit_and_a_way_out() {
        let limit = 16 << 30;
        let check = |name: &str, n: usize, given: &[&str]| {
            let (a, params, settings) = resolved(name, given);
            a.check_memory_against(n, &params, settings.as_ref(), limit, "a test limit")
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
            ("csp", 50, &["order=mrv", "inference=mac"][..]),
            ("random-restart", 1_000_000, &[][..]),
            ("naive-repair", 1_000_000, &[][..]),
            ("hill-climbing", 1_000, &["sideways=100"][..]),
        ] {
            assert_eq!(check(name, n, given), Ok(()), "{name} n={n} {given:?}");
        }
    }

    #[test]
    fn only_restarting_configurations_can_restart() {
        for (name, given, restarts) in [
            ("backtracking", &[][..], false),
            ("construction", &[][..], false),
            ("csp", &["inference=mac"][..], false),
            ("random-restart", &[][..], true),
            ("naive-repair", &[][..], true),
            ("naive-repair", &["variant=blog"][..], true),
            ("min-conflicts", &[][..], true),
            ("min-conflicts", &["patience=0"][..], false),
            ("min-conflicts", &["variant=blog"][..], true),
            ("min-conflicts", &["variant=fast"][..], true),
            ("hill-climbing", &[][..], true),
            ("hill-climbing", &["sideways=100"][..], true),
            ("genetic", &[][..], false),
            ("genetic", &["variant=hesham"][..], false),
            ("annealing", &[][..], false),
            ("annealing", &["variant=hesham"][..], false),
        ] {
            let (_, _, s) = resolved(name, given);
            assert_eq!(s.can_restart(), restarts, "{name} {given:?}");
            let limited = Budget {
                max_restarts: Some(5),
                ..Budget::UNLIMITED
            };
            let ignored = s.restart_budget_ignored(&limited);
            assert_eq!(ignored.is_some(), !restarts, "{name} {given:?}");
            assert_eq!(s.restart_budget_ignored(&Budget::UNLIMITED), None);
        }
        let (_, _, s) = resolved("annealing", &[]);
        let limited = Budget {
            max_restarts: Some(0),
            ..Budget::UNLIMITED
        };
        assert_eq!(
            s.restart_budget_ignored(&limited),
            Some("simulated annealing never restarts (reheats are not restarts)")
        );
        let (_, _, s) = resolved("min-conflicts", &["patience=0"]);
        assert_eq!(
            s.restart_budget_ignored(&limited),
            Some("patience=0 turns its restarts off")
        );
    }

    #[test]
    fn unknown_name_lists_known_ones() {
        let e = find_algorithm("quantum").err().expect("unknown");
        assert!(e.to_string().contains("min-conflicts"));
    }
}
