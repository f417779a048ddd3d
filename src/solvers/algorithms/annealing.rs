//! `annealing`: simulated annealing (Kirkpatrick, Gelatt & Vecchi, "Optimization
//! by Simulated Annealing", Science 220, 1983) with Metropolis acceptance.
//!
//! Variants (`variant`):
//! - `permutation` (default): the board is a permutation (one queen per row and
//!   per column), so the energy (attacking pairs) lives on the diagonals only.
//!   A move swaps the columns of two distinct rows drawn uniformly; its energy
//!   change comes in O(1) from diagonal counters ([`PermutationBoard`]),
//!   exact also when the two queens share a diagonal. Geometric cooling: the temperature starts at
//!   `t0` and is multiplied by `alpha` after every `steps_per_temperature`
//!   moves (0 means N moves, one per queen, which keeps the schedule the same
//!   per queen at every N). Energy deltas of a swap are small integers at
//!   every N, so `t0` needs no scaling with N. Optional reheats: after
//!   `reheat_after` temperature levels without a new lowest energy (lowest
//!   since the start or the last reheat), the temperature goes back to `t0`,
//!   at most `reheats` times. They free the small boards (N = 6 and 7) whose
//!   cold descent can freeze in a local minimum of the swap neighbourhood.
//!   The default budget ([`DEFAULT_MOVES`]) covers N up to 10^4, which
//!   takes 1.5 to 2.8·10^6 moves (59 of seeds 0..60; seed 16 takes
//!   6.7·10^6); beyond, raise `--max-steps` and consider
//!   `reheat_after=0`, as a reheat near the end of a long descent at
//!   N = 10^5 costs more than it saves.
//! - `hesham`: the schedule of the simulated-annealing solver of Hesham's
//!   blog series "The Eight Queens Problem" (hesham8): one queen per row in
//!   any column ([`FreeBoard`]; the blog has one per column in any row, the
//!   same board transposed), a move sends a random queen to a uniformly random column of
//!   its row (possibly its own: a null move), T0 = 35 and T multiplied by 0.97
//!   after every move. The published code compared a state with itself, so
//!   every move was accepted; here moves go through proper Metropolis
//!   acceptance. The variant fixes these settings as `t0 = 35`, `alpha =
//!   0.97`, `steps_per_temperature = 1`, `reheat_after = 0` and `reheats =
//!   0` (what a run records): it refuses other values of them.
//!   With nothing to lift it once T is near 0, about 3 seeds in 100 freeze
//!   in a local minimum at N = 8 and run to their budget (seeds 0..100).
//!
//! Both variants run on the local-search driver ([`crate::solvers::blocks::local_search`]):
//! they stop as soon as the energy is 0, and neither restarts. The
//! temperature cools towards 0: once `exp(-1 / T)` underflows to 0 (T below
//! about 1/745), no uphill move can pass any more and the temperature is set
//! to exactly 0. That changes no decision, but keeps the cooling off
//! subnormal numbers, where every multiplication is about a hundred times
//! slower and T would stay at the smallest subnormal for ever. From there on
//! the search is a descent that still takes moves of energy change 0
//! (sideways moves).
//!
//! Checks (defined at [`crate::base::outcome::Metrics::checks`]): N for the
//! starting board, then 4 per swap (its delta reads four squares); `hesham`:
//! 2 per move delta and 2 per accepted move, none for a null move.
//!
//! Instances (blocked squares, given queens, excluded diagonals:
//! [`crate::base::instance`]): both variants take them; each row may hold
//! its queen only in its domain ([`Domains`]: the given column of a given
//! row, the allowed columns of another), and a row with one column in it
//! (a given row) never moves.
//! - `hesham`: the first board draws each row's queen uniformly in its
//!   domain; a move draws a row uniformly among the rows that can move,
//!   then a column uniformly in its domain (possibly its own: a null move).
//!   When no row can move, every move is a null move (no draw).
//! - `permutation`: the starting permutation must keep every queen in its
//!   domain, which a uniform shuffle would almost never do; it is found by
//!   a randomized matching ([`Domains::matching`]: augmenting paths over
//!   the rows in a random order, each trying its columns in a random order;
//!   at most N augmentations, so its effort is bounded), its draws taken
//!   from the search's stream. When no such permutation exists, the
//!   instance has no solution (every solution is one). A move draws two
//!   distinct rows uniformly among the rows that can move; a swap that
//!   would put either queen outside its domain is refused unread (a
//!   proposal that is not taken, energy change 0, no check), and the others
//!   go through Metropolis as on the plain board. With fewer than two rows
//!   that can move, every proposal is refused so (no draw).
//!
//! A `--start` board is fitted to the instance: `hesham` redraws a row
//! whose column is outside its domain ([`local_search::first_board`]);
//! `permutation` keeps the given permutation when every queen is in its
//! domain and otherwise draws its starting permutation as above. An
//! instance without solution (a row without any allowed column, or no
//! permutation within the domains for `permutation`) cannot be proved so by
//! the search: it runs out its budget
//! ([`crate::solvers::blocks::domains::idle`]).

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::blocks::boards::{CountedBoard, FreeBoard, PermutationBoard, RowBoard};
use crate::solvers::blocks::domains::{self, Domains};
use crate::solvers::blocks::frame::View;
use crate::solvers::blocks::local_search::{self, LocalSearch, Next};
use crate::solvers::blocks::random::{distinct_pair, random_permutation};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{
    ParamError, ParamKind, ParamSpec, Params, Use, VariantSpec, unhandled_word,
};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver};

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "variant",
        kind: ParamKind::Choice(&["permutation", "hesham"]),
        default: "permutation",
        help: "permutation: swap moves, tunable schedule; hesham: the schedule of Hesham's series (T0 35, x0.97 per move, random queen to random column) with Metropolis acceptance",
    },
    ParamSpec {
        name: "t0",
        kind: ParamKind::Float {
            min: 0.0,
            max: 1e12,
        },
        default: "2",
        help: "starting temperature (energy units: attacking pairs); hesham: fixed at 35",
    },
    ParamSpec {
        name: "alpha",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
        default: "0.9",
        help: "cooling factor applied after each temperature level; hesham: fixed at 0.97",
    },
    ParamSpec {
        name: "steps_per_temperature",
        kind: ParamKind::Int {
            min: 0,
            max: i64::MAX,
        },
        default: "0",
        help: "moves per temperature level; 0 means N (one per queen); hesham: fixed at 1",
    },
    ParamSpec {
        name: "reheat_after",
        kind: ParamKind::Int {
            min: 0,
            max: i64::MAX,
        },
        default: "100",
        help: "temperature levels without a new lowest energy before reheating to t0; 0 never reheats; hesham: fixed at 0",
    },
    ParamSpec {
        name: "reheats",
        kind: ParamKind::Int {
            min: 0,
            max: i64::MAX,
        },
        default: "1000",
        help: "most reheats in one search; hesham: fixed at 0",
    },
];

