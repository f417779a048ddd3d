//! The `csp` backtracking search itself: an explicit stack of frames, one
//! per assigned row, each with its candidate values; the budget asked
//! before every node; the outcome and its counters. Part of [`super`],
//! whose header defines the counters this loop keeps.

use std::num::Saturating;

use rand::rngs::ChaCha8Rng;

use super::domains::{Checks, Domains, UNASSIGNED, unassigned};
use super::heuristics::{choose_row, least_constraining_first};
use super::inference::{Arcs, forward_check};
use super::{Inference, Order, Settings, Values};
use crate::base::board::Placement;
use crate::base::instance::Instance;
use crate::solvers::blocks::frame::{Frame as ReplayFrame, View};
use crate::solvers::{Control, Metrics, Outcome, StopReason};

/// Whether `column` of `row` is consistent with every placed queen: one
/// check per queen compared, in the order they were placed, up to the first
/// that attacks it.
fn consistent_with_placed(
    row: u32,
    column: u32,
    placed: &[u32],
    columns: &[u32],
    checks: &mut Checks,
) -> bool {
    placed
        .iter()
        .all(|&other| !checks.attack(row, column, other, columns[other as usize]))
}

/// Whether `column` is in `row`'s domain before any assignment: every
/// column on the plain board; on an instance an allowed one, and in a row
/// with a given queen only its column. Reads the instance's mask: not a
/// consistency check.
fn in_initial_domain(instance: Option<&Instance>, row: u32, column: u32) -> bool {
    instance.is_none_or(|i| match i.given(row as usize) {
        Some(given) => given == column,
        None => i.is_allowed(row as usize, column),
    })
}

/// One row being assigned: its candidates are
/// `candidates[start..end]`, the next to try at `next`.
#[derive(Clone, Copy, Debug)]
struct Frame {
    row: u32,
    start: usize,
    end: usize,
    next: usize,
    /// The domains' trail length before this row's assignment.
    mark: usize,
}

/// How a search ended.
enum End {
    Solved,
    Exhausted,
    Stopped(StopReason),
}

/// One search of an N×N board (the plain one, or an instance's allowed
/// squares) with every buffer it needs.
pub struct Search<'i> {
    settings: Settings,
    n: usize,
    /// The instance searched, `None` for the plain board: its blocked
    /// squares are out of every domain from the start.
    instance: Option<&'i Instance>,
    /// The queen's column in each row, or [`UNASSIGNED`].
    columns: Vec<u32>,
    /// The assigned rows, in the order they were assigned.
    placed: Vec<u32>,
    frames: Vec<Frame>,
    /// Every frame's candidate values, stacked.
    candidates: Vec<u32>,
    /// The unassigned rows' values: kept and pruned with inference,
    /// recomputed at every node without it when MRV or LCV needs them.
    domains: Option<Domains>,
    arcs: Option<Arcs>,
    ties: Vec<u32>,
    scores: Vec<(u64, u32)>,
    checks: Checks,
    nodes: u64,
    tests: u64,
    backtracks: u64,
}

impl<'i> Search<'i> {
    /// A search of the N×N board with `settings`, every buffer allocated;
    /// with an `instance` (of size N), of its allowed squares only.
    pub fn new(settings: Settings, n: usize, instance: Option<&'i Instance>) -> Self {
        let domains = (settings.keeps_domains() || settings.recomputes_values()).then(|| {
            let mut domains = Domains::full(n, settings.keeps_domains());
            if instance.is_some() {
                for row in 0..n as u32 {
                    domains.restrict(row, |column| in_initial_domain(instance, row, column));
                }
            }
            domains
        });
        Self {
            settings,
            n,
            instance,
            columns: vec![UNASSIGNED; n],
            placed: Vec::with_capacity(n),
            frames: Vec::with_capacity(n),
            candidates: Vec::with_capacity(n * n),
            domains,
            arcs: (settings.inference == Inference::Mac).then(|| Arcs::new(n)),
            ties: Vec::with_capacity(if settings.order == Order::Static {
                0
            } else {
                n
            }),
            scores: Vec::with_capacity(if settings.values == Values::Lcv { n } else { 0 }),
            checks: Checks::default(),
            nodes: 0,
            tests: 0,
            backtracks: 0,
        }
    }

