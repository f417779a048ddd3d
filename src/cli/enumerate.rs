//! `queens enumerate`: every solution by Wirth's backtracking, with seed 002's
//! move counters at each solution, optionally grouped into symmetry classes.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::PathBuf;

use anyhow::Context;
use queens::Placement;
use queens::solvers::backtracking::{MoveCount, SearchEvent, WirthSearch};
use queens::solvers::{Budget, Control};
use queens::symmetry::canonical_form;
use serde_json::json;

use super::Exit;
use super::args::board_size;

/// Largest N enumerated: beyond it the solutions no longer fit in a reasonable time.
const MAX_N: usize = 20;

/// List every solution with Wirth's backtracking and its move counters.
///
/// Counters follow seed 002: a test is every square tried, a backtrack is
/// leaving a row (other than the first) after all its squares were tried.
/// The top-level counters are for the whole (exhaustive) search.
#[derive(clap::Args)]
pub struct EnumerateArgs {
    /// The board size N (at most 20).
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = board_size, allow_hyphen_values = true)]
    n: usize,
    /// Print one JSON object with the counters instead of text.
    #[arg(long)]
    json: bool,
    /// Write one CSV row per solution: index,tests,backtracks,columns.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    limit: Option<u64>,
    /// Group the solutions into symmetry classes (8 rotations and reflections)
    /// and list each fundamental solution with its class size.
    #[arg(long)]
    unique: bool,
}

/// One solution and the counters when it was found.
#[derive(Clone)]
struct Found {
    index: u64,
    moves: MoveCount,
    placement: Placement,
}

/// One symmetry class: its first member in search order and its size.
struct Class {
    first: Found,
    size: usize,
}

fn found_json(found: Option<&Found>) -> serde_json::Value {
    match found {
        Some(f) => json!({
            "index": f.index,
            "tests": f.moves.tests,
            "backtracks": f.moves.backtracks,
            "columns": f.placement.columns(),
        }),
        None => serde_json::Value::Null,
    }
}

/// Runs the enumeration and reports it.
pub fn run(args: EnumerateArgs) -> anyhow::Result<Exit> {
    if args.n > MAX_N {
        anyhow::bail!(
            "enumerate lists solutions for N <= {MAX_N}, got N = {}; use `queens count` for totals",
            args.n
        );
    }
    if args.limit == Some(0) {
        anyhow::bail!("--limit must be at least 1");
    }
    let mut csv = match &args.csv {
        Some(path) => {
            let file = File::create(path)
                .with_context(|| format!("cannot create CSV file {}", path.display()))?;
            let mut w = csv::Writer::from_writer(file);
            w.write_record(["index", "tests", "backtracks", "columns"])?;
            Some(w)
        }
        None => None,
    };

    let mut search = WirthSearch::new(args.n);
    let mut control = Control::new(Budget::UNLIMITED);
    let mut first: Option<Found> = None;
    let mut last: Option<Found> = None;
    let mut classes: BTreeMap<Vec<u32>, Class> = BTreeMap::new();
    let mut count = 0u64;
    let mut complete = true;
    while let SearchEvent::Solution(placement) = search.next_solution(&mut control) {
        count += 1;
        let found = Found {
            index: count,
            moves: search.moves(),
            placement,
        };
        if let Some(w) = csv.as_mut() {
            let columns = found
                .placement
                .columns()
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            w.write_record([
                found.index.to_string(),
                found.moves.tests.to_string(),
                found.moves.backtracks.to_string(),
                columns,
            ])?;
        }
        if args.unique {
            let (key, size) = canonical_form(found.placement.columns());
            classes.entry(key).or_insert_with(|| Class {
                first: found.clone(),
                size,
            });
        }
        if first.is_none() {
            first = Some(found.clone());
        }
        last = Some(found);
        if args.limit.is_some_and(|k| count >= k) {
            complete = false;
            break;
        }
    }
    if let Some(mut w) = csv {
        w.flush().context("cannot write the CSV file")?;
    }
    let total = search.moves();
    let mut fundamentals: Vec<&Class> = classes.values().collect();
    fundamentals.sort_by_key(|c| c.first.index);

    if args.json {
        let mut object = json!({
            "n": args.n,
            "solutions": count,
            "tests": total.tests,
            "backtracks": total.backtracks,
            "complete": complete,
            "first": found_json(first.as_ref()),
            "last": found_json(last.as_ref()),
        });
        if args.unique {
            object["unique"] = json!(fundamentals.len());
            object["fundamental"] = fundamentals
                .iter()
                .map(|c| {
                    json!({
                        "index": c.first.index,
                        "columns": c.first.placement.columns(),
                        "orbit": c.size,
                    })
                })
                .collect();
        }
        println!("{object}");
    } else {
        let scope = if complete {
            "exhaustive search"
        } else {
            "search until --limit"
        };
        println!(
            "n={} solutions={} tests={} backtracks={} ({scope})",
            args.n, count, total.tests, total.backtracks
        );
        for (name, f) in [("first", &first), ("last", &last)] {
            if let Some(f) = f {
                println!(
                    "{name}: solution #{} after tests={} backtracks={}: {}",
                    f.index,
                    f.moves.tests,
                    f.moves.backtracks,
                    f.placement.compact()
                );
            }
        }
        if args.unique {
            println!("fundamental solutions: {}", fundamentals.len());
            for c in &fundamentals {
                println!(
                    "  #{:<6} orbit {}  {}",
                    c.first.index,
                    c.size,
                    c.first.placement.compact()
                );
            }
        }
    }
    Ok(if count > 0 {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}
