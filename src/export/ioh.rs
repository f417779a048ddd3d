//! An experiment in the IOHprofiler data format, as IOHexperimenter's
//! `logger::Analyzer` (v2, IOHexperimenter 0.3.x) writes it and IOHanalyzer
//! and the `iohinspector` Python package read it: per algorithm a folder
//! holding one JSON info file per function and, beside it, one `.dat` file
//! per dimension. Built in memory from runs.csv and traces.csv
//! ([`build`]); [`crate::base::records::atomic_dir`] writes it.
//!
//! # Conventions
//!
//! | IOH | queens |
//! |---|---|
//! | function | the experiment (`function_name` = its name, `function_id` = 1, or 1, 2, … by first appearance when runs.csv holds several), minimised (`maximization` false), suite `queens` |
//! | dimension | the board size N |
//! | algorithm | the label (`algorithm.name`); `algorithm.info` = registry name, parameters and budget |
//! | run | one trial (not a row ending in an external program's error, `solver_error` or `invalid_solution`, left out as in summary.csv), in trial order, `instance` 1 (every trial solves the same problem); the run attributes `trial` and `seed` replay it with `queens solve` |
//! | evaluations | the chosen measure ([`Measure`]): checks (default), evaluations or steps |
//! | `raw_y` | attacking pairs, the best so far (0 = solved) |
//!
//! # The lines of a run
//!
//! A `.dat` file holds one block per run, each under the header
//! `evaluations raw_y`, with space-separated whole numbers. As IOH logs
//! improvements, a block holds:
//! - from traces.csv where the trial was traced, each point whose fewest
//!   attacking pairs so far improved, at that point's measure (one line per
//!   count: the best at it);
//! - the end of the trial at its final measure, as IOH writes a run's last
//!   evaluation: `0` when solved; otherwise the attacking pairs of the last
//!   board, or, when none is known (an exact search stopped by its budget
//!   holds a partial board), the placeholder below.
//!
//! A solution is written at the trial's final count even where its trace
//! saw the last conflict vanish a few checks earlier (min-conflicts checks
//! the board once more), because summary.csv counts a solved trial's cost
//! there: fixed-target ERT at target 0 from the export equals
//! summary.csv's ERT of the same measure. The JSON's `evals` is the final
//! count, and `best` the first line with the fewest pairs (`x` is empty:
//! runs.csv keeps no board).
//!
//! # Limits
//!
//! - IOH counts evaluations from 1 and `iohinspector` starts a new run at
//!   each line with evaluations 1, so every block starts there: when the
//!   first known point comes later, the block opens with the placeholder
//!   `1 U`, U = N(N−1)/2 (at least 1), the most attacking pairs any board
//!   has, read "not known yet". A count of 0 (a trial solved before its
//!   first step, or an algorithm that makes no check) is written as 1 and
//!   counted in [`Export::raised_to_one`]: ERT from the export then exceeds
//!   summary.csv's.
//! - IOH stores the dimension in 16 bits: sizes above [`MAX_DIMENSION`] are
//!   refused, or left out when asked ([`Options::omit_large_sizes`]).
//! - Wall time is not a measure here (trace points carry no time); steps
//!   only where every label counts steps in one unit; evaluations only
//!   where every label evaluates whole boards.
//! - Unsolved runs are runs whose last line is above 0: they count as
//!   failures in IOH's ERT. IOHanalyzer and `iohinspector` charge every
//!   failure the largest `evals` of the runs compared, summary.csv each
//!   failure its own count: the two ERTs agree where every unsolved trial
//!   of a cell used the same count.
//! - A proof that no solution exists (an exact search that exhausted N = 2
//!   or 3) has no place in IOH's fixed-target view, which knows only runs
//!   that reach the target: its run ends above 0, as a failure, and IOH's
//!   ERT is infinite where summary.csv's, which counts the proof as the
//!   trial's answer, is the proof's cost.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::analysis::compare::{CompareError, never_evaluating, one_step_unit};
use crate::base::records::Measure;
use crate::base::records::atomic_dir::{DirectoryError, TreeFile, replace_with};
use crate::base::records::{RunRecord, TraceRecord};
use crate::base::remedy::{Remedy, Setting};
use crate::store::Store;
use crate::store::error::StoreError;

