//! The `csp` search's inference after an assignment: forward checking
//! (Haralick & Elliott 1980) and maintaining arc consistency with AC-3
//! (Mackworth 1977). Part of [`super`]; both prune [`Domains`] through its
//! trail, so the search undoes them by rewinding it, and both count every
//! evaluation of the constraint as one check.

use std::collections::VecDeque;
use std::num::Saturating;

use super::domains::{Checks, Domains, UNASSIGNED, unassigned};

/// Forward checking after the queen of `row` was placed at `column`
/// (`columns` holds it): removes from each unassigned row's domain, rows
/// ascending, the values that queen attacks, one check per value still in
/// the domain. Returns false, at once, when a domain is left empty.
pub fn forward_check(
    row: u32,
    column: u32,
    columns: &[u32],
    domains: &mut Domains,
    checks: &mut Checks,
) -> bool {
    for other in unassigned(columns) {
        domains.retain(other, |value| !checks.attack(row, column, other, value));
        if domains.size(other) == 0 {
            return false;
        }
    }
    true
}

/// AC-3's queue of arcs, kept between assignments so that a search
/// allocates it once.
#[derive(Debug)]
pub struct Arcs {
    n: usize,
    /// Arcs (k, m) to revise: k's values need a support in m.
    queue: VecDeque<(u32, u32)>,
    /// Whether arc (k, m) is in the queue, at `k * n + m`.
    queued: Vec<bool>,
}

impl Arcs {
    /// An empty queue for an N×N board.
    pub fn new(n: usize) -> Self {
        Self {
            n,
            queue: VecDeque::with_capacity(n * n),
            queued: vec![false; n * n],
        }
    }

    /// The bytes [`Arcs::new`] allocates.
    /// In saturating arithmetic: never wraps (see [`crate::solvers::memory`]).
    pub fn bytes(n: usize) -> Saturating<u64> {
        let n = Saturating(n as u64);
        Saturating(8) * n * n + n * n
    }

    fn push(&mut self, k: u32, m: u32) {
        let at = k as usize * self.n + m as usize;
        if !self.queued[at] {
            self.queued[at] = true;
            self.queue.push_back((k, m));
        }
    }

    /// Maintains arc consistency after the queen of `row` was placed
    /// (`columns` holds it): AC-3 over the unassigned rows, started from the
    /// arcs (k, `row`) for every unassigned row k, ascending; an arc whose
    /// revision removed a value of k queues the arcs (i, k) of every other
    /// unassigned row i but the one it was revised against, each arc at most
    /// once in the queue, first in first out. Revising (k, m) looks for each
    /// value of k, in ascending order, its first support among m's values
    /// (the queen's column when m is assigned), one check per pair compared.
    /// Returns false, at once, when a domain is left empty.
    pub fn maintain(
        &mut self,
        row: u32,
        columns: &[u32],
        domains: &mut Domains,
        checks: &mut Checks,
    ) -> bool {
        for k in unassigned(columns) {
            self.push(k, row);
        }
        while let Some((k, m)) = self.queue.pop_front() {
            self.queued[k as usize * self.n + m as usize] = false;
            let column = columns[m as usize];
            let revised = if column == UNASSIGNED {
                domains
                    .retain_supported(k, m, |value, support| !checks.attack(k, value, m, support))
            } else {
                domains.retain(k, |value| !checks.attack(k, value, m, column))
            };
            if !revised {
                continue;
            }
            if domains.size(k) == 0 {
                while let Some((k, m)) = self.queue.pop_front() {
                    self.queued[k as usize * self.n + m as usize] = false;
                }
                return false;
            }
            for i in unassigned(columns).filter(|&i| i != k && i != m) {
                self.push(i, k);
            }
        }
        true
    }
}
