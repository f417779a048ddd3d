//! `csp`: N-queens as a constraint satisfaction problem, solved by
//! backtracking search with the textbook's heuristics. Sources: S. J.
//! Russell & P. Norvig, *Artificial Intelligence: A Modern Approach*, ch. 6
//! ("Constraint Satisfaction Problems": the search, MRV, the degree
//! heuristic, least-constraining value, forward checking, MAC); R. M.
//! Haralick & G. L. Elliott, "Increasing tree search efficiency for
//! constraint satisfaction problems", Artificial Intelligence 14 (1980)
//! (forward checking); A. K. Mackworth, "Consistency in networks of
//! relations", Artificial Intelligence 8 (1977) (AC-3).
//!
//! Choices: one variable per row, its value the queen's column; one binary
//! constraint between every two rows (their queens must not share a column
//! or a diagonal). The search treats that constraint as a black box, as
//! forward checking and AC-3 do: it learns whether two queens attack only by
//! evaluating the constraint, never by computing which squares a queen
//! attacks. It is exact and iterative (no board size overflows the stack):
//! it stops at the first solution, or reports `exhausted` when there is
//! none (N = 2 and 3), or stops at its budget.
//!
//! Parameters (every combination is allowed):
//! - `order`, which row is assigned next: `static` (the lowest unassigned
//!   row, Wirth's order); `mrv` (minimum remaining values: the unassigned row
//!   with the fewest values left, ties broken by the degree heuristic, then
//!   by the lowest row); `mrv-random` (the same, remaining ties broken
//!   uniformly at random by one draw from the trial's generator, made only
//!   when two or more rows tie). The degree heuristic prefers the row that
//!   shares constraints with the most unassigned rows. In N-queens every row
//!   shares a constraint with every other row, so every unassigned row has
//!   the same degree (the number of unassigned rows less one): the degree
//!   heuristic ties every time, costs no check and never decides, and the
//!   lowest row (or the draw) breaks the tie.
//! - `values`, in which order the chosen row's values are tried: `columns`
//!   (left to right) or `lcv` (least-constraining value: the fewest values
//!   it would remove from the other unassigned rows' domains, counted by
//!   evaluating the constraint against every one of those values; ties by
//!   column).
//! - `inference`, after each assignment: `none`; `forward-checking`
//!   (Haralick & Elliott: remove from every unassigned row's domain the
//!   values the new queen attacks, rows in order, and undo the assignment as
//!   soon as one domain is empty); `mac` (maintaining arc consistency: AC-3
//!   started from the arcs from every unassigned row to the row just
//!   assigned, as Russell & Norvig describe it, over the unassigned rows; no
//!   arc consistency before the first assignment).
//!
//! Domains: with inference, every unassigned row keeps its domain (the
//! values consistent with every queen placed, for forward checking, and
//! arc consistent besides, for MAC). Without inference the search keeps no
//! domains: plain backtracking (`static`, `columns`) tests each value of
//! the row against the queens placed as it tries it; when MRV or LCV needs
//! the rows' remaining values, they are recomputed from the placed queens at
//! every node, each value tested as plain backtracking tests it.
//!
//! Counters:
//! - `checks` (defined at [`crate::base::outcome::Metrics::checks`]): **one
//!   consistency check is one evaluation of the constraint between two
//!   queens' (row, column) values — do they share a column or a
//!   diagonal?** Every evaluation the search makes is counted, and nothing
//!   else is. So testing a value against the placed queens costs one check
//!   per placed queen compared, in the order they were placed, up to the
//!   first that attacks it; forward checking after placing a queen costs one
//!   check per value still in each unassigned row's domain, up to the first
//!   domain wiped out; AC-3's revision of one arc costs one check per pair
//!   compared while looking for each value's first support; LCV costs one
//!   check per (candidate value, value left in another unassigned row);
//!   reading a domain's size (MRV) costs none.
//! - `steps` = nodes expanded: one node is one assignment made (a value
//!   given to the chosen row; without inference only a value consistent
//!   with the placed queens is assigned).
//! - `tests` = values tried for the chosen rows: equal to `steps` except in
//!   plain backtracking, where it counts every value tested (Kuechmann's
//!   tests: 876 to the first 8-queens solution, as `backtracking` counts).
//! - `backtracks` = rows left after all their values were tried, every row
//!   but the first (leaving the first ends the search): Kuechmann's
//!   backtracks for plain backtracking (105 at N = 8). A row chosen with no
//!   value left (MRV without inference) is left at once: one backtrack.
//!
//! Instances (blocked N-Queens, N-Queens completion, excluded diagonals:
//! [`crate::base::instance`], read from [`Control::instance`]): a row's
//! domain starts as its allowed columns, and a row with a given queen
//! starts with that column alone. Blocked squares are out of the domains
//! before the search begins (not through the trail, so no undo puts them
//! back), so no value on a blocked square is ever tried, tested or
//! compared: they cost no check, no test and no node. Without inference
//! the same holds: plain backtracking tries a row's allowed columns only,
//! and the values recomputed for MRV or LCV are taken among them. A given
//! queen is assigned like any value when its row is chosen (MRV chooses
//! such rows first, their one value left; forward checking and MAC prune
//! with it only then, as with any assignment). Searching the whole tree
//! without a solution ends `exhausted`, the proof that the instance has
//! none. The plain problem is searched exactly as before.
//!
//! Budgets are asked before every node: a search stops at the first node
//! boundary at which a counter has reached its limit.
//!
//! Trace: a trace observer gets one point (0 conflicts) at the solution,
//! and none from an unsolved search: a partial assignment never has an
//! attacking pair, so no board of it has conflicts to count until it is
//! complete.

