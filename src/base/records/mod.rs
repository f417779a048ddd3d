//! The CSV contract, at the bottom of the crate: the rows of runs.csv,
//! traces.csv, summary.csv and params.csv ([`RunRecord`], [`TraceRecord`],
//! [`SummaryRow`], [`ParamRow`]; column names are field names) and of
//! compare.csv and ranking.csv ([`CompareRow`], [`RankingRow`]), the
//! measures a trial's work is counted in ([`Measure`]) and the block of
//! statistics summary.csv gives each of them, defined once
//! ([`MeasureSummary`]: its columns, and the primitive each is computed
//! from), the seed chain that gives every trial its seed, the message of a
//! field that does not fit ([`field`]: named by its column, its value and
//! what is allowed), how values are spelled so R and pandas read every
//! column exactly ([`values`]: `TRUE`, `NA`, `Inf`), the rule that keeps
//! spreadsheets from running a cell as a formula ([`formula`]), the rule
//! against names that display as other text ([`invisible`]), the rule
//! for an experiment's name ([`is_safe_name`]), the format of metadata.json
//! ([`metadata`]), the line of `external.log` that replays any row of a
//! label ([`replay_line`]), the reading of a file that may not exist yet
//! ([`optional_file`]), and the encoding, decoding, appending and atomic
//! rewriting of CSV files ([`csv_file`]; a whole tree of files, an export,
//! through [`atomic_dir`]). Which file of a data directory holds what, and
//! the rules a reader of one checks, are the store's
//! ([`crate::store`]); this module depends on nothing above `board` and
//! `outcome`.

pub mod atomic;
pub mod atomic_dir;
pub mod compare_rows;
pub mod csv_file;
pub mod error;
pub mod field;
pub mod formula;
pub mod header;
pub mod invisible;
pub mod measure;
pub mod measure_summary;
pub mod metadata;
pub mod name;
pub mod optional_file;
pub mod param_rows;
pub mod replay_line;
pub mod rows;
pub mod seed;
pub mod shard;
pub mod summary_file;
pub mod summary_row;
pub mod values;

pub use compare_rows::{CompareRow, RankingRow, write_compare, write_ranking};
pub use csv_file::{
    AppendWriter, Rewrite, WrittenFile, check_whole_lines, drop_torn_tail, read_rows,
    read_whole_lines, rows_from_bytes, sha256, write_rows,
};
pub use error::{RecordsError, RecordsResult};
pub use formula::{FORMULA_RULE, starts_like_formula};
pub use invisible::{INVISIBLE_RULE, Invisible, first_invisible, first_invisible_in_prose};
pub use measure::Measure;
pub use measure_summary::{MeasureSample, MeasureSummary};
pub use metadata::Metadata;
pub use name::{SAFE_NAME_RULE, is_safe_name};
pub use optional_file::{read_optional, read_optional_text};
pub use param_rows::{ParamRow, ParamSource, write_params};
pub use rows::{RunRecord, TraceRecord};
pub use shard::Shard;
pub use summary_file::write_summary;
pub use summary_row::SummaryRow;