    /// The bytes [`Search::new`] allocates, which are all a search
    /// allocates.
    /// In saturating arithmetic: never wraps (see [`crate::solvers::memory`]).
    pub fn bytes(settings: Settings, n: usize) -> u64 {
        let m = Saturating(n as u64);
        let frames = m * Saturating(std::mem::size_of::<Frame>() as u64);
        // The columns, the assignment order, the frames, the candidates.
        let mut bytes = Saturating(4) * m + Saturating(4) * m + frames + Saturating(4) * m * m;
        if settings.keeps_domains() || settings.recomputes_values() {
            bytes += Domains::bytes(n, settings.keeps_domains());
        }
        if settings.inference == Inference::Mac {
            bytes += Arcs::bytes(n);
        }
        if settings.order != Order::Static {
            bytes += Saturating(4) * m; // the rows tied for MRV
        }
        if settings.values == Values::Lcv {
            bytes += Saturating(16) * m; // LCV's (score, column) pairs
        }
        bytes.0
    }

    fn metrics(&self) -> Metrics {
        Metrics {
            steps: self.nodes,
            checks: self.checks.count,
            tests: self.tests,
            backtracks: self.backtracks,
            ..Metrics::default()
        }
    }

    /// Runs the search to the first solution, the end of the tree or a stop
    /// ordered by `control`.
    pub fn run(mut self, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        // A node costs up to about N³ checks (LCV): look at the clock every
        // ~10^6 / N² nodes.
        let n = self.n.max(1);
        control.set_poll_interval(((1usize << 20) / (n * n)).clamp(1, 1024) as u32);
        let end = self.search(rng, control);
        // The partial assignment it ends with never holds an attack.
        let metrics = Metrics {
            final_conflicts: Some(0),
            ..self.metrics()
        };
        match end {
            End::Solved => {
                let metrics = Metrics {
                    solutions: 1,
                    ..metrics
                };
                if control.tracing() {
                    control.observe(&metrics, 0);
                }
                Outcome::solved(Placement::new(self.columns), metrics)
            }
            End::Exhausted => Outcome::unsolved(metrics, StopReason::Exhausted),
            End::Stopped(reason) => Outcome::unsolved(metrics, reason),
        }
    }

