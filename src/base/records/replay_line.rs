//! The line of `external.log` that says how to replay any row of an
//! external program's label: `[LABEL] replay a row: COMMAND`, where the
//! words `N` and `SEED` in COMMAND stand for the row's `n` and `seed`. The
//! runner writes it before a label's first trial; the report reads it back,
//! so both share this one format.

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
}