const VARIANTS: &[VariantSpec] = &[
    VariantSpec {
        name: "permutation",
        uses: &[
            Use::Free("t0"),
            Use::Free("alpha"),
            Use::Free("steps_per_temperature"),
            Use::Free("reheat_after"),
            Use::Free("reheats"),
        ],
        citation: "Kirkpatrick et al. 1983",
    },
    // Hesham's schedule: T0 = 35, multiplied by 0.97 after every move.
    VariantSpec {
        name: "hesham",
        uses: &[
            Use::Fixed("t0", "35"),
            Use::Fixed("alpha", "0.97"),
            Use::Fixed("steps_per_temperature", "1"),
            Use::Fixed("reheat_after", "0"),
            Use::Fixed("reheats", "0"),
        ],
        citation: "Hesham's series",
    },
];

/// The default step budget, in moves: N = 10^4 takes up to about 2.8·10^6
/// moves (59 of 60 seeds); 5·10^6 take about 0.15 s at N = 2 and 3.
pub const DEFAULT_MOVES: u64 = 5_000_000;

/// The cooling schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Starting temperature.
    pub t0: f64,
    /// Factor applied to the temperature after each level.
    pub alpha: f64,
    /// Moves per temperature level; 0 means N.
    pub steps_per_temperature: u64,
    /// Levels without a new lowest energy before reheating; 0 never reheats.
    pub reheat_after: u64,
    /// Most reheats in one search.
    pub reheats: u64,
}

