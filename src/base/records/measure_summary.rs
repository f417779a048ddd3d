//! The statistics summary.csv gives every measure, defined once: the block
//! of columns [`MeasureSummary`], one per measure in each row. Each
//! statistic is one entry of the `measure_statistics!` list below, which
//! gives its field, its type, its column (`{m}` standing for the measure's
//! name) and the [`MeasureSample`] primitive it is computed from. The
//! struct, the columns of summary.csv, the computation
//! ([`MeasureSummary::of`]) and the writing and reading of a block all follow
//! from that list, so adding a statistic is one entry there: say the 95th
//! percentile,
//!
//! ```text
//! /// The 95th percentile over solved trials (`NA` when none solved).
//! p95: Option<f64> = "{m}_p95" from |s| s.quantile(0.95);
//! ```
//!
//! This layer says what each column holds; the primitives (quantiles, the
//! bootstrap interval of the median, ERT and its interval) are computed by
//! [`crate::analysis::summary`], which implements [`MeasureSample`]. A
//! statistic that needs a primitive not there yet adds it to the trait too.
//!
//! A value is spelled as [`super::values`] says: an `Option<f64>` through
//! `optional` (`NA`), an `f64` through `number` (`Inf`), a `bool` through
//! `logical` (`TRUE`/`FALSE`).

use serde::de::{self, Deserialize, Deserializer, MapAccess};
use serde::ser::{self, Serialize, SerializeStruct, Serializer};

use super::measure::Measure;
#[cfg(doc)]
use super::rows::MIN_SOLVED_FOR_INTERVAL;
use super::values;

/// One measure's costs over the trials of one (label, n) cell, from which
/// the statistics of a [`MeasureSummary`] are computed; implemented by
/// [`crate::analysis::summary`].
pub trait MeasureSample {
    /// The mean over the solved trials; `None` when none solved.
    fn mean(&self) -> Option<f64>;
    /// The `q`-quantile (0 ≤ q ≤ 1, type 7) over the solved trials; `None`
    /// when none solved.
    fn quantile(&self, q: f64) -> Option<f64>;
    /// The seeded bootstrap 95% interval of the median over the solved
    /// trials; `None` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials.
    fn median_interval(&self) -> Option<(f64, f64)>;
    /// The expected running time (COCO): what all trials spent, unsolved
    /// ones included, divided by the successes; `+∞` when none solved.
    fn ert(&self) -> f64;
    /// The seeded bootstrap 95% interval of the ERT from simulated restarts;
    /// `None` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials.
    fn ert_interval(&self) -> Option<(f64, f64)>;
    /// Whether the solved trials are heavy-tailed: the most costly more
    /// than 100 times the median (`false` when none solved).
    fn heavy_tail(&self) -> bool;
}

