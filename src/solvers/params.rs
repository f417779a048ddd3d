//! Algorithm parameters: each algorithm declares its parameters as
//! [`ParamSpec`]s and, when it has variants, which of them each variant uses
//! ([`VariantSpec`]); user input ([`RawValue`]s from `--param key=value` or
//! a config file, which converts its own values) is checked against them and
//! completed into a typed [`Params`] map holding exactly the parameters in
//! effect for the chosen variant. Each algorithm then reads that map once
//! into its typed settings; a getter asked for a key that is not in effect
//! returns [`ParamError::NotInEffect`], which the registry tests turn into a
//! failure (every variant of every algorithm is resolved there).

use std::collections::BTreeMap;
use std::fmt;

use crate::base::suggest::did_you_mean;

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

impl ParamValue {
    /// The value `text` reads as without a declaration: `true`/`false` a
    /// flag, a whole number an integer (so is a real written as one, `1.0`),
    /// another finite number a real, and anything else a word. Its
    /// [`Display`](fmt::Display) text reads back as the same value.
    pub fn infer(text: &str) -> ParamValue {
        let text = text.trim();
        if let Ok(flag) = text.parse::<bool>() {
            return ParamValue::Bool(flag);
        }
        if let Ok(int) = text.parse::<i64>() {
            return ParamValue::Int(int);
        }
        match text.parse::<f64>() {
            Ok(x) if x.is_finite() => match x.to_string().parse::<i64>() {
                Ok(int) => ParamValue::Int(int),
                Err(_) => ParamValue::Float(x),
            },
            _ => ParamValue::Word(text.to_string()),
        }
    }
}

/// Parameters given by the user (or a board size) that do not fit the
/// algorithm.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// The algorithm has no parameter of that name.
    #[error(
        "unknown parameter '{key}' for algorithm '{algorithm}'{suggestion}; allowed: {allowed}"
    )]
    UnknownKey {
        /// The algorithm's name.
        algorithm: String,
        /// The key given.
        key: String,
        /// ` (did you mean 'KEY'?)` when a declared key is close, else empty.
        suggestion: String,
        /// The declared parameters with their types.
        allowed: String,
    },
    /// The value does not have the declared type or range, or differs from
    /// the value the chosen variant fixes.
    #[error("bad value '{value}' for parameter '{key}': expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The declared type and range, or the fixed value.
        expected: String,
    },
    /// The parameter exists but the chosen variant does not use it.
    #[error(
        "parameter '{key}' does not apply to {algorithm} variant={variant}; that variant takes: {accepted}"
    )]
    NotForVariant {
        /// The algorithm's name.
        algorithm: String,
        /// The chosen variant.
        variant: String,
        /// The key given.
        key: String,
        /// The parameters the variant takes, with their types.
        accepted: String,
    },
    /// The same key was given more than once.
    #[error("parameter '{key}' is given twice for algorithm '{algorithm}': give each key once")]
    Duplicate {
        /// The algorithm's name.
        algorithm: String,
        /// The repeated key.
        key: String,
    },
    /// A `--param` argument without `=`.
    #[error("malformed parameter '{0}': write key=value")]
    Malformed(String),
    /// An algorithm's settings asked for a parameter that is not in effect,
    /// or as another type, or met a choice word they do not handle: its
    /// settings and its declared parameters disagree (a bug in the
    /// algorithm's file, which the registry tests catch).
    #[error(
        "parameter '{key}' is not in effect as {wanted}: the algorithm's settings and its declared parameters disagree"
    )]
    NotInEffect {
        /// The key asked for.
        key: String,
        /// What was asked for (the type, or the words handled).
        wanted: String,
    },
    /// An algorithm's declaration contradicts itself: a default or fixed
    /// value that does not check, a variant without its [`VariantSpec`], a
    /// variant using an undeclared key (a bug in the algorithm's file, which
    /// the registry tests catch).
    #[error("{algorithm} declares its parameters wrongly: {problem}")]
    Declaration {
        /// The algorithm's name.
        algorithm: String,
        /// What is wrong.
        problem: String,
    },
    /// A run of this algorithm at this size would need more memory than the
    /// limit (see [`super::memory`]).
    #[error(
        "{algorithm} ({params}) at N = {n} needs about {} of memory ({bytes} bytes, estimated), \
         more than the limit of {} ({limit_source}): {hint}",
        super::memory::human(*.bytes),
        super::memory::human(*.limit)
    )]
    TooLarge {
        /// The algorithm's name.
        algorithm: String,
        /// Its parameters in effect, canonical.
        params: String,
        /// The board size.
        n: usize,
        /// The estimated bytes.
        bytes: u64,
        /// The limit in bytes.
        limit: u64,
        /// Where the limit comes from.
        limit_source: String,
        /// What to do instead.
        hint: String,
    },
}

