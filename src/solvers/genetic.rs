//! `genetic`: a generational genetic algorithm (Holland 1975; Goldberg,
//! "Genetic Algorithms in Search, Optimization and Machine Learning", 1989).
//!
//! Variants (`variant`):
//! - `permutation` (default): an individual is a permutation (row `r` holds
//!   its queen in column `genes[r]`), so only diagonals can hold attacking
//!   pairs; fitness = attacking pairs (lower is better), counted from scratch
//!   in O(N) with diagonal counters. Each generation keeps the `elite` best
//!   individuals unchanged and fills the rest with children: two parents by
//!   tournament (`tournament` individuals drawn uniformly with replacement,
//!   the fewest conflicts wins, the first drawn on ties); with probability
//!   `crossover_rate` a child of order crossover (OX, Davis 1985) or partially
//!   mapped crossover (PMX, Goldberg & Lingle 1985), otherwise a copy of the
//!   first parent; with probability `mutation_rate` one swap of two random
//!   rows. Choice: a memetic step (Moscato 1989) then improves every new
//!   individual, the initial ones included: `local_search × N` attempts, each
//!   drawing a random row and, if its queen is attacked, a random partner
//!   row, and keeping the swap when it lowers the conflicts (O(1) delta from
//!   the counters). `local_search = 0` gives the plain GA.
//! - `hesham`: the GA of Hesham's blog series "The Eight Queens Problem"
//!   (hesham8): population 6; one queen per row in any column
//!   (independent random columns, not a permutation; the blog has one queen
//!   per column in any row, the same board transposed); fitness = non-attacking
//!   pairs, N(N-1)/2 minus the attacking pairs on columns and diagonals (28
//!   for a solution at N = 8); fitness-proportional (roulette) selection,
//!   uniform when every fitness is 0; one-point crossover at a cut drawn
//!   uniformly in 1..N, each pair of parents giving both children; every gene
//!   then mutated with probability 0.05 to a uniformly random column
//!   (possibly its own); no elitism: the children replace the population.
//!   The variant fixes `population = 6` and `mutation_rate = 0.05` (here the
//!   per-gene probability), and takes no other parameter but
//!   `max_generations`: `crossover`, `crossover_rate`, `tournament`, `elite`
//!   and `local_search` do not apply to it and are refused.
//!
//! Counters: `steps` = generations completed (the initial population is
//! generation 0); `evaluations` = fitness evaluations, one per individual
//! created; `checks` = queen conflict evaluations: N per fitness evaluation
//! (each queen counted on its lines once), 1 per memetic test of whether a
//! queen is attacked, 4 per swap delta (the line counts of the two lifted
//! queens and of the two landing squares). The search stops at the first
//! individual without conflicts, or when the step budget (`--max-steps`,
//! default [`DEFAULT_GENERATIONS`]) or the optional extra cap
//! `max_generations` (0: none) is reached (stop reason `budget_steps`
//! either way). The default budget ends N = 2 and 3 in well under a second
//! and is far above what the permutation GA needs (under 1,000 generations
//! up to N = 1024); the `hesham` variant needs a median of about 15,000
//! generations at N = 8 (the 90th percentile about 45,000), so it solves
//! N = 8 in somewhat over half of the seeds within it: raise `--max-steps`
//! for it (the `series` experiment gives it 100,000).
//!
//! Budgets: the permutation GA asks `control.stop_reason` before every
//! generation and again before every further individual it creates (the
//! initial ones included), since one individual's memetic step can take
//! many checks; so `max_checks`, the time limit and Ctrl-C end a search
//! within one individual, and a search stopped mid-generation returns the
//! best individual built so far (the current generation or the new
//! children; the current one on ties). `steps` count whole generations, so a
//! step budget ends a search between generations. The `hesham` variant,
//! whose generation is six O(N) evaluations, asks before every generation.
//! Neither variant restarts.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::algorithm::{Algorithm, Configured, boxed};
use super::memory::MemoryEstimate;
use super::params::{ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec, unhandled_word};
use super::permutation_energy::{PermutationBoard, free_energy};
use super::{Budget, Control, Metrics, Outcome, Solver, StopReason};
use crate::board::Placement;

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "variant",
        kind: ParamKind::Choice(&["permutation", "hesham"]),
        default: "permutation",
        help: "permutation: tournament, OX/PMX, swap mutation, elitism, memetic swaps; hesham: the GA of Hesham's series (population 6, roulette, one-point crossover, per-gene mutation 0.05, no elitism)",
    },
    ParamSpec {
        name: "population",
        kind: ParamKind::Int {
            min: 2,
            max: 1_000_000,
        },
        default: "20",
        help: "individuals per generation; hesham: fixed at 6",
    },
    ParamSpec {
        name: "crossover",
        kind: ParamKind::Choice(&["ox", "pmx"]),
        default: "pmx",
        help: "permutation only: order crossover (ox) or partially mapped crossover (pmx)",
    },
    ParamSpec {
        name: "crossover_rate",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
        default: "0.9",
        help: "permutation only: probability that a child is a crossover rather than a copy of its first parent",
    },
    ParamSpec {
        name: "mutation_rate",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
        default: "0.5",
        help: "permutation: probability that a child gets one random swap; hesham: per-gene probability of a new random column (fixed: 0.05)",
    },
    ParamSpec {
        name: "tournament",
        kind: ParamKind::Int {
            min: 1,
            max: 1_000_000,
        },
        default: "3",
        help: "permutation only: individuals drawn (with replacement) per tournament selection",
    },
    ParamSpec {
        name: "elite",
        kind: ParamKind::Int {
            min: 0,
            max: 999_999,
        },
        default: "2",
        help: "permutation only: best individuals copied unchanged into the next generation (fewer than population)",
    },
    ParamSpec {
        name: "local_search",
        kind: ParamKind::Float { min: 0.0, max: 1e6 },
        default: "2",
        help: "permutation only: memetic swap attempts per new individual, in multiples of N; 0 gives the plain GA",
    },
    ParamSpec {
        name: "max_generations",
        kind: ParamKind::Int {
            min: 0,
            max: i64::MAX,
        },
        default: "0",
        help: "an extra cap: stop after this many generations (stop reason budget_steps) even if --max-steps allows more; 0 = no cap",
    },
];

