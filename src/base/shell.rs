//! Commands printed for a person to paste into a shell — the replay of a
//! trial, the remedy in an error, the report's "To regenerate" block —
//! quote every argument for a POSIX shell (`shell-words`), so a path with a
//! space, a `$(…)` or a `;` in it is one argument when pasted, never a
//! second command. Arguments that need no quoting are left as they are.

use std::borrow::Cow;
use std::path::Path;

/// `arg` as one shell word.
pub fn quote(arg: &str) -> Cow<'_, str> {
    shell_words::quote(arg)
}

/// `path` as one shell word.
pub fn path(path: &Path) -> String {
    shell_words::quote(&path.display().to_string()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostile_path_stays_one_argument() {
        let hostile = "./$(touch PWNED) x;id.toml";
        let line = format!("queens run {}", quote(hostile));
        assert_eq!(
            shell_words::split(&line).unwrap(),
            ["queens", "run", hostile]
        );
        assert_eq!(quote("data/blog-repair"), "data/blog-repair");
        assert_eq!(path(Path::new("plots/a b")), "'plots/a b'");
    }
}
