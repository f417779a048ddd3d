//! External solvers: a program in any language, run by the harness like a
//! built-in algorithm through the `queens-external` protocol (version 3,
//! version 2 still served), JSON lines over the program's stdin and stdout.
//! The protocol for program authors is `experiments/solvers/PROTOCOL.md`;
//! in short:
//!
//! 1. The harness starts the program (in its own process group) and writes
//!    `{"protocol":"queens-external","version":2,"versions":[2,3]}`; the
//!    program answers
//!    `{"protocol_version":2|3,"name":"…","version":"…","many_trials":true|false}`
//!    (a version 1 program, without `protocol_version`, is refused with a
//!    message naming what changed).
//! 2. Per trial the harness writes `{"id":…,"n":…,"seed":…,"params":{…},
//!    "budget":{"max_steps":…,"max_restarts":…,"max_checks":…,"time_limit":…},
//!    "trace":true|false,"instance":{"blocked":[[r,c],…],"given":[[r,c],…]}}`
//!    (`id` counts the process's requests from 1; unset limits `null`;
//!    `trace` says whether the harness keeps trace points; `instance`, sent
//!    to version 3 programs only, is the trial's blocked squares and given
//!    queens, 0-based, and is left out of a plain trial's request)
//!    and the program answers `{"id":…,"solution":[…]|null,
//!    "stop_reason":"solved|exhausted|budget_steps|budget_checks|budget_restarts|budget_time",
//!    "counters":{"steps":…,"checks":…,"restarts":…,"evaluations":…},
//!    "trace":[{"steps":…,"checks":…,"restarts":…,"evaluations":…,"conflicts":…,"columns":[…]}]}`
//!    echoing the request's `id` (`counters` entries default to 0, `trace`
//!    and a point's `columns` are optional; a point's board becomes a frame
//!    of a replay; any other field or counter is refused, naming it and the
//!    allowed ones; a counter above its budget is refused).
//!    A stop reason the harness can check is refused when false
//!    ([`protocol::check_stop_reason`]): `exhausted` on the plain problem
//!    where N has solutions (every N but 2 and 3; on an instance it is the
//!    program's unchecked claim); `budget_steps` or `budget_restarts` without
//!    that limit or with its counter below it (a search stops when the
//!    counter reaches the limit); `budget_checks` without `max_checks` (its
//!    counter may be below: a program stops before a step that would pass
//!    the limit, and only it knows what the step costs); `budget_time`
//!    without `time_limit`, or read sooner than the limit less
//!    [`protocol::TIME_TOLERANCE`] (10 ms, for a coarse clock) after the
//!    trial's clock started ([`Control::elapsed`]).
//! 3. A `many_trials` program reads requests until stdin closes; otherwise
//!    (or with `per_trial = true` in the config, and for `queens solve`)
//!    each trial gets a fresh process.
//! 4. Exactly one line per request. After a reply, once the trial's clock
//!    has stopped and before its outcome is decided
//!    ([`ExternalSolver::confirm_reply`]), the harness looks for more
//!    output: a program that serves the next trial is given
//!    [`REPLY_GRACE`] (1 ms; a line that came in the same read as the reply
//!    is seen without waiting), any other has its stdin closed and is read
//!    until it exits (at most [`process::EXIT_GRACE`]). Output found makes
//!    that trial a `solver_error` (a copy of the reply is named a second
//!    reply). Output that comes later still is seen when the next trial
//!    begins (waiting, or as the answer to its request, a reply with an
//!    earlier `id`): that trial is then not run and its `solver_error`
//!    names the trial whose output it was, whose row was already written.
//!
//! What the harness guarantees, as for a built-in solver: the trial path
//! ([`crate::trial::run_trial`]) starts the program and does the handshake
//! before its clock starts ([`ExternalSolver::prepare`]; the wait is capped
//! by the time limit), then times from the request written to the reply
//! read; the seed sent is the trial's seed of runs.csv (the trial path
//! passes it, [`crate::solvers::Solver::external`]), so `queens solve --command …
//! --seed S` replays a row. Every wait on a program ends by the time limit
//! or when the program exits, whatever its children do with its pipes
//! ([`process`]); a line is at most `max_line_bytes` long. At the time
//! limit the program's process group is killed and the trial ends
//! `budget_time` with unknown work ([`Outcome::work_unknown`]: its
//! counters are written `NA`, so ERT in a work measure is `NA` for its
//! cell, not the mean of the solved trials); a crash, an exit without a reply, a failed start, a
//! malformed reply, a reply with another request's `id`, a false stop
//! reason or output nobody asked for ends the trial `solver_error`; a board that is no solution
//! (checked here, then again by the trial path's independent validator)
//! ends it `invalid_solution`. The reason and the tail of the program's
//! stderr are kept ([`ExternalSolver::take_failures`]) for the runner's
//! `external.log` beside runs.csv. A process that broke the protocol is
//! never reused: the next trial starts a fresh one. The name and version
//! each process gives in the handshake are kept
//! ([`ExternalSolver::identities`]) for the session's record in
//! metadata.json.
//!
//! Processes are kept per worker thread, so trials on different threads run
//! in different processes and a trial never waits for another's.
//!
//! **Instances.** A plan that gives the program instances asks
//! [`Configured::instance_refused`] when the config loads: the harness
//! starts the program once, reads the version its handshake declares and
//! ends it, and refuses a version 2 program (exit 2, the message naming
//! version 3 and what it adds). A config read back from a run's record
//! ([`ExternalSolver::as_stored`]) never starts the program. A process
//! that declares version 2 when a trial with an instance begins (the
//! program changed since the load) fails that trial, naming the version.

