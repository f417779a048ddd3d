//! What a message tells the user to do, as data: a [`Remedy`] (recompute
//! the summary of a data directory, run the experiment again with a fresh
//! start, replay a trial, …) with the paths and values it needs, never the
//! text of one front end's command. A library error carries its remedies
//! and its message interpolates them; each front end spells them in its
//! own language through a [`RemedyRenderer`] it registers once at startup
//! ([`set_renderer`]): the `queens` binary as `queens summarize data/x`,
//! the Python package as `queens.load('data/x').summarize()`. So the
//! library builds no front end's command, and a message read in Python
//! names the Python call.
//!
//! A renderer returns the bare text (a command, a call, an option as the
//! front end writes it); the message around it adds the backticks where it
//! quotes one. Without a registered renderer (the library used directly,
//! its own tests) a remedy is said in plain words ([`Remedy::describe`]).

use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;

use super::instance::{Instance, Origin};
use super::records::Measure;
use super::records::Shard;

/// Something a message tells the user to do, with what it is done on.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Remedy {
    /// Run the experiment of a config (to make its data).
    RunConfig {
        /// Where the config came from, as recorded (a path, or `<dict>`
        /// for one given as data); `None` for "the config".
        config: Option<String>,
        /// The data directory to run into; `None` for the default.
        data: Option<PathBuf>,
    },
    /// Run the experiment into its data directory (again: a run resumes,
    /// running only the trials missing there); the command line names its
    /// bare command, the config and directory being the user's own.
    Run {
        /// The data directory, when known.
        data: Option<PathBuf>,
    },
    /// Run the experiment into its data directory again from the start,
    /// discarding the results there.
    RunFresh {
        /// The data directory; `None` for "the data directory".
        data: Option<PathBuf>,
    },
    /// Run one shard of a cluster run (it resumes when run again).
    RunShard {
        /// The shard; `None` for "a shard I/K".
        shard: Option<Shard>,
    },
    /// Recompute summary.csv of a data directory from its runs.csv.
    Summarize {
        /// The data directory; `None` for "the data directory".
        data: Option<PathBuf>,
    },
    /// Compare every pair of labels of `data`, writing compare.csv and
    /// ranking.csv there.
    Compare {
        /// The data directory.
        data: PathBuf,
    },
    /// Compare the labels of a data directory into another directory.
    CompareInto {
        /// The data directory; `None` for "a data directory".
        data: Option<PathBuf>,
        /// The measure to compare by; `None` for checks, the default.
        measure: Option<Measure>,
    },
    /// Draw the charts of `data`.
    Plot {
        /// The data directory.
        data: PathBuf,
        /// The charts directory; `None` for the default.
        plots: Option<PathBuf>,
    },
    /// Write the report (or its LaTeX tables) of a data directory.
    Report {
        /// The data directory; `None` for "the same one".
        data: Option<PathBuf>,
        /// The charts directory; `None` for "the same one".
        plots: Option<PathBuf>,
        /// The LaTeX tables instead of report.html.
        latex: bool,
    },
    /// Export `data` in the IOHprofiler format into `out`, by checks,
    /// leaving out the sizes IOH cannot store and replacing an earlier
    /// export there.
    Export {
        /// The data directory.
        data: PathBuf,
        /// The export's directory.
        out: PathBuf,
    },
    /// Merge the shards of a cluster run into one experiment.
    Merge,
    /// Run one trial with the trial path alone (no replay drawn).
    Solve,
    /// Run one trial again exactly (boxed: it is by far the largest).
    Replay(Box<Replay>),
    /// Count the solutions with a checkpoint file.
    Count {
        /// The board size; `None` when not repeated.
        n: Option<u64>,
        /// The shard of the count, `(I, K)` for the I-th of K; `None` when
        /// not repeated.
        shard: Option<(u64, u64)>,
        /// The checkpoint file; `None` for "a checkpoint".
        checkpoint: Option<PathBuf>,
    },
    /// An option of the call the user made, set as the message says.
    Set(Setting),
}

/// An option of the call the user made, which a message names as the way
/// out (or as what it is about): `--fresh` on the command line,
/// `fresh=True` in Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Setting {
    /// Start over, discarding the results in the data directory.
    Fresh,
    /// The data directory to write (named by the message's words).
    Data,
    /// The charts directory, as a placeholder for the one to give.
    Plots,
    /// The directory a comparison is written into, as a placeholder.
    Output,
    /// The directory an export is written into.
    Out,
    /// The directory shards are merged into.
    Into,
    /// Replace an earlier export.
    Force,
    /// Leave out the sizes the IOHprofiler format cannot store.
    OmitLargeSizes,
    /// The measure the work is counted in.
    Measure(Measure),
    /// The board size, at most this one.
    Size(u64),
}

