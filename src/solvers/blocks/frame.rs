//! Frames: what a search shows at one moment of an animated replay, sent
//! through the trace observer ([`crate::solvers::Trace::frame`]) only when the
//! observer asks for them ([`crate::solvers::Control::frames_wanted`]). A frame is
//! the board (the column of each row's queen, or none), the work counters
//! so far, and the algorithm's own view of the step just made ([`View`]).
//! The replay module ([`crate::animate`]) collects and draws them.
//!
//! Building a frame never touches a counter or a random draw: the views
//! that show conflict counts compute them from the columns here
//! ([`square_conflicts`]), not through a solver's counting board.
//!
//! # Emitting frames from a new solver
//!
//! Ask once whether frames are wanted and build one only then, after each
//! step, with the counters as they stand after it:
//!
//! ```ignore
//! let frames = control.frames_wanted();
//! // ... one step of the search ...
//! if frames {
//!     control.frame(&Frame::new(board_rows, metrics, View::Test { .. }));
//! }
//! ```
//!
//! A backtracking search over rows sends [`View::Test`] for each value tried
//! (its row and column, whether it was consistent), [`View::Backtrack`] when
//! it leaves a row, with the rows above holding their queens and the rows
//! below empty (`None`); the occupancy arrays are optional
//! ([`Occupancy`]). Any other search can send [`View::Board`].

use serde::{Serialize, Serializer};

use crate::base::outcome::Metrics;

/// One moment of a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frame {
    /// Row by row, the column of the row's queen, or `None` for an empty
    /// row.
    pub board: Vec<Option<u32>>,
    /// The work counters at this moment.
    pub metrics: Metrics,
    /// What the algorithm did and sees.
    pub view: View,
}

impl Frame {
    /// A frame of `board` at `metrics` showing `view`.
    pub fn new(board: Vec<Option<u32>>, metrics: Metrics, view: View) -> Self {
        Self {
            board,
            metrics,
            view,
        }
    }

    /// A frame of a full board (one queen in every row).
    pub fn full(columns: &[u32], metrics: Metrics, view: View) -> Self {
        Self::new(columns.iter().map(|&c| Some(c)).collect(), metrics, view)
    }

    /// Whether this frame marks an event a sampled replay keeps: a start, a
    /// restart, a solution or the end.
    pub fn is_event(&self) -> bool {
        matches!(
            self.view,
            View::Start | View::Restart | View::End { .. } | View::Test { solution: true, .. }
        )
    }
}

/// The occupancy arrays of Wirth's search as Kuechmann draws them: whether
/// each column, each diagonal (`row - column + n`, `0..2n`) and each
/// anti-diagonal (`row + column`, `0..2n`) holds a queen. Serialized as
/// strings of `0` and `1`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Occupancy {
    /// Column `c` holds a queen.
    #[serde(serialize_with = "bits")]
    pub columns: Vec<bool>,
    /// Diagonal `row - column + n` holds a queen.
    #[serde(serialize_with = "bits")]
    pub diagonals: Vec<bool>,
    /// Anti-diagonal `row + column` holds a queen.
    #[serde(serialize_with = "bits")]
    pub anti_diagonals: Vec<bool>,
}

/// Writes flags as a string of `0` and `1`, one character each.
fn bits<S: Serializer>(flags: &[bool], serializer: S) -> Result<S::Ok, S::Error> {
    let text: String = flags.iter().map(|&f| if f { '1' } else { '0' }).collect();
    serializer.serialize_str(&text)
}

