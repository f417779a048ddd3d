//! Algorithm parameters: each algorithm declares its parameters as
//! [`ParamSpec`]s; user input (`--param key=value` or a TOML table) is checked
//! against them and completed with defaults into a typed [`Params`] map.

use std::collections::BTreeMap;
use std::fmt;

/// The type and allowed range of one parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// A real number in `min..=max`.
    Float {
        /// Smallest allowed value.
        min: f64,
        /// Largest allowed value.
        max: f64,
    },
    /// `true` or `false`.
    Bool,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
}

impl fmt::Display for ParamKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamKind::Int { min, max } if *max == i64::MAX => write!(f, "integer >= {min}"),
            ParamKind::Int { min, max } => write!(f, "integer {min}..={max}"),
            ParamKind::Float { min, max } => write!(f, "number {min}..={max}"),
            ParamKind::Bool => write!(f, "true|false"),
            ParamKind::Choice(words) => write!(f, "{}", words.join("|")),
        }
    }
}

/// One declared parameter of an algorithm.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    /// The key, as written in `--param key=value` and in TOML.
    pub name: &'static str,
    /// Its type and range.
    pub kind: ParamKind,
    /// The default, written as a user would write it.
    pub default: &'static str,
    /// What it means.
    pub help: &'static str,
}

/// A checked parameter value.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamValue {
    /// A whole number.
    Int(i64),
    /// A real number.
    Float(f64),
    /// A flag.
    Bool(bool),
    /// One of a choice's words.
    Word(String),
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Int(v) => write!(f, "{v}"),
            ParamValue::Float(v) => write!(f, "{v}"),
            ParamValue::Bool(v) => write!(f, "{v}"),
            ParamValue::Word(v) => f.write_str(v),
        }
    }
}

/// A parameter given by the user that does not fit the algorithm.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// The algorithm has no parameter of that name.
    #[error("unknown parameter '{key}' for algorithm '{algorithm}'; allowed: {allowed}")]
    UnknownKey {
        /// The algorithm's name.
        algorithm: String,
        /// The key given.
        key: String,
        /// The declared parameters with their types.
        allowed: String,
    },
    /// The value does not have the declared type or range.
    #[error("bad value '{value}' for parameter '{key}': expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The declared type and range.
        expected: String,
    },
    /// A `--param` argument without `=`.
    #[error("malformed parameter '{0}': write key=value")]
    Malformed(String),
}

/// A complete, checked set of parameters: every declared key with its value.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Params {
    values: BTreeMap<&'static str, ParamValue>,
}

/// A parameter value as the user wrote it.
#[derive(Clone, Debug)]
pub enum RawValue {
    /// From the command line: parsed according to the declared kind.
    Text(String),
    /// From a TOML table.
    Toml(toml::Value),
}