/// The largest dimension IOH stores (16 bits, as `iohinspector` reads it).
pub const MAX_DIMENSION: u64 = u16::MAX as u64;

/// The IOHexperimenter version whose format is written; IOHanalyzer reads a
/// JSON info file as the IOHprofiler format from version 0.3.3 on.
pub const FORMAT_VERSION: &str = "0.3.23";

/// The suite every exported function belongs to.
pub const SUITE: &str = "queens";

/// The header of every run's block in a `.dat` file.
pub const DAT_HEADER: &str = "evaluations raw_y";

/// What an export is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The measure written as evaluations.
    pub measure: Measure,
    /// Leave out the sizes above [`MAX_DIMENSION`] instead of refusing them.
    pub omit_large_sizes: bool,
}

/// An experiment in the IOH format, ready to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// Every file, JSON info files and `.dat` files.
    pub files: Vec<TreeFile>,
    /// The algorithms (labels) written.
    pub algorithms: usize,
    /// The runs (trials) written.
    pub runs: usize,
    /// Each (label, N) left out as above [`MAX_DIMENSION`].
    pub omitted: Vec<(String, u64)>,
    /// The runs whose final count was 0 and is written as 1.
    pub raised_to_one: usize,
}

/// Why an experiment cannot be exported.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IohError {
    /// runs.csv holds no row.
    #[error(
        "{} holds no trials: run the experiment with `{}` first",
        .0.display(),
        Remedy::RunConfig { config: None, data: None }
    )]
    NoRuns(PathBuf),
    /// runs.csv or traces.csv could not be read or trusted.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The export could not be written.
    #[error(transparent)]
    Write(#[from] DirectoryError),
    /// Wall time asked for as evaluations.
    #[error(
        "{}: IOH evaluations are counts, and trace points carry no time; use {}, evaluations or steps",
        Remedy::Set(Setting::Measure(Measure::Seconds)),
        Remedy::Set(Setting::Measure(Measure::Checks))
    )]
    Seconds,
    /// Evaluations asked for where some labels never evaluate a board
    /// (the comparison's own refusal, [`CompareError::NoEvaluations`]).
    #[error(transparent)]
    Measure(#[from] CompareError),
    /// Steps asked for where the labels count steps in different units.
    #[error(
        "{}: the labels count steps in different units ({}): steps of different units do not compare; use {}, the unit shared by every algorithm",
        Remedy::Set(Setting::Measure(Measure::Steps)),
        units.iter().map(|(l, u)| format!("{l}: {u}")).collect::<Vec<_>>().join(", "),
        Remedy::Set(Setting::Measure(Measure::Checks))
    )]
    MixedStepUnits {
        /// Each label with its step unit.
        units: Vec<(String, String)>,
    },
    /// A board size IOH cannot store.
    #[error(
        "N = {n} (label '{label}') is above {MAX_DIMENSION}, the largest dimension IOH stores (16 bits): add {} to export the other sizes and leave the larger ones out",
        Remedy::Set(Setting::OmitLargeSizes)
    )]
    SizeTooLarge {
        /// The first label with such a size.
        label: String,
        /// The size.
        n: u64,
    },
}

/// One line of a run's block: the count and the attacking pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The measure at this point, from 1.
    pub evaluations: u64,
    /// Attacking pairs (0 = solved).
    pub y: u64,
}

/// How a trial ended, as the lines of its run need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunEnd {
    /// The board size.
    pub n: u64,
    /// The trial's final count in the measure.
    pub cost: u64,
    /// Whether it found a solution.
    pub solved: bool,
    /// Attacking pairs on its last board (0 when no full board is known,
    /// `NA` in runs.csv included).
    pub final_conflicts: u64,
}

