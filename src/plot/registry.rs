//! The chart kinds, one line each, in the order the report shows them.
//!
//! Each chart file declares its [`ChartKind`] (`kind.rs`): its file stem, the caption
//! and alternative text the report gives it, what it needs (a measure, the
//! per-size choice, traces, the comparison) and its build function.
//! [`render`](super::render) draws every kind of [`CHARTS`]; the report
//! takes captions and order from it ([`describe`]). Adding a chart kind is
//! one file (its `KIND` and build function) plus one line here.

pub use super::kind::{Build, ChartKind, Inputs, Keyed, MeasureUse, Needs, Stem, targets_text};
use super::{
    convergence, critical_difference, ecdf, ert, fixed_budget, fixed_target, pairwise, param,
    phase, ranking, runtime_ecdf, scaling, success,
};
use super::{scaling_per_n, trials};
use crate::analysis::targets::TargetRule;

/// Every chart kind, in the report's order.
pub const CHARTS: &[ChartKind] = &[
    scaling::KIND,
    scaling_per_n::KIND,
    trials::KIND,
    ert::KIND,
    success::KIND,
    ecdf::KIND,
    ecdf::WALL_TIME_KIND,
    convergence::KIND,
    fixed_target::KIND,
    fixed_budget::KIND,
    runtime_ecdf::KIND,
    pairwise::KIND,
    ranking::KIND,
    critical_difference::KIND,
    param::KIND,
    phase::KIND,
];

/// Every chart kind as `queens plot --help` and the book list it, in the
/// report's order: the file stem (`MEASURE` or `KEY` standing for the part
/// that varies) and the caption.
pub fn catalogue() -> Vec<(String, String)> {
    CHARTS
        .iter()
        .map(|kind| {
            let (stem, suffix) = match kind.stem {
                Stem::Fixed(name) => (name.to_owned(), ""),
                Stem::PerMeasure(prefix) => (format!("{prefix}MEASURE"), "MEASURE"),
                Stem::PerKey(prefix) => (format!("{prefix}KEY"), "KEY"),
            };
            (stem, kind.fill(kind.caption, suffix, &TargetRule::Ladder))
        })
        .collect()
}

/// A chart file's kind, as the report shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    /// The kind's place in [`CHARTS`].
    pub place: usize,
    /// The caption.
    pub caption: String,
    /// The alternative text.
    pub alt: String,
}

/// The kind whose chart is named `stem`, with its place, caption and
/// alternative text; a fixed stem wins over a prefix (`ecdf-seconds` is the
/// wall-time chart, not the ECDF of the measure `seconds`). `None` for a
/// file no kind draws. The captions state the default targets; a
/// config's are [`describe_with`]'s.
pub fn describe(stem: &str) -> Option<Described> {
    describe_with(stem, &TargetRule::Ladder)
}

/// [`describe`], the captions stating `targets` (the config's `targets`,
/// or the default rule).
pub fn describe_with(stem: &str, targets: &TargetRule) -> Option<Described> {
    let fixed = CHARTS
        .iter()
        .position(|k| matches!(k.stem, Stem::Fixed(name) if name == stem));
    let place = fixed.or_else(|| CHARTS.iter().position(|k| k.suffix(stem).is_some()))?;
    let kind = &CHARTS[place];
    let suffix = kind.suffix(stem)?;
    Some(Described {
        place,
        caption: kind.fill(kind.caption, suffix, targets),
        alt: kind.fill(kind.alt, suffix, targets),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_stem_wins_over_a_prefix() {
        let stem = |place: Option<usize>| place.map(|p| CHARTS[p].stem);
        let wall = describe("ecdf-seconds").map(|d| d.place);
        let checks = describe("ecdf-checks").map(|d| d.place);
        assert_eq!(stem(wall), Some(Stem::Fixed("ecdf-seconds")));
        assert_eq!(stem(checks), Some(Stem::PerMeasure("ecdf-")));
    }

    #[test]
    fn the_catalogue_names_every_kind_with_its_placeholder_filled() {
        let catalogue = catalogue();
        assert_eq!(catalogue.len(), CHARTS.len());
        let stems: Vec<&str> = catalogue.iter().map(|(stem, _)| stem.as_str()).collect();
        assert!(stems.contains(&"ecdf-MEASURE") && stems.contains(&"param-KEY"));
        assert!(stems.contains(&"critical-difference") && stems.contains(&"compare"));
        assert!(catalogue.iter().all(|(_, caption)| !caption.contains('{')));
    }

    #[test]
    fn placeholders_are_filled_from_the_stem() {
        let described = describe("param-t0").map(|d| d.caption);
        assert!(described.is_some_and(|c| c.contains("parameter t0") && !c.contains('{')));
        let ecdf = describe("ecdf-steps").map(|d| d.alt);
        assert!(ecdf.is_some_and(|a| a.contains("number of steps")));
    }

    #[test]
    fn the_captions_of_the_traces_views_say_when_the_config_sets_the_targets() {
        let configured = TargetRule::Configured(vec![5, 2, 0]);
        for stem in ["fixed-target", "runtime-ecdf"] {
            let default = describe(stem).map(|d| d.caption).unwrap_or_default();
            let own = describe_with(stem, &configured)
                .map(|d| d.caption)
                .unwrap_or_default();
            assert!(
                default.contains("below the expected attacking pairs"),
                "{default}"
            );
            assert!(!default.contains("config"), "{default}");
            assert!(
                own.contains("set by the config's targets key in place of the default rule")
                    && own.contains("at every N: 5, 2, 0"),
                "{own}"
            );
            assert!(!own.contains("(N − 1)(7N − 2)/6N"), "{own}");
        }
    }

    #[test]
    fn unknown_stems_have_no_kind() {
        assert_eq!(describe("ecdf-fortnights"), None);
        assert_eq!(describe("param-"), None);
        assert_eq!(describe("holiday"), None);
    }
}
