//! Exports of an experiment's data for the field's other tools, read from
//! the CSV files alone (like the charts, never running a solver):
//! [`ioh`] writes the IOHprofiler data format that IOHanalyzer and the
//! `iohinspector` Python package read; the records layer's
//! [`crate::base::records::atomic_dir`] puts its files into place all at once.

pub mod ioh;
