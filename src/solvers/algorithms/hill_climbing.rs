//! `hill-climbing`: steepest-ascent hill climbing, as Russell & Norvig,
//! *Artificial Intelligence: A Modern Approach* (3rd ed., 2010, §4.1.1)
//! teach it on the 8-queens problem, with its two remedies from the same
//! section: a limit on consecutive sideways moves, and random-restart hill
//! climbing.
//!
//! The textbook's states hold one queen per column and a move shifts one
//! queen within its column; our boards hold one queen per row ([`FreeBoard`]:
//! any column in any row, columns may repeat), the same states transposed,
//! so a move shifts one queen within its row. The cost `h` is the number of
//! attacking pairs, "directly or indirectly" (whatever stands between), as
//! in the book; the climb goes down `h`.
//!
//! Choices:
//! - Steepest ascent over every successor: each look reads, for every row,
//!   the conflicts of its queen and of the N − 1 other squares of its row,
//!   which give `h` of all N(N − 1) boards one move away; the best
//!   successors are those with the lowest `h`, and the move is one of them
//!   drawn uniformly at random (one draw), as the book breaks ties.
//! - A move that lowers `h` is always taken. A sideways move, to a best
//!   successor whose `h` equals the board's, is taken only while the
//!   consecutive sideways moves since the last move that lowered `h` (or
//!   the last fresh board) number fewer than `sideways` (0, the default,
//!   is the book's plain climb; it allows 100 for its second figure).
//! - The climb is stuck when no successor has a lower `h` and no sideways
//!   move is allowed (no successor with an equal `h`, or the limit
//!   reached): a local minimum, or a plateau whose sideways budget is spent.
//!   A solved board (`h` = 0, read off the board's kept pair total) ends the
//!   search before any look.
//! - A stuck climb starts again from a fresh uniformly random board
//!   (random-restart hill climbing) when the restart budget allows, and the
//!   sideways count starts again at 0. So one registry algorithm covers
//!   both of the book's searches: `--max-restarts 0` is its single climb
//!   from one random board (a stuck climb then ends with stop reason
//!   `budget_restarts`), and no restart limit is random-restart hill
//!   climbing. One algorithm rather than two because the climb is the same
//!   and the restart budget already says how many fresh boards a search may
//!   take, as for the other repairs.
//!
//! Counters: `steps` = moves made (the book's steps), downhill or sideways;
//! `restarts` = fresh boards after the first (climbs − 1); `evaluations` =
//! fresh boards, the first included (each counted from scratch);
//! `checks` (defined at [`crate::base::outcome::Metrics::checks`]) = N per
//! fresh board, N² per look (one per queen and one per other square of its
//! row: every successor's `h`; one look per move, plus the one that finds
//! the climb stuck or the budget spent) and 2 per move (the old and new
//! squares read to keep the pair total); none to see a solution, which is
//! the pair total the board keeps; `final_conflicts` = attacking pairs on
//! the returned or last board.
//!
//! The loop is the local-search driver's
//! ([`crate::solvers::blocks::local_search`]): a stuck climb asks the
//! restart budget, and one whose budget is spent stops there (stop reason
//! `budget_restarts`). The default budget is a million moves and 100,000
//! restarts, both needed: at N = 2 every board and every successor has one
//! attacking pair, so a climb without sideways moves never moves and a step
//! budget alone would never end the search; with a large `sideways` a
//! climb can wander a plateau for ever, which the restart budget alone
//! would never end.
//!
//! Instances (blocked squares, given queens, excluded diagonals:
//! [`crate::base::instance`]): taken. Each row's queen is drawn uniformly
//! among its domain ([`Domains`]: the given column of a given row, the
//! allowed columns of another), on the first board and on every fresh one;
//! the successors move a queen of a row that can move (two columns or
//! more, so never a given queen) to another column of its domain only, and
//! a look reads those squares only (one check per queen that can move and
//! one per other column of its domain). A board with no successor at all is
//! stuck. A row without any allowed column makes the instance
//! unsatisfiable, which the search cannot prove: it runs out its budget
//! ([`crate::solvers::blocks::domains::idle`]). A `--start` board is
//! fitted to the instance ([`local_search::first_board`]).

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::blocks::boards::{FreeBoard, RowBoard};
use crate::solvers::blocks::domains::{self, Domains};
use crate::solvers::blocks::frame::{self, View};
use crate::solvers::blocks::local_search::{self, LocalSearch, Next};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, ParamKind, ParamSpec, Params};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver};

