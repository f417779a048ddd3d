//! The messages of the `queens-external` protocol, version 3: JSON objects,
//! one per line, as serde types. The harness writes [`Hello`] and
//! [`Request`]s; the program answers with one [`Greeting`] and one
//! [`Reply`] per request, echoing the request's `id`. The greeting's
//! `protocol_version` says which version the program speaks: 3 may be
//! sent instances (a request's [`InstanceField`]: blocked squares and
//! given queens), 2 only plain trials ([`Greeting::takes_instances`]).
//! Version 1 programs (no `protocol_version` in the greeting, no `id` in
//! replies) are refused with a message naming what changed
//! ([`V1_CHANGES`]). Every type the program writes refuses unknown
//! fields, so a misspelt or invented counter is an error naming it and the
//! allowed ones (serde's own message: "unknown field `flips`, expected one
//! of `steps`, `checks`, `restarts`, `evaluations`"). A stop reason the
//! harness can check is refused when false ([`parse_reply`]: `exhausted`
//! where the plain problem at N has solutions, a budget stop without its
//! limit, short of its counter's limit or before the time limit); an
//! `exhausted` on an instance is the program's claim, which the harness
//! cannot check. The whole protocol, for
//! program authors, is in `experiments/solvers/PROTOCOL.md`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::base::board::{Placement, validate};
use crate::base::instance::Instance;
use crate::base::outcome::{Metrics, Outcome, StopReason};
use crate::base::records::{FORMULA_RULE, INVISIBLE_RULE, first_invisible, starts_like_formula};
use crate::solvers::Budget;
use crate::solvers::algorithms::construction::has_solution;

/// The protocol's name, sent in the first line.
pub const PROTOCOL: &str = "queens-external";

/// The newest version of the protocol, the one this page describes.
pub const VERSION: u32 = 3;

/// The oldest version the harness still serves: the `version` of its
/// first line, so a version 2 program that checks it keeps working.
pub const OLDEST_VERSION: u32 = 2;

/// The versions the harness serves, oldest first: the `versions` of its
/// first line; the program answers with one of them.
pub const VERSIONS: [u32; 2] = [OLDEST_VERSION, VERSION];

/// The first version whose requests carry an instance.
pub const INSTANCE_VERSION: u32 = 3;

/// What changed since version 1, for the message refusing a version 1
/// program.
pub const V1_CHANGES: &str = "version 2 adds `\"protocol_version\": 2` to the answer to the handshake and an `id` to every request that the reply must echo; see experiments/solvers/PROTOCOL.md";

/// What changed since version 2, for the message refusing a version 2
/// program an instance plan.
pub const V2_CHANGES: &str = "version 3 adds the request's `instance` (its blocked squares and given queens, `{\"blocked\": [[row, column], …], \"given\": [[row, column], …]}`, 0-based), which the program must keep to; answer the handshake with `\"protocol_version\": 3` once it does (experiments/solvers/PROTOCOL.md, \"What changed since version 2\")";

/// The harness's first line: which protocol and versions it speaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hello {
    /// Always [`PROTOCOL`].
    pub protocol: &'static str,
    /// Always [`OLDEST_VERSION`]: a version 2 program checks that it is 2.
    pub version: u32,
    /// Every version served ([`VERSIONS`]): a newer program looks for its
    /// own here.
    pub versions: [u32; 2],
}

impl Hello {
    /// The handshake line of this harness.
    pub const CURRENT: Hello = Hello {
        protocol: PROTOCOL,
        version: OLDEST_VERSION,
        versions: VERSIONS,
    };
}

/// The program's answer to [`Hello`]: what it is, and whether one process
/// serves many trials.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Greeting {
    /// The protocol version the program speaks: one of [`VERSIONS`] (a
    /// version 1 program leaves it out).
    #[serde(default)]
    pub protocol_version: Option<u32>,
    /// The program's name, for the log.
    pub name: String,
    /// The program's own version, for the log.
    pub version: String,
    /// `true`: the process reads requests until its stdin closes; `false`:
    /// it answers one request and is started afresh for the next trial.
    pub many_trials: bool,
}

impl Greeting {
    /// The version the program speaks (1 when the greeting leaves it out,
    /// which [`parse_greeting`] refuses).
    pub fn speaks(&self) -> u32 {
        self.protocol_version.unwrap_or(1)
    }

    /// Why the program cannot be sent instances (it speaks an older
    /// version than [`INSTANCE_VERSION`]), or `None` when it can.
    pub fn takes_instances(&self) -> Option<String> {
        instances_refused(self.speaks())
    }
}

/// Why a program speaking `version` cannot be sent instances, naming the
/// version it must speak, or `None` when it can.
pub fn instances_refused(version: u32) -> Option<String> {
    (version < INSTANCE_VERSION).then(|| {
        format!(
            "the program speaks version {version} of the queens-external protocol, which sends no instances: it must speak version {INSTANCE_VERSION}; {V2_CHANGES}"
        )
    })
}

