//! The report: one self-contained HTML file, `report.html` in the charts
//! directory ([`crate::report`]).

use std::path::{Path, PathBuf};

use super::{Output, OutputError};
use crate::base::remedy::Remedy;
use crate::store::Store;

/// The name the report is asked for by.
pub const NAME: &str = "report";

/// The report's file name in the charts directory.
pub const FILE: &str = crate::report::HTML_FILE;

/// report.html.
pub struct ReportHtml;

impl Output for ReportHtml {
    fn name(&self) -> &'static str {
        NAME
    }

    fn what(&self) -> &'static str {
        "report"
    }

    fn write(&self, store: &Store, plots_dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
        Ok(vec![crate::report::write_html(store, plots_dir)?])
    }

    fn redo(&self, data_dir: &Path, plots_dir: &Path) -> Remedy {
        Remedy::Report {
            data: Some(data_dir.to_owned()),
            plots: Some(plots_dir.to_owned()),
            latex: false,
        }
    }
}
