//! The algorithms, one file each, opened by its source and its choices:
//! [`backtracking`], [`construction`], [`random_restart`],
//! [`naive_repair`], [`min_conflicts`] (its `fast` variant in
//! [`min_conflicts_fast`]), [`hill_climbing`] (the textbook's steepest
//! ascent), [`genetic`], [`annealing`], [`csp`] (the textbook's
//! backtracking heuristics); the `blog` variants of naive repair
//! and min-conflicts share [`blog_repair`]; [`external`] runs a program of
//! the user's own. Each declares its descriptor, listed in
//! [`super::registry`]: adding an algorithm is one file here plus one line
//! there.

pub mod annealing;
pub mod backtracking;
pub mod blog_repair;
pub mod construction;
pub mod csp;
pub mod external;
pub mod genetic;
pub mod hill_climbing;
pub mod min_conflicts;
pub mod min_conflicts_fast;
pub mod naive_repair;
pub mod random_restart;
