//! The options that choose one seeded search, shared by `queens solve` and
//! `queens animate`: the algorithm, its parameters, the size, the seed,
//! the budget and the instance (`--instance`: blocked squares, given
//! queens), or an external program (`--command`); and building the
//! configured solver from them.

use std::path::Path;

use anyhow::Context;
use queens::Placement;
use queens::base::instance::Instance;
use queens::base::remedy::Replay;
use queens::solvers::algorithms::external::{self, ExternalSolver, resolve_command};
use queens::solvers::params::{ParamError, RawValue, split_assignment};
use queens::solvers::{Algorithm, Budget, Configured, Params, find_algorithm};
use queens::trial::{Trial, replay_of};

use super::instance_spec;
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
    /// The board size N (with --instance, the instance's: a file fixes it,
    /// so -n may then be left out).
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = super::args::board_size, allow_hyphen_values = true, required_unless_present = "instance")]
    pub n: Option<usize>,
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
    /// Begin from this board instead of a random one: each row's 0-based
    /// column, as `queens solve` prints a board: digits run together for
    /// N <= 10 (`04752613`), otherwise separated by spaces or commas
    /// (`0,4,7,5,2,6,1,3`). For the searches that repair a whole board
    /// (min-conflicts, naive-repair, annealing, hill-climbing); their
    /// restarts still draw fresh boards from the seed.
    #[arg(long, value_name = "BOARD")]
    pub start: Option<String>,
    /// Search an instance instead of the plain problem (blocked squares,
    /// given queens, excluded diagonals): a path to an instance file, or
    /// the instance as runs.csv's `instance` column writes it, so that
    /// `--instance "<the column>" --seed <the row's seed>` replays a row:
    /// plain, blocked(blocks=M,min_free=F,seed=S),
    /// completion(queens=Q,seed=S), diagonals(diagonals=D,min_free=F,seed=S)
    /// (a generator: needs -n and its own seed=S, apart from --seed, the
    /// solver's), or file(PATH,sha256=HEX) (PATH is read and refused when
    /// its SHA-256 is not HEX). A file fixes N: -n, if given, must agree.
    /// The algorithm must accept instances; --start must keep to it (given
    /// queens in place, no queen on a blocked square).
    #[arg(long, value_name = "SPEC")]
    pub instance: Option<String>,
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
    /// The first board given with `--start`, checked against N, the
    /// instance and the solver.
    pub start: Option<Vec<u32>>,
    /// The board size N.
    pub n: usize,
    /// The seed of the solver's generator.
    pub seed: u64,
    /// The instance searched (`--instance`); `None` for the plain problem.
    pub instance: Option<Instance>,
}

impl Search {
    /// The trial of this search, on its instance and from the `--start`
    /// board when they were given.
    pub fn trial(&self) -> Trial<'_> {
        let mut trial = Trial::new(&*self.solver, self.n, self.seed, self.budget);
        if let Some(columns) = &self.start {
            trial = trial.with_start(columns);
        }
        if let Some(instance) = &self.instance {
            trial = trial.with_instance(instance);
        }
        trial
    }

    /// The replay of this search's trial (its `--start` board and its
    /// instance included).
    pub fn replay(&self) -> Replay {
        Replay {
            start: self
                .start
                .as_ref()
                .map(|columns| Placement::new(columns.clone()).compact()),
            ..replay_of(
                &*self.solver,
                self.algorithm.name,
                self.n as u64,
                self.seed,
                &self.params,
                &self.budget,
            )
        }
        .on_instance(self.instance.as_ref())
    }

    /// The instance's origin as runs.csv writes it, `None` for the plain
    /// problem.
    pub fn instance_text(&self) -> Option<String> {
        self.instance.as_ref().map(|i| i.origin().to_string())
    }
}

impl SearchArgs {
    /// Resolves the board (N and the instance of `--instance`), finds the
    /// algorithm, checks its parameters and the memory of a run at N, the
    /// `--start` board against the instance and that the algorithm takes
    /// the instance, and sets the budget; warns on stderr when
    /// `--max-restarts` cannot take effect.
    pub fn build(&self) -> anyhow::Result<Search> {
        let (n, instance) = self.board()?;
        let given = self
            .params
            .iter()
            .map(|p| split_assignment(p))
            .collect::<Result<Vec<(String, RawValue)>, _>>()?;
        let (algorithm, params, solver) = match &self.command {
            Some(command) => external_solver(command, given)?,
            None => {
                let algorithm = find_algorithm(&self.algorithm)?;
                let (params, solver) = algorithm.instantiate_for(n, &given)?;
                (algorithm, params, solver)
            }
        };
        // The start board is checked against the instance before the
        // algorithm is asked whether it takes either.
        let start = match &self.start {
            Some(text) => {
                let columns = parse_start(text, n)?;
                if let Some(instance) = &instance {
                    start_keeps_to(instance, &columns, text)?;
                }
                Some(columns)
            }
            None => None,
        };
        if let (Some(_), Some(spec)) = (&instance, &self.instance)
            && let Some(why) = solver.instance_refused()
        {
            anyhow::bail!(
                "{} cannot search an instance (--instance '{spec}'): {why}",
                self.name()
            );
        }
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
        let start = match start {
            Some(columns) => {
                if let Some(why) = solver.start_refused(&columns) {
                    anyhow::bail!("--start cannot be used with {}: {why}", self.name());
                }
                Some(columns)
            }
            None => None,
        };
        Ok(Search {
            algorithm,
            params,
            solver,
            budget,
            start,
            n,
            seed: self.seed,
            instance,
        })
    }

