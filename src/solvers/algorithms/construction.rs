//! Explicit O(N) construction of one solution, for N = 1 and every N >= 4.
//!
//! Source: E. J. Hoffman, J. C. Loessi and R. C. Moore, "Constructions for the
//! Solution of the m Queens Problem", Mathematics Magazine 42(2), 1969; B.
//! Bernhardsson, "Explicit solutions to the N-queens problem for all N", SIGART
//! Bulletin 2(2), 1991; the "constructing a solution" method that the
//! BlitzMax forum tutorial (TomToad, 2008) points to.
//!
//! Choices: in 1-based terms, the queens' rows read column by column are the
//! even numbers then the odd numbers up to N; when N mod 6 = 2 the odd list
//! starts 3, 1 and its 5 moves to the end; when N mod 6 = 3 the 2 moves to the
//! end of the even list and 1, 3 to the end of the odd list. The result is
//! written directly into the output vector (4 bytes per queen, nothing else).
//! The published list gives each column's row; read as each row's column it
//! is the transposed board, also a solution, and that is what is returned.
//! N = 2 and 3 have no solution.
//!
//! Counters: `steps` = queens placed; `checks` = 0: the formula never asks
//! whether a square is attacked (the unit is defined at
//! [`crate::base::outcome::Metrics::checks`]).
//!
//! Budgets: a step budget below N stops the construction after that many
//! queens (stop reason `budget_steps`, no solution; the partial board has no
//! attacking pairs). The time limit and Ctrl-C are looked at once, before
//! the construction, which then runs to the end: O(N), 0.35 s at N = 10^8.
//! It never restarts.
//!
//! Instances (blocked squares, given queens) are refused
//! ([`Configured::instance_refused`]): the formula places every queen
//! from N alone and cannot avoid a blocked square or keep a given queen.
//!
//! Trace: the only complete board it ever holds is the solution, so a
//! trace observer gets one point, 0 attacking pairs at the end (N steps,
//! 0 checks), and none when it stops or N has no solution: a partial
//! board is no board to count conflicts on.

use rand::rngs::ChaCha8Rng;

use crate::base::board::Placement;
use crate::solvers::algorithm::{Algorithm, CheckCount, Configured, boxed};
use crate::solvers::blocks::frame::{Frame, View};
use crate::solvers::memory::MemoryEstimate;
use crate::solvers::params::{ParamError, ParamSpec, Params};
use crate::solvers::{Budget, Control, Metrics, Outcome, Solver, StopReason};

/// Whether the N×N board has a solution: every N but 0, 2 and 3.
pub fn has_solution(n: usize) -> bool {
    !matches!(n, 0 | 2 | 3)
}

/// The constructed solution's columns (0-based), or `None` for N = 2 and 3
/// (and N = 0).
pub fn construct(n: usize) -> Option<Vec<u32>> {
    if !has_solution(n) {
        return None;
    }
    let n32 = u32::try_from(n).ok()?;
    let mut columns = Vec::with_capacity(n);
    // 1-based values pushed, converted to 0-based at the end of each push.
    let mut push = |v: u32| columns.push(v - 1);
    match n % 6 {
        2 => {
            (2..=n32).step_by(2).for_each(&mut push);
            push(3);
            push(1);
            (7..=n32).step_by(2).for_each(&mut push);
            push(5);
        }
        3 => {
            (4..=n32).step_by(2).for_each(&mut push);
            push(2);
            (5..=n32).step_by(2).for_each(&mut push);
            push(1);
            push(3);
        }
        _ => {
            (2..=n32).step_by(2).for_each(&mut push);
            (1..=n32).step_by(2).for_each(&mut push);
        }
    }
    Some(columns)
}

/// The settings of a `construction` run (it has none), which are also its
/// solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings;

/// The counters of a run that placed no queen: nothing done, no attack.
fn placed_none() -> Metrics {
    Metrics {
        final_conflicts: Some(0),
        ..Metrics::default()
    }
}

impl Solver for Settings {
    fn solve(&self, n: usize, _rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        if !has_solution(n) {
            return Outcome::unsolved(placed_none(), StopReason::Exhausted);
        }
        if let Some(reason) = control.poll_clock() {
            return Outcome::unsolved(placed_none(), reason);
        }
        if let Some(allowed) = control.budget().max_steps.filter(|&m| m < n as u64) {
            let metrics = Metrics {
                steps: allowed,
                ..placed_none()
            };
            return Outcome::unsolved(metrics, StopReason::BudgetSteps);
        }
        match construct(n) {
            Some(columns) => {
                let metrics = Metrics {
                    steps: n as u64,
                    ..Metrics::default()
                };
                if control.frames_wanted() {
                    // The replay: the queens of the formula, row by row.
                    for placed in 1..=n {
                        let rows = (0..n).map(|r| (r < placed).then(|| columns[r]));
                        let so_far = Metrics {
                            steps: placed as u64,
                            ..Metrics::default()
                        };
                        control.frame(&Frame::new(rows.collect(), so_far, View::Board));
                    }
                }
                if control.tracing() {
                    control.observe(&metrics, 0);
                }
                Outcome::solved(Placement::new(columns), metrics)
            }
            None => Outcome::unsolved(placed_none(), StopReason::Exhausted),
        }
    }
}

const PARAMS: &[ParamSpec] = &[];

/// The settings: there are no parameters to read.
pub fn settings(_: &Params) -> Result<Settings, ParamError> {
    Ok(Settings)
}

impl Configured for Settings {
    /// The solution's columns, `u32`: 4 bytes per queen.
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::per_queen(
            n,
            4,
            "the construction stores 4 bytes per queen: choose a smaller N",
        )
    }

    fn never_restarts(&self) -> Option<&'static str> {
        Some("a construction never restarts")
    }

    fn never_evaluates(&self) -> Option<&'static str> {
        Some("a construction writes the solution directly and never evaluates a board")
    }

    /// Refused: the formula's board is fixed by N alone.
    fn instance_refused(&self) -> Option<String> {
        Some("its explicit formula places every queen from N alone, without looking at blocked squares or given queens, so it cannot keep to an instance: give the instances to an algorithm that takes them, such as backtracking or csp".to_string())
    }
}

/// The registry entry.
pub static ALGORITHM: Algorithm = Algorithm {
    name: "construction",
    summary: "explicit O(N) formula: even rows then odd rows, with the N mod 6 = 2, 3 corrections",
    source: "Hoffman, Loessi & Moore, Math. Magazine 42(2), 1969; Bernhardsson, SIGART Bulletin 2(2), 1991",
    citation: "Hoffman, Loessi & Moore 1969; Bernhardsson 1991",
    step: "one queen placed",
    checks: &[CheckCount {
        variant: None,
        counts: "0 (it reads no square)",
    }],
    params: PARAMS,
    variants: &[],
    default_budget: Budget::UNLIMITED,
    settings: |params| boxed(settings(params)),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::validate;

    #[test]
    fn every_small_board_with_a_solution_gets_one() {
        for n in (1..=200).filter(|&n| n != 2 && n != 3) {
            let columns = construct(n).expect("a solution exists");
            assert_eq!(columns.len(), n);
            assert_eq!(validate(&columns), Ok(()), "n = {n}");
        }
        assert_eq!(construct(2), None);
        assert_eq!(construct(3), None);
    }
}
