//! Exports of an experiment's data for the field's other tools, read from
//! the CSV files alone (like the charts, never running a solver):
//! [`ioh`] writes the IOHprofiler data format that IOHanalyzer and the
//! `iohinspector` Python package read, and [`directory`] puts an export's
//! files into place all at once.

pub mod directory;
pub mod ioh;
