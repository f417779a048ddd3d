//! The options that choose one seeded search, shared by `queens solve` and
//! `queens animate`: the algorithm, its parameters, the size, the seed and
//! the budget, or an external program (`--command`); and building the
//! configured solver from them.

use std::path::Path;

use anyhow::Context;
use queens::solvers::algorithms::external::{self, ExternalSolver, resolve_command};
use queens::solvers::params::{ParamError, RawValue, split_assignment};
use queens::solvers::{Algorithm, Budget, Configured, Params, find_algorithm};

use crate::cli::terminal::stderr::stderr_line;

/// Which search to run: algorithm, size, seed, parameters and budget.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// The algorithm (see `queens algorithms`).
    #[arg(short, long, default_value = "min-conflicts")]
    pub algorithm: String,
    /// Run a program of your own instead of a built-in algorithm: its
    /// command line, words separated by spaces, like "python3 solvers/x.py"
    /// (paths relative to the working directory). It speaks the
    /// queens-external protocol (experiments/solvers/PROTOCOL.md); --param
    /// values are sent to it verbatim. The replay command of an external
    /// row in a run's output is this form.
    #[arg(long, value_name = "COMMAND", conflicts_with = "algorithm")]
    pub command: Option<String>,
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
        let given = self
            .params
            .iter()
            .map(|p| split_assignment(p))
            .collect::<Result<Vec<(String, RawValue)>, _>>()?;
        let (algorithm, params, solver) = match &self.command {
            Some(command) => external_solver(command, given)?,
            None => {
                let algorithm = find_algorithm(&self.algorithm)?;
                let (params, solver) = algorithm.instantiate_for(self.n, &given)?;
                (algorithm, params, solver)
            }
        };
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

impl SearchArgs {
    /// The name the output gives the search: the algorithm's, or
    /// `external` for `--command`.
    pub fn name(&self) -> &str {
        if self.command.is_some() {
            external::NAME
        } else {
            &self.algorithm
        }
    }
}

/// The external solver of `--command`, its words resolved against the
/// working directory, with the `--param` values verbatim. Its one trial
/// is the process's last (`per_trial`): after the reply its stdin is
/// closed and what it writes before it exits is read, so a second reply
/// is that trial's error.
fn external_solver(
    command: &str,
    given: Vec<(String, RawValue)>,
) -> anyhow::Result<(&'static Algorithm, Params, Box<dyn Configured>)> {
    let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    let resolved = resolve_command(&words, Path::new("."), "the working directory")
        .with_context(|| format!("--command \"{command}\""))?;
    let texts = given.into_iter().map(|(key, value)| match value {
        RawValue::Text(text) => Ok((key, text)),
        other => Err(ParamError::Malformed(format!("{key}={other}"))),
    });
    let params = Params::verbatim(external::NAME, texts.collect::<Result<Vec<_>, _>>()?)?;
    let solver = ExternalSolver::new(resolved, &params, true);
    Ok((&external::ALGORITHM, params, Box::new(solver)))
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