const PARAMS: &[ParamSpec] = &[ParamSpec {
    name: "sideways",
    kind: ParamKind::Int {
        min: 0,
        max: i64::MAX,
    },
    default: "0",
    help: "the most consecutive sideways moves (to a best successor with as many attacking pairs) a climb makes before it is stuck; 0 = none, the textbook's plain steepest ascent",
}];

/// The default budget: a million moves and 100,000 restarts (see the
/// module header for why both).
const DEFAULT_BUDGET: Budget = Budget {
    max_steps: Some(1_000_000),
    max_restarts: Some(100_000),
    max_checks: None,
    time_limit: None,
};

/// The settings of a `hill-climbing` run, which are also its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The most consecutive sideways moves of a climb.
    pub sideways: u64,
}

/// Reads the parameters.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    Ok(Settings {
        sideways: params.count("sideways")?,
    })
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        // One look reads N² squares: look at the clock every ~10^6 of them.
        let look = n.saturating_mul(n).max(1);
        control.set_poll_interval(((1usize << 20) / look).clamp(1, 1024) as u32);
        let domains = Domains::of(control);
        if domains.as_ref().is_some_and(Domains::hopeless) {
            return domains::idle(n, control);
        }
        let search = HillClimbing {
            sideways: self.sideways,
            board: local_search::first_board(n, domains.as_ref(), rng, control),
            domains,
            // Room for every successor, so the list never grows past the
            // memory estimate.
            best: Vec::with_capacity(n.saturating_mul(n.saturating_sub(1))),
            best_delta: 0,
            sideways_run: 0,
            last_move: (0, 0, 0),
        };
        let start = Metrics {
            evaluations: 1,
            ..Metrics::default()
        };
        local_search::run(search, start, rng, control)
    }
}

impl Configured for Settings {
    /// The board and its line counters (24 bytes per queen, the board's
    /// columns becoming the solution) and the list of the best successors
    /// of a look, 8 bytes each, with room for all N(N − 1) of them (on a
    /// nearly solved board most sideways moves tie). Saturating: never
    /// wraps.
    fn memory(&self, n: usize) -> MemoryEstimate {
        let successors = (n as u64).saturating_mul((n as u64).saturating_sub(1));
        MemoryEstimate::per_queen(
            n,
            24,
            "hill climbing scans all N(N−1) successors per move; use min-conflicts for large N",
        )
        .plus(successors.saturating_mul(8))
    }

    /// A stuck climb always restarts (when the budget allows).
    fn never_restarts(&self) -> Option<&'static str> {
        None
    }

    /// A climb begins from a whole board, so it can begin from a given one.
    fn start_refused(&self, _start: &[u32]) -> Option<String> {
        None
    }

    /// A climb keeps its queens in their domains: it takes instances.
    fn instance_refused(&self) -> Option<String> {
        None
    }
}

/// The state of one search.
struct HillClimbing {
    /// The instance's domains; `None` on the plain board.
    domains: Option<Domains>,
    /// The most consecutive sideways moves.
    sideways: u64,
    board: FreeBoard,
    /// The best successors found by the last look: (row, column).
    best: Vec<(u32, u32)>,
    /// Their change of attacking pairs.
    best_delta: i64,
    /// Consecutive sideways moves since the last downhill move or fresh
    /// board.
    sideways_run: u64,
    /// The last move, for replays: its row, and the queen's column before
    /// and after.
    last_move: (usize, u32, u32),
}

impl HillClimbing {
    /// Reads `h` of every successor, keeping the best ones in `self.best`
    /// and their change of attacking pairs in `self.best_delta`. N² checks.
    fn look(&mut self) {
        let n = self.board.n();
        self.best.clear();
        self.best_delta = i64::MAX;
        match self.domains.take() {
            None => {
                for row in 0..n {
                    self.look_at(row, 0..n as u32);
                }
            }
            Some(domains) => {
                for &row in domains.free_rows() {
                    self.look_at(row, domains.row(row).iter().copied());
                }
                self.domains = Some(domains);
            }
        }
    }