pub mod extra_output;
pub mod process;
pub mod protocol;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::base::records::seed::SEED_BOUND;
use crate::solvers::algorithm::{Algorithm, CheckCount, Configured};
use crate::solvers::blocks::frame::{Frame, View};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, Params};
use crate::solvers::{Budget, Control, Outcome, Solver, StopReason};
use extra_output::Answered;
use process::{Program, Received};
use protocol::{Answer, Hello, InstanceField, Refused, Request};

/// The `name` of an external entry in a config.
pub const NAME: &str = "external";

/// How long a program may take to start and answer the handshake, at
/// most: a time limit shorter than this caps it.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long the harness waits, after a reply and before the trial's
/// outcome is decided, for output a program that serves more trials must
/// not write (a second reply, any other line): the trial's clock has
/// stopped, so this is the cost per trial of a many-trials program, not
/// its time. A line written with the reply is seen without waiting.
pub const REPLY_GRACE: Duration = Duration::from_millis(1);

/// The descriptor of external entries: not in the registry (an external
/// solver is built from its command, not from parameters), but named like
/// an algorithm in runs.csv (`algorithm = external`).
pub static ALGORITHM: Algorithm = Algorithm {
    name: NAME,
    summary: "a program of your own, in any language, run through the queens-external protocol",
    source: "your program; the protocol is experiments/solvers/PROTOCOL.md",
    citation: "your program",
    step: "one step of the program",
    checks: &[CheckCount {
        variant: None,
        counts: "what the program reports (`counters.checks` of the protocol)",
    }],
    params: &[],
    variants: &[],
    // A program that never stops (N = 3 has no solution) ends here.
    default_budget: Budget {
        max_steps: None,
        max_restarts: None,
        max_checks: None,
        time_limit: Some(60.0),
    },
    settings: |_| {
        Err(ParamError::Declaration {
            algorithm: NAME.to_string(),
            problem: "an external solver is built from its command (`command = [...]` or `--command`), not from parameters".to_string(),
        })
    },
};

/// A command that cannot be run, found before any trial.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// No program was named.
    #[error(
        "the command is empty: name the program and its arguments, like [\"python3\", \"solvers/tabu.py\"]"
    )]
    Empty,
    /// A path in the command does not exist.
    #[error(
        "{what} '{word}' is not there (looked for {}): fix the path, which is relative to {base}",
        resolved.display()
    )]
    Missing {
        /// The program or an argument.
        what: &'static str,
        /// The word as written.
        word: String,
        /// Where it was looked for.
        resolved: PathBuf,
        /// What relative paths are relative to.
        base: String,
    },
    /// A program without a path is not on `PATH`.
    #[error("program '{word}' is not on PATH: install it, or write its path (relative to {base})")]
    NotOnPath {
        /// The program as written.
        word: String,
        /// What relative paths are relative to.
        base: String,
    },
    /// A word holds white space or a quote, which the replay command
    /// (`--command "…"`, split at spaces) cannot carry.
    #[error(
        "'{0}' holds white space or a quote: the replay of its rows in external.log (`--command '…'`) splits its one argument at spaces; move the file to a path without them"
    )]
    Unsplittable(String),
}

