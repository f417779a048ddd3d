//! The rule for an experiment's name, which becomes a directory name
//! (`data/<name>`, `plots/<name>`): one safe path component. The config
//! checks it where the name is written, and the charts check it where the
//! name is read back from metadata.json.

/// What a safe name may hold, for messages.
pub const SAFE_NAME_RULE: &str = "letters, digits, '-', '_' and '.', not starting with '.' or '-'";

/// Whether `name` is one safe path component: not empty, ASCII letters,
/// digits, `-`, `_` and `.` only, not starting with `.` (so never `..`, a
/// hidden name, an absolute path or a path with separators) or `-` (read
/// as an option on a command line, and as a formula by a spreadsheet
/// opening the `experiment` column: [`super::formula`]).
pub fn is_safe_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(['.', '-'])
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

#[cfg(test)]
mod tests {
    use super::is_safe_name;

    #[test]
    fn one_safe_component_only() {
        for good in ["blog-repair", "a.b_c-1", "X"] {
            assert!(is_safe_name(good), "{good}");
        }
        for bad in [
            "", "..", "../../x", "/tmp/x", ".hidden", "a/b", "a b", "a\\b", "-x",
        ] {
            assert!(!is_safe_name(bad), "{bad}");
        }
    }
}
