//! The iterative repair loop of the VulgaireDev blog ("Eight Queens Puzzle",
//! 31 December 2016), reproduced from its published Python, quirks included:
//! the `blog` variant of both `naive-repair` (the "stupid repair") and
//! `min-conflicts` (the "smarter repair").
//!
//! The loop, as published:
//! 1. `init_board`: one draw per row, a queen on that square ([`BlogGrid`]).
//! 2. `check_configuration`: the first most-threatened queen in row-major
//!    order, by the blog's direction-count threat measure; stop when no
//!    queen is threatened.
//! 3. A repair lifts that queen off and puts one back in its row: in a
//!    uniformly random column, possibly the one it left (stupid repair), or
//!    in the first column with the fewest threats (smarter repair).
//! 4. `check_configuration` again, then the restart counter: it starts at
//!    `restart_after` (R, published 100); after each repair, when it reads 0
//!    the board is re-initialised and it is set back to R; then it is
//!    decremented. So the first re-initialisation follows repair R + 1 and
//!    the next ones every R repairs (repairs 101, 201, 301, … for R = 100).
//!
//! Reproduced quirks:
//! - the threat of a queen is the number of the eight directions in which it
//!   sees another queen (0..=8), not a count of attacking queens;
//! - the upward scan never looks at row 0 and the leftward scan never looks
//!   at column 0 (`range(x-1, 0, -1)`, `range(y-1, 0, -1)`); the downward,
//!   rightward and diagonal scans reach the edges. A pair of queens on one
//!   line is still always seen by the upper or left one, so "no queen
//!   threatened" means no two queens share a line;
//! - ties for the most-threatened queen go to the first in row-major order,
//!   ties for the best column to the first column;
//! - the stupid repair may put the queen back where it was (a wasted repair);
//! - the restart cadence above (first after R + 1 repairs, then every R);
//! - the re-initialisation adds a queen to every row without clearing the
//!   board, so rows can hold several queens, and a queen moved onto an
//!   occupied square merges with the queen there;
//! - the repair after a re-initialisation moves the most-threatened queen
//!   found *before* it (the stale position): that queen is still on the board,
//!   since nothing was cleared.
//!
//! Not reproduced: the published loop re-initialises the board even when the
//! repair just solved it, and would print that unsolved board; this solver
//! returns the board at the moment no queen is threatened.
//!
//! Budgets: the restart budget is asked where the counter would
//! re-initialise the board; a search refused that restart stops there (stop
//! reason `budget_restarts`), after the repair that preceded it.
//!
//! Loop: its own, not the local-search driver's ([`crate::solvers::blocks::local_search`]).
//! The driver makes a restart a round of its own, asks the whole budget
//! before it and counts it as one evaluation; the published counter
//! re-initialises inside the round of the repair before it, asking only
//! the restart budget, and counts no evaluation.
//!
//! Trace: the starting grid (step 0), every repaired grid, and every
//! re-initialised grid, each at the counters then with its attacking pairs
//! among all queens (pairs sharing a row included, as `final_conflicts`).
//! A repair followed by a re-initialisation is observed before it, so a
//! new fewest found by that repair is seen; the grid after it is observed
//! too, with the restart counted. The last observation is the grid the
//! search ends on: 0 exactly when solved.
//!
//! Frames (replays): the starting grid, every repair ([`View::BlogRepair`]:
//! the row, the queen's move and the blog's threat measure of each square
//! of the row once the queen is lifted) and every re-initialisation
//! ([`View::Restart`]), each with every queen on the grid, crowded rows
//! included ([`Frame::crowded`]), so a replay shows every step the
//! search made.
//!
//! Option: `clear_on_restart` empties the board before re-initialising, so
//! every restart is a fresh one-queen-per-row board. The stale position then
//! may no longer hold a queen, so the restart looks for the most-threatened
//! queen of the new board (and returns it if it is already a solution).
//!
//! A returned board is a solution: every row holds at least one queen from
//! the first initialisation on (a repair takes a queen off a row and puts one
//! back in the same row), and no threat means no two queens share a row,
//! column or diagonal, so every row holds exactly one queen and the
//! placement is valid.
//!
//! Counters: `steps` = repairs; `restarts` = re-initialisations after the
//! first; `checks` (defined at [`crate::base::outcome::Metrics::checks`]) = 8
//! per evaluation of the published `count_conflict` on one square (one per
//! direction it scans): 8 per queen on the grid in every
//! `check_configuration`, plus 8N per smarter repair (N squares of the
//! row), none for the stupid repair's draw; `final_conflicts` =
//! attacking pairs among all queens on the returned or last grid, pairs
//! sharing a row included. The grid keeps every line as a bitset (about
//! 6N²/64 words); a repair costs O(N²/64) word operations, plus O(N²/64) more
//! for the smarter repair's N squares.
//!
//! Instances (blocked squares, given queens: [`crate::base::instance`]):
//! refused ([`INSTANCES_REFUSED`]), in both variants. The published loop
//! moves its queens by its own rules (a random or the first best column of
//! the full row, a re-initialisation that adds a queen to every row), which
//! know no blocked square and no fixed queen; teaching them would no longer
//! be the published loop.