/// The parameter whose value selects an algorithm's variant.
pub const VARIANT: &str = "variant";

/// How a variant uses one of its algorithm's declared parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Use {
    /// The user may set this key; unset, it takes its declared default.
    Free(&'static str),
    /// The variant fixes this key to this value (written as a user would
    /// write it): giving the same value is accepted (a replayed row does),
    /// any other value is refused.
    Fixed(&'static str, &'static str),
}

impl Use {
    /// The parameter's key.
    pub fn key(self) -> &'static str {
        match self {
            Use::Free(key) | Use::Fixed(key, _) => key,
        }
    }
}

/// One variant of an algorithm: the value of its [`VARIANT`] parameter and
/// the other parameters it uses. A declared parameter the variant does not
/// list does not apply to it: given explicitly it is refused, and it is not
/// part of the variant's [`Params`].
#[derive(Clone, Copy, Debug)]
pub struct VariantSpec {
    /// The value of `variant` that selects it.
    pub name: &'static str,
    /// The parameters it uses besides `variant`.
    pub uses: &'static [Use],
    /// Its source in a few words, as the report's Source column cites a
    /// label of this variant (the algorithm's citation covers them all).
    pub citation: &'static str,
}

/// A complete, checked set of parameters: every key in effect for the chosen
/// variant (every declared key for an algorithm without variants) with its
/// value. These are what a run records (`params` in JSON and runs.csv), so
/// replaying them as `--param key=value` gives the same run.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Params {
    values: BTreeMap<String, ParamValue>,
}

/// A parameter value as the user gave it, before it is checked against
/// the declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum RawValue {
    /// Command-line text (`--param key=value`): parsed according to the
    /// declared kind.
    Text(String),
    /// A string from a typed source (a config file): only a choice takes it.
    String(String),
    /// A whole number from a typed source; a real parameter takes it too.
    Integer(i64),
    /// A real number from a typed source.
    Float(f64),
    /// A flag from a typed source.
    Bool(bool),
}

impl fmt::Display for RawValue {
    /// The value as its source writes it: command-line text as given,
    /// strings quoted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RawValue::Text(t) => f.write_str(t),
            RawValue::String(s) => write!(f, "{s:?}"),
            RawValue::Integer(i) => write!(f, "{i}"),
            RawValue::Float(x) => write!(f, "{x:?}"),
            RawValue::Bool(b) => write!(f, "{b}"),
        }
    }
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

