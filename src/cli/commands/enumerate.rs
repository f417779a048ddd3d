//! `queens enumerate`: every solution by Wirth's backtracking, with the move
//! counters of Kuechmann 1997 (MacTech) at each solution, optionally grouped
//! into symmetry classes. Ctrl-C (or SIGTERM) stops the search
//! cooperatively: what was found is printed, the `--csv` file is not written
//! (its temporary file is removed) and the exit status is 130 (143).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

use queens::Placement;
use queens::counting::symmetry::canonical_form;
use queens::solvers::algorithms::backtracking::{MoveCount, SearchEvent, WirthSearch};
use queens::solvers::{Budget, Control};
use serde::Serialize;

use super::args::{board_size, positive};
use super::enumerate_csv::SolutionsCsv;
use crate::cli::Exit;
use crate::cli::terminal::signals::{self, Phase};
use crate::cli::terminal::stderr::stderr_line;

/// Largest N enumerated: beyond it the solutions no longer fit in a reasonable time.
const MAX_N: usize = 20;

/// Enumerate the solutions with Wirth's backtracking and its move counters.
///
/// Prints the number of solutions and the counters of the whole search, then
/// the first and the last solution with the counters when each was found;
/// --unique adds one line per symmetry class, --json prints all this as one
/// JSON object. Only --csv lists every solution. Exit 1 when N has no
/// solution; Ctrl-C prints what was found, leaves the --csv file as it
/// was and exits 130.
///
/// Counters follow Kuechmann 1997 (MacTech): a test is every square tried, a backtrack is
/// leaving a row (other than the first) after all its squares were tried.
/// The top-level counters are for the whole (exhaustive) search, or up to
/// the --limit-th solution.
#[derive(clap::Args)]
pub struct EnumerateArgs {
    /// The board size N (at most 20).
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = board_size, allow_hyphen_values = true)]
    n: usize,
    /// Print one JSON object instead of text: {"n", "solutions", "tests",
    /// "backtracks", "complete", "first", "last"}, and with --unique
    /// "unique" and "fundamental" (index, columns and orbit of each class).
    #[arg(long)]
    json: bool,
    /// Write every solution to FILE, one CSV row each:
    /// index,tests,backtracks,columns (0-based, space-separated). The path is
    /// checked before the search; the file is written beside FILE and renamed
    /// onto it at the end, and nothing is written when there is no solution.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Stop after K solutions (K >= 1).
    #[arg(long, value_name = "K", value_parser = positive, allow_hyphen_values = true)]
    limit: Option<u64>,
    /// Also group the solutions into symmetry classes (8 rotations and
    /// reflections) and print each class's first solution in search order,
    /// its index and its class size (orbit).
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

/// The `--json` object, its keys in the order the book's getting-started page lists them.
#[derive(Serialize)]
struct JsonReport<'a> {
    n: usize,
    solutions: u64,
    tests: u64,
    backtracks: u64,
    complete: bool,
    first: Option<JsonFound<'a>>,
    last: Option<JsonFound<'a>>,
    /// With --unique: the number of symmetry classes.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<usize>,
    /// With --unique: each class's first solution and orbit size.
    #[serde(skip_serializing_if = "Option::is_none")]
    fundamental: Option<Vec<JsonClass<'a>>>,
}

/// A solution and the counters when it was found, in `--json`.
#[derive(Serialize)]
struct JsonFound<'a> {
    index: u64,
    tests: u64,
    backtracks: u64,
    columns: &'a [u32],
}

impl<'a> JsonFound<'a> {
    fn of(f: &'a Found) -> JsonFound<'a> {
        JsonFound {
            index: f.index,
            tests: f.moves.tests,
            backtracks: f.moves.backtracks,
            columns: f.placement.columns(),
        }
    }
}

/// A symmetry class in `--json`.
#[derive(Serialize)]
struct JsonClass<'a> {
    index: u64,
    columns: &'a [u32],
    orbit: usize,
}

/// What the search found: the count, the first and last solution, the
/// symmetry classes (with --unique), whether it was complete or
/// interrupted, and the counters of the whole search.
struct Enumeration {
    /// The solutions found.
    count: u64,
    /// The first solution found.
    first: Option<Found>,
    /// The last solution found.
    last: Option<Found>,
    /// With --unique: the symmetry classes, by canonical form.
    classes: BTreeMap<Vec<u32>, Class>,
    /// Whether the search was exhaustive (neither --limit nor Ctrl-C
    /// stopped it).
    complete: bool,
    /// Whether Ctrl-C (or SIGTERM) stopped it.
    interrupted: bool,
    /// The counters of the whole search.
    total: MoveCount,
}

