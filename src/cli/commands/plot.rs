//! `queens plot`: compares an experiment's labels (compare.csv,
//! ranking.csv), draws its charts from its CSV files and writes the report
//! (report.html): the finishing pipeline ([`queens::finish`]) on its own.

use std::io::{self, Write};
use std::path::PathBuf;

use queens::base::records::Measure;
use queens::finish::{Steps, finish};
use queens::plot::options::Style;
use queens::plot::{self, Options};

use crate::cli::Exit;
use crate::cli::terminal::finishing::{Notes, open_to_compare, print_comparison};

/// Draw the charts of an experiment from its CSV files.
///
/// Reads summary.csv and runs.csv (and traces.csv when present) in DATA_DIR
/// and writes each chart below as SVG (with --print also as PNG and PDF;
/// SVG and PDF with `--style paper`); a chart the data cannot support (no traces, one label,
/// nothing solved) is skipped with a note saying why. Then writes
/// compare.csv and ranking.csv into DATA_DIR (as `queens compare` by
/// checks) and prints the ranking, and writes the report beside the charts
/// (as `queens report`). Never runs a solver.
#[derive(clap::Args)]
pub struct PlotArgs {
    /// The experiment's data directory (as written by `queens run`).
    data_dir: PathBuf,
    /// Where to write the charts [default: plots/<experiment name>].
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
    /// The work measure of the charts that compare algorithms: checks (the
    /// unit every algorithm counts alike), seconds (wall time), evaluations
    /// (whole-board evaluations; labels that never evaluate a board are
    /// left out, with a note) or steps (only where every label counts steps
    /// in the same unit; otherwise a note and no chart).
    #[arg(long, value_name = "MEASURE", default_value = "checks", value_parser = Measure::parse)]
    measure: Measure,
    /// The board sizes of the charts drawn per size (the ECDFs,
    /// convergence, fixed-target, fixed-budget and the comparison heat map,
    /// a panel each; the parameter charts, a line each), comma-separated (like 8,12) [default: every
    /// size as small multiples, or the largest shared size when there are
    /// more than four].
    #[arg(long = "n", value_name = "SIZES", value_delimiter = ',', value_parser = size)]
    sizes: Option<Vec<u64>>,
    /// screen (a title in the image; SVG, and PNG and PDF with --print) or
    /// paper (sized for a 3.5-inch column or a 7-inch page, 8–9 pt text, no
    /// title: the caption carries it; SVG and PDF).
    #[arg(long, value_name = "STYLE", default_value = "screen", value_parser = Style::parse)]
    style: Style,
    /// Also write each screen chart as PNG (at twice the SVG's density) and
    /// PDF (the font embedded, 3.5 or 7 inches wide), for slides and print.
    /// Without it a redrawn chart removes the PNG and PDF an earlier
    /// --print left, so none shows older data than its SVG.
    #[arg(long)]
    print: bool,
}

/// The chart list that ends the long help: every chart `plot` draws, from
/// the chart registry.
pub fn chart_list() -> String {
    let charts: Vec<String> = plot::registry::catalogue()
        .into_iter()
        .map(|(stem, caption)| format!("  {stem}: {caption}"))
        .collect();
    let list = charts.join("\n");
    format!(
        "The charts, by file name, in the report's order (MEASURE: --measure; KEY: a swept parameter):\n{list}"
    )
}

/// Parses one size of `--n`: a board size of at least 1.
fn size(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{text}' is not a board size: give whole numbers of at least 1, comma-separated, like 8,12"
        )),
    }
}

/// Renders every chart, lists the files written and notes what was skipped.
pub fn run(args: PlotArgs) -> anyhow::Result<Exit> {
    if args.print && !plot::PRINT_FORMATS {
        return Err(plot::PlotError::PrintFormatsNotBuilt.into());
    }
    // The comparison step writes compare.csv there: the store holds the
    // data directory's lock, refused beside a running experiment.
    let mut store = open_to_compare(&args.data_dir)?;
    let plots = match args.plots {
        Some(plots) => plots,
        None => store.default_plots_dir()?,
    };
    let options = Options {
        measure: args.measure,
        sizes: args.sizes,
        style: args.style,
        print: args.print,
    };
    let finished = finish(&mut store, &plots, Steps::ALL, &options, &Notes)?;
    print_comparison(&finished);
    let mut out = io::stdout().lock();
    for file in &finished.charts {
        writeln!(out, "{}", file.display())?;
    }
    if let Some(report) = finished.report() {
        writeln!(out, "{}", report.display())?;
    }
    Ok(Exit::Success)
}
