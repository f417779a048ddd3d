//! The derived tables of a data directory, read and written through the
//! store: summary.csv and params.csv (computed from runs.csv and the config
//! when a run ends, or by a summary of its own), compare.csv and
//! ranking.csv (the comparison of every pair). Each is read only when
//! derived.json records it as computed from the runs.csv beside it, and
//! written together with that record.

use std::path::{Path, PathBuf};

use crate::analysis::compare::Comparison as Compared;
use crate::base::records::{
    CompareRow, ParamRow, RankingRow, RecordsError, SummaryRow, WrittenFile, read_optional,
    rows_from_bytes, sha256, write_compare, write_params, write_ranking, write_summary,
};
use crate::base::remedy::Remedy;

use super::Store;
use super::derived::RunsDigest;
use super::error::{StoreError, StoreResult};
use super::layout::{COMPARE_FILE, PARAMS_FILE, RANKING_FILE, SUMMARY_FILE};

/// compare.csv and ranking.csv as read: every pair of labels at each N with
/// its verdict, and the labels ranked at each N (both empty when the
/// directory holds no comparison).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// The rows of compare.csv.
    pub pairs: Vec<CompareRow>,
    /// The rows of ranking.csv.
    pub ranking: Vec<RankingRow>,
}

/// A file the store wrote, and whether it changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The file.
    pub path: PathBuf,
    /// Whether it was written (`false`: it already held the same bytes).
    pub changed: bool,
}

impl Store {
    /// The rows of summary.csv: refused when it is missing, holds no rows,
    /// or derived.json does not record it as computed from the runs.csv
    /// beside it (the remedy rewrites it).
    pub fn summary(&self) -> StoreResult<&[SummaryRow]> {
        if let Some(summary) = self.summary.get() {
            if summary.is_empty() {
                return Err(StoreError::EmptySummary(self.files.summary()));
            }
            return Ok(summary);
        }
        let path = self.files.summary();
        let rows: Vec<SummaryRow> = self
            .read_derived(&path, &self.summarize_remedy())?
            .ok_or_else(|| StoreError::MissingSummary {
                file: path.clone(),
                dir: self.path().to_owned(),
            })?;
        if rows.is_empty() {
            return Err(StoreError::EmptySummary(path));
        }
        Ok(self.summary.get_or_init(|| rows))
    }

    /// compare.csv and ranking.csv (each empty when missing), when
    /// derived.json records them as computed from the runs.csv beside them.
    pub fn comparison(&self) -> StoreResult<&Comparison> {
        if let Some(comparison) = self.comparison.get() {
            return Ok(comparison);
        }
        let remedy = self.compare_remedy();
        let comparison = Comparison {
            pairs: self
                .read_derived(&self.files.compare(), &remedy)?
                .unwrap_or_default(),
            ranking: self
                .read_derived(&self.files.ranking(), &remedy)?
                .unwrap_or_default(),
        };
        Ok(self.comparison.get_or_init(|| comparison))
    }

    /// Whether the derived file at `path` exists and derived.json records it
    /// as computed from the runs beside it.
    pub(super) fn is_current(&self, path: &Path) -> bool {
        let Ok(Some(bytes)) = read_optional(path) else {
            return false;
        };
        self.runs_digest().is_ok_and(|runs| {
            let remedy = self.summarize_remedy();
            self.derived
                .check(path, &sha256(&bytes), runs, &remedy)
                .is_ok()
        })
    }

    /// The rows of the derived file at `path` (`None` when missing), after
    /// checking its record against the runs beside it; `remedy` rewrites it.
    fn read_derived<T: serde::de::DeserializeOwned>(
        &self,
        path: &Path,
        remedy: &Remedy,
    ) -> StoreResult<Option<Vec<T>>> {
        let Some(bytes) = read_optional(path).map_err(|source| RecordsError::Read {
            path: path.to_owned(),
            source,
        })?
        else {
            return Ok(None);
        };
        let runs = self.runs_digest()?;
        self.derived.check(path, &sha256(&bytes), runs, remedy)?;
        Ok(Some(rows_from_bytes(path, &bytes)?))
    }

    /// Writes summary.csv from `rows` with its record; the store holds the
    /// lock.
    pub fn write_summary(&mut self, rows: Vec<SummaryRow>) -> StoreResult<Written> {
        self.check_writable()?;
        let path = self.files.summary();
        let written = write_summary(&path, &rows)?;
        let runs = self.runs_digest()?.clone();
        self.derived.set(&[(SUMMARY_FILE, written.sha256)], &runs)?;
        self.summary = rows.into();
        Ok(Written {
            path,
            changed: written.changed,
        })
    }