use std::num::Saturating;

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::solvers::blocks::blog_grid::BlogGrid;
use crate::solvers::blocks::frame::{Frame, View};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec};
use crate::solvers::{Control, Metrics, Outcome};

/// Why the `blog` variants refuse an instance: what
/// [`crate::solvers::Configured::instance_refused`] says for them.
pub const INSTANCES_REFUSED: &str = "variant=blog reproduces the published loop, whose grid moves queens by its own rules (any column of the row, a re-initialisation that adds a queen to every row), blind to blocked squares and given queens: use variant=random";

/// The `restart_after` parameter of the `blog` variants: the restart
/// counter's start value R. Declared by both solvers that offer the variant;
/// `naive-repair` widens its help to its `random` variant.
pub const RESTART_AFTER: ParamSpec = ParamSpec {
    name: "restart_after",
    kind: ParamKind::Int {
        min: 1,
        max: i64::MAX,
    },
    default: "100",
    help: "blog only: re-initialise the board as published, after repair R+1 and then every R repairs",
};

/// The `clear_on_restart` parameter of the `blog` variants.
pub const CLEAR_ON_RESTART: ParamSpec = ParamSpec {
    name: "clear_on_restart",
    kind: ParamKind::Bool,
    default: "false",
    help: "blog only: empty the board before a restart (the published code adds a queen to every row without clearing)",
};

/// The `blog` variant of both solvers: it takes these two parameters.
pub const VARIANT: VariantSpec = VariantSpec {
    name: "blog",
    citation: "the VulgaireDev blog (2016)",
    uses: &[
        Use::Free(RESTART_AFTER.name),
        Use::Free(CLEAR_ON_RESTART.name),
    ],
};

/// The memory of the grid: four sets of line bitsets (rows, columns and
/// 2N − 1 lines in each diagonal direction), ⌈N/64⌉ words each, about
/// 0.75·N² bytes, plus the solution (`u32` per queen).
/// In saturating arithmetic: never wraps (see [`crate::solvers::memory`]).
pub fn memory(n: usize) -> MemoryEstimate {
    let words = Saturating((n as u64).div_ceil(64));
    let n = Saturating(n as u64);
    let lines = Saturating(6) * n - Saturating(2);
    let bytes = lines * words * Saturating(8) + Saturating(4) * n;
    MemoryEstimate::new(
        bytes.0,
        "the blog variant keeps a full N×N grid; use variant=random, or min-conflicts variant=fast, for large N",
    )
}

/// How a repair chooses the new column of the lifted queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlogRepair {
    /// The stupid repair: one draw of `0..n`, possibly the column it left.
    RandomColumn,
    /// The smarter repair: the first column of the row with the fewest
    /// threats by the blog's measure.
    LeastThreatened,
}

