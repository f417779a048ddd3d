//! `min-conflicts`: move a threatened queen to the least-threatened column of
//! its row. Minton, Johnston, Philips & Laird, "Solving large-scale
//! constraint satisfaction and scheduling problems using a heuristic repair
//! method" (AAAI 1990) and "Minimizing conflicts" (Artificial Intelligence
//! 58, 1992); the "smarter repair" of the VulgaireDev blog ("Eight Queens
//! Puzzle", 2016).
//!
//! Variants:
//! - `random` (default), Minton's min-conflicts hill climbing: one queen per
//!   row on a uniformly random board; each repair draws a queen uniformly
//!   among the attacked ones and moves it to the column where the fewest
//!   queens would attack it, ties (its own column included) broken uniformly
//!   at random. Threats are attacking pairs, kept by incremental line
//!   counters ([`FreeBoard`]). Minton's method has no restarts; to get
//!   out of local minima (and to end N = 2 and 3 by the budget rather than
//!   by a stuck board) the search starts again from a fresh random board
//!   after `patience` consecutive repairs that do not lower the fewest
//!   attacking pairs seen since the last start (0: never).
//! - `blog`: the published Python's smarter repair, quirks included, on the
//!   full N×N grid, restarting as published after `restart_after` repairs;
//!   see [`crate::solvers::algorithms::blog_repair`].
//! - `fast`: the large-N solver ([`crate::solvers::algorithms::min_conflicts_fast`]), with its own
//!   counters; it takes none of the parameters below.
//!
//! Parameters: `random` takes `patience`; `blog` takes `restart_after` and
//! `clear_on_restart`; `fast` takes none. A parameter the chosen variant
//! does not take is refused.
//!
//! Counters (`random`): `steps` = repairs; `restarts` = fresh boards after
//! the first; `evaluations` = fresh boards, the first included (each
//! counted from scratch); `checks` (defined at
//! [`crate::base::outcome::Metrics::checks`]) = N per fresh board, N per look
//! for the attacked queens (one per queen; one look per repair, plus one
//! per board), N per row scan (one per square; one per repair) and 2 per
//! repair that moves its queen (the old and new squares read to keep the
//! pair total; 0 when it stays in its own column); `final_conflicts` =
//! attacking pairs on the returned or last board. The loop is the
//! local-search driver's ([`crate::solvers::blocks::local_search`]): a search whose restart
//! budget is spent stops where it would restart (stop reason
//! `budget_restarts`); with `patience = 0` it never restarts.
//!
//! Instances (blocked squares, given queens, excluded diagonals:
//! [`crate::base::instance`]): `random` takes them. Each row's queen is
//! drawn uniformly among its domain ([`Domains`]: the given column of a
//! given row, the allowed columns of another), on the first board and on
//! every fresh one; a repair draws its queen among the attacked queens of
//! the rows that can move (two columns or more in their domain, so never a
//! given queen) and scans only the row's domain (checks: one per column
//! scanned instead of N), ties broken as on the plain board. The board is
//! solved when no queen at all is attacked; when only queens that cannot
//! move are (an instance without solution), the repair is a null one (no
//! draw, no move, a step without progress). A row without any allowed
//! column makes the instance unsatisfiable, which the search cannot prove:
//! it runs out its budget ([`crate::solvers::blocks::domains::idle`]). A
//! `--start` board is fitted to the instance ([`local_search::first_board`]).
//! `blog` and `fast` refuse instances: the blog's grid moves queens by its
//! own published rules ([`blog_repair::INSTANCES_REFUSED`]), and `fast`
//! is built for the plain board at N up to 10^9
//! ([`min_conflicts_fast::INSTANCES_REFUSED`]).

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::algorithms::blog_repair::{self, BlogRepair, BlogSettings};
use crate::solvers::algorithms::min_conflicts_fast;
use crate::solvers::blocks::boards::{FreeBoard, RowBoard};
use crate::solvers::blocks::domains::{self, Domains};
use crate::solvers::blocks::frame::{self, View};
use crate::solvers::blocks::local_search::{self, LocalSearch, Next};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{
    ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec, unhandled_word,
};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver};

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "variant",
        kind: ParamKind::Choice(&["random", "blog", "fast"]),
        default: "random",
        help: "random: Minton's min-conflicts on attacking pairs, ties at random; blog: the VulgaireDev blog's published smarter repair, quirks included; fast: the large-N solver (permutations, swaps, QS4 initialisation)",
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
        citation: "Minton et al. 1990/1992",
    },
    VariantSpec {
        citation: "the VulgaireDev blog's \"smarter repair\"",
        ..blog_repair::VARIANT
    },
    VariantSpec {
        name: "fast",
        uses: &[],
        citation: "Sosic & Gu 1990/1991",
    },
];

