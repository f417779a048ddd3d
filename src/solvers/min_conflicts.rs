//! `min-conflicts`: move a threatened queen to the least-threatened column of
//! its row. Minton, Johnston, Philips & Laird, "Solving large-scale
//! constraint satisfaction and scheduling problems using a heuristic repair
//! method" (AAAI 1990) and "Minimizing conflicts" (Artificial Intelligence
//! 58, 1992); seed 004's "smarter repair" (VulgaireDev, *Eight Queens
//! Puzzle*, 2016).
//!
//! Variants:
//! - `random` (default), Minton's min-conflicts hill climbing: one queen per
//!   row on a uniformly random board; each repair draws a queen uniformly
//!   among the attacked ones and moves it to the column where the fewest
//!   queens would attack it, ties (its own column included) broken uniformly
//!   at random. Threats are attacking pairs, kept by incremental line
//!   counters ([`QueenConflicts`]). Minton's method has no restarts; to get
//!   out of local minima (and to end N = 2 and 3 by the budget rather than
//!   by a stuck board) the search starts again from a fresh random board
//!   after `patience` consecutive repairs that do not lower the fewest
//!   attacking pairs seen since the last start (0: never).
//! - `blog`: the published Python's smarter repair, quirks included, on the
//!   full N×N grid, restarting as published after `restart_after` repairs;
//!   see [`super::blog_repair`].
//! - `fast`: the large-N solver ([`super::min_conflicts_fast`]), with its own
//!   counters; it takes none of the parameters below.
//!
//! Parameters: `random` takes `patience`; `blog` takes `restart_after` and
//! `clear_on_restart`; `fast` takes none. A parameter the chosen variant
//! does not take is refused.
//!
//! Counters (`random`): `steps` = repairs; `restarts` = fresh boards after
//! the first; `checks` = conflict evaluations of one queen or one square: N
//! queens per look for the attacked queens (one look per repair, plus one
//! per board), plus N squares per repair; `final_conflicts` = attacking
//! pairs on the returned or last board. A search whose restart budget is
//! spent stops where it would restart (stop reason `budget_restarts`); with
//! `patience = 0` it never restarts.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::blog_repair::{self, BlogRepair, BlogSolver};
use super::memory::MemoryEstimate;
use super::params::{ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec};
use super::queen_conflicts::{QueenConflicts, fill_random};
use super::registry::Algorithm;
use super::{Budget, Control, Metrics, Outcome, Solver, min_conflicts_fast};
use crate::board::Placement;

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "variant",
        kind: ParamKind::Choice(&["random", "blog", "fast"]),
        default: "random",
        help: "random: Minton's min-conflicts on attacking pairs, ties at random; blog: seed 004's published smarter repair, quirks included; fast: the large-N solver (permutations, swaps, QS4 initialisation)",
    },
    ParamSpec {
        name: "patience",
        kind: ParamKind::Int {
            min: 0,
            max: i64::MAX,
        },
        default: "100",
        help: "random only: restart from a new random board after this many consecutive repairs that do not lower the fewest attacking pairs seen since the last start; 0 = never",
    },
    blog_repair::RESTART_AFTER,
    blog_repair::CLEAR_ON_RESTART,
];

const VARIANTS: &[VariantSpec] = &[
    VariantSpec {
        name: "random",
        uses: &[Use::Free("patience")],
    },
    blog_repair::VARIANT,
    VariantSpec {
        name: "fast",
        uses: &[],
    },
];

/// The `random` variant's settings.
struct RandomMinConflicts {
    /// Consecutive repairs without a new fewest-pairs board before a
    /// restart; 0 for never.
    patience: u64,
}

