//! `queens report`: writes each experiment's one-file HTML report (and,
//! with `--latex`, its tables as LaTeX) beside its charts; also the last
//! step of `queens run`, `queens merge` and `queens plot`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::bail;
use queens::plot;
use queens::report;

use super::Exit;

/// Write an experiment's report: one self-contained HTML file.
///
/// For each DATA_DIR, writes report.html into its charts directory: what
/// was compared, the headline results in words (from compare.csv,
/// ranking.csv and summary.csv), every SVG chart inline, the summary and
/// comparison tables and the provenance. It needs no network and no other
/// file. Draw the charts first with `queens plot DATA_DIR` (which also
/// writes the report). Prints the files written.
#[derive(clap::Args)]
pub struct ReportArgs {
    /// The experiments' data directories (as written by `queens run`).
    #[arg(value_name = "DATA_DIR", required = true)]
    data_dirs: Vec<PathBuf>,
    /// The charts directory, where the report is written [default:
    /// plots/<experiment name>]; only with one DATA_DIR.
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
    /// Also write the summary and comparison tables as LaTeX (booktabs,
    /// with significance marks): summary.tex and compare.tex beside
    /// report.html.
    #[arg(long)]
    latex: bool,
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
        let plots = match &args.plots {
            Some(plots) => plots.clone(),
            None => plot::data::default_plots_dir(data_dir)?,
        };
        writeln!(out, "{}", report::write_html(data_dir, &plots)?.display())?;
        if args.latex {
            for file in report::write_latex(data_dir, &plots)? {
                writeln!(out, "{}", file.display())?;
            }
        }
    }
    Ok(Exit::Success)
}

/// Writes the report of the experiment in `data_dir` after its charts in
/// `plots_dir`; the error names the file and how to write it again (the
/// data and charts are kept).
pub fn after_charts(data_dir: &Path, plots_dir: &Path) -> anyhow::Result<PathBuf> {
    report::write_html(data_dir, plots_dir).map_err(|e| {
        anyhow::Error::new(e).context(format!(
            "no report in {}; the data in {} and the charts are complete: fix the cause and write it with: queens report {} --plots {}",
            plots_dir.display(),
            data_dir.display(),
            data_dir.display(),
            plots_dir.display()
        ))
    })
}
