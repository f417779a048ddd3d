//! `naive-repair`: the "stupid" iterative repair of the VulgaireDev blog
//! ("Eight Queens Puzzle", 2016): take the most-threatened queen and move it
//! to a random column of its row; start again from a new random board every
//! `restart_after` repairs.
//!
//! Variants:
//! - `random` (default), our sensible reading: one queen per row; the threat
//!   of a queen is the number of queens attacking it (attacking pairs, kept
//!   by incremental line counters, [`FreeBoard`]); the most-threatened
//!   queen is drawn uniformly among the tied ones; it moves to a uniformly
//!   random column other than its own; after exactly `restart_after` repairs
//!   without a solution the search starts again from a fresh random board
//!   (repairs R, 2R, 3R, …).
//! - `blog`: the published Python, quirks included, on the full N×N grid:
//!   see [`crate::solvers::algorithms::blog_repair`] for the quirks and its restart cadence.
//!
//! Parameters: `random` takes `restart_after`; `blog` takes `restart_after`
//! and `clear_on_restart`. A parameter the chosen variant does not take is
//! refused.
//!
//! Counters (`random`): `steps` = repairs; `restarts` = fresh boards after
//! the first; `evaluations` = fresh boards, the first included (each
//! counted from scratch); `checks` (defined at
//! [`crate::base::outcome::Metrics::checks`]) = N per fresh board, N per look
//! for the most-threatened queen (one per queen; one look per repair, plus
//! one per board) and 2 per repair (the move reads the old and new squares
//! to keep the pair total); `final_conflicts` = attacking pairs on the
//! returned or last board. The loop is the local-search driver's
//! ([`crate::solvers::blocks::local_search`]): a search whose restart budget is spent stops
//! where it would restart (stop reason `budget_restarts`).
//!
//! Instances (blocked squares, given queens, excluded diagonals:
//! [`crate::base::instance`]): `random` takes them. Each row's queen is
//! drawn uniformly among its domain ([`Domains`]: the given column of a
//! given row, the allowed columns of another), on the first board and on
//! every fresh one. The look still reads every queen (N checks), but the
//! most-threatened queen is drawn among the attacked queens of the rows
//! that can move (two columns or more, so never a given queen), and it
//! moves to a uniformly random other column of its domain (one draw of
//! `0..size − 1`, as [`other_than`] on the plain board). The board is
//! solved when no queen at all is attacked; when only queens that cannot
//! move are (an instance without solution), the repair is a null one (no
//! draw, no move). A row without any allowed column makes the instance
//! unsatisfiable, which the search cannot prove: it runs out its budget
//! ([`crate::solvers::blocks::domains::idle`]). A `--start` board is
//! fitted to the instance ([`local_search::first_board`]). `blog` refuses
//! instances ([`blog_repair::INSTANCES_REFUSED`]).

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::algorithms::blog_repair::{self, BlogRepair, BlogSettings};
use crate::solvers::blocks::boards::{FreeBoard, RowBoard};
use crate::solvers::blocks::domains::{self, Domains};
use crate::solvers::blocks::frame::{self, View};
use crate::solvers::blocks::local_search::{self, LocalSearch, Next};
use crate::solvers::blocks::random::other_than;
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{
    ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec, unhandled_word,
};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver};

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
        citation: "after the VulgaireDev blog's \"stupid repair\" (threats as attacking pairs)",
    },
    VariantSpec {
        citation: "the VulgaireDev blog's \"stupid repair\"",
        ..blog_repair::VARIANT
    },
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
    /// `random`: the board and its line counters (24 bytes per queen, the
    /// board's columns becoming the solution) and the most-threatened rows
    /// (8); `blog`: the grid.
    fn memory(&self, n: usize) -> MemoryEstimate {
        match self {
            Settings::Random { .. } => {
                MemoryEstimate::per_queen(n, 32, "use min-conflicts variant=fast for large N")
            }
            Settings::Blog(_) => blog_repair::memory(n),
        }
    }

    /// Both variants restart every `restart_after` (at least 1) repairs.
    fn never_restarts(&self) -> Option<&'static str> {
        None
    }

    /// Both variants repair a whole board, so either begins from one.
    fn start_refused(&self, _start: &[u32]) -> Option<String> {
        None
    }

    /// `random` searches instances; `blog` refuses them.
    fn instance_refused(&self) -> Option<String> {
        match self {
            Settings::Random { .. } => None,
            Settings::Blog(_) => Some(blog_repair::INSTANCES_REFUSED.to_string()),
        }
    }
}