const VARIANTS: &[VariantSpec] = &[
    VariantSpec {
        name: "permutation",
        uses: &[
            Use::Free("population"),
            Use::Free("crossover"),
            Use::Free("crossover_rate"),
            Use::Free("mutation_rate"),
            Use::Free("tournament"),
            Use::Free("elite"),
            Use::Free("local_search"),
            Use::Free("max_generations"),
        ],
    },
    VariantSpec {
        name: "hesham",
        uses: &[
            Use::Fixed("population", "6"),
            Use::Fixed("mutation_rate", "0.05"),
            Use::Free("max_generations"),
        ],
    },
];

/// The default step budget, in generations: the permutation GA needs under
/// 1,000 up to N = 1024; 20,000 take about 0.15 s at N = 2 and 3.
pub const DEFAULT_GENERATIONS: u64 = 20_000;

/// The recombination operator of the permutation GA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossover {
    /// Order crossover (Davis 1985).
    Order,
    /// Partially mapped crossover (Goldberg & Lingle 1985).
    PartiallyMapped,
}

/// The settings of the permutation GA.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PermutationSettings {
    /// Individuals per generation.
    pub population: usize,
    /// Recombination operator.
    pub crossover: Crossover,
    /// Probability that a child is a crossover.
    pub crossover_rate: f64,
    /// Probability that a child gets one random swap.
    pub mutation_rate: f64,
    /// Individuals per tournament.
    pub tournament: usize,
    /// Individuals copied unchanged.
    pub elite: usize,
    /// Memetic swap attempts per new individual, in multiples of N.
    pub local_search: f64,
}

/// The settings of Hesham's GA.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeshamSettings {
    /// Individuals per generation (even: children come in pairs).
    pub population: usize,
    /// Probability that a gene gets a new random column.
    pub gene_mutation: f64,
}

/// Which GA runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Variant {
    /// The tuned permutation GA.
    Permutation(PermutationSettings),
    /// Hesham's GA with its population size and per-gene mutation
    /// probability.
    Hesham(HeshamSettings),
}

/// The settings of a `genetic` run, which are also its solver.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Which GA runs, with its settings.
    pub variant: Variant,
    /// An extra cap on the generations besides the step budget.
    pub max_generations: Option<u64>,
}

impl Settings {
    /// Whether the generation cap is reached after `generations`.
    fn capped(&self, generations: u64) -> bool {
        self.max_generations.is_some_and(|g| generations >= g)
    }
}