/// Lists the declared parameters with their types, for error messages.
pub fn describe_specs(specs: &[ParamSpec]) -> String {
    if specs.is_empty() {
        return "(this algorithm has no parameters)".to_string();
    }
    specs
        .iter()
        .map(|s| format!("{} ({})", s.name, s.kind))
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_text(spec: &ParamSpec, text: &str) -> Result<ParamValue, ()> {
    let text = text.trim();
    match spec.kind {
        ParamKind::Int { .. } => text
            .replace('_', "")
            .parse()
            .map(ParamValue::Int)
            .map_err(|_| ()),
        ParamKind::Float { .. } => text.parse().map(ParamValue::Float).map_err(|_| ()),
        ParamKind::Bool => text.parse().map(ParamValue::Bool).map_err(|_| ()),
        ParamKind::Choice(_) => Ok(ParamValue::Word(text.to_string())),
    }
}

fn from_toml(spec: &ParamSpec, value: &toml::Value) -> Result<ParamValue, ()> {
    match (spec.kind, value) {
        (ParamKind::Int { .. }, toml::Value::Integer(v)) => Ok(ParamValue::Int(*v)),
        (ParamKind::Float { .. }, toml::Value::Float(v)) => Ok(ParamValue::Float(*v)),
        (ParamKind::Float { .. }, toml::Value::Integer(v)) => Ok(ParamValue::Float(*v as f64)),
        (ParamKind::Bool, toml::Value::Boolean(v)) => Ok(ParamValue::Bool(*v)),
        (ParamKind::Choice(_), toml::Value::String(v)) => Ok(ParamValue::Word(v.clone())),
        _ => Err(()),
    }
}

fn in_range(kind: ParamKind, value: &ParamValue) -> bool {
    match (kind, value) {
        (ParamKind::Int { min, max }, ParamValue::Int(v)) => (min..=max).contains(v),
        (ParamKind::Float { min, max }, ParamValue::Float(v)) => {
            v.is_finite() && *v >= min && *v <= max
        }
        (ParamKind::Bool, ParamValue::Bool(_)) => true,
        (ParamKind::Choice(words), ParamValue::Word(w)) => words.contains(&w.as_str()),
        _ => false,
    }
}

fn check(spec: &ParamSpec, raw: &RawValue) -> Result<ParamValue, ParamError> {
    let parsed = match raw {
        RawValue::Text(t) => parse_text(spec, t),
        RawValue::Toml(v) => from_toml(spec, v),
    };
    let shown = match raw {
        RawValue::Text(t) => t.clone(),
        RawValue::Toml(v) => v.to_string(),
    };
    match parsed {
        Ok(v) if in_range(spec.kind, &v) => Ok(v),
        _ => Err(ParamError::BadValue {
            key: spec.name.to_string(),
            value: shown,
            expected: spec.kind.to_string(),
        }),
    }
}

/// Splits a `key=value` command-line argument.
pub fn split_assignment(arg: &str) -> Result<(String, RawValue), ParamError> {
    match arg.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => {
            Ok((k.trim().to_string(), RawValue::Text(v.to_string())))
        }
        _ => Err(ParamError::Malformed(arg.to_string())),
    }
}

impl Params {
    /// Checks `given` against `specs` for `algorithm` and fills in defaults.
    /// Later assignments of the same key win.
    pub fn resolve(
        algorithm: &str,
        specs: &'static [ParamSpec],
        given: &[(String, RawValue)],
    ) -> Result<Params, ParamError> {
        let mut values = BTreeMap::new();
        for spec in specs {
            let default = check(spec, &RawValue::Text(spec.default.to_string()))
                .unwrap_or_else(|e| panic!("default of {algorithm}.{}: {e}", spec.name));
            values.insert(spec.name, default);
        }
        for (key, raw) in given {
            let spec =
                specs
                    .iter()
                    .find(|s| s.name == key)
                    .ok_or_else(|| ParamError::UnknownKey {
                        algorithm: algorithm.to_string(),
                        key: key.clone(),
                        allowed: describe_specs(specs),
                    })?;
            values.insert(spec.name, check(spec, raw)?);
        }
        Ok(Params { values })
    }

    fn get(&self, key: &str) -> &ParamValue {
        self.values
            .get(key)
            .unwrap_or_else(|| panic!("parameter '{key}' is not declared"))
    }

    /// The value of a declared integer parameter.
    pub fn int(&self, key: &str) -> i64 {
        match self.get(key) {
            ParamValue::Int(v) => *v,
            other => panic!("parameter '{key}' is {other:?}, not an integer"),
        }
    }

    /// The value of a declared integer parameter as a count: negative values
    /// (which a range starting at 0 or above never lets through) read as 0.
    pub fn count(&self, key: &str) -> u64 {
        u64::try_from(self.int(key)).unwrap_or(0)
    }

    /// Refuses any of `keys` (declared in `specs`) that is not at its
    /// default: the error names the key, its value and `why` it is fixed.
    pub fn require_defaults(
        &self,
        specs: &[ParamSpec],
        keys: &[&str],
        why: &str,
    ) -> Result<(), ParamError> {
        for &key in keys {
            let spec = specs
                .iter()
                .find(|s| s.name == key)
                .unwrap_or_else(|| panic!("parameter '{key}' is not declared"));
            let default = check(spec, &RawValue::Text(spec.default.to_string()))
                .unwrap_or_else(|e| panic!("default of {key}: {e}"));
            let given = self.get(key);
            if *given != default {
                return Err(ParamError::BadValue {
                    key: key.to_string(),
                    value: given.to_string(),
                    expected: format!("{key} left unset: {why}"),
                });
            }
        }
        Ok(())
    }

