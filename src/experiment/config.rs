//! The experiment config: a TOML file read through serde, checked completely
//! before anything runs, with errors that name the file, line and column,
//! what was found and what is allowed.
//!
//! ```toml
//! name = "blog-repair"     # data/<name>/ and plots/<name>/ (at most 255 bytes)
//! description = "…"
//! seed = 2016              # master seed of the per-trial seeds
//! trials = 100             # per (algorithm, n); or per size: { 8 = 500, 10 = 200 }
//! sizes = [8, 10, 12]      # or { from = 4, to = 30, step = 2 } or { from = 8, to = 1024, factor = 2 }
//! trace = false            # write traces.csv (convergence points)
//! trace_every = 100        # a trace point every k steps (and at every improvement)
//! targets = [10, 3, 1, 0]  # optional: the attacking pairs the traces' views aim at,
//!                          # at every size (default: per N, analysis::targets)
//!
//! [budget]                 # defaults for every algorithm
//! time_limit = 10.0        # seconds per trial
//! max_steps = 1_000_000    # also max_restarts, max_checks
//!
//! [[algorithm]]
//! name = "naive-repair"    # a registry name (`queens algorithms`)
//! label = "repair (stupid)" # unique, at most 100 characters, not starting
//!                           # with = + - @ (crate::base::records::formula);
//!                           # defaults to `name`
//! params = { variant = "blog", restart_after = 100 }
//! sizes = [8, 10]          # optional: this algorithm's own sizes
//! trials = 500             # optional: and trial counts
//! [algorithm.budget]       # optional: overrides [budget] key by key
//! max_steps = 10_000
//!
//! [[question]]             # optional: what the report answers first
//! a = "repair (stupid)"    # two labels of the experiment
//! b = "repair (smarter)"
//! measure = "checks"       # optional; context = "…" optional
//! rope = 0.1               # optional: the Bayesian probabilities' ROPE
//! ```
//!
//! A parameter given a list, `params = { t0 = [0.5, 1, 2] }`, is a sweep:
//! one entry per value (per combination of several lists, crossed, or
//! paired by `sweep = "zip"`), labelled `annealing t0=0.5`; the order,
//! the labels and what is refused are in `experiment/sweep.rs`; it works
//! for external programs' parameters too.
//!
//! An entry with `name = "external"` runs a program of the user's own
//! instead (`label` and `command` required, `per_trial`, `step` and
//! `max_line_bytes` optional; see
//! `external_entry`).
//!
//! An entry with `name = "python:NAME"` runs the in-process solver a front
//! end registered as NAME (the Python package's `queens.register`;
//! [`crate::solvers::in_process`]), handed over by [`load_with`]; its
//! `params` are taken verbatim, as an external program's.
//!
//! An algorithm's budget is its registry default, overridden by `[budget]`,
//! overridden by its own `[algorithm.budget]`.
//!
//! A plan holds at most [`MAX_PLANNED_TRIALS`] trials (summed over every
//! algorithm and size); the count, and the number of sizes a range yields,
//! are computed arithmetically before any list is built, so a config asking
//! for more is refused at once, at its `trials` (or `sizes`), with exit 2.
//! So is a plan whose comparison cannot be held or drawn: more than
//! [`MAX_LABELS`] labels, or more than [`MAX_COMPARED_PAIRS`] pairs of
//! labels compared (summed over the sizes), refused at the table that
//! passed the bound, before any trial runs (and by `--dry-run`).

use std::collections::{BTreeMap, HashSet};
use std::ops::Range;
use std::sync::Arc;

use serde::Deserialize;
use sha2::{Digest, Sha256};
use toml::Spanned;

use super::diagnostics::{ConfigError, ConfigWarning, Location};
use super::external_entry::ExternalTable;
pub use super::external_entry::Programs;
use super::instances::{Instances, RawInstance, directory_cells};
use super::limits::{BYTES_PER_COMPARED_PAIR, MAX_COMPARED_PAIRS, MAX_LABELS, MAX_PLANNED_TRIALS};
use super::question::{self, Question, RawQuestion};
use super::sweep::{self, Combination};
use crate::analysis::targets::TargetRule;
use crate::base::instance::InstanceSource;
use crate::base::records::metadata::SolverFingerprint;
use crate::solvers::in_process::InProcessSolvers;
use crate::solvers::params::{ParamError, RawValue};
use crate::solvers::{Algorithm, Budget, Configured, Params, Solver, find_algorithm};

/// The longest label, in characters: a label names a series in the CSV files
/// and in the charts' legends.
pub const MAX_LABEL_CHARS: usize = 100;

/// The default experiment, compiled in: what `queens run` runs without a
/// config file.
pub const DEFAULT_CONFIG: &str = include_str!("../../experiments/blog-repair.toml");

/// The name shown for the embedded default config in messages.
pub const DEFAULT_CONFIG_NAME: &str = "experiments/blog-repair.toml (embedded)";

/// Default of `trace_every`.
pub const DEFAULT_TRACE_EVERY: u64 = 100;

/// Largest board size a config may ask for.
pub const MAX_SIZE: u64 = u32::MAX as u64;

/// The longest experiment name, in bytes: it names the directories
/// `data/<name>/` and `plots/<name>/`, and file systems allow 255 bytes
/// (NAME_MAX) for one path component.
pub const MAX_NAME_BYTES: usize = 255;

/// What a `budget` that is not one table is told.
const BUDGET_SHAPE: &str = "budget must be a table with keys max_steps, max_restarts, max_checks, time_limit, like [budget] (once) or budget = { max_steps = 10_000 }";

/// Whether the config's `budget`, or an algorithm's, is something other than
/// one table (`budget = [1]`, `[[budget]]`): serde's own message for that
/// names internals.
fn budget_not_a_table(text: &str) -> bool {
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return false;
    };
    let not_a_table = |t: &toml::Table| t.get("budget").is_some_and(|b| !b.is_table());
    let algorithms = match table.get("algorithm") {
        Some(toml::Value::Array(a)) => a.iter().filter_map(toml::Value::as_table).collect(),
        _ => Vec::new(),
    };
    not_a_table(&table) || algorithms.into_iter().any(not_a_table)
}

