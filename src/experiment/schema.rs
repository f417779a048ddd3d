//! The JSON Schema of the config format (`queens schema`), for editors with
//! a TOML language server: a config starting with a `#:schema` line naming
//! it is checked and completed as it is written. The tables, their keys and
//! their descriptions come from the structs the loader reads
//! ([`super::config`], derived with `schemars`), so the schema follows the
//! loader; the algorithm names and each algorithm's parameters (type,
//! range, choices, default, meaning) come from the registry. The schema
//! checks shape only: what needs the whole file (labels named by questions,
//! plan size, memory) is checked by `queens run --dry-run`.

use schemars::{Schema, SchemaGenerator, json_schema};
use serde_json::{Map, Value, json};

use super::config::RawConfig;
use crate::base::records::Measure;
use crate::solvers::algorithms::external;
use crate::solvers::in_process;
use crate::solvers::{Algorithm, ParamKind, algorithms};

/// The schema's file in the experiments directory, which the shipped
/// configs' `#:schema` line names.
pub const FILE_NAME: &str = "config.schema.json";

/// The JSON Schema of an experiment config.
pub fn config_schema() -> Value {
    let mut schema = schemars::schema_for!(RawConfig).to_value();
    let algorithm = schema
        .pointer_mut("/$defs/RawAlgorithm")
        .and_then(Value::as_object_mut);
    if let Some(algorithm) = algorithm {
        restrict_names(algorithm);
        algorithm.insert(
            "allOf".to_owned(),
            Value::Array(algorithms().iter().map(|a| params_of(a)).collect()),
        );
    }
    schema
}

/// The algorithm table's `name`: one of the registry's names, `external`,
/// or `python:NAME` for a solver registered in process.
fn restrict_names(algorithm: &mut Map<String, Value>) {
    let mut names: Vec<&str> = algorithms().iter().map(|a| a.name).collect();
    names.push(external::NAME);
    if let Some(name) = algorithm
        .get_mut("properties")
        .and_then(|p| p.get_mut("name"))
        .and_then(Value::as_object_mut)
    {
        let in_process = format!("^{}.+", in_process::PREFIX);
        name.insert(
            "anyOf".to_owned(),
            json!([{"enum": names}, {"pattern": in_process}]),
        );
    }
}

/// When `name` is this algorithm, its `params` hold only its parameters,
/// each a value of its kind or a list of them (a sweep).
fn params_of(algorithm: &Algorithm) -> Value {
    let properties: Map<String, Value> = algorithm
        .params
        .iter()
        .map(|p| {
            let one = value_schema(p.kind);
            let description = format!("{} (default {})", p.help, p.default);
            let schema = json!({
                "description": description,
                "anyOf": [one, {"type": "array", "items": one, "minItems": 1}],
            });
            (p.name.to_owned(), schema)
        })
        .collect();
    json!({
        "if": {"properties": {"name": {"const": algorithm.name}}, "required": ["name"]},
        "then": {"properties": {"params": {
            "type": "object",
            "properties": properties,
            "additionalProperties": false,
        }}},
    })
}

/// The schema of one value of a parameter of `kind`.
fn value_schema(kind: ParamKind) -> Value {
    match kind {
        ParamKind::Int { min, max } => {
            let mut schema = json!({"type": "integer", "minimum": min});
            if max != i64::MAX {
                schema["maximum"] = json!(max);
            }
            schema
        }
        ParamKind::Float { min, max } => {
            let mut schema = json!({"type": "number"});
            if min.is_finite() {
                schema["minimum"] = json!(min);
            }
            if max.is_finite() {
                schema["maximum"] = json!(max);
            }
            schema
        }
        ParamKind::Bool => json!({"type": "boolean"}),
        ParamKind::Choice(words) => json!({"type": "string", "enum": words}),
    }
}

/// `sizes`: a list of board sizes, or a range by step or by factor.
pub(super) fn sizes(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "Board sizes: a list like [8, 10, 12], or { from = 4, to = 30, step = 2 }, or { from = 8, to = 1024, factor = 2 }.",
        "anyOf": [
            {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1},
            {
                "type": "object",
                "properties": {
                    "from": {"type": "integer", "minimum": 1},
                    "to": {"type": "integer", "minimum": 1},
                    "step": {"type": "integer", "minimum": 1},
                    "factor": {"type": "integer", "minimum": 2},
                },
                "required": ["from", "to"],
                "additionalProperties": false,
                "not": {"required": ["step", "factor"]},
            },
        ],
    })
}

/// `trials`: a count for every size, or a table of counts by size.
pub(super) fn trials(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "Trials per size: a whole number like 100, or a table by size like { 8 = 500, 10 = 200 }.",
        "anyOf": [
            {"type": "integer", "minimum": 1},
            {
                "type": "object",
                "patternProperties": {"^[0-9]+$": {"type": "integer", "minimum": 1}},
                "additionalProperties": false,
            },
        ],
    })
}

/// An instance generator's count (`blocks`, `queens`, `diagonals`): a
/// whole number or a list of them, which the trials take in turn.
pub(super) fn instance_count(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "anyOf": [
            {"type": "integer", "minimum": 0},
            {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 1, "uniqueItems": true},
        ],
    })
}

/// The blocked generator's `free`: a number or a list of them.
pub(super) fn instance_free(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "anyOf": [
            {"type": "number", "minimum": 0},
            {"type": "array", "items": {"type": "number", "minimum": 0}, "minItems": 1, "uniqueItems": true},
        ],
    })
}

/// `targets`: attacking-pair counts, whole and distinct (the loader also
/// asks them strictly decreasing and ending in 0).
pub(super) fn targets(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "The targets of attacking pairs of the fixed-target chart, the runtime ECDF and the report's target tables, the same at every board size: whole numbers, strictly decreasing, ending in 0 (solved), like [10, 3, 1, 0]. Without it each size has its own: 1, 3, 10, 30, … below the attacking pairs of a random board, then 0.",
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 1,
        "uniqueItems": true,
    })
}

/// `params`: a table of parameter values (narrowed per algorithm by
/// [`params_of`]).
pub(super) fn params(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "The algorithm's parameters (`queens algorithms` lists them); a list of values sweeps the parameter.",
        "type": "object",
    })
}

/// `sweep`: how an entry's lists combine.
pub(super) fn sweep_mode(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "How lists in params combine: cross (every combination, the default) or zip (the i-th values together).",
        "type": "string",
        "enum": ["cross", "zip"],
    })
}

/// A question's `measure`.
pub(super) fn measure(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> = Measure::ALL.iter().map(|m| m.name()).collect();
    json_schema!({
        "description": "The measure compared: checks (the default), seconds, steps or evaluations.",
        "type": "string",
        "enum": names,
    })
}
