//! What changed between two config texts, for the message that refuses a
//! changed config: the lines between their common first and last lines, the
//! old ones marked `-` and the new ones `+`, a few of each.

/// The most lines shown of each side.
const SHOWN: usize = 4;

/// A short line diff of `old` against `new`: `- line` for the old text's
/// differing lines, `+ line` for the new one's, at most [`SHOWN`] of each
/// (with a count of the rest), each line starting with four spaces, one
/// line to a newline (none after the last); a note when the texts have the
/// same lines (only line endings differ).
pub(crate) fn changed_lines(old: &str, new: &str) -> String {
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    let head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let tail = old[head..]
        .iter()
        .rev()
        .zip(new[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = String::new();
    for (mark, lines) in [
        ('-', &old[head..old.len() - tail]),
        ('+', &new[head..new.len() - tail]),
    ] {
        for line in lines.iter().take(SHOWN) {
            out += &format!("    {mark} {line}\n");
        }
        if lines.len() > SHOWN {
            out += &format!("    {mark} … and {} more lines\n", lines.len() - SHOWN);
        }
    }
    if out.is_empty() {
        return "    (the same lines: only line endings differ)".to_string();
    }
    out.truncate(out.trim_end_matches('\n').len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_differing_lines_between_the_common_ones() {
        let old = "name = \"t\"\nseed = 11\ntrials = 2\n";
        let new = "name = \"t\"\nseed = 12\ntrials = 2\n";
        assert_eq!(changed_lines(old, new), "    - seed = 11\n    + seed = 12");
        assert!(changed_lines(old, &old.replace('\n', "\r\n")).contains("line endings"));
        let added: String = (0..6).map(|i| format!("k{i} = {i}\n")).collect();
        assert_eq!(
            changed_lines(old, &format!("{old}{added}")),
            "    + k0 = 0\n    + k1 = 1\n    + k2 = 2\n    + k3 = 3\n    + … and 2 more lines"
        );
    }
}
