//! `queens space`: the sizes of the search spaces of the N-Queens problem,
//! one row per formulation, exact, with the time enumerating each takes at
//! a rate the user gives and at the rate this machine's backtracking
//! achieved; as an aligned text table, CSV (one row per N and formulation)
//! or JSON.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::Context;
use num_bigint::BigUint;
use queens::counting::MAX_N;
use queens::counting::space::rate::{Rate, duration_text, seconds};
use queens::counting::space::tree::{TreeCount, count_tree, time_tree};
use queens::counting::space::{Formulation, SpaceTable, space_table, thousands};
use serde_json::{Value, json};

use super::args::board_size;
use crate::cli::Exit;

/// The largest N `space` computes (its sizes have thousands of digits).
const MAX_SPACE_N: usize = 1000;

/// The board size the machine's rate is measured at when the table
/// searches no tree of at least [`MIN_RATE_N`].
const CALIBRATION_N: usize = 12;

/// The smallest searched tree whose speed stands for the machine's rate.
const MIN_RATE_N: usize = 10;

/// How long the rate is measured for, at least.
const RATE_TIME: Duration = Duration::from_millis(200);

/// The sizes of the search spaces a student meets, each named by its
/// formulation.
///
/// Exact integers for the ordered placements of N queens on the N² squares
/// (N²!/(N²−N)!), the unordered ones (C(N², N)), one queen per row (N^N),
/// one per row and column (N!), every node of the row-by-row state-space
/// tree (1 + N + … + N^N), the nodes plain backtracking checks and finds
/// promising (Neapolitan's definitions: the root counts, a node is checked
/// when its promising function runs; counted by running the search to all
/// solutions), the solutions and the fundamental solutions; each with the
/// line of what it rules out, and how long enumerating it takes at
/// `--rate` and at the rate this machine's backtracking checked nodes.
///
/// The searched rows are counted only for N <= --tree-limit; above it they
/// are left out (empty in CSV, null in JSON) and the output says so.
#[derive(clap::Args)]
pub struct SpaceArgs {
    /// The board size N (1 to 1000).
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = space_size, allow_hyphen_values = true, required_unless_present = "from", conflicts_with_all = ["from", "to"])]
    n: Option<usize>,
    /// The first N of a table over a range of sizes (with --to).
    #[arg(long, value_name = "A", value_parser = space_size, requires = "to")]
    from: Option<usize>,
    /// The last N of a table over a range of sizes (with --from).
    #[arg(long, value_name = "B", value_parser = space_size, requires = "from")]
    to: Option<usize>,
    /// Also say how long enumerating each space takes at this rate: a
    /// count per unit of time, like 100/ms or 1e9/s (units: ns, us, ms, s,
    /// min, h, day).
    #[arg(long, value_name = "RATE", value_parser = parse_rate, allow_hyphen_values = true)]
    rate: Option<Rate>,
    /// Count the searched rows (nodes checked and promising, solutions,
    /// fundamental solutions) only for N up to this, 0 to 32: the search
    /// takes about a second at N = 14 and ten times longer for each N
    /// above.
    #[arg(long, value_name = "N", default_value_t = 14, value_parser = clap::value_parser!(u8).range(0..=MAX_N as i64))]
    tree_limit: u8,
    /// Print CSV: one row per N and formulation, sizes as plain digits.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print one JSON object: {"rate", "machine_rate", "tree_limit",
    /// "sizes"}, each size {"n", "rows", "left_out"}; sizes are strings
    /// of digits.
    #[arg(long)]
    json: bool,
}

/// Parses a board size for `space`: 1 to [`MAX_SPACE_N`].
fn space_size(text: &str) -> Result<usize, String> {
    match board_size(text)? {
        n if n <= MAX_SPACE_N => Ok(n),
        n => Err(format!(
            "board size {n} is too large for space (at most {MAX_SPACE_N})"
        )),
    }
}

/// Parses `--rate`.
fn parse_rate(text: &str) -> Result<Rate, String> {
    text.parse()
        .map_err(|e: queens::counting::space::rate::RateError| e.to_string())
}

/// The rate this machine's backtracking checked nodes at.
struct MachineRate {
    per_second: f64,
    measured_at: usize,
}

/// One size's table and why its searched rows are missing, if they are.
struct Sized {
    table: SpaceTable,
    left_out: Option<String>,
}