/// The `fast` variant's memory that does not grow with N: the
/// initialization's 1024 pile counters (8 KiB) and up to 1 KiB of small
/// buffers.
const FAST_FIXED_BYTES: u64 = 9 << 10;

/// The `fast` variant's estimate per queen with `u16` counters (N up to
/// 65,535).
const FAST_U16_PER_QUEEN: u64 = 17;

/// The settings of a `min-conflicts` run, one per variant, which are also
/// its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settings {
    /// `random`: Minton's min-conflicts with restarts after `patience`
    /// repairs without progress.
    Random {
        /// Consecutive repairs without a new fewest-pairs board before a
        /// restart; 0 for never.
        patience: u64,
    },
    /// `blog`: the published loop with the smarter repair.
    Blog(BlogSettings),
    /// `fast`: the large-N solver.
    Fast,
}

/// Reads the chosen variant's parameters.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    match params.word("variant")? {
        "random" => Ok(Settings::Random {
            patience: params.count("patience")?,
        }),
        "blog" => Ok(Settings::Blog(blog_repair::settings(
            params,
            BlogRepair::LeastThreatened,
        )?)),
        "fast" => Ok(Settings::Fast),
        other => Err(unhandled_word("variant", other)),
    }
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        match *self {
            Settings::Random { patience } => solve_random(patience, n, rng, control),
            Settings::Blog(blog) => blog_repair::solve(n, blog, rng, control),
            Settings::Fast => min_conflicts_fast::solve(n, rng, control),
        }
    }
}

impl Configured for Settings {
    /// `random` and `blog` repair a whole board, so they begin from one;
    /// `fast` builds its own.
    fn start_refused(&self, _start: &[u32]) -> Option<String> {
        matches!(self, Settings::Fast).then(|| {
            "variant=fast builds its first board itself, greedily, row by row: use variant=random or variant=blog".to_string()
        })
    }

    /// `random`: the board and its line counters (24 bytes per queen, the
    /// board's columns becoming the solution), the attacked rows (8) and
    /// the tied columns (4); `blog`: the grid; `fast`: its columns and
    /// counts, 4.5 bytes per queen at the peak above N = 65 535 (sparse
    /// counts, estimated at 5; 12 if a budget stops the initialization,
    /// which then counts its pairs afresh), 12.6 below (`u16`), plus its
    /// list of attacked rows, and
    /// `FAST_FIXED_BYTES` (9 KiB) at every N. Saturating: never wraps.
    fn memory(&self, n: usize) -> MemoryEstimate {
        match self {
            Settings::Random { .. } => {
                MemoryEstimate::per_queen(n, 36, "use variant=fast for large N")
            }
            Settings::Blog(_) => blog_repair::memory(n),
            Settings::Fast if n > u16::MAX as usize => {
                // The largest `u16` board's estimate is a floor, so the
                // estimate never decreases as N grows (it is at most 1 MiB
                // above the need, up to N = 222,819).
                let largest_u16 = FAST_U16_PER_QUEEN * u16::MAX as u64;
                MemoryEstimate::new(
                    (n as u64).saturating_mul(5).max(largest_u16),
                    "choose a smaller N: this is the leanest solver",
                )
                .plus(FAST_FIXED_BYTES)
            }
            Settings::Fast => {
                MemoryEstimate::per_queen(n, FAST_U16_PER_QUEEN, "choose a smaller N")
                    .plus(FAST_FIXED_BYTES)
            }
        }
    }

    fn never_restarts(&self) -> Option<&'static str> {
        match self {
            Settings::Random { patience: 0 } => Some("patience=0 turns its restarts off"),
            _ => None,
        }
    }

    /// `random` searches instances; `blog` and `fast` refuse them.
    fn instance_refused(&self) -> Option<String> {
        match self {
            Settings::Random { .. } => None,
            Settings::Blog(_) => Some(blog_repair::INSTANCES_REFUSED.to_string()),
            Settings::Fast => Some(min_conflicts_fast::INSTANCES_REFUSED.to_string()),
        }
    }
}

