//! The experiment in the IOHprofiler format ([`crate::export::ioh`]), by
//! checks, written into `ioh/` beside the charts (replacing an earlier
//! export there); IOHanalyzer and `iohinspector` read it.

use std::path::{Path, PathBuf};

use super::{Output, OutputError};
use crate::base::records::Measure;
use crate::base::remedy::Remedy;
use crate::export::ioh;
use crate::store::Store;

/// The name the export is asked for by.
pub const NAME: &str = "ioh";

/// The export's directory inside the charts directory.
pub const DIR: &str = "ioh";

/// The IOHprofiler export.
pub struct IohExport;

impl Output for IohExport {
    fn name(&self) -> &'static str {
        NAME
    }

    fn what(&self) -> &'static str {
        "IOHprofiler export"
    }

    fn write(&self, store: &Store, plots_dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
        let out = plots_dir.join(DIR);
        let options = ioh::Options {
            measure: Measure::Checks,
            omit_large_sizes: true,
        };
        ioh::write(store, options, &out, true)?;
        Ok(vec![out])
    }

    fn redo(&self, data_dir: &Path, plots_dir: &Path) -> Remedy {
        Remedy::Export {
            data: data_dir.to_owned(),
            out: plots_dir.join(DIR),
        }
    }
}