/// Resolves a command against `base` (the config file's directory, or the
/// working directory for `queens solve`). The program is a path when it
/// holds a `/` (made absolute from `base`; it must exist), else it must be
/// on `PATH`. An argument not starting with `-` is a path when it holds a
/// `/` (it must then exist) or names a file in `base`; paths are made
/// absolute from `base`, other arguments are passed as written. `base_name`
/// says what `base` is, for messages.
pub fn resolve_command(
    words: &[String],
    base: &Path,
    base_name: &str,
) -> Result<Vec<String>, CommandError> {
    let (program, _) = words.split_first().ok_or(CommandError::Empty)?;
    if program.trim().is_empty() {
        return Err(CommandError::Empty);
    }
    if !program.contains('/') && !on_path(program) {
        return Err(CommandError::NotOnPath {
            word: program.clone(),
            base: base_name.to_string(),
        });
    }
    let mut resolved = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let is_path = i == 0 && word.contains('/')
            || i > 0 && !word.starts_with('-') && (word.contains('/') || base.join(word).exists());
        let word = if is_path {
            let path = std::path::absolute(base.join(word)).unwrap_or_else(|_| base.join(word));
            if !path.exists() {
                return Err(CommandError::Missing {
                    what: if i == 0 { "program" } else { "file" },
                    word: word.clone(),
                    resolved: path,
                    base: base_name.to_string(),
                });
            }
            path.to_string_lossy().into_owned()
        } else {
            word.clone()
        };
        if word.is_empty()
            || word
                .chars()
                .any(|c| c.is_whitespace() || c == '"' || c == '\'')
        {
            return Err(CommandError::Unsplittable(word));
        }
        resolved.push(word);
    }
    Ok(resolved)
}

/// Whether `program` is a file in one of the directories of `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|dirs| std::env::split_paths(&dirs).any(|dir| dir.join(program).is_file()))
}

/// A trial the program failed: why, and the tail of its stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The board size.
    pub n: usize,
    /// The trial's seed.
    pub seed: u64,
    /// What went wrong.
    pub reason: String,
    /// The last bytes of the program's stderr
    /// ([`process::STDERR_TAIL_BYTES`]).
    pub stderr_tail: String,
}

/// What a program said it is in its answer to the handshake.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Identity {
    /// The `name` it gave.
    pub name: String,
    /// The `version` it gave.
    pub version: String,
}

/// A started program that has answered the handshake.
struct Running {
    program: Program,
    /// The protocol version its handshake declared.
    version: u32,
    /// Whether it serves another trial after this one.
    many_trials: bool,
    /// The id of its last request (0 before the first).
    last_id: u64,
    /// The last trial whose reply it confirmed (none before the first).
    answered: Option<Answered>,
}

/// An external program as a solver (see the module header).
pub struct ExternalSolver {
    /// The command, its paths absolute.
    command: Vec<String>,
    /// The parameters sent with every request.
    params: serde_json::Value,
    /// A fresh process for every trial, whatever the program says.
    per_trial: bool,
    /// What one of its steps is, when the config says.
    step_unit: Option<String>,
    /// The longest line it may write.
    max_line_bytes: usize,
    /// The started programs of each worker thread (or why one failed to
    /// start), waiting for their next trial.
    ready: Mutex<HashMap<ThreadId, Result<Running, Failure>>>,
    /// The program of each worker thread that has replied to its trial
    /// (which one), until [`ExternalSolver::confirm_reply`] has looked for
    /// output after the reply.
    replied: Mutex<HashMap<ThreadId, (Running, Answered)>>,
    /// Failed trials not yet taken.
    failures: Mutex<Vec<Failure>>,
    /// Every distinct name and version its processes gave.
    identities: Mutex<BTreeSet<Identity>>,
    /// Whether [`Configured::instance_refused`] may start the program to
    /// learn its protocol version (not for a config read back from a
    /// run's record).
    probe: bool,
    /// The protocol version a handshake at load declared, or why the
    /// handshake failed: learnt once.
    probed: OnceLock<Result<u32, String>>,
}

