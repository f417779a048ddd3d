//! `queens schema`: the JSON Schema of the config format, printed on
//! stdout ([`queens::experiment::schema`]).

use std::io::{self, Write};

use queens::experiment::schema::config_schema;

use crate::cli::Exit;

/// Print the JSON Schema of experiment configs.
///
/// Editors with a TOML language server (Taplo, Even Better TOML) check and
/// complete a config whose first line names the schema, as the shipped
/// configs do: `#:schema ./config.schema.json`. Write it next to your
/// configs with `queens schema > config.schema.json`.
#[derive(clap::Args)]
pub struct SchemaArgs {}

/// Prints the schema, pretty-printed.
pub fn run(_: SchemaArgs) -> anyhow::Result<Exit> {
    let text = serde_json::to_string_pretty(&config_schema())?;
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    Ok(Exit::Success)
}
