//! The rows of compare.csv (one per board size and pair of labels) and
//! ranking.csv (one per board size and label), written by `queens compare`:
//! column names are the field names, in field order. A12 > 0.5 means
//! `label_a` is the cheaper of the two; an unsolved trial costs more than
//! every solved one (see [`crate::analysis::rank_tests`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::csv_file::{Rewrite, WrittenFile, write_rows_with_header};
use super::error::RecordsResult;
use super::header::columns;

/// One pair of labels at one board size: a row of `compare.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// The cost compared: `checks`, `seconds`, `steps` or `evaluations`.
    pub measure: String,
    /// The board size.
    pub n: u64,
    /// The first label of the pair (earlier in runs.csv).
    pub label_a: String,
    /// The second label of the pair.
    pub label_b: String,
    /// Trials of `label_a` at `n`.
    pub trials_a: u64,
    /// Trials of `label_b` at `n`.
    pub trials_b: u64,
    /// Solved trials of `label_a` at `n`.
    pub successes_a: u64,
    /// Solved trials of `label_b` at `n`.
    pub successes_b: u64,
    /// The Mann–Whitney U of `label_a`: pairs of trials where `label_a`
    /// costs less, a tie counting one half (SciPy's
    /// `mannwhitneyu(b, a).statistic`).
    pub u: f64,
    /// The two-sided p-value of the Mann–Whitney test.
    pub p: f64,
    /// How `p` was computed: `exact` (no ties, at most 50 trials each) or
    /// `asymptotic` (normal, with tie and continuity corrections).
    pub method: String,
    /// `p` corrected by Holm's method over every pair at this `n`.
    pub p_holm: f64,
    /// Whether `p_holm` is below alpha (`TRUE`/`FALSE`).
    #[serde(with = "crate::base::records::values::logical")]
    pub significant: bool,
    /// Vargha–Delaney A12: the probability that a trial of `label_a` costs
    /// less than one of `label_b`, ties counting one half. Above 0.5,
    /// `label_a` is cheaper.
    pub a12: f64,
    /// Lower end of the seeded percentile-bootstrap 95% interval of A12
    /// (`NA` when either label has fewer than 10 trials at `n`).
    #[serde(with = "crate::base::records::values::optional")]
    pub a12_ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(with = "crate::base::records::values::optional")]
    pub a12_ci_high: Option<f64>,
    /// The magnitude of A12 (Vargha & Delaney 2000), mirrored about 0.5:
    /// `negligible` strictly between 0.44 and 0.56, `small` from 0.56,
    /// `medium` from 0.64, `large` from 0.71 (or at most 0.29).
    pub magnitude: String,
    /// The cheaper label when the difference is significant, `NA` when not.
    pub better: String,
    /// The smallest two-sided p-value the test could have given samples of
    /// these sizes with these ties (see
    /// [`crate::analysis::rank_tests::min_attainable_p`]): 1/3 for one
    /// trial against five, whatever their costs.
    pub min_attainable_p: f64,
    /// What the pair shows: `a_better` or `b_better` (significant after
    /// Holm), `no_detectable_difference` (not significant, though a test of
    /// this design could have been), or `untestable` (even its smallest
    /// attainable p, Holm-corrected among the pairs at this `n`, is not
    /// below alpha: the design could not show a difference, so no
    /// equivalence may be read into its p-value). See
    /// [`crate::analysis::compare::Verdict`].
    pub verdict: String,
    /// The ERT of `label_a` over the ERT of `label_b` in this measure (all
    /// trials' cost over the successes, as in summary.csv): below 1,
    /// `label_a` needs less on average, failures and tails included. `Inf`
    /// when only `label_b` solved, 0 when only `label_a` did, `NA` when
    /// neither did.
    #[serde(with = "crate::base::records::values::optional")]
    pub ert_ratio: Option<f64>,
    /// Lower end of the seeded percentile-bootstrap 95% interval of
    /// `ert_ratio`, each label's trials resampled on their own (`NA` when
    /// either label has fewer than 10 successes at `n`).
    #[serde(with = "crate::base::records::values::optional")]
    pub ert_ratio_ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(with = "crate::base::records::values::optional")]
    pub ert_ratio_ci_high: Option<f64>,
    /// Why `ert_ratio` is `NA`: `no_answer` when neither label answered a
    /// trial at `n` (solved, or proved no solution exists), `unknown_work`
    /// when a label has a trial whose work in this measure is unknown (a
    /// foreign solver killed at its time limit: its ERT would count that
    /// trial as free); `NA` when `ert_ratio` has a value.
    pub ert_ratio_missing: String,
    /// The relative region of practical equivalence of the three Bayesian
    /// probabilities: two trials' costs are practically equivalent when the
    /// larger is at most `1 + rope` times the smaller (0.1: within 10%).
    pub rope: f64,
    /// The posterior probability that `label_a` is practically cheaper
    /// than `label_b` (a trial of it cheaper by more than the ROPE being
    /// the most probable outcome), from a seeded Bayesian bootstrap of
    /// both labels' trials (see [`crate::analysis::bayes`]); `NA` when it
    /// could not be computed.
    #[serde(with = "crate::base::records::values::optional")]
    pub p_a_better: Option<f64>,
    /// The posterior probability that the two are practically equivalent
    /// (within the ROPE being the most probable outcome).
    #[serde(with = "crate::base::records::values::optional")]
    pub p_equivalent: Option<f64>,
    /// The posterior probability that `label_b` is practically cheaper.
    /// `p_a_better + p_equivalent + p_b_better = 1`.
    #[serde(with = "crate::base::records::values::optional")]
    pub p_b_better: Option<f64>,
}

