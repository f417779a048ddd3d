//! Budgets and the run-time control a solver consults: when to stop, where
//! to send convergence trace points, the board a search may begin from
//! (`--start`) and the instance of a hard variant it searches
//! ([`Control::instance`]).
//!
//! Budgets on counters are deterministic: a search stops at the first step
//! boundary at which a counter has reached its limit (a step that does many
//! checks may pass `max_checks` by less than one step's worth). The restart
//! budget is asked where a restart would begin ([`Control::restart_refused`]),
//! not before every step. The time limit and the interrupt flag are polled
//! cooperatively (every `poll_interval` calls of [`Control::stop_reason`]),
//! so they end a search but never steer it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::blocks::frame::Frame;
use super::{Metrics, StopReason};
use crate::base::instance::Instance;

/// Limits on one search. `None` means unlimited.
///
/// Every limit is a most, never a least: a search that is solved or
/// exhausted earlier ends earlier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Stop after this many steps (the algorithm's natural unit).
    pub max_steps: Option<u64>,
    /// Make at most this many restarts (fresh boards or populations after
    /// the first): a solver about to start restart `max_restarts + 1` stops
    /// instead, with stop reason `budget_restarts`. So `Some(0)` means the
    /// first run only, `Some(3)` the first run and three restarts, and the
    /// `restarts` counter never exceeds the limit. Solvers that never restart
    /// ([`Configured::can_restart`](super::Configured::can_restart)) are not
    /// affected by it.
    pub max_restarts: Option<u64>,
    /// Stop after this many checks (the unit of
    /// [`Metrics::checks`](crate::base::outcome::Metrics::checks)), at the first
    /// step boundary that reaches it.
    pub max_checks: Option<u64>,
    /// Stop after this many seconds of wall time.
    pub time_limit: Option<f64>,
}

impl Budget {
    /// The longest time limit accepted, in seconds (about 31 years).
    pub const MAX_TIME_LIMIT: f64 = 1e9;

    /// Whether `seconds` is an acceptable time limit: positive, finite and at
    /// most [`Budget::MAX_TIME_LIMIT`].
    pub fn is_valid_time_limit(seconds: f64) -> bool {
        seconds.is_finite() && seconds > 0.0 && seconds <= Self::MAX_TIME_LIMIT
    }

    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        max_steps: None,
        max_restarts: None,
        max_checks: None,
        time_limit: None,
    };

    /// A budget of at most `steps` steps.
    pub const fn steps(steps: u64) -> Budget {
        Budget {
            max_steps: Some(steps),
            max_restarts: None,
            max_checks: None,
            time_limit: None,
        }
    }

    /// The limits that are set, as `key=value;key=value`, or `unlimited`
    /// when none is: the `budget` column of runs.csv (never empty, so it
    /// reads as text in every tool).
    pub fn canonical(&self) -> String {
        let limits: Vec<String> = self.limits().map(|(k, v)| format!("{k}={v}")).collect();
        if limits.is_empty() {
            return "unlimited".to_string();
        }
        limits.join(";")
    }

    fn limits(&self) -> impl Iterator<Item = (&'static str, String)> {
        [
            ("max_steps", self.max_steps.map(|v| v.to_string())),
            ("max_restarts", self.max_restarts.map(|v| v.to_string())),
            ("max_checks", self.max_checks.map(|v| v.to_string())),
            ("time_limit", self.time_limit.map(|v| v.to_string())),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
    }

    /// This budget with every limit `other` sets taking precedence.
    pub fn overridden_by(self, other: &Budget) -> Budget {
        Budget {
            max_steps: other.max_steps.or(self.max_steps),
            max_restarts: other.max_restarts.or(self.max_restarts),
            max_checks: other.max_checks.or(self.max_checks),
            time_limit: other.time_limit.or(self.time_limit),
        }
    }
}

/// Receives convergence points from a solver: with the work counters at
/// `metrics` (steps, checks, evaluations so far), the current board has
/// `conflicts` attacking pairs. Implementations decide what to keep.
///
/// An observer may also ask for the frames of an animated replay
/// ([`Trace::wants_frames`]); solvers build them only then.
pub trait Trace {
    /// One observation.
    fn record(&mut self, metrics: &Metrics, conflicts: u64);

    /// Whether this observer wants a [`Frame`] after every step (asked once,
    /// when the [`Control`] is built). No by default.
    fn wants_frames(&self) -> bool {
        false
    }

    /// One moment of the search, sent only when [`Trace::wants_frames`]
    /// said yes. Ignored by default.
    fn frame(&mut self, _frame: &Frame) {}
}

/// What a running solver consults: its budget, the clock (for the time limit
/// only), an interrupt flag, and an optional trace observer.
pub struct Control<'a> {
    budget: Budget,
    /// When the trial's clock started: when this control was made.
    started: Instant,
    deadline: Option<Instant>,
    interrupt: Option<&'a AtomicBool>,
    trace: Option<&'a mut dyn Trace>,
    /// The trace observer wants frames (cached when it was attached).
    frames: bool,
    /// The first board the search is given, until the solver takes it.
    start: Option<&'a [u32]>,
    /// The instance searched, when it is not the plain problem.
    instance: Option<&'a Instance>,
    poll_interval: u32,
    calls: u32,
}