/// A trial's instance as a request carries it (version 3): the blocked
/// squares and the given queens, each `[row, column]` counted from 0,
/// row by row. Every other square is allowed; a given queen's square is
/// allowed, and its row's queen stands there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InstanceField {
    /// The squares no queen may stand on.
    pub blocked: Vec<[u32; 2]>,
    /// The queens placed before the search, which it must not move.
    pub given: Vec<[u32; 2]>,
}

impl InstanceField {
    /// The field of `instance`.
    pub fn of(instance: &Instance) -> Self {
        Self {
            blocked: instance.blocked_squares().map(|(r, c)| [r, c]).collect(),
            given: instance.given_queens().map(|(r, c)| [r, c]).collect(),
        }
    }
}

/// One trial, as the harness asks for it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Request<'a> {
    /// The request's number in this process, from 1: the reply echoes it.
    pub id: u64,
    /// The board size N.
    pub n: usize,
    /// The trial's seed (runs.csv's `seed`): the program's only source of
    /// randomness, so the row replays.
    pub seed: u64,
    /// The entry's parameters, verbatim (numbers, words, flags).
    pub params: &'a serde_json::Value,
    /// The limits, each `null` when unset.
    pub budget: &'a Budget,
    /// Whether the harness keeps trace points (traces.csv, or a replay):
    /// a program sends `trace` in its reply only then, and may send each
    /// point's board (`columns`) for a replay to draw.
    pub trace: bool,
    /// The trial's instance (version 3 only), left out of a plain
    /// trial's request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<InstanceField>,
}

/// The counters a program reports; each defaults to 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Counters {
    /// Steps, in the program's own unit.
    pub steps: u64,
    /// Checks, as `Metrics::checks` defines them.
    pub checks: u64,
    /// Fresh boards after the first.
    pub restarts: u64,
    /// Whole-board evaluations.
    pub evaluations: u64,
}

impl Counters {
    /// As the crate's counters (the exact-search ones 0).
    pub fn metrics(self) -> Metrics {
        Metrics {
            steps: self.steps,
            checks: self.checks,
            restarts: self.restarts,
            evaluations: self.evaluations,
            ..Metrics::default()
        }
    }
}

/// One convergence point: the counters so far (each defaults to 0) and the
/// attacking pairs of the current board.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TracePoint {
    /// Steps so far.
    #[serde(default)]
    pub steps: u64,
    /// Checks so far.
    #[serde(default)]
    pub checks: u64,
    /// Restarts so far.
    #[serde(default)]
    pub restarts: u64,
    /// Evaluations so far.
    #[serde(default)]
    pub evaluations: u64,
    /// Attacking pairs on the board then.
    pub conflicts: u64,
    /// The board then, the column of each row's queen (optional): a replay
    /// (`queens animate --command`) draws it.
    #[serde(default)]
    pub columns: Option<Vec<u32>>,
}

impl TracePoint {
    /// The counters at that point.
    pub fn counters(&self) -> Counters {
        Counters {
            steps: self.steps,
            checks: self.checks,
            restarts: self.restarts,
            evaluations: self.evaluations,
        }
    }
}

/// The program's answer to one [`Request`].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// The `id` of the request it answers (required: a version 1 program
    /// leaves it out).
    #[serde(default)]
    pub id: Option<u64>,
    /// The column of the queen of each row, or `null`: any integers, so a
    /// bad board is the program's invalid solution, not a malformed reply.
    pub solution: Option<Vec<i64>>,
    /// Why the search ended.
    pub stop_reason: StopReason,
    /// Its counters.
    #[serde(default)]
    pub counters: Counters,
    /// Convergence points, in order (optional).
    #[serde(default)]
    pub trace: Vec<TracePoint>,
    /// An unsolved trial's last board, the column of each row's queen
    /// (optional): the harness counts its attacking pairs as the row's
    /// `final_conflicts`.
    #[serde(default)]
    pub final_board: Option<Vec<u32>>,
    /// An unsolved trial's attacking pairs on its last board (optional):
    /// the row's `final_conflicts` when no `final_board` is given, which
    /// it must agree with when both are. Neither given: `NA`.
    #[serde(default)]
    pub final_conflicts: Option<u64>,
}

/// How much shorter than the time limit a trial stopped with `budget_time`
/// may be, as the harness measures it: a program's clock may tick this
/// coarsely (the harness's clock starts before the request is written, the
/// program's after it is read, so the harness's measure is the longer).
pub const TIME_TOLERANCE: Duration = Duration::from_millis(10);

/// The stop reasons a program may give: `interrupted` and `solver_error`
/// are the harness's own.
pub const PROGRAM_STOP_REASONS: &str =
    "solved, exhausted, budget_steps, budget_checks, budget_restarts, budget_time";

