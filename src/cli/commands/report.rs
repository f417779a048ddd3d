//! `queens report`: writes each experiment's one-file HTML report (and,
//! with `--latex`, its tables as LaTeX) beside its charts, drawing the
//! charts first when there are none: the report step of the finishing
//! pipeline ([`queens::finish`]), which `queens run`, `merge` and `plot`
//! end with.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::bail;
use queens::finish::{Steps, finish, outputs};
use queens::store::Store;

use crate::cli::Exit;
use crate::cli::terminal::finishing::Notes;

/// Write an experiment's report: one self-contained HTML file.
///
/// For each DATA_DIR, writes report.html into its charts directory: the
/// answers to the config's questions, what was compared, the headline
/// results in words (from compare.csv, ranking.csv and summary.csv), every
/// SVG chart inline with its caption, the tables (summary, every pair, the
/// ERT ratio to the best, growth exponents, the ranking across sizes and,
/// for traced experiments, the fixed-target ERTs) and the provenance. It needs no network and no other
/// file. When the charts directory holds no chart, draws the charts first
/// (as `queens plot` does). Prints the files written.
#[derive(clap::Args)]
pub struct ReportArgs {
    /// The experiments' data directories (as written by `queens run`).
    #[arg(value_name = "DATA_DIR", required = true)]
    data_dirs: Vec<PathBuf>,
    /// The charts directory, where the report is written [default:
    /// plots/<experiment name>]; only with one DATA_DIR.
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
    /// Also write the tables as LaTeX booktabs longtables beside
    /// report.html: summary.tex, compare.tex (with significance marks),
    /// growth.tex, ert-ratio.tex and, for traced experiments, targets.tex.
    #[arg(long)]
    latex: bool,
    /// Also write the experiment in the IOHprofiler format (by checks,
    /// sizes above 65535 left out) into ioh/ beside report.html, replacing
    /// an earlier one there (`queens export` chooses the measure and the
    /// place).
    #[arg(long)]
    ioh: bool,
}

/// Writes every report asked for and lists the files.
pub fn run(args: ReportArgs) -> anyhow::Result<Exit> {
    if args.plots.is_some() && args.data_dirs.len() > 1 {
        bail!(
            "--plots names one experiment's charts directory, but {} data directories were given: give one DATA_DIR with --plots, or leave --plots out to use plots/<experiment name> for each",
            args.data_dirs.len()
        );
    }
    let mut out = io::stdout().lock();
    for data_dir in &args.data_dirs {
        let mut store = Store::open(data_dir)?;
        let plots = match &args.plots {
            Some(plots) => plots.clone(),
            None => store.default_plots_dir()?,
        };
        let mut names = vec![outputs::report_html::NAME];
        if args.latex {
            names.push(outputs::latex_tables::NAME);
        }
        if args.ioh {
            names.push(outputs::ioh_export::NAME);
        }
        let steps = Steps {
            outputs: names.into(),
            ..Steps::REPORT
        };
        let finished = finish(&mut store, &plots, steps, &Default::default(), &Notes)?;
        let outputs = finished.outputs.iter().flat_map(|(_, files)| files);
        for file in finished.charts.iter().chain(outputs) {
            writeln!(out, "{}", file.display())?;
        }
    }
    Ok(Exit::Success)
}
