//! The building blocks the algorithms share: [`boards`] (line counters of
//! a board with one queen per row, and the traits every such board
//! answers), [`domains`] (the columns each row may take in an instance
//! of a hard variant), [`blog_grid`] (the VulgaireDev blog's grid, which lets a row
//! hold several queens), [`random`] (the shared draws), [`local_search`]
//! (the loop of a search on one board: stops, restarts, trace points,
//! outcome) and [`frame`] (what a solver shows at one step of an animated
//! replay). They depend on the solver interface only, never on an
//! algorithm.

pub mod blog_grid;
pub mod boards;
pub mod domains;
pub mod frame;
pub mod local_search;
pub mod random;
