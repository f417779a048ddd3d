//! Instrumented backtracking after Niklaus Wirth (*Algorithms + Data
//! Structures = Programs*, 1976), counted as F. C. Kuechmann counts it ("The
//! Eight Queens Problem", MacTech 13(12), 1997); the BlitzMax forum tutorial
//! (TomToad, 2008), the "Solving the N Queens puzzle via backtracking" blog
//! post and Hesham's series "The Eight Queens Problem" describe the same
//! search.
//!
//! Choices: one queen per row, rows filled top to bottom, the squares of a row
//! tried left to right, three occupancy arrays (columns, `row - column`
//! diagonals, `row + column` anti-diagonals). The search is iterative, so no
//! board size can overflow the stack, and it can pause at each solution.
//!
//! Counters, exactly as Kuechmann 1997 defines its "moves":
//! - a *test* is every square tried in a row, safe or not — the square that
//!   completes a solution included;
//! - a *backtrack* is leaving a row after all of its squares were tried, for
//!   every row except the first (leaving the first row ends the search).
//!
//! With these, N = 8 gives 876 tests and 105 backtracks to the first solution,
//! 14,852 and 1,852 to the 92nd, and 15,720 and 1,964 for the exhaustive search.
//! `steps` and `checks` both equal `tests`: each test reads the three
//! occupancy flags of one square, one check as defined at
//! [`crate::base::outcome::Metrics::checks`]; a backtrack reads nothing.
//!
//! Trace: an exact search holds partial placements, which never hold an
//! attack, so no board of it has conflicts to count until it is complete.
//! A trace observer gets one point, 0 attacking pairs, when the search
//! ends solved, at its final counters: at the first solution, or, for
//! `mode = exhaustive`, at the end of the whole tree (a search stopped
//! after finding solutions is unsolved and leaves no point). An unsolved
//! search leaves none.

use rand::rngs::ChaCha8Rng;

use crate::base::board::Placement;
use crate::base::instance::Instance;
use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::blocks::frame::{Frame, Occupancy, View};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, ParamKind, ParamSpec, Params, unhandled_word};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver, StopReason};

/// Kuechmann's move counters at one moment of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCount {
    /// Squares tried so far.
    pub tests: u64,
    /// Rows left (other than the first) after trying all their squares.
    pub backtracks: u64,
}

/// Wirth's search over one board (the plain one, or an instance's
/// allowed squares), pausable at each solution.
pub struct WirthSearch<'i> {
    n: usize,
    /// The instance searched, `None` for the plain board.
    instance: Option<&'i Instance>,
    /// Column of the queen in each row above the current one.
    queens: Vec<u32>,
    /// Next column to try in each row.
    next: Vec<u32>,
    column_taken: Vec<bool>,
    diagonal_taken: Vec<bool>,
    anti_taken: Vec<bool>,
    row: usize,
    moves: MoveCount,
    finished: bool,
}

/// What [`WirthSearch::next_solution`] ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// A solution, found after the counted moves.
    Solution(Placement),
    /// Every square was tried: no further solution exists.
    Exhausted,
    /// The control said stop, for this reason.
    Stopped(StopReason),
}

impl WirthSearch<'static> {
    /// A search of the plain N×N board, before any move.
    pub fn new(n: usize) -> Self {
        WirthSearch::over(n, None)
    }
}

impl<'i> WirthSearch<'i> {
    /// A search of the `instance`'s allowed squares (its size is N), before
    /// any move.
    pub fn on(instance: &'i Instance) -> Self {
        WirthSearch::over(instance.n(), Some(instance))
    }

    /// A search of the N×N board restricted to `instance`'s squares, if
    /// one is given (it must be N×N).
    fn over(n: usize, instance: Option<&'i Instance>) -> Self {
        let mut search = Self {
            n,
            instance,
            queens: vec![0; n],
            next: vec![0; n],
            column_taken: vec![false; n],
            diagonal_taken: vec![false; 2 * n],
            anti_taken: vec![false; 2 * n],
            row: 0,
            moves: MoveCount::default(),
            finished: n == 0,
        };
        if n > 0 {
            search.next[0] = search.first_square(0, 0);
        }
        search
    }

