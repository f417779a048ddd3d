//! How many queens stand on each diagonal of a [`FastBoard`](super::FastBoard):
//! one `u16` per diagonal ([`DenseCounts`], up to N = 65 535), or one bit per
//! diagonal plus a map of the few diagonals holding two or more queens
//! ([`SparseCounts`], any N).
//!
//! After the initialization nearly every occupied diagonal holds exactly one
//! queen (at N = 10⁸ with seed 0, about 370 attacking pairs on 4·10⁸
//! diagonals), and the repairs only lower the number of attacking pairs.
//! So the sparse counts keep what the initialization already built, its
//! occupancy bits (2N per direction: half a byte per queen in all), and a
//! hash map for the crowded diagonals: half a byte per queen where byte
//! counters took four, and no bound on a diagonal's count. A count read costs a bit test, and a map
//! look-up only on an occupied diagonal.

use rustc_hash::FxHashMap;

use crate::solvers::blocks::boards::lines;

/// One of the two directions of diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up-diagonals: `row + column` constant.
    Up = 0,
    /// Down-diagonals: `row − column` constant.
    Down = 1,
}

/// Bits `64k .. 64k + 64` of the up-diagonals (`[0]`) and of the
/// down-diagonals (`[1]`), at index `k`: diagonal `x` is bit `x mod 64` of
/// pair `x / 64`. The initialization's occupancy, and the sparse counters'
/// first level.
pub type OccupancyWords = Vec<[u64; 2]>;

/// Word pairs covering the `2n − 1` diagonals of each direction of an
/// `n`-board.
pub fn occupancy_words(n: usize) -> usize {
    (2 * n).div_ceil(64)
}

/// The index of the word pair holding diagonal `x`'s bits in
/// [`OccupancyWords`].
#[inline(always)]
pub(super) const fn pair(x: usize) -> usize {
    x / 64
}

/// Diagonal `x`'s bit (0 or 1) in its word.
#[inline(always)]
pub(super) const fn bit(word: u64, x: usize) -> u64 {
    word >> (x % 64) & 1
}

/// The mask of diagonal `x`'s bit in its word.
#[inline(always)]
pub(super) const fn mask(x: usize) -> u64 {
    1 << (x % 64)
}

/// Queens per diagonal, in both directions, for the diagonals `0..2n − 1`
/// of an `n`-board (indices as [`FastBoard`](super::FastBoard) gives them).
/// The default is the counts of a board with no diagonals, which holds the
/// place of the counts until an initialization builds them.
pub trait DiagonalCounts:
    Clone + std::fmt::Debug + Default + Send + Sync + Sized + 'static
{
    /// The largest count one diagonal can hold.
    const MAX: u32;
    /// Counters for an `n`-board from its occupancy: one queen on each
    /// diagonal whose bit is set in `words` (which has
    /// `2n / 64` pairs rounded up, no bit set beyond the last diagonal),
    /// none elsewhere.
    fn from_occupancy(n: usize, words: OccupancyWords) -> Self;
    /// Queens on diagonal `x` of `direction`.
    fn get(&self, direction: Direction, x: usize) -> u32;
    /// Adds a queen to diagonal `x` of `direction`; panics instead of
    /// passing [`DiagonalCounts::MAX`].
    fn increment(&mut self, direction: Direction, x: usize);
    /// Removes a queen from diagonal `x` of `direction`; panics if it holds
    /// none.
    fn decrement(&mut self, direction: Direction, x: usize);
}

/// One `u16` counter per diagonal and direction: 8 bytes per queen, for
/// boards up to N = 65 535, where no diagonal can hold more queens than a
/// `u16` counts.
#[derive(Clone, Debug, Default)]
pub struct DenseCounts {
    /// Counters of the up-diagonals, then of the down-diagonals.
    counts: [Vec<u16>; 2],
}

impl DiagonalCounts for DenseCounts {
    const MAX: u32 = u16::MAX as u32;

    fn from_occupancy(n: usize, words: OccupancyWords) -> Self {
        let unpack = |direction: usize| {
            (0..lines(n))
                .map(|x| bit(words[pair(x)][direction], x) as u16)
                .collect()
        };
        Self {
            counts: [unpack(0), unpack(1)],
        }
    }

    #[inline(always)]
    fn get(&self, direction: Direction, x: usize) -> u32 {
        u32::from(self.counts[direction as usize][x])
    }

    #[inline(always)]
    fn increment(&mut self, direction: Direction, x: usize) {
        let count = &mut self.counts[direction as usize][x];
        *count = count.checked_add(1).unwrap_or_else(|| overflow());
    }

    #[inline(always)]
    fn decrement(&mut self, direction: Direction, x: usize) {
        let count = &mut self.counts[direction as usize][x];
        *count = count.checked_sub(1).unwrap_or_else(|| underflow());
    }
}

