//! The measures a trial's work is counted in ([`Measure`]): each is a
//! column of runs.csv, a block of summary.csv (see
//! [`MeasureSummary`](super::MeasureSummary)) and a choice of
//! `--measure` on the command line and in compare.csv.

use super::rows::RunRecord;

/// The work a trial's cost is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// `checks`, the unit every algorithm counts the same way.
    Checks,
    /// `wall_seconds`.
    Seconds,
    /// `steps`, in each algorithm's own unit (`step_unit`).
    Steps,
    /// `evaluations` of a whole board.
    Evaluations,
}

impl Measure {
    /// Every measure, in the order the help lists them.
    pub const ALL: [Measure; 4] = [
        Measure::Checks,
        Measure::Seconds,
        Measure::Steps,
        Measure::Evaluations,
    ];

    /// The measure called `name` on the command line, or a message naming
    /// the ones there are.
    pub fn parse(name: &str) -> Result<Measure, String> {
        Measure::ALL
            .into_iter()
            .find(|m| m.name() == name)
            .ok_or_else(|| {
                format!("unknown measure '{name}': use checks, seconds, steps or evaluations")
            })
    }

    /// Its name in compare.csv, in the columns of summary.csv and on the
    /// command line.
    pub fn name(self) -> &'static str {
        match self {
            Measure::Checks => "checks",
            Measure::Seconds => "seconds",
            Measure::Steps => "steps",
            Measure::Evaluations => "evaluations",
        }
    }

    /// Whether what `run` spent in this measure is known: wall seconds are
    /// always measured (a trial killed at its time limit ran until it);
    /// a counter is unknown for a trial whose work is unknown
    /// ([`RunRecord::work_known`]).
    pub fn known(self, run: &RunRecord) -> bool {
        self == Measure::Seconds || run.work_known
    }

    /// What `run` spent in this measure, answered or not; `None` when it
    /// is not known ([`Measure::known`]).
    pub fn work(self, run: &RunRecord) -> Option<f64> {
        self.known(run).then(|| self.spent(run))
    }

    /// What `run` spent in this measure, solved or not, as its counter
    /// holds it: 0 for a counter whose work is unknown, so a statistic
    /// over every trial reads [`Measure::work`]; this is for a trial that
    /// answered, whose work is always known.
    pub fn spent(self, run: &RunRecord) -> f64 {
        match self {
            Measure::Checks => run.checks as f64,
            Measure::Seconds => run.wall_seconds,
            Measure::Steps => run.steps as f64,
            Measure::Evaluations => run.evaluations as f64,
        }
    }

    /// The cost of `run`: what it spent when it answered (solved, or
    /// proved that no solution exists), `+∞` when not.
    pub fn cost(self, run: &RunRecord) -> f64 {
        if run.answered() {
            self.spent(run)
        } else {
            f64::INFINITY
        }
    }
}
