//! One search through the library, as the solver tests run it: an
//! algorithm from the registry with `key=value` parameters, on N×N from a
//! seed under a budget.

use queens::solvers::params::{RawValue, VARIANT, split_assignment};
use queens::solvers::{Algorithm, Budget, Control, Outcome, Solver, find_algorithm};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// `key=value` strings as the registry takes them.
pub fn given(params: &[&str]) -> Vec<(String, RawValue)> {
    params
        .iter()
        .map(|p| split_assignment(p).expect("key=value"))
        .collect()
}

/// Builds `algorithm` with `params` (`key=value` strings).
pub fn solver(algorithm: &str, params: &[&str]) -> Box<dyn Solver> {
    let algorithm = find_algorithm(algorithm).expect("registered");
    algorithm
        .instantiate(&given(params))
        .expect("valid parameters")
        .1
}

/// Runs `solver` on N×N from `seed` under `budget`.
pub fn solve(solver: &dyn Solver, n: usize, seed: u64, budget: Budget) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut control = Control::new(budget);
    solver.solve(n, &mut rng, &mut control)
}

/// Runs `algorithm` with `params` (`key=value`) on N×N from `seed` under
/// `budget`.
pub fn run(algorithm: &str, params: &[&str], n: usize, seed: u64, budget: Budget) -> Outcome {
    solve(solver(algorithm, params).as_ref(), n, seed, budget)
}

/// Runs `algorithm` with `params` (`key=value`) on N×N from `seed` under
/// the algorithm's default budget.
pub fn run_default(algorithm: &str, params: &[&str], n: usize, seed: u64) -> Outcome {
    let budget = find_algorithm(algorithm)
        .expect("registered")
        .default_budget;
    run(algorithm, params, n, seed, budget)
}

/// The parameter choices of `algorithm` a test covers: each variant (the
/// defaults when it has none), and for `csp` every order × values ×
/// inference.
pub fn configurations(algorithm: &Algorithm) -> Vec<Vec<(String, RawValue)>> {
    if algorithm.name == "csp" {
        let text = |s: &str| RawValue::Text(s.to_string());
        let mut all = Vec::new();
        for order in ["static", "mrv", "mrv-random"] {
            for values in ["columns", "lcv"] {
                for inference in ["none", "forward-checking", "mac"] {
                    all.push(vec![
                        ("order".to_string(), text(order)),
                        ("values".to_string(), text(values)),
                        ("inference".to_string(), text(inference)),
                    ]);
                }
            }
        }
        return all;
    }
    if algorithm.variants.is_empty() {
        return vec![Vec::new()];
    }
    algorithm
        .variants
        .iter()
        .map(|v| vec![(VARIANT.to_string(), RawValue::Text(v.name.to_string()))])
        .collect()
}