/// A bit per diagonal and direction (set when it holds a queen) and the
/// count of each diagonal holding two or more: half a byte per queen plus
/// the map, for boards of any size.
#[derive(Clone, Debug, Default)]
pub struct SparseCounts {
    /// Which diagonals hold a queen, laid out as [`OccupancyWords`].
    occupied: OccupancyWords,
    /// The count of every diagonal with two or more queens, keyed by
    /// `2x + direction`.
    crowded: FxHashMap<u64, u32>,
}

impl SparseCounts {
    /// Whether diagonal `x` of `direction` holds a queen.
    #[inline(always)]
    fn occupied(&self, direction: Direction, x: usize) -> bool {
        bit(self.occupied[pair(x)][direction as usize], x) == 1
    }

    /// The key of diagonal `x` of `direction` in the map of crowded ones.
    #[inline(always)]
    fn key(direction: Direction, x: usize) -> u64 {
        (x as u64) << 1 | direction as u64
    }
}

impl DiagonalCounts for SparseCounts {
    const MAX: u32 = u32::MAX;

    fn from_occupancy(_n: usize, words: OccupancyWords) -> Self {
        Self {
            occupied: words,
            crowded: FxHashMap::default(),
        }
    }

    #[inline(always)]
    fn get(&self, direction: Direction, x: usize) -> u32 {
        if !self.occupied(direction, x) {
            return 0;
        }
        self.crowded
            .get(&Self::key(direction, x))
            .copied()
            .unwrap_or(1)
    }

    #[inline]
    fn increment(&mut self, direction: Direction, x: usize) {
        if !self.occupied(direction, x) {
            self.occupied[pair(x)][direction as usize] |= mask(x);
            return;
        }
        let count = self.crowded.entry(Self::key(direction, x)).or_insert(1);
        *count = count.checked_add(1).unwrap_or_else(|| overflow());
    }

    #[inline]
    fn decrement(&mut self, direction: Direction, x: usize) {
        if !self.occupied(direction, x) {
            underflow();
        }
        let key = Self::key(direction, x);
        match self.crowded.get_mut(&key) {
            Some(count) if *count > 2 => *count -= 1,
            Some(_) => {
                self.crowded.remove(&key);
            }
            None => self.occupied[pair(x)][direction as usize] &= !mask(x),
        }
    }
}

#[cold]
#[inline(never)]
fn overflow() -> ! {
    panic!("diagonal counter overflow: the counter type is too narrow for this board")
}

#[cold]
#[inline(never)]
fn underflow() -> ! {
    panic!("diagonal counter underflow: a queen was removed from an empty diagonal")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both kinds of counters, from the same occupancy, after the same
    /// changes, agree with a plain count on every diagonal.
    #[test]
    fn dense_and_sparse_counters_agree_with_a_plain_count() {
        let n = 100;
        let mut words = vec![[0u64; 2]; occupancy_words(n)];
        let mut plain = [vec![0u32; 2 * n - 1], vec![0u32; 2 * n - 1]];
        for (direction, x) in [(0, 3), (1, 3), (1, 64), (0, 198)] {
            words[pair(x)][direction] |= mask(x);
            plain[direction][x] = 1;
        }
        let mut dense = DenseCounts::from_occupancy(n, words.clone());
        let mut sparse = SparseCounts::from_occupancy(n, words);
        let changes = [
            (Direction::Up, 3, true),
            (Direction::Up, 3, true),
            (Direction::Down, 64, true),
            (Direction::Up, 3, false),
            (Direction::Down, 3, false),
            (Direction::Up, 70, true),
            (Direction::Down, 64, false),
            (Direction::Up, 3, false),
        ];
        for (direction, x, add) in changes {
            let count = &mut plain[direction as usize][x];
            if add {
                *count += 1;
                dense.increment(direction, x);
                sparse.increment(direction, x);
            } else {
                *count -= 1;
                dense.decrement(direction, x);
                sparse.decrement(direction, x);
            }
            for direction in [Direction::Up, Direction::Down] {
                for (x, &expected) in plain[direction as usize].iter().enumerate() {
                    assert_eq!(dense.get(direction, x), expected, "{direction:?} {x}");
                    assert_eq!(sparse.get(direction, x), expected, "{direction:?} {x}");
                }
            }
        }
        // Up 3 went from 1 to 3 queens and back, down 64 from 1 to 2 and
        // back: no diagonal is crowded any more.
        assert_eq!((plain[0][3], plain[1][64]), (1, 1));
        assert!(sparse.crowded.is_empty());
    }

    #[test]
    #[should_panic(expected = "underflow")]
    fn sparse_counters_refuse_to_remove_from_an_empty_diagonal() {
        let mut sparse = SparseCounts::from_occupancy(4, vec![[0; 2]; occupancy_words(4)]);
        sparse.decrement(Direction::Down, 2);
    }
}