    /// The board size and the instance of `--instance` (`None` for the
    /// plain problem, `plain` included), `-n` checked against it: a file
    /// fixes N, a generator needs -n.
    pub fn board(&self) -> anyhow::Result<(usize, Option<Instance>)> {
        let Some(spec) = &self.instance else {
            let n = self.n.context("give the board size with -n N")?;
            return Ok((n, None));
        };
        let instance = match instance_spec::resolve(spec, self.n)? {
            Some(instance) => instance,
            None => {
                let n = self.n.with_context(|| {
                    format!("--instance '{spec}' is the plain problem, of any size: give -n N")
                })?;
                return Ok((n, None));
            }
        };
        let size = instance_spec::size_agrees(spec, self.n, &instance)?;
        Ok((size, Some(instance)))
    }
}

/// Checks that the `--start` board `columns` (written `text`) keeps to
/// `instance`: every given queen in place, no queen on a blocked square.
fn start_keeps_to(instance: &Instance, columns: &[u32], text: &str) -> anyhow::Result<()> {
    for (row, &column) in columns.iter().enumerate() {
        let entry = row + 1;
        if let Some(given) = instance.given(row)
            && given != column
        {
            anyhow::bail!(
                "--start '{text}': entry {entry} puts row {entry}'s queen in column {column}, but the instance gives that row's queen in column {given}: give {given} there (columns from 0, as --start counts)"
            );
        }
        if !instance.is_allowed(row, column) {
            let allowed: Vec<String> = instance
                .allowed_columns(row)
                .map(|c| c.to_string())
                .collect();
            anyhow::bail!(
                "--start '{text}': entry {entry} puts row {entry}'s queen on column {column}, a square the instance blocks: give one of that row's allowed columns ({}; from 0, as --start counts)",
                allowed.join(", ")
            );
        }
    }
    Ok(())
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

/// The board of `--start BOARD` at size `n`: one 0-based column per row,
/// digits run together (N <= 10) or separated by spaces or commas.
fn parse_start(text: &str, n: usize) -> anyhow::Result<Vec<u32>> {
    let separated = text.contains([' ', ',']);
    let trimmed = text.trim();
    let words: Vec<&str> = if separated {
        trimmed
            .split([' ', ','])
            .filter(|w| !w.is_empty())
            .collect()
    } else {
        trimmed
            .char_indices()
            .map(|(i, c)| &trimmed[i..i + c.len_utf8()])
            .collect()
    };
    let form = if n <= 10 {
        "one 0-based column per row, like 04752613 for N = 8"
    } else {
        "one 0-based column per row, separated by spaces or commas, like 0,2,4,…"
    };
    if words.len() != n {
        anyhow::bail!(
            "--start '{text}' gives {} columns for N = {n}: give {n}, {form}",
            words.len()
        );
    }
    words
        .iter()
        .enumerate()
        .map(|(row, word)| match word.parse::<u32>() {
            Ok(column) if (column as usize) < n => Ok(column),
            _ => Err(anyhow::anyhow!(
                "--start '{text}': entry {} is '{word}', not a column from 0 to {}: give {form}",
                row + 1,
                n - 1
            )),
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_board_is_read_in_either_spelling() {
        assert_eq!(
            parse_start("04752613", 8).expect("digits"),
            [0, 4, 7, 5, 2, 6, 1, 3]
        );
        assert_eq!(
            parse_start("0,4, 7 5,2,6,1,3", 8).expect("separated"),
            [0, 4, 7, 5, 2, 6, 1, 3]
        );
        assert_eq!(
            parse_start("10 0 1 2 3 4 5 6 7 8 9", 11).expect("N = 11"),
            [10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
    }

    #[test]
    fn a_bad_start_board_says_what_is_wrong() {
        let short = parse_start("0475", 8).expect_err("too short").to_string();
        assert!(short.contains("gives 4 columns for N = 8"), "{short}");
        let off = parse_start("04752618", 8)
            .expect_err("off the board")
            .to_string();
        assert!(
            off.contains("entry 8 is '8', not a column from 0 to 7"),
            "{off}"
        );
        let word = parse_start("0,3,x,1", 4)
            .expect_err("not a number")
            .to_string();
        assert!(word.contains("entry 3 is 'x'"), "{word}");
    }

    #[test]
    fn an_instance_fixes_n_and_a_start_board_keeps_to_it() {
        use super::instance_spec::size_agrees;
        use queens::base::instance::{Diagonal, Origin};
        // 4×4, (0,1) blocked, the queen of row 2 given in column 0.
        let instance = Instance::build(4, &[(0, 1)], &[(2, 0)], &[] as &[Diagonal], Origin::Plain)
            .expect("an instance");
        assert_eq!(size_agrees("x.txt", None, &instance).expect("no -n"), 4);
        assert_eq!(size_agrees("x.txt", Some(4), &instance).expect("-n 4"), 4);
        let other = size_agrees("x.txt", Some(8), &instance)
            .expect_err("-n 8")
            .to_string();
        assert!(
            other.contains("is a 4×4 board, but -n 8 was given: drop -n or give -n 4"),
            "{other}"
        );
        start_keeps_to(&instance, &[2, 3, 0, 1], "2301").expect("keeps to it");
        let moved = start_keeps_to(&instance, &[2, 0, 3, 1], "2031")
            .expect_err("row 3's given queen moved")
            .to_string();
        assert!(
            moved.contains("entry 3 puts row 3's queen in column 3, but the instance gives that row's queen in column 0"),
            "{moved}"
        );
        let blocked = start_keeps_to(&instance, &[1, 3, 0, 2], "1302")
            .expect_err("blocked")
            .to_string();
        assert!(
            blocked
                .contains("entry 1 puts row 1's queen on column 1, a square the instance blocks")
                && blocked.contains("(0, 2, 3;"),
            "{blocked}"
        );
    }
}
