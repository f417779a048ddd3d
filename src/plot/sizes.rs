//! The board sizes of the per-size charts (ECDF, convergence): the sizes the
//! user asked for with `queens plot --n 8,12`, each of which must have
//! trials in runs.csv (otherwise [`PlotError::NoTrialsAtSize`] names the
//! sizes there are); by default every size as small multiples when there
//! are at most [`MAX_PANELS`], otherwise the largest size the most labels
//! share. The chosen sizes come with a phrase for the chart's subtitle
//! saying which are drawn and how to choose others.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::base::records::RunRecord;

use super::error::PlotError;
use super::phrases::sizes_text;

/// At most this many sizes are drawn as small multiples by default; with
/// more, only one.
pub const MAX_PANELS: usize = 4;

/// The sizes a per-size chart draws and how they were chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The sizes, increasing.
    pub sizes: Vec<u64>,
    /// Whether the user asked for them with `--n`.
    pub requested: bool,
    /// Whether the default left sizes out (more than [`MAX_PANELS`]).
    pub narrowed: bool,
}

impl Chosen {
    /// The phrase of a subtitle saying which sizes are drawn and how to
    /// choose others: "N = 8 and 12 (chosen with --n)", "N = 8, 16 and 32
    /// (every size; choose with --n)", "N = 1024 (the largest size most
    /// labels share; choose with --n)".
    pub fn describe(&self) -> String {
        let sizes = sizes_text(&self.sizes);
        if self.requested {
            format!("{sizes} (chosen with --n)")
        } else if self.narrowed {
            format!("{sizes} (the largest size most labels share; choose with --n)")
        } else {
            format!("{sizes} (every size; choose with --n)")
        }
    }
}

/// The sizes the per-size charts of `runs` draw: `requested` (sorted, each
/// once) when given, otherwise [`chosen_sizes`] over the runs' cells. A
/// requested size with no trial in `runs` is an error naming it, the sizes
/// there are and `runs_file`.
pub fn choose(
    runs: &[RunRecord],
    requested: Option<&[u64]>,
    runs_file: &Path,
) -> Result<Chosen, PlotError> {
    let available: BTreeSet<u64> = runs.iter().map(|r| r.n).collect();
    match requested {
        Some(requested) => {
            let sizes: BTreeSet<u64> = requested.iter().copied().collect();
            if let Some(&n) = sizes.iter().find(|n| !available.contains(n)) {
                return Err(PlotError::NoTrialsAtSize {
                    n,
                    file: runs_file.to_owned(),
                    available: available.into_iter().collect(),
                });
            }
            Ok(Chosen {
                sizes: sizes.into_iter().collect(),
                requested: true,
                narrowed: false,
            })
        }
        None => {
            let sizes = chosen_sizes(runs.iter().map(|r| (r.label.as_str(), r.n)));
            Ok(Chosen {
                narrowed: sizes.len() < available.len(),
                sizes,
                requested: false,
            })
        }
    }
}

/// The sizes a per-size chart shows by default, given the (label, N) cells
/// that have data: every size when there are at most [`MAX_PANELS`];
/// otherwise the largest of the sizes that the most labels share.
pub fn chosen_sizes<'a>(cells: impl IntoIterator<Item = (&'a str, u64)>) -> Vec<u64> {
    let mut labels_at: BTreeMap<u64, BTreeSet<&str>> = BTreeMap::new();
    for (label, n) in cells {
        labels_at.entry(n).or_default().insert(label);
    }
    if labels_at.len() <= MAX_PANELS {
        return labels_at.into_keys().collect();
    }
    labels_at
        .iter()
        .max_by_key(|(n, labels)| (labels.len(), **n))
        .map(|(n, _)| vec![*n])
        .unwrap_or_default()
}