/// The `random` variant: Minton's min-conflicts on a [`FreeBoard`], run by
/// the local-search driver.
fn solve_random(
    patience: u64,
    n: usize,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    // One repair evaluates 2N queens and squares: look at the clock every
    // ~10^6 of them.
    control.set_poll_interval(((1usize << 19) / n.max(1)).clamp(1, 1024) as u32);
    let domains = Domains::of(control);
    if domains.as_ref().is_some_and(Domains::hopeless) {
        return domains::idle(n, control);
    }
    let board = local_search::first_board(n, domains.as_ref(), rng, control);
    let search = MinConflicts {
        domains,
        patience,
        fewest_pairs: board.pairs(),
        board,
        attacked: Vec::with_capacity(n),
        ties: Vec::with_capacity(n),
        without_progress: 0,
        last_repair: (0, 0, 0),
    };
    let start = Metrics {
        evaluations: 1,
        ..Metrics::default()
    };
    local_search::run(search, start, rng, control)
}

/// The state of one `random` search.
struct MinConflicts {
    /// The instance's domains; `None` on the plain board.
    domains: Option<Domains>,
    /// Consecutive repairs without a new fewest-pairs board before a
    /// restart; 0 for never.
    patience: u64,
    board: FreeBoard,
    /// The rows whose queens are attacked, from the last look.
    attacked: Vec<usize>,
    /// Scratch: the columns tied for the fewest conflicts.
    ties: Vec<u32>,
    /// The fewest attacking pairs since the last start.
    fewest_pairs: u64,
    /// Repairs since `fewest_pairs` was last lowered (or the last start).
    without_progress: u64,
    /// The last repair, for replays: its row, and the queen's column before
    /// and after.
    last_repair: (usize, u32, u32),
}

/// The checks are the board's: N per fresh board, N per look (one per
/// queen), N per row scan (one per square) and 2 per move.
impl LocalSearch for MinConflicts {
    type Board = FreeBoard;

    fn board(&self) -> &FreeBoard {
        &self.board
    }

    fn into_board(self) -> FreeBoard {
        self.board
    }

    /// Lists the attacked queens: none is a solution; a restart after
    /// `patience` repairs without progress.
    fn next(&mut self) -> Next {
        let board = &mut self.board;
        self.attacked.clear();
        let solved = match &self.domains {
            None => {
                self.attacked
                    .extend((0..board.n()).filter(|&row| board.queen_conflicts(row) > 0));
                self.attacked.is_empty()
            }
            Some(domains) => {
                // Every queen is looked at; only those that can move are
                // listed.
                let mut any = false;
                for row in 0..board.n() {
                    if board.queen_conflicts(row) > 0 {
                        any = true;
                        if domains.is_free(row) {
                            self.attacked.push(row);
                        }
                    }
                }
                !any
            }
        };
        if solved {
            Next::Solved
        } else if self.patience > 0 && self.without_progress == self.patience {
            Next::Restart
        } else {
            Next::Step
        }
    }

    /// One repair: an attacked queen drawn uniformly, moved to the
    /// least-conflicted column of its row.
    fn step(&mut self, rng: &mut ChaCha8Rng) {
        if self.attacked.is_empty() {
            // Only queens that cannot move are attacked: a null repair.
            let row = self.last_repair.0;
            let column = self.board.columns()[row];
            self.last_repair = (row, column, column);
            self.without_progress += 1;
            return;
        }
        let row = self.attacked[rng.random_range(0..self.attacked.len() as u32) as usize];
        let n = self.board.n() as u32;
        let column = match &self.domains {
            None => least_conflicted_column(&mut self.board, row, 0..n, &mut self.ties, rng),
            Some(domains) => least_conflicted_column(
                &mut self.board,
                row,
                domains.row(row).iter().copied(),
                &mut self.ties,
                rng,
            ),
        };
        self.last_repair = (row, self.board.columns()[row], column);
        self.board.move_queen(row, column);
        if self.board.pairs() < self.fewest_pairs {
            self.fewest_pairs = self.board.pairs();
            self.without_progress = 0;
        } else {
            self.without_progress += 1;
        }
    }

    fn restart(&mut self, rng: &mut ChaCha8Rng) {
        match &self.domains {
            None => self.board.reset_random(rng),
            Some(domains) => self.board.reset_in(domains, rng),
        }
        self.fewest_pairs = self.board.pairs();
        self.without_progress = 0;
    }

