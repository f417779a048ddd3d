//! `queens`: a research harness comparing N-Queens search algorithms under
//! seeded, reproducible conditions.
//!
//! This page is the architecture: where each thing lives, how data flows,
//! and the rules that keep results reproducible. The `queens` binary
//! (`src/main.rs`, `src/cli/`: one file per subcommand in `cli/commands/`,
//! what talks to the terminal in `cli/terminal/`) is a thin layer over this
//! library.
//!
//! The folders say the layers: `src/base/` is the bottom (board, outcome,
//! records: what every other module stands on), `src/solvers/` holds the
//! solver interface in its own files, the shared building blocks in
//! `solvers/blocks/` and one file per algorithm in `solvers/algorithms/`,
//! and every other folder is one layer of the table below.
//!
//! # Where to find it
//!
//! - **An algorithm**: one file each, opened by its source and its choices:
//!   [`solvers::algorithms::backtracking`] (Wirth; Kuechmann's counters),
//!   [`solvers::algorithms::construction`] (the explicit construction),
//!   [`solvers::algorithms::random_restart`], [`solvers::algorithms::naive_repair`],
//!   [`solvers::algorithms::min_conflicts`] (its large-N `fast` variant in
//!   [`solvers::algorithms::min_conflicts_fast`]),
//!   [`solvers::algorithms::hill_climbing`] (steepest ascent, sideways moves
//!   and random restarts), [`solvers::algorithms::genetic`],
//!   [`solvers::algorithms::annealing`], [`solvers::algorithms::csp`] (MRV, LCV, forward
//!   checking, MAC). Each declares a descriptor
//!   ([`solvers::algorithm::Algorithm`]) and reads its parameters once into
//!   typed settings that are the solver; [`solvers::registry`] lists them,
//!   one line each. Adding an algorithm is one file plus that one line.
//! - **A program of one's own**, in any language: [`solvers::algorithms::external`]
//!   runs it as a solver over JSON lines (`experiments/solvers/PROTOCOL.md`).
//!   A front end's own solvers run in process by name (`python:NAME`, the
//!   Python package in `python/`): [`solvers::in_process`].
//! - **Hard instances**: [`base::instance`] holds blocked N-Queens, N-Queens
//!   completion and excluded diagonals as one [`base::instance::Instance`]
//!   (allowed squares per row, given queens), the paper's three generators
//!   and the readers of the published formats; a config's `[instance]`
//!   table ([`experiment::config`]) gives every label the same instances
//!   (their seeds come from the master seed, N and the trial), a solver
//!   reads its trial's instance from [`solvers::Control::instance`] (or
//!   refuses instances at load, [`solvers::Configured::instance_refused`]),
//!   the trial path checks the solution against it, runs.csv's `instance`
//!   column names it, `queens count --instance` counts its solutions
//!   ([`counting::instance`]) and the phase-transition chart draws the
//!   share of instances with a solution and each label's cost against the
//!   generator's parameter.
//! - **The trial path**: [`trial::run_trial`] runs one seeded search under a
//!   budget, times it and validates its solution. `queens solve`, the
//!   experiment runner and the benchmarks all go through it, which is why
//!   `queens solve --seed S` replays a row of runs.csv exactly.
//! - **The CSV contract**: [`base::records`] — the rows of runs.csv, traces.csv
//!   and summary.csv ([`base::records::RunRecord`], [`base::records::TraceRecord`],
//!   [`base::records::SummaryRow`]; column names are field names), the measures
//!   work is counted in ([`base::records::Measure`]) and the one block of
//!   statistics summary.csv gives each of them
//!   ([`base::records::MeasureSummary`]: a statistic is one entry there), the
//!   seed chain ([`base::records::seed`]; seeds below 2^53), how every value is
//!   spelled so R and pandas read it with one type ([`base::records::values`]:
//!   `TRUE`/`FALSE`, `NA`, `Inf`), and the encoding, appending and atomic
//!   rewriting of CSV files ([`base::records::csv_file`]). Two outcomes
//!   are neither success nor failure: a proof that no solution exists
//!   (`exhausted`, N = 2 and 3) answers its trial and is left out of the
//!   success rate, and a foreign solver's trial killed at its time limit
//!   has unknown work ([`base::records::RunRecord::work_known`]: counters
//!   `NA`, and so ERT in a work measure), as [`analysis::summary`] says.
//! - **The data directory**: [`store::Store`] opens it once — its lock
//!   ([`store::lock`]), metadata.json and the plan of the config stored
//!   there ([`store::stored_plan`]), derived.json ([`store::derived`]) —
//!   and hands every consumer typed views read, hashed and checked once:
//!   the runs (each trial once and of the plan, `solved` agreeing with
//!   `stop_reason`, no line cut short: [`store::runs`]), the traces
//!   ([`store::traces`]), and the summary and the comparison only when
//!   derived.json records them as computed from the runs beside them.
//!   Derived files are written through it with their record; a run writes
//!   through it too ([`store::run_files`]), and a resume is refused when the
//!   config or a foreign solver (an external program's files, a Python
//!   function's source: their fingerprints in metadata.json) changed. It is the only module that
//!   names a file of the directory (`store/layout.rs`): a new file is its
//!   name there, its view or writer on the store, and its line in the
//!   book's reference of the data files.
//! - **What a config may ask**: [`experiment::limits`] bounds a plan before
//!   any trial runs (the trials, the labels, the pairs the comparison
//!   tests), and [`base::records::invisible`] refuses a name that could
//!   display as another, as [`base::records::formula`] refuses one a
//!   spreadsheet would run.
//! - **The run service**: [`run::service::run`] is `queens run` and the
//!   Python package's `queens.run()`: config -> the trials into the store
//!   ([`run::runner`]) -> the steps after them, with one rule for the
//!   threads, the progress, an interruption and the exit status, and the
//!   default places of the data and the charts. [`run::merge`] joins the
//!   shards of a cluster run.
//! - **Comparisons**: [`analysis::compare`] (every pair with its verdict,
//!   `untestable` where the smallest attainable p cannot pass Holm, and
//!   its ERT ratio, and the Bayesian probabilities of a practical
//!   difference within a ROPE from [`analysis::bayes`]; the ranking at
//!   each N) over [`analysis::rank_tests`]
//!   (Mann–Whitney U, Holm, the smallest attainable p, Vargha–Delaney
//!   A12); its rows are [`base::records::CompareRow`] and
//!   [`base::records::RankingRow`]. [`analysis::summary`] computes every
//!   measure's block of statistics, ERT with its interval from simulated
//!   restarts included. [`analysis::versus_best`] gives each label's ERT
//!   ratio to the best at each N (cocopp's tables);
//!   [`analysis::across_sizes`] ranks the labels across sizes with
//!   [`analysis::friedman`] (Friedman test with its permutation p from
//!   [`analysis::friedman_exact`], Iman–Davenport's F, the Nemenyi
//!   critical difference as a drawing) and pairwise Wilcoxon signed-rank
//!   tests with Holm as the post-hoc ([`analysis::signed_rank`]). The best
//!   label at an N is the lowest ERT (ranking.csv's `rank`), one meaning
//!   everywhere.
//! - **The charts**: [`plot`], one file per chart kind, each declaring its
//!   [`plot::registry::ChartKind`] (file stem, caption, what it needs, build
//!   function); [`plot::registry::CHARTS`] lists them, one line each, and
//!   the report takes captions and order from it. Adding a chart kind is
//!   one file plus that one line; a chart the data cannot support is
//!   skipped with a typed reason ([`plot::Skip`]).
//! - **The report**: [`report`] writes `report.html` (the answers to the
//!   config's `[[question]]`s ([`experiment::question`]), the headline, the
//!   charts inline, the findings per N, what was compared, the tables, the
//!   methods, the provenance) and `--latex` tables beside the charts.
//! - **The steps after a run**: [`finish::finish`] compares every pair
//!   (compare.csv, ranking.csv), draws the charts and writes the outputs,
//!   over an open store, taking the [`finish::Steps`] asked for, with one
//!   error policy (a step that cannot read or write aborts; what the data
//!   cannot support is a note). The outputs are a registry
//!   ([`finish::outputs::OUTPUTS`]: the report, the LaTeX tables, the
//!   IOHprofiler export), one file and one line each. The run service,
//!   `merge`, `plot`, `compare` and `report` call it.
//! - **Exports for other tools**: [`export::ioh`] writes an experiment in
//!   the IOHprofiler format (IOHanalyzer, `iohinspector`) from the store's
//!   runs and traces.
//! - **Animated replays**: [`animate`] runs one seeded trial with an
//!   observer that asks the solver for frames ([`solvers::blocks::frame`]) and draws
//!   them as a self-contained HTML page or a self-playing SVG
//!   (`queens animate`), every attacking pair marked ([`animate::draw`],
//!   which also draws `queens solve --svg`'s board); [`animate::race`] plays
//!   two searches of one board in lockstep on one page.
//! - **The exact counter** (not a solver): [`counting`], with the board's
//!   symmetries ([`counting::symmetry`]) and the checkpoints and shards of
//!   long counts ([`counting::checkpoint`]); the sizes of the search spaces
//!   a student meets, closed forms and the backtracking tree counted by
//!   running it ([`counting::space`], `queens space`).
//!
//! # Layers
//!
//! Each layer uses only the layers below it; nothing imports upwards.
//!
//! The table is data that `tests/layers.rs` checks the imports against:
//! one line per layer, top first, its modules at column 0 separated by
//! ", ", then at least two spaces and the description, whose further
//! lines are indented; the modules of one layer may use each other.
//!
//! ```text
//! cli                  the binary: parse, validate, call the library, own the
//!                      terminal (progress bar, notes, warnings) and the exit
//!                      codes
//! run, bench           the run service: config -> trials into the store ->
//!                      the steps after, one call for the CLI and the Python
//!                      package (threads, progress, interruption, exit status,
//!                      where data and charts go); the runner (resume,
//!                      sessions, trials in parallel, reporting to a
//!                      RunObserver), merging shards; self-timing benchmarks
//! finish               the steps after a run over an open store: comparison
//!                      -> charts -> the outputs (report, LaTeX tables,
//!                      IOHprofiler export: a registry), reporting to a
//!                      FinishObserver
//! plot, report         charts from the store's views alone; the one-file HTML
//!                      report (and LaTeX tables) from the store and the
//!                      charts' SVG (its captions and order from plot's chart
//!                      registry)
//! export               the experiment in the IOHprofiler format, from the
//!                      store's runs and traces
//! animate              one seeded trial recorded frame by frame through the
//!                      trace observer, drawn as an HTML page or a playing SVG;
//!                      two in lockstep (a race); the drawing of one board
//! store                the data directory, opened once: its lock, metadata,
//!                      stored plan and derived.json read once; runs, traces,
//!                      summary and comparison read, hashed and checked once
//!                      and handed out typed; derived files written with their
//!                      record; a run's checks, resume, appended trials and
//!                      finished files; the only module that names its files
//! experiment           config (and its JSON Schema) -> plan (seeds, shards,
//!                      the index of a row's place), params rows, questions
//! analysis             statistics over rows: quantiles, intervals, ERT in
//!                      every measure, ECDFs, rank tests and effect sizes,
//!                      targets reached in traces (fixed-target, fixed-budget,
//!                      runtime ECDF), growth exponents, ERT ratios to the
//!                      best, the Friedman ranking across sizes
//! trial                one seeded, timed, validated search
//! solvers              the Solver trait, Control (budget, clock, interrupt,
//!                      trace), parameters, the registry; blocks/ (boards,
//!                      random draws, the local-search driver, frames) below
//!                      algorithms/ (one file each)
//! counting             the exact counter, its checkpoints and shards, the
//!                      symmetries, and the sizes of the search spaces
//! base                 records: the CSV contract (with the measures and the
//!                      block of statistics summary.csv gives each), the seed
//!                      chain, the format of metadata.json, CSV reading,
//!                      appending and atomic file and directory writing; board: placements
//!                      and the independent validator; instance: the hard
//!                      variants (allowed squares, given queens), their
//!                      generators and file readers; outcome: StopReason,
//!                      Metrics and Outcome; remedy: what a message tells
//!                      the user to do, as data the front end renders
//! ```
//!
//! The library never prints and never exits: progress and notes go to an
//! observer ([`run::observer::RunObserver`] for a run,
//! [`finish::FinishObserver`] for the steps after it) or come back in a
//! report ([`finish::Finished`]); errors are typed enums
//! (`thiserror`), and only the binary turns them into messages and exit
//! codes. What an error tells the user to do is data, a
//! [`base::remedy::Remedy`] (recompute the summary of a directory, run
//! again with a fresh start, replay a trial), which each front end renders
//! in its own language through the renderer it registers at startup: the
//! binary as a `queens …` command, the Python package as a `queens.…(…)`
//! call. The library spells no front end's command (`tests/remedies.rs`
//! holds that rule), but for the replays of the data file `external.log`
//! ([`base::records::replay_line`]).
//!
//! # Data flow
//!
//! ```text
//! config (TOML) --experiment::config--> Experiment (sweeps expanded into
//!   entries, every solver built, every parameter checked) --experiment::plan--> trials with seeds
//! run::service::run opens the store (store::Store::for_run: lock, checks, resume)
//!   --trial::run_trial--> RunRecord rows appended to runs.csv as they finish
//!   --analysis::summary--> summary.csv, params.csv, with their record in derived.json
//! then finish::finish, over the same open store (runs not read again):
//!   --analysis::compare--> compare.csv, ranking.csv
//!   --plot--> charts (SVG; PNG and PDF on request with the `print`
//!             feature), every kind of plot::registry::CHARTS
//!   --finish::outputs--> report.html (charts inline); on request summary.tex,
//!               compare.tex, growth.tex, ert-ratio.tex (and targets.tex with
//!               traces), the IOHprofiler export
//! ```
//!
//! One cargo feature, `print`, builds the print formats of the charts (PNG
//! through resvg, PDF through krilla: `plot::print`); without it a chart is
//! SVG alone and [`plot::PRINT_FORMATS`] is false, which keeps their font
//! and PDF libraries out of the default build.
//!
//! Every stage can be re-run from the files of the stage before it:
//! `queens summarize` rebuilds summary.csv from runs.csv, `queens plot`
//! redraws the charts from the CSV files, `queens compare` tests every pair
//! of labels from runs.csv alone, `queens merge` joins the shards of
//! a cluster run.
//!
//! # Core types
//!
//! - [`Solver::solve`]`(n, rng, &mut Control) -> Outcome`: a solver is given
//!   the board size, its only source of randomness (a seeded ChaCha8
//!   generator) and a [`Control`], which holds the [`Budget`], the clock
//!   check, the interrupt flag and the trace observer, so budgets, time and
//!   traces are written once, not in every solver.
//! - [`Outcome`]: the solution (if any), the machine-independent
//!   [`Metrics`] (`steps` in the algorithm's own unit, `checks` as the
//!   common currency, `restarts`, `evaluations`, `tests`, `backtracks`,
//!   `final_conflicts`, `solutions`) and the [`StopReason`].
//! - `checks`, the common currency, is defined once at
//!   [`Metrics::checks`](base::outcome::Metrics::checks): one constant-time query
//!   of whether one square or queen is attacked, or of how many times (one
//!   square's counters read, one square tested, one pair compared). Every
//!   algorithm counts the queries it performs and nothing else, so a
//!   whole-board evaluation costs N, a row scan N, a swap delta 4. What
//!   each algorithm's checks count is part of its descriptor
//!   ([`Algorithm::checks`](solvers::Algorithm::checks), one line per
//!   variant; `queens algorithms` lists them and the book's algorithms page
//!   is generated), and its file's header details it.
//! - [`validate`]: the independent validator; it shares no code with any
//!   solver, and every reported solution passes through it.
//!
//! # Reproducibility rules
//!
//! - A solver never reads the clock for its decisions and owns no global
//!   state: the same (n, seed, parameters, budget) give the same outcome,
//!   bit for bit. Wall time is measured by the trial path, not the solver.
//!   An external program cannot be held to this; the protocol gives it the
//!   trial's seed and asks it to draw from that alone.
//! - A trial's seed is a SplitMix64 chain over (master seed, label, n,
//!   trial index) ([`base::records::seed`]): never the thread, the order of
//!   execution, the time or a hash-map order. Every column but the wall-time
//!   ones (those whose name contains `seconds`) is the same for any
//!   `--threads`, any shard split, and after any number of interrupted and
//!   resumed sessions; so is the default comparison (compare.csv and
//!   ranking.csv, by checks), which reads no time.
//! - Every row carries its seed, parameters and budget, so it replays with
//!   `queens solve`; metadata.json carries the config text and its hash, the
//!   crate version, the git revision, the machine and every session (with
//!   the name and version each external program gave).
//! - Every random choice in the analysis (the bootstrap) is seeded too.

pub mod analysis;
pub mod animate;
pub mod base;
pub mod bench;
pub mod counting;
pub mod experiment;
pub mod export;
pub mod finish;
pub mod plot;
pub mod report;
pub mod run;
pub mod solvers;
pub mod store;
pub mod trial;

pub use base::board::{Placement, Violation, validate};
pub use solvers::{
    Algorithm, Budget, Control, Metrics, Outcome, Solver, StopReason, algorithms, find_algorithm,
};