impl ExternalSolver {
    /// A solver running `command` (resolved, [`resolve_command`]) with
    /// `params`; with `per_trial`, each trial in a fresh process.
    pub fn new(command: Vec<String>, params: &Params, per_trial: bool) -> Self {
        Self {
            command,
            params: params.to_json(),
            per_trial,
            step_unit: None,
            max_line_bytes: process::DEFAULT_MAX_LINE_BYTES,
            ready: Mutex::new(HashMap::new()),
            replied: Mutex::new(HashMap::new()),
            failures: Mutex::new(Vec::new()),
            identities: Mutex::new(BTreeSet::new()),
            probe: true,
            probed: OnceLock::new(),
        }
    }

    /// The same solver, read back from a run's record (a stored config,
    /// whose program may not be there): it is never started to learn its
    /// protocol version, and [`Configured::instance_refused`] takes it
    /// for one that searches instances.
    pub fn as_stored(mut self) -> Self {
        self.probe = false;
        self
    }

    /// The protocol version the program declares in its handshake, learnt
    /// once by starting it and ending it after the handshake, or why that
    /// failed (it could not start, did not answer within
    /// [`HANDSHAKE_TIMEOUT`], or answered what the protocol refuses).
    pub fn protocol_version(&self) -> Result<u32, String> {
        self.probed
            .get_or_init(|| {
                self.start(&Budget::UNLIMITED, false)
                    .map(|running| {
                        let version = running.version;
                        running.program.end();
                        version
                    })
                    .map_err(|failure| {
                        // The last line of its stderr says why, mostly.
                        match failure
                            .stderr_tail
                            .lines()
                            .rev()
                            .find(|l| !l.trim().is_empty())
                        {
                            Some(last) => {
                                format!("{} (its stderr ends: {})", failure.reason, last.trim())
                            }
                            None => failure.reason,
                        }
                    })
            })
            .clone()
    }

    /// The same solver, whose steps are `unit`s (`repair`): the
    /// `step_unit` column of its rows.
    pub fn with_step_unit(mut self, unit: &str) -> Self {
        self.step_unit = Some(unit.to_string());
        self
    }

    /// The same solver, whose output lines may be `bytes` long (default
    /// [`process::DEFAULT_MAX_LINE_BYTES`]): past it the program is ended
    /// and the trial is a `solver_error`.
    pub fn with_max_line_bytes(mut self, bytes: usize) -> Self {
        self.max_line_bytes = bytes;
        self
    }

    /// What one of its steps is: the unit the config gave, or the
    /// descriptor's ("step of the program").
    pub fn step_unit(&self) -> &str {
        self.step_unit
            .as_deref()
            .unwrap_or_else(|| ALGORITHM.step_unit())
    }

