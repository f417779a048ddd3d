//! Runner overhead: an experiment of many tiny trials (min-conflicts at
//! N = 8), run through the real runner into a temporary data directory —
//! seeds, solver, validation, one appended CSV row per trial, the final
//! rewrite in plan order, the summary and the metadata. Target: 100,000
//! trials in at most 2 s wall on 2 threads.

use std::sync::atomic::AtomicBool;

use super::{BenchError, BenchOptions, BenchRow, measure};
use crate::experiment::config;
use crate::run::observer::NoObserver;
use crate::run::runner::{RunOptions, run_experiment};

/// Runs the overhead experiment on 1 and 2 threads.
pub fn run(options: &BenchOptions) -> Result<Vec<BenchRow>, BenchError> {
    let trials: u64 = if options.quick { 10_000 } else { 100_000 };
    let sizes = if options.sizes.is_empty() {
        vec![8]
    } else {
        options.sizes.clone()
    };
    let mut rows = Vec::new();
    for n in sizes {
        let text = format!(
            "name = \"runner-bench\"\nseed = 1\nsizes = [{n}]\ntrials = {trials}\n\n[[algorithm]]\nname = \"min-conflicts\"\n"
        );
        let experiment = config::load("runner benchmark", &text)?;
        for threads in [1, 2] {
            let dir = std::env::temp_dir().join(format!(
                "queens-runner-bench-{}-{threads}",
                std::process::id()
            ));
            let interrupt = AtomicBool::new(false);
            let run_options = RunOptions {
                data_dir: dir.clone(),
                threads,
                fresh: true,
                shard: None,
                observer: &NoObserver,
                interrupt: &interrupt,
            };
            let (report, timing) = measure(|| run_experiment(&experiment, &run_options));
            let report = report?;
            std::fs::remove_dir_all(&dir)
                .map_err(|source| BenchError::Cleanup { path: dir, source })?;
            rows.push(BenchRow::new(
                format!("runner min-conflicts n={n} threads={threads}"),
                timing,
                format!(
                    "{} trials, {:.0} trials/s wall (target: 100000 trials <= 2 s wall on 2 threads)",
                    report.ran,
                    report.ran as f64 / timing.wall_seconds
                ),
            ));
        }
    }
    Ok(rows)
}
