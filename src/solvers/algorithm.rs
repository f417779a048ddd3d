//! What an algorithm is to the rest of the crate: its descriptor
//! ([`Algorithm`]: name, source, parameters, default budget, what its
//! `checks` count ([`CheckCount`]) and the function that reads its
//! parameters into typed settings) and what those
//! settings can say before a run ([`Configured`]: the memory a run needs,
//! whether it can restart).
//!
//! Each algorithm file declares one `static ALGORITHM: Algorithm` and a
//! `settings(&Params) -> Result<Settings, ParamError>` whose `Settings` is
//! the solver itself; the registry ([`super::registry`]) lists the
//! descriptors. Algorithm files import this module, never the registry.

use super::memory::{self, MemoryEstimate};
use super::params::{ParamError, ParamSpec, Params, RawValue, VariantSpec};
use super::{Budget, Solver};

/// A solver built from checked parameters, which can also say what a run
/// of it needs before it starts. Each algorithm's typed settings implement
/// it; its answers read those settings, never parameter strings.
pub trait Configured: Solver {
    /// The memory a run at size `n` needs.
    fn memory(&self, n: usize) -> MemoryEstimate;

    /// Why a run never restarts (so that `max_restarts` cannot affect it),
    /// or `None` when it can restart.
    fn never_restarts(&self) -> Option<&'static str>;

    /// Why a run never evaluates a whole board (so that `evaluations` is 0
    /// in every trial and measures none of its work), or `None` when it
    /// may: a question by evaluations naming it is refused at load.
    fn never_evaluates(&self) -> Option<&'static str> {
        None
    }

    /// Why a run cannot begin from the board `start` (one column per row,
    /// each below N, already checked) given with `--start`, or `None` when
    /// it can ([`crate::solvers::Control::take_start`]). By default it
    /// cannot: only the searches that repair a whole board accept one.
    fn start_refused(&self, _start: &[u32]) -> Option<String> {
        Some("it does not begin from a whole board: give --start to a search that repairs one (min-conflicts, naive-repair, annealing, hill-climbing)".to_string())
    }

    /// Why a run cannot search an instance of a hard variant (blocked
    /// squares, given queens, excluded diagonals: [`crate::base::instance`]),
    /// or `None` when it can: it then reads the instance from
    /// [`crate::solvers::Control::instance`], never places a queen on a
    /// blocked square and never moves a given one. By default it cannot, and
    /// a plan giving it instances is refused at load.
    fn instance_refused(&self) -> Option<String> {
        Some("it searches the plain problem only: give the instances to an algorithm that takes them (the algorithms page of the book says which)".to_string())
    }

    /// Whether a run can restart at all, so that a restart budget
    /// (`max_restarts`) can end it.
    fn can_restart(&self) -> bool {
        self.never_restarts().is_none()
    }

    /// Why a restart budget cannot take effect: `Some(reason)` when `budget`
    /// sets `max_restarts` and a run never restarts.
    fn restart_budget_ignored(&self, budget: &Budget) -> Option<&'static str> {
        budget.max_restarts?;
        self.never_restarts()
    }
}

/// Reads an algorithm's parameters into its settings, boxed: the type of
/// [`Algorithm::settings`].
pub type ReadSettings = fn(&Params) -> Result<Box<dyn Configured>, ParamError>;

/// `settings` boxed as a [`Configured`] solver: what an algorithm's
/// [`Algorithm::settings`] returns, written `|p| boxed(settings(p))`.
pub fn boxed<S: Configured + 'static>(
    settings: Result<S, ParamError>,
) -> Result<Box<dyn Configured>, ParamError> {
    Ok(Box::new(settings?))
}

/// What an algorithm's `checks` count in one of its variants, or in all of
/// them: one row of the table of checks that `queens algorithms
/// --checks-markdown` prints and the book's algorithms page carries. A check itself is
/// defined at [`crate::base::outcome::Metrics::checks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckCount {
    /// The variant the row is about; `None` for every variant (and for an
    /// algorithm without variants).
    pub variant: Option<&'static str>,
    /// The checks it makes, per unit of its work ("1 per square tested").
    pub counts: &'static str,
}

/// One algorithm: what `queens algorithms` shows and what builds its solver.
pub struct Algorithm {
    /// The registry name (`-a NAME`).
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Where it comes from (paper, book, blog), in full.
    pub source: &'static str,
    /// The source in a few words, as the README's and the book's table of algorithms
    /// cites it.
    pub citation: &'static str,
    /// What one step is: the unit of the `steps` counter and of
    /// `--max-steps` ("one repair", "one generation").
    pub step: &'static str,
    /// What its `checks` count: one row for every variant, or one for
    /// them all.
    pub checks: &'static [CheckCount],
    /// Its parameters and their defaults.
    pub params: &'static [ParamSpec],
    /// Its variants and the parameters each uses; empty when it has none
    /// (every parameter then applies).
    pub variants: &'static [VariantSpec],
    /// The budget used when the user sets none; it ends N = 2 and 3 (no
    /// solution) in well under a second.
    pub default_budget: Budget,
    /// Reads checked parameters into the typed settings, which are the
    /// solver; fails on combinations the individual ranges cannot express
    /// (say, more elites than individuals).
    pub settings: ReadSettings,
}

impl Algorithm {
    /// The unit of the `steps` counter as a noun ("repair", "generation"):
    /// [`Algorithm::step`] without its leading "one ". The `step_unit`
    /// column of runs.csv and summary.csv.
    pub fn step_unit(&self) -> &'static str {
        self.step.strip_prefix("one ").unwrap_or(self.step)
    }

    /// Checks `given` against the declared parameters and variants and
    /// builds the solver. The [`Params`] returned are the ones in effect.
    pub fn instantiate(
        &self,
        given: &[(String, RawValue)],
    ) -> Result<(Params, Box<dyn Configured>), ParamError> {
        let params = Params::resolve(self.name, self.params, self.variants, given)?;
        let solver = (self.settings)(&params)?;
        Ok((params, solver))
    }

    /// [`Algorithm::instantiate`] for a run at size `n`: also refuses a run
    /// whose memory estimate is above the limit ([`Algorithm::check_memory`]).
    pub fn instantiate_for(
        &self,
        n: usize,
        given: &[(String, RawValue)],
    ) -> Result<(Params, Box<dyn Configured>), ParamError> {
        let (params, solver) = self.instantiate(given)?;
        self.check_memory(n, &params, solver.as_ref())?;
        Ok((params, solver))
    }

    /// Refuses a run of `solver` (built from `params`) at size `n` whose
    /// estimated memory is above [`memory::limit`]: the error names N, the
    /// estimate, the limit and what to do instead.
    pub fn check_memory(
        &self,
        n: usize,
        params: &Params,
        solver: &dyn Configured,
    ) -> Result<(), ParamError> {
        let (limit, source) = memory::limit();
        self.check_memory_against(n, params, solver, limit, source)
    }

    /// [`Algorithm::check_memory`] against a given limit.
    pub fn check_memory_against(
        &self,
        n: usize,
        params: &Params,
        solver: &dyn Configured,
        limit: u64,
        source: &str,
    ) -> Result<(), ParamError> {
        let need = solver.memory(n);
        if need.bytes <= limit {
            return Ok(());
        }
        Err(ParamError::TooLarge {
            algorithm: self.name.to_string(),
            params: params.canonical(),
            n,
            bytes: need.bytes,
            limit,
            limit_source: source.to_string(),
            hint: need.hint.to_string(),
        })
    }
}
