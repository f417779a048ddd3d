//! The permutation GA (the default `permutation` variant of `genetic`): a
//! generational GA on permutations with tournament selection, OX or PMX
//! crossover ([`super::operators`]), one-swap mutation, elitism, and a
//! memetic improving-swap step on every new individual, evaluated on a
//! [`PermutationBoard`]. The choices and counters are listed in the header
//! of [`super`]. Checks: the board's, N per evaluation, 1 per memetic
//! attack test, 4 per memetic swap delta.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::operators::{order_crossover, partially_mapped_crossover};
use super::{Crossover, PermutationSettings, capped};
use crate::base::board::Placement;
use crate::solvers::blocks::boards::{CountedBoard, PermutationBoard, RowBoard};
use crate::solvers::blocks::frame::{Frame, generation, spread};
use crate::solvers::blocks::random::{distinct_pair, other_than, random_permutation};
use crate::solvers::{Control, Metrics, Outcome, StopReason};

/// Runs the permutation GA with `settings` and the generation cap
/// `max_generations` on the N×N board.
pub(super) fn solve(
    settings: &PermutationSettings,
    max_generations: Option<u64>,
    n: usize,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    let mut ga = PermutationGa::new(settings, n);
    let mut progress = ga.initialise(rng, control);
    if let Progress::Stopped(reason, k) = progress {
        // The best of the individuals built: the trace's only point.
        if control.tracing() {
            control.observe(&ga.metrics(), ga.conflicts[k]);
        }
        return ga.outcome(k, Some(reason));
    }
    if control.tracing() {
        control.observe(&ga.metrics(), ga.conflicts[fittest(&ga.conflicts)]);
    }
    let frames = control.frames_wanted();
    if frames {
        control.frame(&ga.frame(progress));
    }
    let (k, stop) = loop {
        match progress {
            Progress::Solved(k) => break (k, None),
            Progress::Stopped(reason, k) => {
                // Stopped mid-generation: the best individual so far may be
                // a new child, not yet observed.
                if control.tracing() {
                    control.observe(&ga.metrics(), ga.conflicts[k]);
                }
                break (k, Some(reason));
            }
            Progress::Complete => {}
        }
        let best = || fittest(&ga.conflicts);
        if capped(max_generations, ga.counters.steps) {
            break (best(), Some(StopReason::BudgetSteps));
        }
        if let Some(reason) = control.stop_reason(&ga.metrics()) {
            break (best(), Some(reason));
        }
        progress = ga.generation(rng, control);
        if control.tracing() && !matches!(progress, Progress::Stopped(..)) {
            control.observe(&ga.metrics(), ga.conflicts[fittest(&ga.conflicts)]);
            if frames {
                control.frame(&ga.frame(progress));
            }
        }
    };
    ga.outcome(k, stop)
}

/// The index of the individual with the fewest conflicts (the first on ties).
fn fittest(conflicts: &[u64]) -> usize {
    (0..conflicts.len())
        .min_by_key(|&k| (conflicts[k], k))
        .unwrap_or(0)
}

/// How building a population ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    /// Every individual was built; none is a solution.
    Complete,
    /// The individual at this index of the current generation is a solution.
    Solved(usize),
    /// `control` stopped the search for this reason; the best individual so
    /// far is at this index of the current generation.
    Stopped(StopReason, usize),
}

/// The working state of the permutation GA.
struct PermutationGa<'s> {
    settings: &'s PermutationSettings,
    n: usize,
    /// The current generation's genes, individual `k` at `k*n..(k+1)*n`.
    genes: Vec<u32>,
    /// Attacking pairs of each current individual.
    conflicts: Vec<u64>,
    /// The next generation, built from the current one.
    next_genes: Vec<u32>,
    next_conflicts: Vec<u64>,
    /// Counters for the evaluation and the memetic step.
    board: PermutationBoard,
    /// Scratch for the crossovers.
    scratch_flags: Vec<bool>,
    scratch_positions: Vec<u32>,
    /// Individuals sorted by conflicts, for elitism.
    ranking: Vec<usize>,
    /// The counters but the checks, which the board counts.
    counters: Metrics,
}

impl<'s> PermutationGa<'s> {
    fn new(settings: &'s PermutationSettings, n: usize) -> Self {
        let p = settings.population;
        Self {
            settings,
            n,
            genes: vec![0; p * n],
            conflicts: vec![0; p],
            next_genes: vec![0; p * n],
            next_conflicts: vec![0; p],
            board: PermutationBoard::with_size(n),
            scratch_flags: vec![false; n],
            scratch_positions: vec![0; n],
            ranking: (0..p).collect(),
            counters: Metrics::default(),
        }
    }

    /// The counters so far, with the board's checks: N per evaluation (the
    /// load), 1 per memetic attack test, 4 per memetic swap delta.
    fn metrics(&self) -> Metrics {
        Metrics {
            checks: self.board.checks(),
            ..self.counters
        }
    }

    /// Evaluates `genes` from scratch (one evaluation; the board's load
    /// counts its N checks), applies the memetic step (its checks counted by
    /// the board: 1 per test of whether a queen is attacked, 4 per swap
    /// delta), writes the improved genes back and returns their conflicts.
    fn evaluate_and_improve(&mut self, genes: &mut [u32], rng: &mut ChaCha8Rng) -> u64 {
        let n = self.n;
        self.board.load(genes);
        self.counters.evaluations += 1;
        let attempts = (self.settings.local_search * n as f64).round() as u64;
        if n >= 2 {
            for _ in 0..attempts {
                if self.board.pairs() == 0 {
                    break;
                }
                let i = rng.random_range(0..n);
                if !self.board.is_attacked(i) {
                    continue;
                }
                let j = other_than(i, n, rng);
                let delta = self.board.swap_delta(i, j);
                if delta < 0 {
                    self.board.apply_swap(i, j, delta);
                }
            }
        }
        genes.copy_from_slice(self.board.columns());
        self.board.pairs()
    }

