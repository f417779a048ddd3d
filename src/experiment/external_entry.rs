//! The `[[algorithm]]` tables that name an external program
//! (`name = "external"`, see [`crate::solvers::algorithms::external`]), checked and
//! built for the config ([`super::config`]):
//!
//! ```toml
//! [[algorithm]]
//! name = "external"
//! label = "my tabu search"                  # required
//! command = ["python3", "solvers/tabu.py"]  # paths relative to this file
//! params = { tenure = 10 }                  # sent verbatim
//! per_trial = false                         # optional: a fresh process per trial
//! step = "repair"                           # optional: what one of its steps is
//! max_line_bytes = 16777216                 # optional: its longest output line
//! ```
//!
//! `step` is the `step_unit` column of its rows (default "step of the
//! program"): steps of two labels are compared only when it is the same, so
//! a program counting repairs as the built-in `min-conflicts` does says
//! `step = "repair"`. `max_line_bytes` (default 16 MiB, at least 1 KiB) bounds
//! the memory the harness spends on one line of the program's output: a
//! longer line ends the program and the trial is a `solver_error`.
//!
//! The same table with `name = "python:NAME"` runs an in-process solver
//! ([`crate::solvers::in_process`]): `params` verbatim as above, no
//! `command`, `per_trial`, `step` or `max_line_bytes`
//! ([`ExternalTable::build_in_process`]).
//!
//! Every error names the file, line and column: a missing or empty
//! `command`, a path in it that is not there (with the resolved path), a
//! program not on `PATH`, a missing `label`, a parameter that is not a
//! number, a word or a flag; and `command` or `per_trial` on a built-in
//! algorithm.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use toml::Spanned;

use super::diagnostics::ConfigError;
use super::sweep::Combination;
use crate::base::records::{FORMULA_RULE, INVISIBLE_RULE, first_invisible, starts_like_formula};
use crate::solvers::algorithms::external::{self, ExternalSolver, resolve_command};
use crate::solvers::in_process::{self, InProcessSolvers};
use crate::solvers::{Algorithm, Configured, Params};

/// Whether loading a config checks that external programs are there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Programs {
    /// Refuse a command whose program or file is missing (before a run).
    Check,
    /// Keep a command as written when it does not resolve here: a config
    /// stored in metadata.json read back to rebuild the plan (`queens
    /// merge`), perhaps on another machine or from another directory,
    /// which never starts the program.
    AsStored,
}

/// The smallest `max_line_bytes`: room for a handshake answer and a small
/// reply.
const MIN_LINE_BYTES: usize = 1024;

/// The parts of an `[[algorithm]]` table an external entry reads.
pub struct ExternalTable<'a> {
    /// Where `name` is written.
    pub name: Range<usize>,
    /// Its `label`.
    pub label: Option<&'a Spanned<String>>,
    /// Its `command`.
    pub command: Option<&'a Spanned<Vec<Spanned<String>>>>,
    /// Its `per_trial`.
    pub per_trial: Option<&'a Spanned<bool>>,
    /// Its `step`.
    pub step: Option<&'a Spanned<String>>,
    /// Its `max_line_bytes`.
    pub max_line_bytes: Option<&'a Spanned<i64>>,
    /// Its `params`.
    pub params: Option<&'a Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>>,
}