    /// Writes params.csv from `rows` with its record; the store holds the
    /// lock.
    pub fn write_params(&mut self, rows: &[ParamRow]) -> StoreResult<Written> {
        self.check_writable()?;
        let path = self.files.params();
        let written = write_params(&path, rows)?;
        let runs = self.runs_digest()?.clone();
        self.derived.set(&[(PARAMS_FILE, written.sha256)], &runs)?;
        Ok(Written {
            path,
            changed: written.changed,
        })
    }

    /// Writes compare.csv and ranking.csv of `compared`, the comparison of
    /// this directory's runs, with their record (a file that already holds
    /// the same bytes is left alone); the store holds the lock.
    pub fn write_comparison(&mut self, compared: &Compared) -> StoreResult<[Written; 2]> {
        let runs = self.runs_digest()?.clone();
        self.write_comparison_of(compared, &runs)
    }

    /// Writes compare.csv and ranking.csv of `compared`, computed from the
    /// runs whose digest is `runs` (of other directories, for a comparison
    /// written into this one), with their record; the store holds the lock.
    pub fn write_comparison_of(
        &mut self,
        compared: &Compared,
        runs: &RunsDigest,
    ) -> StoreResult<[Written; 2]> {
        self.check_writable()?;
        let (pairs, ranking) = (self.files.compare(), self.files.ranking());
        let written_pairs = write_compare(&pairs, &compared.pairs)?;
        let written_ranking = write_ranking(&ranking, &compared.ranking)?;
        let changed = |w: &WrittenFile| w.changed;
        let files = [
            Written {
                path: pairs,
                changed: changed(&written_pairs),
            },
            Written {
                path: ranking,
                changed: changed(&written_ranking),
            },
        ];
        self.derived.set(
            &[
                (COMPARE_FILE, written_pairs.sha256),
                (RANKING_FILE, written_ranking.sha256),
            ],
            runs,
        )?;
        self.comparison = Comparison {
            pairs: compared.pairs.clone(),
            ranking: compared.ranking.clone(),
        }
        .into();
        Ok(files)
    }

    /// Removes compare.csv and ranking.csv (they compared the trials of an
    /// interrupted run, and the completed run writes them again); returns
    /// the files removed.
    pub fn remove_comparison(&mut self) -> StoreResult<Vec<PathBuf>> {
        self.check_writable()?;
        let mut removed = Vec::new();
        for path in [self.files.compare(), self.files.ranking()] {
            match std::fs::remove_file(&path) {
                Ok(()) => removed.push(path),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(source) => {
                    return Err(StoreError::Io {
                        what: format!(
                            "cannot remove {}, which compares older trials: delete it by hand",
                            path.display()
                        ),
                        source,
                    });
                }
            }
        }
        self.comparison = std::sync::OnceLock::new();
        Ok(removed)
    }
}

/// A table of a data directory, as a front end that reads the files itself
/// (the Python package's pandas tables) asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// runs.csv.
    Runs,
    /// traces.csv.
    Traces,
    /// summary.csv.
    Summary,
    /// compare.csv.
    Compare,
    /// ranking.csv.
    Ranking,
    /// params.csv.
    Params,
}

impl Table {
    /// The table named `name` (`runs`, `traces`, `summary`, `compare`,
    /// `ranking`, `params`).
    pub fn parse(name: &str) -> Option<Table> {
        Some(match name {
            "runs" => Table::Runs,
            "traces" => Table::Traces,
            "summary" => Table::Summary,
            "compare" => Table::Compare,
            "ranking" => Table::Ranking,
            "params" => Table::Params,
            _ => return None,
        })
    }
}

impl Store {
    /// The file of `table`, after checking it as the store's own view of it
    /// checks it (every rule of runs.csv and traces.csv; a derived file's
    /// record); `None` when the directory has no such file. For a front end
    /// that reads the file itself.
    pub fn checked_file(&self, table: Table) -> StoreResult<Option<PathBuf>> {
        let path = match table {
            Table::Runs => {
                self.runs()?;
                self.files.runs()
            }
            Table::Traces => {
                if self.traces()?.is_none() {
                    return Ok(None);
                }
                self.files.traces()
            }
            Table::Summary => {
                self.summary()?;
                self.files.summary()
            }
            Table::Compare | Table::Ranking => {
                self.comparison()?;
                match table {
                    Table::Compare => self.files.compare(),
                    _ => self.files.ranking(),
                }
            }
            Table::Params => {
                let path = self.files.params();
                self.read_derived::<ParamRow>(&path, &self.run_again_remedy())?;
                path
            }
        };
        Ok(path.is_file().then_some(path))
    }
}
