//! The replays `external.log` holds. The line that says how to replay any
//! row of an external program's label: `[LABEL] replay a row: COMMAND`,
//! where the words `N` and `SEED` in COMMAND stand for the row's `n` and
//! `seed`. The runner writes it before a label's first trial; the report
//! reads it back, so both share this one format. A failure's record holds
//! the same spelling of its trial's replay ([`command`]).
//!
//! The log is a data file, so its replays are spelled one way whatever
//! front end wrote it: a file must read the same when a run begun from
//! Python is resumed from the command line, and the report shows it as
//! written. That spelling is the command line's `queens solve` command
//! (an in-process solver, which only its front end can run, as that front
//! end's call). It is the one place the library spells a front end's
//! command; messages name a replay as a
//! [`Remedy::Replay`](crate::base::remedy::Remedy::Replay), which each
//! front end renders.

use crate::base::remedy::{Replay, ReplaySolver, Value};
use crate::base::shell;

/// What separates the label from the command.
const SEPARATOR: &str = "] replay a row: ";

/// The line (with its newline) for `label`'s rows, replayed by `command`.
pub fn format(label: &str, command: &str) -> String {
    format!("[{label}{SEPARATOR}{command}\n")
}

/// The (label, command) of a replay line, `None` for any other line of the
/// log (a failure record, its stderr tail).
pub fn parse(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let at = rest.find(SEPARATOR)?;
    Some((&rest[..at], rest[at + SEPARATOR.len()..].trim_end()))
}

/// `replay` as the log spells it: `queens solve -a NAME -n N --seed SEED
/// --param key=value … --max-steps … --start BOARD --instance ORIGIN`
/// (`--command "…"` for an external
/// program; every argument quoted for a shell where it needs it), or
/// `queens.solve("NAME", N, seed=SEED, params={…}, budget={…})` for an
/// in-process solver.
pub fn command(replay: &Replay) -> String {
    let n = replay.n.map_or("N".to_string(), |n| n.to_string());
    let seed = replay.seed.map_or("SEED".to_string(), |s| s.to_string());
    let what = match &replay.solver {
        ReplaySolver::Algorithm(name) => format!("-a {}", shell::quote(name)),
        ReplaySolver::Command(command) => format!("--command {}", shell::quote(command)),
        ReplaySolver::InProcess(name) => return in_process_call(name, &n, &seed, replay),
    };
    let mut command = format!("queens solve {what} -n {n} --seed {seed}");
    for (key, value) in &replay.params {
        command.push_str(" --param ");
        command.push_str(&shell::quote(&format!("{key}={value}")));
    }
    for (key, value) in &replay.budget {
        command.push_str(&format!(" --{} {value}", key.replace('_', "-")));
    }
    if let Some(start) = &replay.start {
        command.push_str(&format!(" --start {}", shell::quote(start)));
    }
    if let Some(instance) = &replay.instance {
        command.push_str(&format!(" --instance {}", shell::quote(instance)));
    }
    command
}

/// The call that replays a trial of the in-process solver `name`.
fn in_process_call(name: &str, n: &str, seed: &str, replay: &Replay) -> String {
    let python = |value: &Value| match value {
        Value::Int(v) => v.to_string(),
        Value::Float(v) => format!("{v:?}"),
        Value::Bool(true) => "True".to_string(),
        Value::Bool(false) => "False".to_string(),
        Value::Word(w) => format!("{w:?}"),
    };
    let mut call = format!("queens.solve({name:?}, {n}, seed={seed}");
    let params: Vec<String> = replay
        .params
        .iter()
        .map(|(key, value)| format!("{key:?}: {}", python(value)))
        .collect();
    if !params.is_empty() {
        call.push_str(&format!(", params={{{}}}", params.join(", ")));
    }
    let limits: Vec<String> = replay
        .budget
        .iter()
        .map(|(key, value)| format!("{key:?}: {}", python(value)))
        .collect();
    if !limits.is_empty() {
        call.push_str(&format!(", budget={{{}}}", limits.join(", ")));
    }
    call.push(')');
    call
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_line_reads_back_as_written_and_no_other_line_does() {
        let line = format(
            "stupid repair",
            "queens solve --command 'sh x.sh' -n N --seed SEED",
        );
        assert_eq!(
            line,
            "[stupid repair] replay a row: queens solve --command 'sh x.sh' -n N --seed SEED\n"
        );
        assert_eq!(
            parse(&line),
            Some((
                "stupid repair",
                "queens solve --command 'sh x.sh' -n N --seed SEED"
            ))
        );
        assert_eq!(parse("[c] n=4 seed=1: exited without replying"), None);
        assert_eq!(parse("  replay: queens solve -n 4 --seed 1"), None);
    }

    #[test]
    fn a_replay_is_the_command_with_everything_that_fixes_the_trial() {
        let replay = Replay {
            solver: ReplaySolver::Algorithm("naive-repair".into()),
            n: Some(12),
            seed: Some(99),
            params: vec![("mode".into(), Value::Word("a b".into()))],
            budget: vec![
                ("max_steps", Value::Int(500)),
                ("time_limit", Value::Float(1.0)),
            ],
            start: None,
            instance: None,
        };
        assert_eq!(
            command(&replay),
            "queens solve -a naive-repair -n 12 --seed 99 --param 'mode=a b' --max-steps 500 --time-limit 1"
        );
        let template = Replay {
            solver: ReplaySolver::Command("sh x.sh".into()),
            n: None,
            seed: None,
            params: Vec::new(),
            budget: Vec::new(),
            start: None,
            instance: None,
        };
        assert_eq!(
            command(&template),
            "queens solve --command 'sh x.sh' -n N --seed SEED"
        );
        let on_instance = Replay {
            instance: Some("file(a b/x.txt,sha256=00)".into()),
            start: Some("0213".into()),
            ..replay
        };
        let line = command(&on_instance);
        assert!(
            line.ends_with(" --start 0213 --instance 'file(a b/x.txt,sha256=00)'"),
            "{line}"
        );
        let words = shell_words::split(&line).expect("words");
        assert_eq!(
            words.last().map(String::as_str),
            Some("file(a b/x.txt,sha256=00)")
        );
    }

    #[test]
    fn an_in_process_replay_is_the_python_call_with_the_rows_parameters_and_budget() {
        let replay = Replay {
            solver: ReplaySolver::InProcess("mine".into()),
            n: Some(8),
            seed: Some(42),
            params: vec![
                ("greedy".into(), Value::Bool(true)),
                ("mode".into(), Value::Word("fast".into())),
                ("patience".into(), Value::Int(100)),
            ],
            budget: vec![
                ("max_steps", Value::Int(1000)),
                ("time_limit", Value::Float(10.0)),
            ],
            start: None,
            instance: None,
        };
        assert_eq!(
            command(&replay),
            r#"queens.solve("mine", 8, seed=42, params={"greedy": True, "mode": "fast", "patience": 100}, budget={"max_steps": 1000, "time_limit": 10.0})"#
        );
        let template = Replay {
            n: None,
            seed: None,
            params: Vec::new(),
            budget: Vec::new(),
            start: None,
            instance: None,
            ..replay
        };
        assert_eq!(command(&template), r#"queens.solve("mine", N, seed=SEED)"#);
    }
}
