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
//!   (hesham8): population 6; one queen per row in any column (independent
//!   random columns, not a permutation; the blog has one queen per column
//!   in any row, the same board transposed); fitness = non-attacking pairs, N(N-1)/2 minus the attacking pairs on columns and diagonals (28
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
//! created; `checks` (defined at [`crate::base::outcome::Metrics::checks`]) = N
//! per fitness evaluation (the counters of each queen's square read once as
//! it is counted), plus, for `permutation`, 1 per memetic test of whether a
//! queen is attacked and 4 per swap delta (the counts of the two lifted
//! queens' squares and of the two landing squares), all counted by the
//! [`PermutationBoard`](crate::solvers::blocks::boards::PermutationBoard) that answers them.
//! So `hesham` makes population × N checks per generation; nothing else is
//! added (selection compares stored fitness values, crossover and mutation
//! read no square). The search stops at the first
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
//!
//! Trace: the fittest individual of the initial population (step 0, once
//! it is built) and of every generation, at the counters when the
//! generation is complete, so a new fewest is observed with the generation
//! that holds it (its work counted to the end of that generation); a
//! permutation search stopped mid-population or mid-generation observes the
//! best individual built so far, with the counters at the stop. The last
//! observation is the individual returned: 0 exactly when solved.
//!
//! Loop: each variant has its own, not the local-search driver's
//! ([`crate::solvers::blocks::local_search`]), which asks the budget once per round and then
//! makes one whole step. The permutation GA asks it before every individual
//! and may stop mid-generation, returning the best individual built so far.
//! A `hesham` generation counts one evaluation per individual (the driver
//! counts evaluations only at restarts), its `max_generations` cap is asked
//! before the budget, and its replay opens on a generation, not on the
//! driver's start view.
//!
//! Instances (blocked squares, given queens, excluded diagonals:
//! [`crate::base::instance`]): `hesham` takes them, `permutation` refuses
//! them. In `hesham` each gene's values are its row's domain
//! ([`crate::solvers::blocks::domains::Domains`]: the given column of a
//! given row, the allowed columns of another): the initial genes are drawn
//! uniformly in it, the one-point crossover keeps every gene in its row (so
//! in its domain), and the mutation draws a new value in it; a row with one
//! value (a given queen) is a fixed gene, never mutated (no draw at all). A
//! row without any allowed column makes the instance unsatisfiable, which
//! the search cannot prove: it runs out its budget
//! ([`crate::solvers::blocks::domains::idle`]). `permutation` refuses
//! ([`PERMUTATION_REFUSES_INSTANCES`]): its individuals are permutations
//! that OX and PMX recombine and its mutation and memetic step swap
//! freely; keeping every queen in its domain would need a repair after
//! each of them, which would no longer be the operators of the sources.
//!
//! This file holds the parameters, the settings and the registry entry;
//! `genetic/operators.rs` the crossovers, `genetic/permutation.rs` the
//! permutation GA and `genetic/hesham.rs` Hesham's GA.

mod hesham;
mod operators;
mod permutation;

use rand::rngs::ChaCha8Rng;

use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{
    ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec, unhandled_word,
};
use crate::solvers::{Budget, Control, Outcome, Solver};

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
        citation: "Holland 1975; Goldberg 1989",
    },
    VariantSpec {
        name: "hesham",
        uses: &[
            Use::Fixed("population", "6"),
            Use::Fixed("mutation_rate", "0.05"),
            Use::Free("max_generations"),
        ],
        citation: "Hesham's series",
    },
];

/// Why the `permutation` variant refuses an instance: what
/// [`Configured::instance_refused`] says for it.
pub const PERMUTATION_REFUSES_INSTANCES: &str = "variant=permutation recombines and swaps whole permutations (OX, PMX, swap mutation, memetic swaps), which would move given queens and land on blocked squares: use variant=hesham, whose genes keep to the instance";

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

/// Whether the generation cap `max_generations` is reached after
/// `generations`.
fn capped(max_generations: Option<u64>, generations: u64) -> bool {
    max_generations.is_some_and(|g| generations >= g)
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

    /// `hesham` keeps its genes in their domains; `permutation` refuses.
    fn instance_refused(&self) -> Option<String> {
        match self.variant {
            Variant::Hesham(_) => None,
            Variant::Permutation(_) => Some(PERMUTATION_REFUSES_INSTANCES.to_string()),
        }
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "genetic",
    summary: "genetic algorithm on permutations: tournament selection, OX/PMX crossover, swap mutation, elitism, a memetic improving-swap step",
    source: "Holland 1975; Goldberg 1989; OX: Davis 1985; PMX: Goldberg & Lingle 1985; memetic step: Moscato 1989; variant hesham: the GA of Hesham's blog series \"The Eight Queens Problem\" (hesham8)",
    citation: "Holland 1975; Goldberg 1989; Hesham's series (hesham)",
    step: "one generation",
    checks: &[
        CheckCount {
            variant: Some("permutation"),
            counts: "N per evaluation, 1 per memetic test of whether a queen is attacked, 4 per memetic swap delta",
        },
        CheckCount {
            variant: Some("hesham"),
            counts: "N per evaluation (population × N per generation)",
        },
    ],
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(DEFAULT_GENERATIONS),
    settings: |params| boxed(settings(params)),
};

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        control.set_poll_interval(1);
        match &self.variant {
            Variant::Permutation(settings) => {
                permutation::solve(settings, self.max_generations, n, rng, control)
            }
            Variant::Hesham(settings) => {
                hesham::solve(*settings, self.max_generations, n, rng, control)
            }
        }
    }
}