/// Computes the tables and prints them.
pub fn run(args: SpaceArgs) -> anyhow::Result<Exit> {
    let (from, to) = match (args.n, args.from, args.to) {
        (Some(n), _, _) => (n, n),
        (None, Some(a), Some(b)) if a <= b => (a, b),
        (None, Some(a), Some(b)) => {
            anyhow::bail!("--from {a} is above --to {b}: give the smaller size first")
        }
        _ => anyhow::bail!("give the board size with -n N, or a range with --from A --to B"),
    };
    let limit = usize::from(args.tree_limit);
    let searched_max = to.min(limit);
    let mut machine = None;
    let mut sized = Vec::new();
    for n in from..=to {
        let tree = (n <= limit).then(|| {
            if n == searched_max && n >= MIN_RATE_N {
                let timed = time_tree(n, RATE_TIME);
                machine = Some(MachineRate {
                    per_second: timed.checked_per_second,
                    measured_at: n,
                });
                timed.count
            } else {
                count_tree(n)
            }
        });
        sized.push(sized_table(n, tree.as_ref(), limit)?);
    }
    let machine = machine.unwrap_or_else(|| MachineRate {
        per_second: time_tree(CALIBRATION_N, RATE_TIME).checked_per_second,
        measured_at: CALIBRATION_N,
    });
    let mut out = io::stdout().lock();
    if args.csv {
        print_csv(&mut out, &sized, args.rate.as_ref(), &machine)?;
    } else if args.json {
        let value = to_json(&sized, args.rate.as_ref(), &machine, limit);
        writeln!(out, "{}", serde_json::to_string(&value)?)?;
    } else {
        print_text(&mut out, &sized, args.rate.as_ref(), &machine)?;
    }
    Ok(Exit::Success)
}

/// The table of `n` and, above `limit`, why its searched rows are missing.
fn sized_table(n: usize, tree: Option<&TreeCount>, limit: usize) -> anyhow::Result<Sized> {
    let table =
        space_table(n, tree).with_context(|| format!("cannot count the solutions of N = {n}"))?;
    let left_out = tree.is_none().then(|| {
        let names: Vec<&str> = Formulation::ALL
            .iter()
            .filter(|f| f.is_searched())
            .map(|f| f.label())
            .collect();
        format!(
            "left out at N = {n}: {} (counted by searching, which is not done above --tree-limit {limit}: it would take too long; raise --tree-limit to count them)",
            names.join(", ")
        )
    });
    Ok(Sized { table, left_out })
}

/// A rate in words: "412,345,678 nodes/s".
fn per_second_text(per_second: f64) -> String {
    format!(
        "{} nodes/s",
        thousands(&BigUint::from(per_second.round() as u64))
    )
}

/// Prints the aligned text tables, one block per N.
fn print_text(
    out: &mut impl Write,
    sized: &[Sized],
    rate: Option<&Rate>,
    machine: &MachineRate,
) -> io::Result<()> {
    writeln!(
        out,
        "this machine's backtracking checked {} (measured at N = {})",
        per_second_text(machine.per_second),
        machine.measured_at
    )?;
    for Sized { table, left_out } in sized {
        writeln!(out)?;
        writeln!(out, "N = {}", table.n)?;
        let mut header = vec!["formulation".to_owned(), "size".to_owned()];
        if let Some(rate) = rate {
            header.push(format!("at {rate}"));
        }
        header.push("at this machine's rate".to_owned());
        header.push("rules out".to_owned());
        let mut lines = vec![header];
        for row in &table.rows {
            let mut line = vec![row.formulation.label().to_owned()];
            match &row.size {
                Some(size) => {
                    line.push(thousands(size));
                    if let Some(rate) = rate {
                        line.push(duration_text(size, rate.per_second));
                    }
                    line.push(duration_text(size, machine.per_second));
                }
                None => {
                    line.push("not counted".to_owned());
                    if rate.is_some() {
                        line.push("-".to_owned());
                    }
                    line.push("-".to_owned());
                }
            }
            line.push(row.formulation.rules_out().to_owned());
            lines.push(line);
        }
        print_aligned(out, &lines)?;
        if let Some(note) = left_out {
            writeln!(out, "{note}")?;
        }
    }
    writeln!(
        out,
        "\nchecked and promising follow Neapolitan: the root counts; a node is checked when its promising function runs (N = 8: 15,721 and 2,057, his table's)"
    )
}

