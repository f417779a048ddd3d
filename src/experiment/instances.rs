//! The `instance` table of a config: the hard N-Queens instances its
//! trials search instead of the plain problem
//! ([`crate::base::instance`]), for the whole plan (top level) or for one
//! `[[algorithm]]` (over the top-level one).
//!
//! ```toml
//! [instance]                # a generator: every label meets the same instances
//! generator = "blocked"     # blocked | completion | diagonals
//! free = [9, 8, 7.5, 7]     # blocked: mean allowed squares per row and column
//!                           # (N·(N − free) blocks), or blocks = [10, 20]
//! min_free = 1              # blocked, diagonals: allowed squares kept per line (default 1)
//! # queens = 5              # completion: queens given
//! # diagonals = [4, 8]      # diagonals: diagonals excluded
//!
//! # instance = { file = "instances/x.param" }   # one instance (its N is the plan's size)
//! # instance = { dir = "instances/block-10" }    # one instance per trial, files by name
//! ```
//!
//! A parameter given a list does not make labels (as a parameter sweep
//! does): trial `t` takes the `t`-th value, cycling, so every value gets
//! the same share of the trials and a label's rows span them all. The
//! instance's seed comes from the master seed, N and the trial
//! ([`crate::base::instance::source::instance_seed`]). A file fixes the
//! size (the config's `sizes` must be absent or that N); a directory
//! fixes the sizes and the trials (its files of each N, sorted by name),
//! so `sizes` and `trials` must be absent. Every instance of the plan is
//! made (or read) when the config loads, so impossible parameters and bad
//! files are refused before anything runs. Paths start from the config
//! file's directory.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::diagnostics::ConfigError;
use crate::base::instance::read::read_file;
use crate::base::instance::source::{GeneratorSetting, InstanceFile};
use crate::base::instance::{Generator, InstanceSource};

/// The instances a plan's trials search: a generator with its parameters,
/// a file, or a directory of files.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RawInstance {
    /// The generator: "blocked", "completion" or "diagonals" (instead of `file` or `dir`).
    #[schemars(with = "Option<String>")]
    generator: Option<Spanned<String>>,
    /// blocked: the number of squares blocked, or a list (trial t takes the t-th value, cycling).
    #[serde(default)]
    #[schemars(schema_with = "super::schema::instance_count")]
    blocks: Option<Spanned<toml::Value>>,
    /// blocked: the mean allowed squares per row and column, N − blocks/N (the paper's x axis), or a list; instead of `blocks`.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::instance_free")]
    free: Option<Spanned<toml::Value>>,
    /// blocked, diagonals: the allowed squares kept in every row and column (default 1).
    #[schemars(with = "Option<u64>")]
    min_free: Option<Spanned<u64>>,
    /// completion: the number of queens given, or a list.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::instance_count")]
    queens: Option<Spanned<toml::Value>>,
    /// diagonals: the number of diagonals excluded, or a list.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::instance_count")]
    diagonals: Option<Spanned<toml::Value>>,
    /// One instance file (ASP facts, Essence′ parameters, CSPLib excluded-diagonals files, MiniZinc data), relative to the config file.
    #[schemars(with = "Option<String>")]
    file: Option<Spanned<String>>,
    /// A directory of instance files: one per trial, sorted by name, relative to the config file.
    #[schemars(with = "Option<String>")]
    dir: Option<Spanned<String>>,
}

/// The instance source of a table, read and checked, with where it is
/// written.
pub(super) struct Instances {
    /// The source.
    pub source: Arc<InstanceSource>,
    /// Where the table is written.
    pub span: Range<usize>,
}

/// The default of `min_free`.
const DEFAULT_MIN_FREE: u64 = 1;

/// What a table's forms are.
const FORMS: &str = "give `generator` with its parameters, or `file`, or `dir`, like { generator = \"blocked\", blocks = 20, min_free = 1 } or { file = \"instances/x.param\" }";

impl RawInstance {
    /// Where the table starts, for messages about the whole of it.
    fn span(&self) -> Range<usize> {
        [&self.generator, &self.file, &self.dir]
            .into_iter()
            .filter_map(|key| key.as_ref().map(Spanned::span))
            .chain(self.generator_keys().into_iter().map(|(_, span)| span))
            .min_by_key(|s| s.start)
            .unwrap_or(0..0)
    }

