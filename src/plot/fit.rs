//! Fitting text to a width: shortening it with an ellipsis (a binary
//! search on the cut point, so a label of any length costs a logarithmic
//! number of measurements; dropping one character at a time and measuring
//! again was quadratic: 100,000 characters took minutes), and breaking it
//! into lines (a figure's header, a panel's note).

use plotters::prelude::*;

use super::error::DrawError;
use super::style::FONT;

/// Distance between the baselines of two lines of text, for its size.
const LINE_SPACING: f64 = 1.1;

/// The ellipsis put after a shortened text.
const ELLIPSIS: &str = "…";

/// `text` itself when `fits(text)`; otherwise its longest prefix of at
/// least one character that fits with an ellipsis after it (the first
/// character and the ellipsis when nothing fits). A text of one character
/// or none is returned as it is. `fits` must be monotonic: a prefix of a
/// text that fits also fits, as a text's width grows with its characters.
pub(crate) fn fit<E>(
    text: &str,
    mut fits: impl FnMut(&str) -> Result<bool, E>,
) -> Result<String, E> {
    let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).skip(1).collect();
    if ends.is_empty() || fits(text)? {
        return Ok(text.to_owned());
    }
    let shortened = |chars: usize| format!("{}{ELLIPSIS}", &text[..ends[chars - 1]]);
    // The answer keeps `chars` characters, 1 <= chars <= ends.len(): the
    // most that fit, or 1. Invariant: `low` is 1 or fits; above `high`
    // nothing fits.
    let (mut low, mut high) = (1, ends.len());
    while low < high {
        let middle = low + (high - low).div_ceil(2);
        if fits(&shortened(middle))? {
            low = middle;
        } else {
            high = middle - 1;
        }
    }
    Ok(shortened(low))
}

/// The font's failure to measure a text.
pub(super) fn measure(error: impl std::fmt::Display) -> DrawError {
    DrawError::new(format!("cannot measure text: {error}"))
}

/// Height of one line of text of font size `size` (a header line, a
/// panel's note).
pub(super) fn line_height(size: f64) -> u32 {
    (size * LINE_SPACING).ceil() as u32
}

/// `text` broken at spaces into lines no wider than `width` at `size`; a
/// word wider than a line on its own is shortened with an ellipsis, and a
/// significance mark never starts a line ([`wrap_with`]).
pub(super) fn wrap(
    text: &str,
    size: f64,
    style: FontStyle,
    width: u32,
) -> Result<Vec<String>, DrawError> {
    let font = (FONT, size, style).into_font();
    wrap_with(text, |t: &str| -> Result<bool, DrawError> {
        Ok(font.box_size(t).map_err(measure)?.0 <= width)
    })
}

/// Whether `word` is a significance mark alone (`*`, `**`, `***`), which
/// at the start of a line would read as a line of its own (and as a
/// cell's mark). A mark followed by punctuation (`**,`) breaks as any word
/// does.
fn is_mark(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c == '*')
}

/// `text` broken at spaces into lines that `fits`, each line taking as
/// many of the text's units as fit: its words, except that a significance
/// mark ([`is_mark`]) stays with the word before it ("0.001 ***"), so a
/// mark never stands alone at the start of a line.
/// A unit that fits no line on its own is shortened with an ellipsis
/// ([`fit`]).
fn wrap_with<E>(
    text: &str,
    mut fits: impl FnMut(&str) -> Result<bool, E>,
) -> Result<Vec<String>, E> {
    let mut units: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match units.last_mut() {
            Some(before) if is_mark(word) => {
                before.push(' ');
                before.push_str(word);
            }
            _ => units.push(word.to_owned()),
        }
    }
    let mut lines: Vec<String> = Vec::new();
    for unit in units {
        if let Some(last) = lines.last_mut() {
            let longer = format!("{last} {unit}");
            if fits(&longer)? {
                *last = longer;
                continue;
            }
        }
        lines.push(fit(&unit, &mut fits)?);
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;

    /// A width in the manner of a proportional font: narrow and wide
    /// characters, and the ellipsis.
    fn width(text: &str) -> u32 {
        text.chars()
            .map(|c| match c {
                'i' | 'l' | '.' => 3,
                'm' | 'w' | 'W' => 11,
                '…' => 9,
                _ => 7,
            })
            .sum()
    }

    /// The algorithm this one replaces: drop one character, measure again.
    fn one_at_a_time(text: &str, max: u32) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let mut shown = text.to_owned();
        while width(&shown) > max && chars.len() > 1 {
            chars.pop();
            shown = chars.iter().collect::<String>() + "…";
        }
        shown
    }

    fn fit_in(text: &str, max: u32) -> String {
        fit(text, |t| Ok::<_, Infallible>(width(t) <= max)).unwrap()
    }

    #[test]
    fn gives_what_dropping_one_character_at_a_time_gave() {
        let texts = [
            "",
            "x",
            "W",
            "ab",
            "min-conflicts",
            "random restart (with a very long explanation)",
            "wWmillwWmi.l.éü€ and more",
        ];
        for text in texts {
            for max in 0..=200 {
                assert_eq!(
                    fit_in(text, max),
                    one_at_a_time(text, max),
                    "{text:?} in {max}"
                );
            }
        }
    }

    fn wrap_in(text: &str, max: u32) -> Vec<String> {
        wrap_with(text, |t| Ok::<_, Infallible>(width(t) <= max)).unwrap()
    }

    #[test]
    fn a_significance_mark_stays_with_the_word_before_it() {
        let text = "marked Holm p < 0.05 *, 0.01 **, 0.001 ***";
        // Word by word, a line of 258 units ends with "0.001" and "***"
        // would start the next one alone.
        assert_eq!(width("marked Holm p < 0.05 *, 0.01 **, 0.001"), 258);
        assert_eq!(
            wrap_in(text, 258),
            ["marked Holm p < 0.05 *, 0.01 **,", "0.001 ***"]
        );
        // A mark with punctuation breaks as any word: a line of 140 ends
        // with "0.05", and "*," starts the next.
        assert_eq!(width("marked Holm p < 0.05"), 140);
        assert_eq!(
            wrap_in(text, 140),
            ["marked Holm p < 0.05", "*, 0.01 **, 0.001 ***"]
        );
        // Where the marks fit, the lines are the words' as before.
        assert_eq!(wrap_in(text, 500), [text]);
        assert_eq!(wrap_in("a b c", 7), ["a", "b", "c"]);
        assert_eq!(
            wrap_in("*** a", 21),
            ["***", "a"],
            "a mark that opens the text is a word"
        );
        assert!(is_mark("*") && is_mark("***") && !is_mark("**,") && !is_mark("a*"));
    }

    #[test]
    fn a_label_of_100000_characters_is_fitted() {
        let long: String = "min-conflicts ".repeat(100_000 / 14 + 1)[..100_000].to_owned();
        let mut measured = 0;
        let shown = fit(&long, |t| {
            measured += 1;
            Ok::<_, Infallible>(width(t) <= 300)
        })
        .unwrap();
        assert_eq!(shown, one_at_a_time(&long[..60], 300));
        assert!(shown.ends_with('…') && width(&shown) <= 300);
        assert!(measured <= 20, "{measured} measurements");
    }
}
