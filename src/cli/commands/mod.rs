//! One file per subcommand of `queens`, each holding its clap arguments (whose
//! doc comments are its `--help`) and its `run`; beside them what several
//! share: the argument parsers (`args`, `search_args`, and `instance_spec`,
//! the `--instance` of `solve`, `animate` and `count`), the plan `run
//! --dry-run` prints (`dry_run`) and the solutions file of `enumerate --csv`
//! (`enumerate_csv`). `completions` and `man` print the shell completion
//! scripts and write the manual pages from the same clap definitions;
//! `schema` prints the config's JSON Schema.

pub mod algorithms;
pub mod animate;
pub mod args;
pub mod bench;
pub mod compare;
pub mod completions;
pub mod count;
pub mod dry_run;
pub mod enumerate;
pub mod enumerate_csv;
pub mod export;
pub mod instance_spec;
pub mod man;
pub mod merge;
pub mod plot;
pub mod report;
pub mod run;
pub mod schema;
pub mod search_args;
pub mod solve;
pub mod space;
pub mod summarize;