/// Reads the chosen variant's parameters; refuses as many elites as
/// individuals or more.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    let max_generations = Some(params.count("max_generations")?).filter(|&g| g > 0);
    let population = params.count("population")? as usize;
    let variant = match params.word("variant")? {
        "hesham" => Variant::Hesham(HeshamSettings {
            population,
            gene_mutation: params.float("mutation_rate")?,
        }),
        "permutation" => {
            let elite = params.count("elite")? as usize;
            if elite >= population {
                return Err(ParamError::BadValue {
                    key: "elite".to_string(),
                    value: elite.to_string(),
                    expected: format!("fewer than population ({population})"),
                });
            }
            Variant::Permutation(PermutationSettings {
                population,
                crossover: match params.word("crossover")? {
                    "ox" => Crossover::Order,
                    "pmx" => Crossover::PartiallyMapped,
                    other => return Err(unhandled_word("crossover", other)),
                },
                crossover_rate: params.float("crossover_rate")?,
                mutation_rate: params.float("mutation_rate")?,
                tournament: params.count("tournament")? as usize,
                elite,
                local_search: params.float("local_search")?,
            })
        }
        other => return Err(unhandled_word("variant", other)),
    };
    Ok(Settings {
        variant,
        max_generations,
    })
}

impl Configured for Settings {
    /// `permutation`: two generations of genes (8·population bytes per
    /// queen) and their conflicts and ranking (24 bytes per individual),
    /// the counter board (20 bytes per queen), the crossover scratch (5)
    /// and the solution (4); `hesham`: two generations of genes and their
    /// fitness (64 bytes per individual with the vectors' own headers), the
    /// fitness counters (20 per queen) and the solution.
    fn memory(&self, n: usize) -> MemoryEstimate {
        let (population, per_individual) = match self.variant {
            Variant::Permutation(s) => (s.population, 24),
            Variant::Hesham(s) => (s.population, 64),
        };
        let population = population as u64;
        let per_queen = population.saturating_mul(8).saturating_add(29);
        MemoryEstimate::per_queen(
            n,
            per_queen,
            "lower population: a GA stores 8 bytes per gene",
        )
        .plus(population.saturating_mul(per_individual))
    }

    fn never_restarts(&self) -> Option<&'static str> {
        Some("the genetic algorithm never restarts (one population evolves)")
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "genetic",
    summary: "genetic algorithm on permutations: tournament selection, OX/PMX crossover, swap mutation, elitism, a memetic improving-swap step",
    source: "Holland 1975; Goldberg 1989; OX: Davis 1985; PMX: Goldberg & Lingle 1985; memetic step: Moscato 1989; variant hesham: the GA of Hesham's blog series \"The Eight Queens Problem\" (hesham8)",
    citation: "Holland 1975; Goldberg 1989; Hesham's series (hesham)",
    step: "one generation",
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(DEFAULT_GENERATIONS),
    settings: |params| boxed(settings(params)),
};

/// Fills `genes` with a uniformly random permutation of `0..n` (Fisher–Yates).
fn random_permutation(genes: &mut [u32], rng: &mut ChaCha8Rng) {
    for (k, g) in genes.iter_mut().enumerate() {
        *g = k as u32;
    }
    for i in (1..genes.len()).rev() {
        let j = rng.random_range(0..=i);
        genes.swap(i, j);
    }
}

/// An index in `0..n` other than `i`, drawn uniformly (needs `n >= 2`).
#[inline]
fn other_than(i: usize, n: usize, rng: &mut ChaCha8Rng) -> usize {
    let j = rng.random_range(0..n - 1);
    if j >= i { j + 1 } else { j }
}

/// Two distinct indices in `0..n`, drawn uniformly (needs `n >= 2`).
#[inline]
fn distinct_pair(n: usize, rng: &mut ChaCha8Rng) -> (usize, usize) {
    let i = rng.random_range(0..n);
    (i, other_than(i, n, rng))
}

/// A slice `[left, right)` of `0..n` with `left < right`, drawn uniformly
/// among such pairs of cut points.
fn cut_points(n: usize, rng: &mut ChaCha8Rng) -> (usize, usize) {
    let (a, b) = distinct_pair(n + 1, rng);
    (a.min(b), a.max(b))
}

/// Order crossover (OX): the child keeps `first[left..right]` in place and
/// takes the other genes in the order they appear in `second`, reading and
/// writing from position `right` onwards, wrapping around.
fn order_crossover(
    first: &[u32],
    second: &[u32],
    child: &mut [u32],
    taken: &mut [bool],
    rng: &mut ChaCha8Rng,
) {
    let n = first.len();
    let (left, right) = cut_points(n, rng);
    taken.fill(false);
    for k in left..right {
        child[k] = first[k];
        taken[first[k] as usize] = true;
    }
    let mut write = right % n;
    for offset in 0..n {
        let gene = second[(right + offset) % n];
        if !taken[gene as usize] {
            child[write] = gene;
            write = (write + 1) % n;
            if write == left {
                break;
            }
        }
    }
}