/// The board model and move of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Permutation board, swap moves.
    Permutation,
    /// Hesham's model: any column per row, one queen moved to a random column.
    Hesham,
}

/// The settings of an `annealing` run (the variant's board model and the
/// cooling schedule, which the `hesham` variant fixes), which are also its
/// solver.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Board model and move.
    pub variant: Variant,
    /// Cooling schedule.
    pub schedule: Schedule,
}

/// Reads the variant and its schedule.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    let variant = match params.word("variant")? {
        "permutation" => Variant::Permutation,
        "hesham" => Variant::Hesham,
        other => return Err(unhandled_word("variant", other)),
    };
    let schedule = Schedule {
        t0: params.float("t0")?,
        alpha: params.float("alpha")?,
        steps_per_temperature: params.count("steps_per_temperature")?,
        reheat_after: params.count("reheat_after")?,
        reheats: params.count("reheats")?,
    };
    Ok(Settings { variant, schedule })
}

impl Configured for Settings {
    /// `hesham` begins from any board; `permutation` only from one whose
    /// columns are all different (its moves swap two rows' columns).
    fn start_refused(&self, start: &[u32]) -> Option<String> {
        let mut seen = vec![false; start.len()];
        let permutation = start
            .iter()
            .all(|&c| !std::mem::replace(&mut seen[c as usize], true));
        (self.variant == Variant::Permutation && !permutation).then(|| {
            "variant=permutation keeps one queen per column: give every column once, or use variant=hesham".to_string()
        })
    }

    /// The starting board (4 bytes per queen) and the board with its line
    /// counters: 20 bytes per queen for a permutation, 24 with column
    /// counters; plus the table of uphill acceptance probabilities (64
    /// bytes).
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::per_queen(n, 28, "use min-conflicts variant=fast for large N")
            .plus(TABULATED as u64 * 8)
    }

    fn never_restarts(&self) -> Option<&'static str> {
        Some("simulated annealing never restarts (reheats are not restarts)")
    }

    /// Both variants keep their queens in their domains (the header says
    /// how): they take instances.
    fn instance_refused(&self) -> Option<String> {
        None
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "annealing",
    summary: "simulated annealing with Metropolis acceptance: swap moves on a permutation with O(1) energy deltas, geometric cooling, optional reheats",
    source: "Kirkpatrick, Gelatt & Vecchi 1983 (Science 220); variant hesham: the schedule of Hesham's blog series \"The Eight Queens Problem\" (hesham8), without its self-comparison bug",
    citation: "Kirkpatrick et al. 1983; Hesham's series (hesham)",
    step: "one move proposed",
    checks: &[
        CheckCount {
            variant: Some("permutation"),
            counts: "N for the starting board, 4 per move (the swap delta)",
        },
        CheckCount {
            variant: Some("hesham"),
            counts: "N for the starting board, 2 per move delta (0 for a null move), 2 more per accepted move that moves a queen",
        },
    ],
    params: PARAMS,
    variants: VARIANTS,
    default_budget: Budget::steps(DEFAULT_MOVES),
    settings: |params| boxed(settings(params)),
};

/// Uphill energy changes whose acceptance probability is tabulated per level.
const TABULATED: usize = 8;

/// The temperature and the reheat bookkeeping of one search.
struct Cooling {
    schedule: Schedule,
    level_length: u64,
    temperature: f64,
    /// `exp(-delta / temperature)` for `delta` in `1..=TABULATED`, when the
    /// levels are long enough to repay the table (empty otherwise).
    uphill: Vec<f64>,
    moves_in_level: u64,
    /// The lowest energy since the start or the last reheat.
    best_energy: u64,
    /// Completed levels since `best_energy` was last lowered.
    levels_since_best: u64,
    reheats_done: u64,
}