impl Enumeration {
    /// The symmetry classes in the order their first solutions were found.
    fn fundamentals(&self) -> Vec<&Class> {
        let mut fundamentals: Vec<&Class> = self.classes.values().collect();
        fundamentals.sort_by_key(|c| c.first.index);
        fundamentals
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
    let mut csv = args.csv.as_deref().map(SolutionsCsv::check).transpose()?;

    let stop = signals::install(Phase::Finishing);
    let mut control = Control::new(Budget::UNLIMITED).with_interrupt(stop.flag());
    let found = enumerate(&args, &mut control, csv.as_mut());

    let mut out = io::stdout().lock();
    if args.json {
        print_json(&mut out, &args, &found)?;
    } else {
        print_text(&mut out, &args, &found)?;
    }
    if found.interrupted {
        // Dropping the file removes its temporary file: an interrupted list
        // of solutions never replaces a complete one.
        if let Some(path) = &args.csv {
            stderr_line!(
                "interrupted: {} was not written; run the command again to list every solution",
                path.display()
            );
        }
        drop(csv);
        return Ok(stop.exit());
    }
    // The result is printed even when the CSV file could not be written.
    if let Some(csv) = csv {
        csv.finish()?;
    }
    Ok(if found.count > 0 {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

/// Searches for the solutions under `control` until the search is
/// exhausted, interrupted or at --limit, recording each in `csv` and, with
/// --unique, in its symmetry class.
fn enumerate(
    args: &EnumerateArgs,
    control: &mut Control<'_>,
    mut csv: Option<&mut SolutionsCsv>,
) -> Enumeration {
    let mut search = WirthSearch::new(args.n);
    let mut first: Option<Found> = None;
    let mut last: Option<Found> = None;
    let mut classes: BTreeMap<Vec<u32>, Class> = BTreeMap::new();
    let mut count = 0u64;
    let mut complete = true;
    let mut interrupted = false;
    loop {
        let placement = match search.next_solution(control) {
            SearchEvent::Solution(placement) => placement,
            SearchEvent::Exhausted => break,
            SearchEvent::Stopped(_) => {
                // Only the interrupt flag can stop an unlimited search.
                complete = false;
                interrupted = true;
                break;
            }
        };
        count += 1;
        let found = Found {
            index: count,
            moves: search.moves(),
            placement,
        };
        if let Some(csv) = csv.as_mut() {
            csv.record(found.index, found.moves, found.placement.columns());
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
    Enumeration {
        count,
        first,
        last,
        classes,
        complete,
        interrupted,
        total: search.moves(),
    }
}

/// Prints what was `found` as the --json object.
fn print_json(
    out: &mut impl Write,
    args: &EnumerateArgs,
    found: &Enumeration,
) -> anyhow::Result<()> {
    let fundamentals = found.fundamentals();
    let object = serde_json::to_string(&JsonReport {
        n: args.n,
        solutions: found.count,
        tests: found.total.tests,
        backtracks: found.total.backtracks,
        complete: found.complete,
        first: found.first.as_ref().map(JsonFound::of),
        last: found.last.as_ref().map(JsonFound::of),
        unique: args.unique.then_some(fundamentals.len()),
        fundamental: args.unique.then(|| {
            fundamentals
                .iter()
                .map(|c| JsonClass {
                    index: c.first.index,
                    columns: c.first.placement.columns(),
                    orbit: c.size,
                })
                .collect()
        }),
    })?;
    writeln!(out, "{object}")?;
    Ok(())
}

/// Prints what was `found` as text: the totals and the scope of the
/// search, the first and last solution, and with --unique the classes.
fn print_text(
    out: &mut impl Write,
    args: &EnumerateArgs,
    found: &Enumeration,
) -> anyhow::Result<()> {
    let scope = if found.interrupted {
        "search interrupted"
    } else if found.complete {
        "exhaustive search"
    } else {
        "search until --limit"
    };
    writeln!(
        out,
        "n={} solutions={} tests={} backtracks={} ({scope})",
        args.n, found.count, found.total.tests, found.total.backtracks
    )?;
    for (name, f) in [("first", &found.first), ("last", &found.last)] {
        if let Some(f) = f {
            writeln!(
                out,
                "{name}: solution #{} after tests={} backtracks={}: {}",
                f.index,
                f.moves.tests,
                f.moves.backtracks,
                f.placement.compact()
            )?;
        }
    }
    if args.unique {
        let fundamentals = found.fundamentals();
        writeln!(out, "fundamental solutions: {}", fundamentals.len())?;
        for c in &fundamentals {
            writeln!(
                out,
                "  #{:<6} orbit {}  {}",
                c.first.index,
                c.size,
                c.first.placement.compact()
            )?;
        }
    }
    Ok(())
}