/// The choices of one run of the published loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlogSettings {
    /// How the lifted queen is put back.
    pub repair: BlogRepair,
    /// The restart counter's start value (published: 100), at least 1.
    pub restart_after: u64,
    /// Empty the board before each re-initialisation (not published).
    pub clear_on_restart: bool,
}

/// The settings of a `blog` variant with `repair`, read from `params`, which
/// declare [`RESTART_AFTER`] and [`CLEAR_ON_RESTART`].
pub fn settings(params: &Params, repair: BlogRepair) -> Result<BlogSettings, ParamError> {
    Ok(BlogSettings {
        repair,
        restart_after: params.count(RESTART_AFTER.name)?,
        clear_on_restart: params.flag(CLEAR_ON_RESTART.name)?,
    })
}

/// Runs the published repair loop on an N×N grid until no queen is
/// threatened or the budget runs out.
pub fn solve(
    n: usize,
    settings: BlogSettings,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    // A repair costs about N² / 64 word operations and N evaluations:
    // look at the clock every ~10^6 of them.
    control.set_poll_interval(((1usize << 20) / (n * n / 64 + n).max(1)).clamp(1, 1024) as u32);
    let mut metrics = Metrics::default();
    let mut grid = BlogGrid::empty(n);
    match control.take_start() {
        Some(columns) => {
            for (row, &column) in columns.iter().enumerate() {
                grid.place(row, column as usize);
            }
        }
        None => grid.add_random_row_queens(rng),
    }
    let mut most_threatened = grid.most_threatened(&mut metrics.checks);
    let mut count = settings.restart_after;
    if control.tracing() {
        control.observe(&metrics, grid.attacking_pairs());
    }
    let frames = control.frames_wanted();
    if frames {
        control.frame(&grid_frame(&grid, &metrics, View::Start));
    }
    loop {
        let Some((row, column)) = most_threatened else {
            let solution = grid
                .placement()
                .expect("a grid with no threatened queen holds one queen per row");
            return Outcome::solved(solution, metrics);
        };
        if let Some(reason) = control.stop_reason(&metrics) {
            metrics.final_conflicts = Some(grid.attacking_pairs());
            return Outcome::unsolved(metrics, reason);
        }
        grid.remove(row, column);
        let threats: Option<Vec<u32>> =
            frames.then(|| (0..n).map(|c| grid.count_conflict(row, c)).collect());
        let new_column = match settings.repair {
            BlogRepair::RandomColumn => rng.random_range(0..n as u32) as usize,
            BlogRepair::LeastThreatened => grid.least_threatened_column(row, &mut metrics.checks),
        };
        grid.place(row, new_column);
        metrics.steps += 1;
        most_threatened = grid.most_threatened(&mut metrics.checks);
        if let Some(threats) = threats {
            let view = View::BlogRepair {
                row,
                from: column as u32,
                to: new_column as u32,
                threats,
            };
            control.frame(&grid_frame(&grid, &metrics, view));
        }
        if most_threatened.is_some() {
            if count == 0 {
                // The repaired grid, before the restart crowds or replaces it.
                if control.tracing() {
                    control.observe(&metrics, grid.attacking_pairs());
                }
                if let Some(reason) = control.restart_refused(&metrics) {
                    metrics.final_conflicts = Some(grid.attacking_pairs());
                    return Outcome::unsolved(metrics, reason);
                }
                if settings.clear_on_restart {
                    grid.clear();
                    grid.add_random_row_queens(rng);
                    most_threatened = grid.most_threatened(&mut metrics.checks);
                } else {
                    grid.add_random_row_queens(rng);
                }
                metrics.restarts += 1;
                count = settings.restart_after;
                if frames {
                    control.frame(&grid_frame(&grid, &metrics, View::Restart));
                }
            }
            count -= 1;
        }
        if control.tracing() {
            control.observe(&metrics, grid.attacking_pairs());
        }
    }
}

/// The replay frame of `grid` at `metrics` showing `view`: every queen,
/// crowded rows included.
fn grid_frame(grid: &BlogGrid, metrics: &Metrics, view: View) -> Frame {
    Frame::crowded(grid.n(), grid.queens(), *metrics, view)
}