/// One algorithm configuration of an experiment, checked and built.
pub struct Entry {
    /// The unique label: the `label` column.
    pub label: String,
    /// The registry entry.
    pub algorithm: &'static Algorithm,
    /// The complete parameters (defaults filled in).
    pub params: Params,
    /// Their canonical text, `key=value;key=value` (`none` for an algorithm
    /// without parameters, so the column is never empty): the `params`
    /// column.
    pub params_text: String,
    /// The solver built from them.
    pub solver: Box<dyn Solver>,
    /// The budget in force for every trial of this entry.
    pub budget: Budget,
    /// (n, trials) for every board size, in the config's order.
    pub cells: Vec<(u64, u64)>,
    /// The instances its trials search, `None` for the plain problem.
    pub instance: Option<Arc<InstanceSource>>,
}

/// A checked experiment, ready to plan and run.
pub struct Experiment {
    /// The experiment's name (a safe directory name).
    pub name: String,
    /// What it is for.
    pub description: String,
    /// The master seed.
    pub seed: u64,
    /// Whether to write traces.csv.
    pub trace: bool,
    /// A trace point every this many steps (and at every improvement).
    pub trace_every: u64,
    /// The algorithm configurations, in the config's order.
    pub entries: Vec<Entry>,
    /// The questions the config asks (`[[question]]`), in its order.
    pub questions: Vec<Question>,
    /// The targets of the traces' views: the config's `targets`, else the
    /// default rule.
    pub targets: TargetRule,
    /// Where the config came from (a path, or the embedded default's name).
    pub source: String,
    /// The config text, verbatim.
    pub text: String,
    /// SHA-256 of the config text, hex.
    pub hash: String,
    /// Settings that load but cannot take effect, located in the file (the
    /// runner passes them to its observer).
    pub warnings: Vec<ConfigWarning>,
}

impl Experiment {
    /// What each foreign solver (an external program, an in-process
    /// solver) is now, by entry, in the config's order: what metadata.json
    /// records when a run begins and a resume compares.
    pub fn fingerprints(&self) -> Vec<SolverFingerprint> {
        self.entries
            .iter()
            .filter_map(|entry| {
                let (solver, sha256) = entry.solver.fingerprint()?;
                Some(SolverFingerprint {
                    label: entry.label.clone(),
                    solver,
                    sha256,
                })
            })
            .collect()
    }
}

// The doc comments of the config's tables and keys are the descriptions of
// the JSON Schema `queens schema` prints (super::schema), which editors show
// while a config is written.

/// An experiment config: the algorithm configurations compared, on which
/// board sizes, with how many trials and what budget, and the questions the
/// report answers.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "queens experiment config")]
pub(super) struct RawConfig {
    /// The experiment's name: its data and plots directories are
    /// data/NAME and plots/NAME (letters, digits, '-', '_', '.').
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// What the experiment is for, shown in the report.
    #[serde(default = "no_description")]
    #[schemars(with = "String")]
    description: Spanned<String>,
    /// The master seed every trial's seed is derived from.
    #[serde(default)]
    seed: u64,
    /// Trials per size: a whole number, or a table by size like { 8 = 500, 10 = 200 }.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::trials")]
    trials: Option<Spanned<toml::Value>>,
    /// Board sizes: a list like [8, 10, 12], or a range { from = 4, to = 30, step = 2 }, or { from = 8, to = 1024, factor = 2 }.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::sizes")]
    sizes: Option<Spanned<toml::Value>>,
    /// Whether to write traces.csv (the conflicts as each trial goes).
    #[serde(default)]
    trace: bool,
    /// A trace point every this many steps (and at every improvement).
    #[schemars(with = "Option<u64>", range(min = 1))]
    trace_every: Option<Spanned<u64>>,
    /// The targets of attacking pairs the fixed-target chart, the runtime ECDF and the report's target tables use at every board size, like [10, 3, 1, 0]: whole numbers, strictly decreasing, ending in 0 (solved). Without it each size has its own: 1, 3, 10, 30, … below the attacking pairs of a random board, then 0.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::targets")]
    targets: Option<Spanned<toml::Value>>,
    /// The budget of every algorithm table that does not set its own.
    budget: Option<RawBudget>,
    /// The algorithm configurations compared, one table each.
    #[serde(default)]
    algorithm: Vec<RawAlgorithm>,
    /// Questions the report answers: is label `a` better than label `b`?
    #[serde(default)]
    question: Vec<RawQuestion>,
    /// The hard instances every trial searches instead of the plain problem: a generator (blocked, completion, diagonals) with its parameters, a file or a directory of files.
    instance: Option<RawInstance>,
}

/// What bounds each trial; a trial stops at the first bound it reaches.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBudget {
    /// The most steps (in the algorithm's step unit: boards drawn, repairs, generations, nodes).
    #[schemars(with = "Option<u64>")]
    max_steps: Option<Spanned<u64>>,
    /// The most restarts.
    max_restarts: Option<u64>,
    /// The most checks (the algorithm's unit of work that is comparable across algorithms).
    max_checks: Option<u64>,
    /// The most seconds of wall time per trial.
    #[schemars(with = "Option<f64>", range(min = 0))]
    time_limit: Option<Spanned<f64>>,
}