/// One trial, as its replay names it: the solver, the board size, the seed,
/// the parameters and the budget. A template (`n` and `seed` unset) stands
/// for any row of a label.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// What runs the trial.
    pub solver: ReplaySolver,
    /// The board size; `None` for any row's (`N`).
    pub n: Option<u64>,
    /// The seed; `None` for any row's (`SEED`).
    pub seed: Option<u64>,
    /// The parameters, sorted by key.
    pub params: Vec<(String, Value)>,
    /// The limits of the budget that are set (`max_steps`, `max_restarts`,
    /// `max_checks`, `time_limit` in seconds), in that order.
    pub budget: Vec<(&'static str, Value)>,
    /// The first board the search was given (`--start`), as
    /// [`Placement::compact`](crate::base::board::Placement::compact) spells
    /// it; `None` when the search drew its own.
    pub start: Option<String>,
    /// The instance searched, as runs.csv's `instance` column writes its
    /// origin (`blocked(blocks=40,min_free=1,seed=7)`,
    /// `file(PATH,sha256=HEX)`); `None` for the plain problem.
    pub instance: Option<String>,
}

/// What runs a replayed trial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplaySolver {
    /// An algorithm of the registry, by name.
    Algorithm(String),
    /// An external program, by its command line.
    Command(String),
    /// A solver a front end runs in process, by its name without the
    /// `python:` prefix.
    InProcess(String),
}

/// A parameter's or a limit's value in a replay.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A whole number (a parameter's `i64` or a limit's `u64`).
    Int(i128),
    /// A real number.
    Float(f64),
    /// A flag.
    Bool(bool),
    /// A word.
    Word(String),
}

impl fmt::Display for Value {
    /// The value as runs.csv and the command line write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) => write!(f, "{v}"),
            Value::Bool(v) => write!(f, "{v}"),
            Value::Word(v) => f.write_str(v),
        }
    }
}

/// Spells remedies in one front end's language.
pub trait RemedyRenderer: Send + Sync {
    /// `remedy` as the front end's command, call or option, without
    /// surrounding quotes or backticks.
    fn render(&self, remedy: &Remedy) -> String;
}

/// The renderer the front end registered, if any.
static RENDERER: OnceLock<&'static dyn RemedyRenderer> = OnceLock::new();

/// Registers the renderer every [`Remedy`] is displayed with, for the
/// whole process; a front end calls it once at startup. The first
/// registration stays: a later one is ignored.
pub fn set_renderer(renderer: &'static dyn RemedyRenderer) {
    let _ = RENDERER.set(renderer);
}

impl fmt::Display for Remedy {
    /// The registered renderer's text, or plain words without one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match RENDERER.get() {
            Some(renderer) => f.write_str(&renderer.render(self)),
            None => f.write_str(&self.describe()),
        }
    }
}

impl Remedy {
    /// The remedy in plain words, naming no front end's command: what is
    /// said when no renderer is registered, and what a renderer may say
    /// for a remedy its front end has no call for.
    pub fn describe(&self) -> String {
        let dir = |d: &PathBuf| d.display().to_string();
        match self {
            Remedy::RunConfig { data, .. } => match data {
                Some(d) => format!("run the experiment into {}", dir(d)),
                None => "run the experiment of the config".to_string(),
            },
            Remedy::Run { data } => match data {
                Some(d) => format!("a run of the experiment into {}", dir(d)),
                None => "a run of the experiment".to_string(),
            },
            Remedy::RunFresh { data } => format!(
                "run the experiment into {} again from the start",
                data.as_ref().map_or("its data directory".to_string(), dir)
            ),
            Remedy::RunShard { shard } => match shard {
                Some(s) => format!("run shard {s} of the experiment again"),
                None => "run the experiment's shards".to_string(),
            },
            Remedy::Summarize { data } => format!(
                "recompute the summary of {} from its runs",
                data.as_ref().map_or("the data directory".to_string(), dir)
            ),
            Remedy::Compare { data } => format!("compare the labels of {}", dir(data)),
            Remedy::CompareInto { data, measure } => format!(
                "compare the labels of {}{} into another directory",
                data.as_ref().map_or("the data directory".to_string(), dir),
                measure.map_or(String::new(), |m| format!(" by {}", m.name()))
            ),
            Remedy::Plot { data, plots } => format!(
                "draw the charts of {}{}",
                dir(data),
                plots
                    .as_ref()
                    .map_or(String::new(), |p| format!(" into {}", dir(p)))
            ),
            Remedy::Report { data, plots, latex } => format!(
                "write the {} of {}{}",
                if *latex { "LaTeX tables" } else { "report" },
                data.as_ref().map_or("the data directory".to_string(), dir),
                plots
                    .as_ref()
                    .map_or(String::new(), |p| format!(" into {}", dir(p)))
            ),
            Remedy::Export { data, out } => format!(
                "export {} in the IOHprofiler format into {}",
                dir(data),
                dir(out)
            ),
            Remedy::Merge => "merge the shards".to_string(),
            Remedy::Solve => "a single trial".to_string(),
            Remedy::Replay(replay) => replay.describe(),
            Remedy::Count { n, shard, .. } => format!(
                "count{}{} with its checkpoint",
                n.map_or(String::new(), |n| format!(" N = {n}")),
                shard.map_or(String::new(), |(i, k)| format!(", shard {i}/{k},"))
            ),
            Remedy::Set(setting) => setting.describe(),
        }
    }
}

