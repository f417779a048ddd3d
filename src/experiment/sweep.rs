//! Parameter sweeps in a config: a parameter given a list of values instead
//! of one, as in `params = { t0 = [0.5, 1, 2], alpha = [0.99, 0.999] }`,
//! makes the `[[algorithm]]` table one entry per combination of values.
//! [`crate::experiment::config`] builds each combination as an entry of
//! its own; this module only reads the lists and lists the combinations.
//!
//! - **Order.** The swept keys are taken in the order they are written in
//!   the table. By default (`sweep = "cross"`) the combinations are their
//!   cross product with the first written key varying slowest, as nested
//!   loops with the first key outermost: `t0=0.5 alpha=0.99`,
//!   `t0=0.5 alpha=0.999`, `t0=1 alpha=0.99`, … `sweep = "zip"` pairs the
//!   i-th values of every list instead (all lists of one length).
//! - **Labels.** A combination's label is the entry's label (its `label`,
//!   or the registry name) followed by ` key=value` for each swept key in
//!   written order, values written as in the `params` column (`2.0` as
//!   `2`): `annealing t0=0.5 alpha=0.99`. Seeds derive from the label
//!   ([`crate::base::records::seed`]), so every combination has its own seeds,
//!   reproducible like any entry's.
//! - **Refused**, each located in the file: an empty list, a list holding
//!   lists or tables, a value listed twice, lists of different lengths
//!   under `zip`, `sweep` set on a table without lists, more combinations
//!   than an experiment may compare ([`MAX_LABELS`]: each is a label). A
//!   value the parameter refuses is reported by the config check naming
//!   the combination ([`Combination::describe`]).
//!
//! A table without lists is one entry, exactly as before sweeps existed.

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use super::diagnostics::ConfigError;
use super::limits::MAX_LABELS;

/// An `[[algorithm]]` table's `params`, as the config reads it.
pub(super) type ParamsTable = Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>;

/// How an entry's lists combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Every combination (the default).
    Cross,
    /// The i-th values of every list together.
    Zip,
}

/// One combination of an entry's swept values: the values it gives each
/// swept key, in the order the keys are written (empty without a sweep).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Combination {
    swept: Vec<(String, toml::Value)>,
}

impl Combination {
    /// The value this combination gives `key`, when `key` is swept.
    pub(super) fn value(&self, key: &str) -> Option<&toml::Value> {
        self.swept.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// What the combination appends to the entry's label: ` t0=0.5
    /// alpha=0.99` (nothing without a sweep).
    pub(super) fn label_suffix(&self) -> String {
        self.swept
            .iter()
            .map(|(k, v)| format!(" {k}={}", value_text(v)))
            .collect()
    }

    /// The combination for a message: `t0=0.5 alpha=0.99`.
    pub(super) fn describe(&self) -> String {
        self.label_suffix().trim_start().to_string()
    }

    /// What a message about an entry of this combination adds: where its
    /// label came from (nothing without a sweep).
    pub(super) fn origin(&self) -> String {
        if self.swept.is_empty() {
            String::new()
        } else {
            format!(
                " (the label of the sweep's combination {}: the entry's label with the swept values appended)",
                self.describe()
            )
        }
    }
}

/// A value as labels and messages write it: as the `params` column does
/// (numbers in their shortest form, `2.0` as `2`; words unquoted).
fn value_text(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(x) => x.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        other => other.to_string(),
    }
}

