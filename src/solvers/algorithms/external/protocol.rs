//! The messages of the `queens-external` protocol, version 1: JSON objects,
//! one per line, as serde types. The harness writes [`Hello`] and
//! [`Request`]s; the program answers with one [`Greeting`] and one
//! [`Reply`] per request. Every type the program writes refuses unknown
//! fields, so a misspelt or invented counter is an error naming it and the
//! allowed ones (serde's own message: "unknown field `flips`, expected one
//! of `steps`, `checks`, `restarts`, `evaluations`"). The whole protocol,
//! for program authors, is in `experiments/solvers/PROTOCOL.md`.

use serde::{Deserialize, Serialize};

use crate::base::board::Placement;
use crate::base::outcome::{Metrics, Outcome, StopReason};
use crate::solvers::Budget;

/// The protocol's name, sent in the first line.
pub const PROTOCOL: &str = "queens-external";

/// The protocol's version, sent in the first line.
pub const VERSION: u32 = 1;

/// The harness's first line: which protocol and version it speaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hello {
    /// Always [`PROTOCOL`].
    pub protocol: &'static str,
    /// Always [`VERSION`].
    pub version: u32,
}

impl Hello {
    /// The handshake line of this version.
    pub const CURRENT: Hello = Hello {
        protocol: PROTOCOL,
        version: VERSION,
    };
}

/// The program's answer to [`Hello`]: what it is, and whether one process
/// serves many trials.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Greeting {
    /// The program's name, for the log.
    pub name: String,
    /// The program's own version, for the log.
    pub version: String,
    /// `true`: the process reads requests until its stdin closes; `false`:
    /// it answers one request and is started afresh for the next trial.
    pub many_trials: bool,
}

/// One trial, as the harness asks for it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Request<'a> {
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
    /// The column of the queen of each row, or `null`.
    pub solution: Option<Vec<u32>>,
    /// Why the search ended.
    pub stop_reason: StopReason,
    /// Its counters.
    #[serde(default)]
    pub counters: Counters,
    /// Convergence points, in order (optional).
    #[serde(default)]
    pub trace: Vec<TracePoint>,
}

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

/// Reads a greeting line.
pub fn parse_greeting(line: &str) -> Result<Greeting, Malformed> {
    serde_json::from_str(line).map_err(|e| Malformed {
        line: excerpt(line),
        reason: format!(
            "{e}; the answer to the handshake is {{\"name\": \"…\", \"version\": \"…\", \"many_trials\": true|false}}"
        ),
    })
}

/// Reads a reply line for a board of size `n` into the outcome it reports
/// and its trace points: refuses unknown fields, a stop reason the program
/// may not give, a solution with another stop reason than `solved` (or
/// `solved` without one), and a solution of other than `n` columns. The
/// board itself is checked by the trial path's validator.
pub fn parse_reply(line: &str, n: usize) -> Result<(Outcome, Vec<TracePoint>), Malformed> {
    let refuse = |reason: String| Malformed {
        line: excerpt(line),
        reason,
    };
    let reply: Reply = serde_json::from_str(line).map_err(|e| refuse(e.to_string()))?;
    let metrics = reply.counters.metrics();
    let outcome = match (reply.solution, reply.stop_reason) {
        (_, StopReason::Interrupted | StopReason::SolverError) => {
            return Err(refuse(format!(
                "stop_reason {} is the harness's own; a program gives one of {PROGRAM_STOP_REASONS}",
                reply.stop_reason
            )));
        }
        (Some(columns), StopReason::Solved) => {
            if columns.len() != n {
                return Err(refuse(format!(
                    "the solution has {} columns for N = {n}: give one column per row",
                    columns.len()
                )));
            }
            Outcome::solved(Placement::new(columns), metrics)
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
        (None, other) => Outcome::unsolved(metrics, other),
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
    Ok((outcome, reply.trace))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_reads_into_its_outcome() {
        let line = r#"{"solution":[1,3,0,2],"stop_reason":"solved","counters":{"steps":5,"checks":40,"restarts":1,"evaluations":2},"trace":[{"steps":0,"checks":4,"conflicts":3}]}"#;
        let (outcome, trace) = parse_reply(line, 4).expect("well formed");
        assert_eq!(outcome.solution.expect("solved").columns(), &[1, 3, 0, 2]);
        let m = outcome.metrics;
        assert_eq!(
            (m.steps, m.checks, m.restarts, m.evaluations),
            (5, 40, 1, 2)
        );
        assert_eq!(m.solutions, 1);
        assert_eq!(trace.len(), 1);
        assert_eq!((trace[0].counters().checks, trace[0].conflicts), (4, 3));
        let (outcome, _) = parse_reply(
            r#"{"solution":null,"stop_reason":"budget_steps","counters":{"steps":9}}"#,
            4,
        )
        .expect("well formed");
        assert_eq!(outcome.stop_reason, StopReason::BudgetSteps);
        assert_eq!(outcome.metrics.steps, 9);
    }

    #[test]
    fn a_trace_points_board_has_n_columns_below_n() {
        let reply = |columns: &str| {
            format!(
                r#"{{"solution":null,"stop_reason":"budget_steps","trace":[{{"steps":1,"conflicts":2,"columns":{columns}}}]}}"#
            )
        };
        let (_, trace) = parse_reply(&reply("[1,3,0,0]"), 4).expect("well formed");
        assert_eq!(trace[0].columns.as_deref(), Some(&[1, 3, 0, 0][..]));
        for bad in ["[1,3,0]", "[1,3,0,4]"] {
            let err = parse_reply(&reply(bad), 4).expect_err("refused");
            assert!(err.reason.contains("trace point 1 has a board"), "{err}");
        }
    }

    #[test]
    fn an_unknown_counter_is_named_with_the_allowed_ones() {
        let line = r#"{"solution":null,"stop_reason":"exhausted","counters":{"flips":3}}"#;
        let e = parse_reply(line, 4).expect_err("flips is no counter");
        assert!(e.reason.contains("unknown field `flips`"), "{e}");
        assert!(
            e.reason
                .contains("`steps`, `checks`, `restarts`, `evaluations`"),
            "{e}"
        );
    }

    #[test]
    fn a_reply_whose_parts_disagree_is_refused() {
        for (line, what) in [
            (
                r#"{"solution":[0],"stop_reason":"solved"}"#,
                "columns for N = 4",
            ),
            (
                r#"{"solution":[1,3,0,2],"stop_reason":"exhausted"}"#,
                "with stop_reason exhausted",
            ),
            (
                r#"{"solution":null,"stop_reason":"solved"}"#,
                "without a solution",
            ),
            (
                r#"{"solution":null,"stop_reason":"interrupted"}"#,
                "harness's own",
            ),
            (
                r#"{"solution":null,"stop_reason":"gave_up"}"#,
                "unknown variant",
            ),
            ("not json", "expected"),
        ] {
            let e = parse_reply(line, 4).expect_err(line);
            assert!(e.to_string().contains(what), "{line}: {e}");
        }
    }

    #[test]
    fn the_handshake_is_one_line_each_way() {
        assert_eq!(
            serde_json::to_string(&Hello::CURRENT).expect("serialises"),
            r#"{"protocol":"queens-external","version":1}"#
        );
        let g = parse_greeting(r#"{"name":"x","version":"0.1","many_trials":false}"#)
            .expect("well formed");
        assert!(!g.many_trials);
        assert!(parse_greeting(r#"{"name":"x"}"#).is_err());
    }
}
