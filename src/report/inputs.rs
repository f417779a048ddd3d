//! What a report is made of, taken from an open store (summary.csv,
//! compare.csv and ranking.csv only when they were computed from the
//! runs.csv beside them, [`crate::store::derived`]; the Bayesian
//! probabilities of a question with its own ROPE from runs.csv) and the
//! charts directory.

use std::path::{Path, PathBuf};

use super::ReportError;
use super::charts::{self, Chart};
use super::targets::{self, Targets};
use crate::analysis::bayes::Bayes;
use crate::analysis::compare;
use crate::base::records::{CompareRow, Metadata, RankingRow, SummaryRow};
use crate::experiment::question::Question;
use crate::store::Store;

/// The files a report is drawn from.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// The data directory, as given.
    pub data_dir: PathBuf,
    /// The charts directory, as given.
    pub plots_dir: PathBuf,
    /// The experiment's name.
    pub name: String,
    /// metadata.json, when present and complete (a file holding only the
    /// experiment's name, as hand-made data may have, gives `None`).
    pub metadata: Option<Metadata>,
    /// The rows of summary.csv.
    pub summary: Vec<SummaryRow>,
    /// The rows of compare.csv (none when it is missing).
    pub compare: Vec<CompareRow>,
    /// The rows of ranking.csv (none when it is missing).
    pub ranking: Vec<RankingRow>,
    /// The SVG charts of the charts directory, in the report's order.
    pub charts: Vec<Chart>,
    /// For each external program's label, the command that replays any of
    /// its rows (`N` and `SEED` standing for the row's), from external.log.
    pub replays: Vec<(String, String)>,
    /// The questions of the stored config (none without one).
    pub questions: Vec<Question>,
    /// For each question, in their order, the Bayesian probabilities of its
    /// `a` against its `b` at each N under its own ROPE, computed from
    /// runs.csv as compare.csv's would be; empty for a question without a
    /// ROPE of its own (compare.csv's columns answer it).
    pub question_bayes: Vec<Vec<(u64, Bayes)>>,
    /// The fixed-target and runtime-ECDF tables, from traces.csv and
    /// runs.csv (none without traces).
    pub targets: Option<Targets>,
}

impl Inputs {
    /// Everything the HTML report shows.
    pub fn load(store: &Store, plots_dir: &Path) -> Result<Inputs, ReportError> {
        let mut inputs = Inputs::load_tables(store, plots_dir)?;
        inputs.charts = charts::read(store.path(), plots_dir, store.target_rule())?;
        Ok(inputs)
    }

    /// The tables and metadata (not the charts).
    pub fn load_tables(store: &Store, plots_dir: &Path) -> Result<Inputs, ReportError> {
        let summary = store.summary()?.to_vec();
        let comparison = store.comparison()?;
        let questions = store.questions().to_vec();
        let question_bayes = questions
            .iter()
            .map(|q| match q.rope {
                Some(rope) => {
                    let options = compare::Options {
                        measure: q.measure,
                        rope,
                        ..compare::Options::default()
                    };
                    Ok(compare::bayes_of(store.runs()?, &q.a, &q.b, &options))
                }
                None => Ok(Vec::new()),
            })
            .collect::<Result<_, ReportError>>()?;
        let targets = match store.traces()? {
            Some(traces) => Some(targets::tables(
                traces,
                store.runs()?,
                &summary,
                store.target_rule(),
            )),
            None => None,
        };
        Ok(Inputs {
            data_dir: store.path().to_owned(),
            plots_dir: plots_dir.to_owned(),
            name: store.name(),
            metadata: store.metadata().cloned(),
            questions,
            question_bayes,
            compare: comparison.pairs.clone(),
            ranking: comparison.ranking.clone(),
            summary,
            charts: Vec::new(),
            replays: store.replays()?,
            targets,
        })
    }
}
