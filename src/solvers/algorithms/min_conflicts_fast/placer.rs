//! The row-by-row work of the initialization (the method is in `init.rs`):
//! the stream of candidate pool positions, the choice of a column for each
//! row, and the bookkeeping of the placed queens.
//!
//! The runs of candidate positions are drawn [`QUEUE`] runs ahead of use, so
//! the pool entries of a run are prefetched when the run is drawn, and the
//! diagonals of a candidate [`RUN`] candidates before it is examined (for
//! the row being placed then, whose diagonals for the same column lie a few
//! bits on, nearly always in the same cache lines). Prefetching changes
//! timing only, never a decision.
//!
//! The pool (the columns, 400 MB at N = 10⁸) is on small pages (see
//! `hugepages.rs`), so a run's first read usually misses the TLB, and the
//! processor cannot retire a prefetch before its page walk is done. So the
//! draws are read [`PEEK`] words ahead ([`Lookahead`]), and every `PEEK`
//! runs the starts of the next `PEEK` runs are guessed from those words
//! (with the row of the moment, a few rows early) and prefetched together:
//! their page walks overlap, and when a run is drawn its page is nearly
//! always known. A word taken by something else (a replacement, or a
//! bounded draw's second word) shifts the guesses left in its batch: they
//! become useless prefetches, and no decision changes.
//!
//! The row loop ([`place_rows`]) is a function of its own, with the rare
//! work (drawing a run, replacing a position that left the pool) out of
//! line, so that its state fits the processor's registers. Kept inline in
//! the solver, it spilled that state to the stack: the whole solve of 10⁶
//! queens (seed 0) took 326 million instructions then and 270 million now,
//! with the same decisions.

use std::ops::Range;

use rand::rngs::ChaCha8Rng;

use super::board::diagonals_of;
use super::counts::OccupancyWords;
use super::draw::{Lookahead, PEEK, below, guess_below};
use super::occupancy::{Bits, Occupancy, prefetch};

/// Pool positions examined for one row before settling for the least
/// attacked of them.
pub const INIT_TRIES: usize = 64;

/// Consecutive pool positions examined from one random start.
pub const RUN: usize = 16;

/// Runs of candidate positions drawn ahead of use: the current one and the
/// next `QUEUE − 1`, whose pool entries are prefetched when they are drawn.
/// A candidate's diagonals are prefetched when the candidate at the same
/// place of the run before it is examined, [`RUN`] candidates earlier.
const QUEUE: usize = 4;

/// The board's columns being placed, with the occupancy of the diagonals,
/// the candidate stream and the list of attacked rows.
pub(super) struct Placer<'a> {
    columns: &'a mut [u32],
    occupancy: Occupancy,
    stream: Stream,
    /// Rows placed under attack.
    attacked: &'a mut Vec<u32>,
    /// For each attacked row, bit 0 set if its up-diagonal was occupied when
    /// it was placed, bit 1 if its down-diagonal was.
    found: Vec<u8>,
}

/// The stream of candidate pool positions.
struct Stream {
    /// The first positions of the current run and of the runs after it.
    starts: [usize; QUEUE],
    /// The place in the current run of the next candidate (`RUN` when the
    /// run is used up).
    offset: usize,
    /// Whether the runs have been drawn.
    started: bool,
    /// Runs drawn by [`Stream::next_run`] so far (not the first
    /// [`QUEUE`]), modulo [`PEEK`].
    drawn: usize,
}

impl<'a> Placer<'a> {
    /// A placer for `columns`, which must hold the pool (a permutation of
    /// `0..n`), with no diagonal occupied.
    pub(super) fn new(columns: &'a mut [u32], attacked: &'a mut Vec<u32>) -> Self {
        let n = columns.len();
        Self {
            columns,
            occupancy: Occupancy::new(n),
            stream: Stream {
                starts: [0; QUEUE],
                offset: 0,
                started: false,
                drawn: 0,
            },
            attacked,
            found: Vec::new(),
        }
    }

    /// Places `rows` greedily from the pool, which must keep more than
    /// [`RUN`] positions; returns the checks made: the positions examined,
    /// plus one per row for marking its square, which reads whether its
    /// diagonals were already taken.
    pub(super) fn place_greedily(&mut self, rows: Range<usize>, rng: &mut ChaCha8Rng) -> u64 {
        let mut words = Lookahead::new(rng);
        let stream = &mut self.stream;
        if !stream.started {
            for start in stream.starts.iter_mut() {
                *start = draw_run(self.columns, &mut words, rows.start);
            }
            stream.started = true;
        }
        place_rows(
            self.columns,
            self.occupancy.bits(),
            stream,
            rows,
            &mut words,
            (&mut *self.attacked, &mut self.found),
        )
    }