impl<'a> Control<'a> {
    /// A control enforcing `budget`, whose time limit starts now.
    pub fn new(budget: Budget) -> Self {
        let started = Instant::now();
        // A limit too large to represent is no limit at all.
        let deadline = budget
            .time_limit
            .and_then(|s| Duration::try_from_secs_f64(s.max(0.0)).ok())
            .and_then(|d| started.checked_add(d));
        Self {
            budget,
            started,
            deadline,
            interrupt: None,
            trace: None,
            frames: false,
            start: None,
            instance: None,
            poll_interval: 1024,
            calls: 0,
        }
    }

    /// When the time limit runs out (`None` without one): what a solver
    /// of another language is handed so it can stop in time.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Also stop when `flag` becomes true (Ctrl-C).
    pub fn with_interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// Send trace points to `trace`.
    pub fn with_trace(mut self, trace: &'a mut dyn Trace) -> Self {
        self.frames = trace.wants_frames();
        self.trace = Some(trace);
        self
    }

    /// Give the search `columns` (one column per row) as its first board
    /// instead of one it draws: for the solvers that accept one
    /// ([`crate::solvers::Configured::start_refused`]).
    pub fn with_start(mut self, columns: &'a [u32]) -> Self {
        self.start = Some(columns);
        self
    }

    /// Search `instance` (blocked squares, given queens) instead of the
    /// plain problem: for the solvers that accept it
    /// ([`crate::solvers::Configured::instance_refused`]).
    pub fn with_instance(mut self, instance: &'a Instance) -> Self {
        self.instance = Some(instance);
        self
    }