/// The combinations of one `[[algorithm]]` table, in the documented order:
/// one empty combination when no parameter takes a list. `sweep` is the
/// table's `sweep` setting; `at` locates an error in the file.
pub(super) fn combinations(
    params: Option<&ParamsTable>,
    sweep: Option<&Spanned<String>>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<Combination>, ConfigError> {
    let mode = match sweep.map(|s| (s.get_ref().as_str(), s.span())) {
        None | Some(("cross", _)) => Mode::Cross,
        Some(("zip", _)) => Mode::Zip,
        Some((other, span)) => {
            return Err(at(
                span,
                format!(
                    "sweep = {other:?}: write \"cross\" (every combination of the lists, the default) or \"zip\" (the i-th values of every list together)"
                ),
            ));
        }
    };
    let lists = swept_lists(params, at)?;
    if lists.is_empty() {
        if let Some(s) = sweep {
            return Err(at(
                s.span(),
                format!(
                    "sweep = {:?}, but no parameter takes a list of values: write a list, like params = {{ t0 = [0.5, 1, 2] }}, or remove `sweep`",
                    s.get_ref()
                ),
            ));
        }
        return Ok(vec![Combination::default()]);
    }
    match mode {
        Mode::Cross => cross(&lists, params, at),
        Mode::Zip => zip(&lists, at),
    }
}

/// A swept key: its name, its values and where its list is.
struct List<'a> {
    key: &'a str,
    values: &'a [toml::Value],
    span: Range<usize>,
}

/// The keys of `params` given a list, in written order, each list checked:
/// not empty, only single values, no value twice.
fn swept_lists<'a>(
    params: Option<&'a ParamsTable>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<List<'a>>, ConfigError> {
    let Some(table) = params else {
        return Ok(Vec::new());
    };
    let mut lists = Vec::new();
    for (key, value) in table.get_ref() {
        let toml::Value::Array(values) = value.get_ref() else {
            continue;
        };
        let key = key.get_ref().as_str();
        let err = |message: String| Err(at(value.span(), message));
        if values.is_empty() {
            return err(format!(
                "params.{key} = []: a sweep needs at least one value, like {key} = [1, 2, 4]; or give one value"
            ));
        }
        if let Some(nested) = values
            .iter()
            .find(|v| matches!(v, toml::Value::Array(_) | toml::Value::Table(_)))
        {
            return err(format!(
                "params.{key} lists {nested}, a {}: a sweep lists single values (numbers, quoted words or true|false), like {key} = [1, 2, 4]",
                if nested.is_table() { "table" } else { "list" }
            ));
        }
        for (i, v) in values.iter().enumerate() {
            if let Some(first) = values[..i].iter().find(|w| value_text(w) == value_text(v)) {
                return err(format!(
                    "params.{key} lists {} twice ({first} and {v}): the two would be one label; list each value once",
                    value_text(v)
                ));
            }
        }
        lists.push(List {
            key,
            values,
            span: value.span(),
        });
    }
    lists.sort_by_key(|l| l.span.start);
    Ok(lists)
}

