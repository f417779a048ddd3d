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
//! /// The 95th percentile over answered trials (`NA` when none answered).
//! p95: Option<f64> = "{m}_p95" from |s| s.quantile(0.95);
//! ```
//!
//! This layer says what each column holds; the primitives (quantiles, the
//! bootstrap interval of the median, ERT and its interval) are computed by
//! [`crate::analysis::summary`], which implements [`MeasureSample`]. A
//! statistic that needs a primitive not there yet adds it to the trait too.
//!
//! A value is spelled as [`super::values`] says: an `Option<f64>` through
//! `optional` (`NA`, `Inf`), an `f64` through `number` (`Inf`), a `bool`
//! through `logical` (`TRUE`/`FALSE`); the cell columns of a summary row
//! are spelled through the same rule.

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
    /// The mean over the trials that answered (solved, or proved that no
    /// solution exists); `None` when none did.
    fn mean(&self) -> Option<f64>;
    /// The `q`-quantile (0 ≤ q ≤ 1, type 7) over the trials that
    /// answered; `None` when none did.
    fn quantile(&self, q: f64) -> Option<f64>;
    /// The seeded bootstrap 95% interval of the median over the trials
    /// that answered; `None` below [`MIN_SOLVED_FOR_INTERVAL`] of them.
    fn median_interval(&self) -> Option<(f64, f64)>;
    /// The expected running time (COCO): what all trials spent, those
    /// that did not answer included, divided by the trials that answered
    /// (a proof that no solution exists is the answer at N = 2 and 3);
    /// `+∞` when none answered; `None` when there is no trial, or a trial
    /// whose work in this measure is unknown (its sum is unknown).
    fn ert(&self) -> Option<f64>;
    /// The seeded bootstrap 95% interval of the ERT from simulated restarts;
    /// `None` below [`MIN_SOLVED_FOR_INTERVAL`] answered trials.
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
        /// over the trials that answered (solved, or proved that no
        /// solution exists: the answer at N = 2 and 3); ERT counts every
        /// trial.
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
    /// The mean over answered trials (`NA` when none answered).
    mean: Option<f64> = "{m}_mean" from |s| s.mean();
    /// The median over answered trials (`NA` when none answered).
    median: Option<f64> = "{m}_median" from |s| s.quantile(0.5);
    /// The lower end of the seeded bootstrap 95% interval of the median
    /// (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    median_ci_low: Option<f64> = "{m}_median_ci_low" from |s| s.median_interval().map(|i| i.0);
    /// The upper end of that interval.
    median_ci_high: Option<f64> = "{m}_median_ci_high" from |s| s.median_interval().map(|i| i.1);
    /// The 10th percentile over answered trials (`NA` when none answered).
    p10: Option<f64> = "{m}_p10" from |s| s.quantile(0.1);
    /// The 25th percentile over answered trials (`NA` when none answered).
    p25: Option<f64> = "{m}_p25" from |s| s.quantile(0.25);
    /// The 75th percentile over answered trials (`NA` when none answered).
    p75: Option<f64> = "{m}_p75" from |s| s.quantile(0.75);
    /// The 90th percentile over answered trials (`NA` when none answered).
    p90: Option<f64> = "{m}_p90" from |s| s.quantile(0.9);
    /// The most costly answered trial (`NA` when none answered).
    max: Option<f64> = "{m}_max" from |s| s.quantile(1.0);
    /// The expected running time (COCO): what all trials spent, those
    /// that did not answer at what they spent, divided by the trials that
    /// answered (solved, or proved that no solution exists); `Inf` when
    /// none answered; `NA` when the cell has no trial or a trial whose
    /// work in this measure is unknown (a foreign solver killed at its
    /// time limit: ERT would count it as free).
    ert: Option<f64> = "ert_{m}" from |s| s.ert();
    /// The lower end of the seeded bootstrap 95% interval of the ERT from
    /// simulated restarts (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] answered
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
pub(super) trait Spelled: Sized {
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

impl Spelled for u64 {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(*self)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        u64::deserialize(deserializer)
    }
}

impl Spelled for String {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)
    }
}

/// A value written as its type is spelled.
pub(super) struct Written<'a, T>(pub(super) &'a T);

impl<T: Spelled> Serialize for Written<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(serializer)
    }
}

/// A value read as its type is spelled.
pub(super) struct Read<T>(pub(super) T);

impl<'de, T: Spelled> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::read(deserializer).map(Read)
    }
}