    /// The successors that move the queen of `row` to another of
    /// `columns`: one check for the queen and one per other column.
    #[inline]
    fn look_at(&mut self, row: usize, columns: impl Iterator<Item = u32>) {
        let own = self.board.columns()[row];
        let lost = i64::from(self.board.queen_conflicts(row));
        for column in columns.filter(|&c| c != own) {
            let delta = i64::from(self.board.square_conflicts(row, column)) - lost;
            if delta < self.best_delta {
                self.best_delta = delta;
                self.best.clear();
            }
            if delta == self.best_delta {
                self.best.push((row as u32, column));
            }
        }
    }
}

/// The checks are the board's: N per fresh board, N² per look and 2 per
/// move.
impl LocalSearch for HillClimbing {
    type Board = FreeBoard;

    fn board(&self) -> &FreeBoard {
        &self.board
    }

    fn into_board(self) -> FreeBoard {
        self.board
    }

    /// No attacking pair is a solution; otherwise a look: a move down, or
    /// sideways while the limit allows, else stuck (a restart).
    fn next(&mut self) -> Next {
        if self.board.pairs() == 0 {
            return Next::Solved;
        }
        self.look();
        let sideways_allowed = self.best_delta == 0 && self.sideways_run < self.sideways;
        if self.best_delta < 0 || sideways_allowed {
            Next::Step
        } else {
            Next::Restart
        }
    }

    /// One move: a best successor drawn uniformly (one draw).
    fn step(&mut self, rng: &mut ChaCha8Rng) {
        let (row, column) = self.best[rng.random_range(0..self.best.len())];
        let row = row as usize;
        self.last_move = (row, self.board.columns()[row], column);
        self.board.move_queen(row, column);
        if self.best_delta < 0 {
            self.sideways_run = 0;
        } else {
            self.sideways_run += 1;
        }
    }

    fn restart(&mut self, rng: &mut ChaCha8Rng) {
        match &self.domains {
            None => self.board.reset_random(rng),
            Some(domains) => self.board.reset_in(domains, rng),
        }
        self.sideways_run = 0;
    }

    /// The move: its row, the queen's move, and the conflicts of every
    /// square of the row.
    fn step_view(&self) -> View {
        frame::repair(self.board.columns(), self.last_move)
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "hill-climbing",
    summary: "steepest-ascent hill climbing: move one queen within its row to the best of all N(N−1) successors (ties at random), optional sideways moves; a stuck climb restarts from a random board",
    source: "Russell & Norvig, Artificial Intelligence: A Modern Approach, 3rd ed. (2010), §4.1.1: steepest-ascent hill climbing on 8-queens, sideways moves and random-restart hill climbing",
    citation: "Russell & Norvig §4.1.1",
    step: "one move",
    checks: &[CheckCount {
        variant: None,
        counts: "N per fresh board, N² per look (each queen and the N − 1 other squares of its row: every successor), 2 per move; none to see a solution (the kept pair total)",
    }],
    params: PARAMS,
    variants: &[],
    default_budget: DEFAULT_BUDGET,
    settings: |params| boxed(settings(params)),
};

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::base::board::{attacking_pairs, validate};
    use crate::solvers::blocks::frame::Frame;
    use crate::solvers::{StopReason, Trace};

    /// The search from the board `columns` with at most `sideways`
    /// consecutive sideways moves, under `budget`, from `seed`.
    fn climb(columns: &[u32], sideways: u64, budget: Budget, seed: u64) -> Outcome {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut control = Control::new(budget).with_start(columns);
        Settings { sideways }.solve(columns.len(), &mut rng, &mut control)
    }

    /// A restart budget of `restarts` and nothing else.
    fn restarts(restarts: u64) -> Budget {
        Budget {
            max_restarts: Some(restarts),
            ..Budget::UNLIMITED
        }
    }

    /// The search from a random board under `budget`, its frames kept.
    fn solve_with_frames(n: usize, sideways: u64, budget: Budget, seed: u64) -> (Outcome, Frames) {
        let mut frames = Frames(Vec::new());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let outcome = {
            let mut control = Control::new(budget).with_trace(&mut frames);
            Settings { sideways }.solve(n, &mut rng, &mut control)
        };
        (outcome, frames)
    }

    /// Keeps every frame.
    struct Frames(Vec<Frame>);

    impl Trace for Frames {
        fn record(&mut self, _: &Metrics, _: u64) {}
        fn wants_frames(&self) -> bool {
            true
        }
        fn frame(&mut self, frame: &Frame) {
            self.0.push(frame.clone());
        }
    }