    /// The names and versions its processes gave in the handshake so far,
    /// each once, in order (more than one if the program changed while
    /// the runs went on).
    pub fn identities(&self) -> Vec<Identity> {
        self.identities
            .lock()
            .map(|identities| identities.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// The command as one line, words separated by spaces: the value of
    /// `queens solve --command`, run from the working directory. A path
    /// under the working directory is written relative to it (`./…`), so a replay
    /// command kept in a log or a report holds no machine's own paths.
    pub fn command_line(&self) -> String {
        let cwd = std::env::current_dir().ok();
        self.command
            .iter()
            .map(|word| {
                cwd.as_deref()
                    .and_then(|cwd| Path::new(word).strip_prefix(cwd).ok())
                    .filter(|relative| !relative.as_os_str().is_empty())
                    .map_or_else(
                        || word.clone(),
                        // `./x`, not `x`: a first word without a `/` is
                        // looked up on PATH.
                        |relative| Path::new(".").join(relative).to_string_lossy().into_owned(),
                    )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// What the program is, as [`ExternalSolver::command_line`], and the
    /// SHA-256 of its code: of every word of its command, each file it
    /// names by its contents (the program given by its path, a script
    /// passed to an interpreter), the other words as written. A program
    /// found on `PATH` (`python3`) is a word: its own updates are not the
    /// solver's changes.
    pub fn fingerprint(&self) -> (String, String) {
        let mut summary = String::new();
        for word in &self.command {
            let file = Path::new(word)
                .is_file()
                .then(|| std::fs::read(word).ok())
                .flatten();
            match file {
                Some(bytes) => {
                    summary.push_str("file ");
                    summary.push_str(&crate::base::records::sha256(&bytes));
                }
                None => {
                    summary.push_str("word ");
                    summary.push_str(word);
                }
            }
            summary.push('\n');
        }
        (
            self.command_line(),
            crate::base::records::sha256(summary.as_bytes()),
        )
    }

    /// Starts this thread's program and does the handshake, unless one is
    /// ready: the trial path calls it before its clock starts, so start-up
    /// is not charged to the trial. The wait for the handshake is capped by
    /// the `budget`'s time limit. A failure is kept for the next trial,
    /// which reports it.
    pub fn prepare(&self, budget: &Budget) {
        let id = thread::current().id();
        if self.ready.lock().is_ok_and(|ready| ready.contains_key(&id)) {
            return;
        }
        let started = self.start(budget, true);
        if let Ok(mut ready) = self.ready.lock() {
            ready.insert(id, started);
        }
    }

    /// Starts the program and greets it, waiting for its answer at most
    /// [`HANDSHAKE_TIMEOUT`] or the `budget`'s time limit, whichever is
    /// shorter; the name and version it gives are kept for the run's
    /// record when `record`.
    fn start(&self, budget: &Budget, record: bool) -> Result<Running, Failure> {
        let failed = |reason: String, stderr_tail: String| Failure {
            n: 0,
            seed: 0,
            reason,
            stderr_tail,
        };
        let mut program = Program::start(&self.command, self.max_line_bytes)
            .map_err(|e| failed(e.to_string(), String::new()))?;
        let hello = serde_json::to_string(&Hello::CURRENT).unwrap_or_default();
        let wait = budget
            .time_limit
            .and_then(|limit| Duration::try_from_secs_f64(limit).ok())
            .map_or(HANDSHAKE_TIMEOUT, |limit| limit.min(HANDSHAKE_TIMEOUT));
        let deadline = Instant::now() + wait;
        let answer = program.send(&hello).and_then(|()| {
            program.receive(|| (Instant::now() >= deadline).then_some(StopReason::BudgetTime))
        });
        let reason = match answer {
            Ok(Received::Line(line)) => match protocol::parse_greeting(&line) {
                Ok(greeting) => {
                    let version = greeting.speaks();
                    if record && let Ok(mut identities) = self.identities.lock() {
                        identities.insert(Identity {
                            name: greeting.name,
                            version: greeting.version,
                        });
                    }
                    return Ok(Running {
                        program,
                        version,
                        many_trials: greeting.many_trials,
                        last_id: 0,
                        answered: None,
                    });
                }
                Err(e) => format!("handshake: {e}"),
            },
            Ok(Received::Closed) => "the program exited before answering the handshake".to_string(),
            Ok(Received::Stopped(_)) => format!(
                "the program did not answer the handshake within {} s",
                wait.as_secs_f64()
            ),
            Err(e) => format!("handshake: {e}"),
        };
        let (status, tail) = program.end();
        Err(failed(with_status(reason, status), tail))
    }

    /// Runs one trial at size `n` with the trial's `seed` under `control`:
    /// the trial path's call, while the trial's clock runs, which
    /// [`ExternalSolver::confirm_reply`] must follow once the clock has
    /// stopped. A failure ends the trial `solver_error` (or `budget_time`
    /// when the time limit killed the program, or `invalid_solution` for a
    /// board that is no solution) with unknown work
    /// ([`Outcome::work_unknown`]: runs.csv writes its counters `NA`), and is kept for
    /// [`ExternalSolver::take_failures`]. A failed process is ended; the
    /// next trial starts a fresh one. So is a process that wrote output
    /// after its last reply that [`ExternalSolver::confirm_reply`] did not
    /// see: this trial is then not run, and its failure names the trial
    /// whose output it was.
    pub fn solve_trial(&self, n: usize, seed: u64, control: &mut Control<'_>) -> Outcome {
        let mut running = match self.running(n, seed, control.budget()) {
            Ok(running) => running,
            Err(failed) => return failed,
        };
        let instance = control.instance();
        if instance.is_some()
            && let Some(refused) = protocol::instances_refused(running.version)
        {
            let (status, stderr_tail) = running.program.end();
            let failure = Failure {
                n,
                seed,
                reason: with_status(format!("a trial with an instance, but {refused}"), status),
                stderr_tail,
            };
            return self.failed(n, seed, failure, StopReason::SolverError);
        }
        running.last_id += 1;
        let request = Request {
            id: running.last_id,
            n,
            seed,
            params: &self.params,
            budget: control.budget(),
            trace: control.tracing(),
            instance: instance.map(InstanceField::of),
        };
        let line = serde_json::to_string(&request).unwrap_or_default();
        let answer = running
            .program
            .send(&line)
            .and_then(|()| running.program.receive(|| control.poll_clock()));
        let elapsed = control.elapsed();
        let answered = Answered {
            n,
            seed,
            id: running.last_id,
        };
        let (reason, stop) = match answer {
            Ok(Received::Line(line)) => {
                match protocol::parse_reply(
                    &line,
                    running.last_id,
                    n,
                    instance,
                    control.budget(),
                    elapsed,
                ) {
                    Ok(Answer { outcome, trace }) => {
                        if control.tracing() {
                            for point in trace {
                                let metrics = point.counters().metrics();
                                control.observe(&metrics, point.conflicts);
                                if let Some(columns) = &point.columns {
                                    control.frame(&Frame::full(columns, metrics, View::Board));
                                }
                            }
                        }
                        self.replied_to(running, answered);
                        return outcome;
                    }
                    Err(e @ Refused::InvalidBoard { .. }) => {
                        // The program kept to the protocol: it serves on.
                        let failure = Failure {
                            n,
                            seed,
                            reason: e.to_string(),
                            stderr_tail: running.program.stderr_tail(),
                        };
                        self.replied_to(running, answered);
                        return self.failed(n, seed, failure, StopReason::InvalidSolution);
                    }
                    Err(Refused::Malformed(e)) => (
                        extra_output::with_whose(
                            e.to_string(),
                            &line,
                            running.last_id,
                            running.answered,
                        ),
                        StopReason::SolverError,
                    ),
                }
            }
            Ok(Received::Closed) => (
                "the program exited without replying".to_string(),
                StopReason::SolverError,
            ),
            Ok(Received::Stopped(StopReason::Interrupted)) => {
                return Outcome::unsolved(Default::default(), StopReason::Interrupted);
            }
            Ok(Received::Stopped(reason)) => (
                format!(
                    "killed at the time limit of {} s",
                    control.budget().time_limit.unwrap_or_default()
                ),
                reason,
            ),
            Err(e) => (e.to_string(), StopReason::SolverError),
        };
        let (status, stderr_tail) = running.program.end();
        let failure = Failure {
            n,
            seed,
            reason: with_status(reason, status),
            stderr_tail,
        };
        self.failed(n, seed, failure, stop)
    }

    /// This thread's program for the trial (`n`, `seed`): the one ready,
    /// or a fresh one started under `budget`. A program that failed to
    /// start, or that wrote output after its last reply (seen only now),
    /// fails the trial, whose outcome is the error.
    fn running(&self, n: usize, seed: u64, budget: &Budget) -> Result<Running, Outcome> {
        let id = thread::current().id();
        let taken = self.ready.lock().ok().and_then(|mut r| r.remove(&id));
        let running = taken.unwrap_or_else(|| self.start(budget, true));
        let mut running = running.map_err(|f| self.failed(n, seed, f, StopReason::SolverError))?;
        let Some(extra) = running.program.output_within(Duration::ZERO) else {
            return Ok(running);
        };
        let reason = extra_output::seen_late(&extra, running.answered);
        let (status, stderr_tail) = running.program.end();
        let failure = Failure {
            n,
            seed,
            reason: with_status(reason, status),
            stderr_tail,
        };
        Err(self.failed(n, seed, failure, StopReason::SolverError))
    }

    /// Keeps this thread's `running` program, which has replied to the
    /// trial `answered`, for [`ExternalSolver::confirm_reply`].
    fn replied_to(&self, running: Running, answered: Answered) {
        if let Ok(mut replied) = self.replied.lock() {
            replied.insert(thread::current().id(), (running, answered));
        }
    }

    /// Looks for output after the reply of this thread's last trial, whose
    /// `outcome` [`ExternalSolver::solve_trial`] returned: the trial path's
    /// call once the trial's clock has stopped, before the outcome is
    /// recorded. A program that serves more trials is given
    /// [`REPLY_GRACE`]; any other has its stdin closed and is read until it
    /// exits (at most [`process::EXIT_GRACE`]). A line or bytes after the
    /// reply make the trial a `solver_error` (a second reply is named so)
    /// and end the process; otherwise the program is kept for the next
    /// trial when it serves many, else ended. Without a reply to confirm
    /// (a failed trial) the outcome is returned as it is.
    pub fn confirm_reply(&self, outcome: Outcome) -> Outcome {
        let id = thread::current().id();
        let Some((mut running, answered)) =
            self.replied.lock().ok().and_then(|mut r| r.remove(&id))
        else {
            return outcome;
        };
        let reused = running.many_trials && !self.per_trial;
        let extra = if reused {
            running.program.output_within(REPLY_GRACE)
        } else {
            running.program.output_before_exit()
        };
        match extra {
            None => {
                running.answered = Some(answered);
                if reused && let Ok(mut ready) = self.ready.lock() {
                    ready.insert(id, Ok(running));
                }
                outcome
            }
            Some(extra) => {
                let reason = extra_output::after_reply(&extra, answered.id);
                let (status, stderr_tail) = running.program.end();
                let failure = Failure {
                    n: answered.n,
                    seed: answered.seed,
                    reason: with_status(reason, status),
                    stderr_tail,
                };
                self.failed(answered.n, answered.seed, failure, StopReason::SolverError)
            }
        }
    }

    /// Keeps `failure` of the trial (n, seed) and returns its outcome.
    fn failed(&self, n: usize, seed: u64, failure: Failure, stop: StopReason) -> Outcome {
        if let Ok(mut failures) = self.failures.lock() {
            failures.push(Failure { n, seed, ..failure });
        }
        Outcome::work_unknown(stop)
    }

    /// The failed trials since the last call, oldest first.
    pub fn take_failures(&self) -> Vec<Failure> {
        self.failures
            .lock()
            .map(|mut f| std::mem::take(&mut *f))
            .unwrap_or_default()
    }
}

/// `reason`, with how the program exited when it is known.
fn with_status(reason: String, status: Option<std::process::ExitStatus>) -> String {
    match status {
        Some(status) => format!("{reason} ({status})"),
        None => reason,
    }
}

impl Solver for ExternalSolver {
    /// Outside the trial path (which sends the trial's seed, see
    /// [`ExternalSolver::solve_trial`]), the seed sent is the generator's
    /// next number below 2^53.
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        let seed = rng.random_range(0..SEED_BOUND);
        self.prepare(control.budget());
        let outcome = self.solve_trial(n, seed, control);
        self.confirm_reply(outcome)
    }

    fn external(&self) -> Option<&ExternalSolver> {
        Some(self)
    }
}

impl Configured for ExternalSolver {
    /// The harness's side only: the reply and its solution.
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::harness_side(n, "the program's own memory is its own; run smaller sizes")
    }

    fn never_restarts(&self) -> Option<&'static str> {
        None
    }

    /// A program that speaks version 3 searches instances; one that
    /// speaks version 2 is refused, naming the version it must speak. The
    /// version is learnt from a handshake when the config loads
    /// ([`ExternalSolver::protocol_version`]); a program whose handshake
    /// fails is refused with the reason. A solver read back from a run's
    /// record ([`ExternalSolver::as_stored`]) is never started: its trials
    /// ran (or will be refused) when it was loaded to run.
    fn instance_refused(&self) -> Option<String> {
        if !self.probe {
            return None;
        }
        match self.protocol_version() {
            Ok(version) => protocol::instances_refused(version),
            Err(reason) => Some(format!(
                "its handshake failed when the config was checked, so the protocol version it speaks is unknown (a program searching instances must speak version {}): {reason}",
                protocol::INSTANCE_VERSION
            )),
        }
    }
}