/// One label at one board size: a row of `ranking.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankingRow {
    /// The cost ranked: `checks`, `seconds`, `steps` or `evaluations`.
    pub measure: String,
    /// The board size.
    pub n: u64,
    /// The label.
    pub label: String,
    /// Its trials at `n`.
    pub trials: u64,
    /// Its solved trials at `n`.
    pub successes: u64,
    /// Its ERT at `n` in the measure: every trial's cost over the solved
    /// trials (`Inf` when none solved; `NA` when a trial's work in the
    /// measure is unknown, which ranks it after every known ERT). The best
    /// label and the places are by this.
    #[serde(with = "crate::base::records::values::optional")]
    pub ert: Option<f64>,
    /// Its place by ERT (1 = best; equal ERTs share a place): the one
    /// meaning of best in the ranking, the findings, the headline and the
    /// charts.
    pub rank: u64,
    /// The mean rank of its trials among every trial at `n` (1 = cheapest;
    /// ties share their mean rank; unsolved trials rank last, tied): a
    /// secondary column, how often its trials beat the others regardless
    /// of their cost.
    pub mean_rank: f64,
    /// Whether the best label is not detectably better: `TRUE` for the
    /// best label itself and for a label whose pair with it is
    /// `no_detectable_difference`; `FALSE` when the best is significantly
    /// cheaper, when the pair is `untestable` (no test of that design could
    /// have found a difference) and at an `n` with no best.
    #[serde(with = "crate::base::records::values::logical")]
    pub indistinguishable_from_best: bool,
    /// Its standing against the best label at `n`: `best`,
    /// `no_detectable_difference`, `worse` or `better` (significant after
    /// Holm), `untestable`, or `NA` when there is no best because no trial
    /// at `n` solved.
    pub versus_best: String,
}

/// Writes compare.csv at `path` through the atomic writer, unless it
/// already holds these bytes (so comparing data that already carries its
/// comparison, a shipped read-only directory, writes nothing).
pub fn write_compare(path: &Path, rows: &[CompareRow]) -> RecordsResult<WrittenFile> {
    write_rows_with_header(path, rows, columns::<CompareRow>(), Rewrite::IfChanged)
}

/// Writes ranking.csv at `path` like [`write_compare`].
pub fn write_ranking(path: &Path, rows: &[RankingRow]) -> RecordsResult<WrittenFile> {
    write_rows_with_header(path, rows, columns::<RankingRow>(), Rewrite::IfChanged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_only_when_its_bytes_change() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("ranking.csv");
        assert!(write_ranking(&path, &[]).expect("written").changed);
        let header =
            "measure,n,label,trials,successes,ert,rank,mean_rank,indistinguishable_from_best,versus_best\n"
                .to_string();
        assert_eq!(std::fs::read_to_string(&path).expect("read"), header);
        assert!(!write_ranking(&path, &[]).expect("unchanged").changed);
        let row = RankingRow {
            measure: "checks".into(),
            n: 8,
            label: "a".into(),
            trials: 3,
            successes: 2,
            ert: Some(7.5),
            rank: 1,
            mean_rank: 2.5,
            indistinguishable_from_best: true,
            versus_best: "best".into(),
        };
        assert!(
            write_ranking(&path, std::slice::from_ref(&row))
                .expect("written")
                .changed
        );
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            header + "checks,8,a,3,2,7.5,1,2.5,TRUE,best\n"
        );
        assert!(!write_ranking(&path, &[row]).expect("unchanged").changed);
    }
}
