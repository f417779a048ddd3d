//! [`SummaryRow`], a row of summary.csv: the columns of its (label, n)
//! cell, then one block of statistics ([`MeasureSummary`]) per measure, in
//! the order of [`SummaryRow::MEASURES`]. Its columns are
//! [`SummaryRow::columns`]: the cell's field names, then each block's
//! [`MeasureSummary::COLUMNS`] named for its measure (`steps_mean`, …,
//! `ert_steps_ci_high`, `checks_mean`, …).
//!
//! The row is written and read as one flat struct whose field names are
//! those columns, by serde impls generated (by `summary_row!`) from the one
//! list of its cell fields and blocks, so a column is never listed twice.
//! Derived impls cannot do it: the CSV library writes no header for a
//! struct nested in a row, and `#[serde(flatten)]` makes the row a map,
//! which it cannot write, whose flattened values it reads by guessing their
//! type (so the `NA`/`Inf` spellings of [`super::values`] never see their
//! text), and whose field names are hidden from the header of an empty
//! file. The generated impls read by name like a derived row, so every
//! reader of CSV rows reads summary.csv unchanged: the columns may come in
//! any order, unknown ones are ignored, a missing or doubled one is named
//! in serde's words (which [`super::field`] turns into a message).

use std::fmt;
use std::sync::LazyLock;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::measure::Measure;
use super::measure_summary::{
    MeasureSummary, PartialMeasureSummary, Read, Written, column, duplicate, missing,
};
#[cfg(doc)]
use super::rows::{MIN_SOLVED_FOR_INTERVAL, RunRecord};