/// Partially mapped crossover (PMX): the child keeps `first[left..right]` in
/// place; every other position takes `second`'s gene, followed through the
/// mapping `first[k] -> second[k]` of the slice while it is already used.
fn partially_mapped_crossover(
    first: &[u32],
    second: &[u32],
    child: &mut [u32],
    position_in_first: &mut [u32],
    rng: &mut ChaCha8Rng,
) {
    let n = first.len();
    let (left, right) = cut_points(n, rng);
    for (k, &gene) in first.iter().enumerate() {
        position_in_first[gene as usize] = k as u32;
    }
    child[left..right].copy_from_slice(&first[left..right]);
    for k in (0..left).chain(right..n) {
        let mut gene = second[k];
        // While the gene is already placed by the slice, take the gene of
        // `second` at the position the slice holds it.
        loop {
            let position = position_in_first[gene as usize] as usize;
            if !(left..right).contains(&position) {
                break;
            }
            gene = second[position];
        }
        child[k] = gene;
    }
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
    metrics: Metrics,
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
            metrics: Metrics::default(),
        }
    }

    /// Evaluates `genes` from scratch, applies the memetic step, writes the
    /// improved genes back and returns their conflicts.
    fn evaluate_and_improve(&mut self, genes: &mut [u32], rng: &mut ChaCha8Rng) -> u64 {
        let n = self.n;
        self.board.load(genes);
        self.metrics.evaluations += 1;
        self.metrics.checks += n as u64;
        let attempts = (self.settings.local_search * n as f64).round() as u64;
        if n >= 2 {
            for _ in 0..attempts {
                if self.board.energy() == 0 {
                    break;
                }
                let i = rng.random_range(0..n);
                self.metrics.checks += 1;
                if !self.board.is_attacked(i) {
                    continue;
                }
                let j = other_than(i, n, rng);
                let delta = self.board.swap_delta(i, j);
                self.metrics.checks += 4;
                if delta < 0 {
                    self.board.apply_swap(i, j, delta);
                }
            }
        }
        genes.copy_from_slice(self.board.columns());
        self.board.energy()
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
                && let Some(reason) = control.stop_reason(&self.metrics)
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
                && let Some(reason) = control.stop_reason(&self.metrics)
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
        self.metrics.steps += 1;
        progress
    }

    /// The end of the search at individual `k` of the current generation:
    /// solved when `stop` is `None`; its conflicts are known, so nothing is
    /// recounted.
    fn outcome(&self, k: usize, stop: Option<StopReason>) -> Outcome {
        let mut metrics = self.metrics;
        metrics.final_conflicts = self.conflicts[k];
        match stop {
            None => {
                let columns = self.genes[k * self.n..(k + 1) * self.n].to_vec();
                Outcome::solved(Placement::new(columns), metrics)
            }
            Some(reason) => Outcome::unsolved(metrics, reason),
        }
    }
}

impl Settings {
    fn solve_permutation(
        &self,
        settings: &PermutationSettings,
        n: usize,
        rng: &mut ChaCha8Rng,
        control: &mut Control<'_>,
    ) -> Outcome {
        let mut ga = PermutationGa::new(settings, n);
        let mut progress = ga.initialise(rng, control);
        if let Progress::Stopped(reason, k) = progress {
            return ga.outcome(k, Some(reason));
        }
        if control.tracing() {
            control.observe(0, ga.conflicts[fittest(&ga.conflicts)]);
        }
        let (k, stop) = loop {
            match progress {
                Progress::Solved(k) => break (k, None),
                Progress::Stopped(reason, k) => break (k, Some(reason)),
                Progress::Complete => {}
            }
            let best = || fittest(&ga.conflicts);
            if self.capped(ga.metrics.steps) {
                break (best(), Some(StopReason::BudgetSteps));
            }
            if let Some(reason) = control.stop_reason(&ga.metrics) {
                break (best(), Some(reason));
            }
            progress = ga.generation(rng, control);
            if control.tracing() && !matches!(progress, Progress::Stopped(..)) {
                control.observe(ga.metrics.steps, ga.conflicts[fittest(&ga.conflicts)]);
            }
        };
        ga.outcome(k, stop)
    }

