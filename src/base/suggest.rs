//! "Did you mean": the known name closest to a misspelled one, for the
//! messages that refuse an unknown algorithm or parameter. Closeness is
//! the Damerau–Levenshtein distance (the `strsim` crate clap uses for its
//! own suggestions): a name within a third of its length, and at most
//! three edits, of the one typed is suggested.

/// The candidate closest to `typed`, if one is close enough to be what
/// the user meant.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (typed.chars().count() / 3).clamp(1, 3);
    candidates
        .into_iter()
        .map(|candidate| (strsim::damerau_levenshtein(typed, candidate), candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// ` (did you mean 'NAME'?)` for the closest candidate, or nothing.
pub fn did_you_mean<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(typed, candidates)
        .map(|name| format!(" (did you mean '{name}'?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 4] = ["min-conflicts", "annealing", "genetic", "csp"];

    #[test]
    fn a_dropped_or_swapped_letter_is_found() {
        assert_eq!(closest("min-conflict", NAMES), Some("min-conflicts"));
        assert_eq!(closest("anealing", NAMES), Some("annealing"));
        assert_eq!(closest("gentic", NAMES), Some("genetic"));
        assert_eq!(closest("cps", NAMES), Some("csp"));
    }

    #[test]
    fn an_unrelated_name_gets_no_suggestion() {
        assert_eq!(closest("quantum", NAMES), None);
        assert_eq!(did_you_mean("quantum", NAMES), "");
        assert_eq!(did_you_mean("genetik", NAMES), " (did you mean 'genetic'?)");
    }
}