/// A reply the protocol refuses: a line that is not a [`Reply`], or one
/// whose parts disagree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed reply {line:?}: {reason}")]
pub struct Malformed {
    /// The line (its first 200 characters).
    pub line: String,
    /// What is wrong and what is allowed.
    pub reason: String,
}

/// The first 200 characters of `line`, for messages.
fn excerpt(line: &str) -> String {
    let mut short: String = line.chars().take(200).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    short
}

/// Reads a greeting line: refuses a version 1 program (no
/// `protocol_version`) and any other version, naming what changed.
pub fn parse_greeting(line: &str) -> Result<Greeting, Malformed> {
    let refuse = |reason: String| Malformed {
        line: excerpt(line),
        reason,
    };
    let greeting: Greeting = serde_json::from_str(line).map_err(|e| {
        refuse(format!(
            "{e}; the answer to the handshake is {{\"protocol_version\": {VERSION}, \"name\": \"…\", \"version\": \"…\", \"many_trials\": true|false}}"
        ))
    })?;
    for (field, text) in [("name", &greeting.name), ("version", &greeting.version)] {
        if starts_like_formula(text) {
            return Err(refuse(format!(
                "the handshake's {field} {text:?}: {FORMULA_RULE}"
            )));
        }
        if let Some(invisible) = first_invisible(text) {
            return Err(refuse(format!(
                "the handshake's {field} {text:?} holds {invisible}: {INVISIBLE_RULE}"
            )));
        }
    }
    match greeting.protocol_version {
        Some(version) if VERSIONS.contains(&version) => Ok(greeting),
        None => Err(refuse(format!(
            "the program speaks version 1 of the protocol, which this harness no longer serves: {V1_CHANGES}"
        ))),
        Some(other) => Err(refuse(format!(
            "protocol_version {other}: this harness speaks versions {OLDEST_VERSION} and {VERSION} only (answer one of the handshake's `versions`); {V1_CHANGES}"
        ))),
    }
}