/// The `random` variant on a [`FreeBoard`], run by the local-search driver.
fn solve_random(
    restart_after: u64,
    n: usize,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    // One repair evaluates N queens: look at the clock every ~10^6 of them.
    control.set_poll_interval(((1usize << 20) / n.max(1)).clamp(1, 1024) as u32);
    let domains = Domains::of(control);
    if domains.as_ref().is_some_and(Domains::hopeless) {
        return domains::idle(n, control);
    }
    let search = NaiveRepair {
        restart_after,
        board: local_search::first_board(n, domains.as_ref(), rng, control),
        domains,
        most_threatened: Vec::with_capacity(n),
        since_start: 0,
        last_repair: (0, 0, 0),
    };
    let start = Metrics {
        evaluations: 1,
        ..Metrics::default()
    };
    local_search::run(search, start, rng, control)
}

/// The state of one `random` search.
struct NaiveRepair {
    /// The instance's domains; `None` on the plain board.
    domains: Option<Domains>,
    /// Repairs between two fresh boards.
    restart_after: u64,
    board: FreeBoard,
    /// The rows whose queens have the most conflicts, from the last look.
    most_threatened: Vec<usize>,
    /// Repairs since the last fresh board.
    since_start: u64,
    /// The last repair, for replays: its row, and the queen's column before
    /// and after.
    last_repair: (usize, u32, u32),
}

/// The checks are the board's: N per fresh board, N per look (one per
/// queen) and 2 per move.
impl LocalSearch for NaiveRepair {
    type Board = FreeBoard;

    fn board(&self) -> &FreeBoard {
        &self.board
    }

    fn into_board(self) -> FreeBoard {
        self.board
    }

    /// Lists the most-threatened queens: no queen attacked is a solution; a
    /// restart after `restart_after` repairs.
    fn next(&mut self) -> Next {
        let solved = match &self.domains {
            None => collect_most_threatened(&mut self.board, &mut self.most_threatened) == 0,
            Some(domains) => {
                collect_most_threatened_free(&mut self.board, domains, &mut self.most_threatened);
                self.board.pairs() == 0
            }
        };
        if solved {
            Next::Solved
        } else if self.since_start == self.restart_after {
            Next::Restart
        } else {
            Next::Step
        }
    }

    /// One repair: a most-threatened queen drawn uniformly, moved to a
    /// uniformly random other column of its row.
    fn step(&mut self, rng: &mut ChaCha8Rng) {
        self.since_start += 1;
        let rows = &self.most_threatened;
        if rows.is_empty() {
            // Only queens that cannot move are attacked: a null repair.
            let row = self.last_repair.0;
            let column = self.board.columns()[row];
            self.last_repair = (row, column, column);
            return;
        }
        let row = rows[rng.random_range(0..rows.len() as u32) as usize];
        let from = self.board.columns()[row];
        let column = match &self.domains {
            None => other_than(from as usize, self.board.n(), rng) as u32,
            Some(domains) => {
                let domain = domains.row(row);
                let own = domains.position(row, from).unwrap_or(0);
                domain[other_than(own, domain.len(), rng)]
            }
        };
        self.last_repair = (row, from, column);
        self.board.move_queen(row, column);
    }

    fn restart(&mut self, rng: &mut ChaCha8Rng) {
        match &self.domains {
            None => self.board.reset_random(rng),
            Some(domains) => self.board.reset_in(domains, rng),
        }
        self.since_start = 0;
    }

    /// The repair: its row, the queen's move, and the conflicts of every
    /// square of the row.
    fn step_view(&self) -> View {
        frame::repair(self.board.columns(), self.last_repair)
    }
}

/// Fills `rows` with the rows whose queens have the most conflicts and
/// returns that number of conflicts (0 when no queen is attacked). N
/// checks.
fn collect_most_threatened(board: &mut FreeBoard, rows: &mut Vec<usize>) -> u32 {
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

/// [`collect_most_threatened`] on an instance: the most-threatened
/// attacked queens among the rows that can move (`rows` empty when none
/// of them is attacked). Every queen is read: N checks.
fn collect_most_threatened_free(board: &mut FreeBoard, domains: &Domains, rows: &mut Vec<usize>) {
    rows.clear();
    let mut most = 0;
    for row in 0..board.n() {
        let conflicts = board.queen_conflicts(row);
        if conflicts == 0 || !domains.is_free(row) {
            continue;
        }
        if conflicts > most {
            most = conflicts;
            rows.clear();
        }
        if conflicts == most {
            rows.push(row);
        }
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "naive-repair",
    summary: "iterative repair: move the most-threatened queen to a random column of its row, restart every restart_after repairs",
    source: "VulgaireDev, \"Eight Queens Puzzle\" (blog, 2016), the \"stupid repair\"",
    citation: "the VulgaireDev blog's \"stupid repair\"",
    step: "one repair",
    checks: &[
        CheckCount {
            variant: Some("random"),
            counts: "N per fresh board, N per look for the most-threatened queen, 2 per repair (the move)",
        },
        CheckCount {
            variant: Some("blog"),
            counts: "8 per `count_conflict` (one per direction): 8 per queen on the grid per look; none for the repair's random column",
        },
    ],
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(1_000_000),
    settings: |params| boxed(settings(params)),
};