    /// The first square of `row` at or right of `from` that the search may
    /// try: `from` itself on the plain board; on an instance the next
    /// allowed column (the given queen's column, in a row with one), or N
    /// when none is left. Reads the instance's mask only: not a test.
    fn first_square(&self, row: usize, from: u32) -> u32 {
        let Some(instance) = self.instance else {
            return from;
        };
        let n = self.n as u32;
        match instance.given(row) {
            Some(column) if column >= from => column,
            Some(_) => n,
            None => (from..n)
                .find(|&c| instance.is_allowed(row, c))
                .unwrap_or(n),
        }
    }

    /// The counters so far.
    pub fn moves(&self) -> MoveCount {
        self.moves
    }

    /// The counters as solver metrics.
    pub fn metrics(&self) -> Metrics {
        Metrics {
            steps: self.moves.tests,
            checks: self.moves.tests,
            tests: self.moves.tests,
            backtracks: self.moves.backtracks,
            ..Metrics::default()
        }
    }

    /// The board with the queens of the first `filled` rows, the rest empty.
    fn board(&self, filled: usize) -> Vec<Option<u32>> {
        (0..self.n)
            .map(|r| (r < filled).then_some(self.queens[r]))
            .collect()
    }

    /// The three occupancy arrays as they stand.
    fn occupancy(&self) -> Occupancy {
        Occupancy {
            columns: self.column_taken.clone(),
            diagonals: self.diagonal_taken.clone(),
            anti_diagonals: self.anti_taken.clone(),
        }
    }

    /// Sends the frame of the test of (`row`, `column`), made just now.
    fn test_frame(&self, control: &mut Control<'_>, row: usize, column: usize, safe: bool) {
        let view = View::Test {
            row,
            column: column as u32,
            safe,
            solution: safe && row + 1 == self.n,
            occupancy: Some(self.occupancy()),
            pruned: None,
        };
        let filled = if safe { row + 1 } else { row };
        control.frame(&Frame::new(self.board(filled), self.metrics(), view));
    }

    fn set(&mut self, row: usize, column: usize, taken: bool) {
        self.column_taken[column] = taken;
        self.diagonal_taken[row + self.n - column] = taken;
        self.anti_taken[row + column] = taken;
    }

    /// Continues the search to the next solution, the end of the search, or a
    /// stop ordered by `control`. Step and check budgets stop it exactly at the
    /// limit; the clock and interrupt flag are consulted every 1024 tests.
    pub fn next_solution(&mut self, control: &mut Control<'_>) -> SearchEvent {
        let n = self.n;
        // Consulted every 1024 tests, so the clock is read on every consultation.
        control.set_poll_interval(1);
        let frames = control.frames_wanted();
        let budget = control.budget();
        let exact_limit = budget
            .max_steps
            .unwrap_or(u64::MAX)
            .min(budget.max_checks.unwrap_or(u64::MAX));
        while !self.finished {
            let row = self.row;
            let column = self.next[row] as usize;
            if column == n {
                if row == 0 {
                    self.finished = true;
                    break;
                }
                self.moves.backtracks += 1;
                self.row -= 1;
                let left = self.queens[self.row] as usize;
                self.set(self.row, left, false);
                if frames {
                    let view = View::Backtrack {
                        row,
                        column: left as u32,
                        occupancy: Some(self.occupancy()),
                    };
                    control.frame(&Frame::new(self.board(self.row), self.metrics(), view));
                }
                continue;
            }
            if (self.moves.tests >= exact_limit || self.moves.tests.is_multiple_of(1024))
                && let Some(reason) = control.stop_reason(&self.metrics())
            {
                return SearchEvent::Stopped(reason);
            }
            self.moves.tests += 1;
            self.next[row] = self.first_square(row, column as u32 + 1);
            let safe = !self.column_taken[column]
                && !self.diagonal_taken[row + n - column]
                && !self.anti_taken[row + column];
            if !safe {
                if frames {
                    self.test_frame(control, row, column, false);
                }
                continue;
            }
            self.queens[row] = column as u32;
            if row + 1 == n {
                if frames {
                    self.test_frame(control, row, column, true);
                }
                return SearchEvent::Solution(Placement::new(self.queens.clone()));
            }
            self.set(row, column, true);
            if frames {
                self.test_frame(control, row, column, true);
            }
            self.row += 1;
            self.next[self.row] = self.first_square(self.row, 0);
        }
        SearchEvent::Exhausted
    }
}

/// How far the `backtracking` solver searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Search the whole tree; report the first solution and the totals.
    Exhaustive,
}

/// The settings of a `backtracking` run, which is also its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How far it searches (`mode`).
    pub mode: Mode,
}