/// The placeholder value of a run at N where nothing is known: the most
/// attacking pairs a board has, N(N−1)/2, at least 1.
pub fn unknown_value(n: u64) -> u64 {
    (n.saturating_mul(n.saturating_sub(1)) / 2).max(1)
}

/// The lines of one run from its trace points (each the measure then and
/// the fewest attacking pairs so far, in order) and its end, as the module
/// header describes: strictly increasing evaluations from 1, strictly
/// falling values but for the last line, the last at the final count.
pub fn run_lines(points: impl IntoIterator<Item = (u64, u64)>, end: RunEnd) -> Vec<Line> {
    let total = end.cost.max(1);
    let unknown = unknown_value(end.n);
    let mut lines: Vec<Line> = Vec::new();
    for (at, best) in points {
        let at = at.max(1);
        if at >= total || best == 0 {
            continue;
        }
        match lines.last_mut() {
            Some(last) if best >= last.y || at < last.evaluations => {}
            Some(last) if at == last.evaluations => last.y = best,
            _ => lines.push(Line {
                evaluations: at,
                y: best,
            }),
        }
    }
    if lines.first().is_none_or(|l| l.evaluations > 1) {
        lines.retain(|l| l.y < unknown);
        lines.insert(
            0,
            Line {
                evaluations: 1,
                y: unknown,
            },
        );
    }
    let last_y = match (end.solved, end.final_conflicts) {
        (true, _) => 0,
        (false, 0) => unknown,
        (false, pairs) => pairs,
    };
    match lines.last_mut() {
        Some(last) if last.evaluations == total => last.y = last.y.min(last_y),
        _ => lines.push(Line {
            evaluations: total,
            y: last_y,
        }),
    }
    lines
}

/// The JSON info file of one (function, algorithm).
#[derive(Serialize)]
struct InfoFile<'a> {
    version: &'static str,
    suite: &'static str,
    function_id: usize,
    function_name: &'a str,
    maximization: bool,
    algorithm: AlgorithmInfo,
    experiment_attributes: Vec<BTreeMap<&'static str, String>>,
    run_attributes: [&'static str; 2],
    attributes: [&'static str; 2],
    scenarios: Vec<ScenarioInfo>,
}

/// The algorithm of an info file.
#[derive(Serialize)]
struct AlgorithmInfo {
    name: String,
    info: String,
}

/// One dimension of an info file.
#[derive(Serialize)]
struct ScenarioInfo {
    dimension: u64,
    path: String,
    runs: Vec<RunInfo>,
}

/// One run of a scenario.
#[derive(Serialize)]
struct RunInfo {
    instance: u64,
    evals: u64,
    best: BestPoint,
    trial: u64,
    seed: u64,
}

/// The best point of a run.
#[derive(Serialize)]
struct BestPoint {
    evals: u64,
    y: u64,
    x: [u64; 0],
}

/// A name made safe as one file name: ASCII letters, digits, `-`, `_` and
/// `.` kept, anything else `_`, never empty or starting with `.`.
pub fn file_name(text: &str) -> String {
    let mut name: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() || name.starts_with('.') {
        name.insert(0, '_');
    }
    name
}

/// A count IOH's evaluations can be: a measure every label records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Checks,
    Evaluations,
    Steps,
}

impl Count {
    /// The count of `measure` over `runs`, or why some label does not
    /// record it.
    fn of(measure: Measure, runs: &[RunRecord]) -> Result<Count, IohError> {
        match measure {
            Measure::Checks => Ok(Count::Checks),
            Measure::Seconds => Err(IohError::Seconds),
            Measure::Evaluations => {
                let never = never_evaluating(runs);
                if never.is_empty() {
                    Ok(Count::Evaluations)
                } else {
                    Err(CompareError::NoEvaluations {
                        labels: never.into_iter().map(str::to_owned).collect(),
                    }
                    .into())
                }
            }
            Measure::Steps => one_step_unit(runs)
                .map(|_| Count::Steps)
                .map_err(|units| IohError::MixedStepUnits { units }),
        }
    }