    /// The columns of a frame's full board.
    fn columns(frame: &Frame) -> Vec<u32> {
        frame
            .board
            .iter()
            .map(|c| c.expect("a full board"))
            .collect()
    }

    /// The fewest attacking pairs of any board one move away from
    /// `columns`, counted independently of the solver's board.
    fn best_successor(columns: &[u32]) -> u64 {
        let n = columns.len() as u32;
        let mut best = u64::MAX;
        for row in 0..columns.len() {
            for column in (0..n).filter(|&c| c != columns[row]) {
                let mut next = columns.to_vec();
                next[row] = column;
                best = best.min(attacking_pairs(&next));
            }
        }
        best
    }

    #[test]
    fn one_climb_on_a_hand_made_board() {
        // Board [0, 1, 0, 2]: queens (0,0), (1,1), (2,0), (3,2); h = 3
        // ((0,0)-(1,1) diagonal, (0,0)-(2,0) column, (1,1)-(2,0)
        // anti-diagonal). The conflicts of each square of each row, the
        // row's own queen left out, by hand: row 0 [2, 1, 3, 0], row 1
        // [3, 2, 1, 0], row 2 [2, 2, 3, 1], row 3 [2, 2, 0, 2]. A move's
        // change of h is the landing square's conflicts minus the queen's
        // own (2, 2, 2 and 0): row 0 to columns 1, 2, 3: -1, +1, -2; row 1
        // to 0, 2, 3: +1, -1, -2; row 2 to 1, 2, 3: 0, +1, -1; row 3 to 0,
        // 1, 3: +2 each. The best successors, h = 1, are row 0 to column
        // 3, [3, 1, 0, 2] (pair (1,1)-(2,0)), and row 1 to column 3,
        // [0, 3, 0, 2] (pair (0,0)-(2,0)). From [0, 3, 0, 2] row 0 to
        // column 1 is the solution [1, 3, 0, 2]; from [3, 1, 0, 2] no move
        // solves (both solutions of N = 4, [1, 3, 0, 2] and [2, 0, 3, 1],
        // differ from it in two rows or more), so without sideways moves
        // the climb is stuck there.
        // Checks: the board 4, a look 16 (N²) and a move 2, then a second
        // look 16: stuck, 38; or a second move 2 onto the solution, which
        // needs no look: 40.
        let mut seen = [false; 2];
        for seed in 0..16 {
            let o = climb(&[0, 1, 0, 2], 0, restarts(0), seed);
            let m = o.metrics;
            match o.solution {
                Some(solution) => {
                    assert_eq!(solution.columns(), &[1, 3, 0, 2], "seed {seed}");
                    assert_eq!((m.steps, m.checks, m.evaluations), (2, 40, 1));
                    seen[0] = true;
                }
                None => {
                    assert_eq!(o.stop_reason, StopReason::BudgetRestarts, "seed {seed}");
                    assert_eq!((m.steps, m.checks, m.evaluations), (1, 38, 1));
                    assert_eq!(m.final_conflicts, Some(1));
                    seen[1] = true;
                }
            }
            assert_eq!(m.restarts, 0);
        }
        assert_eq!(seen, [true, true], "both best successors are drawn");
    }

    #[test]
    fn the_sideways_limit_counts_consecutive_moves() {
        // N = 2: every board has one attacking pair, and so has each of its
        // two successors: every move is sideways. A climb makes exactly
        // `sideways` of them, then is stuck. Checks: the board 2, a look 4
        // before each move and one more that finds the climb stuck, 2 per
        // move.
        for sideways in [0, 1, 5, 100] {
            let o = climb(&[0, 0], sideways, restarts(0), 3);
            assert_eq!(o.stop_reason, StopReason::BudgetRestarts);
            let m = o.metrics;
            assert_eq!(m.steps, sideways, "sideways={sideways}");
            assert_eq!(m.checks, 2 + 4 * (sideways + 1) + 2 * sideways);
            assert_eq!(m.final_conflicts, Some(1));
        }
    }