impl Solver for Settings {
    fn solve(&self, n: usize, _rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        // The plan and `queens solve` give an instance of the trial's size
        // only; were one of another size given, the plain board would be
        // searched and the trial path's check would refuse its solution.
        let instance = control.instance().filter(|i| i.n() == n);
        let mut search = WirthSearch::over(n, instance);
        let mut first = None;
        let mut solutions = 0;
        let stop = loop {
            match search.next_solution(control) {
                SearchEvent::Solution(p) => {
                    solutions += 1;
                    first.get_or_insert(p);
                    if self.mode == Mode::First {
                        break None;
                    }
                }
                SearchEvent::Exhausted => break None,
                SearchEvent::Stopped(reason) => break Some(reason),
            }
        };
        let mut metrics = search.metrics();
        metrics.solutions = solutions;
        // The partial placement it ends with never holds an attack.
        metrics.final_conflicts = Some(0);
        // A stopped search is unsolved even if an exhaustive one had found
        // solutions: it did not finish what it was asked to do.
        match (first, stop) {
            (_, Some(reason)) => Outcome::unsolved(metrics, reason),
            (Some(p), None) => {
                if control.tracing() {
                    control.observe(&metrics, 0);
                }
                Outcome::solved(p, metrics)
            }
            (None, None) => Outcome::unsolved(metrics, StopReason::Exhausted),
        }
    }
}

const PARAMS: &[ParamSpec] = &[ParamSpec {
    name: "mode",
    kind: ParamKind::Choice(&["first", "exhaustive"]),
    default: "first",
    help: "stop at the first solution, or search the whole tree (counts every solution)",
}];

/// Reads the `mode` parameter.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    let mode = match params.word("mode")? {
        "first" => Mode::First,
        "exhaustive" => Mode::Exhaustive,
        other => return Err(unhandled_word("mode", other)),
    };
    Ok(Settings { mode })
}