    /// The instance searched, or `None` for the plain N-Queens problem. A
    /// solver that accepts instances never places a queen on a square
    /// the instance blocks and never moves a given queen.
    pub fn instance(&self) -> Option<&'a Instance> {
        self.instance
    }

    /// The first board the search was given, once: a solver that begins
    /// from a whole board takes it instead of drawing one (and draws
    /// nothing for it); its restarts draw fresh boards as usual.
    pub fn take_start(&mut self) -> Option<&'a [u32]> {
        self.start.take()
    }

    /// The budget in force.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// How many calls of [`Control::stop_reason`] pass between two looks at
    /// the clock and the interrupt flag. Solvers whose steps are expensive set
    /// it low (1 for a whole GA generation); cheap steps keep the default.
    pub fn set_poll_interval(&mut self, calls: u32) {
        self.poll_interval = calls.max(1);
    }

    /// Whether the search must stop now, and why. The step and check budgets
    /// are checked on every call; the clock and the interrupt flag every
    /// `poll_interval` calls.
    ///
    /// The restart budget is not checked here but by
    /// [`Control::restart_refused`], which a solver asks before each restart.
    #[inline]
    pub fn stop_reason(&mut self, metrics: &Metrics) -> Option<StopReason> {
        let b = &self.budget;
        if b.max_steps.is_some_and(|m| metrics.steps >= m) {
            return Some(StopReason::BudgetSteps);
        }
        if b.max_checks.is_some_and(|m| metrics.checks >= m) {
            return Some(StopReason::BudgetChecks);
        }
        self.calls += 1;
        if self.calls >= self.poll_interval {
            self.calls = 0;
            return self.poll_clock();
        }
        None
    }

    /// Asked by a solver about to restart, before it counts the restart:
    /// `Some(BudgetRestarts)` when `metrics.restarts` has reached
    /// `max_restarts`, so the search must stop instead of restarting.
    #[inline]
    pub fn restart_refused(&self, metrics: &Metrics) -> Option<StopReason> {
        self.budget
            .max_restarts
            .is_some_and(|m| metrics.restarts >= m)
            .then_some(StopReason::BudgetRestarts)
    }

    /// Whether the search must stop before its next step, which is a restart
    /// when `restarting`: [`Control::stop_reason`], then, before a restart,
    /// [`Control::restart_refused`].
    #[inline]
    pub fn stop_before(&mut self, metrics: &Metrics, restarting: bool) -> Option<StopReason> {
        self.stop_reason(metrics)
            .or_else(|| restarting.then(|| self.restart_refused(metrics)).flatten())
    }

    /// How long the trial has run: the time since this control was made,
    /// from which the time limit counts.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Looks at the interrupt flag and the clock now.
    pub fn poll_clock(&self) -> Option<StopReason> {
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(StopReason::Interrupted);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::BudgetTime);
        }
        None
    }

    /// Whether anyone listens to trace points (solvers may skip computing them).
    #[inline]
    pub fn tracing(&self) -> bool {
        self.trace.is_some()
    }

    /// Reports that with the work counters at `metrics` the current board
    /// has `conflicts` attacking pairs.
    #[inline]
    pub fn observe(&mut self, metrics: &Metrics, conflicts: u64) {
        if let Some(t) = self.trace.as_deref_mut() {
            t.record(metrics, conflicts);
        }
    }

    /// Whether the observer wants replay frames: a solver builds a
    /// [`Frame`] only when this is true (see [`super::blocks::frame`] for how).
    #[inline]
    pub fn frames_wanted(&self) -> bool {
        self.frames
    }

    /// Sends `frame` to the observer, if it wants frames.
    #[inline]
    pub fn frame(&mut self, frame: &Frame) {
        if self.frames
            && let Some(t) = self.trace.as_deref_mut()
        {
            t.frame(frame);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_budgets_stop_exactly() {
        let mut c = Control::new(Budget::steps(10));
        let mut m = Metrics {
            steps: 9,
            ..Metrics::default()
        };
        assert_eq!(c.stop_reason(&m), None);
        m.steps = 10;
        assert_eq!(c.stop_reason(&m), Some(StopReason::BudgetSteps));
    }

    #[test]
    fn the_restart_budget_is_asked_only_before_a_restart() {
        let mut c = Control::new(Budget {
            max_restarts: Some(0),
            ..Budget::UNLIMITED
        });
        let mut m = Metrics::default();
        // Zero restarts allowed: steps go on, the first restart is refused.
        assert_eq!(c.stop_reason(&m), None);
        assert_eq!(c.restart_refused(&m), Some(StopReason::BudgetRestarts));
        let mut c = Control::new(Budget {
            max_restarts: Some(2),
            ..Budget::UNLIMITED
        });
        m.restarts = 1;
        assert_eq!(c.restart_refused(&m), None);
        m.restarts = 2;
        assert_eq!(c.stop_reason(&m), None);
        assert_eq!(c.restart_refused(&m), Some(StopReason::BudgetRestarts));
        assert_eq!(c.stop_before(&m, false), None);
        assert_eq!(c.stop_before(&m, true), Some(StopReason::BudgetRestarts));
        assert_eq!(
            Control::new(Budget::UNLIMITED).restart_refused(&m),
            None,
            "no restart budget"
        );
    }

    #[test]
    fn interrupt_is_seen_at_the_next_poll() {
        let flag = AtomicBool::new(true);
        let mut c = Control::new(Budget::UNLIMITED).with_interrupt(&flag);
        c.set_poll_interval(2);
        let m = Metrics::default();
        assert_eq!(c.stop_reason(&m), None);
        assert_eq!(c.stop_reason(&m), Some(StopReason::Interrupted));
    }

    #[test]
    fn the_trials_clock_counts_from_the_controls_making() {
        let c = Control::new(Budget::UNLIMITED);
        std::thread::sleep(Duration::from_millis(20));
        let elapsed = c.elapsed();
        assert!(
            elapsed >= Duration::from_millis(20) && elapsed < Duration::from_secs(5),
            "{elapsed:?}"
        );
    }

    #[test]
    fn zero_time_limit_stops_at_first_poll() {
        let mut c = Control::new(Budget {
            time_limit: Some(0.0),
            ..Budget::UNLIMITED
        });
        c.set_poll_interval(1);
        assert_eq!(
            c.stop_reason(&Metrics::default()),
            Some(StopReason::BudgetTime)
        );
    }

    #[test]
    fn huge_time_limits_mean_no_deadline() {
        let mut c = Control::new(Budget {
            time_limit: Some(1e300),
            ..Budget::UNLIMITED
        });
        c.set_poll_interval(1);
        assert_eq!(c.stop_reason(&Metrics::default()), None);
        assert!(!Budget::is_valid_time_limit(1e10));
        assert!(!Budget::is_valid_time_limit(0.0));
        assert!(Budget::is_valid_time_limit(2.5));
    }

    /// Counts the frames it receives; wants them when `wants`.
    struct Frames {
        wants: bool,
        received: usize,
    }

    impl Trace for Frames {
        fn record(&mut self, _: &Metrics, _: u64) {}
        fn wants_frames(&self) -> bool {
            self.wants
        }
        fn frame(&mut self, _: &Frame) {
            self.received += 1;
        }
    }

    #[test]
    fn frames_go_only_to_an_observer_that_wants_them() {
        let frame = Frame::full(&[0], Metrics::default(), super::super::View::Board);
        for wants in [false, true] {
            let mut observer = Frames { wants, received: 0 };
            {
                let mut c = Control::new(Budget::UNLIMITED).with_trace(&mut observer);
                assert!(c.tracing());
                assert_eq!(c.frames_wanted(), wants);
                c.frame(&frame);
            }
            assert_eq!(observer.received, usize::from(wants));
        }
        assert!(
            !Control::new(Budget::UNLIMITED).frames_wanted(),
            "no observer"
        );
    }

    #[test]
    fn override_prefers_the_specific_budget() {
        let general = Budget {
            max_steps: Some(5),
            time_limit: Some(1.0),
            ..Budget::UNLIMITED
        };
        let specific = Budget {
            max_steps: Some(7),
            ..Budget::UNLIMITED
        };
        let b = general.overridden_by(&specific);
        assert_eq!(b.max_steps, Some(7));
        assert_eq!(b.time_limit, Some(1.0));
        assert_eq!(b.canonical(), "max_steps=7;time_limit=1");
        assert_eq!(Budget::UNLIMITED.canonical(), "unlimited");
    }
}
