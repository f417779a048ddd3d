//! `naive-repair`: the "stupid" iterative repair of the VulgaireDev blog
//! ("Eight Queens Puzzle", 2016): take the most-threatened queen and move it to a
//! random column of its row; start again from a new random board every
//! `restart_after` repairs.
//!
//! Variants:
//! - `random` (default), our sensible reading: one queen per row; the threat
//!   of a queen is the number of queens attacking it (attacking pairs, kept
//!   by incremental line counters, [`QueenConflicts`]); the most-threatened
//!   queen is drawn uniformly among the tied ones; it moves to a uniformly
//!   random column other than its own; after exactly `restart_after` repairs
//!   without a solution the search starts again from a fresh random board
//!   (repairs R, 2R, 3R, …).
//! - `blog`: the published Python, quirks included, on the full N×N grid:
//!   see [`super::blog_repair`] for the quirks and its restart cadence.
//!
//! Parameters: `random` takes `restart_after`; `blog` takes `restart_after`
//! and `clear_on_restart`. A parameter the chosen variant does not take is
//! refused.
//!
//! Counters (`random`): `steps` = repairs; `restarts` = fresh boards after
//! the first; `checks` = conflict evaluations of one queen, N per look for the
//! most-threatened queen (one look per repair, plus one per board);
//! `final_conflicts` = attacking pairs on the returned or last board. A
//! search whose restart budget is spent stops where it would restart (stop
//! reason `budget_restarts`).

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::algorithm::{Algorithm, Configured, boxed};
use super::blog_repair::{self, BlogRepair, BlogSettings};
use super::memory::MemoryEstimate;
use super::params::{ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec, unhandled_word};
use super::queen_conflicts::{QueenConflicts, fill_random};
use super::{Budget, Control, Metrics, Outcome, Solver};
use crate::board::Placement;

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "variant",
        kind: ParamKind::Choice(&["random", "blog"]),
        default: "random",
        help: "random: most-threatened queen by attacking pairs, ties at random, moved to another random column; blog: the VulgaireDev blog's published Python, quirks included",
    },
    ParamSpec {
        help: "restart from a new random board: random, after every R repairs; blog, as published, after repair R+1 and then every R repairs",
        ..blog_repair::RESTART_AFTER
    },
    ParamSpec {
        help: "blog only: empty the board before a restart (the published code adds a queen to every row without clearing); random always restarts from a fresh board",
        ..blog_repair::CLEAR_ON_RESTART
    },
];

const VARIANTS: &[VariantSpec] = &[
    VariantSpec {
        name: "random",
        uses: &[Use::Free(blog_repair::RESTART_AFTER.name)],
    },
    blog_repair::VARIANT,
];

/// The settings of a `naive-repair` run, one per variant, which are also
/// its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settings {
    /// `random`: restart from a fresh board after every `restart_after`
    /// repairs.
    Random {
        /// Repairs between two fresh boards (at least 1).
        restart_after: u64,
    },
    /// `blog`: the published loop with the stupid repair.
    Blog(BlogSettings),
}

/// Reads the chosen variant's parameters.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    match params.word("variant")? {
        "random" => Ok(Settings::Random {
            restart_after: params.count(blog_repair::RESTART_AFTER.name)?,
        }),
        "blog" => Ok(Settings::Blog(blog_repair::settings(
            params,
            BlogRepair::RandomColumn,
        )?)),
        other => Err(unhandled_word("variant", other)),
    }
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        match *self {
            Settings::Random { restart_after } => solve_random(restart_after, n, rng, control),
            Settings::Blog(blog) => blog_repair::solve(n, blog, rng, control),
        }
    }
}

impl Configured for Settings {
    /// `random`: the board and its line counters (24 bytes per queen), the
    /// scratch board (4), the most-threatened rows (8) and the solution (4);
    /// `blog`: the grid.
    fn memory(&self, n: usize) -> MemoryEstimate {
        match self {
            Settings::Random { .. } => {
                MemoryEstimate::per_queen(n, 40, "use min-conflicts variant=fast for large N")
            }
            Settings::Blog(_) => blog_repair::memory(n),
        }
    }

    /// Both variants restart every `restart_after` (at least 1) repairs.
    fn never_restarts(&self) -> Option<&'static str> {
        None
    }
}

/// The `random` variant.
fn solve_random(
    restart_after: u64,
    n: usize,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    {
        // One repair evaluates N queens: look at the clock every ~10^6 of them.
        control.set_poll_interval(((1usize << 20) / n.max(1)).clamp(1, 1024) as u32);
        let mut metrics = Metrics::default();
        let mut columns = Vec::with_capacity(n);
        fill_random(&mut columns, n, rng);
        let mut board = QueenConflicts::new(columns.clone());
        let mut most_threatened = Vec::with_capacity(n);
        let mut since_start = 0;
        if control.tracing() {
            control.observe(0, board.pairs());
        }
        loop {
            let most = collect_most_threatened(&board, &mut most_threatened);
            metrics.checks += n as u64;
            if most == 0 {
                return Outcome::solved(Placement::new(board.columns().to_vec()), metrics);
            }
            let restart = since_start == restart_after;
            if let Some(reason) = control.stop_before(&metrics, restart) {
                metrics.final_conflicts = board.pairs();
                return Outcome::unsolved(metrics, reason);
            }
            if restart {
                fill_random(&mut columns, n, rng);
                board.reset(&columns);
                metrics.restarts += 1;
                since_start = 0;
            } else {
                let row =
                    most_threatened[rng.random_range(0..most_threatened.len() as u32) as usize];
                let mut column = rng.random_range(0..n as u32 - 1);
                if column >= board.columns()[row] {
                    column += 1;
                }
                board.move_queen(row, column);
                metrics.steps += 1;
                since_start += 1;
            }
            if control.tracing() {
                control.observe(metrics.steps, board.pairs());
            }
        }
    }
}

/// Fills `rows` with the rows whose queens have the most conflicts and
/// returns that number of conflicts (0 when no queen is attacked).
fn collect_most_threatened(board: &QueenConflicts, rows: &mut Vec<usize>) -> u32 {
    rows.clear();
    let mut most = 0;
    for row in 0..board.n() {
        let conflicts = board.queen_conflicts(row);
        if conflicts > most {
            most = conflicts;
            rows.clear();
        }
        if conflicts == most {
            rows.push(row);
        }
    }
    most
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "naive-repair",
    summary: "iterative repair: move the most-threatened queen to a random column of its row, restart every restart_after repairs",
    source: "VulgaireDev, \"Eight Queens Puzzle\" (blog, 2016), the \"stupid repair\"",
    citation: "the VulgaireDev blog's \"stupid repair\"",
    step: "one repair",
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(1_000_000),
    settings: |params| boxed(settings(params)),
};