mod domains;
mod heuristics;
mod inference;
mod search;

use rand::rngs::ChaCha8Rng;

use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, ParamKind, ParamSpec, Params, unhandled_word};
use crate::solvers::{Budget, Control, Outcome, Solver};

/// Which unassigned row is assigned next (`order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The lowest unassigned row.
    Static,
    /// Minimum remaining values; ties by degree (always equal in
    /// N-queens), then the lowest row.
    Mrv,
    /// Minimum remaining values; ties by degree, then one uniform draw.
    MrvRandom,
}

/// In which order the chosen row's values are tried (`values`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Left to right.
    Columns,
    /// Least-constraining value first, ties left to right.
    Lcv,
}

/// What the search infers after each assignment (`inference`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inference {
    /// Nothing.
    None,
    /// Forward checking (Haralick & Elliott 1980).
    ForwardChecking,
    /// Maintaining arc consistency with AC-3 (Mackworth 1977).
    Mac,
}

/// The settings of a `csp` run, which are also its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Variable ordering.
    pub order: Order,
    /// Value ordering.
    pub values: Values,
    /// Inference after each assignment.
    pub inference: Inference,
}

impl Settings {
    /// Whether the search keeps the unassigned rows' domains.
    fn keeps_domains(&self) -> bool {
        self.inference != Inference::None
    }

    /// Whether, without inference, the remaining values of every
    /// unassigned row are recomputed at each node (for MRV or LCV).
    fn recomputes_values(&self) -> bool {
        !self.keeps_domains() && (self.order != Order::Static || self.values == Values::Lcv)
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "order",
        kind: ParamKind::Choice(&["static", "mrv", "mrv-random"]),
        default: "static",
        help: "which row next: static (lowest row), mrv (fewest values left; ties by degree, which in N-queens always ties, then lowest row), mrv-random (MRV, ties drawn at random)",
    },
    ParamSpec {
        name: "values",
        kind: ParamKind::Choice(&["columns", "lcv"]),
        default: "columns",
        help: "which value first: columns (left to right) or lcv (least-constraining value: removes the fewest values from the other unassigned rows; ties left to right)",
    },
    ParamSpec {
        name: "inference",
        kind: ParamKind::Choice(&["none", "forward-checking", "mac"]),
        default: "none",
        help: "after each assignment: none, forward-checking (prune the unassigned rows' domains, undo on an empty one) or mac (maintain arc consistency with AC-3)",
    },
];

/// Reads `order`, `values` and `inference`.
pub fn settings(params: &Params) -> Result<Settings, ParamError> {
    let order = match params.word("order")? {
        "static" => Order::Static,
        "mrv" => Order::Mrv,
        "mrv-random" => Order::MrvRandom,
        other => return Err(unhandled_word("order", other)),
    };
    let values = match params.word("values")? {
        "columns" => Values::Columns,
        "lcv" => Values::Lcv,
        other => return Err(unhandled_word("values", other)),
    };
    let inference = match params.word("inference")? {
        "none" => Inference::None,
        "forward-checking" => Inference::ForwardChecking,
        "mac" => Inference::Mac,
        other => return Err(unhandled_word("inference", other)),
    };
    Ok(Settings {
        order,
        values,
        inference,
    })
}

impl Solver for Settings {
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        // The plan and `queens solve` give an instance of the trial's size
        // only; were one of another size given, the plain board would be
        // searched and the trial path's check would refuse its solution.
        let instance = control.instance().filter(|i| i.n() == n);
        search::Search::new(*self, n, instance).run(rng, control)
    }
}

impl Configured for Settings {
    /// Everything a search allocates, all of it when it starts: the
    /// assignment, the frames and the candidate values of every depth (at
    /// most N each); with inference the domains (one bit per square) and the
    /// trail of removed values (at most N² entries); for MAC the arc queue
    /// and its membership marks (N² each); the remaining values recomputed
    /// without inference; the scratch of LCV and of the random tie-break.
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::new(
            search::Search::bytes(*self, n),
            "use min-conflicts (variant=fast for very large N) or construction",
        )
    }

    fn never_restarts(&self) -> Option<&'static str> {
        Some("an exact search never restarts")
    }

    fn never_evaluates(&self) -> Option<&'static str> {
        Some("a tree search places queens one at a time and never evaluates a whole board")
    }

    /// Every combination searches an instance's allowed squares (see the
    /// header).
    fn instance_refused(&self) -> Option<String> {
        None
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "csp",
    summary: "backtracking search over one variable per row with the textbook's heuristics: MRV (degree, random ties), least-constraining value, forward checking, MAC (AC-3); counts consistency checks",
    source: "S. J. Russell & P. Norvig, Artificial Intelligence: A Modern Approach, ch. 6; R. M. Haralick & G. L. Elliott, Artificial Intelligence 14 (1980); A. K. Mackworth, Artificial Intelligence 8 (1977)",
    citation: "Russell & Norvig ch. 6; Haralick & Elliott 1980; Mackworth 1977",
    step: "one node expanded (one assignment)",
    checks: &[CheckCount {
        variant: None,
        counts: "1 per *consistency check*, one evaluation of the constraint between two queens (same column or diagonal?): testing a value against the placed queens (up to the first that attacks it), forward checking (1 per value left in each unassigned row), AC-3 (1 per pair compared looking for a support), LCV (1 per candidate × value left in another row)",
    }],
    params: PARAMS,
    variants: &[],
    default_budget: Budget::UNLIMITED,
    settings: |params| boxed(settings(params)),
};