    /// The count at the end of a run.
    fn of_run(self, r: &RunRecord) -> u64 {
        match self {
            Count::Checks => r.checks,
            Count::Evaluations => r.evaluations,
            Count::Steps => r.steps,
        }
    }

    /// The count at a trace point.
    fn at_point(self, p: &TraceRecord) -> u64 {
        match self {
            Count::Checks => p.checks,
            Count::Evaluations => p.evaluations,
            Count::Steps => p.step,
        }
    }
}

/// The position of `item` in `list`, appended when new.
fn index_of<T: PartialEq>(list: &mut Vec<T>, item: T) -> usize {
    match list.iter().position(|x| *x == item) {
        Some(i) => i,
        None => {
            list.push(item);
            list.len() - 1
        }
    }
}

/// Builds the export of the runs and traces in `store`.
pub fn build(store: &Store, options: Options) -> Result<Export, IohError> {
    let runs = store.runs()?;
    if runs.is_empty() {
        return Err(IohError::NoRuns(store.path().to_owned()));
    }
    build_from(runs, store.traces()?.unwrap_or_default(), options)
}

/// Builds the export of `store` and writes it into `out`, which must be new
/// or empty, or hold an earlier export when `force` ([`replace_with`]: the
/// new export replaces it whole, or not at all).
pub fn write(store: &Store, options: Options, out: &Path, force: bool) -> Result<Export, IohError> {
    let export = build(store, options)?;
    replace_with(out, &export.files, force)?;
    Ok(export)
}

/// Builds the export of `runs` with their `traces`.
pub fn build_from(
    runs: &[RunRecord],
    traces: &[TraceRecord],
    options: Options,
) -> Result<Export, IohError> {
    let count = Count::of(options.measure, runs)?;
    let (kept, omitted) = kept_runs(runs, options)?;
    let points = trace_points(traces);
    let sets = LabelSets::of(&kept);
    let dirs = label_dirs(&sets.labels);
    let mut files = Vec::new();
    let mut raised_to_one = 0;
    for ((experiment, label), rows) in &sets.sets {
        let written = FunctionFiles {
            function_id: experiment + 1,
            function_name: sets.experiments[*experiment],
            dir: PathBuf::from(&dirs[*label]),
            measure: options.measure,
            count,
            points: &points,
        };
        raised_to_one += written.write(rows, &mut files);
    }
    Ok(Export {
        files,
        algorithms: sets.labels.len(),
        runs: kept.len(),
        omitted,
        raised_to_one,
    })
}

/// The runs an export writes, and the (label, N) it leaves out.
type KeptRuns<'a> = (Vec<&'a RunRecord>, Vec<(String, u64)>);

/// The runs written: every run of the algorithms (a program's error is no
/// run of it, as in summary.csv) at a size IOH stores; the (label, N) left
/// out above [`MAX_DIMENSION`] with `omit_large_sizes`, else refused.
fn kept_runs(runs: &[RunRecord], options: Options) -> Result<KeptRuns<'_>, IohError> {
    let mut omitted: Vec<(String, u64)> = Vec::new();
    let mut kept: Vec<&RunRecord> = Vec::new();
    for r in runs.iter().filter(|r| !r.stop_reason.is_program_error()) {
        if r.n <= MAX_DIMENSION {
            kept.push(r);
        } else if !options.omit_large_sizes {
            return Err(IohError::SizeTooLarge {
                label: r.label.clone(),
                n: r.n,
            });
        } else if !omitted.iter().any(|(l, n)| *l == r.label && *n == r.n) {
            omitted.push((r.label.clone(), r.n));
        }
    }
    Ok((kept, omitted))
}

/// Each traced trial's points, by (label, n, trial), in step order.
type TracePoints<'a> = HashMap<(&'a str, u64, u64), Vec<&'a TraceRecord>>;

