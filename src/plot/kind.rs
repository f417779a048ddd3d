//! What a chart kind is: [`ChartKind`], its file stem, captions, needs and
//! build function, and the [`Inputs`] a build function draws from. Each
//! chart file declares its kind with these; [`super::registry`] lists them.

use crate::analysis::compare::Comparison;
use crate::analysis::targets::TargetRule;
use crate::base::records::Measure;

use super::data::ExperimentData;
use super::figure::Figure;
use super::options::Options;
use super::sizes::Chosen;
use super::skip::Skip;
use super::style::Styles;

/// One kind of chart.
#[derive(Clone, Copy, Debug)]
pub struct ChartKind {
    /// The file stem of its charts.
    pub stem: Stem,
    /// What the notes call it ("no ERT chart: …"); `{measure}` stands for
    /// the measure's name.
    pub name: &'static str,
    /// The caption under it in the report; `{measure}` or `{key}` stands for
    /// the stem's suffix (see [`Stem`]), `{targets}` for the targets of the
    /// traces' views ([`targets_text`]).
    pub caption: &'static str,
    /// Its alternative text in the report, with the same placeholders.
    pub alt: &'static str,
    /// What it is drawn from.
    pub needs: Needs,
    /// Draws it.
    pub build: Build,
}

/// The file stem of a chart kind's charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stem {
    /// One chart of this name (`scaling`).
    Fixed(&'static str),
    /// One chart for the measure drawn, named the prefix and the measure
    /// (`ecdf-checks`); `{measure}` in the texts stands for the measure.
    PerMeasure(&'static str),
    /// One chart per swept parameter, named the prefix and the key
    /// (`param-t0`); `{key}` in the texts stands for the key.
    PerKey(&'static str),
}

/// What a chart kind is drawn from, beyond the summary and runs every kind
/// may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// The measure its work is counted in.
    pub measure: MeasureUse,
    /// Whether it is drawn at the board sizes chosen for the per-size
    /// charts (`--n`, or the default choice).
    pub sizes: bool,
    /// Whether it needs traces.csv; without it the chart is skipped
    /// ([`Skip::NoTracesFile`]) before it is built.
    pub traces: bool,
    /// Whether it draws the comparison of every pair in the chosen measure
    /// (computed once for every kind that needs it).
    pub comparison: bool,
}

/// The measure a chart kind counts work in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeasureUse {
    /// The chosen measure (`--measure`, checks by default).
    Chosen,
    /// Wall time, as a companion of the chosen measure's chart: not drawn
    /// when the chosen measure is wall time, which that chart then shows.
    WallTime,
    /// None: it reads no work (the success rate).
    None,
}

/// How a chart kind draws its charts.
#[derive(Clone, Copy, Debug)]
pub enum Build {
    /// One chart, or why there is none.
    One(fn(&Inputs<'_>, &mut Vec<String>) -> Result<Figure, Skip>),
    /// One chart per key (the swept parameters), each with its key, or why
    /// there is none ([`Keyed`]); no key, no chart and no note.
    PerKey(fn(&Inputs<'_>, &mut Vec<String>) -> Vec<Keyed>),
}

/// One key's chart, or why there is none.
pub type Keyed = (String, Result<Figure, Skip>);

/// What a build function draws from. Notes on what a chart leaves out go
/// to the `notes` it is given beside these.
#[derive(Clone, Copy, Debug)]
pub struct Inputs<'a> {
    /// The experiment's files.
    pub data: &'a ExperimentData,
    /// Each label's colour, marker and dash.
    pub styles: &'a Styles,
    /// The user's choices.
    pub options: &'a Options,
    /// The measure this kind's chart counts work in.
    pub measure: Measure,
    /// The sizes of the per-size charts.
    pub chosen: &'a Chosen,
    /// The comparison in the chosen measure, for the kinds that need it.
    pub comparison: Option<&'a Comparison>,
}

impl Inputs<'_> {
    /// The comparison, or why there is none.
    pub fn comparison(&self) -> Result<&Comparison, Skip> {
        self.comparison.ok_or(Skip::NoPairs)
    }
}

impl ChartKind {
    /// The measure this kind is drawn in when `chosen` is the chosen one;
    /// `None` when it is not drawn then.
    pub fn measure(&self, chosen: Measure) -> Option<Measure> {
        match self.needs.measure {
            MeasureUse::Chosen | MeasureUse::None => Some(chosen),
            MeasureUse::WallTime => (chosen != Measure::Seconds).then_some(Measure::Seconds),
        }
    }

    /// What the notes call this kind's chart drawn in `measure`.
    pub fn name_in(&self, measure: Measure) -> String {
        self.name.replace("{measure}", measure.name())
    }

    /// The stem's suffix when `stem` is a file stem of this kind: `""` for
    /// a fixed stem, the measure or key otherwise.
    pub(super) fn suffix<'s>(&self, stem: &'s str) -> Option<&'s str> {
        match self.stem {
            Stem::Fixed(name) => (stem == name).then_some(""),
            Stem::PerMeasure(prefix) => stem
                .strip_prefix(prefix)
                .filter(|m| Measure::parse(m).is_ok()),
            Stem::PerKey(prefix) => stem.strip_prefix(prefix).filter(|k| !k.is_empty()),
        }
    }

    /// `text` with the placeholder of this kind's stem replaced by `suffix`
    /// and `{targets}` by what `targets` are ([`targets_text`]).
    pub(super) fn fill(&self, text: &str, suffix: &str, targets: &TargetRule) -> String {
        let text = text.replace("{targets}", &targets_text(targets));
        match self.stem {
            Stem::Fixed(_) => text,
            Stem::PerMeasure(_) => text.replace("{measure}", suffix),
            Stem::PerKey(_) => text.replace("{key}", suffix),
        }
    }
}

/// What the targets of the traces' views are, in words, ending with the
/// hardest, 0: the default rule, or the config's list in its place.
pub fn targets_text(targets: &TargetRule) -> String {
    match targets.configured() {
        None => "1, 3, 10, 30, … below the expected attacking pairs of a random one-queen-per-row board, (N − 1)(7N − 2)/6N, then 0".to_owned(),
        Some(list) => format!(
            "set by the config's targets key in place of the default rule (1, 3, 10, … below a random board's attacking pairs), at every N: {}",
            list.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}
