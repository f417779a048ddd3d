//! The loop every local search on one board shares: look at the board,
//! stop when it is solved or the budget says so, otherwise make one step
//! or start again from a fresh board, and report trace points; then the
//! outcome. `min-conflicts` and `naive-repair` (`random`), `hill-climbing`
//! and `annealing` run on it; each implements [`LocalSearch`] for its rules
//! on its board, a [`CountedBoard`] whose pairs, columns and checks the
//! driver reads. The driver is generic, so each search gets its own copy of
//! the loop and no step goes through a virtual call.
//!
//! The other searches keep loops of their own, because each breaks the
//! order below somewhere its counters or trace would show; each file's
//! header says where: `random-restart` ([`crate::solvers::algorithms::random_restart`]), the
//! `blog` repair ([`crate::solvers::algorithms::blog_repair`]), min-conflicts `fast`
//! ([`crate::solvers::algorithms::min_conflicts_fast`]) and both genetic algorithms
//! ([`crate::solvers::algorithms::genetic`]).
//!
//! The order within one round is fixed, and with it every counter and
//! every draw:
//! 1. [`LocalSearch::next`] looks at the board (its checks are counted) and
//!    says whether it is solved, or whether the next move is a step or a
//!    restart;
//! 2. a solved board ends the search (stop reason `solved`);
//! 3. [`Control::stop_before`] is asked, with the restart budget only
//!    before a restart; a stopped search reports the attacking pairs of its
//!    board as `final_conflicts`;
//! 4. the step (`steps` + 1) or the restart (`restarts` + 1, and one
//!    `evaluation`: the fresh board is counted from scratch) is made;
//! 5. a trace point: the steps so far and the board's attacking pairs
//!    (one more at the start, at step 0); and, when the observer wants
//!    them ([`Control::frames_wanted`]), a replay frame: the board, the
//!    counters, and [`View::Start`], [`View::Restart`] or the search's own
//!    view of its step ([`LocalSearch::step_view`]).
//!
//! On an instance of a hard variant ([`crate::base::instance`]) the driver
//! is the same: each search keeps its queens in their rows' domains
//! ([`Domains`]) in its own step and restart, and [`first_board`] draws (or
//! fits a `--start` board) within them.

use rand::rngs::ChaCha8Rng;

use crate::base::board::Placement;
use crate::solvers::blocks::boards::{CountedBoard, FreeBoard, RowBoard};
use crate::solvers::blocks::domains::Domains;
use crate::solvers::blocks::frame::{Frame, View};
use crate::solvers::{Control, Metrics, Outcome};

/// What a local search does next, decided by looking at its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The board is a solution: the search ends.
    Solved,
    /// One more step on this board.
    Step,
    /// Start again from a fresh board (which the restart budget may refuse).
    Restart,
}

/// A local search the driver runs: a board, how the search looks at it, and
/// its step and restart.
///
/// The driver reads the search's counters off its board: the attacking
/// pairs, the columns, and the checks, which are every read of the board
/// the search made (counting the starting board and every fresh one
/// included), so a search reads its board only through the board's
/// methods.
pub trait LocalSearch {
    /// The board the search moves on.
    type Board: CountedBoard;

    /// The current board (reading it through [`RowBoard`] and
    /// [`CountedBoard`] counts no check).
    fn board(&self) -> &Self::Board;

    /// The current board, when the search ends.
    fn into_board(self) -> Self::Board;

    /// Looks at the current board and says what comes next.
    fn next(&mut self) -> Next;

    /// Makes one step on the board.
    fn step(&mut self, rng: &mut ChaCha8Rng);

    /// Replaces the board by a fresh one; asked only after [`Self::next`]
    /// said [`Next::Restart`].
    fn restart(&mut self, rng: &mut ChaCha8Rng);

    /// What the step just made shows in a replay; asked only when frames
    /// are wanted, right after [`Self::step`]. It must not touch a counter.
    fn step_view(&self) -> View;
}

/// The first board of a search on a [`FreeBoard`]: the one given with
/// `--start` ([`Control::take_start`]), or one column drawn per row
/// ([`FreeBoard::random`]); counted from scratch either way (N checks).
/// On an instance (`domains`), each row's column is drawn from its domain
/// ([`FreeBoard::random_in`]), and a start board is fitted to it: a row
/// whose given column is blocked, or is not its given queen's, is drawn
/// afresh from its domain ([`Domains::fit`]).
pub fn first_board(
    n: usize,
    domains: Option<&Domains>,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> FreeBoard {
    match (control.take_start(), domains) {
        (Some(columns), None) => FreeBoard::new(columns),
        (Some(columns), Some(domains)) => {
            let mut columns = columns.to_vec();
            domains.fit(&mut columns, rng);
            FreeBoard::new(&columns)
        }
        (None, None) => FreeBoard::random(n, rng),
        (None, Some(domains)) => FreeBoard::random_in(domains, rng),
    }
}

/// Runs `search` until its board is solved or `control` stops it. `start`
/// holds the counters of building the first board (its evaluation); the
/// checks are always the board's own ([`CountedBoard::checks`]), whatever
/// `start` holds.
pub fn run<S: LocalSearch>(
    mut search: S,
    start: Metrics,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    let mut metrics = Metrics {
        checks: search.board().checks(),
        ..start
    };
    let tracing = control.tracing();
    let frames = control.frames_wanted();
    if tracing {
        control.observe(&metrics, search.board().pairs());
    }
    if frames {
        control.frame(&Frame::full(search.board().columns(), metrics, View::Start));
    }
    loop {
        let next = search.next();
        metrics.checks = search.board().checks();
        if next == Next::Solved {
            return Outcome::solved(Placement::new(search.into_board().into_columns()), metrics);
        }
        let restart = next == Next::Restart;
        if let Some(reason) = control.stop_before(&metrics, restart) {
            metrics.final_conflicts = Some(search.board().pairs());
            return Outcome::unsolved(metrics, reason);
        }
        if restart {
            search.restart(rng);
            metrics.restarts += 1;
            metrics.evaluations += 1;
        } else {
            search.step(rng);
            metrics.steps += 1;
        }
        if tracing {
            metrics.checks = search.board().checks();
            control.observe(&metrics, search.board().pairs());
        }
        if frames {
            let view = if restart {
                View::Restart
            } else {
                search.step_view()
            };
            control.frame(&Frame::full(search.board().columns(), metrics, view));
        }
    }
}
