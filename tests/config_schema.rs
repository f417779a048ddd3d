//! The JSON Schema of the config format (`queens schema`): the committed
//! experiments/config.schema.json is what the binary prints, every shipped
//! config names it on its first line and is valid against it, and the
//! mistakes an editor should underline — a misspelled key, an unknown
//! algorithm, a parameter another algorithm has, a value out of range —
//! are not.

mod common;

use common::{queens, stderr};

use serde_json::Value;

/// The schema `queens schema` prints.
fn printed_schema() -> Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(dir.path(), &["schema"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// The config at `path` as JSON, the way a TOML language server sees it.
fn as_json(text: &str) -> Value {
    let table: toml::Table = toml::from_str(text).expect("TOML");
    serde_json::to_value(table).expect("JSON")
}

fn shipped_configs() -> Vec<(String, String)> {
    let mut configs: Vec<(String, String)> = std::fs::read_dir("experiments")
        .expect("experiments/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p.display().to_string(), text)
        })
        .collect();
    configs.sort();
    configs
}

#[test]
fn the_committed_schema_is_the_one_the_binary_prints() {
    let committed: Value = serde_json::from_str(
        &std::fs::read_to_string("experiments/config.schema.json").expect("committed"),
    )
    .expect("JSON");
    assert_eq!(
        committed,
        printed_schema(),
        "experiments/config.schema.json is stale: run `queens schema > experiments/config.schema.json`"
    );
}

#[test]
fn every_shipped_config_names_the_schema_and_is_valid() {
    let validator = jsonschema::validator_for(&printed_schema()).expect("a valid schema");
    let configs = shipped_configs();
    assert!(configs.len() >= 7, "{configs:?}");
    for (path, text) in configs {
        assert_eq!(
            text.lines().next(),
            Some("#:schema ./config.schema.json"),
            "{path}"
        );
        let errors: Vec<String> = validator
            .iter_errors(&as_json(&text))
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{path}: {errors:?}");
    }
}

#[test]
fn the_schema_rejects_what_the_loader_rejects() {
    let validator = jsonschema::validator_for(&printed_schema()).expect("a valid schema");
    let base = "name = \"t\"\nsizes = [8]\ntrials = 3\n[[algorithm]]\nname = \"min-conflicts\"\n";
    assert!(validator.is_valid(&as_json(base)));
    for bad in [
        base.replace("sizes", "sizez"),
        base.replace("min-conflicts", "min-conflict"),
        format!("{base}params = {{ restart_afte = 3 }}\n"),
        format!("{base}params = {{ mutation_rate = 0.1 }}\n"),
        format!("{base}params = {{ variant = \"quick\" }}\n"),
        format!("{base}budget = {{ max_step = 10 }}\n"),
        base.replace("trials = 3", "trials = 0"),
        base.replace("trials = 3", "trials = 3\ntargets = []"),
        base.replace("trials = 3", "trials = 3\ntargets = [2, 2, 0]"),
        base.replace("trials = 3", "trials = 3\ntargets = [2, -1]"),
        base.replace(
            "sizes = [8]",
            "sizes = { from = 4, to = 8, step = 2, factor = 2 }",
        ),
    ] {
        assert!(!validator.is_valid(&as_json(&bad)), "accepted:\n{bad}");
        assert!(
            queens::experiment::config::load("bad.toml", &bad).is_err(),
            "the loader accepts what the schema rejects:\n{bad}"
        );
    }
    let targets = base.replace("trials = 3", "trials = 3\ntargets = [10, 3, 1, 0]");
    assert!(validator.is_valid(&as_json(&targets)));
    let sweep = format!("{base}params = {{ variant = [\"fast\", \"random\"] }}\n");
    assert!(validator.is_valid(&as_json(&sweep)));
    let in_process = base.replace("min-conflicts", "python:mine");
    assert!(validator.is_valid(&as_json(&in_process)));
}