    /// The value of a declared real parameter.
    pub fn float(&self, key: &str) -> f64 {
        match self.get(key) {
            ParamValue::Float(v) => *v,
            other => panic!("parameter '{key}' is {other:?}, not a number"),
        }
    }

    /// The value of a declared flag.
    pub fn flag(&self, key: &str) -> bool {
        match self.get(key) {
            ParamValue::Bool(v) => *v,
            other => panic!("parameter '{key}' is {other:?}, not a flag"),
        }
    }

    /// The value of a declared choice.
    pub fn word(&self, key: &str) -> &str {
        match self.get(key) {
            ParamValue::Word(v) => v,
            other => panic!("parameter '{key}' is {other:?}, not a word"),
        }
    }

    /// All parameters, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &ParamValue)> {
        self.values.iter().map(|(k, v)| (*k, v))
    }

    /// The canonical one-line form, `key=value;key=value` sorted by key: the
    /// `params` column of runs.csv.
    pub fn canonical(&self) -> String {
        self.iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// The same as `--param key=value` arguments, to replay a run.
    pub fn as_cli_args(&self) -> String {
        self.iter()
            .map(|(k, v)| format!("--param {k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The parameters as a JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let map = self
            .iter()
            .map(|(k, v)| {
                let value = match v {
                    ParamValue::Int(i) => serde_json::json!(i),
                    ParamValue::Float(x) => serde_json::json!(x),
                    ParamValue::Bool(b) => serde_json::json!(b),
                    ParamValue::Word(w) => serde_json::json!(w),
                };
                (k.to_string(), value)
            })
            .collect();
        serde_json::Value::Object(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "population",
            kind: ParamKind::Int {
                min: 2,
                max: 1_000_000,
            },
            default: "100",
            help: "individuals",
        },
        ParamSpec {
            name: "rate",
            kind: ParamKind::Float { min: 0.0, max: 1.0 },
            default: "0.5",
            help: "a probability",
        },
        ParamSpec {
            name: "variant",
            kind: ParamKind::Choice(&["a", "b"]),
            default: "a",
            help: "which",
        },
    ];

    fn text(k: &str, v: &str) -> (String, RawValue) {
        (k.to_string(), RawValue::Text(v.to_string()))
    }

    #[test]
    fn defaults_fill_every_key() {
        let p = Params::resolve("x", SPECS, &[]).expect("defaults are valid");
        assert_eq!(p.int("population"), 100);
        assert_eq!(p.float("rate"), 0.5);
        assert_eq!(p.word("variant"), "a");
        assert_eq!(p.canonical(), "population=100;rate=0.5;variant=a");
    }

    #[test]
    fn unknown_key_lists_allowed_with_types() {
        let e = Params::resolve("x", SPECS, &[text("popsize", "3")]).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("popsize"), "{msg}");
        assert!(msg.contains("population (integer 2..=1000000)"), "{msg}");
    }

    #[test]
    fn out_of_range_and_wrong_type_are_refused() {
        for (k, v) in [
            ("population", "1"),
            ("rate", "1.5"),
            ("rate", "abc"),
            ("variant", "c"),
        ] {
            let e = Params::resolve("x", SPECS, &[text(k, v)]).unwrap_err();
            assert!(matches!(e, ParamError::BadValue { .. }), "{k}={v}: {e}");
        }
    }

    #[test]
    fn toml_values_are_typed() {
        let given = vec![
            (
                "population".to_string(),
                RawValue::Toml(toml::Value::Integer(6)),
            ),
            ("rate".to_string(), RawValue::Toml(toml::Value::Integer(1))),
        ];
        let p = Params::resolve("x", SPECS, &given).expect("valid");
        assert_eq!(p.int("population"), 6);
        assert_eq!(p.float("rate"), 1.0);
        let bad = vec![(
            "population".to_string(),
            RawValue::Toml(toml::Value::String("6".into())),
        )];
        assert!(Params::resolve("x", SPECS, &bad).is_err());
    }

    #[test]
    fn split_assignment_needs_an_equals_sign() {
        assert!(split_assignment("a=1").is_ok());
        assert!(split_assignment("a").is_err());
        assert!(split_assignment("=1").is_err());
    }
}