/// Lists the parameters a variant takes (`variant` first) with their types
/// or fixed values, for error messages.
fn describe_uses(specs: &[ParamSpec], uses: &[Use]) -> String {
    let kind = |key: &str| {
        specs
            .iter()
            .find(|s| s.name == key)
            .map_or_else(String::new, |s| s.kind.to_string())
    };
    std::iter::once(format!("{VARIANT} ({})", kind(VARIANT)))
        .chain(uses.iter().map(|u| match *u {
            Use::Free(key) => format!("{key} ({})", kind(key)),
            Use::Fixed(key, value) => format!("{key} (fixed: {value})"),
        }))
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

fn from_typed(spec: &ParamSpec, value: &RawValue) -> Result<ParamValue, ()> {
    match (spec.kind, value) {
        (_, RawValue::Text(text)) => parse_text(spec, text),
        (ParamKind::Int { .. }, RawValue::Integer(v)) => Ok(ParamValue::Int(*v)),
        (ParamKind::Float { .. }, RawValue::Float(v)) => Ok(ParamValue::Float(*v)),
        (ParamKind::Float { .. }, RawValue::Integer(v)) => Ok(ParamValue::Float(*v as f64)),
        (ParamKind::Bool, RawValue::Bool(v)) => Ok(ParamValue::Bool(*v)),
        (ParamKind::Choice(_), RawValue::String(v)) => Ok(ParamValue::Word(v.clone())),
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
    match from_typed(spec, raw) {
        Ok(v) if in_range(spec.kind, &v) => Ok(v),
        _ => Err(ParamError::BadValue {
            key: spec.name.to_string(),
            value: raw.to_string(),
            expected: spec.kind.to_string(),
        }),
    }
}

/// The error of settings that asked for `key` as `wanted`, which is not in
/// effect.
fn not_in_effect(key: &str, wanted: &str) -> ParamError {
    ParamError::NotInEffect {
        key: key.to_string(),
        wanted: wanted.to_string(),
    }
}

/// The error of settings that met the word `found` for the choice `key`
/// and do not handle it: a word the declaration allows but the settings
/// forgot (or misspell).
pub fn unhandled_word(key: &str, found: &str) -> ParamError {
    not_in_effect(key, &format!("a word its settings handle (not '{found}')"))
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
    /// Checks `given` against `specs` and `variants` for `algorithm` and
    /// completes it into the parameters in effect: `variant` (when declared)
    /// and the keys the chosen variant uses, each given, fixed by the variant
    /// or at its declared default. With no `variants`, every declared key is
    /// in effect. Refuses an unknown key, a key given twice, a bad value, a
    /// key the chosen variant does not use, and a value other than the one
    /// the variant fixes; a declaration that contradicts itself (a default
    /// or fixed value that does not check, a variant missing from
    /// `variants`, an undeclared key) is [`ParamError::Declaration`].
    pub fn resolve(
        algorithm: &str,
        specs: &'static [ParamSpec],
        variants: &[VariantSpec],
        given: &[(String, RawValue)],
    ) -> Result<Params, ParamError> {
        let spec_of = |key: &str| specs.iter().find(|s| s.name == key);
        let wrong = |problem: String| ParamError::Declaration {
            algorithm: algorithm.to_string(),
            problem,
        };
        let mut explicit: BTreeMap<&'static str, ParamValue> = BTreeMap::new();
        for (key, raw) in given {
            let spec = spec_of(key).ok_or_else(|| ParamError::UnknownKey {
                algorithm: algorithm.to_string(),
                key: key.clone(),
                suggestion: did_you_mean(key, specs.iter().map(|s| s.name)),
                allowed: describe_specs(specs),
            })?;
            let value = check(spec, raw)?;
            if explicit.insert(spec.name, value).is_some() {
                return Err(ParamError::Duplicate {
                    algorithm: algorithm.to_string(),
                    key: key.clone(),
                });
            }
        }
        let declared = |spec: &ParamSpec, text: &str| {
            check(spec, &RawValue::Text(text.to_string()))
                .map_err(|e| wrong(format!("declared value of '{}': {e}", spec.name)))
        };
        let mut values = BTreeMap::new();
        if variants.is_empty() {
            for spec in specs {
                let value = match explicit.remove(spec.name) {
                    Some(value) => value,
                    None => declared(spec, spec.default)?,
                };
                values.insert(spec.name.to_string(), value);
            }
            return Ok(Params { values });
        }
        let selector = spec_of(VARIANT)
            .ok_or_else(|| wrong(format!("it has variants but no '{VARIANT}' parameter")))?;
        let chosen = match explicit.remove(VARIANT) {
            Some(chosen) => chosen,
            None => declared(selector, selector.default)?,
        };
        let variant = variants
            .iter()
            .find(|v| ParamValue::Word(v.name.to_string()) == chosen)
            .ok_or_else(|| wrong(format!("variant {chosen} has no VariantSpec")))?;
        if let Some((key, _)) = given
            .iter()
            .find(|(key, _)| key != VARIANT && !variant.uses.iter().any(|u| u.key() == key))
        {
            return Err(ParamError::NotForVariant {
                algorithm: algorithm.to_string(),
                variant: variant.name.to_string(),
                key: key.to_string(),
                accepted: describe_uses(specs, variant.uses),
            });
        }
        values.insert(selector.name.to_string(), chosen);
        for &used in variant.uses {
            let spec = spec_of(used.key()).ok_or_else(|| {
                wrong(format!(
                    "variant {} uses '{}', which is not declared",
                    variant.name,
                    used.key()
                ))
            })?;
            let value = match (used, explicit.remove(spec.name)) {
                (Use::Free(_), Some(given)) => given,
                (Use::Free(_), None) => declared(spec, spec.default)?,
                (Use::Fixed(_, fixed), given) => {
                    let fixed_value = declared(spec, fixed)?;
                    if let Some(given) = given.filter(|g| *g != fixed_value) {
                        return Err(ParamError::BadValue {
                            key: spec.name.to_string(),
                            value: given.to_string(),
                            expected: format!(
                                "{fixed}: variant={} fixes it (leave it unset)",
                                variant.name
                            ),
                        });
                    }
                    fixed_value
                }
            };
            values.insert(spec.name.to_string(), value);
        }
        Ok(Params { values })
    }

    /// Parameters passed through unchecked, for an external program
    /// (`crate::solvers::algorithms::external`), which declares none: each value as
    /// [`ParamValue::infer`] reads its text, so a run and its replay from
    /// `--param key=value` hold the same values. A key given twice is
    /// refused.
    pub fn verbatim(
        algorithm: &str,
        given: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Params, ParamError> {
        let mut values = BTreeMap::new();
        for (key, text) in given {
            if values.contains_key(&key) {
                return Err(ParamError::Duplicate {
                    algorithm: algorithm.to_string(),
                    key,
                });
            }
            let value = ParamValue::infer(&text);
            values.insert(key, value);
        }
        Ok(Params { values })
    }

    /// The value of `key`, or [`ParamError::NotInEffect`] naming `wanted`.
    fn get(&self, key: &str, wanted: &str) -> Result<&ParamValue, ParamError> {
        self.values
            .get(key)
            .ok_or_else(|| not_in_effect(key, wanted))
    }

    /// The value of an integer parameter in effect.
    pub fn int(&self, key: &str) -> Result<i64, ParamError> {
        const WANTED: &str = "an integer";
        match self.get(key, WANTED)? {
            ParamValue::Int(v) => Ok(*v),
            _ => Err(not_in_effect(key, WANTED)),
        }
    }

    /// The value of an integer parameter in effect as a count: negative
    /// values (which a range starting at 0 or above never lets through)
    /// read as 0.
    pub fn count(&self, key: &str) -> Result<u64, ParamError> {
        Ok(u64::try_from(self.int(key)?).unwrap_or(0))
    }

    /// The value of a real parameter in effect.
    pub fn float(&self, key: &str) -> Result<f64, ParamError> {
        const WANTED: &str = "a number";
        match self.get(key, WANTED)? {
            ParamValue::Float(v) => Ok(*v),
            _ => Err(not_in_effect(key, WANTED)),
        }
    }

    /// The value of a flag in effect.
    pub fn flag(&self, key: &str) -> Result<bool, ParamError> {
        const WANTED: &str = "a flag";
        match self.get(key, WANTED)? {
            ParamValue::Bool(v) => Ok(*v),
            _ => Err(not_in_effect(key, WANTED)),
        }
    }

    /// The value of a choice in effect.
    pub fn word(&self, key: &str) -> Result<&str, ParamError> {
        const WANTED: &str = "a word";
        match self.get(key, WANTED)? {
            ParamValue::Word(v) => Ok(v),
            _ => Err(not_in_effect(key, WANTED)),
        }
    }

    /// All parameters, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &ParamValue)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The canonical one-line form, `key=value;key=value` sorted by key: the
    /// `params` column of runs.csv.
    pub fn canonical(&self) -> String {
        self.iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(";")
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
        let p = Params::resolve("x", SPECS, &[], &[]).expect("defaults are valid");
        assert_eq!(p.int("population"), Ok(100));
        assert_eq!(p.count("population"), Ok(100));
        assert_eq!(p.float("rate"), Ok(0.5));
        assert_eq!(p.word("variant"), Ok("a"));
        assert_eq!(p.canonical(), "population=100;rate=0.5;variant=a");
    }

    #[test]
    fn a_key_not_in_effect_is_an_error_not_a_panic() {
        let p = Params::resolve("x", SPECS, &[], &[]).expect("defaults are valid");
        assert_eq!(
            p.int("populaton"),
            Err(ParamError::NotInEffect {
                key: "populaton".into(),
                wanted: "an integer".into(),
            })
        );
        // In effect, but of another type.
        assert!(matches!(
            p.flag("rate"),
            Err(ParamError::NotInEffect { .. })
        ));
        assert!(matches!(
            p.word("population"),
            Err(ParamError::NotInEffect { .. })
        ));
        let e = unhandled_word("variant", "c");
        assert_eq!(
            e.to_string(),
            "parameter 'variant' is not in effect as a word its settings handle (not 'c'): the algorithm's settings and its declared parameters disagree"
        );
    }

    #[test]
    fn a_declaration_that_contradicts_itself_is_an_error_not_a_panic() {
        static BAD_DEFAULT: &[ParamSpec] = &[ParamSpec {
            name: "rate",
            kind: ParamKind::Float { min: 0.0, max: 1.0 },
            default: "2",
            help: "",
        }];
        let e = Params::resolve("x", BAD_DEFAULT, &[], &[]).unwrap_err();
        assert!(
            matches!(&e, ParamError::Declaration { algorithm, problem }
                if algorithm == "x" && problem.contains("'rate'")),
            "{e}"
        );
        static MISSPELT: &[VariantSpec] = &[
            VariantSpec {
                name: "a",
                uses: &[Use::Free("populaton")],
                citation: "",
            },
            VariantSpec {
                name: "b",
                uses: &[],
                citation: "",
            },
        ];
        let e = Params::resolve("x", SPECS, MISSPELT, &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x declares its parameters wrongly: variant a uses 'populaton', which is not declared"
        );
        let e = Params::resolve("x", SPECS, &MISSPELT[1..], &[]).unwrap_err();
        assert!(
            e.to_string().contains("variant a has no VariantSpec"),
            "{e}"
        );
    }

    #[test]
    fn unknown_key_lists_allowed_with_types() {
        let e = Params::resolve("x", SPECS, &[], &[text("popsize", "3")]).unwrap_err();
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
            let e = Params::resolve("x", SPECS, &[], &[text(k, v)]).unwrap_err();
            assert!(matches!(e, ParamError::BadValue { .. }), "{k}={v}: {e}");
        }
    }

    #[test]
    fn typed_values_are_typed() {
        let given = vec![
            ("population".to_string(), RawValue::Integer(6)),
            ("rate".to_string(), RawValue::Integer(1)),
            ("variant".to_string(), RawValue::String("b".into())),
        ];
        let p = Params::resolve("x", SPECS, &[], &given).expect("valid");
        assert_eq!(p.int("population"), Ok(6));
        assert_eq!(p.float("rate"), Ok(1.0));
        assert_eq!(p.word("variant"), Ok("b"));
        // A typed string is not parsed as a number, as command-line text is.
        let bad = vec![("population".to_string(), RawValue::String("6".into()))];
        assert_eq!(
            Params::resolve("x", SPECS, &[], &bad),
            Err(ParamError::BadValue {
                key: "population".into(),
                value: "\"6\"".into(),
                expected: "integer 2..=1000000".into(),
            })
        );
        let bad = vec![("rate".to_string(), RawValue::Float(1.5))];
        let e = Params::resolve("x", SPECS, &[], &bad).unwrap_err();
        assert!(e.to_string().contains("bad value '1.5'"), "{e}");
        let bad = vec![("population".to_string(), RawValue::Bool(true))];
        assert!(Params::resolve("x", SPECS, &[], &bad).is_err());
    }

    static VARIANTS: &[VariantSpec] = &[
        VariantSpec {
            name: "a",
            uses: &[Use::Free("population")],
            citation: "",
        },
        VariantSpec {
            name: "b",
            uses: &[Use::Fixed("rate", "0.25")],
            citation: "",
        },
    ];

    #[test]
    fn a_variant_holds_only_its_own_keys() {
        let a = Params::resolve("x", SPECS, VARIANTS, &[]).expect("defaults");
        assert_eq!(a.canonical(), "population=100;variant=a");
        assert!(a.iter().all(|(k, _)| k != "rate"));
        let b = Params::resolve("x", SPECS, VARIANTS, &[text("variant", "b")]).expect("b");
        assert_eq!(b.canonical(), "rate=0.25;variant=b");
        assert_eq!(b.float("rate"), Ok(0.25));
    }

    #[test]
    fn a_key_the_variant_does_not_use_is_refused() {
        let e = Params::resolve("x", SPECS, VARIANTS, &[text("rate", "0.5")]).unwrap_err();
        assert_eq!(
            e,
            ParamError::NotForVariant {
                algorithm: "x".into(),
                variant: "a".into(),
                key: "rate".into(),
                accepted: "variant (a|b), population (integer 2..=1000000)".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            "parameter 'rate' does not apply to x variant=a; that variant takes: variant (a|b), population (integer 2..=1000000)"
        );
        let given = [text("variant", "b"), text("population", "3")];
        let e = Params::resolve("x", SPECS, VARIANTS, &given).unwrap_err();
        assert!(
            e.to_string()
                .contains("'population' does not apply to x variant=b; that variant takes: variant (a|b), rate (fixed: 0.25)"),
            "{e}"
        );
    }

    #[test]
    fn a_fixed_key_takes_only_its_fixed_value() {
        let same = [text("variant", "b"), text("rate", "0.25")];
        let p = Params::resolve("x", SPECS, VARIANTS, &same).expect("the fixed value");
        assert_eq!(p.canonical(), "rate=0.25;variant=b");
        // The generic default (0.5) is not the fixed value either.
        let other = [text("variant", "b"), text("rate", "0.5")];
        let e = Params::resolve("x", SPECS, VARIANTS, &other).unwrap_err();
        assert_eq!(
            e,
            ParamError::BadValue {
                key: "rate".into(),
                value: "0.5".into(),
                expected: "0.25: variant=b fixes it (leave it unset)".into(),
            }
        );
    }

    #[test]
    fn a_key_given_twice_is_refused() {
        for variants in [&[][..], VARIANTS] {
            let given = [text("population", "3"), text("population", "4")];
            let e = Params::resolve("x", SPECS, variants, &given).unwrap_err();
            assert_eq!(
                e,
                ParamError::Duplicate {
                    algorithm: "x".into(),
                    key: "population".into()
                }
            );
        }
        let given = [text("variant", "a"), text("variant", "a")];
        let e = Params::resolve("x", SPECS, VARIANTS, &given).unwrap_err();
        assert!(e.to_string().contains("'variant' is given twice"), "{e}");
    }

    #[test]
    fn verbatim_values_read_back_from_their_text() {
        let given = [
            ("a", "1"),
            ("b", "1.0"),
            ("c", "0.1"),
            ("d", "true"),
            ("e", "tabu"),
        ];
        let p = Params::verbatim("x", given.map(|(k, v)| (k.to_string(), v.to_string())))
            .expect("distinct keys");
        assert_eq!(p.canonical(), "a=1;b=1;c=0.1;d=true;e=tabu");
        for (_, value) in p.iter() {
            assert_eq!(&ParamValue::infer(&value.to_string()), value);
        }
        let twice = [("a", "1"), ("a", "2")].map(|(k, v)| (k.to_string(), v.to_string()));
        assert!(matches!(
            Params::verbatim("x", twice),
            Err(ParamError::Duplicate { .. })
        ));
    }

    #[test]
    fn split_assignment_needs_an_equals_sign() {
        assert!(split_assignment("a=1").is_ok());
        assert!(split_assignment("a").is_err());
        assert!(split_assignment("=1").is_err());
    }
}