/// Every combination of `lists`, the first list varying slowest; refused
/// above [`MAX_LABELS`] combinations (each is a label) before any is built.
fn cross(
    lists: &[List<'_>],
    params: Option<&ParamsTable>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<Combination>, ConfigError> {
    let count = lists
        .iter()
        .try_fold(1u64, |product, l| {
            product.checked_mul(l.values.len() as u64)
        })
        .filter(|&c| c <= MAX_LABELS);
    let Some(count) = count else {
        let sizes: Vec<String> = lists
            .iter()
            .map(|l| format!("{} {}", l.values.len(), l.key))
            .collect();
        let span = params.map_or(0..0, Spanned::span);
        return Err(at(
            span,
            format!(
                "the sweep crosses {} values: more combinations, each a label, than the {MAX_LABELS} labels an experiment compares; sweep fewer values, or pair the lists with sweep = \"zip\"",
                sizes.join(" × ")
            ),
        ));
    };
    let mut combinations = Vec::with_capacity(count as usize);
    let mut index = vec![0usize; lists.len()];
    loop {
        combinations.push(Combination {
            swept: lists
                .iter()
                .zip(&index)
                .map(|(l, &i)| (l.key.to_string(), l.values[i].clone()))
                .collect(),
        });
        // Advance the odometer, the last list fastest.
        let mut position = lists.len();
        loop {
            if position == 0 {
                return Ok(combinations);
            }
            position -= 1;
            index[position] += 1;
            if index[position] < lists[position].values.len() {
                break;
            }
            index[position] = 0;
        }
    }
}

/// The i-th values of every list together; the lists must have one length.
fn zip(
    lists: &[List<'_>],
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<Combination>, ConfigError> {
    let first = &lists[0];
    if let Some(other) = lists.iter().find(|l| l.values.len() != first.values.len()) {
        let lengths: Vec<String> = lists
            .iter()
            .map(|l| format!("{} has {}", l.key, l.values.len()))
            .collect();
        return Err(at(
            other.span.clone(),
            format!(
                "sweep = \"zip\" pairs the i-th values of every list, but the lists differ in length ({}): give every list the same number of values, or remove `sweep` to cross them",
                lengths.join(", ")
            ),
        ));
    }
    Ok((0..first.values.len())
        .map(|i| Combination {
            swept: lists
                .iter()
                .map(|l| (l.key.to_string(), l.values[i].clone()))
                .collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Table {
        params: Option<ParamsTable>,
        sweep: Option<Spanned<String>>,
    }

    fn expand(text: &str) -> Result<Vec<String>, String> {
        let table: Table = toml::from_str(text).expect("toml");
        let at = |span: Range<usize>, message: String| ConfigError {
            location: super::super::diagnostics::Location {
                file: "t.toml".into(),
                line: 1,
                column: span.start + 1,
                excerpt: String::new(),
            },
            message,
        };
        combinations(table.params.as_ref(), table.sweep.as_ref(), &at)
            .map(|cs| cs.iter().map(Combination::describe).collect())
            .map_err(|e| e.message)
    }

    #[test]
    fn lists_cross_in_written_order_the_first_slowest() {
        let got = expand("params = { t0 = [0.5, 1, 2.0], alpha = [0.99, 0.999], seed = 3 }");
        assert_eq!(
            got.unwrap(),
            [
                "t0=0.5 alpha=0.99",
                "t0=0.5 alpha=0.999",
                "t0=1 alpha=0.99",
                "t0=1 alpha=0.999",
                "t0=2 alpha=0.99",
                "t0=2 alpha=0.999",
            ]
        );
        let got = expand("params = { b = [\"x\", \"y\"], a = [true, false] }\nsweep = \"cross\"");
        assert_eq!(
            got.unwrap(),
            ["b=x a=true", "b=x a=false", "b=y a=true", "b=y a=false"]
        );
    }

    #[test]
    fn zip_pairs_and_no_list_is_one_plain_combination() {
        let got = expand("params = { t0 = [1, 2], alpha = [0.9, 0.8] }\nsweep = \"zip\"");
        assert_eq!(got.unwrap(), ["t0=1 alpha=0.9", "t0=2 alpha=0.8"]);
        assert_eq!(expand("params = { t0 = 1 }").unwrap(), [""]);
        assert_eq!(expand("").unwrap(), [""]);
    }

    #[test]
    fn bad_sweeps_say_what_is_wrong() {
        let cases = [
            ("params = { t0 = [] }", "params.t0 = []"),
            ("params = { t0 = [[1], [2]] }", "lists [1], a list"),
            ("params = { t0 = [{ a = 1 }] }", "a table"),
            ("params = { t0 = [1, 1.0] }", "lists 1 twice (1 and 1.0)"),
            (
                "params = { t0 = [1, 2, 3], alpha = [0.9, 0.8] }\nsweep = \"zip\"",
                "differ in length (t0 has 3, alpha has 2)",
            ),
            (
                "params = { t0 = 1 }\nsweep = \"zip\"",
                "no parameter takes a list",
            ),
            (
                "params = { t0 = [1] }\nsweep = \"diagonal\"",
                "sweep = \"diagonal\"",
            ),
        ];
        for (text, says) in cases {
            let e = expand(text).expect_err(text);
            assert!(e.contains(says), "{text}: {e}");
        }
        let many: Vec<String> = (0..1001).map(|i| i.to_string()).collect();
        let list = many.join(", ");
        let e = expand(&format!("params = {{ a = [{list}], b = [{list}] }}")).unwrap_err();
        assert!(e.contains("crosses 1001 a × 1001 b values"), "{e}");
        assert!(e.contains(&MAX_LABELS.to_string()), "{e}");
        let e = expand(
            "params = { a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], b = [LIST] }"
                .replace(
                    "LIST",
                    &(0..100)
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                )
                .as_str(),
        )
        .unwrap_err();
        assert!(e.contains("crosses 11 a × 100 b values"), "{e}");
    }
}