impl Cooling {
    fn new(schedule: Schedule, n: usize, energy: u64) -> Self {
        let level_length = match schedule.steps_per_temperature {
            0 => n as u64,
            k => k,
        };
        let mut cooling = Self {
            schedule,
            level_length: level_length.max(1),
            temperature: schedule.t0,
            uphill: Vec::with_capacity(TABULATED),
            moves_in_level: 0,
            best_energy: energy,
            levels_since_best: 0,
            reheats_done: 0,
        };
        cooling.set_temperature(schedule.t0);
        cooling
    }

    /// Sets the temperature, flushed to 0 once no uphill move can pass
    /// (see the header).
    fn set_temperature(&mut self, temperature: f64) {
        // exp(-1 / T) is far from 0 at T >= 0.01 (it is e^-100 there).
        let temperature = if temperature < 0.01 && Self::boltzmann(1, temperature) == 0.0 {
            0.0
        } else {
            temperature
        };
        self.temperature = temperature;
        if self.level_length >= 4 * TABULATED as u64 {
            self.uphill.clear();
            self.uphill
                .extend((1..=TABULATED as i64).map(|delta| Self::boltzmann(delta, temperature)));
        }
    }

    /// `exp(-delta / t)`; 0 at t = 0.
    fn boltzmann(delta: i64, temperature: f64) -> f64 {
        (-(delta as f64) / temperature).exp()
    }

    /// Whether a move of energy change `delta` is taken (Metropolis: always
    /// downhill or level, uphill with probability `exp(-delta / T)`, 0 at
    /// T = 0). Draws a number only for uphill moves that can pass.
    #[inline]
    fn accepts(&self, delta: i64, rng: &mut ChaCha8Rng) -> bool {
        if delta <= 0 {
            return true;
        }
        if self.temperature == 0.0 {
            return false;
        }
        let p = match self.uphill.get(delta as usize - 1) {
            Some(&p) => p,
            None => Self::boltzmann(delta, self.temperature),
        };
        p > 0.0 && rng.random::<f64>() < p
    }

    /// Records one move that left the board at `energy`.
    #[inline]
    fn after_move(&mut self, energy: u64) {
        if energy < self.best_energy {
            self.best_energy = energy;
            self.levels_since_best = 0;
        }
        self.moves_in_level += 1;
        if self.moves_in_level < self.level_length {
            return;
        }
        self.moves_in_level = 0;
        self.levels_since_best += 1;
        let s = self.schedule;
        if s.reheat_after > 0
            && self.levels_since_best >= s.reheat_after
            && self.reheats_done < s.reheats
        {
            self.reheats_done += 1;
            self.levels_since_best = 0;
            self.best_energy = energy;
            self.set_temperature(s.t0);
        } else {
            self.set_temperature(self.temperature * s.alpha);
        }
    }
}

/// A board the annealing walks on (its attacking pairs are the energy) and
/// its move, drawn at random with its energy change.
trait Landscape: CountedBoard {
    /// One proposed move.
    type Move: Copy;
    /// Draws a move and returns it with its energy change: on the plain
    /// board, or within `domains` on an instance.
    fn propose(&mut self, domains: Option<&Domains>, rng: &mut ChaCha8Rng) -> (Self::Move, i64);
    /// Makes `step`, whose energy change is `delta` (a refused or null
    /// move changes nothing).
    fn apply(&mut self, step: Self::Move, delta: i64);
    /// The squares `[row, column]` that `step`, just proposed and
    /// `accepted` or not, lands its queens on (for replays).
    fn landing(&self, step: Self::Move, accepted: bool) -> Vec<[u32; 2]>;
}

/// Swap moves on a permutation: two distinct rows drawn uniformly; 4 checks
/// (the swap delta).
///
/// On an instance the two rows are drawn among the rows that can move, and
/// a swap that leaves a domain is refused unread: the move `(i, i)`, energy
/// change 0, no check, which [`Landscape::apply`] leaves alone.
impl Landscape for PermutationBoard {
    type Move = (usize, usize);

