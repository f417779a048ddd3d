//! Arbitrary bytes fed to every reader of user-editable input: the config
//! loader, the CSV readers of a data directory (runs.csv, traces.csv,
//! summary.csv, params.csv, compare.csv, ranking.csv) and the count
//! checkpoint reader. None may panic; a checkpoint read either fails or
//! gives, for every unit it returns, exactly the count that was written,
//! so no total can be wrong. The case counts are modest, to keep
//! `cargo test` fast.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use proptest::prelude::*;
use queens::base::records::{
    CompareRow, ParamRow, RankingRow, RunRecord, SummaryRow, TraceRecord, read_rows,
};
use queens::counting::checkpoint::{self, Checkpoint};
use queens::counting::{Counter, Shard};
use queens::experiment::config::load;

/// The board size of the checkpoint: a few dozen units, counted at once.
const N: usize = 9;

/// A whole checkpoint of N and the count of each of its units, written
/// once through the counter and the checkpoint writer.
fn written_checkpoint() -> &'static (Vec<u8>, BTreeMap<usize, u64>) {
    static WRITTEN: OnceLock<(Vec<u8>, BTreeMap<usize, u64>)> = OnceLock::new();
    WRITTEN.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("checkpoint");
        let counter = Counter::new(N).expect("a counter");
        let units = counter.shard_units(Shard::WHOLE).expect("units");
        let file = Mutex::new(Checkpoint::open(&path, &counter, Shard::WHOLE).expect("opened"));
        let counts = Mutex::new(BTreeMap::new());
        counter.count_units(&units, &|unit| {
            file.lock()
                .expect("lock")
                .record(unit.unit, unit.completions)
                .expect("recorded");
            counts
                .lock()
                .expect("lock")
                .insert(unit.unit, unit.completions);
        });
        drop(file);
        let bytes = std::fs::read(&path).expect("read back");
        (bytes, counts.into_inner().expect("counts"))
    })
}

/// Reads `bytes` as every CSV file of a data directory; only the absence
/// of a panic is checked.
fn read_every_csv(dir: &Path, bytes: &[u8]) {
    let path = dir.join("file.csv");
    std::fs::write(&path, bytes).expect("written");
    let _ = queens::store::runs::read(&path);
    let _ = read_rows::<RunRecord>(&path);
    let _ = read_rows::<TraceRecord>(&path);
    let _ = read_rows::<SummaryRow>(&path);
    let _ = read_rows::<ParamRow>(&path);
    let _ = read_rows::<CompareRow>(&path);
    let _ = read_rows::<RankingRow>(&path);
}

/// A header of runs.csv, so that arbitrary rows reach the field parsers.
const RUNS_HEADER: &str = "experiment,algorithm,label,step_unit,params,budget,n,trial,seed,solved,stop_reason,steps,restarts,checks,tests,backtracks,evaluations,final_conflicts,solutions,wall_seconds\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_config_loader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = load("fuzz.toml", &String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn the_config_loader_never_panics_on_config_like_text(
        text in "(name|seed|sizes|trials|label|params|\\[\\[algorithm\\]\\]|\\[budget\\]|max_steps|time_limit|=|\"|-|[0-9]{1,22}|\\.|,|\\[|\\]|\\{|\\}|\n| |backtracking|min-conflicts|external|command){0,60}"
    ) {
        let _ = load("fuzz.toml", &text);
    }

    #[test]
    fn the_csv_readers_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let dir = tempfile::tempdir().expect("temp dir");
        read_every_csv(dir.path(), &bytes);
        let mut with_header = RUNS_HEADER.as_bytes().to_vec();
        with_header.extend_from_slice(&bytes);
        read_every_csv(dir.path(), &with_header);
    }

    #[test]
    fn a_checkpoint_read_fails_or_holds_only_the_counts_written(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
        arbitrary in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let (written, counts) = written_checkpoint();
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("checkpoint");
        // The written file with a few bytes changed and cut anywhere.
        let mut bytes = written.clone();
        for (at, byte) in &edits {
            let i = at.index(bytes.len());
            bytes[i] = *byte;
        }
        bytes.truncate(cut.index(bytes.len() + 1));
        std::fs::write(&path, &bytes).expect("written");
        if let Ok(contents) = checkpoint::read(&path) {
            prop_assert_eq!(contents.header.n, N);
            for (unit, completions) in &contents.done {
                prop_assert_eq!(Some(completions), counts.get(unit), "unit {}", unit);
            }
        }
        let counter = Counter::new(N).expect("a counter");
        if let Ok(opened) = Checkpoint::open(&path, &counter, Shard::WHOLE) {
            for (unit, completions) in opened.done() {
                prop_assert_eq!(Some(completions), counts.get(unit), "unit {}", unit);
            }
        }
        // Arbitrary bytes: never a panic, and never a count.
        std::fs::write(&path, &arbitrary).expect("written");
        if let Ok(contents) = checkpoint::read(&path) {
            prop_assert!(contents.done.is_empty(), "{:?}", contents.done);
        }
    }
}
