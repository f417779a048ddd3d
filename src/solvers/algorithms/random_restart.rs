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
//! (0 when no board was drawn).
//!
//! Trace: every board drawn is one observation, at its step and counters
//! (those of the search when the board was accepted or rejected), with its
//! attacking pairs, so the first observation is the first board (step 1)
//! and every new fewest is observed on the board that found it. A rejected
//! board's rows after the attacked queen are never drawn by the search; when
//! (and only when) a trace observer listens, they are drawn for it from a
//! stream of its own: a ChaCha8 generator with the trial generator's seed
//! (its key, read, not drawn) on another stream (the bitwise complement of
//! the search's), so the search's own draws, and every counter and
//! `final_conflicts`, are the same traced or not. A completed board is a
//! uniform draw as a whole board is, so the trace's boards have the
//! distribution of whole boards drawn one after another. The last board, whose rows are drawn from the search's own
//! generator when it stops (`final_conflicts`), is observed with those: the
//! trace ends on `final_conflicts`, or on 0 at a solution. A search stopped
//! before its first board observes nothing. The completion costs O(N) per
//! board (the rows drawn, then the pairs counted on line counts) and 4 bytes
//! per queen for the completed board plus 20 for the line counts, only when
//! tracing.
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
//! and a rejected board's trace point comes only once its rows are drawn.
//!
//! Instances (blocked squares, given queens, excluded diagonals:
//! [`crate::base::instance`]): taken, in both modes. A given queen always
//! stands in its given column (no draw), tested against the earlier rows
//! like any queen (one check).
//! - One column per row: every other row draws its column uniformly among
//!   its allowed ones ([`Domains::draw`]: one draw of `0..size`, none when
//!   a single column is allowed), so every board keeps to the instance and
//!   is a uniform draw among those that do.
//! - `permutation = true`: the rows without a given queen draw a uniformly
//!   random permutation of the columns no queen is given in (the same
//!   Fisher–Yates, one row at a time, over those rows and columns only), so
//!   every given queen keeps its column; a queen drawn on a blocked square
//!   is never placed and rejects the board with the rows before it (its
//!   one check reads whether the square is blocked; the rows from it on
//!   are completed as a rejected board's are). Each board is a uniform
//!   draw among the permutations that keep the given queens, accepted
//!   exactly when it keeps to the instance and is a solution; every board
//!   is a step, so the search ends with its budget however rare those are.
//!
//! A row without any allowed column makes the instance unsatisfiable,
//! which the search cannot prove: it runs out its budget
//! ([`crate::solvers::blocks::domains::idle`]).

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::base::board::{Placement, attacking_pairs};
use crate::base::instance::Instance;
use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::blocks::boards::{anti_diagonal, count_pairs, diagonal, lines};
use crate::solvers::blocks::domains::{self, Domains};
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

/// What the draws know of an instance: each row's domain and, for
/// permutations, the rows without a given queen (the places the
/// Fisher–Yates shuffle runs over).
struct InstanceRows {
    domains: Domains,
    /// Each row's place among the rows without a given queen, `u32::MAX`
    /// for a given row.
    place: Vec<u32>,
    /// The row at each place.
    rows: Vec<usize>,
}

impl InstanceRows {
    fn new(instance: &Instance) -> Self {
        let n = instance.n();
        let rows: Vec<usize> = (0..n).filter(|&r| instance.given(r).is_none()).collect();
        let mut place = vec![u32::MAX; n];
        for (k, &r) in rows.iter().enumerate() {
            place[r] = k as u32;
        }
        Self {
            domains: Domains::new(instance),
            place,
            rows,
        }
    }

    /// The first permutation: every given queen in its column, the other
    /// columns over the other rows in increasing order.
    fn permutation(&self, instance: &Instance) -> Vec<u32> {
        let n = instance.n();
        let mut columns = vec![0; n];
        let mut given = vec![false; n];
        for (r, c) in instance.given_queens() {
            columns[r as usize] = c;
            given[c as usize] = true;
        }
        let free = (0..n as u32).filter(|&c| !given[c as usize]);
        for (&r, c) in self.rows.iter().zip(free) {
            columns[r] = c;
        }
        columns
    }
}

/// Draws boards, one row at a time, and marks the lines their queens occupy.
struct BoardDraw {
    permutation: bool,
    /// The instance's rows; `None` on the plain board.
    instance: Option<InstanceRows>,
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
    fn new(n: usize, permutation: bool, instance: Option<&Instance>) -> Self {
        let rows = instance.map(InstanceRows::new);
        let columns = match (&rows, instance) {
            (Some(rows), Some(instance)) if permutation => rows.permutation(instance),
            _ => (0..n as u32).collect(),
        };
        Self {
            permutation,
            instance: rows,
            columns,
            column_mark: vec![0; n],
            diagonal_mark: vec![0; lines(n)],
            anti_mark: vec![0; lines(n)],
        }
    }

    /// Draws the column of `row`.
    fn draw(&mut self, row: usize, rng: &mut ChaCha8Rng) -> u32 {
        draw_row(
            &mut self.columns,
            row,
            self.permutation,
            self.instance.as_ref(),
            rng,
        )
    }

