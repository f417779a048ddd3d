//! The one rule against CSV formula injection: a spreadsheet (Excel,
//! LibreOffice, Google Sheets) opening a CSV file runs a cell that starts
//! with `=`, `+`, `-` or `@` as a formula (and some strip a leading tab or
//! carriage return first), so a label such as `=HYPERLINK(…)` would run in
//! the reader's spreadsheet. No text the user or an external program
//! chooses and that a CSV file or a report shows may start with one of
//! those characters: labels, the experiment's name, an external program's
//! string parameters, its step unit, and the name and version it gives in
//! its handshake. Each is refused where it is read, with
//! [`FORMULA_RULE`]. Numbers are not text: a numeric parameter of `-1` is
//! written as the number it is, and a spreadsheet reads it as `-1`.
//!
//! Refusing, rather than escaping the cell with a leading `'` as some
//! tools do, keeps every file exactly what R and pandas read back: a cell
//! is never altered on its way to disk.

/// The characters a text cell may not start with.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The rule, for messages.
pub const FORMULA_RULE: &str = "it must not start with '=', '+', '-', '@', a tab or a carriage return, which a spreadsheet opening the CSV files would run as a formula";

/// Whether `text` starts like a spreadsheet formula (see the module).
pub fn starts_like_formula(text: &str) -> bool {
    text.starts_with(FORMULA_STARTS)
}

#[cfg(test)]
mod tests {
    use super::starts_like_formula;

    #[test]
    fn formula_starts_are_caught_and_plain_text_passes() {
        for bad in ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\r=1"] {
            assert!(starts_like_formula(bad), "{bad:?}");
        }
        for good in ["repair (stupid)", "a=1", "t0", "", "x-1", "1e-3"] {
            assert!(!starts_like_formula(good), "{good:?}");
        }
    }
}
