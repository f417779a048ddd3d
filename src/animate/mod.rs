//! Animated replays: one seeded search shown step by step, for teaching.
//!
//! [`record`] runs ONE trial through the trial path ([`crate::trial::run_trial`],
//! the path of `queens solve`), with a trace observer ([`recorder::Recorder`])
//! that asks the solver for frames ([`crate::solvers::blocks::frame`]) and keeps a
//! sample of them; the replay ends with a frame of the outcome itself
//! ([`View::End`]), so its last counters are those `queens solve` reports
//! for the same seed. [`html::render`] draws a replay as one self-contained
//! page with controls, [`svg::render`] as an SVG that plays by itself;
//! both mark every pair of queens that attack each other ([`draw`], which
//! also draws `queens solve --svg`'s board). [`race`] records two searches
//! of the same N and seed and plays them in lockstep on one page.
//! A search of an instance ([`record_on`]) is drawn on it: blocked squares
//! dark and crossed, given queens outlined ([`draw::InstanceMarks`], which
//! a page's data carries once).
//! Nothing here prints.
//!
//! Boards up to [`MAX_N`] are drawn; larger ones are refused.

pub mod draw;
pub mod html;
pub mod race;
pub mod recorder;
pub mod svg;

use serde::Serialize;

use crate::base::instance::Instance;
use crate::base::outcome::Outcome;
use crate::base::remedy::{Remedy, Setting};
use crate::solvers::{Budget, Frame, Params, Solver, View};
use crate::trial::{InvalidSolution, Trial, run_trial};
use draw::InstanceMarks;
use recorder::Recorder;

/// The largest board a replay draws.
pub const MAX_N: usize = 32;

/// Frames kept for an HTML replay: about 0.5 KB each at N = 32 in its
/// JSON, so a page stays under about 2.5 MB.
pub const HTML_FRAMES: usize = 4000;

/// Frames kept for an SVG replay, which draws every frame as markup.
pub const SVG_FRAMES: usize = 150;

/// Why a replay could not be made.
#[derive(Debug, thiserror::Error)]
pub enum AnimateError {
    /// The board is too large to draw.
    #[error(
        "animated replays draw boards up to N = {MAX_N}, got N = {n}: choose {} or less ({} runs any N)",
        Remedy::Set(Setting::Size(MAX_N as u64)),
        Remedy::Solve
    )]
    TooLarge {
        /// The size asked for.
        n: usize,
    },
    /// The two searches of a race search different instances.
    #[error(
        "the two searches of a race search one board: the first searches {first}, the second {second}; give the second the first's instance"
    )]
    RaceInstance {
        /// The first search's instance (`plain` for none).
        first: String,
        /// The second's.
        second: String,
    },
    /// The two searches of a race differ in N or seed.
    #[error(
        "the two searches of a race share N and the seed: the first has {what} = {first}, the second {what} = {second}; give the second the first's {what}"
    )]
    RaceMismatch {
        /// What differs: `N` or `seed`.
        what: &'static str,
        /// The first search's value.
        first: u64,
        /// The second search's value.
        second: u64,
    },
    /// The solver returned an invalid board (a bug in the solver).
    #[error(transparent)]
    InvalidSolution(#[from] InvalidSolution),
}

/// What to replay: a configured solver, named for the page, at size `n`
/// with `seed` under `budget`, keeping about `frames` frames.
pub struct ReplaySpec<'a> {
    /// The configured solver.
    pub solver: &'a dyn Solver,
    /// The registry name of its algorithm.
    pub algorithm: &'a str,
    /// Its parameters, every one resolved.
    pub params: &'a Params,
    /// The board size N (at most [`MAX_N`]).
    pub n: usize,
    /// The trial's seed.
    pub seed: u64,
    /// The limits in force.
    pub budget: Budget,
    /// About how many frames to keep ([`HTML_FRAMES`], [`SVG_FRAMES`]).
    pub frames: usize,
    /// The first board given to the search instead of a drawn one.
    pub start: Option<&'a [u32]>,
}

/// A recorded replay: what was run, the frames kept, and the outcome.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// The registry name of the algorithm.
    pub algorithm: String,
    /// Its parameters, `key=value;…`.
    pub params: String,
    /// The board size.
    pub n: usize,
    /// The trial's seed.
    pub seed: u64,
    /// The budget, `key=value;…` or `unlimited`.
    pub budget: String,
    /// The call that reports the same run, as the front end spells it
    /// ([`Remedy::Replay`]).
    pub command: String,
    /// How many frames the search sent.
    pub frames_seen: u64,
    /// Whether only a sample of them was kept.
    pub sampled: bool,
    /// Each kept frame's position among those sent, frame by frame.
    pub positions: Vec<u64>,
    /// The kept frames, the outcome's [`View::End`] frame last.
    pub frames: Vec<Frame>,
    /// What the search produced.
    #[serde(skip)]
    pub outcome: Outcome,
    /// The instance searched, `None` for the plain problem; a page's data
    /// carries it once, beside the frames ([`html`]).
    #[serde(skip)]
    pub instance: Option<InstanceMarks>,
}

/// Runs the trial of `spec` on the plain problem and keeps its frames.
pub fn record(spec: &ReplaySpec<'_>) -> Result<Replay, AnimateError> {
    record_on(spec, None)
}

/// Runs the trial of `spec` on `instance` (`None`: the plain problem; the
/// solver must accept instances,
/// [`crate::solvers::Configured::instance_refused`]) and keeps its frames.
pub fn record_on(
    spec: &ReplaySpec<'_>,
    instance: Option<&Instance>,
) -> Result<Replay, AnimateError> {
    if spec.n > MAX_N {
        return Err(AnimateError::TooLarge { n: spec.n });
    }
    let mut recorder = Recorder::new(spec.frames);
    let mut trial =
        Trial::new(spec.solver, spec.n, spec.seed, spec.budget).with_trace(&mut recorder);
    if let Some(columns) = spec.start {
        trial = trial.with_start(columns);
    }
    if let Some(instance) = instance {
        trial = trial.with_instance(instance);
    }
    let outcome = run_trial(trial)?.outcome;
    let frames_seen = recorder.seen();
    let (mut positions, mut frames): (Vec<u64>, Vec<Frame>) = recorder.finish().into_iter().unzip();
    let sampled = (frames.len() as u64) < frames_seen;
    let board = match (&outcome.solution, frames.last()) {
        (Some(solution), _) => solution.columns().iter().map(|&c| Some(c)).collect(),
        (None, Some(last)) => last.board.clone(),
        (None, None) => vec![None; spec.n],
    };
    let end = View::End {
        stop_reason: outcome.stop_reason.as_str(),
    };
    frames.push(Frame::new(board, outcome.metrics, end));
    positions.push(frames_seen);
    Ok(Replay {
        algorithm: spec.algorithm.to_string(),
        params: spec.params.canonical(),
        n: spec.n,
        seed: spec.seed,
        budget: spec.budget.canonical(),
        command: Remedy::Replay(Box::new(crate::base::remedy::Replay {
            start: spec
                .start
                .map(|columns| crate::base::board::Placement::new(columns.to_vec()).compact()),
            ..crate::trial::replay_of(
                spec.solver,
                spec.algorithm,
                spec.n as u64,
                spec.seed,
                spec.params,
                &spec.budget,
            )
            .on_instance(instance)
        }))
        .to_string(),
        frames_seen,
        sampled,
        positions,
        frames,
        outcome,
        instance: instance.map(InstanceMarks::of),
    })
}