    /// The replay frame of the current generation after `progress` (not a
    /// stop): its best individual and the spread of conflicts over the
    /// individuals built (all, or those up to a solution).
    fn frame(&self, progress: Progress) -> Frame {
        let built = match progress {
            Progress::Solved(k) => k + 1,
            _ => self.conflicts.len(),
        };
        let conflicts = &self.conflicts[..built];
        let k = fittest(conflicts);
        let view = generation(spread(conflicts.iter().copied()), built);
        Frame::full(
            &self.genes[k * self.n..(k + 1) * self.n],
            self.metrics(),
            view,
        )
    }

    /// Tournament selection: the index of the winner.
    fn tournament(&self, rng: &mut ChaCha8Rng) -> usize {
        let p = self.settings.population;
        let mut best = rng.random_range(0..p);
        for _ in 1..self.settings.tournament {
            let k = rng.random_range(0..p);
            if self.conflicts[k] < self.conflicts[best] {
                best = k;
            }
        }
        best
    }

    /// Fills the initial population, asking `control` before every
    /// individual after the first.
    fn initialise(&mut self, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Progress {
        let n = self.n;
        let mut genes = std::mem::take(&mut self.genes);
        let mut progress = Progress::Complete;
        for k in 0..self.settings.population {
            if k > 0
                && let Some(reason) = control.stop_reason(&self.metrics())
            {
                progress = Progress::Stopped(reason, fittest(&self.conflicts[..k]));
                break;
            }
            let individual = &mut genes[k * n..(k + 1) * n];
            random_permutation(individual, rng);
            self.conflicts[k] = self.evaluate_and_improve(individual, rng);
            if self.conflicts[k] == 0 {
                progress = Progress::Solved(k);
                break;
            }
        }
        self.genes = genes;
        progress
    }

    /// Breeds the next generation and makes it current, asking `control`
    /// before every child after the first. A stopped generation leaves the
    /// current one in place and returns the best individual built so far
    /// (moved into the current generation if it is a new child).
    fn generation(&mut self, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Progress {
        let n = self.n;
        let s = self.settings;
        let conflicts = &self.conflicts;
        if s.elite > 0 {
            self.ranking.sort_by_key(|&k| (conflicts[k], k));
        }
        let mut next = std::mem::take(&mut self.next_genes);
        for slot in 0..s.elite {
            let k = self.ranking[slot];
            next[slot * n..(slot + 1) * n].copy_from_slice(&self.genes[k * n..(k + 1) * n]);
            self.next_conflicts[slot] = self.conflicts[k];
        }
        let mut progress = Progress::Complete;
        for slot in s.elite..s.population {
            if slot > s.elite
                && let Some(reason) = control.stop_reason(&self.metrics())
            {
                let best = fittest(&self.conflicts);
                let best_child = fittest(&self.next_conflicts[..slot]);
                if self.next_conflicts[best_child] < self.conflicts[best] {
                    self.genes[best * n..(best + 1) * n]
                        .copy_from_slice(&next[best_child * n..(best_child + 1) * n]);
                    self.conflicts[best] = self.next_conflicts[best_child];
                }
                self.next_genes = next;
                return Progress::Stopped(reason, best);
            }
            let a = self.tournament(rng);
            let b = self.tournament(rng);
            let child = &mut next[slot * n..(slot + 1) * n];
            let first = &self.genes[a * n..(a + 1) * n];
            let second = &self.genes[b * n..(b + 1) * n];
            if n >= 2 && rng.random_bool(s.crossover_rate) {
                match s.crossover {
                    Crossover::Order => {
                        order_crossover(first, second, child, &mut self.scratch_flags, rng)
                    }
                    Crossover::PartiallyMapped => partially_mapped_crossover(
                        first,
                        second,
                        child,
                        &mut self.scratch_positions,
                        rng,
                    ),
                }
            } else {
                child.copy_from_slice(first);
            }
            if n >= 2 && rng.random_bool(s.mutation_rate) {
                let (i, j) = distinct_pair(n, rng);
                child.swap(i, j);
            }
            self.next_conflicts[slot] = self.evaluate_and_improve(child, rng);
            if self.next_conflicts[slot] == 0 {
                progress = Progress::Solved(slot);
                break;
            }
        }
        self.next_genes = std::mem::replace(&mut self.genes, next);
        std::mem::swap(&mut self.conflicts, &mut self.next_conflicts);
        self.counters.steps += 1;
        progress
    }

    /// The end of the search at individual `k` of the current generation:
    /// solved when `stop` is `None`; its conflicts are known, so nothing is
    /// recounted.
    fn outcome(&self, k: usize, stop: Option<StopReason>) -> Outcome {
        let mut metrics = self.metrics();
        metrics.final_conflicts = Some(self.conflicts[k]);
        match stop {
            None => {
                let columns = self.genes[k * self.n..(k + 1) * self.n].to_vec();
                Outcome::solved(Placement::new(columns), metrics)
            }
            Some(reason) => Outcome::unsolved(metrics, reason),
        }
    }
}
