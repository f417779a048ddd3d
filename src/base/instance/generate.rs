//! The random generators of Gent, Jefferson and Nightingale ("Complexity
//! of n-Queens Completion", JAIR 59, 2017), as published in CSPLib
//! (problems 079 and 080), rewritten over our seeded ChaCha8 generator:
//!
//! - **Blocked** (`blocked-gen.py`): visit the N² squares in a random
//!   order and block each whose row and column both keep more than
//!   `min_free` allowed squares, until `blocks` are blocked.
//! - **Completion** (`queens-gen-fast.py`): place `queens` queens one at a
//!   time in random distinct rows and columns, a column taken only when
//!   neither of its diagonals is; a placement that runs out of columns
//!   starts again (at most [`COMPLETION_ATTEMPTS`] times).
//! - **Excluded diagonals** (`queens-diag-gen.py`): visit the 4N − 2
//!   diagonals in a random order and exclude each whose squares leave
//!   every row and column they cross at least `min_free` allowed squares,
//!   until `diagonals` are excluded.
//!
//! Same choices as the scripts, not the same draws: an instance is fixed
//! by our seed, not by Python's.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;

use super::source::Generator;
use super::{Diagonal, Instance, InstanceError, MAX_INSTANCE_N, Origin};

/// How many times the completion generator starts again before it says
/// the queens do not fit.
pub const COMPLETION_ATTEMPTS: u32 = 1000;

/// Why a generator could not make an instance.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The parameters ask for more than the board can hold.
    #[error("{generator} at N = {n}: {reason}")]
    Impossible {
        /// The generator and its parameters.
        generator: Generator,
        /// The board size.
        n: u64,
        /// What cannot be done and what to do instead.
        reason: String,
    },
    /// The board is too large for an instance.
    #[error(transparent)]
    Instance(#[from] InstanceError),
    /// A directory has no file for this trial.
    #[error("the instance directory has no file for trial {trial} at N = {n}")]
    NoFile {
        /// The board size.
        n: u64,
        /// The trial index.
        trial: u64,
    },
}