impl Setting {
    /// The option in plain words: its name.
    pub fn describe(self) -> String {
        match self {
            Setting::Fresh => "fresh".to_string(),
            Setting::Data => "data".to_string(),
            Setting::Plots => "plots DIR".to_string(),
            Setting::Output => "output DIR".to_string(),
            Setting::Out => "out".to_string(),
            Setting::Into => "into".to_string(),
            Setting::Force => "force".to_string(),
            Setting::OmitLargeSizes => "omit large sizes".to_string(),
            Setting::Measure(m) => format!("measure {}", m.name()),
            Setting::Size(n) => format!("N = {n}"),
        }
    }
}

impl Replay {
    /// This replay on `instance` (`None`, or an instance whose origin is
    /// `plain`, leaves it on the plain problem): its origin text is what
    /// the replay names.
    pub fn on_instance(mut self, instance: Option<&Instance>) -> Self {
        self.instance = instance
            .map(Instance::origin)
            .filter(|origin| **origin != Origin::Plain)
            .map(Origin::to_string);
        self
    }

    /// The trial in plain words.
    pub fn describe(&self) -> String {
        let solver = match &self.solver {
            ReplaySolver::Algorithm(name) | ReplaySolver::InProcess(name) => name.clone(),
            ReplaySolver::Command(command) => format!("the program `{command}`"),
        };
        let n = self.n.map_or("N".to_string(), |n| n.to_string());
        let seed = self.seed.map_or("SEED".to_string(), |s| s.to_string());
        let mut text = format!("run {solver} at N = {n} with seed {seed}");
        let pairs = |pairs: &[(String, Value)]| {
            pairs
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(";")
        };
        if !self.params.is_empty() {
            text.push_str(&format!(", parameters {}", pairs(&self.params)));
        }
        if !self.budget.is_empty() {
            let budget: Vec<(String, Value)> = self
                .budget
                .iter()
                .map(|(k, v)| ((*k).to_string(), v.clone()))
                .collect();
            text.push_str(&format!(", budget {}", pairs(&budget)));
        }
        if let Some(start) = &self.start {
            text.push_str(&format!(", from the board {start}"));
        }
        if let Some(instance) = &self.instance {
            text.push_str(&format!(", on the instance {instance}"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_renderer_a_remedy_is_plain_words() {
        let remedy = Remedy::Summarize {
            data: Some(PathBuf::from("data/x")),
        };
        assert_eq!(
            remedy.describe(),
            "recompute the summary of data/x from its runs"
        );
        let replay = Remedy::Replay(Box::new(Replay {
            solver: ReplaySolver::Algorithm("min-conflicts".into()),
            n: Some(8),
            seed: None,
            params: vec![("variant".into(), Value::Word("random".into()))],
            budget: vec![("time_limit", Value::Float(1.5))],
            start: None,
            instance: None,
        }));
        assert_eq!(
            replay.describe(),
            "run min-conflicts at N = 8 with seed SEED, parameters variant=random, budget time_limit=1.5"
        );
    }

    #[test]
    fn a_replay_names_its_instance_unless_plain() {
        let replay = Replay {
            solver: ReplaySolver::Algorithm("backtracking".into()),
            n: Some(8),
            seed: Some(1),
            params: Vec::new(),
            budget: Vec::new(),
            start: None,
            instance: None,
        };
        let generated = crate::base::instance::generate::generate(
            8,
            crate::base::instance::Generator::Blocked {
                blocks: 10,
                min_free: 2,
            },
            1,
        )
        .expect("an instance");
        let on = replay.clone().on_instance(Some(&generated));
        assert_eq!(
            on.instance.as_deref(),
            Some("blocked(blocks=10,min_free=2,seed=1)")
        );
        assert!(
            on.describe()
                .ends_with(", on the instance blocked(blocks=10,min_free=2,seed=1)"),
            "{}",
            on.describe()
        );
        let plain = Instance::plain(8).expect("a size");
        assert_eq!(replay.clone().on_instance(Some(&plain)).instance, None);
        assert_eq!(replay.on_instance(None).instance, None);
    }
}
