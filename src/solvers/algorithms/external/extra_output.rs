//! Output a program wrote after a reply, told as the reason a trial
//! failed: seen before that trial's outcome was decided
//! ([`after_reply`]: that trial's error), or only when the next trial began
//! ([`seen_late`], [`with_whose`]: the next trial's error, naming the trial
//! whose output it was, or may be, whose row was already written). A line
//! holding the answered request's `id` is named a second reply.

use super::process::{EXIT_GRACE, Extra};
use super::protocol;

/// A trial a program answered, to name it when more output of the
/// program is seen later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The board size.
    pub n: usize,
    /// The trial's seed.
    pub seed: u64,
    /// The id of its request.
    pub id: u64,
}

/// Output after the reply to request `id`, seen before the trial's outcome
/// was decided, as the reason the trial failed.
pub fn after_reply(extra: &Extra, id: u64) -> String {
    match extra {
        Extra::Line(line) if protocol::reply_id(line) == Some(id) => format!(
            "the program answered request {id} twice: after its reply it wrote {:?}, a second reply; write exactly one reply per request",
            excerpt(line)
        ),
        Extra::Line(line) => format!(
            "the program wrote {:?} after its reply to request {id}, unasked: write exactly one line per request (anything for humans goes to stderr)",
            excerpt(line)
        ),
        Extra::Unended => format!(
            "the program wrote more after its reply to request {id}, a line it did not end within {} s: write exactly one line per request",
            EXIT_GRACE.as_secs_f64()
        ),
        Extra::Unreadable(e) => format!("after its reply to request {id}: {e}"),
    }
}

/// Output of a program that served the trial `answered` (or none yet: it
/// had only answered the handshake), seen only when the next trial began,
/// as the reason that trial is not run.
pub fn seen_late(extra: &Extra, answered: Option<Answered>) -> String {
    let what = match extra {
        Extra::Line(line) => match answered {
            Some(a) if protocol::reply_id(line) == Some(a.id) => {
                format!("a second reply to request {}, {:?}", a.id, excerpt(line))
            }
            _ => format!("{:?}", excerpt(line)),
        },
        Extra::Unended => "bytes without an ending newline".to_string(),
        Extra::Unreadable(e) => format!("what cannot be read ({e})"),
    };
    let whose = match answered {
        Some(a) => format!(
            "the process that served the previous trial (n = {}, seed = {}) wrote {what} after its reply to request {}, seen only when this trial began, after that trial's row was written",
            a.n, a.seed, a.id
        ),
        None => format!(
            "the program wrote {what} after its answer to the handshake, before any request"
        ),
    };
    format!(
        "this trial was not run: {whose}; a program writes exactly one line per request: its process is ended, and the next trial starts a fresh one"
    )
}

/// The reason `reason` the reply `line` to request `id` was refused,
/// saying whose output it may be when the process answered the trial
/// `answered` before: that trial's for certain when the line holds its
/// `id` (a second reply to it); perhaps, when the line holds no `id` of
/// this request (a line written after that trial's reply, too late to be
/// seen before its row was written, is read as this trial's reply).
pub fn with_whose(reason: String, line: &str, id: u64, answered: Option<Answered>) -> String {
    let Some(a) = answered else {
        return reason;
    };
    match protocol::reply_id(line) {
        Some(echoed) if echoed == a.id => format!(
            "{reason}; it is the output of the previous trial (n = {}, seed = {}), seen only now, after that trial's row was written: this trial's own reply was not read",
            a.n, a.seed
        ),
        Some(echoed) if echoed == id => reason,
        _ => format!(
            "{reason}; if the program wrote this line after its reply to the previous trial (n = {}, seed = {}), it is that trial's output, seen too late to fail that trial, whose row was written",
            a.n, a.seed
        ),
    }
}

/// The first 200 characters of `line`, for messages.
fn excerpt(line: &str) -> String {
    line.chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trial (8, 10) answered request 3.
    const ANSWERED: Answered = Answered {
        n: 8,
        seed: 10,
        id: 3,
    };

    #[test]
    fn a_copy_of_the_reply_is_named_a_second_reply() {
        let copy = Extra::Line(r#"{"id":3,"solution":null,"stop_reason":"budget_time"}"#.into());
        assert!(after_reply(&copy, 3).starts_with("the program answered request 3 twice"));
        let other = Extra::Line("hello".into());
        assert!(
            after_reply(&other, 3)
                .starts_with("the program wrote \"hello\" after its reply to request 3")
        );
    }

    #[test]
    fn output_seen_late_names_the_trial_it_came_from() {
        let copy = Extra::Line(r#"{"id":3}"#.into());
        let reason = seen_late(&copy, Some(ANSWERED));
        assert!(reason.starts_with("this trial was not run: the process that served the previous trial (n = 8, seed = 10) wrote a second reply to request 3"), "{reason}");
        let before = seen_late(&Extra::Line("hi".into()), None);
        assert!(
            before.contains("wrote \"hi\" after its answer to the handshake"),
            "{before}"
        );
        let refused = with_whose("refused".into(), r#"{"id":3}"#, 4, Some(ANSWERED));
        assert!(
            refused.contains("the output of the previous trial (n = 8, seed = 10)"),
            "{refused}"
        );
        assert_eq!(
            with_whose("refused".into(), r#"{"id":4}"#, 4, Some(ANSWERED)),
            "refused"
        );
        let stray = with_whose("refused".into(), "hello", 4, Some(ANSWERED));
        assert!(
            stray.contains("if the program wrote this line after its reply to the previous trial (n = 8, seed = 10)"),
            "{stray}"
        );
        assert_eq!(with_whose("refused".into(), "hello", 1, None), "refused");
    }
}