impl ExternalTable<'_> {
    /// Refuses `command`, `per_trial`, `step` and `max_line_bytes` on the
    /// built-in `algorithm`.
    pub fn refuse_on_builtin(
        &self,
        algorithm: &str,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<(), ConfigError> {
        let Some(span) = self.program_keys() else {
            return Ok(());
        };
        Err(at(
            span,
            format!(
                "'{algorithm}' is built in and runs no program: `command`, `per_trial`, `step` and `max_line_bytes` are for name = \"{}\"; remove them, or set name = \"{}\"",
                external::NAME,
                external::NAME
            ),
        ))
    }

    /// Where the first of `command`, `per_trial`, `step` and
    /// `max_line_bytes` is written, if any is.
    fn program_keys(&self) -> Option<Range<usize>> {
        self.command
            .map(Spanned::span)
            .or_else(|| self.per_trial.map(Spanned::span))
            .or_else(|| self.step.map(Spanned::span))
            .or_else(|| self.max_line_bytes.map(Spanned::span))
    }

    /// Checks the table and builds the solver; `source` is the config
    /// file's path, whose directory relative paths start from.
    pub fn build(
        &self,
        source: &str,
        combination: &Combination,
        programs: Programs,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<(Params, Box<dyn Configured>), ConfigError> {
        if self.label.is_none() {
            return Err(at(
                self.name.clone(),
                "an external entry needs a `label` (say label = \"my tabu search\"): it names the program's rows in the CSV files and charts".to_string(),
            ));
        }
        let Some(command) = self.command else {
            return Err(at(
                self.name.clone(),
                "an external entry needs a `command`, like command = [\"python3\", \"solvers/tabu.py\"] (paths relative to this file)".to_string(),
            ));
        };
        let words: Vec<String> = command
            .get_ref()
            .iter()
            .map(|w| w.get_ref().clone())
            .collect();
        let dir = Path::new(source)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let base_name = format!("the config file's directory ({})", dir.display());
        let resolved = match resolve_command(&words, dir, &base_name) {
            Ok(resolved) => resolved,
            Err(
                external::CommandError::Missing { .. } | external::CommandError::NotOnPath { .. },
            ) if programs == Programs::AsStored => words.clone(),
            Err(e) => {
                let span = match &e {
                    external::CommandError::Missing { word, .. }
                    | external::CommandError::NotOnPath { word, .. }
                    | external::CommandError::Unsplittable(word) => command
                        .get_ref()
                        .iter()
                        .find(|w| w.get_ref() == word)
                        .map(Spanned::span),
                    external::CommandError::Empty => None,
                };
                return Err(at(span.unwrap_or_else(|| command.span()), e.to_string()));
            }
        };
        let params = self.params(combination, at)?;
        let per_trial = self.per_trial.is_some_and(|p| *p.get_ref());
        let mut solver = ExternalSolver::new(resolved, &params, per_trial);
        if programs == Programs::AsStored {
            // Never started to learn its protocol version: a record read back.
            solver = solver.as_stored();
        }
        if let Some(step) = self.step {
            let unit = step.get_ref().trim();
            if let Some(problem) = step_unit_problem(unit) {
                return Err(at(step.span(), format!("step = {problem}")));
            }
            solver = solver.with_step_unit(unit);
        }
        if let Some(limit) = self.max_line_bytes {
            let bytes = usize::try_from(*limit.get_ref())
                .ok()
                .filter(|&b| b >= MIN_LINE_BYTES)
                .ok_or_else(|| {
                    at(
                        limit.span(),
                        format!(
                            "max_line_bytes = {}: give a whole number of bytes, at least {MIN_LINE_BYTES} (the default is {})",
                            limit.get_ref(),
                            external::process::DEFAULT_MAX_LINE_BYTES
                        ),
                    )
                })?;
            solver = solver.with_max_line_bytes(bytes);
        }
        Ok((params, Box::new(solver)))
    }

    /// Checks an entry naming the in-process solver `name` (after
    /// `python:`) and builds it from `in_process`, with its descriptor;
    /// without `in_process` (a stored config read back) the solver is a
    /// stand-in that never runs, unless `programs` asks for the check.
    pub fn build_in_process(
        &self,
        name: &str,
        combination: &Combination,
        programs: Programs,
        in_process: Option<&dyn InProcessSolvers>,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<(&'static Algorithm, Params, Box<dyn Configured>), ConfigError> {
        if let Some(span) = self.program_keys() {
            return Err(at(
                span,
                format!(
                    "'{}{name}' runs in process and starts no program: `command`, `per_trial`, `step` and `max_line_bytes` are for name = \"{}\"; remove them (its step unit is the one given to queens.register)",
                    in_process::PREFIX,
                    external::NAME
                ),
            ));
        }
        let params = self.params(combination, at)?;
        match (in_process, programs) {
            (Some(solvers), _) => {
                let (solver, step_unit) = solvers
                    .build(name, &params)
                    .map_err(|message| at(self.name.clone(), message))?;
                if let Some(problem) = step_unit_problem(&step_unit) {
                    return Err(at(
                        self.name.clone(),
                        format!("the step registered for '{name}' is {problem}"),
                    ));
                }
                Ok((in_process::descriptor(name, &step_unit), params, solver))
            }
            (None, Programs::AsStored) => Ok((
                in_process::descriptor(name, "step of the solver"),
                params,
                Box::new(in_process::Unregistered),
            )),
            (None, Programs::Check) => Err(at(
                self.name.clone(),
                format!(
                    "'{}{name}' names a solver registered in a Python process: run this config with queens.run() from Python after queens.register({name:?}, ...)",
                    in_process::PREFIX
                ),
            )),
        }
    }

    /// The parameters, verbatim: each a number, a word or a flag (a swept
    /// key takes the value `combination` gives it).
    fn params(
        &self,
        combination: &Combination,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<Params, ConfigError> {
        let Some(table) = self.params else {
            return Ok(Params::default());
        };
        let mut given = Vec::new();
        for (key, value) in table.get_ref() {
            let name = key.get_ref();
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                return Err(at(
                    key.span(),
                    format!(
                        "parameter name {name:?}: write letters, digits, '_' and '-' only (it is replayed as --param {name}=…)"
                    ),
                ));
            }
            let refuse = |what: String| {
                at(
                    value.span(),
                    format!(
                        "bad value {what} for parameter '{}' of an external program: write a number, a word (no spaces, ';' or '=') or true|false",
                        key.get_ref()
                    ),
                )
            };
            let text = match combination.value(name).unwrap_or(value.get_ref()) {
                toml::Value::String(s) => {
                    if let Some(invisible) = first_invisible(s) {
                        return Err(refuse(format!(
                            "{s:?} (it holds {invisible}: {INVISIBLE_RULE})"
                        )));
                    }
                    if s.is_empty() || s.chars().any(|c| c.is_whitespace() || ";=\"'".contains(c)) {
                        return Err(refuse(format!("{s:?}")));
                    }
                    if starts_like_formula(s) {
                        return Err(refuse(format!(
                            "{s:?} ({FORMULA_RULE}; a negative number is written without quotes)"
                        )));
                    }
                    s.clone()
                }
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Float(x) if x.is_finite() => x.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                other => return Err(refuse(format!("'{other}'"))),
            };
            given.push((key.get_ref().clone(), text));
        }
        Params::verbatim(external::NAME, given).map_err(|e| at(table.span(), e.to_string()))
    }
}

/// What is wrong with the step unit `unit` (what one of a foreign solver's
/// steps is, the `step_unit` column of its rows), as the end of a message
/// starting with where it was given; `None` when it is a few visible
/// words.
fn step_unit_problem(unit: &str) -> Option<String> {
    if let Some(invisible) = first_invisible(unit) {
        return Some(format!(
            "{unit:?}, which holds {invisible}: {INVISIBLE_RULE}"
        ));
    }
    let first_is_letter = unit.chars().next().is_some_and(char::is_alphabetic);
    (unit.chars().count() > 40 || !first_is_letter || starts_like_formula(unit)).then(|| {
        format!(
            "{unit:?}: say in a few words (at most 40 characters, starting with a letter) what one of the solver's steps is, like \"repair\""
        )
    })
}
