//! Hesham's GA (the `hesham` variant of `genetic`), after the GA of his
//! blog series "The Eight Queens Problem" (hesham8): population 6; one
//! queen per row in any column; fitness = non-attacking pairs, N(N-1)/2
//! minus the attacking pairs (counted from scratch, [`count_pairs`]);
//! roulette selection, uniform when every fitness is 0; one-point crossover
//! at a cut drawn uniformly in 1..N, each pair of parents giving both
//! children; every gene then mutated with probability `gene_mutation` to a
//! uniformly random column; no elitism. The choices and counters are listed
//! in the header of [`super`]. Checks: N per fitness evaluation (each
//! queen's square read once by [`count_pairs`]), so population × N per
//! generation, and nothing else.
//!
//! On an instance ([`Domains`]) the initial genes are drawn in their rows'
//! domains, crossover keeps every gene in its row, and a mutation draws in
//! the row's domain; a fixed gene (one value: a given queen) is never
//! mutated and draws nothing. The header of [`super`] says more.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::{HeshamSettings, capped};
use crate::solvers::blocks::boards::count_pairs;
use crate::solvers::blocks::domains::{self, Domains};
use crate::solvers::blocks::frame::{Frame, generation, spread};
use crate::solvers::blocks::random::fill_random;
use crate::solvers::{Control, Metrics, Outcome, StopReason};

/// Runs Hesham's GA with `settings` and the generation cap
/// `max_generations` on the N×N board.
pub(super) fn solve(
    HeshamSettings {
        population: p,
        gene_mutation,
    }: HeshamSettings,
    max_generations: Option<u64>,
    n: usize,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    let domains = Domains::of(control);
    if domains.as_ref().is_some_and(Domains::hopeless) {
        return domains::idle(n, control);
    }
    let domains = domains.as_ref();
    let most_pairs = (n as u64) * (n as u64).saturating_sub(1) / 2;
    let mut metrics = Metrics::default();
    let mut scratch = Vec::new();
    let mut evaluate = |genes: &[u32], metrics: &mut Metrics| {
        metrics.evaluations += 1;
        metrics.checks += n as u64;
        most_pairs - count_pairs(genes, &mut scratch)
    };
    let mut genes: Vec<Vec<u32>> = (0..p)
        .map(|_| {
            let mut individual = vec![0; n];
            match domains {
                None => fill_random(&mut individual, rng),
                Some(domains) => domains.fill(&mut individual, rng),
            }
            individual
        })
        .collect();
    let mut fitness: Vec<u64> = genes.iter().map(|g| evaluate(g, &mut metrics)).collect();
    let conflicts_of_best =
        |fitness: &[u64]| most_pairs - fitness.iter().max().copied().unwrap_or(0);
    if control.tracing() {
        control.observe(&metrics, conflicts_of_best(&fitness));
    }
    let frames = control.frames_wanted();
    // The replay frame of a generation: its fittest individual (the first
    // on ties) and the spread of attacking pairs.
    let frame = |genes: &[Vec<u32>], fitness: &[u64], metrics: Metrics| {
        let k = (0..p).max_by_key(|&k| (fitness[k], std::cmp::Reverse(k)));
        let view = generation(spread(fitness.iter().map(|f| most_pairs - f)), p);
        Frame::full(&genes[k.unwrap_or(0)], metrics, view)
    };
    if frames {
        control.frame(&frame(&genes, &fitness, metrics));
    }
    let stop = loop {
        if fitness.contains(&most_pairs) {
            break None;
        }
        if capped(max_generations, metrics.steps) {
            break Some(StopReason::BudgetSteps);
        }
        if let Some(reason) = control.stop_reason(&metrics) {
            break Some(reason);
        }
        genes = next_generation(&genes, &fitness, p, gene_mutation, n, domains, rng);
        fitness = genes.iter().map(|g| evaluate(g, &mut metrics)).collect();
        metrics.steps += 1;
        if control.tracing() {
            control.observe(&metrics, conflicts_of_best(&fitness));
        }
        if frames {
            control.frame(&frame(&genes, &fitness, metrics));
        }
    };
    let best = (0..p)
        .max_by_key(|&k| (fitness[k], std::cmp::Reverse(k)))
        .unwrap_or(0);
    Outcome::from_last_board(genes.swap_remove(best), metrics, stop)
}

/// The generation after `genes`, whose fitness is `fitness`: pairs of
/// parents drawn by [`roulette`] until there are `p` children (`p` + 1 for
/// an odd `p`), each pair crossed at one cut drawn in 1..`n` into both
/// children, then every gene of every child mutated with probability
/// `gene_mutation` to a uniformly random column (on an instance, of its
/// domain; a fixed gene is never mutated).
fn next_generation(
    genes: &[Vec<u32>],
    fitness: &[u64],
    p: usize,
    gene_mutation: f64,
    n: usize,
    domains: Option<&Domains>,
    rng: &mut ChaCha8Rng,
) -> Vec<Vec<u32>> {
    let total: u64 = fitness.iter().sum();
    let mut children = Vec::with_capacity(p);
    while children.len() < p {
        let a = roulette(fitness, total, p, rng);
        let b = roulette(fitness, total, p, rng);
        let cut = rng.random_range(1..n);
        children.push([&genes[a][..cut], &genes[b][cut..]].concat());
        children.push([&genes[b][..cut], &genes[a][cut..]].concat());
    }
    for child in &mut children {
        match domains {
            None => {
                for gene in child.iter_mut() {
                    if rng.random_bool(gene_mutation) {
                        *gene = rng.random_range(0..n as u32);
                    }
                }
            }
            Some(domains) => {
                for (row, gene) in child.iter_mut().enumerate() {
                    if domains.is_free(row) && rng.random_bool(gene_mutation) {
                        *gene = domains.draw(row, rng);
                    }
                }
            }
        }
    }
    children
}

/// A parent drawn by roulette: individual k with probability
/// `fitness[k]` / `total` (the sum of `fitness`), or uniformly among the
/// first `p` when every fitness is 0.
fn roulette(fitness: &[u64], total: u64, p: usize, rng: &mut ChaCha8Rng) -> usize {
    if total == 0 {
        return rng.random_range(0..p);
    }
    let mut ball = rng.random_range(0..total);
    for (k, &f) in fitness.iter().enumerate() {
        if ball < f {
            return k;
        }
        ball -= f;
    }
    p - 1
}
