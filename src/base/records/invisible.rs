//! The one rule against text that displays as other text: a name the user
//! or a foreign solver chooses (a label, a step unit, a string parameter,
//! the name and version a program gives) reaches runs.csv, the charts,
//! report.html and the LaTeX tables as it was written, so a right-to-left
//! override (U+202E) would make `min-conflicts\u{202E}tset` display as
//! another label, a line separator (U+2028) would break a table's row, and
//! a zero-width character would make two labels that look the same differ.
//! Such characters are refused where the name is read, by their Unicode
//! general category ([`unicode_general_category`]): control characters
//! (Cc), format characters (Cf: the bidirectional controls, zero-width
//! characters, the soft hyphen, the byte-order mark) and the line and
//! paragraph separators (Zl, Zp). Prose the user writes (an experiment's
//! `description`, a question's `context`) may hold line breaks and tabs,
//! and nothing else of these.
//!
//! As with formulas ([`super::formula`]), refusing rather than stripping
//! keeps every file exactly what was written.

use unicode_general_category::{GeneralCategory, get_general_category};

/// The rule, for messages.
pub const INVISIBLE_RULE: &str = "control characters, bidirectional controls, line or paragraph separators and other invisible format characters are refused, since they make a name display as another";

/// A character of a name that could make it display as other text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invisible {
    /// The character.
    pub character: char,
    /// Its place in the text, counted in characters from 1.
    pub position: usize,
}

impl Invisible {
    /// What kind of character it is, in words.
    pub fn kind(&self) -> &'static str {
        match get_general_category(self.character) {
            GeneralCategory::Control => "a control character",
            GeneralCategory::LineSeparator => "a line separator",
            GeneralCategory::ParagraphSeparator => "a paragraph separator",
            _ if is_bidirectional_control(self.character) => "a bidirectional control",
            _ => "an invisible format character",
        }
    }
}

impl std::fmt::Display for Invisible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "U+{:04X} ({}) at character {}",
            u32::from(self.character),
            self.kind(),
            self.position
        )
    }
}

/// `line` as a terminal may show it: every character that could make it
/// display as other text but tabs written as its escape (`\u{202e}`), with
/// the place of character `column` (from 1) in what is shown, so a caret
/// still points at it.
pub fn shown(line: &str, column: usize) -> (String, usize) {
    let mut out = String::with_capacity(line.len());
    let mut shown_column = column;
    for (i, c) in line.chars().enumerate() {
        if is_refused(c) && c != '\t' {
            let escape = c.escape_unicode().to_string();
            if i + 1 < column {
                shown_column += escape.chars().count() - 1;
            }
            out.push_str(&escape);
        } else {
            out.push(c);
        }
    }
    (out, shown_column)
}

/// The first character of the name `text` that could make it display as
/// other text (see the module), if any.
pub fn first_invisible(text: &str) -> Option<Invisible> {
    find(text, |_| false)
}

/// The first such character of the prose `text`, where line breaks and
/// tabs are allowed, if any.
pub fn first_invisible_in_prose(text: &str) -> Option<Invisible> {
    find(text, |c| matches!(c, '\n' | '\t' | '\r'))
}

/// The first character of `text` of a refused category that `allowed`
/// does not let through.
fn find(text: &str, allowed: impl Fn(char) -> bool) -> Option<Invisible> {
    text.chars()
        .enumerate()
        .find(|&(_, c)| is_refused(c) && !allowed(c))
        .map(|(i, character)| Invisible {
            character,
            position: i + 1,
        })
}

/// Whether `c` is a control, format or separator character: one that
/// could make text display as other text.
pub fn is_refused(c: char) -> bool {
    matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    )
}

/// The characters that change the direction text is displayed in
/// (Unicode's Bidi_Control property).
fn is_bidirectional_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_that_make_a_name_display_as_another_are_found_with_their_kind() {
        let cases = [
            (
                "min-conflicts\u{202E}tset",
                '\u{202E}',
                14,
                "a bidirectional control",
            ),
            ("a\u{2066}b", '\u{2066}', 2, "a bidirectional control"),
            ("a\u{2028}b", '\u{2028}', 2, "a line separator"),
            ("a\u{2029}", '\u{2029}', 2, "a paragraph separator"),
            ("ab\u{200B}", '\u{200B}', 3, "an invisible format character"),
            ("\u{FEFF}x", '\u{FEFF}', 1, "an invisible format character"),
            (
                "soft\u{00AD}hyphen",
                '\u{00AD}',
                5,
                "an invisible format character",
            ),
            ("tab\there", '\t', 4, "a control character"),
            ("bell\u{7}", '\u{7}', 5, "a control character"),
        ];
        for (text, character, position, kind) in cases {
            let found = first_invisible(text).expect(text);
            assert_eq!(
                (found.character, found.position),
                (character, position),
                "{text:?}"
            );
            assert_eq!(found.kind(), kind, "{text:?}");
        }
        assert_eq!(
            first_invisible("x\u{202E}")
                .map(|i| i.to_string())
                .as_deref(),
            Some("U+202E (a bidirectional control) at character 2")
        );
    }

    #[test]
    fn a_line_is_shown_with_its_invisible_characters_escaped_and_the_caret_kept() {
        let (line, column) = shown("a = \"x\u{202E}y\" # z", 8);
        assert_eq!(line, "a = \"x\\u{202e}y\" # z");
        assert_eq!(line.chars().nth(column - 1), Some('y'));
        assert_eq!(shown("\tplain", 3), ("\tplain".to_string(), 3));
    }

    #[test]
    fn visible_names_in_any_script_pass() {
        for good in [
            "smarter repair (blog)",
            "α=0.5",
            "回溯",
            "مرحلة",
            "x-1 ∞ – ok",
            "café",
        ] {
            assert_eq!(first_invisible(good), None, "{good:?}");
        }
    }

    #[test]
    fn prose_may_break_lines_but_not_turn_text_around() {
        assert_eq!(
            first_invisible_in_prose("one line.\nAnother,\tindented.\r\n"),
            None
        );
        let found = first_invisible_in_prose("fine\n\u{202E}reversed").expect("override");
        assert_eq!((found.character, found.position), ('\u{202E}', 6));
        assert!(first_invisible_in_prose("a\u{2028}b").is_some());
    }
}
