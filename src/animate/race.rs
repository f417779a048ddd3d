//! Two searches side by side: two replays of the same N and seed (two
//! algorithms, or one algorithm with two parameter sets), played in
//! lockstep on one page ([`render`]) so that a class sees them race on the
//! same board.
//!
//! The common clock counts moments: the frames each search sends, one per
//! test, backtrack, repair, move or generation, and the outcome's last.
//! A replay's `positions` are the moments of its kept frames; the clock
//! ticks at every moment either replay kept ([`schedule`]), and at each
//! tick a side shows its last kept frame at or before it. A side whose
//! search has ended holds its last frame. A moment is one frame, not one
//! unit of work: the counters beside each board say what each moment cost.
//! Both search the same instance, if any, which the page carries once.

use serde::Serialize;

use super::draw::InstanceMarks;
use super::{AnimateError, HTML_FRAMES, Replay, html};

/// Frames kept for each side of a race: half a single replay's, so the
/// page stays about as large.
pub const RACE_FRAMES: usize = HTML_FRAMES / 2;

/// One tick of the common clock: the moment, and the index of the frame
/// each side shows then. Serialized as `[moment, first, second]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tick(pub u64, pub usize, pub usize);

/// Two recorded replays of the same N and seed and their common clock.
#[derive(Clone, Debug, Serialize)]
pub struct Race {
    /// The board size both searched.
    pub n: usize,
    /// The seed both used.
    pub seed: u64,
    /// The two replays, first and second.
    pub sides: [Replay; 2],
    /// The common clock ([`schedule`] of their positions).
    pub ticks: Vec<Tick>,
    /// The instance both searched, `None` for the plain problem.
    pub instance: Option<InstanceMarks>,
}

/// The ticks of the common clock of two replays whose kept frames sit at
/// moments `first` and `second` (each ascending, from 0): one tick for
/// every moment either kept, ascending, each showing on a side the last
/// frame kept at or before it (its first frame before any).
pub fn schedule(first: &[u64], second: &[u64]) -> Vec<Tick> {
    let mut moments: Vec<u64> = first.iter().chain(second).copied().collect();
    moments.sort_unstable();
    moments.dedup();
    let shown = |positions: &[u64], moment: u64| {
        positions
            .partition_point(|&p| p <= moment)
            .saturating_sub(1)
    };
    moments
        .into_iter()
        .map(|m| Tick(m, shown(first, m), shown(second, m)))
        .collect()
}

impl Race {
    /// The race of two recorded replays (record each with about
    /// [`RACE_FRAMES`] frames); both must search the same N (and the same
    /// instance) with the same seed.
    pub fn new(sides: [Replay; 2]) -> Result<Self, AnimateError> {
        let [first, second] = &sides;
        if first.n != second.n {
            return Err(AnimateError::RaceMismatch {
                what: "N",
                first: first.n as u64,
                second: second.n as u64,
            });
        }
        if first.seed != second.seed {
            return Err(AnimateError::RaceMismatch {
                what: "seed",
                first: first.seed,
                second: second.seed,
            });
        }
        if first.instance != second.instance {
            let origin = |r: &Replay| {
                r.instance
                    .as_ref()
                    .map_or_else(|| "plain".to_string(), |i| i.origin.clone())
            };
            return Err(AnimateError::RaceInstance {
                first: origin(first),
                second: origin(second),
            });
        }
        let ticks = schedule(&first.positions, &second.positions);
        let instance = first.instance.clone();
        Ok(Self {
            n: first.n,
            seed: first.seed,
            sides,
            ticks,
            instance,
        })
    }
}

/// The race as one self-contained page: both boards, both counters
/// tables, one set of controls for the common clock.
pub fn render(race: &Race) -> String {
    html::render_race(race)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_ticks_at_every_kept_moment_of_either_side() {
        // The first search kept moments 0, 1, 2 and ended at 3; the second
        // (sampled) kept 0, 2, 5 and ended at 9.
        let ticks = schedule(&[0, 1, 2, 3], &[0, 2, 5, 9]);
        assert_eq!(
            ticks,
            [
                Tick(0, 0, 0),
                Tick(1, 1, 0),
                Tick(2, 2, 1),
                Tick(3, 3, 1),
                // The first has ended: it holds its last frame.
                Tick(5, 3, 2),
                Tick(9, 3, 3),
            ]
        );
    }

    #[test]
    fn both_sides_advance_together_and_never_back() {
        let first = [0, 4, 8, 12, 16];
        let second = [0, 1, 2, 3, 5, 30];
        let ticks = schedule(&first, &second);
        assert_eq!(ticks.len(), 10, "0 1 2 3 4 5 8 12 16 30");
        for pair in ticks.windows(2) {
            assert!(pair[0].0 < pair[1].0);
            assert!(pair[0].1 <= pair[1].1 && pair[0].2 <= pair[1].2);
        }
        for Tick(moment, a, b) in &ticks {
            assert!(first[*a] <= *moment && second[*b] <= *moment);
        }
        assert_eq!(ticks.last(), Some(&Tick(30, 4, 5)));
    }
}