/// The points of `traces` by trial, each trial's in step order.
fn trace_points(traces: &[TraceRecord]) -> TracePoints<'_> {
    let mut points: TracePoints<'_> = HashMap::new();
    for p in traces {
        points
            .entry((p.label.as_str(), p.n, p.trial))
            .or_default()
            .push(p);
    }
    for list in points.values_mut() {
        list.sort_by_key(|p| p.step);
    }
    points
}

/// The runs grouped by (experiment, label), each in order of first
/// appearance.
struct LabelSets<'a> {
    /// The experiments (IOH's functions).
    experiments: Vec<&'a str>,
    /// The labels (IOH's algorithms).
    labels: Vec<&'a str>,
    /// Each (experiment, label) by index, with its runs ordered by size and
    /// trial.
    sets: Vec<((usize, usize), Vec<&'a RunRecord>)>,
}

impl<'a> LabelSets<'a> {
    /// The sets of `kept`.
    fn of(kept: &[&'a RunRecord]) -> Self {
        let mut experiments: Vec<&str> = Vec::new();
        let mut labels: Vec<&str> = Vec::new();
        let mut sets: Vec<((usize, usize), Vec<&RunRecord>)> = Vec::new();
        for r in kept {
            let key = (
                index_of(&mut experiments, r.experiment.as_str()),
                index_of(&mut labels, r.label.as_str()),
            );
            match sets.iter_mut().find(|(k, _)| *k == key) {
                Some((_, rows)) => rows.push(r),
                None => sets.push((key, vec![r])),
            }
        }
        for (_, rows) in &mut sets {
            rows.sort_by_key(|r| (r.n, r.trial));
        }
        LabelSets {
            experiments,
            labels,
            sets,
        }
    }
}

/// What the files of one label on one function are written from.
struct FunctionFiles<'a> {
    /// IOH's function id (the experiment's, from 1).
    function_id: usize,
    /// The function's name (the experiment's).
    function_name: &'a str,
    /// The label's folder.
    dir: PathBuf,
    /// The measure written as evaluations.
    measure: Measure,
    /// How a run's count in that measure is read.
    count: Count,
    /// Every traced trial's points.
    points: &'a TracePoints<'a>,
}