    /// Places `rows` on uniformly random pool positions; returns the checks
    /// made: one per row, for marking its square (which reads whether its
    /// diagonals were already taken).
    pub(super) fn place_randomly(&mut self, rows: Range<usize>, rng: &mut ChaCha8Rng) -> u64 {
        let n = self.columns.len();
        let checks = rows.len() as u64;
        let mut bits = self.occupancy.bits();
        for i in rows {
            self.columns.swap(i, i + below(rng, n - i));
            settle(&mut bits, self.columns, i, (self.attacked, &mut self.found));
        }
        checks
    }

    /// The occupancy of every diagonal and the listed rows' flags (see the
    /// struct's fields), once every row is placed.
    pub(super) fn finish(self) -> (OccupancyWords, Vec<u8>) {
        (self.occupancy.into_words(), self.found)
    }
}

/// [`Placer::place_greedily`]'s row loop, kept out of line so that its state
/// (the run's next and end positions, the occupancy bits, the row) stays in
/// registers: candidate `at` is examined for row `i`, and the pool entry of
/// the candidate a run later, `at + ahead`, gives the diagonals to prefetch.
#[inline(never)]
fn place_rows(
    columns: &mut [u32],
    mut bits: Bits<'_>,
    stream: &mut Stream,
    rows: Range<usize>,
    rng: &mut Lookahead<'_>,
    (attacked, found): (&mut Vec<u32>, &mut Vec<u8>),
) -> u64 {
    let n = columns.len();
    let mut at = stream.starts[0] + stream.offset;
    let mut end = stream.starts[0] + RUN;
    let mut ahead = stream.starts[1].wrapping_sub(stream.starts[0]);
    let mut checks = 0;
    for i in rows {
        // The first examined position with both diagonals free, else the
        // first with the fewest occupied.
        let mut best = (u8::MAX, i);
        let mut tries = 0;
        while tries < INIT_TRIES {
            tries += 1;
            if at == end {
                (at, ahead) = stream.next_run(columns, rng, i);
                end = at + RUN;
            }
            let (u, d) = diagonals_of(n, i, columns[at.wrapping_add(ahead)]);
            bits.prefetch(u, d);
            let mut j = at;
            at += 1;
            if j < i {
                j = replacement(rng, i, n);
            }
            let (u, d) = diagonals_of(n, i, columns[j]);
            let taken = bits.taken(u, d);
            if taken == 0 {
                best.1 = j;
                break;
            }
            if taken < best.0 {
                best = (taken, j);
            }
        }
        checks += tries as u64 + 1;
        columns.swap(i, best.1);
        settle(&mut bits, columns, i, (&mut *attacked, &mut *found));
    }
    stream.offset = at - stream.starts[0];
    checks
}

/// Marks the diagonals of row `i`'s queen, just placed, occupied, and lists
/// the row with the flags of its occupied diagonals if it is attacked.
#[inline(always)]
fn settle(
    bits: &mut Bits<'_>,
    columns: &[u32],
    i: usize,
    (attacked, found): (&mut Vec<u32>, &mut Vec<u8>),
) {
    let (u, d) = diagonals_of(columns.len(), i, columns[i]);
    let flags = bits.mark(u, d);
    if flags != 0 {
        attacked.push(i as u32);
        found.push(flags);
    }
}

impl Stream {
    /// Moves on to the next run, drawing a new one at the end of the queue
    /// from the pool `i..n` (and every [`PEEK`] runs prefetching the guessed
    /// starts of the next `PEEK`, see the module header); returns the new
    /// run's first position and how far the run after it starts from it.
    #[cold]
    #[inline(never)]
    fn next_run(&mut self, columns: &[u32], rng: &mut Lookahead<'_>, i: usize) -> (usize, usize) {
        self.starts.rotate_left(1);
        self.starts[QUEUE - 1] = draw_run(columns, rng, i);
        self.drawn = (self.drawn + 1) % PEEK;
        if self.drawn == 0 {
            let runs = run_starts(columns.len(), i);
            for k in 0..PEEK {
                let guess = i + guess_below(rng.peek(k), runs);
                prefetch(columns.as_ptr().wrapping_add(guess));
            }
        }
        (self.starts[0], self.starts[1].wrapping_sub(self.starts[0]))
    }
}

/// A uniformly random position of the pool `i..n`, for a candidate position
/// that has left the pool.
#[cold]
#[inline(never)]
fn replacement(rng: &mut Lookahead<'_>, i: usize, n: usize) -> usize {
    i + below(rng, n - i)
}

/// The first position of a run of [`RUN`] consecutive pool positions,
/// uniform among the runs that fit in the pool `i..n`; prefetches the run's
/// pool entries.
#[inline(always)]
fn draw_run(columns: &[u32], rng: &mut Lookahead<'_>, i: usize) -> usize {
    let start = i + below(rng, run_starts(columns.len(), i));
    prefetch(columns.as_ptr().wrapping_add(start));
    prefetch(columns.as_ptr().wrapping_add(start + RUN - 1));
    start
}

/// How many runs of [`RUN`] consecutive positions fit in the pool `i..n`.
#[inline(always)]
fn run_starts(n: usize, i: usize) -> usize {
    n - i - RUN + 1
}