    /// The source this table names; `config` is the config file's path,
    /// whose directory relative paths start from.
    pub(super) fn read(
        &self,
        config: &str,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<Instances, ConfigError> {
        let span = self.span();
        let dir = Path::new(config)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let source = match (&self.generator, &self.file, &self.dir) {
            (Some(name), None, None) => self.generator(name, at)?,
            (None, Some(file), None) => {
                let path = dir.join(file.get_ref());
                let instance =
                    read_file(&path, file.get_ref()).map_err(|e| at(file.span(), e.to_string()))?;
                self.no_generator_keys(at)?;
                InstanceSource::File(InstanceFile { instance })
            }
            (None, None, Some(folder)) => {
                self.no_generator_keys(at)?;
                InstanceSource::Directory {
                    path: folder.get_ref().clone(),
                    files: read_dir(&dir.join(folder.get_ref()), folder, at)?,
                }
            }
            _ => {
                return Err(at(
                    span,
                    format!("an instance table names exactly one source: {FORMS}"),
                ));
            }
        };
        Ok(Instances {
            source: Arc::new(source),
            span,
        })
    }

    /// The generator parameters this table sets, each with where it is
    /// written.
    fn generator_keys(&self) -> Vec<(&'static str, Range<usize>)> {
        [
            ("blocks", self.blocks.as_ref().map(Spanned::span)),
            ("free", self.free.as_ref().map(Spanned::span)),
            ("queens", self.queens.as_ref().map(Spanned::span)),
            ("diagonals", self.diagonals.as_ref().map(Spanned::span)),
            ("min_free", self.min_free.as_ref().map(Spanned::span)),
        ]
        .into_iter()
        .filter_map(|(key, span)| Some((key, span?)))
        .collect()
    }

    /// Refuses generator parameters beside a file or a directory.
    fn no_generator_keys(
        &self,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<(), ConfigError> {
        match self.generator_keys().into_iter().next() {
            Some((key, span)) => Err(at(
                span,
                format!(
                    "`{key}` is a generator's parameter: a file or a directory holds its instances whole; remove it"
                ),
            )),
            None => Ok(()),
        }
    }

    /// The generator `name` with this table's parameters.
    fn generator(
        &self,
        name: &Spanned<String>,
        at: &impl Fn(Range<usize>, String) -> ConfigError,
    ) -> Result<InstanceSource, ConfigError> {
        let min_free = self
            .min_free
            .as_ref()
            .map_or(DEFAULT_MIN_FREE, |m| *m.get_ref());
        let only = |allowed: &[&str]| -> Result<(), ConfigError> {
            for (key, span) in self.generator_keys() {
                if !allowed.contains(&key) {
                    return Err(at(
                        span,
                        format!(
                            "the {} generator has no parameter `{key}`: it takes {}",
                            name.get_ref(),
                            allowed.join(", ")
                        ),
                    ));
                }
            }
            Ok(())
        };
        let needed = |key: &str| {
            at(
                name.span(),
                format!("the {} generator needs `{key}`", name.get_ref()),
            )
        };
        let settings = match name.get_ref().as_str() {
            "blocked" => {
                only(&["blocks", "free", "min_free"])?;
                match (&self.blocks, &self.free) {
                    (Some(blocks), None) => counts(blocks, "blocks", at)?
                        .into_iter()
                        .map(|blocks| {
                            GeneratorSetting::Fixed(Generator::Blocked { blocks, min_free })
                        })
                        .collect(),
                    (None, Some(free)) => frees(free, at)?
                        .into_iter()
                        .map(|free| GeneratorSetting::BlockedFree { free, min_free })
                        .collect(),
                    _ => {
                        return Err(at(
                            name.span(),
                            "the blocked generator needs `blocks` (squares blocked) or `free` (mean allowed squares per row and column), not both".to_string(),
                        ));
                    }
                }
            }
            "completion" => {
                only(&["queens"])?;
                counts(
                    self.queens.as_ref().ok_or_else(|| needed("queens"))?,
                    "queens",
                    at,
                )?
                .into_iter()
                .map(|queens| GeneratorSetting::Fixed(Generator::Completion { queens }))
                .collect()
            }
            "diagonals" => {
                only(&["diagonals", "min_free"])?;
                counts(
                    self.diagonals.as_ref().ok_or_else(|| needed("diagonals"))?,
                    "diagonals",
                    at,
                )?
                .into_iter()
                .map(|diagonals| {
                    GeneratorSetting::Fixed(Generator::Diagonals {
                        diagonals,
                        min_free,
                    })
                })
                .collect()
            }
            other => {
                return Err(at(
                    name.span(),
                    format!(
                        "unknown instance generator `{other}`: use one of {}",
                        crate::base::instance::source::GENERATOR_NAMES.join(", ")
                    ),
                ));
            }
        };
        Ok(InstanceSource::Generated { settings })
    }
}

/// A whole number or a list of them (each once).
fn counts(
    value: &Spanned<toml::Value>,
    key: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<u64>, ConfigError> {
    let bad = || {
        at(
            value.span(),
            format!(
                "{key} = {}: write a whole number from 0, or a list of them like [10, 20, 30]",
                value.get_ref()
            ),
        )
    };
    let one = |v: &toml::Value| match v {
        toml::Value::Integer(i) if *i >= 0 => Ok(*i as u64),
        _ => Err(bad()),
    };
    listed(value, one, key, at)
}

/// A number of free squares or a list of them (each once).
fn frees(
    value: &Spanned<toml::Value>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<f64>, ConfigError> {
    let bad = || {
        at(
            value.span(),
            format!(
                "free = {}: write a number from 0, or a list of them like [9, 8, 7.5]",
                value.get_ref()
            ),
        )
    };
    let one = |v: &toml::Value| match v {
        toml::Value::Integer(i) if *i >= 0 => Ok(*i as f64),
        toml::Value::Float(f) if f.is_finite() && *f >= 0.0 => Ok(*f),
        _ => Err(bad()),
    };
    listed(value, one, "free", at)
}

/// `value` read by `one`, or each of its list's values (a value listed
/// twice and an empty list refused).
fn listed<T: PartialEq + std::fmt::Display>(
    value: &Spanned<toml::Value>,
    one: impl Fn(&toml::Value) -> Result<T, ConfigError>,
    key: &str,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<T>, ConfigError> {
    let values = match value.get_ref() {
        toml::Value::Array(list) => list.iter().map(&one).collect::<Result<Vec<T>, _>>()?,
        single => vec![one(single)?],
    };
    if values.is_empty() {
        return Err(at(
            value.span(),
            format!("{key} = []: give at least one value"),
        ));
    }
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            return Err(at(
                value.span(),
                format!("{key} lists {v} twice: give each value once"),
            ));
        }
    }
    Ok(values)
}

/// The instance files of directory `path` (named `folder` in the config),
/// read and sorted by file name; hidden files are skipped.
fn read_dir(
    path: &Path,
    folder: &Spanned<String>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<InstanceFile>, ConfigError> {
    let entries = std::fs::read_dir(path).map_err(|e| {
        at(
            folder.span(),
            format!(
                "cannot read the instance directory {}: {e}; give a directory of instance files",
                path.display()
            ),
        )
    })?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| at(folder.span(), format!("{}: {e}", path.display())))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') && entry.path().is_file() {
            names.push(name);
        }
    }
    names.sort();
    if names.is_empty() {
        return Err(at(
            folder.span(),
            format!(
                "the instance directory {} holds no files: put instance files in it",
                path.display()
            ),
        ));
    }
    names
        .iter()
        .map(|name| {
            let shown = format!("{}/{name}", folder.get_ref().trim_end_matches('/'));
            read_file(&path.join(name), &shown)
                .map(|instance| InstanceFile { instance })
                .map_err(|e| at(folder.span(), e.to_string()))
        })
        .collect()
}

/// The (n, trials) cells a directory of instances fixes: its files of each
/// N.
pub(super) fn directory_cells(files: &[InstanceFile]) -> Vec<(u64, u64)> {
    let mut by_n: BTreeMap<u64, u64> = BTreeMap::new();
    for f in files {
        *by_n.entry(f.instance.n() as u64).or_default() += 1;
    }
    by_n.into_iter().collect()
}