impl FunctionFiles<'_> {
    /// Adds to `files` the JSON info file of `rows` (one label's runs on
    /// this function, by size) and one `.dat` file per size; returns how
    /// many runs cost 0 and are written at 1.
    fn write(&self, rows: &[&RunRecord], files: &mut Vec<TreeFile>) -> usize {
        let stem = format!("f{}_{}", self.function_id, file_name(self.function_name));
        let mut scenarios: Vec<ScenarioInfo> = Vec::new();
        let mut dats: Vec<(u64, String)> = Vec::new();
        let mut raised_to_one = 0;
        for r in rows {
            if scenarios.last().is_none_or(|s| s.dimension != r.n) {
                scenarios.push(ScenarioInfo {
                    dimension: r.n,
                    path: format!(
                        "data_{stem}/IOHprofiler_f{}_DIM{}.dat",
                        self.function_id, r.n
                    ),
                    runs: Vec::new(),
                });
                dats.push((r.n, String::new()));
            }
            let cost = self.count.of_run(r);
            raised_to_one += usize::from(cost == 0);
            let (dat, run) = self.run_block(r, cost);
            dats.last_mut()
                .expect("a block per scenario")
                .1
                .push_str(&dat);
            scenarios.last_mut().expect("pushed above").runs.push(run);
        }
        let info = self.info(rows[0], scenarios);
        let json = serde_json::to_string_pretty(&info).expect("plain data serialises");
        files.push(TreeFile {
            path: self.dir.join(format!("IOHprofiler_{stem}.json")),
            contents: json + "\n",
        });
        for (n, contents) in dats {
            files.push(TreeFile {
                path: self
                    .dir
                    .join(format!("data_{stem}"))
                    .join(format!("IOHprofiler_f{}_DIM{n}.dat", self.function_id)),
                contents,
            });
        }
        raised_to_one
    }

    /// One run's block of its `.dat` file and its entry in the info file;
    /// `cost` is its final count.
    fn run_block(&self, r: &RunRecord, cost: u64) -> (String, RunInfo) {
        let trace = self
            .points
            .get(&(r.label.as_str(), r.n, r.trial))
            .map_or(&[][..], Vec::as_slice);
        let lines = run_lines(
            trace
                .iter()
                .map(|p| (self.count.at_point(p), p.best_conflicts)),
            RunEnd {
                n: r.n,
                cost,
                solved: r.solved,
                final_conflicts: r.final_conflicts.unwrap_or(0),
            },
        );
        let best = lines
            .iter()
            .fold(lines[0], |b, l| if l.y < b.y { *l } else { b });
        let mut dat = format!("{DAT_HEADER}\n");
        for l in &lines {
            dat.push_str(&format!("{} {}\n", l.evaluations, l.y));
        }
        let run = RunInfo {
            instance: 1,
            evals: cost.max(1),
            best: BestPoint {
                evals: best.evaluations,
                y: best.y,
                x: [],
            },
            trial: r.trial,
            seed: r.seed,
        };
        (dat, run)
    }

    /// The info file of the label whose first run is `first`, with its
    /// `scenarios`.
    fn info(&self, first: &RunRecord, scenarios: Vec<ScenarioInfo>) -> InfoFile<'_> {
        InfoFile {
            version: FORMAT_VERSION,
            suite: SUITE,
            function_id: self.function_id,
            function_name: self.function_name,
            maximization: false,
            algorithm: AlgorithmInfo {
                name: first.label.clone(),
                info: format!(
                    "{} ({}), budget {}",
                    first.algorithm, first.params, first.budget
                ),
            },
            experiment_attributes: vec![
                BTreeMap::from([("measure", self.measure.name().to_owned())]),
                BTreeMap::from([(
                    "written_by",
                    format!("queens {}", env!("CARGO_PKG_VERSION")),
                )]),
            ],
            run_attributes: ["trial", "seed"],
            attributes: ["evaluations", "raw_y"],
            scenarios,
        }
    }
}