impl Configured for Settings {
    /// Queens and next columns (`u32`), three occupancy arrays (5 bytes per
    /// queen) and the solution found (`u32`): 17 bytes per queen.
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::per_queen(
            n,
            17,
            "use construction or min-conflicts variant=fast for large N",
        )
    }

    fn never_restarts(&self) -> Option<&'static str> {
        Some("an exact search never restarts")
    }

    fn never_evaluates(&self) -> Option<&'static str> {
        Some("a tree search places queens one at a time and never evaluates a whole board")
    }

    /// Every mode searches an instance's allowed squares (see the header).
    fn instance_refused(&self) -> Option<String> {
        None
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "backtracking",
    summary: "Wirth's backtracking: one queen per row, squares in order, three occupancy arrays; counts Kuechmann's tests and backtracks",
    source: "N. Wirth, Algorithms + Data Structures = Programs (1976); F. C. Kuechmann, \"The Eight Queens Problem\", MacTech 13(12) (1997)",
    citation: "Wirth 1976; Kuechmann 1997 (MacTech)",
    step: "one square tested",
    checks: &[CheckCount {
        variant: None,
        counts: "1 per square tested (= `tests`)",
    }],
    params: PARAMS,
    variants: &[],
    default_budget: Budget::UNLIMITED,
    settings: |params| boxed(settings(params)),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::validate;

    fn all(n: usize) -> (Vec<(MoveCount, Placement)>, MoveCount) {
        let mut search = WirthSearch::new(n);
        let mut control = Control::new(Budget::UNLIMITED);
        let mut found = Vec::new();
        while let SearchEvent::Solution(p) = search.next_solution(&mut control) {
            found.push((search.moves(), p));
        }
        (found, search.moves())
    }

    #[test]
    fn kuechmann_figures_for_eight_queens() {
        let (found, total) = all(8);
        assert_eq!(found.len(), 92);
        let first = found[0].0;
        let last = found[91].0;
        assert_eq!((first.tests, first.backtracks), (876, 105));
        assert_eq!((last.tests, last.backtracks), (14_852, 1_852));
        assert_eq!((total.tests, total.backtracks), (15_720, 1_964));
        assert_eq!(found[0].1.columns(), &[0, 4, 7, 5, 2, 6, 1, 3]);
        for (_, p) in &found {
            assert_eq!(validate(p.columns()), Ok(()));
        }
    }

    #[test]
    fn boards_without_solutions_are_exhausted() {
        // N = 2 by hand: (0,0) safe, (1,0) and (1,1) attacked, backtrack;
        // (0,1) safe, (1,0) and (1,1) attacked, backtrack: 6 tests, 2 backtracks.
        for (n, tests, backtracks) in [(2, 6, 2), (3, 18, 5)] {
            let (found, total) = all(n);
            assert!(found.is_empty());
            assert_eq!(total, MoveCount { tests, backtracks }, "n = {n}");
        }
    }

    /// Every solution of `instance` with the counters at the end.
    fn all_on(instance: &Instance) -> (Vec<(MoveCount, Placement)>, MoveCount) {
        let mut search = WirthSearch::on(instance);
        let mut control = Control::new(Budget::UNLIMITED);
        let mut found = Vec::new();
        while let SearchEvent::Solution(p) = search.next_solution(&mut control) {
            found.push((search.moves(), p));
        }
        (found, search.moves())
    }

    #[test]
    fn blocked_squares_are_never_tested() {
        use crate::base::instance::Origin;
        // 4×4 with (0, 0) and (0, 1) blocked: row 0 tries column 2 alone
        // first; (1, 0) is safe; row 2 tests 0, 1, 2 (attacked) and 3
        // (safe); row 3 tests 0 (attacked) and 1: [2, 0, 3, 1] after
        // 1 + 1 + 4 + 2 = 8 tests, no backtrack.
        let blocked =
            Instance::build(4, &[(0, 0), (0, 1)], &[], &[], Origin::Plain).expect("valid");
        let (found, _) = all_on(&blocked);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.columns(), &[2, 0, 3, 1]);
        assert_eq!(
            found[0].0,
            MoveCount {
                tests: 8,
                backtracks: 0
            }
        );
        // A given queen at (2, 0): row 2 tries column 0 alone. Row 0 tries
        // 0: row 1 tests 0, 1, 2 (safe: row 2's column 0 is taken, one
        // test, backtrack), then 3 (safe: row 2 again, backtrack), leaves
        // (backtrack); row 0 tries 1: row 1 tests 0..3 (3 safe), row 2
        // tests 0 (safe), row 3 tests 0, 1, 2 (safe): 2 + 4 + 1 + 1 + 4 +
        // 1 + 3 = 16 tests, 3 backtracks, [1, 3, 0, 2].
        let given = Instance::build(4, &[], &[(2, 0)], &[], Origin::Plain).expect("valid");
        let (found, total) = all_on(&given);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.columns(), &[1, 3, 0, 2]);
        assert_eq!(
            found[0].0,
            MoveCount {
                tests: 16,
                backtracks: 3
            }
        );
        assert!(total.tests > 16);
    }

    #[test]
    fn an_instance_without_a_solution_is_exhausted() {
        use crate::base::instance::Origin;
        // The 4×4 board's solutions put row 0's queen in column 1 or 2.
        let none = Instance::build(4, &[(0, 1), (0, 2)], &[], &[], Origin::Plain).expect("valid");
        let settings = Settings { mode: Mode::First };
        let mut control = Control::new(Budget::UNLIMITED).with_instance(&none);
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        let outcome = settings.solve(4, &mut rng, &mut control);
        assert_eq!(outcome.stop_reason, StopReason::Exhausted);
        assert!(outcome.solution.is_none());
        // Row 0 tries columns 0 and 3 only.
        let (found, total) = all_on(&none);
        assert!(found.is_empty());
        let plain = all(4).1;
        assert!(total.tests < plain.tests, "{total:?} {plain:?}");
        let exhaustive = Settings {
            mode: Mode::Exhaustive,
        };
        let one = Instance::build(4, &[(0, 1)], &[], &[], Origin::Plain).expect("valid");
        let mut control = Control::new(Budget::UNLIMITED).with_instance(&one);
        let outcome = exhaustive.solve(4, &mut rng, &mut control);
        assert_eq!(outcome.metrics.solutions, 1);
        assert_eq!(
            outcome.solution.as_ref().map(Placement::columns),
            Some(&[2, 0, 3, 1][..])
        );
    }

    #[test]
    fn step_budget_stops_the_search() {
        let mut search = WirthSearch::new(8);
        let mut control = Control::new(Budget::steps(100));
        assert_eq!(
            search.next_solution(&mut control),
            SearchEvent::Stopped(StopReason::BudgetSteps)
        );
        assert_eq!(search.moves().tests, 100);
    }
}