    fn solve_hesham(
        &self,
        HeshamSettings {
            population: p,
            gene_mutation,
        }: HeshamSettings,
        n: usize,
        rng: &mut ChaCha8Rng,
        control: &mut Control<'_>,
    ) -> Outcome {
        let most_pairs = (n as u64) * (n as u64).saturating_sub(1) / 2;
        let mut metrics = Metrics::default();
        let mut scratch = Vec::new();
        let mut evaluate = |genes: &[u32], metrics: &mut Metrics| {
            metrics.evaluations += 1;
            metrics.checks += n as u64;
            most_pairs - free_energy(genes, &mut scratch)
        };
        let mut genes: Vec<Vec<u32>> = (0..p)
            .map(|_| (0..n).map(|_| rng.random_range(0..n as u32)).collect())
            .collect();
        let mut fitness: Vec<u64> = genes.iter().map(|g| evaluate(g, &mut metrics)).collect();
        let conflicts_of_best =
            |fitness: &[u64]| most_pairs - fitness.iter().max().copied().unwrap_or(0);
        if control.tracing() {
            control.observe(0, conflicts_of_best(&fitness));
        }
        let stop = loop {
            if fitness.contains(&most_pairs) {
                break None;
            }
            if self.capped(metrics.steps) {
                break Some(StopReason::BudgetSteps);
            }
            if let Some(reason) = control.stop_reason(&metrics) {
                break Some(reason);
            }
            let total: u64 = fitness.iter().sum();
            let roulette = |rng: &mut ChaCha8Rng| {
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
            };
            let mut children = Vec::with_capacity(p);
            while children.len() < p {
                let a = roulette(rng);
                let b = roulette(rng);
                let cut = rng.random_range(1..n);
                children.push([&genes[a][..cut], &genes[b][cut..]].concat());
                children.push([&genes[b][..cut], &genes[a][cut..]].concat());
            }
            for child in &mut children {
                for gene in child.iter_mut() {
                    if rng.random_bool(gene_mutation) {
                        *gene = rng.random_range(0..n as u32);
                    }
                }
            }
            genes = children;
            fitness = genes.iter().map(|g| evaluate(g, &mut metrics)).collect();
            metrics.steps += 1;
            if control.tracing() {
                control.observe(metrics.steps, conflicts_of_best(&fitness));
            }
        };
        let best = (0..p)
            .max_by_key(|&k| (fitness[k], std::cmp::Reverse(k)))
            .unwrap_or(0);
        Outcome::from_last_board(genes.swap_remove(best), metrics, stop)
    }
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        control.set_poll_interval(1);
        match &self.variant {
            Variant::Permutation(settings) => self.solve_permutation(settings, n, rng, control),
            Variant::Hesham(settings) => self.solve_hesham(*settings, n, rng, control),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;

    use super::*;

    fn permutation(n: usize, rng: &mut ChaCha8Rng) -> Vec<u32> {
        let mut genes = vec![0; n];
        random_permutation(&mut genes, rng);
        genes
    }

    fn is_permutation(genes: &[u32]) -> bool {
        let mut sorted = genes.to_vec();
        sorted.sort_unstable();
        sorted.iter().enumerate().all(|(k, &g)| g == k as u32)
    }

    proptest! {
        #[test]
        fn crossovers_give_permutations_that_keep_the_first_parents_slice(
            n in 2usize..40,
            seed in any::<u64>(),
        ) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let first = permutation(n, &mut rng);
            let second = permutation(n, &mut rng);
            let mut flags = vec![false; n];
            let mut positions = vec![0; n];
            for pmx in [false, true] {
                let mut child = vec![u32::MAX; n];
                let cut_seed: u64 = rng.random();
                let mut cuts = ChaCha8Rng::seed_from_u64(cut_seed);
                let mut replay = ChaCha8Rng::seed_from_u64(cut_seed);
                if pmx {
                    partially_mapped_crossover(&first, &second, &mut child, &mut positions, &mut cuts);
                } else {
                    order_crossover(&first, &second, &mut child, &mut flags, &mut cuts);
                }
                prop_assert!(is_permutation(&child), "{:?}", child);
                let (left, right) = cut_points(n, &mut replay);
                prop_assert_eq!(&child[left..right], &first[left..right]);
                if pmx {
                    // Outside the slice, a gene of the second parent that the
                    // slice does not hold stays in place.
                    for k in (0..left).chain(right..n) {
                        if !first[left..right].contains(&second[k]) {
                            prop_assert_eq!(child[k], second[k]);
                        }
                    }
                } else {
                    // Outside the slice, the genes keep the second parent's
                    // cyclic order starting after the slice.
                    let rest: Vec<u32> = (0..n)
                        .map(|o| second[(right + o) % n])
                        .filter(|g| !first[left..right].contains(g))
                        .collect();
                    let placed: Vec<u32> = (0..n - (right - left))
                        .map(|o| child[(right + o) % n])
                        .collect();
                    prop_assert_eq!(rest, placed);
                }
            }
        }
    }
}