impl Solver for RandomMinConflicts {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        // One repair evaluates 2N queens and squares: look at the clock every
        // ~10^6 of them.
        control.set_poll_interval(((1usize << 19) / n.max(1)).clamp(1, 1024) as u32);
        let mut metrics = Metrics::default();
        let mut columns = Vec::with_capacity(n);
        fill_random(&mut columns, n, rng);
        let mut board = QueenConflicts::new(columns.clone());
        let mut attacked = Vec::with_capacity(n);
        let mut best_columns = Vec::with_capacity(n);
        let mut fewest_pairs = board.pairs();
        let mut without_progress = 0;
        if control.tracing() {
            control.observe(0, board.pairs());
        }
        loop {
            attacked.clear();
            attacked.extend((0..n).filter(|&row| board.queen_conflicts(row) > 0));
            metrics.checks += n as u64;
            if attacked.is_empty() {
                return Outcome::solved(Placement::new(board.columns().to_vec()), metrics);
            }
            let restart = self.patience > 0 && without_progress == self.patience;
            if let Some(reason) = control.stop_before(&metrics, restart) {
                metrics.final_conflicts = board.pairs();
                return Outcome::unsolved(metrics, reason);
            }
            if restart {
                fill_random(&mut columns, n, rng);
                board.reset(&columns);
                metrics.restarts += 1;
                fewest_pairs = board.pairs();
                without_progress = 0;
            } else {
                let row = attacked[rng.random_range(0..attacked.len() as u32) as usize];
                let column = least_conflicted_column(&board, row, &mut best_columns, rng);
                metrics.checks += n as u64;
                board.move_queen(row, column);
                metrics.steps += 1;
                if board.pairs() < fewest_pairs {
                    fewest_pairs = board.pairs();
                    without_progress = 0;
                } else {
                    without_progress += 1;
                }
            }
            if control.tracing() {
                control.observe(metrics.steps, board.pairs());
            }
        }
    }
}

/// The column of `row` where its queen would have the fewest conflicts, ties
/// broken uniformly at random (one draw); `ties` is scratch space.
fn least_conflicted_column(
    board: &QueenConflicts,
    row: usize,
    ties: &mut Vec<u32>,
    rng: &mut ChaCha8Rng,
) -> u32 {
    ties.clear();
    let mut fewest = u32::MAX;
    for column in 0..board.n() as u32 {
        let conflicts = board.square_conflicts(row, column);
        if conflicts < fewest {
            fewest = conflicts;
            ties.clear();
        }
        if conflicts == fewest {
            ties.push(column);
        }
    }
    ties[rng.random_range(0..ties.len() as u32) as usize]
}

/// The `fast` variant: the large-N solver.
struct FastMinConflicts;

impl Solver for FastMinConflicts {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        min_conflicts_fast::solve(n, rng, control)
    }
}

fn build(params: &Params) -> Result<Box<dyn Solver>, ParamError> {
    // The declared choices are random, blog and fast.
    Ok(match params.word("variant") {
        "blog" => Box::new(BlogSolver {
            settings: blog_repair::settings(params, BlogRepair::LeastThreatened),
        }),
        "fast" => Box::new(FastMinConflicts),
        _ => Box::new(RandomMinConflicts {
            patience: params.count("patience"),
        }),
    })
}

fn never_restarts(params: &Params) -> Option<&'static str> {
    let off = params.word("variant") == "random" && params.count("patience") == 0;
    off.then_some("patience=0 turns its restarts off")
}

/// `random`: the board and its line counters (24 bytes per queen), the
/// scratch board (4), the attacked rows (8), the tied columns (4) and the
/// solution (4); `blog`: the grid; `fast`: its counters, 8.3 to 8.4 bytes
/// per queen at the peak above N = 65 535 (`u8` counters; 12 if a budget
/// stops the initialization, which then counts its pairs afresh), 12.6
/// below (`u16`), plus its list of attacked rows.
fn memory(n: usize, params: &Params) -> MemoryEstimate {
    match params.word("variant") {
        "blog" => blog_repair::memory(n),
        "fast" if n > u16::MAX as usize => {
            MemoryEstimate::per_queen(n, 9, "choose a smaller N: this is the leanest solver")
        }
        "fast" => MemoryEstimate::per_queen(n, 17, "choose a smaller N"),
        _ => MemoryEstimate::per_queen(n, 44, "use variant=fast for large N"),
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "min-conflicts",
    summary: "min-conflicts repair: move a threatened queen to the least-threatened column of its row",
    source: "Minton, Johnston, Philips & Laird, AAAI 1990 and Artificial Intelligence 58 (1992); seed 004's \"smarter repair\"",
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(1_000_000),
    never_restarts,
    memory,
    build,
};
