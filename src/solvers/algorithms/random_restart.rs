//! `random-restart`: the "random" approach of the VulgaireDev blog ("Eight
//! Queens Puzzle", 2016): draw a board with one queen per row in a uniformly
//! random column, test it, and draw again until one is a solution.
//! `permutation = true` draws uniformly random permutations instead (one
//! queen per row and per column), so only diagonals can clash.
//!
//! Choice: a board is drawn lazily, row by row, and rejected at the first
//! queen that attacks a queen of an earlier row; the rows after it are never
//! drawn. Each board is still a uniform draw and is accepted exactly when the
//! whole board is a solution, so the number of boards until success has the
//! same distribution as drawing whole boards; only the work differs.
//! Permutations are drawn by a Fisher–Yates shuffle done one row at a time.
//!
//! Counters: `steps` = boards drawn; `restarts` = boards drawn after the
//! first; `checks` (defined at [`crate::base::outcome::Metrics::checks`]) =
//! queens drawn, each tested once against the earlier rows (one read of the
//! column and diagonal marks of its square): at most N per board, fewer
//! when a queen is attacked; `final_conflicts` = attacking pairs on
//! the last board, whose undrawn rows are drawn once the search has stopped
//! (0 when no board was drawn). Trace: one point, at the end.
//!
//! Budgets: every board after the first is a restart, so a restart budget
//! of R stops the search after R + 1 boards (stop reason `budget_restarts`),
//! and a step budget of S after S boards.
//!
//! Loop: its own, not the local-search driver's ([`crate::solvers::blocks::local_search`]).
//! The driver looks at a board before it asks the budget, counts a restart
//! as one evaluation and no step, and leaves a trace point every round;
//! here no board exists until the budget allows its draw, each board is a
//! step and (after the first) a restart at once, no evaluation is counted,
//! and the one trace point comes at the end.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::base::board::{Placement, attacking_pairs};
use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::blocks::boards::{anti_diagonal, diagonal, lines};
use crate::solvers::blocks::frame::{Frame, View};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, ParamKind, ParamSpec, Params};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver};

const PARAMS: &[ParamSpec] = &[ParamSpec {
    name: "permutation",
    kind: ParamKind::Bool,
    default: "false",
    help: "draw random permutations (one queen per column too) instead of one uniformly random column per row",
}];

/// The default step budget: boards drawn. About 3 million boards (on
/// average 1 in 180,000 solves N = 8, 1 in 1.1 million N = 9) take about
/// 0.15 s at N = 2 and 3.
const DEFAULT_BOARDS: u64 = 3_000_000;

/// Draws boards, one row at a time, and marks the lines their queens occupy.
struct BoardDraw {
    permutation: bool,
    /// The board being drawn; with permutations, rows past the drawn ones
    /// hold the columns not yet used, in some order.
    columns: Vec<u32>,
    /// Marks are the number of the board that set them, so a new board
    /// needs no clearing.
    column_mark: Vec<u64>,
    diagonal_mark: Vec<u64>,
    anti_mark: Vec<u64>,
}

impl BoardDraw {
    fn new(n: usize, permutation: bool) -> Self {
        Self {
            permutation,
            columns: (0..n as u32).collect(),
            column_mark: vec![0; n],
            diagonal_mark: vec![0; lines(n)],
            anti_mark: vec![0; lines(n)],
        }
    }

    /// Draws the column of `row`.
    fn draw(&mut self, row: usize, rng: &mut ChaCha8Rng) -> u32 {
        let n = self.columns.len() as u32;
        if self.permutation {
            let other = rng.random_range(row as u32..n) as usize;
            self.columns.swap(row, other);
        } else {
            self.columns[row] = rng.random_range(0..n);
        }
        self.columns[row]
    }

    /// Whether the queen of `row` in `column` attacks a queen of board
    /// `board` in an earlier row; if not, marks its lines for `board`.
    fn attacked(&mut self, board: u64, row: usize, column: u32) -> bool {
        let c = column as usize;
        let (d, a) = (
            diagonal(self.columns.len(), row, column),
            anti_diagonal(row, column),
        );
        if self.column_mark[c] == board
            || self.diagonal_mark[d] == board
            || self.anti_mark[a] == board
        {
            return true;
        }
        self.column_mark[c] = board;
        self.diagonal_mark[d] = board;
        self.anti_mark[a] = board;
        false
    }
}

/// The settings of a `random-restart` run, which are also its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Draw permutations instead of one uniformly random column per row.
    pub permutation: bool,
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        let mut metrics = Metrics::default();
        let mut draw = BoardDraw::new(n, self.permutation);
        // Rows drawn of the last board.
        let mut drawn = 0;
        let frames = control.frames_wanted();
        loop {
            // Every board after the first is a restart.
            if let Some(reason) = control.stop_before(&metrics, metrics.steps > 0) {
                // Before the first board no queen stands: no attack.
                let mut pairs = 0;
                if metrics.steps > 0 {
                    for row in drawn..n {
                        draw.draw(row, rng);
                    }
                    pairs = attacking_pairs(&draw.columns);
                }
                metrics.final_conflicts = Some(pairs);
                if control.tracing() {
                    control.observe(&metrics, pairs);
                }
                return Outcome::unsolved(metrics, reason);
            }
            metrics.steps += 1;
            metrics.restarts = metrics.steps - 1;
            let board = metrics.steps;
            let mut accepted = true;
            drawn = n;
            for row in 0..n {
                let column = draw.draw(row, rng);
                metrics.checks += 1;
                if draw.attacked(board, row, column) {
                    accepted = false;
                    drawn = row + 1;
                    break;
                }
            }
            if frames {
                // The replay: the rows drawn of this board, up to the first
                // attacked queen.
                let rows = (0..n).map(|r| (r < drawn).then(|| draw.columns[r]));
                control.frame(&Frame::new(rows.collect(), metrics, View::Board));
            }
            if accepted {
                if control.tracing() {
                    control.observe(&metrics, 0);
                }
                return Outcome::solved(Placement::new(draw.columns), metrics);
            }
        }
    }
}

/// Reads the `permutation` flag.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    Ok(Settings {
        permutation: params.flag("permutation")?,
    })
}

impl Configured for Settings {
    /// The board (`u32`), the board-numbered marks of columns, diagonals
    /// and anti-diagonals (`u64`, 5 per queen) and, for a search that stops
    /// unsolved, the count of the last board's attacking pairs (8): 52
    /// bytes per queen.
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::per_queen(
            n,
            52,
            "random boards cannot solve large N; use min-conflicts variant=fast",
        )
    }

    /// Every board after the first is a restart.
    fn never_restarts(&self) -> Option<&'static str> {
        None
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "random-restart",
    summary: "draw random boards (one queen per row, or permutations) until one is a solution",
    source: "VulgaireDev, \"Eight Queens Puzzle\" (blog, 2016), the \"random\" approach",
    citation: "the VulgaireDev blog's \"random\"",
    step: "one board drawn",
    checks: &[CheckCount {
        variant: None,
        counts: "1 per queen drawn (tested against the marks of the earlier rows)",
    }],
    params: PARAMS,
    variants: &[],
    default_budget: Budget::steps(DEFAULT_BOARDS),
    settings: |params| boxed(settings(params)),
};
