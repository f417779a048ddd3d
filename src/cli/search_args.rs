//! The options that choose one seeded search, shared by `queens solve` and
//! `queens animate`: the algorithm, its parameters, the size, the seed and
//! the budget; and building the configured solver from them.

use queens::solvers::params::{RawValue, split_assignment};
use queens::solvers::{Algorithm, Budget, Configured, Params, find_algorithm};

use super::stderr::stderr_line;

/// Which search to run: algorithm, size, seed, parameters and budget.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// The algorithm (see `queens algorithms`).
    #[arg(short, long, default_value = "min-conflicts")]
    pub algorithm: String,
    /// The board size N.
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = super::args::board_size, allow_hyphen_values = true)]
    pub n: usize,
    /// The seed of the solver's random number generator (ChaCha8).
    #[arg(short, long, default_value_t = 0, value_parser = super::args::unsigned, allow_hyphen_values = true)]
    pub seed: u64,
    /// An algorithm parameter, key=value (repeatable; see `queens algorithms`).
    #[arg(short, long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
    /// Stop after this many steps (the algorithm's natural unit).
    #[arg(long, value_parser = super::args::unsigned, allow_hyphen_values = true)]
    pub max_steps: Option<u64>,
    /// Stop after this many restarts.
    #[arg(long, value_parser = super::args::unsigned, allow_hyphen_values = true)]
    pub max_restarts: Option<u64>,
    /// Stop after this many conflict checks.
    #[arg(long, value_parser = super::args::unsigned, allow_hyphen_values = true)]
    pub max_checks: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, allow_hyphen_values = true)]
    pub time_limit: Option<f64>,
}

/// A search ready to run: the algorithm, its resolved parameters, the
/// configured solver and the budget in force.
pub struct Search {
    /// The registry entry.
    pub algorithm: &'static Algorithm,
    /// Every parameter, resolved.
    pub params: Params,
    /// The configured solver.
    pub solver: Box<dyn Configured>,
    /// The algorithm's default budget with the options' limits on top.
    pub budget: Budget,
}

impl SearchArgs {
    /// Finds the algorithm, checks its parameters and the memory of a run
    /// at N, and sets the budget; warns on stderr when `--max-restarts`
    /// cannot take effect.
    pub fn build(&self) -> anyhow::Result<Search> {
        let algorithm = find_algorithm(&self.algorithm)?;
        let given = self
            .params
            .iter()
            .map(|p| split_assignment(p))
            .collect::<Result<Vec<(String, RawValue)>, _>>()?;
        let (params, solver) = algorithm.instantiate_for(self.n, &given)?;
        let budget = algorithm.default_budget.overridden_by(&Budget {
            max_steps: self.max_steps,
            max_restarts: self.max_restarts,
            max_checks: self.max_checks,
            time_limit: self.time_limit,
        });
        if let Some(why) = solver.restart_budget_ignored(&budget) {
            stderr_line!(
                "warning: --max-restarts has no effect on {}: {why}",
                algorithm.name
            );
        }
        Ok(Search {
            algorithm,
            params,
            solver,
            budget,
        })
    }
}

/// Parses `--time-limit`; clap puts the option's name and the value before
/// the message.
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if Budget::is_valid_time_limit(s) => Ok(s),
        _ => Err(format!(
            "expected a number of seconds greater than 0 and at most {:e}, like 2.5",
            Budget::MAX_TIME_LIMIT
        )),
    }
}