/// A folder name per label, safe ([`file_name`]) and distinct even on a
/// file system that ignores case (`-2`, `-3`… appended).
fn label_dirs(labels: &[&str]) -> Vec<String> {
    let mut used: Vec<String> = Vec::new();
    labels
        .iter()
        .map(|label| {
            let base = file_name(label);
            let mut name = base.clone();
            let mut k = 2;
            while used.contains(&name.to_lowercase()) {
                name = format!("{base}-{k}");
                k += 1;
            }
            used.push(name.to_lowercase());
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(cost: u64, solved: bool, final_conflicts: u64) -> RunEnd {
        RunEnd {
            n: 8,
            cost,
            solved,
            final_conflicts,
        }
    }

    fn pairs(lines: &[Line]) -> Vec<(u64, u64)> {
        lines.iter().map(|l| (l.evaluations, l.y)).collect()
    }

    #[test]
    fn a_traced_solved_run_logs_improvements_and_ends_at_its_cost() {
        // Points: (measure, best so far); the trace saw 0 at 95, the run
        // ends at 100 (as min-conflicts checks once more).
        let points = [(8, 11), (26, 8), (30, 8), (30, 6), (50, 6), (95, 0)];
        let lines = run_lines(points, end(100, true, 0));
        assert_eq!(
            pairs(&lines),
            [(1, 28), (8, 11), (26, 8), (30, 6), (100, 0)]
        );
    }

    #[test]
    fn an_untraced_unsolved_run_is_its_final_board() {
        let lines = run_lines([], end(303_578, false, 7));
        assert_eq!(pairs(&lines), [(1, 28), (303_578, 7)]);
        // No full board known: the placeholder, never 0.
        let lines = run_lines([], end(500, false, 0));
        assert_eq!(pairs(&lines), [(1, 28), (500, 28)]);
    }

    #[test]
    fn counts_of_zero_and_one_start_at_one() {
        assert_eq!(pairs(&run_lines([(0, 3)], end(0, true, 0))), [(1, 0)]);
        assert_eq!(
            pairs(&run_lines([(1, 5), (1, 4)], end(1, true, 0))),
            [(1, 0)]
        );
        assert_eq!(
            pairs(&run_lines([(1, 5), (2, 4)], end(9, false, 6))),
            [(1, 5), (2, 4), (9, 6)]
        );
        assert_eq!(unknown_value(1), 1);
        assert_eq!(unknown_value(4), 6);
    }

    fn run(experiment: &str, label: &str, n: u64, trial: u64, checks: u64) -> RunRecord {
        RunRecord {
            experiment: experiment.into(),
            algorithm: "min-conflicts".into(),
            label: label.into(),
            step_unit: "repair".into(),
            params: "none".into(),
            budget: "unlimited".into(),
            instance: "plain".into(),
            n,
            trial,
            seed: 40 + trial,
            solved: true,
            stop_reason: crate::StopReason::Solved,
            steps: 3,
            restarts: 0,
            checks,
            tests: 0,
            backtracks: 0,
            evaluations: 1,
            final_conflicts: Some(0),
            solutions: 1,
            wall_seconds: 0.0,
            work_known: true,
        }
    }

    #[test]
    fn experiments_are_functions_labels_folders_and_trials_runs_in_order() {
        let runs = [
            run("e", "a b", 8, 1, 50),
            run("e", "a b", 8, 0, 40),
            run("f", "a_b", 70_000, 0, 9),
            run("f", "a_b", 6, 0, 30),
        ];
        let trace = TraceRecord {
            label: "a b".into(),
            n: 8,
            trial: 1,
            step: 0,
            checks: 8,
            evaluations: 1,
            conflicts: 5,
            best_conflicts: 5,
        };
        let options = Options {
            measure: Measure::Checks,
            omit_large_sizes: true,
        };
        let export = build_from(&runs, &[trace], options).expect("an export");
        let paths: Vec<String> = export
            .files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect();
        assert_eq!(
            paths,
            [
                "a_b/IOHprofiler_f1_e.json",
                "a_b/data_f1_e/IOHprofiler_f1_DIM8.dat",
                "a_b-2/IOHprofiler_f2_f.json",
                "a_b-2/data_f2_f/IOHprofiler_f2_DIM6.dat",
            ]
        );
        assert_eq!(
            export.files[1].contents,
            "evaluations raw_y\n1 28\n40 0\nevaluations raw_y\n1 28\n8 5\n50 0\n"
        );
        let info: serde_json::Value =
            serde_json::from_str(&export.files[0].contents).expect("JSON");
        assert_eq!(info["scenarios"][0]["runs"][1]["seed"], 41);
        assert_eq!(info["scenarios"][0]["runs"][1]["best"]["evals"], 50);
        assert_eq!(export.omitted, [("a_b".to_owned(), 70_000)]);
        assert_eq!((export.algorithms, export.runs), (2, 3));
        let refused = build_from(
            &runs,
            &[],
            Options {
                omit_large_sizes: false,
                ..options
            },
        );
        assert!(matches!(
            refused,
            Err(IohError::SizeTooLarge { n: 70_000, .. })
        ));
    }

    #[test]
    fn file_names_are_one_safe_component() {
        assert_eq!(
            file_name("min-conflicts (random)"),
            "min-conflicts__random_"
        );
        assert_eq!(file_name(".."), "_..");
        assert_eq!(file_name(""), "_");
        assert_eq!(
            label_dirs(&["a b", "a_b", "A_B"]),
            ["a_b", "a_b-2", "A_B-3"]
        );
    }
}