    /// Whether a permutation's queen of `row` drawn in `column` would stand
    /// on a square the instance blocks (never on the plain board, nor with
    /// one column per row, which draws in the allowed columns).
    fn blocked(&self, row: usize, column: u32) -> bool {
        self.permutation
            && self
                .instance
                .as_ref()
                .is_some_and(|rows| !rows.domains.allows(row, column))
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

/// Draws the column of `row` of `columns` from `rng`: uniformly in `0..N`,
/// or, for a permutation, by one Fisher–Yates swap with a row at or after it
/// (the rows after the drawn ones hold the columns not yet used). On an
/// instance: uniformly in the row's domain, or, for a permutation, by one
/// swap with a row without a given queen at or after it (a given row keeps
/// its column, no draw).
fn draw_row(
    columns: &mut [u32],
    row: usize,
    permutation: bool,
    instance: Option<&InstanceRows>,
    rng: &mut ChaCha8Rng,
) -> u32 {
    let n = columns.len() as u32;
    match instance {
        None if permutation => {
            let other = rng.random_range(row as u32..n) as usize;
            columns.swap(row, other);
        }
        None => columns[row] = rng.random_range(0..n),
        Some(rows) if permutation => {
            let k = rows.place[row];
            if k != u32::MAX {
                let other = rng.random_range(k..rows.rows.len() as u32) as usize;
                columns.swap(row, rows.rows[other]);
            }
        }
        Some(rows) => columns[row] = rows.domains.draw(row, rng),
    }
    columns[row]
}

/// The trace's completion of rejected boards (see the module header): its
/// own stream, never the search's, and a copy of the board to complete.
struct Completion {
    rng: ChaCha8Rng,
    board: Vec<u32>,
    scratch: Vec<u32>,
}

impl Completion {
    /// A completion drawing from `search`'s seed on another stream (read
    /// from `search`'s key and stream; none of its output is consumed).
    fn new(search: &ChaCha8Rng) -> Self {
        let mut rng = ChaCha8Rng::from_seed(search.get_seed());
        rng.set_stream(!search.get_stream());
        Self {
            rng,
            board: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The attacking pairs of the board whose first `drawn` rows `draw`
    /// holds, its other rows drawn from the trace's stream; `draw` itself
    /// is left as it is (with permutations, the order of its unused columns
    /// steers the search's next board).
    fn pairs(&mut self, draw: &BoardDraw, drawn: usize) -> u64 {
        self.board.clone_from(&draw.columns);
        for row in drawn..self.board.len() {
            draw_row(
                &mut self.board,
                row,
                draw.permutation,
                draw.instance.as_ref(),
                &mut self.rng,
            );
        }
        count_pairs(&self.board, &mut self.scratch)
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
        let instance = control.instance().filter(|i| !i.is_plain());
        if instance.is_some_and(|i| Domains::new(i).hopeless()) {
            return domains::idle(n, control);
        }
        let mut metrics = Metrics::default();
        let mut draw = BoardDraw::new(n, self.permutation, instance);
        // Rows drawn of the last board.
        let mut drawn = 0;
        let frames = control.frames_wanted();
        let mut completion = control.tracing().then(|| Completion::new(rng));
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
                    if control.tracing() {
                        control.observe(&metrics, pairs);
                    }
                }
                metrics.final_conflicts = Some(pairs);
                return Outcome::unsolved(metrics, reason);
            }
            // The board before this one was rejected and goes on: the trace
            // sees it completed from its own stream, at its counters.
            if let Some(completion) = completion.as_mut().filter(|_| metrics.steps > 0) {
                control.observe(&metrics, completion.pairs(&draw, drawn));
            }
            metrics.steps += 1;
            metrics.restarts = metrics.steps - 1;
            let board = metrics.steps;
            let mut accepted = true;
            drawn = n;
            for row in 0..n {
                let column = draw.draw(row, rng);
                metrics.checks += 1;
                if draw.blocked(row, column) {
                    // Never placed: the board is rejected with the rows
                    // before it.
                    accepted = false;
                    drawn = row;
                    break;
                }
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
    /// bytes per queen. A traced search holds 24 more per queen (the
    /// trace's completed board and its line counts), as every trace's
    /// rows, outside the search's estimate.
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

    /// Both modes draw boards that keep the given queens (the header says
    /// how): they take instances.
    fn instance_refused(&self) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Trace;

    /// Keeps every observation: the counters and the attacking pairs.
    #[derive(Default)]
    struct Recorder(Vec<(Metrics, u64)>);

    impl Trace for Recorder {
        fn record(&mut self, metrics: &Metrics, conflicts: u64) {
            self.0.push((*metrics, conflicts));
        }
    }

    /// Runs `settings` on N×N from `seed` under `budget`, traced or not.
    fn run(
        settings: Settings,
        n: usize,
        seed: u64,
        budget: Budget,
        trace: Option<&mut Recorder>,
    ) -> Outcome {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut control = Control::new(budget);
        if let Some(trace) = trace {
            control = control.with_trace(trace);
        }
        settings.solve(n, &mut rng, &mut control)
    }

    /// How many of the boards with one queen per row (all N^N, or the N!
    /// permutations) have each number of attacking pairs, by enumeration.
    fn exact_distribution(n: usize, permutation: bool) -> Vec<u64> {
        let mut counts = vec![0u64; n * (n - 1) / 2 + 1];
        let mut board = vec![0u32; n];
        loop {
            let distinct = {
                let mut seen = vec![false; n];
                board
                    .iter()
                    .all(|&c| !std::mem::replace(&mut seen[c as usize], true))
            };
            if !permutation || distinct {
                counts[attacking_pairs(&board) as usize] += 1;
            }
            // The next board in odometer order; done after the last.
            let Some(row) = board.iter().rposition(|&c| c + 1 < n as u32) else {
                return counts;
            };
            board[row] += 1;
            board[row + 1..].fill(0);
        }
    }

    #[test]
    fn the_enumeration_matches_hand_counts() {
        // N = 4: 2 of 256 boards and 2 of 24 permutations are solutions;
        // all 6 pairs attack on one line: one of the 4 columns or of the 2
        // long diagonals.
        let all = exact_distribution(4, false);
        assert_eq!((all[0], all[6], all.iter().sum::<u64>()), (2, 6, 256));
        let permutations = exact_distribution(4, true);
        assert_eq!((permutations[0], permutations.iter().sum::<u64>()), (2, 24));
        // A permutation on the main diagonal: all 6 pairs on one line.
        assert_eq!(permutations[6], 2);
    }

    #[test]
    fn the_trace_sees_every_board_from_the_first_and_ends_on_the_outcome() {
        for permutation in [false, true] {
            let settings = Settings { permutation };
            // N = 8 rarely solves within 500 boards; N = 5 often does.
            for (n, seed) in [(8, 1), (5, 2), (5, 3)] {
                let budget = Budget::steps(500);
                let plain = run(settings, n, seed, budget, None);
                let mut recorder = Recorder::default();
                let traced = run(settings, n, seed, budget, Some(&mut recorder));
                let what = format!("permutation={permutation} n={n} seed={seed}");
                assert_eq!(traced, plain, "{what}: the trace steers nothing");
                let steps: Vec<u64> = recorder.0.iter().map(|(m, _)| m.steps).collect();
                let expected: Vec<u64> = (1..=plain.metrics.steps).collect();
                assert_eq!(steps, expected, "{what}: one observation per board");
                let (first, _) = recorder.0[0];
                assert!(
                    (1..=n as u64).contains(&first.checks),
                    "{what}: the first board's checks, {}",
                    first.checks
                );
                let (last, pairs) = *recorder.0.last().expect("observed");
                assert_eq!(
                    (last.steps, last.checks),
                    (plain.metrics.steps, plain.metrics.checks),
                    "{what}"
                );
                assert_eq!(pairs == 0, plain.is_solved(), "{what}");
                assert_eq!(plain.metrics.final_conflicts.unwrap_or(0), pairs, "{what}");
            }
        }
        // Stopped before any board: nothing was seen.
        let mut recorder = Recorder::default();
        run(
            Settings { permutation: false },
            8,
            0,
            Budget::steps(0),
            Some(&mut recorder),
        );
        assert!(recorder.0.is_empty());
    }

    #[test]
    fn the_traced_boards_have_the_exact_distribution_of_random_boards() {
        // Rejected boards only (those observed with pairs): each is a
        // uniform draw among the boards that are not solutions, whatever
        // the trial's number of boards, so their counts are multinomial.
        for (n, permutation) in [(5, false), (6, true)] {
            let exact = exact_distribution(n, permutation);
            let rejected: u64 = exact[1..].iter().sum();
            let mut observed = vec![0u64; exact.len()];
            // About 300 (N = 5) and 180 (N = 6 permutations) boards a trial.
            for seed in 0..150 {
                let mut recorder = Recorder::default();
                let o = run(
                    Settings { permutation },
                    n,
                    seed,
                    Budget::steps(2_000),
                    Some(&mut recorder),
                );
                let rejected_boards = o.metrics.steps - u64::from(o.is_solved());
                let seen = recorder.0.iter().filter(|(_, p)| *p > 0);
                assert_eq!(seen.clone().count() as u64, rejected_boards, "seed {seed}");
                for &(_, pairs) in seen {
                    observed[pairs as usize] += 1;
                }
            }
            let m = observed.iter().sum::<u64>() as f64;
            assert!(m > 20_000.0, "n={n}: {m} boards");
            for pairs in 1..exact.len() {
                let q = exact[pairs] as f64 / rejected as f64;
                let (mean, sd) = (m * q, (m * q * (1.0 - q)).sqrt());
                // Four standard deviations of a binomial count, for each of
                // at most 15 classes: a false alarm rate below 1e-3.
                assert!(
                    (observed[pairs] as f64 - mean).abs() <= 4.0 * sd,
                    "n={n} permutation={permutation}: {} boards with {pairs} pairs, expected {mean:.1} ± {sd:.1}",
                    observed[pairs]
                );
            }
        }
    }
}