/// Defines [`MeasureSummary`] and its column names, computation, writing
/// and reading from one list of statistics, in column order:
/// `/// doc` `field: Type = "column" from |sample| expression;`.
macro_rules! measure_statistics {
    ($(
        $(#[$doc:meta])*
        $field:ident: $ty:ty = $column:literal from |$sample:ident| $compute:expr;
    )*) => {
        /// The statistics of one measure over the trials of one (label, n)
        /// cell: one block of columns of summary.csv. Spread and median are
        /// over solved trials; ERT counts every trial.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct MeasureSummary {
            $( $(#[$doc])* pub $field: $ty, )*
        }

        impl MeasureSummary {
            /// The column names of a block, in column order, `{m}` standing
            /// for the measure's name (see [`column()`]).
            pub const COLUMNS: &'static [&'static str] = &[$($column),*];

            /// The statistics of `sample`.
            pub fn of(sample: &impl MeasureSample) -> MeasureSummary {
                MeasureSummary {
                    $( $field: { let $sample = sample; $compute }, )*
                }
            }

            /// Writes the statistics as fields of `row`, named `columns` in
            /// order (this block's names, see [`column()`]).
            pub(super) fn serialize_into<S: SerializeStruct>(
                &self,
                columns: &[&'static str],
                row: &mut S,
            ) -> Result<(), S::Error> {
                let mut columns = columns.iter();
                $(
                    let name = columns.next().ok_or_else(|| {
                        <S::Error as ser::Error>::custom("a block column has no name")
                    })?;
                    row.serialize_field(name, &Written(&self.$field))?;
                )*
                Ok(())
            }
        }

        /// A [`MeasureSummary`] being read: each statistic once its column
        /// has been read.
        #[derive(Default)]
        pub(super) struct PartialMeasureSummary {
            $( $field: Option<$ty>, )*
        }

        impl PartialMeasureSummary {
            /// Reads the next value of `map`, that of the column `name`
            /// made from the template `template` (one of
            /// [`MeasureSummary::COLUMNS`]).
            pub(super) fn read<'de, A: MapAccess<'de>>(
                &mut self,
                template: &str,
                name: &str,
                map: &mut A,
            ) -> Result<(), A::Error> {
                match template {
                    $( $column => {
                        if self.$field.is_some() {
                            return Err(duplicate(name));
                        }
                        self.$field = Some(map.next_value::<Read<$ty>>()?.0);
                        Ok(())
                    } )*
                    _ => Err(de::Error::custom(format!(
                        "{name} is not a column of a measure"
                    ))),
                }
            }

            /// The block, or the first of its columns (named for `measure`)
            /// that was not read.
            pub(super) fn finish<E: de::Error>(
                self,
                measure: Measure,
            ) -> Result<MeasureSummary, E> {
                Ok(MeasureSummary {
                    $( $field: self
                        .$field
                        .ok_or_else(|| missing(&column($column, measure)))?, )*
                })
            }
        }
    };
}

measure_statistics! {
    /// The mean over solved trials (`NA` when none solved).
    mean: Option<f64> = "{m}_mean" from |s| s.mean();
    /// The median over solved trials (`NA` when none solved).
    median: Option<f64> = "{m}_median" from |s| s.quantile(0.5);
    /// The lower end of the seeded bootstrap 95% interval of the median
    /// (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    median_ci_low: Option<f64> = "{m}_median_ci_low" from |s| s.median_interval().map(|i| i.0);
    /// The upper end of that interval.
    median_ci_high: Option<f64> = "{m}_median_ci_high" from |s| s.median_interval().map(|i| i.1);
    /// The 10th percentile over solved trials (`NA` when none solved).
    p10: Option<f64> = "{m}_p10" from |s| s.quantile(0.1);
    /// The 25th percentile over solved trials (`NA` when none solved).
    p25: Option<f64> = "{m}_p25" from |s| s.quantile(0.25);
    /// The 75th percentile over solved trials (`NA` when none solved).
    p75: Option<f64> = "{m}_p75" from |s| s.quantile(0.75);
    /// The 90th percentile over solved trials (`NA` when none solved).
    p90: Option<f64> = "{m}_p90" from |s| s.quantile(0.9);
    /// The most costly solved trial (`NA` when none solved).
    max: Option<f64> = "{m}_max" from |s| s.quantile(1.0);
    /// The expected running time (COCO): what all trials spent, unsolved
    /// ones at what they spent, divided by the successes; `Inf` when none
    /// solved.
    ert: f64 = "ert_{m}" from |s| s.ert();
    /// The lower end of the seeded bootstrap 95% interval of the ERT from
    /// simulated restarts (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved
    /// trials).
    ert_ci_low: Option<f64> = "ert_{m}_ci_low" from |s| s.ert_interval().map(|i| i.0);
    /// The upper end of that interval.
    ert_ci_high: Option<f64> = "ert_{m}_ci_high" from |s| s.ert_interval().map(|i| i.1);
    /// Whether the solved trials are heavy-tailed: the maximum more than
    /// 100 times the median (`TRUE`/`FALSE`; `FALSE` when none solved). A
    /// few such trials can dominate the ERT while the median hides them.
    heavy_tail: bool = "{m}_heavy_tail" from |s| s.heavy_tail();
}

/// The column `template` (one of [`MeasureSummary::COLUMNS`]) names for
/// `measure`: `{m}_median` is `checks_median` for checks.
pub fn column(template: &str, measure: Measure) -> String {
    template.replace("{m}", measure.name())
}

/// The error of a column the row lacks, in serde's words (which
/// [`super::field`] recognises).
pub(super) fn missing<E: de::Error>(name: &str) -> E {
    E::custom(format!("missing field `{name}`"))
}

/// The error of a column the row has twice, in serde's words.
pub(super) fn duplicate<E: de::Error>(name: &str) -> E {
    E::custom(format!("duplicate field `{name}`"))
}

/// How a statistic's type is spelled in summary.csv.
trait Spelled: Copy {
    /// Writes the value.
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
    /// Reads a value.
    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

impl Spelled for Option<f64> {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        values::optional::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        values::optional::deserialize(deserializer)
    }
}

impl Spelled for f64 {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        values::number::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        values::number::deserialize(deserializer)
    }
}

impl Spelled for bool {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        values::logical::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        values::logical::deserialize(deserializer)
    }
}

/// A value written as its type is spelled.
struct Written<'a, T>(&'a T);

impl<T: Spelled> Serialize for Written<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(serializer)
    }
}

/// A value read as its type is spelled.
struct Read<T>(T);

impl<'de, T: Spelled> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::read(deserializer).map(Read)
    }
}
