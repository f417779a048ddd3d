//! The bottom layer, which every other module stands on and which imports
//! nothing above it: [`board`] (placements and the independent validator),
//! [`instance`] (the hard variants: allowed squares and given queens, their
//! generators and the readers of their published formats),
//! [`outcome`] (what a search returns: `StopReason`, `Metrics`, `Outcome`),
//! [`records`] (the CSV contract, the seed chain, the data directory's
//! layout and metadata.json, the atomic writers), [`remedy`] (what a
//! message tells the user to do, as data each front end spells in its own
//! language), [`shell`] (the quoting of every command printed for a person
//! to paste) and [`suggest`] (the "did you mean" of a misspelled name).

pub mod board;
pub mod instance;
pub mod outcome;
pub mod records;
pub mod remedy;
pub mod shell;
pub mod suggest;