/// Defines [`SummaryRow`] from its cell fields and its blocks (each a
/// field holding a [`MeasureSummary`] and its measure), with its columns
/// and serde impls.
macro_rules! summary_row {
    (
        $(#[$row_doc:meta])*
        pub struct SummaryRow {
            $( $(#[$doc:meta])* pub $field:ident: $ty:ty, )*
        }
        blocks {
            $( $(#[$block_doc:meta])* pub $block:ident: Measure::$measure:ident, )*
        }
    ) => {
        $(#[$row_doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct SummaryRow {
            $( $(#[$doc])* pub $field: $ty, )*
            $( $(#[$block_doc])* pub $block: MeasureSummary, )*
        }

        impl SummaryRow {
            /// The measures of the blocks, in column order.
            pub const MEASURES: &'static [Measure] = &[$(Measure::$measure),*];

            /// The columns before the blocks: the cell's.
            const CELL_COLUMNS: &'static [&'static str] = &[$(stringify!($field)),*];

            /// The block of `measure`.
            pub fn measure(&self, measure: Measure) -> &MeasureSummary {
                match measure {
                    $( Measure::$measure => &self.$block, )*
                }
            }
        }

        impl Serialize for SummaryRow {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let columns = SummaryRow::columns();
                let mut row = serializer.serialize_struct("SummaryRow", columns.len())?;
                $( row.serialize_field(stringify!($field), &Written(&self.$field))?; )*
                let blocks = columns[SummaryRow::CELL_COLUMNS.len()..]
                    .chunks(MeasureSummary::COLUMNS.len());
                for (measure, names) in SummaryRow::MEASURES.iter().zip(blocks) {
                    self.measure(*measure).serialize_into(names, &mut row)?;
                }
                row.end()
            }
        }

        /// Reads a [`SummaryRow`] from a map of column names to values.
        struct SummaryRowVisitor;

        impl<'de> Visitor<'de> for SummaryRowVisitor {
            type Value = SummaryRow;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a row of summary.csv")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SummaryRow, A::Error> {
                $( let mut $field: Option<$ty> = None; )*
                $( let mut $block = PartialMeasureSummary::default(); )*
                while let Some(name) = map.next_key::<String>()? {
                    match name.as_str() {
                        $( stringify!($field) => {
                            if $field.is_some() {
                                return Err(duplicate(&name));
                            }
                            $field = Some(map.next_value::<Read<$ty>>()?.0);
                        } )*
                        other => match block_column(other) {
                            $( Some((Measure::$measure, template)) => {
                                $block.read(template, other, &mut map)?
                            } )*
                            None => {
                                map.next_value::<IgnoredAny>()?;
                            }
                        },
                    }
                }
                Ok(SummaryRow {
                    $( $field: $field.ok_or_else(|| missing(stringify!($field)))?, )*
                    $( $block: $block.finish(Measure::$measure)?, )*
                })
            }
        }

        impl<'de> Deserialize<'de> for SummaryRow {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let columns = SummaryRow::columns();
                deserializer.deserialize_struct("SummaryRow", columns, SummaryRowVisitor)
            }
        }
    };
}

summary_row! {
    /// Statistics of one (label, n) cell: a row of `summary.csv`.
    ///
    /// After the cell's fields, every measure (steps, checks, evaluations
    /// and wall seconds) has the same block of statistics, a
    /// [`MeasureSummary`]: the spread over the trials that answered
    /// (solved, or proved that no solution exists; `NA` when none did; an
    /// interval `NA` below [`MIN_SOLVED_FOR_INTERVAL`] of them) and ERT
    /// with its interval (`Inf` when no trial answered, `NA` when the cell
    /// has no trial or a trial whose work in that measure is unknown: see
    /// [`SummaryRow::missing_reason`]).
    pub struct SummaryRow {
        /// The algorithm configuration's label.
        pub label: String,
        /// The registry name of the algorithm.
        pub algorithm: String,
        /// What one of its steps is (see [`RunRecord::step_unit`]).
        pub step_unit: String,
        /// Its parameters, canonical (as in runs.csv).
        pub params: String,
        /// Its budget, canonical (as in runs.csv): ERT depends on it.
        pub budget: String,
        /// The board size.
        pub n: u64,
        /// Trials of the algorithm: the rows of the cell, less its errors.
        pub trials: u64,
        /// Rows that ended in an external program's error (`solver_error`,
        /// `invalid_solution`): not trials of the algorithm, so in no
        /// statistic, comparison or chart; counted here so none hides.
        pub errors: u64,
        /// Trials that found a solution.
        pub successes: u64,
        /// Trials that proved the board has no solution (`exhausted`, at
        /// N = 2 and 3): they reached the answer, so they count in ERT as
        /// an answer does, and are left out of the success rate, which is
        /// not defined where no solution exists.
        pub proved: u64,
        /// Trials whose work is unknown (a foreign solver's trial killed at
        /// its time limit: counters `NA` in runs.csv). ERT in steps, checks
        /// and evaluations is `NA` when this is above 0; wall seconds are
        /// measured and stay known.
        pub unknown_work: u64,
        /// successes / (trials − proved): the share of the trials that
        /// could find a solution that did; `NA` when no trial could (every
        /// row an error, or every trial a proof).
        pub success_rate: Option<f64>,
        /// Lower end of the Wilson 95% interval of the success rate over
        /// trials − proved (exactly 0 when none solved; `NA` with the
        /// rate).
        pub success_ci_low: Option<f64>,
        /// Upper end of that interval (exactly 1 when every one solved;
        /// `NA` with the rate).
        pub success_ci_high: Option<f64>,
    }
    blocks {
        /// Steps, in the unit `step_unit` names.
        pub steps: Measure::Steps,
        /// Checks, the common currency.
        pub checks: Measure::Checks,
        /// Whole-board evaluations.
        pub evaluations: Measure::Evaluations,
        /// Wall seconds.
        pub seconds: Measure::Seconds,
    }
}

/// Every column of summary.csv, built once: the block names are made at
/// run time and kept for the whole process, `'static` as serde's field
/// names must be.
static COLUMNS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut columns = SummaryRow::CELL_COLUMNS.to_vec();
    for &measure in SummaryRow::MEASURES {
        let block = MeasureSummary::COLUMNS.iter();
        columns.extend(block.map(|template| &*column(template, measure).leak()));
    }
    columns
});

impl SummaryRow {
    /// The columns of summary.csv, in order: the cell's, then the block of
    /// each of [`SummaryRow::MEASURES`].
    pub fn columns() -> &'static [&'static str] {
        &COLUMNS
    }

    /// The columns before the measures' blocks: the cell's (label, n,
    /// trials, success rate, …).
    pub fn cell_columns() -> &'static [&'static str] {
        SummaryRow::CELL_COLUMNS
    }
}

impl SummaryRow {
    /// Why the ERT of `measure` is `NA` in this row, in words a reader of
    /// a table or chart is shown; `None` when it is not `NA`.
    pub fn missing_reason(&self, measure: Measure) -> Option<String> {
        if self.measure(measure).ert.is_some() {
            None
        } else if self.trials == 0 {
            Some(format!(
                "no trial: all {} rows ended in the program's error",
                self.errors
            ))
        } else if self.unknown_work > 0 && measure != Measure::Seconds {
            Some(format!(
                "{} of {} trials were killed at the time limit without saying what they did: their {} are unknown",
                self.unknown_work,
                self.trials,
                measure.name()
            ))
        } else {
            Some("not computed".to_string())
        }
    }

    /// Why the success rate is `NA` in this row; `None` when it is not.
    pub fn success_missing_reason(&self) -> Option<String> {
        if self.success_rate.is_some() {
            None
        } else if self.trials == 0 {
            Some(format!(
                "no trial: all {} rows ended in the program's error",
                self.errors
            ))
        } else {
            Some(format!(
                "every trial proved that N = {} has no solution: success is not defined",
                self.n
            ))
        }
    }
}

/// The measure and the statistic (its template in
/// [`MeasureSummary::COLUMNS`]) of the block column `name`; `None` for any
/// other name.
fn block_column(name: &str) -> Option<(Measure, &'static str)> {
    let index = COLUMNS.iter().position(|c| *c == name)?;
    let in_blocks = index.checked_sub(SummaryRow::CELL_COLUMNS.len())?;
    let per_block = MeasureSummary::COLUMNS.len();
    let measure = *SummaryRow::MEASURES.get(in_blocks / per_block)?;
    let template = *MeasureSummary::COLUMNS.get(in_blocks % per_block)?;
    Some((measure, template))
}