/// One algorithm configuration: an algorithm, its parameters and budget,
/// under a label.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAlgorithm {
    /// The algorithm's registry name (`queens algorithms` lists them), or "external" for a program of your own.
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// The name of this configuration in the CSV files and charts (the algorithm's name when omitted).
    #[schemars(with = "Option<String>")]
    label: Option<Spanned<String>>,
    /// The algorithm's parameters; a list of values sweeps the parameter.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::params")]
    params: Option<sweep::ParamsTable>,
    /// This configuration's budget, over the top-level one.
    budget: Option<RawBudget>,
    /// Board sizes for this configuration, over the top-level ones.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::sizes")]
    sizes: Option<Spanned<toml::Value>>,
    /// Trials per size for this configuration, over the top-level ones.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::trials")]
    trials: Option<Spanned<toml::Value>>,
    /// How lists in `params` combine: "cross" (every combination, the default) or "zip".
    #[serde(default)]
    #[schemars(schema_with = "super::schema::sweep_mode")]
    sweep: Option<Spanned<String>>,
    /// For "external": the program and its arguments.
    #[schemars(with = "Option<Vec<String>>")]
    command: Option<Spanned<Vec<Spanned<String>>>>,
    /// For "external": start the program once per trial instead of once per worker.
    #[schemars(with = "Option<bool>")]
    per_trial: Option<Spanned<bool>>,
    /// For "external": what one step of the program is (the step_unit column).
    #[schemars(with = "Option<String>")]
    step: Option<Spanned<String>>,
    /// For "external": the longest line the program may write, in bytes.
    #[schemars(with = "Option<i64>", range(min = 1))]
    max_line_bytes: Option<Spanned<i64>>,
    /// This configuration's instances, over the top-level ones.
    instance: Option<RawInstance>,
}

/// SHA-256 of a config text, as lowercase hex.
pub fn config_hash(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Where byte `offset` of the config `text` from `file` is.
fn locate(file: &str, text: &str, offset: usize) -> Location {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let column = before[line_start..].chars().count() + 1;
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let excerpt = text[line_start..line_end]
        .trim_end_matches('\r')
        .to_string();
    Location {
        file: file.to_string(),
        line,
        column,
        excerpt,
    }
}

/// Reads and checks an experiment from `text`; `source` names it in errors.
/// Builds every solver, so an experiment that loads will run.
pub fn load(source: &str, text: &str) -> Result<Experiment, ConfigError> {
    load_checking(source, text, Programs::Check)
}

/// [`load`], with the check of external programs chosen by `programs`.
pub fn load_checking(
    source: &str,
    text: &str,
    programs: Programs,
) -> Result<Experiment, ConfigError> {
    load_with(source, text, programs, None)
}

/// [`load_checking`], building the entries named `python:NAME` from the
/// solvers a front end registered (`in_process`); without them such an
/// entry is refused, or under [`Programs::AsStored`] built as a stand-in
/// that never runs ([`crate::solvers::in_process::Unregistered`]).
pub fn load_with(
    source: &str,
    text: &str,
    programs: Programs,
    in_process: Option<&dyn InProcessSolvers>,
) -> Result<Experiment, ConfigError> {
    let at = |span: Range<usize>, message: String| ConfigError {
        location: locate(source, text, span.start),
        message,
    };
    let raw = parse(text, &at)?;
    check_name(&raw.name, &at)?;
    let trace_every = trace_every(raw.trace_every.as_ref(), &at)?;
    let targets = super::targets::rule(raw.targets.as_ref(), &at)?;
    let top = TopLevel {
        source,
        text,
        programs,
        in_process,
        budget: raw
            .budget
            .as_ref()
            .map(|b| budget(b, &at))
            .transpose()?
            .unwrap_or(Budget::UNLIMITED),
        sizes: raw
            .sizes
            .as_ref()
            .map(|s| sizes(s, &at).map(|list| (list, s.span())))
            .transpose()?,
        trials: raw.trials.as_ref(),
        instance: raw
            .instance
            .as_ref()
            .map(|i| i.read(source, &at))
            .transpose()?,
        seed: raw.seed,
    };
    let mut entries = Entries {
        warnings: zero_step_warnings(&raw, &top),
        ..Entries::default()
    };
    for (table, combination) in algorithm_combinations(&raw.algorithm, &at)? {
        entries.add(table, &combination, &top, &at)?;
    }
    entries.check_plan_size(&at)?;
    let max_steps = raw.budget.as_ref().and_then(|b| b.max_steps.as_ref());
    entries.warn_step_units(max_steps, &top);
    let questions = question::check(&raw.question, &entries.counters, &at)?;
    Ok(Experiment {
        name: raw.name.get_ref().clone(),
        questions,
        targets,
        description: prose(&raw.description, "description", &at)?,
        seed: raw.seed,
        trace: raw.trace,
        trace_every,
        entries: entries.built,
        source: source.to_string(),
        text: text.to_string(),
        hash: config_hash(text),
        warnings: entries.warnings,
    })
}

/// The config `text` read into its tables, or where and why it cannot be
/// read (a `budget` that is not one table told the shape it must have).
fn parse(
    text: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<RawConfig, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let message = if budget_not_a_table(text) {
            BUDGET_SHAPE.to_string()
        } else {
            with_integer_range(e.message().trim_end())
        };
        at(span, message)
    })
}

/// The description of a config that gives none: empty.
fn no_description() -> Spanned<String> {
    Spanned::new(0..0, String::new())
}