/// What one frame shows besides the board, one kind per algorithm family.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum View {
    /// The first board of the search.
    Start,
    /// A fresh board (or population) after a restart.
    Restart,
    /// A board the search produced, with nothing more to show.
    Board,
    /// Backtracking tested the square (`row`, `column`): `safe` when no
    /// queen attacks it (it is then placed), `solution` when that placed the
    /// last queen.
    Test {
        /// The row being filled.
        row: usize,
        /// The column tried.
        column: u32,
        /// No placed queen attacks the square.
        safe: bool,
        /// The queen placed completes a solution.
        solution: bool,
        /// The occupancy arrays after the test.
        #[serde(skip_serializing_if = "Option::is_none")]
        occupancy: Option<Occupancy>,
    },
    /// Backtracking left `row` after trying all its squares and lifted the
    /// queen of the row above from `column`.
    Backtrack {
        /// The row left.
        row: usize,
        /// The column of the queen lifted from the row above.
        column: u32,
        /// The occupancy arrays after the queen was lifted.
        #[serde(skip_serializing_if = "Option::is_none")]
        occupancy: Option<Occupancy>,
    },
    /// A repair moved the queen of `row` from column `from` to `to`;
    /// `conflicts[c]` is how many queens of the other rows attack square
    /// (`row`, `c`).
    Repair {
        /// The row repaired.
        row: usize,
        /// The queen's column before the repair.
        from: u32,
        /// The column chosen.
        to: u32,
        /// The attacks on every square of the row, the row's queen left out.
        conflicts: Vec<u32>,
    },
    /// Annealing proposed to put queens on `squares` (`[row, column]`; a
    /// swap names two, a single-queen move one), `accepted` or not, with
    /// energy change `delta` at `temperature`; `energy` is the attacking
    /// pairs after it.
    Anneal {
        /// The squares the proposed move lands on.
        squares: Vec<[u32; 2]>,
        /// Metropolis took the move.
        accepted: bool,
        /// The move's change of attacking pairs.
        delta: i64,
        /// The temperature the move was judged at.
        temperature: f64,
        /// Attacking pairs on the board after the step.
        energy: u64,
    },
    /// A genetic algorithm's generation: the board is its best individual;
    /// the spread of attacking pairs over the population.
    Generation {
        /// The fewest attacking pairs (the board shown).
        best: u64,
        /// The median attacking pairs.
        median: u64,
        /// The most attacking pairs.
        worst: u64,
        /// Individuals in the population.
        population: usize,
    },
    /// The outcome, added by the replay after the search: the board is the
    /// solution or the last board; the counters are the outcome's.
    End {
        /// Why the search stopped (`solved`, `budget_steps`, ...).
        stop_reason: &'static str,
    },
}

/// The view of a repair of `columns` that moved the queen of `row` from
/// column `from` to `to`: with the attacks on every square of that row
/// (the row a repair scans), computed here, not by the solver.
pub fn repair(columns: &[u32], (row, from, to): (usize, u32, u32)) -> View {
    View::Repair {
        row,
        from,
        to,
        conflicts: square_conflicts(columns, row),
    }
}

/// How many queens of rows other than `row` attack each square of `row`
/// on the board `columns` (queens in the same column or on the same
/// diagonal, whatever stands between). O(N²); for frames only, counts no
/// check.
pub fn square_conflicts(columns: &[u32], row: usize) -> Vec<u32> {
    let n = columns.len();
    (0..n as i64)
        .map(|c| {
            columns
                .iter()
                .enumerate()
                .filter(|&(r, &q)| {
                    let (dr, dc) = (r as i64 - row as i64, q as i64 - c);
                    r != row && (dc == 0 || dr.abs() == dc.abs())
                })
                .count() as u32
        })
        .collect()
}

/// The fewest, median and most of `values` (0s when empty).
pub fn spread(values: impl Iterator<Item = u64>) -> (u64, u64, u64) {
    let mut sorted: Vec<u64> = values.collect();
    sorted.sort_unstable();
    match (sorted.first(), sorted.last()) {
        (Some(&min), Some(&max)) => (min, sorted[sorted.len() / 2], max),
        _ => (0, 0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_conflicts_leave_the_row_out() {
        // The hand-made board of min-conflicts' test: [0, 1, 0, 2]; its row
        // scans, by hand, are row 0 [2, 1, 3, 0], row 1 [3, 2, 1, 0], row 2
        // [2, 2, 3, 1].
        let board = [0, 1, 0, 2];
        assert_eq!(square_conflicts(&board, 0), [2, 1, 3, 0]);
        assert_eq!(square_conflicts(&board, 1), [3, 2, 1, 0]);
        assert_eq!(square_conflicts(&board, 2), [2, 2, 3, 1]);
    }

    #[test]
    fn occupancy_is_written_as_bits() {
        let o = Occupancy {
            columns: vec![true, false],
            diagonals: vec![false, false, true, false],
            anti_diagonals: vec![false; 4],
        };
        let json = serde_json::to_string(&o).expect("serializes");
        assert_eq!(
            json,
            r#"{"columns":"10","diagonals":"0010","anti_diagonals":"0000"}"#
        );
    }

    #[test]
    fn spread_of_a_population() {
        assert_eq!(spread([5, 1, 3, 9].into_iter()), (1, 5, 9));
        assert_eq!(spread(std::iter::empty()), (0, 0, 0));
    }
}
