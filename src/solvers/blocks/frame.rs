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
    /// Row by row, the column of the row's queen, or `None` for a row
    /// that holds no queen (or, on a crowded board, several: see
    /// `queens`).
    pub board: Vec<Option<u32>>,
    /// Every queen as `[row, column]`, row-major, present only when some
    /// row holds several queens (the VulgaireDev blog's restarts crowd
    /// rows): `board` then names the rows that hold exactly one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queens: Option<Vec<[u32; 2]>>,
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
            queens: None,
            metrics,
            view,
        }
    }

    /// A frame of an N×N grid holding the `queens` (`[row, column]`,
    /// row-major), where a row may hold any number of them: `board` names
    /// the rows with exactly one, and the list is kept only when some row
    /// holds several.
    pub fn crowded(n: usize, queens: Vec<[u32; 2]>, metrics: Metrics, view: View) -> Self {
        let mut per_row = vec![0usize; n];
        let mut board = vec![None; n];
        for &[row, column] in &queens {
            per_row[row as usize] += 1;
            board[row as usize] = Some(column);
        }
        for (square, &count) in board.iter_mut().zip(&per_row) {
            if count != 1 {
                *square = None;
            }
        }
        let crowded = per_row.iter().any(|&count| count > 1);
        Self {
            board,
            queens: crowded.then_some(queens),
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
        /// A search that infers (forward checking, MAC): the squares
        /// `[row, column]` of the rows without a queen that its inference
        /// has ruled out, as they stand after the test.
        #[serde(skip_serializing_if = "Option::is_none")]
        pruned: Option<Vec<[u32; 2]>>,
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
    /// The VulgaireDev blog's repair lifted the queen of `row` from column
    /// `from` and put it back in column `to`; `threats[c]` is the blog's
    /// threat measure of square (`row`, `c`) once the queen was lifted
    /// (in how many of the eight directions it sees a queen, 0..=8, not a
    /// count of attackers), the measure its smarter repair minimises.
    BlogRepair {
        /// The row repaired.
        row: usize,
        /// The queen's column before the repair.
        from: u32,
        /// The column it was put back in.
        to: u32,
        /// The blog's threat measure of every square of the row.
        threats: Vec<u32>,
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
        /// The population's attacking pairs as `[pairs, individuals]`,
        /// ascending by pairs, values no individual has left out.
        histogram: Vec<[u64; 2]>,
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

/// The spread of a population's attacking pairs: the fewest, the median,
/// the most, and how many individuals hold each value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spread {
    /// The fewest (0 when empty).
    pub best: u64,
    /// The median, the upper one of an even count (0 when empty).
    pub median: u64,
    /// The most (0 when empty).
    pub worst: u64,
    /// `[value, individuals]`, ascending by value.
    pub histogram: Vec<[u64; 2]>,
}

/// The view of a generation of `population` individuals whose attacking
/// pairs spread as `spread`.
pub fn generation(spread: Spread, population: usize) -> View {
    View::Generation {
        best: spread.best,
        median: spread.median,
        worst: spread.worst,
        population,
        histogram: spread.histogram,
    }
}

/// The spread of `values`.
pub fn spread(values: impl Iterator<Item = u64>) -> Spread {
    let mut sorted: Vec<u64> = values.collect();
    sorted.sort_unstable();
    let mut histogram: Vec<[u64; 2]> = Vec::new();
    for &value in &sorted {
        match histogram.last_mut() {
            Some([last, count]) if *last == value => *count += 1,
            _ => histogram.push([value, 1]),
        }
    }
    match (sorted.first(), sorted.last()) {
        (Some(&best), Some(&worst)) => Spread {
            best,
            median: sorted[sorted.len() / 2],
            worst,
            histogram,
        },
        _ => Spread {
            best: 0,
            median: 0,
            worst: 0,
            histogram,
        },
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
        let s = spread([5, 1, 3, 9, 3].into_iter());
        assert_eq!((s.best, s.median, s.worst), (1, 3, 9));
        assert_eq!(s.histogram, [[1, 1], [3, 2], [5, 1], [9, 1]]);
        let empty = spread(std::iter::empty());
        assert_eq!((empty.best, empty.median, empty.worst), (0, 0, 0));
        assert!(empty.histogram.is_empty());
    }

    #[test]
    fn a_crowded_grid_lists_its_queens() {
        let queens = vec![[0, 1], [0, 3], [2, 0]];
        let f = Frame::crowded(4, queens.clone(), Metrics::default(), View::Board);
        assert_eq!(f.board, [None, None, Some(0), None]);
        assert_eq!(f.queens, Some(queens));
        // One queen per row: a plain board, no list.
        let plain = Frame::crowded(2, vec![[0, 1], [1, 0]], Metrics::default(), View::Board);
        assert_eq!(plain.board, [Some(1), Some(0)]);
        assert_eq!(plain.queens, None);
    }
}