/// The prose `text` of the config's key `key` (a description, a
/// question's context), refused where it holds a character that could make
/// it display as other text ([`crate::base::records::invisible`]).
pub(super) fn prose(
    text: &Spanned<String>,
    key: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<String, ConfigError> {
    match crate::base::records::first_invisible_in_prose(text.get_ref()) {
        None => Ok(text.get_ref().clone()),
        Some(invisible) => Err(at(
            text.span(),
            format!(
                "{key} holds {invisible}: line breaks and tabs are allowed in it, but {}; remove it",
                crate::base::records::INVISIBLE_RULE
            ),
        )),
    }
}

/// Refuses an experiment name longer than a directory name may be, or
/// holding characters a safe directory name does not.
fn check_name(
    name: &Spanned<String>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<(), ConfigError> {
    let value = name.get_ref();
    if value.len() > MAX_NAME_BYTES {
        return Err(at(
            name.span(),
            format!(
                "name has {} bytes: a directory name holds at most {MAX_NAME_BYTES}; write a shorter name",
                value.len()
            ),
        ));
    }
    if !crate::base::records::is_safe_name(value) {
        return Err(at(
            name.span(),
            format!(
                "name {value:?} cannot be a directory name: use {}",
                crate::base::records::SAFE_NAME_RULE
            ),
        ));
    }
    Ok(())
}

/// The steps between trace points: `trace_every` (0 refused), else
/// [`DEFAULT_TRACE_EVERY`].
fn trace_every(
    setting: Option<&Spanned<u64>>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<u64, ConfigError> {
    match setting {
        Some(k) if *k.get_ref() == 0 => Err(at(
            k.span(),
            "trace_every = 0: write a whole number of steps >= 1".to_string(),
        )),
        Some(k) => Ok(*k.get_ref()),
        None => Ok(DEFAULT_TRACE_EVERY),
    }
}

/// A warning for each `max_steps = 0`: the top-level `[budget]`'s first,
/// then the `[[algorithm]]` tables' in the config's order.
fn zero_step_warnings(raw: &RawConfig, top: &TopLevel<'_>) -> Vec<ConfigWarning> {
    std::iter::once(&raw.budget)
        .chain(raw.algorithm.iter().map(|a| &a.budget))
        .filter_map(|b| b.as_ref()?.max_steps.as_ref())
        .filter(|s| *s.get_ref() == 0)
        .map(|steps| ConfigWarning::ZeroStepBudget {
            location: top.locate(steps.span()),
        })
        .collect()
}

/// Each `[[algorithm]]` table with each combination of its swept values,
/// in the config's order: one entry each. Refused when there is no table.
fn algorithm_combinations<'r>(
    tables: &'r [RawAlgorithm],
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<(&'r RawAlgorithm, Combination)>, ConfigError> {
    if tables.is_empty() {
        return Err(at(
            0..0,
            "no [[algorithm]] table: an experiment needs at least one, like\n    [[algorithm]]\n    name = \"min-conflicts\"".to_string(),
        ));
    }
    let combinations = tables
        .iter()
        .map(|a| sweep::combinations(a.params.as_ref(), a.sweep.as_ref(), at))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(tables
        .iter()
        .zip(combinations)
        .flat_map(|(a, cs)| cs.into_iter().map(move |c| (a, c)))
        .collect())
}

/// What every entry is built with besides its own table: the config's
/// source and text (warnings are located in), how external programs and
/// in-process solvers are checked, and the top-level budget, sizes and
/// trials an entry falls back on.
struct TopLevel<'a> {
    /// Where the config came from: relative program paths start from its
    /// directory.
    source: &'a str,
    /// The config text.
    text: &'a str,
    /// How external programs are checked.
    programs: Programs,
    /// The solvers a front end registered, for `python:NAME` entries.
    in_process: Option<&'a dyn InProcessSolvers>,
    /// The top-level `[budget]`, or no limit.
    budget: Budget,
    /// The top-level `sizes`, read, and where they are written.
    sizes: Option<(Vec<u64>, Range<usize>)>,
    /// The top-level `trials`.
    trials: Option<&'a Spanned<toml::Value>>,
    /// The top-level instances.
    instance: Option<Instances>,
    /// The master seed (of the generated instances checked at load).
    seed: u64,
}

impl TopLevel<'_> {
    /// Where `span` of the config starts, for a warning.
    fn locate(&self, span: Range<usize>) -> Location {
        locate(self.source, self.text, span.start)
    }
}

/// The entries built so far, in the config's order, with the warnings
/// raised so far and the tallies checked once every entry is built.
#[derive(Default)]
struct Entries {
    /// The entries.
    built: Vec<Entry>,
    /// The warnings, in the config's order.
    warnings: Vec<ConfigWarning>,
    /// Trials planned so far.
    planned: u64,
    /// The `trials` that first took the plan past the limit.
    over_limit: Option<Range<usize>>,
    /// How many entries run at each size so far.
    labels_at: BTreeMap<u64, u64>,
    /// The pairs of labels the comparison will test so far, summed over
    /// the sizes.
    compared_pairs: u64,
    /// The table whose entry first took the labels or the compared pairs
    /// past their limit, and which limit.
    over_comparison: Option<(Range<usize>, ComparisonLimit)>,
    /// The step unit and label of each entry the top-level max_steps bounds.
    shared_step_budget: Vec<(String, String)>,
    /// What each entry counts, for the questions' measures.
    counters: Vec<question::Counters>,
}

/// Which bound of the comparison a plan passed.
#[derive(Clone, Copy, Debug)]
enum ComparisonLimit {
    /// More than [`MAX_LABELS`] labels.
    Labels,
    /// More than [`MAX_COMPARED_PAIRS`] pairs compared.
    Pairs,
}

/// An in-process solver's entry as built: its registry entry, parameters
/// and solver.
type InProcessEntry = (&'static Algorithm, Params, Box<dyn Configured>);

impl Entries {
    /// Builds the entry of `table` with the values of `combination`, checks
    /// it (label, parameters, budget, sizes and memory, trials) and adds it
    /// with its warnings.
    fn add(
        &mut self,
        table: &RawAlgorithm,
        combination: &Combination,
        top: &TopLevel<'_>,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<(), ConfigError> {
        let external = table.external();
        let in_process_entry = table
            .name
            .get_ref()
            .strip_prefix(crate::solvers::in_process::PREFIX)
            .map(|name| {
                external.build_in_process(name, combination, top.programs, top.in_process, at)
            })
            .transpose()?;
        let algorithm = algorithm_of(table, in_process_entry.as_ref(), at)?;
        let label = self.label(table, combination, at)?;
        let (params, solver) =
            if std::ptr::eq(algorithm, &crate::solvers::algorithms::external::ALGORITHM) {
                external.build(top.source, combination, top.programs, at)?
            } else if let Some((_, params, solver)) = in_process_entry {
                (params, solver)
            } else {
                external.refuse_on_builtin(algorithm.name, at)?;
                build(algorithm, table, combination, &label, at)?
            };
        let budget = self.budget(table, algorithm, solver.as_ref(), &label, top, at)?;
        let own_instance = table
            .instance
            .as_ref()
            .map(|i| i.read(top.source, at))
            .transpose()?;
        let instances = own_instance.as_ref().or(top.instance.as_ref());
        if instances.is_some()
            && let Some(reason) = solver.instance_refused()
        {
            return Err(at(
                table.name.span(),
                format!("'{label}' cannot search the plan's instances: {reason}"),
            ));
        }
        let (entry_sizes, sizes_span) = match instances.map(|i| (i.source.as_ref(), i)) {
            Some((InstanceSource::Directory { files, .. }, i)) => {
                if let Some(span) = table
                    .sizes
                    .as_ref()
                    .map(Spanned::span)
                    .or(top.sizes.as_ref().map(|s| s.1.clone()))
                {
                    return Err(at(
                        span,
                        format!(
                            "'{label}' searches a directory of instances, whose files fix the sizes: remove `sizes`"
                        ),
                    ));
                }
                let sizes = directory_cells(files).into_iter().map(|(n, _)| n).collect();
                (sizes, i.span.clone())
            }
            Some((InstanceSource::File(file), i)) => {
                let n = file.instance.n() as u64;
                match table
                    .sizes
                    .as_ref()
                    .map(|s| sizes(s, at).map(|l| (l, s.span())))
                    .transpose()?
                    .or(top.sizes.clone())
                {
                    Some((list, span)) if list != [n] => {
                        return Err(at(
                            span,
                            format!(
                                "'{label}' searches one instance file of N = {n}: set sizes = [{n}] or remove `sizes`"
                            ),
                        ));
                    }
                    _ => (vec![n], i.span.clone()),
                }
            }
            _ => entry_sizes(table, top, &label, at)?,
        };
        for &n in &entry_sizes {
            algorithm
                .check_memory(n as usize, &params, solver.as_ref())
                .map_err(|e| at(sizes_span.clone(), format!("'{label}': {e}")))?;
        }
        let cells = match instances.map(|i| i.source.as_ref()) {
            Some(InstanceSource::Directory { files, .. }) => {
                if let Some(span) = table.trials.as_ref().or(top.trials).map(Spanned::span) {
                    return Err(at(
                        span,
                        format!(
                            "'{label}' searches a directory of instances, one per trial: remove `trials`"
                        ),
                    ));
                }
                let cells = directory_cells(files);
                self.tally(&cells, table.name.span(), None);
                cells
            }
            _ => self.cells(table, &entry_sizes, &label, top, at)?,
        };
        if let Some(instances) = instances {
            check_instances(instances, &cells, top.seed, at)?;
        }
        let own_max_steps = table.budget.as_ref().is_some_and(|b| b.max_steps.is_some());
        let unit = match solver.external() {
            Some(program) => program.step_unit(),
            None => algorithm.step_unit(),
        };
        if !own_max_steps {
            self.shared_step_budget
                .push((unit.to_string(), label.clone()));
        }
        self.counters.push(question::Counters {
            label: label.clone(),
            step_unit: unit.to_string(),
            never_evaluates: solver.never_evaluates().is_some(),
        });
        self.built.push(Entry {
            label,
            algorithm,
            params_text: match params.canonical() {
                text if text.is_empty() => "none".to_string(),
                text => text,
            },
            params,
            solver,
            budget,
            cells,
            instance: instances.map(|i| Arc::clone(&i.source)),
        });
        Ok(())
    }

    /// The label of `table` (its `label`, else its `name`) with the suffix
    /// of `combination`; refused, where it is written, when it is empty or
    /// holds a character that could make it display as another
    /// ([`crate::base::records::invisible`]), starts like a spreadsheet formula, is
    /// longer than [`MAX_LABEL_CHARS`], or is an earlier entry's.
    fn label(
        &self,
        table: &RawAlgorithm,
        combination: &Combination,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<String, ConfigError> {
        let (label, label_span) = match &table.label {
            Some(l) => (l.get_ref().clone(), l.span()),
            None => (table.name.get_ref().clone(), table.name.span()),
        };
        let label = label + &combination.label_suffix();
        if label.trim().is_empty() {
            return Err(at(
                label_span,
                "the label is empty: write a one-line name for the CSV and charts".to_string(),
            ));
        }
        if let Some(invisible) = crate::base::records::first_invisible(&label) {
            return Err(at(
                label_span,
                format!(
                    "label {label:?} holds {invisible}: {}; write a one-line name of visible characters",
                    crate::base::records::INVISIBLE_RULE
                ),
            ));
        }
        if crate::base::records::starts_like_formula(&label) {
            return Err(at(
                label_span,
                format!(
                    "label {label:?}: {}; start it with a letter or a digit",
                    crate::base::records::FORMULA_RULE
                ),
            ));
        }
        let length = label.chars().count();
        if length > MAX_LABEL_CHARS {
            let start: String = label.chars().take(20).collect();
            return Err(at(
                label_span,
                format!(
                    "label \"{start}…\" has {length} characters: write at most {MAX_LABEL_CHARS}, a short name for the CSV and charts"
                ),
            ));
        }
        if self.built.iter().any(|e| e.label == label) {
            return Err(at(
                label_span,
                format!(
                    "duplicate label '{label}'{}: labels name algorithm configurations in CSV and charts and must be unique; add `label = \"…\"` to tell them apart",
                    combination.origin()
                ),
            ));
        }
        Ok(label)
    }

    /// The budget of entry `label`: the algorithm's default, overridden by
    /// the top-level `[budget]`, overridden by the table's own; warns when
    /// the restart budget configured cannot take effect on `solver`.
    fn budget(
        &mut self,
        table: &RawAlgorithm,
        algorithm: &Algorithm,
        solver: &dyn Configured,
        label: &str,
        top: &TopLevel<'_>,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<Budget, ConfigError> {
        let own_budget = table.budget.as_ref().map(|b| budget(b, at)).transpose()?;
        let mut entry_budget = algorithm.default_budget.overridden_by(&top.budget);
        if let Some(own) = &own_budget {
            entry_budget = entry_budget.overridden_by(own);
        }
        let configured = top
            .budget
            .overridden_by(&own_budget.unwrap_or(Budget::UNLIMITED));
        if let Some(why) = solver.restart_budget_ignored(&configured) {
            self.warnings.push(ConfigWarning::RestartBudgetIgnored {
                location: top.locate(table.name.span()),
                label: label.to_string(),
                algorithm: algorithm.name.to_string(),
                reason: why.to_string(),
            });
        }
        Ok(entry_budget)
    }

    /// The (n, trials) cells of entry `label` at its sizes, from the
    /// table's `trials` or else the top-level one (refused when neither is
    /// set); warns of counts for sizes the entry does not plan, and adds
    /// the cells to the plan's tally.
    fn cells(
        &mut self,
        table: &RawAlgorithm,
        sizes: &[u64],
        label: &str,
        top: &TopLevel<'_>,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<Cells, ConfigError> {
        let Some(trials_spec) = table.trials.as_ref().or(top.trials) else {
            return Err(at(
                table.name.span(),
                format!(
                    "no trial count for '{label}': set `trials` at the top of the file or in this [[algorithm]] table"
                ),
            ));
        };
        let (cells, unused) = trials(trials_spec, sizes, label, at)?;
        for n in unused {
            self.warnings.push(ConfigWarning::TrialsForUnplannedSize {
                location: top.locate(trials_spec.span()),
                label: label.to_string(),
                n,
            });
        }
        self.tally(&cells, table.name.span(), Some(trials_spec.span()));
        Ok(cells)
    }

    /// Adds `cells` (the table at `span`, whose trials are written at
    /// `trials_span` when they are) to the plan's trials and to the tally
    /// of the comparison.
    fn tally(&mut self, cells: &Cells, span: Range<usize>, trials_span: Option<Range<usize>>) {
        self.planned = cells
            .iter()
            .fold(self.planned, |sum, (_, count)| sum.saturating_add(*count));
        if self.planned > MAX_PLANNED_TRIALS && self.over_limit.is_none() {
            self.over_limit = Some(trials_span.unwrap_or_else(|| span.clone()));
        }
        self.tally_comparison(cells, span);
    }

    /// Adds an entry of `cells` (the table at `span`) to the tally of
    /// labels and compared pairs: at each of its sizes it is compared with
    /// every entry already there.
    fn tally_comparison(&mut self, cells: &Cells, span: Range<usize>) {
        for (n, _) in cells {
            let before = self.labels_at.entry(*n).or_insert(0);
            self.compared_pairs = self.compared_pairs.saturating_add(*before);
            *before += 1;
        }
        let labels = self.built.len() as u64 + 1;
        if self.over_comparison.is_none() {
            if labels > MAX_LABELS {
                self.over_comparison = Some((span, ComparisonLimit::Labels));
            } else if self.compared_pairs > MAX_COMPARED_PAIRS {
                self.over_comparison = Some((span, ComparisonLimit::Pairs));
            }
        }
    }

    /// Refuses a plan of more than [`MAX_PLANNED_TRIALS`] trials, at the
    /// `trials` that first took it past the limit.
    fn check_plan_size(
        &self,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<(), ConfigError> {
        if let Some(span) = self.over_limit.clone() {
            return Err(at(
                span,
                format!(
                    "the plan holds {} trials (summed over every algorithm and size): a plan holds at most {MAX_PLANNED_TRIALS}; write fewer trials or sizes, or split the study into several experiments",
                    self.planned
                ),
            ));
        }
        let Some((span, limit)) = self.over_comparison.clone() else {
            return Ok(());
        };
        let problem = match limit {
            ComparisonLimit::Labels => format!(
                "the plan compares {} labels: an experiment compares at most {MAX_LABELS} (every chart draws each, the comparison tests every pair)",
                self.built.len()
            ),
            ComparisonLimit::Pairs => format!(
                "the comparison would test {} pairs of labels (summed over the sizes; about {} MB of memory): it tests at most {MAX_COMPARED_PAIRS}",
                self.compared_pairs,
                self.compared_pairs.saturating_mul(BYTES_PER_COMPARED_PAIR) / 1_000_000
            ),
        };
        Err(at(
            span,
            format!(
                "{problem}; refused before any trial runs. Compare fewer labels or sizes, or split the study into several experiments"
            ),
        ))
    }

    /// Warns when the top-level `max_steps` bounds entries that count
    /// steps in more than one unit (each unit listed with its labels).
    fn warn_step_units(&mut self, max_steps: Option<&Spanned<u64>>, top: &TopLevel<'_>) {
        let Some(steps) = max_steps else {
            return;
        };
        let mut units: Vec<(String, Vec<String>)> = Vec::new();
        for (unit, label) in std::mem::take(&mut self.shared_step_budget) {
            match units.iter_mut().find(|(u, _)| *u == unit) {
                Some((_, labels)) => labels.push(label),
                None => units.push((unit, vec![label])),
            }
        }
        if units.len() > 1 {
            self.warnings.push(ConfigWarning::StepBudgetAcrossUnits {
                location: top.locate(steps.span()),
                max_steps: *steps.get_ref(),
                units,
            });
        }
    }
}

impl RawAlgorithm {
    /// The table's keys an external program or in-process solver is
    /// checked from.
    fn external(&self) -> ExternalTable<'_> {
        ExternalTable {
            name: self.name.span(),
            label: self.label.as_ref(),
            command: self.command.as_ref(),
            per_trial: self.per_trial.as_ref(),
            step: self.step.as_ref(),
            max_line_bytes: self.max_line_bytes.as_ref(),
            params: self.params.as_ref(),
        }
    }
}

/// The registry entry `table` runs: the external programs' for
/// `name = "external"`, the in-process solver's when it is one (built in
/// `in_process_entry`), else the built-in algorithm it names.
fn algorithm_of(
    table: &RawAlgorithm,
    in_process_entry: Option<&InProcessEntry>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<&'static Algorithm, ConfigError> {
    if table.name.get_ref() == crate::solvers::algorithms::external::NAME {
        Ok(&crate::solvers::algorithms::external::ALGORITHM)
    } else if let Some(&(algorithm, _, _)) = in_process_entry {
        Ok(algorithm)
    } else {
        find_algorithm(table.name.get_ref()).map_err(|e| at(table.name.span(), e.to_string()))
    }
}

/// The sizes of entry `label` and where they are written: the table's own,
/// else the top-level ones; refused when neither is set.
fn entry_sizes(
    table: &RawAlgorithm,
    top: &TopLevel<'_>,
    label: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<(Vec<u64>, Range<usize>), ConfigError> {
    match (&table.sizes, &top.sizes) {
        (Some(s), _) => Ok((sizes(s, at)?, s.span())),
        (None, Some((sizes, span))) => Ok((sizes.clone(), span.clone())),
        (None, None) => Err(at(
            table.name.span(),
            format!(
                "no sizes for '{label}': set `sizes` at the top of the file or in this [[algorithm]] table"
            ),
        )),
    }
}

/// Makes every generated instance of `cells` once, so that parameters the
/// board cannot hold are refused at load, naming the trial.
fn check_instances(
    instances: &Instances,
    cells: &Cells,
    seed: u64,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<(), ConfigError> {
    if let InstanceSource::Generated { .. } = instances.source.as_ref() {
        for &(n, trials) in cells {
            for trial in 0..trials {
                instances
                    .source
                    .instance(seed, n, trial)
                    .map_err(|e| at(instances.span.clone(), format!("trial {trial}: {e}")))?;
            }
        }
    }
    Ok(())
}

/// The budget `raw` sets, its time limit checked.
fn budget(
    raw: &RawBudget,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Budget, ConfigError> {
    let time_limit = match &raw.time_limit {
        Some(t) if !Budget::is_valid_time_limit(*t.get_ref()) => {
            return Err(at(
                t.span(),
                format!(
                    "time_limit = {}: write a positive number of seconds up to {:e}, like 10.0",
                    short_number(*t.get_ref()),
                    Budget::MAX_TIME_LIMIT
                ),
            ));
        }
        Some(t) => Some(*t.get_ref()),
        None => None,
    };
    Ok(Budget {
        max_steps: raw.max_steps.as_ref().map(|s| *s.get_ref()),
        max_restarts: raw.max_restarts,
        max_checks: raw.max_checks,
        time_limit,
    })
}

/// `x` as written for a person: plain below 10^9, in scientific notation
/// (`1e300`) from there, never hundreds of digits.
fn short_number(x: f64) -> String {
    if x.is_finite() && x.abs() < 1e9 {
        x.to_string()
    } else {
        format!("{x:e}")
    }
}

/// The parameters and solver of `raw` with the values of `combination`
/// (its swept values in place of the lists); `label` names the entry in
/// the message of a swept value the parameter refuses.
fn build(
    algorithm: &'static Algorithm,
    raw: &RawAlgorithm,
    combination: &Combination,
    label: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<(Params, Box<dyn Configured>), ConfigError> {
    let Some(table) = &raw.params else {
        return algorithm
            .instantiate(&[])
            .map_err(|e| at(raw.name.span(), e.to_string()));
    };
    let given = table
        .get_ref()
        .iter()
        .map(|(k, v)| {
            let value = combination.value(k.get_ref()).unwrap_or(v.get_ref());
            Ok((
                k.get_ref().clone(),
                raw_value(k.get_ref(), value, v.span(), at)?,
            ))
        })
        .collect::<Result<Vec<(String, RawValue)>, ConfigError>>()?;
    algorithm.instantiate(&given).map_err(|e| {
        let key_of = |key: &str| table.get_ref().iter().find(|(k, _)| k.get_ref() == key);
        let span = match &e {
            ParamError::UnknownKey { key, .. }
            | ParamError::NotForVariant { key, .. }
            | ParamError::Duplicate { key, .. } => key_of(key).map(|(k, _)| k.span()),
            ParamError::BadValue { key, .. } => key_of(key).map(|(_, v)| v.span()),
            ParamError::Malformed(_)
            | ParamError::TooLarge { .. }
            | ParamError::NotInEffect { .. }
            | ParamError::Declaration { .. } => None,
        };
        let swept = match &e {
            ParamError::BadValue { key, .. } => combination.value(key).is_some(),
            _ => false,
        };
        let message = if swept {
            format!(
                "{e} (in the sweep's combination {}, label '{label}'): remove that value from the list",
                combination.describe()
            )
        } else {
            e.to_string()
        };
        at(span.unwrap_or_else(|| table.span()), message)
    })
}

/// A parameter's TOML value as the parameter layer takes it (a list is a
/// sweep, expanded before); a table or a date is refused here, naming the
/// key.
fn raw_value(
    key: &str,
    value: &toml::Value,
    span: Range<usize>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<RawValue, ConfigError> {
    Ok(match value {
        toml::Value::String(s) => RawValue::String(s.clone()),
        toml::Value::Integer(i) => RawValue::Integer(*i),
        toml::Value::Float(x) => RawValue::Float(*x),
        toml::Value::Boolean(b) => RawValue::Bool(*b),
        other => {
            return Err(at(
                span,
                format!(
                    "bad value '{other}' for parameter '{key}': a parameter takes a number, a quoted word or true|false"
                ),
            ));
        }
    })
}

/// The whole number `value` holds, if it is one.
fn int(value: &toml::Value) -> Option<i64> {
    match value {
        toml::Value::Integer(i) => Some(*i),
        _ => None,
    }
}

/// The TOML reader's message for an integer too large to read (above
/// 2^63 − 1, or above u64 where a `u64` is read), with the ranges the
/// settings allow; any other message as it is.
fn with_integer_range(message: &str) -> String {
    let too_large =
        message.contains("value was too large") || message.starts_with("invalid type: integer `");
    if !too_large {
        return message.to_string();
    }
    format!(
        "{message}: this number is too large for any setting; trials are whole numbers from 1 to \
         {MAX_PLANNED_TRIALS} (summed over the plan), sizes from 1 to {MAX_SIZE}, and any whole \
         number in a config is at most {}",
        i64::MAX
    )
}

/// What a `sizes` setting may be, for its messages.
const SIZES_ALLOWED: &str = "write an array like [8, 10, 12], or { from = 4, to = 30, step = 2 } (step 1 when omitted), or { from = 8, to = 1024, factor = 2 }";

/// Reads `sizes`: an array of sizes, or a range table.
fn sizes(
    spec: &Spanned<toml::Value>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<u64>, ConfigError> {
    let err = |message: String| at(spec.span(), message);
    let list: Vec<i64> = match spec.get_ref() {
        toml::Value::Array(items) => items
            .iter()
            .map(|v| {
                int(v)
                    .ok_or_else(|| err(format!("size {v} is not a whole number: {SIZES_ALLOWED}")))
            })
            .collect::<Result<_, _>>()?,
        toml::Value::Table(t) => size_range(t, &err)?,
        other => {
            return Err(err(format!(
                "sizes = {other} is a {}: {SIZES_ALLOWED}",
                other.type_str()
            )));
        }
    };
    checked_sizes(list, &err)
}

/// The sizes of a range table `{ from, to }` with `step` (1 when omitted)
/// or `factor`; `err` locates a message at the table.
fn size_range(
    t: &toml::Table,
    err: &impl Fn(String) -> ConfigError,
) -> Result<Vec<i64>, ConfigError> {
    for key in t.keys() {
        if !["from", "to", "step", "factor"].contains(&key.as_str()) {
            return Err(err(format!(
                "unknown key '{key}' in sizes; allowed: from, to, and one of step or factor"
            )));
        }
    }
    let get = |k: &str| -> Result<Option<i64>, ConfigError> {
        t.get(k)
            .map(|v| int(v).ok_or_else(|| err(format!("sizes.{k} = {v} is not a whole number"))))
            .transpose()
    };
    let (Some(from), Some(to)) = (get("from")?, get("to")?) else {
        return Err(err(format!(
            "a sizes range needs `from` and `to`: {SIZES_ALLOWED}"
        )));
    };
    if from < 1 || to < from {
        return Err(err(format!(
            "sizes range from {from} to {to}: need 1 <= from <= to"
        )));
    }
    let too_many = |count: u64| {
        err(format!(
            "sizes range from {from} to {to} yields {count} sizes: a plan holds at most {MAX_PLANNED_TRIALS} trials; write a shorter range or a larger step"
        ))
    };
    // Both >= 1 and from <= to here, so the differences do not overflow.
    let span = (to - from) as u64;
    let mut list = Vec::new();
    match (get("step")?, get("factor")?) {
        (Some(step), None) => {
            if step < 1 {
                return Err(err(format!("sizes step = {step}: need step >= 1")));
            }
            let count = span / step as u64 + 1;
            if count > MAX_PLANNED_TRIALS {
                return Err(too_many(count));
            }
            let mut n = from;
            while n <= to {
                list.push(n);
                n = n.saturating_add(step);
            }
        }
        (None, Some(factor)) => {
            if factor < 2 {
                return Err(err(format!("sizes factor = {factor}: need factor >= 2")));
            }
            let mut n = from;
            while n <= to {
                list.push(n);
                n = n.saturating_mul(factor);
            }
        }
        (None, None) => {
            let count = span.saturating_add(1);
            if count > MAX_PLANNED_TRIALS {
                return Err(too_many(count));
            }
            list = (from..=to).collect();
        }
        (Some(_), Some(_)) => {
            return Err(err(
                "a sizes range takes `step` or `factor`, not both".to_string()
            ));
        }
    }
    Ok(list)
}

/// The sizes of `list` as board sizes, refused when it is empty, longer
/// than a plan may be, or holds a size out of range or twice; `err`
/// locates a message at the `sizes` setting.
fn checked_sizes(
    list: Vec<i64>,
    err: &impl Fn(String) -> ConfigError,
) -> Result<Vec<u64>, ConfigError> {
    if list.is_empty() {
        return Err(err(format!("sizes is empty: {SIZES_ALLOWED}")));
    }
    if list.len() as u64 > MAX_PLANNED_TRIALS {
        return Err(err(format!(
            "sizes lists {} sizes: a plan holds at most {MAX_PLANNED_TRIALS} trials; write fewer sizes",
            list.len()
        )));
    }
    let mut seen = HashSet::with_capacity(list.len());
    let mut sizes = Vec::with_capacity(list.len());
    for n in list {
        if n < 1 || n as u64 > MAX_SIZE {
            return Err(err(format!(
                "board size {n} is out of range: sizes are whole numbers 1..={MAX_SIZE}"
            )));
        }
        if !seen.insert(n) {
            return Err(err(format!("board size {n} appears twice in sizes")));
        }
        sizes.push(n as u64);
    }
    Ok(sizes)
}

/// (n, trials) for every board size of an entry.
type Cells = Vec<(u64, u64)>;

/// Reads `trials` for the given sizes: one count for all, or a table by
/// size; with the sizes of a table that are not among `sizes` (never used).
fn trials(
    spec: &Spanned<toml::Value>,
    sizes: &[u64],
    label: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<(Cells, Vec<u64>), ConfigError> {
    let err = |message: String| at(spec.span(), message);
    const ALLOWED: &str =
        "write a whole number >= 1, like 100, or a table by size, like { 8 = 500, 10 = 200 }";
    let check = |v: &toml::Value| -> Result<u64, ConfigError> {
        match int(v) {
            Some(t) if t >= 1 => Ok(t as u64),
            _ => Err(err(format!("trials = {v}: {ALLOWED}"))),
        }
    };
    match spec.get_ref() {
        toml::Value::Table(t) => {
            let mut by_size = BTreeMap::new();
            for (key, v) in t {
                let n: u64 = key.trim().parse().map_err(|_| {
                    err(format!(
                        "trials key '{key}' is not a board size (a whole number from 1 to {MAX_SIZE}): {ALLOWED}"
                    ))
                })?;
                if by_size.insert(n, check(v)?).is_some() {
                    return Err(err(format!(
                        "trials table names n = {n} twice (key '{key}'): give each size once"
                    )));
                }
            }
            let planned: HashSet<u64> = sizes.iter().copied().collect();
            let unused = by_size
                .keys()
                .filter(|n| !planned.contains(n))
                .copied()
                .collect();
            let cells = sizes
                .iter()
                .map(|n| {
                    by_size.get(n).map(|t| (*n, *t)).ok_or_else(|| {
                        err(format!(
                            "no trial count for n = {n} of '{label}': this trials table covers n = {}",
                            by_size.keys().map(u64::to_string).collect::<Vec<_>>().join(", ")
                        ))
                    })
                })
                .collect::<Result<_, _>>()?;
            Ok((cells, unused))
        }
        v => {
            let t = check(v)?;
            Ok((sizes.iter().map(|n| (*n, t)).collect(), Vec::new()))
        }
    }
}