    /// The repair: its row, the queen's move, and the conflicts of every
    /// square of the row (the row scan it chose from).
    fn step_view(&self) -> View {
        frame::repair(self.board.columns(), self.last_repair)
    }
}

/// The column among `columns` (all of `row`'s, or its domain's) where its
/// queen would have the fewest conflicts, ties broken uniformly at random
/// (one draw); `ties` is scratch space. One check per column scanned (N on
/// the plain board).
fn least_conflicted_column(
    board: &mut FreeBoard,
    row: usize,
    columns: impl Iterator<Item = u32>,
    ties: &mut Vec<u32>,
    rng: &mut ChaCha8Rng,
) -> u32 {
    ties.clear();
    let mut fewest = u32::MAX;
    for column in columns {
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

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "min-conflicts",
    summary: "min-conflicts repair: move a threatened queen to the least-threatened column of its row",
    source: "Minton, Johnston, Philips & Laird, AAAI 1990 and Artificial Intelligence 58 (1992); the VulgaireDev blog's \"smarter repair\" (2016); fast: Sosic & Gu, SIGART Bulletin 1(3) 1990 and 2(2) 1991",
    citation: "Minton et al. 1990/1992; the VulgaireDev blog's \"smarter repair\"; Sosic & Gu (fast)",
    step: "one repair",
    checks: &[
        CheckCount {
            variant: Some("random"),
            counts: "N per fresh board, N per look for the attacked queens, N per row scan, 2 per repair that moves its queen (0 when it stays)",
        },
        CheckCount {
            variant: Some("blog"),
            counts: "8 per `count_conflict` (one per direction): 8 per queen on the grid per look, 8N per repair (its row's N squares)",
        },
        CheckCount {
            variant: Some("fast"),
            counts: "initialization: 1 per candidate square examined, 1 per row placed (the mark that records whether its diagonals were taken), 1 per row listed as attacked (its counters completed); repair: 1 per attack test of a listed row, 4 per swap delta of a partner (none for a drawn partner that is the row itself), 4 per swap (its delta) and 2 for the two rows tested after it",
        },
    ],
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(1_000_000),
    settings: |params| boxed(settings(params)),
};

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::solvers::StopReason;

    #[test]
    fn one_repair_on_a_hand_made_board() {
        // Board [0, 1, 0, 2]: queens (0,0), (1,1), (2,0), (3,2). Pairs:
        // (0,0)-(1,1) diagonal, (0,0)-(2,0) column, (1,1)-(2,0)
        // anti-diagonal: 3; rows 0, 1 and 2 are attacked, row 3 is not.
        // The row scans (conflicts of each square, by hand, the queen of the
        // row left out): row 0 [2, 1, 3, 0], row 1 [3, 2, 1, 0], row 2
        // [2, 2, 3, 1]: whichever attacked row is drawn, its one least
        // conflicted column is 3, not its own, so the queen moves, and the
        // new board ([3,1,0,2], [0,3,0,2] or [0,1,3,2]) still has a pair.
        // Checks: counting the board 4, look 4, row scan 4, move 2, look
        // again before the budget stops it 4: 18.
        let mut board = FreeBoard::new(&[0, 1, 0, 2]);
        assert_eq!(board.pairs(), 3);
        for (row, scan) in [(0, [2, 1, 3, 0]), (1, [3, 2, 1, 0]), (2, [2, 2, 3, 1])] {
            let mut seen = [0; 4];
            for (column, seen) in seen.iter_mut().enumerate() {
                *seen = board.square_conflicts(row, column as u32);
            }
            assert_eq!(seen, scan, "row {row}");
        }
        let board = FreeBoard::new(&[0, 1, 0, 2]);
        for seed in 0..4 {
            let search = MinConflicts {
                domains: None,
                patience: 100,
                fewest_pairs: board.pairs(),
                board: board.clone(),
                attacked: Vec::new(),
                ties: Vec::new(),
                without_progress: 0,
                last_repair: (0, 0, 0),
            };
            let start = Metrics {
                evaluations: 1,
                ..Metrics::default()
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut control = Control::new(Budget::steps(1));
            let o = local_search::run(search, start, &mut rng, &mut control);
            assert_eq!(o.stop_reason, StopReason::BudgetSteps);
            assert_eq!(
                (o.metrics.steps, o.metrics.checks, o.metrics.evaluations),
                (1, 18, 1),
                "seed {seed}"
            );
        }
    }
}
