//! The Python package's spelling of the library's remedies: each
//! [`Remedy`] a message carries becomes the `queens.…(…)` call that does
//! it (`queens.load('data/x').summarize()`, `queens.run(config,
//! data='data/x', fresh=True)`), or the keyword argument that sets an
//! option (`fresh=True`), so a message read in Python names no command of
//! the command line. A remedy the package has no call for (a shard run, a
//! count with a checkpoint, LaTeX tables) is said in plain words.
//! [`register`] makes it the process's renderer when the module loads.

use std::path::Path;

use queens::base::remedy::{self, Remedy, RemedyRenderer, Replay, ReplaySolver, Setting, Value};

/// Renders remedies as calls of the `queens` package.
struct PythonCalls;

/// The one renderer, registered for the process.
static PYTHON_CALLS: PythonCalls = PythonCalls;

/// Registers the package's renderer: every remedy displayed from now on is
/// a `queens.…(…)` call.
pub fn register() {
    remedy::set_renderer(&PYTHON_CALLS);
}

impl RemedyRenderer for PythonCalls {
    fn render(&self, remedy: &Remedy) -> String {
        render(remedy)
    }
}

/// `remedy` as the call (or keyword argument) that does it.
fn render(remedy: &Remedy) -> String {
    match remedy {
        Remedy::RunConfig { config, data } => {
            let config = match config.as_deref() {
                Some(source) if !source.starts_with('<') => string(source),
                _ => "config".to_string(),
            };
            format!("queens.run({config}{})", data_argument(data.as_deref()))
        }
        Remedy::Run { data } => format!("queens.run(config{})", data_argument(data.as_deref())),
        Remedy::RunFresh { data } => format!(
            "queens.run(config{}, fresh=True)",
            data_argument(data.as_deref())
        ),
        Remedy::Summarize { data } => format!("{}.summarize()", load(data.as_deref())),
        Remedy::Compare { data }
        | Remedy::CompareInto {
            data: Some(data),
            measure: None,
        } => format!("{}.compare_labels()", load(Some(data))),
        Remedy::Plot { data, plots } => format!(
            "{}.plot({})",
            load(Some(data)),
            plots.as_deref().map_or("plots".to_string(), path)
        ),
        Remedy::Report {
            data,
            plots,
            latex: false,
        } => format!(
            "{}.report({})",
            load(data.as_deref()),
            plots.as_deref().map_or("plots".to_string(), path)
        ),
        Remedy::Export { data, out } => format!(
            "{}.export_ioh({}, omit_large_sizes=True, force=True)",
            load(Some(data)),
            path(out)
        ),
        Remedy::Merge => "queens.merge(dirs)".to_string(),
        Remedy::Solve => "queens.solve(algorithm, n)".to_string(),
        Remedy::Replay(replay) => solve_call(replay).unwrap_or_else(|| replay.describe()),
        Remedy::Set(setting) => keyword(*setting),
        other => other.describe(),
    }
}

/// `setting` as the keyword argument that sets it.
fn keyword(setting: Setting) -> String {
    match setting {
        Setting::Fresh => "fresh=True".to_string(),
        Setting::Data => "data=".to_string(),
        Setting::Plots => "plots=".to_string(),
        Setting::Out => "out=".to_string(),
        Setting::Into => "into=".to_string(),
        Setting::Force => "force=True".to_string(),
        Setting::OmitLargeSizes => "omit_large_sizes=True".to_string(),
        Setting::Measure(measure) => format!("measure={}", string(measure.name())),
        Setting::Size(n) => format!("n={n}"),
        other => other.describe(),
    }
}

/// `queens.load(DIR)` for the data directory `data` (`data` when unknown).
fn load(data: Option<&Path>) -> String {
    format!("queens.load({})", data.map_or("data".to_string(), path))
}

/// `, data='DIR'`, or nothing.
fn data_argument(data: Option<&Path>) -> String {
    data.map_or(String::new(), |d| format!(", data={}", path(d)))
}

/// The `queens.solve(…)` call that replays `replay`; `None` for an
/// external program's trial, which the package runs only in a config.
fn solve_call(replay: &Replay) -> Option<String> {
    let name = match &replay.solver {
        ReplaySolver::Algorithm(name) | ReplaySolver::InProcess(name) => name,
        ReplaySolver::Command(_) => return None,
    };
    let n = replay.n.map_or("N".to_string(), |n| n.to_string());
    let seed = replay.seed.map_or("SEED".to_string(), |s| s.to_string());
    let mut call = format!("queens.solve({}, {n}, seed={seed}", string(name));
    let dict = |pairs: Vec<(&str, &Value)>| {
        let items: Vec<String> = pairs
            .into_iter()
            .map(|(key, value)| format!("{}: {}", string(key), literal(value)))
            .collect();
        format!("{{{}}}", items.join(", "))
    };
    if !replay.params.is_empty() {
        let pairs = replay.params.iter().map(|(k, v)| (k.as_str(), v)).collect();
        call.push_str(&format!(", params={}", dict(pairs)));
    }
    if !replay.budget.is_empty() {
        let pairs = replay.budget.iter().map(|(k, v)| (*k, v)).collect();
        call.push_str(&format!(", budget={}", dict(pairs)));
    }
    call.push(')');
    Some(call)
}

/// `value` as a Python literal.
fn literal(value: &Value) -> String {
    match value {
        Value::Int(v) => v.to_string(),
        Value::Float(v) if v.is_finite() => format!("{v:?}"),
        Value::Float(v) => format!("float({})", string(&v.to_string())),
        Value::Bool(true) => "True".to_string(),
        Value::Bool(false) => "False".to_string(),
        Value::Word(w) => string(w),
    }
}

/// `path` as a Python string literal.
fn path(path: &Path) -> String {
    string(&path.display().to_string())
}

/// `text` as a Python string literal, as `repr` writes it: in single
/// quotes unless it holds one and no double quote.
fn string(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut literal = String::with_capacity(text.len() + 2);
    literal.push(quote);
    for c in text.chars() {
        match c {
            '\\' => literal.push_str("\\\\"),
            '\n' => literal.push_str("\\n"),
            '\r' => literal.push_str("\\r"),
            '\t' => literal.push_str("\\t"),
            c if c == quote => {
                literal.push('\\');
                literal.push(c);
            }
            c if c.is_control() => literal.push_str(&format!("\\x{:02x}", c as u32)),
            c => literal.push(c),
        }
    }
    literal.push(quote);
    literal
}