    fn search(&mut self, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> End {
        if self.n == 0 {
            return End::Exhausted;
        }
        // Plain backtracking tests each value as it tries it; every other
        // setting tries only values known to be consistent.
        let tests_lazily = self.domains.is_none();
        let replay = control.frames_wanted();
        self.open(rng);
        while let Some(&frame) = self.frames.last() {
            let depth = self.frames.len() - 1;
            if self.placed.len() > depth {
                self.unassign(frame);
            }
            if frame.next == frame.end {
                self.frames.pop();
                self.candidates.truncate(frame.start);
                if let Some(parent) = self.frames.last() {
                    self.backtracks += 1;
                    if replay {
                        let lifted = parent.row as usize;
                        let mut board = self.board();
                        board[lifted] = None;
                        let view = View::Backtrack {
                            row: frame.row as usize,
                            column: self.columns[lifted],
                            occupancy: None,
                        };
                        control.frame(&ReplayFrame::new(board, self.metrics(), view));
                    }
                }
                continue;
            }
            let (row, column) = (frame.row, self.candidates[frame.next]);
            self.frames[depth].next += 1;
            self.tests += 1;
            if tests_lazily
                && !consistent_with_placed(
                    row,
                    column,
                    &self.placed,
                    &self.columns,
                    &mut self.checks,
                )
            {
                if replay {
                    self.send_test(control, row, column, false);
                }
                continue;
            }
            if let Some(reason) = control.stop_reason(&self.metrics()) {
                return End::Stopped(reason);
            }
            self.nodes += 1;
            self.frames[depth].mark = self.domains.as_ref().map_or(0, Domains::mark);
            self.columns[row as usize] = column;
            self.placed.push(row);
            let consistent = self.infer(row, column);
            if replay {
                self.send_test(control, row, column, true);
            }
            if !consistent {
                continue;
            }
            if self.placed.len() == self.n {
                return End::Solved;
            }
            self.open(rng);
        }
        End::Exhausted
    }

    /// The board for a replay frame: each row's queen, or `None`.
    fn board(&self) -> Vec<Option<u32>> {
        self.columns
            .iter()
            .map(|&c| (c != UNASSIGNED).then_some(c))
            .collect()
    }

    /// Sends the replay frame of the test of (`row`, `column`): `safe` when
    /// the value was consistent and placed (its inference may still fail).
    fn send_test(&self, control: &mut Control<'_>, row: u32, column: u32, safe: bool) {
        let view = View::Test {
            row: row as usize,
            column,
            safe,
            solution: safe && self.placed.len() == self.n,
            occupancy: None,
            pruned: self.domains.as_ref().map(|domains| self.pruned(domains)),
        };
        control.frame(&ReplayFrame::new(self.board(), self.metrics(), view));
    }

    /// The squares of the rows without a queen that are no longer in their
    /// domains, row-major.
    fn pruned(&self, domains: &Domains) -> Vec<[u32; 2]> {
        let n = self.n as u32;
        unassigned(&self.columns)
            .flat_map(|row| {
                let mut live = vec![false; self.n];
                for value in domains.values(row) {
                    live[value as usize] = true;
                }
                (0..n)
                    .filter(move |&c| !live[c as usize])
                    .map(move |c| [row, c])
            })
            .collect()
    }

    /// Takes back the assignment of `frame`'s row and what it inferred.
    fn unassign(&mut self, frame: Frame) {
        self.columns[frame.row as usize] = UNASSIGNED;
        self.placed.pop();
        if self.settings.keeps_domains()
            && let Some(domains) = &mut self.domains
        {
            domains.undo(frame.mark);
        }
    }

    /// The inference after `row` was given `column`: false when it shows
    /// the assignment cannot be completed.
    fn infer(&mut self, row: u32, column: u32) -> bool {
        let (Some(domains), checks) = (&mut self.domains, &mut self.checks) else {
            return true;
        };
        match (self.settings.inference, &mut self.arcs) {
            (Inference::ForwardChecking, _) => {
                forward_check(row, column, &self.columns, domains, checks)
            }
            (Inference::Mac, Some(arcs)) => arcs.maintain(row, &self.columns, domains, checks),
            _ => true,
        }
    }

    /// Chooses the next row and pushes its frame with its candidates in
    /// the order they will be tried.
    fn open(&mut self, rng: &mut ChaCha8Rng) {
        let Self {
            settings,
            n,
            instance,
            columns,
            placed,
            frames,
            candidates,
            domains,
            ties,
            scores,
            checks,
            ..
        } = self;
        if settings.recomputes_values()
            && let Some(domains) = domains.as_mut()
        {
            for row in unassigned(columns) {
                domains.recompute(row, *n as u32, |column| {
                    in_initial_domain(*instance, row, column)
                        && consistent_with_placed(row, column, placed, columns, checks)
                });
            }
        }
        let row = choose_row(
            settings.order,
            unassigned(columns),
            domains.as_ref(),
            ties,
            rng,
        );
        let start = candidates.len();
        match domains.as_ref() {
            Some(domains) => candidates.extend(domains.values(row)),
            None => candidates
                .extend((0..*n as u32).filter(|&column| in_initial_domain(*instance, row, column))),
        }
        if settings.values == Values::Lcv
            && let Some(domains) = domains.as_ref()
        {
            least_constraining_first(
                row,
                &mut candidates[start..],
                unassigned(columns),
                domains,
                checks,
                scores,
            );
        }
        frames.push(Frame {
            row,
            start,
            end: candidates.len(),
            next: start,
            mark: 0,
        });
    }
}