/// Prints `lines` with each column padded to its widest cell (sizes
/// right-aligned), the last column as it is.
fn print_aligned(out: &mut impl Write, lines: &[Vec<String>]) -> io::Result<()> {
    let columns = lines.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for line in lines {
        let mut text = String::new();
        for (c, cell) in line.iter().enumerate() {
            let pad = " ".repeat(widths[c] - cell.chars().count());
            if c + 1 == columns {
                text.push_str(cell);
            } else if c == 1 {
                text.push_str(&format!("{pad}{cell}  "));
            } else {
                text.push_str(&format!("{cell}{pad}  "));
            }
        }
        writeln!(out, "{}", text.trim_end())?;
    }
    Ok(())
}

/// Seconds as a CSV cell: a number, `Inf` beyond the range of `f64`.
fn seconds_cell(seconds: f64) -> String {
    if seconds.is_finite() {
        format!("{seconds:e}")
    } else {
        "Inf".to_owned()
    }
}

/// Prints the CSV: one row per N and formulation.
fn print_csv(
    out: &mut impl Write,
    sized: &[Sized],
    rate: Option<&Rate>,
    machine: &MachineRate,
) -> anyhow::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record([
        "n",
        "formulation",
        "size",
        "rules_out",
        "rate",
        "seconds_at_rate",
        "time_at_rate",
        "machine_rate_per_second",
        "seconds_at_machine_rate",
        "time_at_machine_rate",
        "note",
    ])?;
    for Sized { table, left_out } in sized {
        for row in &table.rows {
            let timed = |per_second: f64| {
                row.size
                    .as_ref()
                    .map_or((String::new(), String::new()), |size| {
                        (
                            seconds_cell(seconds(size, per_second)),
                            duration_text(size, per_second),
                        )
                    })
            };
            let (at_rate, at_rate_text) =
                rate.map_or((String::new(), String::new()), |r| timed(r.per_second));
            let (at_machine, at_machine_text) = timed(machine.per_second);
            let note = match (&row.size, left_out) {
                (None, Some(note)) => note.clone(),
                _ => String::new(),
            };
            writer.write_record([
                table.n.to_string(),
                row.formulation.key().to_owned(),
                row.size
                    .as_ref()
                    .map(BigUint::to_string)
                    .unwrap_or_default(),
                row.formulation.rules_out().to_owned(),
                rate.map(|r| r.text.clone()).unwrap_or_default(),
                at_rate,
                at_rate_text,
                format!("{:.0}", machine.per_second),
                at_machine,
                at_machine_text,
                note,
            ])?;
        }
    }
    writer.flush()?;
    Ok(())
}

/// Seconds as a JSON value: a number, null beyond the range of `f64`.
fn seconds_json(seconds: f64) -> Value {
    if seconds.is_finite() {
        json!(seconds)
    } else {
        Value::Null
    }
}

/// The whole output as one JSON object.
fn to_json(sized: &[Sized], rate: Option<&Rate>, machine: &MachineRate, limit: usize) -> Value {
    let sizes: Vec<Value> = sized
        .iter()
        .map(|Sized { table, left_out }| {
            let rows: Vec<Value> = table
                .rows
                .iter()
                .map(|row| {
                    let size = row.size.as_ref();
                    let at = |per_second: f64| {
                        size.map_or((Value::Null, Value::Null), |s| {
                            (
                                seconds_json(seconds(s, per_second)),
                                json!(duration_text(s, per_second)),
                            )
                        })
                    };
                    let (at_rate, at_rate_text) =
                        rate.map_or((Value::Null, Value::Null), |r| at(r.per_second));
                    let (at_machine, at_machine_text) = at(machine.per_second);
                    json!({
                        "formulation": row.formulation.key(),
                        "size": size.map(BigUint::to_string),
                        "rules_out": row.formulation.rules_out(),
                        "seconds_at_rate": at_rate,
                        "time_at_rate": at_rate_text,
                        "seconds_at_machine_rate": at_machine,
                        "time_at_machine_rate": at_machine_text,
                    })
                })
                .collect();
            json!({"n": table.n, "rows": rows, "left_out": left_out})
        })
        .collect();
    json!({
        "rate": rate.map(|r| json!({"text": r.text, "per_second": r.per_second})),
        "machine_rate": {"per_second": machine.per_second, "measured_at_n": machine.measured_at},
        "tree_limit": limit,
        "sizes": sizes,
    })
}