/// The instance `generator` makes at size `n` from `seed`.
pub fn generate(n: u64, generator: Generator, seed: u64) -> Result<Instance, GenerateError> {
    let size = usize::try_from(n)
        .ok()
        .filter(|&s| (1..=MAX_INSTANCE_N).contains(&s))
        .ok_or(InstanceError::Size {
            n: usize::try_from(n).unwrap_or(usize::MAX),
        })?;
    let impossible = |reason: String| GenerateError::Impossible {
        generator,
        n,
        reason,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let origin = Origin::Generated { generator, seed };
    match generator {
        Generator::Blocked { blocks, min_free } => {
            if min_free > n {
                return Err(impossible(format!(
                    "min_free = {min_free} is more than the {n} squares of a row: give at most {n}"
                )));
            }
            let most = n * (n - min_free);
            if blocks > most {
                return Err(impossible(format!(
                    "{blocks} blocks cannot leave {min_free} free squares in each of {n} rows: give at most {most} blocks"
                )));
            }
            let mut squares: Vec<(u64, u64)> =
                (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
            squares.shuffle(&mut rng);
            let mut row_free = vec![n; size];
            let mut column_free = vec![n; size];
            let mut chosen = Vec::with_capacity(blocks as usize);
            for (r, c) in squares {
                if chosen.len() as u64 == blocks {
                    break;
                }
                if row_free[r as usize] > min_free && column_free[c as usize] > min_free {
                    row_free[r as usize] -= 1;
                    column_free[c as usize] -= 1;
                    chosen.push((r, c));
                }
            }
            if (chosen.len() as u64) < blocks {
                return Err(impossible(format!(
                    "the random order left only {} squares blockable with {min_free} free in every row and column (seed {seed}): give fewer blocks",
                    chosen.len()
                )));
            }
            Ok(Instance::build(size, &chosen, &[], &[], origin)?)
        }
        Generator::Completion { queens } => {
            if queens > n {
                return Err(impossible(format!(
                    "{queens} queens do not fit in {n} rows: give at most {n}"
                )));
            }
            for _ in 0..COMPLETION_ATTEMPTS {
                if let Some(placed) = place_queens(size, queens as usize, &mut rng) {
                    return Ok(Instance::build(size, &[], &placed, &[], origin)?);
                }
            }
            Err(impossible(format!(
                "no placement of {queens} non-attacking queens was found in {COMPLETION_ATTEMPTS} random attempts: give fewer queens"
            )))
        }
        Generator::Diagonals {
            diagonals,
            min_free,
        } => {
            let all = 4 * n - 2;
            if diagonals > all {
                return Err(impossible(format!(
                    "the board has {all} diagonals: give at most {all}"
                )));
            }
            let mut order: Vec<Diagonal> = (0..2 * size as u32 - 1)
                .flat_map(|d| [Diagonal::Sum(d), Diagonal::Difference(d)])
                .collect();
            order.shuffle(&mut rng);
            let mut blocked = vec![false; size * size];
            let mut row_free = vec![n; size];
            let mut column_free = vec![n; size];
            let mut excluded = Vec::with_capacity(diagonals as usize);
            for d in order {
                if excluded.len() as u64 == diagonals {
                    break;
                }
                let squares: Vec<(usize, usize)> = (0..size as u32)
                    .filter_map(|r| d.column_in_row(r, size).map(|c| (r as usize, c as usize)))
                    .filter(|&(r, c)| !blocked[r * size + c])
                    .collect();
                // Squares of one diagonal lie in distinct rows and columns.
                let keeps = squares
                    .iter()
                    .all(|&(r, c)| row_free[r] > min_free && column_free[c] > min_free);
                if keeps {
                    for (r, c) in squares {
                        blocked[r * size + c] = true;
                        row_free[r] -= 1;
                        column_free[c] -= 1;
                    }
                    excluded.push(d);
                }
            }
            if (excluded.len() as u64) < diagonals {
                return Err(impossible(format!(
                    "only {} diagonals could be excluded keeping {min_free} free squares in every row and column (seed {seed}): give fewer diagonals or a smaller min_free",
                    excluded.len()
                )));
            }
            Ok(Instance::build(size, &[], &[], &excluded, origin)?)
        }
    }
}

/// `queens` non-attacking queens in random distinct rows and columns, or
/// `None` when a queen found no column.
fn place_queens(n: usize, queens: usize, rng: &mut ChaCha8Rng) -> Option<Vec<(u64, u64)>> {
    let mut rows: Vec<usize> = (0..n).collect();
    rows.shuffle(rng);
    let mut columns: Vec<usize> = (0..n).collect();
    columns.shuffle(rng);
    let mut sums = vec![false; 2 * n];
    let mut differences = vec![false; 2 * n];
    let mut placed = Vec::with_capacity(queens);
    for &r in &rows[..queens] {
        let i = columns
            .iter()
            .position(|&c| !sums[r + c] && !differences[r + n - c])?;
        let c = columns.swap_remove(i);
        sums[r + c] = true;
        differences[r + n - c] = true;
        placed.push((r as u64, c as u64));
    }
    Some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::validate;

    #[test]
    fn blocked_instances_keep_min_free_in_every_line() {
        for seed in 0..50 {
            let generator = Generator::Blocked {
                blocks: 30,
                min_free: 3,
            };
            let i = generate(10, generator, seed).expect("possible");
            assert_eq!(i.blocked_count(), 30);
            for line in 0..10 {
                assert!(i.allowed_in_row(line) >= 3);
                let column = (0..10).filter(|&r| i.is_allowed(r, line as u32)).count();
                assert!(column >= 3);
            }
            assert_eq!(i, generate(10, generator, seed).expect("again"));
        }
    }

    #[test]
    fn completion_queens_do_not_attack() {
        for seed in 0..50 {
            let i = generate(12, Generator::Completion { queens: 6 }, seed).expect("possible");
            assert_eq!(i.given_count(), 6);
            assert!(i.blocked_count() == 0);
        }
        // All N queens given: the given board is a solution itself.
        let full = generate(8, Generator::Completion { queens: 8 }, 3);
        if let Ok(full) = full {
            let columns: Vec<u32> = (0..8).map(|r| full.given(r).expect("every row")).collect();
            assert_eq!(validate(&columns), Ok(()));
        }
    }

    #[test]
    fn excluded_diagonals_keep_min_free_in_every_line() {
        for seed in 0..50 {
            let generator = Generator::Diagonals {
                diagonals: 8,
                min_free: 4,
            };
            let i = generate(10, generator, seed).expect("possible");
            for line in 0..10 {
                assert!(i.allowed_in_row(line) >= 4);
                let column = (0..10).filter(|&r| i.is_allowed(r, line as u32)).count();
                assert!(column >= 4);
            }
        }
    }

    #[test]
    fn impossible_parameters_say_what_to_give() {
        let blocked = Generator::Blocked {
            blocks: 91,
            min_free: 1,
        };
        let error = generate(10, blocked, 1).expect_err("too many").to_string();
        assert!(error.contains("give at most 90 blocks"), "{error}");
        let queens = generate(4, Generator::Completion { queens: 5 }, 1).expect_err("too many");
        assert!(queens.to_string().contains("give at most 4"));
        // No placement of 3 non-attacking queens exists on a 3×3 board.
        let three = generate(3, Generator::Completion { queens: 3 }, 1).expect_err("none");
        assert!(three.to_string().contains("give fewer queens"));
        let diagonals = Generator::Diagonals {
            diagonals: 39,
            min_free: 0,
        };
        assert!(generate(10, diagonals, 1).is_err());
    }
}