    #[inline]
    fn propose(&mut self, domains: Option<&Domains>, rng: &mut ChaCha8Rng) -> (Self::Move, i64) {
        let Some(domains) = domains else {
            let (i, j) = distinct_pair(self.n(), rng);
            return ((i, j), self.swap_delta(i, j));
        };
        let free = domains.free_rows();
        if free.len() < 2 {
            return ((0, 0), 0);
        }
        let (a, b) = distinct_pair(free.len(), rng);
        let (i, j) = (free[a], free[b]);
        let c = self.columns();
        if !domains.allows(i, c[j]) || !domains.allows(j, c[i]) {
            return ((i, i), 0);
        }
        ((i, j), self.swap_delta(i, j))
    }

    #[inline]
    fn apply(&mut self, (i, j): Self::Move, delta: i64) {
        if i != j {
            self.apply_swap(i, j, delta);
        }
    }

    /// Row `i` lands on row `j`'s column and the other way round: after an
    /// accepted swap, those are the rows' own columns now. A refused swap
    /// lands nowhere.
    fn landing(&self, (i, j): Self::Move, accepted: bool) -> Vec<[u32; 2]> {
        if i == j {
            return Vec::new();
        }
        let c = self.columns();
        let (to_i, to_j) = if accepted { (c[i], c[j]) } else { (c[j], c[i]) };
        vec![[i as u32, to_i], [j as u32, to_j]]
    }
}

/// Hesham's move: a uniformly random row, then a uniformly random column
/// (possibly its own: a null move); 2 checks for the move delta (the
/// queen's current square and the landing square; none for a null move)
/// and 2 for making it (the same two squares read again to keep the pair
/// total; none for a null move).
impl Landscape for FreeBoard {
    type Move = (usize, u32);

    #[inline]
    fn propose(&mut self, domains: Option<&Domains>, rng: &mut ChaCha8Rng) -> (Self::Move, i64) {
        let (row, column) = match domains {
            None => {
                let n = self.n();
                let row = rng.random_range(0..n);
                (row, rng.random_range(0..n as u32))
            }
            Some(domains) => {
                let free = domains.free_rows();
                if free.is_empty() {
                    return ((0, self.columns()[0]), 0);
                }
                let row = free[rng.random_range(0..free.len())];
                (row, domains.draw(row, rng))
            }
        };
        ((row, column), self.move_delta(row, column))
    }

    #[inline]
    fn apply(&mut self, (row, column): Self::Move, _: i64) {
        self.move_queen(row, column);
    }

    fn landing(&self, (row, column): Self::Move, _: bool) -> Vec<[u32; 2]> {
        vec![[row as u32, column]]
    }
}

/// One annealing search: the board and its cooling, for the local-search
/// driver. Each step proposes one move (null moves included) and takes it
/// by Metropolis acceptance.
struct Anneal<L: Landscape> {
    board: L,
    /// The instance's domains; `None` on the plain board.
    domains: Option<Domains>,
    cooling: Cooling,
    /// The last move, for replays: the move, its energy change, whether it
    /// was taken, and the temperature it was judged at.
    last: Option<(L::Move, i64, bool, f64)>,
}

impl<L: Landscape> LocalSearch for Anneal<L> {
    type Board = L;

    fn board(&self) -> &L {
        &self.board
    }

    fn into_board(self) -> L {
        self.board
    }

    /// Solved at energy 0; otherwise one more move (annealing never
    /// restarts).
    fn next(&mut self) -> Next {
        if self.board.pairs() == 0 {
            Next::Solved
        } else {
            Next::Step
        }
    }

    #[inline]
    fn step(&mut self, rng: &mut ChaCha8Rng) {
        let (step, delta) = self.board.propose(self.domains.as_ref(), rng);
        let accepted = self.cooling.accepts(delta, rng);
        if accepted {
            self.board.apply(step, delta);
        }
        self.last = Some((step, delta, accepted, self.cooling.temperature));
        self.cooling.after_move(self.board.pairs());
    }

    fn restart(&mut self, _: &mut ChaCha8Rng) {
        unreachable!("annealing never restarts: next() never asks for it");
    }

