//! The report's tables as LaTeX (booktabs) beside the charts: summary.tex,
//! compare.tex, growth.tex, ert-ratio.tex, and targets.tex when the
//! experiment has traces ([`crate::report::write_latex`]).

use std::path::{Path, PathBuf};

use super::{Output, OutputError};
use crate::base::remedy::Remedy;
use crate::store::Store;

/// The name the LaTeX tables are asked for by.
pub const NAME: &str = "latex";

/// The LaTeX tables.
pub struct LatexTables;

impl Output for LatexTables {
    fn name(&self) -> &'static str {
        NAME
    }

    fn what(&self) -> &'static str {
        "LaTeX tables"
    }

    fn write(&self, store: &Store, plots_dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
        Ok(crate::report::write_latex(store, plots_dir)?)
    }

    fn redo(&self, data_dir: &Path, plots_dir: &Path) -> Remedy {
        Remedy::Report {
            data: Some(data_dir.to_owned()),
            plots: Some(plots_dir.to_owned()),
            latex: true,
        }
    }
}
