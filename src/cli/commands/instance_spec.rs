//! `--instance SPEC` of `queens solve`, `queens animate` and `queens
//! count`, read one way for all three: an instance's origin as runs.csv's
//! `instance` column writes it (`plain`, a generator with its seed, or
//! `file(PATH,sha256=HEX)`, whose file is refused when its SHA-256
//! differs), else a path to an instance file; `-n` checked against the
//! instance's N.

use std::path::Path;

use anyhow::Context;
use queens::base::instance::generate::generate;
use queens::base::instance::read::read_file;
use queens::base::instance::source::{GENERATOR_NAMES, ORIGIN_FORMS};
use queens::base::instance::{Instance, Origin};
use queens::base::records::csv_file::sha256;

/// The size of `instance` (named `spec`), refused when `-n` (`n`) gives
/// another.
pub fn size_agrees(spec: &str, n: Option<usize>, instance: &Instance) -> anyhow::Result<usize> {
    let size = instance.n();
    match n {
        Some(n) if n != size => anyhow::bail!(
            "--instance '{spec}' is a {size}×{size} board, but -n {n} was given: drop -n or give -n {size}"
        ),
        _ => Ok(size),
    }
}

/// The instance `spec` names (`None` for `plain`), at size `n` for a
/// generator: an origin as runs.csv writes it, else a path to an
/// instance file.
pub fn resolve(spec: &str, n: Option<usize>) -> anyhow::Result<Option<Instance>> {
    let forms = format!("give a path to an instance file, or {ORIGIN_FORMS}");
    match spec.parse::<Origin>() {
        Ok(Origin::Plain) => Ok(None),
        Ok(Origin::Generated { generator, seed }) => {
            let n = n.with_context(|| {
                format!("--instance '{spec}' is generated at the size asked for: give -n N")
            })?;
            generate(n as u64, generator, seed)
                .map(Some)
                .with_context(|| format!("--instance '{spec}' cannot be made at N = {n}"))
        }
        Ok(Origin::File { path, sha256 }) => read_instance(spec, &path, Some(&sha256)).map(Some),
        Err(reason) => {
            if Path::new(spec).is_file() {
                return read_instance(spec, spec, None).map(Some);
            }
            let (name, inner) = spec.trim().split_once('(').unwrap_or((spec.trim(), ""));
            if GENERATOR_NAMES.contains(&name.trim()) && !inner.contains("seed=") {
                let with_seed = match inner.trim().strip_suffix(')') {
                    Some(params) if !params.trim().is_empty() => {
                        format!("{}({},seed=1)", name.trim(), params.trim())
                    }
                    _ => format!("{}(…,seed=1)", name.trim()),
                };
                anyhow::bail!(
                    "--instance '{spec}' names no seed for its generator: add the instance's own seed, like {with_seed} (--seed is the solver's, apart from it); {forms}"
                );
            }
            if spec.contains('(') || !spec.contains(['/', '.']) {
                let reason = reason.trim_end_matches(&format!(": write {ORIGIN_FORMS}"));
                anyhow::bail!("--instance '{spec}': {reason}; {forms}");
            }
            anyhow::bail!(
                "--instance '{spec}': no such file, and not an instance's origin; {forms}"
            )
        }
    }
}

/// The instance in the file at `path`, named by `spec`; with `sha256`,
/// refused when the file's SHA-256 differs.
fn read_instance(spec: &str, path: &str, expected: Option<&str>) -> anyhow::Result<Instance> {
    let bytes = std::fs::read(path).with_context(|| {
        format!(
            "--instance '{spec}': cannot read the instance file '{path}' (paths are relative to the working directory)"
        )
    })?;
    if let Some(expected) = expected {
        let found = sha256(&bytes);
        if found != expected {
            anyhow::bail!(
                "--instance '{spec}': the file '{path}' has SHA-256 {found}, not {expected}: it is not the file the row searched; restore it, or give --instance '{path}' to use the file as it is now"
            );
        }
    }
    read_file(Path::new(path), path).with_context(|| format!("--instance '{spec}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_named_like_an_origin_is_read_as_a_file_and_origins_are_made() {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in ["blocked(2).lp", "plain.dzn"] {
            let path = dir.path().join(name);
            let text = if name.ends_with(".lp") {
                "board(4). block(1,1).\n"
            } else {
                "n = 4; m = 1; row = [1]; col = [2];\n"
            };
            std::fs::write(&path, text).expect("written");
            let spec = path.to_str().expect("UTF-8");
            let instance = resolve(spec, None).expect("read").expect("not plain");
            assert_eq!(instance.n(), 4, "{name}");
            assert!(matches!(instance.origin(), Origin::File { .. }), "{name}");
        }
        assert!(resolve("plain", Some(8)).expect("plain").is_none());
        let made = resolve("completion(queens=2,seed=5)", Some(8))
            .expect("made")
            .expect("an instance");
        assert_eq!((made.n(), made.given_count()), (8, 2));
        let error = resolve("square(1)", Some(8))
            .expect_err("neither")
            .to_string();
        assert!(error.contains("give a path to an instance file"), "{error}");
    }
}