    #[test]
    fn the_restart_budget_counts_climbs() {
        // N = 2 without sideways moves: no climb ever moves, each is stuck
        // at once; R restarts are R + 1 fresh boards (2 checks each) and
        // R + 1 looks (4 each), and no step.
        for r in [0, 1, 7] {
            let (o, frames) = solve_with_frames(2, 0, restarts(r), 9);
            assert_eq!(o.stop_reason, StopReason::BudgetRestarts);
            let m = o.metrics;
            assert_eq!((m.steps, m.restarts, m.evaluations), (0, r, r + 1));
            assert_eq!(m.checks, 2 * (r + 1) + 4 * (r + 1));
            let views: Vec<bool> = frames.0.iter().map(|f| f.view == View::Restart).collect();
            assert_eq!(views.len() as u64, r + 1, "the start and each restart");
            assert!(!views[0] && views[1..].iter().all(|&v| v));
        }
    }

    #[test]
    fn every_move_is_a_best_successor_and_every_restart_follows_a_stuck_climb() {
        // Frame by frame, against an independent count of the attacking
        // pairs of every successor: a move lands on a best successor, a
        // move that does not lower h follows fewer than `sideways`
        // consecutive ones, and a restart (or the end without one) comes
        // when no successor is lower and no sideways move is left.
        for sideways in [0, 3, 100] {
            for seed in 0..40 {
                let budget = Budget {
                    max_restarts: Some(20),
                    ..Budget::UNLIMITED
                };
                let (o, frames) = solve_with_frames(8, sideways, budget, seed);
                let what = format!("sideways={sideways} seed={seed}");
                let stuck = |board: &[u32], run: u64| {
                    let (h, best) = (attacking_pairs(board), best_successor(board));
                    best > h || (best == h && run == sideways)
                };
                let mut run = 0;
                for pair in frames.0.windows(2) {
                    let (before, after) = (columns(&pair[0]), columns(&pair[1]));
                    match &pair[1].view {
                        View::Restart => {
                            assert!(stuck(&before, run), "{what}: restart from {before:?}");
                            run = 0;
                        }
                        View::Repair { row, from, to, .. } => {
                            assert_eq!((before[*row], after[*row]), (*from, *to), "{what}");
                            let h = attacking_pairs(&after);
                            assert_eq!(h, best_successor(&before), "{what}: {before:?}");
                            if h == attacking_pairs(&before) {
                                run += 1;
                                assert!(run <= sideways, "{what}: sideways run {run}");
                            } else {
                                run = 0;
                            }
                        }
                        other => panic!("{what}: {other:?}"),
                    }
                }
                let last = columns(frames.0.last().expect("frames"));
                match o.solution {
                    Some(solution) => {
                        assert_eq!(validate(solution.columns()), Ok(()), "{what}");
                        assert_eq!(solution.columns(), last.as_slice(), "{what}");
                    }
                    None => {
                        assert_eq!(o.stop_reason, StopReason::BudgetRestarts, "{what}");
                        assert!(stuck(&last, run), "{what}: ended on {last:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn checks_are_the_boards_the_looks_and_the_moves() {
        // Each move and each restart follows a look; so does the end of a
        // search stopped by a budget, but not a solution (the kept pair
        // total says it). N per fresh board, N² per look, 2 per move.
        for (n, sideways, seed) in [(8, 0, 1), (8, 100, 2), (12, 10, 3), (3, 2, 4)] {
            let budget = Budget {
                max_steps: Some(5_000),
                max_restarts: Some(50),
                ..Budget::UNLIMITED
            };
            let (o, _) = solve_with_frames(n, sideways, budget, seed);
            let m = o.metrics;
            let n = n as u64;
            let looks = m.steps + m.restarts + u64::from(!o.is_solved());
            assert_eq!(m.evaluations, m.restarts + 1);
            assert_eq!(
                m.checks,
                n * m.evaluations + n * n * looks + 2 * m.steps,
                "n={n} sideways={sideways}: {m:?}"
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_search_and_solutions_are_valid() {
        for sideways in [0, 100] {
            for n in [1, 4, 5, 8, 10] {
                for seed in 0..6 {
                    let run = || {
                        let mut rng = ChaCha8Rng::seed_from_u64(seed);
                        Settings { sideways }.solve(n, &mut rng, &mut Control::new(DEFAULT_BUDGET))
                    };
                    let o = run();
                    assert_eq!(o, run(), "n={n} seed={seed}");
                    let solution = o.solution.expect("random restarts solve it");
                    assert_eq!(validate(solution.columns()), Ok(()), "n={n} seed={seed}");
                }
            }
        }
    }
}