/// Why a reply line is not the answer of a trial.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The line breaks the protocol: the trial is a `solver_error`.
    #[error(transparent)]
    Malformed(#[from] Malformed),
    /// The reply is well formed but its solution is no solution: the
    /// trial is an `invalid_solution`.
    #[error("invalid solution {board}: {reason}")]
    InvalidBoard {
        /// The board as sent.
        board: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// What a well-formed reply reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The outcome: a valid solution, or why there is none.
    pub outcome: Outcome,
    /// The convergence points.
    pub trace: Vec<TracePoint>,
}

/// The `id` a line holds, when it is a JSON object with a whole-number
/// `id`: tells a second reply from other output.
pub fn reply_id(line: &str) -> Option<u64> {
    serde_json::from_str::<serde_json::Value>(line)
        .ok()?
        .get("id")?
        .as_u64()
}

/// Reads the reply line to request `id` for a board of size `n` (the
/// trial's `instance` when it has one) under `budget`, read `elapsed`
/// after the trial's clock started, into the
/// outcome it reports and its trace points: refuses unknown fields, a
/// missing or other `id` (an earlier request's is named a second reply to
/// it), a stop reason the program may not give, a solution with another
/// stop reason than `solved` (or `solved` without one), a counter above
/// its budget, a stop reason the harness can check and finds false
/// ([`check_stop_reason`]), and a trace board that is not N columns below
/// N. A solution that is not a valid placement of N queens, or that puts a
/// queen on a square the instance blocks or moves a given one, is
/// [`Refused::InvalidBoard`].
pub fn parse_reply(
    line: &str,
    id: u64,
    n: usize,
    instance: Option<&Instance>,
    budget: &Budget,
    elapsed: Duration,
) -> Result<Answer, Refused> {
    let refuse = |reason: String| {
        Refused::Malformed(Malformed {
            line: excerpt(line),
            reason,
        })
    };
    let reply: Reply = serde_json::from_str(line).map_err(|e| refuse(e.to_string()))?;
    match reply.id {
        Some(echoed) if echoed == id => {}
        Some(echoed) if echoed < id => {
            return Err(refuse(format!(
                "the reply has id {echoed}, an earlier request's (this request has id {id}): it is a second reply to request {echoed}, which was answered already; answer each request once, echoing its id"
            )));
        }
        Some(echoed) => {
            return Err(refuse(format!(
                "the reply has id {echoed}, the request had id {id}: answer each request once, echoing its id"
            )));
        }
        None => {
            return Err(refuse(format!(
                "the reply has no id (a version 1 reply?): {V1_CHANGES}"
            )));
        }
    }
    let counters = reply.counters;
    for (name, count, limit, key) in [
        ("steps", counters.steps, budget.max_steps, "max_steps"),
        ("checks", counters.checks, budget.max_checks, "max_checks"),
        (
            "restarts",
            counters.restarts,
            budget.max_restarts,
            "max_restarts",
        ),
    ] {
        if let Some(limit) = limit
            && count > limit
        {
            return Err(refuse(format!(
                "counters.{name} = {count} is above {key} = {limit}: a program stops at its budget (PROTOCOL.md, budgets)"
            )));
        }
    }
    let metrics = counters.metrics();
    let outcome = match (reply.solution, reply.stop_reason) {
        (_, StopReason::Interrupted | StopReason::SolverError | StopReason::InvalidSolution) => {
            return Err(refuse(format!(
                "stop_reason {} is the harness's own; a program gives one of {PROGRAM_STOP_REASONS}",
                reply.stop_reason
            )));
        }
        (Some(_), StopReason::Solved)
            if reply.final_board.is_some() || reply.final_conflicts.is_some() =>
        {
            return Err(refuse(
                "final_board or final_conflicts with stop_reason solved: they describe an unsolved trial's last board; a solved one has its solution"
                    .to_string(),
            ));
        }
        (Some(columns), StopReason::Solved) => {
            Outcome::solved(board(&columns, n, instance)?, metrics)
        }
        (Some(_), other) => {
            return Err(refuse(format!(
                "a solution with stop_reason {other}: a solution comes with stop_reason solved"
            )));
        }
        (None, StopReason::Solved) => {
            return Err(refuse(
                "stop_reason solved without a solution: give the columns".to_string(),
            ));
        }
        (None, other) => {
            check_stop_reason(other, counters, n, instance, budget, elapsed).map_err(refuse)?;
            let final_conflicts =
                final_conflicts(&reply.final_board, reply.final_conflicts, n).map_err(refuse)?;
            Outcome::unsolved(
                Metrics {
                    final_conflicts,
                    ..metrics
                },
                other,
            )
        }
    };
    for (i, point) in reply.trace.iter().enumerate() {
        if let Some(columns) = &point.columns
            && (columns.len() != n || columns.iter().any(|&c| c as usize >= n))
        {
            return Err(refuse(format!(
                "trace point {} has a board of {} columns, not {n} columns each below {n}: give one column per row, from 0",
                i + 1,
                columns.len()
            )));
        }
    }
    Ok(Answer {
        outcome,
        trace: reply.trace,
    })
}

/// Refuses an unsolved trial's stop reason `stop` that the harness can
/// check and finds false, with the reply's `counters`, at size `n` (on
/// `instance`, when the trial has one) under `budget`, the reply read
/// `elapsed` after the trial's clock started:
///
/// - `exhausted` on the plain problem where N has solutions (every N but
///   2 and 3): a search that covered the whole space found one. On an
///   instance that is not the plain problem it is the program's claim: a
///   proof that no solution exists, which the harness cannot check
///   (deciding it is NP-complete);
/// - `budget_steps` or `budget_restarts` without that limit, or with its
///   counter below the limit: a program stops at the first step boundary
///   where the counter reaches the limit, or instead of the restart past
///   it, so the counter is the limit (above it is refused already);
/// - `budget_checks` without `max_checks`: its counter may be below the
///   limit, since a program stops before a step that would pass it and
///   only the program knows what its next step costs;
/// - `budget_time` without `time_limit`, or `elapsed` shorter than it by
///   more than [`TIME_TOLERANCE`].
///
/// The error is the reason the reply is refused.
pub fn check_stop_reason(
    stop: StopReason,
    counters: Counters,
    n: usize,
    instance: Option<&Instance>,
    budget: &Budget,
    elapsed: Duration,
) -> Result<(), String> {
    let plain = instance.is_none_or(Instance::is_plain);
    let counted = |name: &str, count: u64, limit: Option<u64>, key: &str, exact: bool| match limit {
        None => Err(format!(
            "stop_reason {stop} without {key}: the request set no such limit (its budget.{key} is null); give the reason that stopped the search"
        )),
        Some(limit) if exact && count < limit => Err(format!(
            "stop_reason {stop} with counters.{name} = {count}, below {key} = {limit}: a search stopped by its {name} budget stops when its {name} reach the limit; give the reason that stopped it, and its counters"
        )),
        Some(_) => Ok(()),
    };
    match stop {
        StopReason::Exhausted if plain && has_solution(n) => Err(format!(
            "stop_reason exhausted at N = {n}: every N but 2 and 3 has solutions, so a search that covered the whole space found one; a search that gave up says which budget stopped it (budget_steps, budget_checks, budget_restarts or budget_time)"
        )),
        StopReason::BudgetSteps => counted("steps", counters.steps, budget.max_steps, "max_steps", true),
        StopReason::BudgetRestarts => counted(
            "restarts",
            counters.restarts,
            budget.max_restarts,
            "max_restarts",
            true,
        ),
        StopReason::BudgetChecks => {
            counted("checks", counters.checks, budget.max_checks, "max_checks", false)
        }
        StopReason::BudgetTime => match budget.time_limit {
            None => Err(
                "stop_reason budget_time without time_limit: the request set no time limit (its budget.time_limit is null); give the reason that stopped the search"
                    .to_string(),
            ),
            Some(limit) if elapsed.as_secs_f64() + TIME_TOLERANCE.as_secs_f64() < limit => {
                Err(format!(
                    "stop_reason budget_time after {:.6} s of a time_limit of {limit} s: the harness times a trial from before its request is written to its reply read, and a search stopped by the time limit has run it (less {} ms for a coarse clock); give the reason that stopped it",
                    elapsed.as_secs_f64(),
                    TIME_TOLERANCE.as_millis()
                ))
            }
            Some(_) => Ok(()),
        },
        _ => Ok(()),
    }
}

/// An unsolved trial's final conflicts from its reply: counted on
/// `final_board` when given (which must be N columns each below N, and agree
/// with `final_conflicts` when both are given), else `final_conflicts`,
/// else unknown. The error is the reason the reply is refused.
fn final_conflicts(
    final_board: &Option<Vec<u32>>,
    said: Option<u64>,
    n: usize,
) -> Result<Option<u64>, String> {
    let Some(columns) = final_board else {
        return Ok(said);
    };
    if columns.len() != n || columns.iter().any(|&c| c as usize >= n) {
        return Err(format!(
            "final_board has {} columns, not {n} columns each below {n}: give one column per row, from 0",
            columns.len()
        ));
    }
    let counted = crate::base::board::attacking_pairs(columns);
    match said {
        Some(said) if said != counted => Err(format!(
            "final_conflicts = {said}, but final_board has {counted} attacking pairs: send the board, or the count that matches it"
        )),
        _ => Ok(Some(counted)),
    }
}

/// The solution `columns` as a placement, if it is one of N queens none
/// attacking another, keeping to `instance` when there is one.
fn board(columns: &[i64], n: usize, instance: Option<&Instance>) -> Result<Placement, Refused> {
    let invalid = |reason: String| Refused::InvalidBoard {
        board: format!("{columns:?}"),
        reason,
    };
    if columns.len() != n {
        return Err(invalid(format!(
            "{} columns for N = {n}: give one column per row",
            columns.len()
        )));
    }
    let mut placed = Vec::with_capacity(n);
    for (row, &column) in columns.iter().enumerate() {
        match u32::try_from(column) {
            Ok(c) if (c as usize) < n => placed.push(c),
            _ => {
                return Err(invalid(format!(
                    "row {row} has column {column}, outside 0..{n}"
                )));
            }
        }
    }
    validate(&placed).map_err(|violation| invalid(violation.to_string()))?;
    if let Some(instance) = instance {
        instance
            .check(&placed)
            .map_err(|violation| invalid(format!("{violation} (the trial's instance)")))?;
    }
    Ok(Placement::new(placed))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget of [`reply`]: 9 steps, 100 checks.
    const BUDGET: Budget = Budget {
        max_steps: Some(9),
        max_checks: Some(100),
        ..Budget::UNLIMITED
    };

    /// `parse_reply` of request 7 at N = 4 under [`BUDGET`], read at once.
    fn reply(line: &str) -> Result<Answer, Refused> {
        parse_reply(line, 7, 4, None, &BUDGET, Duration::ZERO)
    }

    /// The reason `line` is refused as malformed.
    fn malformed(line: &str) -> String {
        match reply(line) {
            Err(Refused::Malformed(e)) => e.to_string(),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn a_reply_reads_into_its_outcome() {
        let line = r#"{"id":7,"solution":[1,3,0,2],"stop_reason":"solved","counters":{"steps":5,"checks":40,"restarts":1,"evaluations":2},"trace":[{"steps":0,"checks":4,"conflicts":3}]}"#;
        let Answer { outcome, trace } = reply(line).expect("well formed");
        assert_eq!(outcome.solution.expect("solved").columns(), &[1, 3, 0, 2]);
        let m = outcome.metrics;
        assert_eq!(
            (m.steps, m.checks, m.restarts, m.evaluations),
            (5, 40, 1, 2)
        );
        assert_eq!(m.solutions, 1);
        assert_eq!(trace.len(), 1);
        assert_eq!((trace[0].counters().checks, trace[0].conflicts), (4, 3));
        let answer = reply(
            r#"{"id":7,"solution":null,"stop_reason":"budget_steps","counters":{"steps":9}}"#,
        )
        .expect("well formed");
        assert_eq!(answer.outcome.stop_reason, StopReason::BudgetSteps);
        assert_eq!(answer.outcome.metrics.steps, 9);
    }

    #[test]
    fn an_unsolved_replys_final_conflicts_come_from_its_board_or_its_count() {
        let final_conflicts = |extra: &str| {
            let line =
                format!(r#"{{"id":7,"solution":null,"stop_reason":"budget_checks"{extra}}}"#);
            reply(&line).map(|a| a.outcome.metrics.final_conflicts)
        };
        // By hand: [0,1,2,3] has all four on one diagonal, 6 pairs; in
        // [1,3,0,0] only rows 2 and 3 attack (column 0), 1 pair.
        assert_eq!(
            final_conflicts(r#","final_board":[0,1,2,3]"#).ok(),
            Some(Some(6))
        );
        assert_eq!(
            final_conflicts(r#","final_board":[1,3,0,0]"#).ok(),
            Some(Some(1))
        );
        assert_eq!(
            final_conflicts(r#","final_conflicts":5"#).ok(),
            Some(Some(5))
        );
        assert_eq!(
            final_conflicts(r#","final_board":[0,1,2,3],"final_conflicts":6"#).ok(),
            Some(Some(6))
        );
        // Neither: unknown (NA), never 0.
        assert_eq!(final_conflicts("").ok(), Some(None));
        for (extra, says) in [
            (
                r#","final_board":[0,1,2,3],"final_conflicts":0"#,
                "6 attacking pairs",
            ),
            (r#","final_board":[0,1,2]"#, "not 4 columns"),
            (r#","final_board":[0,1,2,4]"#, "each below 4"),
        ] {
            let line =
                format!(r#"{{"id":7,"solution":null,"stop_reason":"budget_checks"{extra}}}"#);
            assert!(
                malformed(&line).contains(says),
                "{extra}: {}",
                malformed(&line)
            );
        }
        let solved = r#"{"id":7,"solution":[1,3,0,2],"stop_reason":"solved","final_conflicts":0}"#;
        assert!(
            malformed(solved).contains("final_board or final_conflicts with stop_reason solved")
        );
    }

    #[test]
    fn a_reply_echoes_its_requests_id() {
        let line = |id: &str| format!(r#"{{{id}"solution":null,"stop_reason":"exhausted"}}"#);
        assert!(
            malformed(&line(r#""id":6,"#))
                .contains("has id 6, an earlier request's (this request has id 7): it is a second reply to request 6")
        );
        assert!(malformed(&line(r#""id":8,"#)).contains("has id 8, the request had id 7"));
        assert!(malformed(&line("")).contains("has no id"));
    }

    #[test]
    fn a_counter_above_its_budget_is_refused() {
        let budget = Budget {
            max_checks: Some(500),
            ..Budget::UNLIMITED
        };
        let line = |checks: u64| {
            format!(
                r#"{{"id":1,"solution":null,"stop_reason":"budget_checks","counters":{{"checks":{checks}}}}}"#
            )
        };
        assert!(parse_reply(&line(500), 1, 4, None, &budget, Duration::ZERO).is_ok());
        let refused =
            parse_reply(&line(504), 1, 4, None, &budget, Duration::ZERO).expect_err("above");
        assert!(
            refused
                .to_string()
                .contains("counters.checks = 504 is above max_checks = 500"),
            "{refused}"
        );
    }

    #[test]
    fn a_trace_points_board_has_n_columns_below_n() {
        let line = |columns: &str| {
            format!(
                r#"{{"id":7,"solution":null,"stop_reason":"budget_checks","trace":[{{"steps":1,"conflicts":2,"columns":{columns}}}]}}"#
            )
        };
        let answer = reply(&line("[1,3,0,0]")).expect("well formed");
        assert_eq!(answer.trace[0].columns.as_deref(), Some(&[1, 3, 0, 0][..]));
        for bad in ["[1,3,0]", "[1,3,0,4]"] {
            assert!(malformed(&line(bad)).contains("trace point 1 has a board"));
        }
    }

    #[test]
    fn an_unknown_counter_is_named_with_the_allowed_ones() {
        let e = malformed(
            r#"{"id":7,"solution":null,"stop_reason":"exhausted","counters":{"flips":3}}"#,
        );
        assert!(e.contains("unknown field `flips`"), "{e}");
        assert!(
            e.contains("`steps`, `checks`, `restarts`, `evaluations`"),
            "{e}"
        );
    }

    #[test]
    fn a_bad_board_of_any_kind_is_an_invalid_solution() {
        for (board, what) in [
            ("[0]", "1 columns for N = 4"),
            ("[1,3,0,4]", "row 3 has column 4"),
            ("[1,3,0,-1]", "row 3 has column -1"),
            ("[0,1,2,3]", "share a diagonal"),
        ] {
            let line = format!(r#"{{"id":7,"solution":{board},"stop_reason":"solved"}}"#);
            match reply(&line) {
                Err(Refused::InvalidBoard { reason, .. }) => {
                    assert!(reason.contains(what), "{board}: {reason}");
                }
                other => panic!("{board}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_reply_whose_parts_disagree_is_refused() {
        for (line, what) in [
            (
                r#"{"id":7,"solution":[1,3,0,2],"stop_reason":"exhausted"}"#,
                "with stop_reason exhausted",
            ),
            (
                r#"{"id":7,"solution":null,"stop_reason":"solved"}"#,
                "without a solution",
            ),
            (
                r#"{"id":7,"solution":null,"stop_reason":"interrupted"}"#,
                "harness's own",
            ),
            (
                r#"{"id":7,"solution":null,"stop_reason":"invalid_solution"}"#,
                "harness's own",
            ),
            (
                r#"{"id":7,"solution":null,"stop_reason":"gave_up"}"#,
                "unknown variant",
            ),
            ("not json", "expected"),
        ] {
            let e = malformed(line);
            assert!(e.contains(what), "{line}: {e}");
        }
    }

    #[test]
    fn a_stop_reason_the_harness_can_check_is_refused_when_false() {
        let limits = Budget {
            max_steps: Some(50),
            max_restarts: Some(2),
            max_checks: Some(500),
            time_limit: Some(2.0),
        };
        let judge = |n: usize, stop: &str, counters: &str, budget: &Budget, millis: u64| {
            let line = format!(
                r#"{{"id":1,"solution":null,"stop_reason":"{stop}","counters":{{{counters}}}}}"#
            );
            parse_reply(&line, 1, n, None, budget, Duration::from_millis(millis))
                .map(|answer| answer.outcome.stop_reason)
                .map_err(|e| e.to_string())
        };
        // True claims.
        for (n, stop, counters, millis) in [
            (2, "exhausted", "", 0),
            (3, "exhausted", r#""steps":40"#, 0),
            (8, "budget_steps", r#""steps":50"#, 0),
            (8, "budget_restarts", r#""restarts":2"#, 0),
            (8, "budget_checks", r#""checks":500"#, 0),
            // Stopped before a step that would pass the limit.
            (8, "budget_checks", r#""checks":470"#, 0),
            (8, "budget_time", "", 2000),
            (8, "budget_time", "", 1991),
        ] {
            assert!(
                judge(n, stop, counters, &limits, millis).is_ok(),
                "{n} {stop} {counters} {millis}: {:?}",
                judge(n, stop, counters, &limits, millis)
            );
        }
        // False ones.
        for (n, stop, counters, budget, millis, says) in [
            (
                8,
                "exhausted",
                "",
                limits,
                0,
                "stop_reason exhausted at N = 8: every N but 2 and 3 has solutions",
            ),
            (1, "exhausted", "", limits, 0, "exhausted at N = 1"),
            (4, "exhausted", "", limits, 0, "exhausted at N = 4"),
            (
                8,
                "budget_restarts",
                "",
                Budget::UNLIMITED,
                0,
                "stop_reason budget_restarts without max_restarts",
            ),
            (
                8,
                "budget_restarts",
                r#""restarts":1"#,
                limits,
                0,
                "counters.restarts = 1, below max_restarts = 2",
            ),
            (
                8,
                "budget_steps",
                "",
                Budget::UNLIMITED,
                0,
                "stop_reason budget_steps without max_steps",
            ),
            (
                8,
                "budget_steps",
                r#""steps":49"#,
                limits,
                0,
                "counters.steps = 49, below max_steps = 50",
            ),
            (
                8,
                "budget_checks",
                r#""checks":3"#,
                Budget::UNLIMITED,
                0,
                "stop_reason budget_checks without max_checks",
            ),
            (
                8,
                "budget_time",
                "",
                Budget::UNLIMITED,
                5000,
                "stop_reason budget_time without time_limit",
            ),
            (
                8,
                "budget_time",
                "",
                limits,
                0,
                "budget_time after 0.000000 s of a time_limit of 2 s",
            ),
            (
                8,
                "budget_time",
                "",
                limits,
                1989,
                "budget_time after 1.989000 s",
            ),
        ] {
            let refused = judge(n, stop, counters, &budget, millis).expect_err(says);
            assert!(refused.contains(says), "{refused}");
        }
    }

    #[test]
    fn the_handshake_is_one_line_each_way() {
        assert_eq!(
            serde_json::to_string(&Hello::CURRENT).expect("serialises"),
            r#"{"protocol":"queens-external","version":2,"versions":[2,3]}"#
        );
        let g = parse_greeting(
            r#"{"protocol_version":2,"name":"x","version":"0.1","many_trials":false}"#,
        )
        .expect("well formed");
        assert!(!g.many_trials);
        assert_eq!(g.speaks(), 2);
        let refused = g.takes_instances().expect("version 2 takes no instances");
        assert!(
            refused.contains("speaks version 2") && refused.contains("must speak version 3"),
            "{refused}"
        );
        let g3 = parse_greeting(
            r#"{"protocol_version":3,"name":"x","version":"0.1","many_trials":true}"#,
        )
        .expect("version 3");
        assert_eq!((g3.speaks(), g3.takes_instances()), (3, None));
        assert!(parse_greeting(r#"{"protocol_version":2,"name":"x"}"#).is_err());
        let v1 = parse_greeting(r#"{"name":"x","version":"0.1","many_trials":false}"#)
            .expect_err("version 1");
        assert!(v1.reason.contains("version 1 of the protocol"), "{v1}");
        let v4 = parse_greeting(
            r#"{"protocol_version":4,"name":"x","version":"0.1","many_trials":false}"#,
        )
        .expect_err("version 4");
        assert!(
            v4.reason
                .contains("protocol_version 4: this harness speaks versions 2 and 3"),
            "{v4}"
        );
    }

    /// A 4×4 instance: (0, 1) blocked, a queen given at (1, 3).
    fn small_instance() -> Instance {
        use crate::base::instance::Origin;
        Instance::build(4, &[(0, 1)], &[(1, 3)], &[], Origin::Plain).expect("an instance")
    }

    #[test]
    fn a_request_carries_its_instance_as_blocked_squares_and_given_queens() {
        let params = serde_json::json!({});
        let instance = small_instance();
        let mut request = Request {
            id: 1,
            n: 4,
            seed: 9,
            params: &params,
            budget: &Budget::UNLIMITED,
            trace: false,
            instance: None,
        };
        let plain = serde_json::to_string(&request).expect("serialises");
        assert!(!plain.contains("instance"), "{plain}");
        request.instance = Some(InstanceField::of(&instance));
        let line = serde_json::to_string(&request).expect("serialises");
        assert!(
            line.ends_with(r#""trace":false,"instance":{"blocked":[[0,1]],"given":[[1,3]]}}"#),
            "{line}"
        );
    }

    #[test]
    fn a_solution_keeps_to_the_instance_and_exhausted_is_taken_on_one() {
        let instance = small_instance();
        let answer = |line: &str| parse_reply(line, 1, 4, Some(&instance), &BUDGET, Duration::ZERO);
        // [2, 0, 3, 1] stands on no blocked square but moves the given queen.
        let moved = answer(r#"{"id":1,"solution":[2,0,3,1],"stop_reason":"solved"}"#);
        match moved {
            Err(Refused::InvalidBoard { reason, .. }) => {
                assert!(reason.contains("the given queen at column 3"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        // The instance has no solution ([1,3,0,2] puts row 0 on its
        // blocked square): a program may say so, and the harness takes
        // its word.
        let blocked = answer(r#"{"id":1,"solution":[1,3,0,2],"stop_reason":"solved"}"#);
        assert!(
            matches!(&blocked, Err(Refused::InvalidBoard { reason, .. }) if reason.contains("blocked column 1")),
            "{blocked:?}"
        );
        let exhausted = answer(r#"{"id":1,"solution":null,"stop_reason":"exhausted"}"#)
            .expect("a claimed proof on an instance");
        assert_eq!(exhausted.outcome.stop_reason, StopReason::Exhausted);
        // The plain instance is checked as the plain problem.
        let plain = Instance::plain(4).expect("plain");
        let refused = parse_reply(
            r#"{"id":1,"solution":null,"stop_reason":"exhausted"}"#,
            1,
            4,
            Some(&plain),
            &BUDGET,
            Duration::ZERO,
        );
        assert!(
            matches!(&refused, Err(Refused::Malformed(m)) if m.reason.contains("exhausted at N = 4")),
            "{refused:?}"
        );
    }

    #[test]
    fn a_handshake_name_or_version_a_spreadsheet_would_run_is_refused() {
        for (name, version) in [("=cmd", "1"), ("x", "@1"), ("-x", "1"), ("+x", "1")] {
            let line = format!(
                r#"{{"protocol_version":2,"name":"{name}","version":"{version}","many_trials":false}}"#
            );
            let e = parse_greeting(&line).expect_err("refused");
            assert!(e.reason.contains("as a formula"), "{e}");
        }
    }

    #[test]
    fn a_handshake_name_or_version_that_could_display_as_another_is_refused() {
        for (name, version) in [
            ("mine\u{202E}enim", "1"),
            ("x", "1\u{2028}2"),
            ("a\u{200B}b", "1"),
        ] {
            let line = serde_json::json!({
                "protocol_version": 2, "name": name, "version": version, "many_trials": false,
            })
            .to_string();
            let e = parse_greeting(&line).expect_err("refused");
            assert!(e.reason.contains("display as another"), "{e}");
        }
    }
}
