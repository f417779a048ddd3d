//! Shortening a text with an ellipsis until it fits a width: a binary
//! search on the cut point, so a label of any length costs a logarithmic
//! number of measurements (dropping one character at a time and measuring
//! again was quadratic: 100,000 characters took minutes).

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