    /// The proposed move, taken or not, its energy change and temperature,
    /// and the energy after it.
    fn step_view(&self) -> View {
        match self.last {
            Some((step, delta, accepted, temperature)) => View::Anneal {
                squares: self.board.landing(step, accepted),
                accepted,
                delta,
                temperature,
                energy: self.board.pairs(),
            },
            None => View::Board,
        }
    }
}

impl Settings {
    /// Anneals from `board`, of size `n`.
    ///
    /// Counters: `steps` = moves proposed (null moves included);
    /// `evaluations` = 1 (the starting board, counted from scratch);
    /// `checks` = the board's: N for that evaluation, then per move 4 (the
    /// swap delta), or for `hesham` 2 (the move delta, 0 for a null move)
    /// plus 2 when a move that changes a column is accepted.
    fn anneal<L: Landscape>(
        &self,
        n: usize,
        board: L,
        domains: Option<Domains>,
        rng: &mut ChaCha8Rng,
        control: &mut Control<'_>,
    ) -> Outcome {
        let start = Metrics {
            evaluations: 1,
            ..Metrics::default()
        };
        let cooling = Cooling::new(self.schedule, n, board.pairs());
        let anneal = Anneal {
            board,
            domains,
            cooling,
            last: None,
        };
        local_search::run(anneal, start, rng, control)
    }
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        let domains = Domains::of(control);
        if domains.as_ref().is_some_and(Domains::hopeless) {
            return domains::idle(n, control);
        }
        match self.variant {
            Variant::Permutation => {
                let start = match (control.take_start(), &domains) {
                    (Some(given), None) => given.to_vec(),
                    (None, None) => {
                        let mut drawn = vec![0; n];
                        random_permutation(&mut drawn, rng);
                        drawn
                    }
                    (Some(given), Some(d))
                        if given.iter().enumerate().all(|(r, &c)| d.allows(r, c)) =>
                    {
                        given.to_vec()
                    }
                    (_, Some(d)) => match d.matching(rng) {
                        Some(drawn) => drawn,
                        None => return domains::idle(n, control),
                    },
                };
                self.anneal(n, PermutationBoard::new(&start), domains, rng, control)
            }
            Variant::Hesham => {
                let board = local_search::first_board(n, domains.as_ref(), rng, control);
                self.anneal(n, board, domains, rng, control)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn a_hesham_move_costs_what_it_reads() {
        // Board [0, 0, 0]: three queens in column 0 (3 pairs). A queen of
        // row r moved to column c ≠ 0 leaves 2 column pairs and meets the
        // queens of the rows at distance c on a diagonal: row 0 → 1 or 2
        // meets one (change −1), row 1 → 1 meets two (0), row 1 → 2 none
        // (−2), row 2 → 1 or 2 one (−1). Every real move is downhill or
        // level, so it is taken: 2 checks for its delta and 2 for making it.
        // A null move (c = 0) reads nothing: 0 checks.
        let schedule = Schedule {
            t0: 35.0,
            alpha: 0.97,
            steps_per_temperature: 1,
            reheat_after: 0,
            reheats: 0,
        };
        let mut seen = [false; 2];
        for seed in 0..32 {
            let board = FreeBoard::new(&[0, 0, 0]);
            let counted = board.checks();
            assert_eq!(counted, 3, "counting the board reads each queen once");
            let mut anneal = Anneal {
                domains: None,
                cooling: Cooling::new(schedule, 3, board.pairs()),
                board,
                last: None,
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // The move the step will draw, from the same stream: a row,
            // then a column.
            let mut peek = ChaCha8Rng::seed_from_u64(seed);
            let _row = peek.random_range(0..3usize);
            let null = peek.random_range(0..3u32) == 0;
            anneal.step(&mut rng);
            let expected = if null { 0 } else { 2 + 2 };
            assert_eq!(anneal.board.checks() - counted, expected, "seed {seed}");
            seen[usize::from(null)] = true;
        }
        assert_eq!(seen, [true, true], "both a real and a null move drawn");
    }
}
