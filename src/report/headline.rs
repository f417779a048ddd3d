//! The headline results in words, from ranking.csv, compare.csv and
//! summary.csv: at each size, the best label (none where nothing solved)
//! and every other label's standing against it, each from the verdict of
//! their pair (compare.csv's `verdict`): significantly worse, with A12
//! worded as the probability it is and the ERT ratio with its interval
//! beside it; no detectable difference, only where a test could have
//! found one; untestable, where the trial counts and ties could not reach
//! a significant p, with the exact values of a deterministic label (one
//! trial) set beside the other label's median. Heavy-tailed cells are
//! flagged where they are cited; the failures close the section.

use super::Inputs;
use super::format::{number, p_value, ratio, two, value};
use crate::analysis::compare::Verdict;
use crate::base::records::{CompareRow, Measure, RankingRow, SummaryRow};

/// The sentences about one board size and measure.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The board size.
    pub n: u64,
    /// A few words for the collapsed line: the best label, or that there
    /// is none.
    pub brief: String,
    /// Who ranks best (or that no label does), and who shows no detectable
    /// difference from it.
    pub best: String,
    /// One sentence per other label whose pair with the best is significant
    /// or untestable.
    pub details: Vec<String>,
}

/// One [`Finding`] per measure and size of ranking.csv with at least two
/// labels, in the file's order.
pub fn findings(inputs: &Inputs) -> Vec<Finding> {
    let mut groups: Vec<(&str, u64)> = Vec::new();
    for row in &inputs.ranking {
        if !groups.contains(&(row.measure.as_str(), row.n)) {
            groups.push((row.measure.as_str(), row.n));
        }
    }
    groups
        .into_iter()
        .filter_map(|(measure, n)| finding(inputs, measure, n))
        .collect()
}

/// The finding at `n` by `measure`, `None` with fewer than two labels.
fn finding(inputs: &Inputs, measure: &str, n: u64) -> Option<Finding> {
    let ranked: Vec<_> = inputs
        .ranking
        .iter()
        .filter(|r| r.measure == measure && r.n == n)
        .collect();
    if ranked.len() < 2 {
        return None;
    }
    let Some(best) = ranked.iter().find(|r| r.versus_best == "best") else {
        return Some(Finding {
            n,
            brief: "no label solved a trial".to_owned(),
            best: format!(
                "At N = {n}, no trial of the {} labels solved: no label ranks best, and no pair can be told apart.",
                ranked.len()
            ),
            details: Vec::new(),
        });
    };
    let mut sentence = best_sentence(inputs, measure, n, &ranked, best);
    let (same, details) = against_best(inputs, measure, n, &ranked, best);
    if !same.is_empty() {
        sentence.push_str(&format!(
            " No detectable difference from it (Holm p ≥ 0.05, though these trials could have shown one): {}.",
            same.join("; ")
        ));
    }
    let untestable = ranked
        .iter()
        .filter(|r| r.versus_best == Verdict::Untestable.name())
        .count();
    let worse = ranked.iter().filter(|r| r.versus_best == "worse").count();
    let mut brief = format!("best {}", best.label);
    for (count, what) in [
        (worse, "worse"),
        (same.len(), "no detectable difference"),
        (untestable, "untestable"),
    ] {
        if count > 0 {
            brief.push_str(&format!("; {count} {what}"));
        }
    }
    Some(Finding {
        n,
        brief,
        best: sentence,
        details,
    })
}

/// The sentence that opens the finding at `n`: `best` of the `ranked`
/// labels, a label that solved a larger share, and the trials its program
/// failed.
fn best_sentence(
    inputs: &Inputs,
    measure: &str,
    n: u64,
    ranked: &[&RankingRow],
    best: &RankingRow,
) -> String {
    let mut sentence = format!(
        "At N = {n}, {} is best by ERT in {measure} of {} labels (ERT {}; mean rank of its trials {:.2}; it solved {} of {}).",
        best.label,
        ranked.len(),
        super::format::value(measure, best.ert),
        best.mean_rank,
        best.successes,
        best.trials
    );
    if let Some(more) = ranked
        .iter()
        .find(|r| r.successes * best.trials > best.successes * r.trials)
    {
        sentence.push_str(&format!(
            " {} solved a larger share ({} of {}): the ranking counts every unsolved trial as costlier than every solved one.",
            more.label, more.successes, more.trials
        ));
    }
    let errors = cell(inputs, &best.label, n).map_or(0, |s| s.errors);
    if errors > 0 {
        sentence.push_str(&format!(
            " Its program failed {errors} more trial{} here (solver_error or invalid_solution), left out of this comparison.",
            plural(errors)
        ));
    }
    sentence
}

/// Every other ranked label against `best` at `n`: those with no
/// detectable difference (as `label (A12, p)`), and the detail lines of the
/// rest (a significant difference, an untestable pair, or the counters of
/// deterministic single trials first).
fn against_best(
    inputs: &Inputs,
    measure: &str,
    n: u64,
    ranked: &[&RankingRow],
    best: &RankingRow,
) -> (Vec<String>, Vec<String>) {
    let single = |label: &str| cell(inputs, label, n).is_some_and(|s| s.trials == 1);
    let mut same = Vec::new();
    let mut details = Vec::new();
    let mut exact = false;
    for other in ranked.iter().filter(|r| r.label != best.label) {
        let Some(pair) = pair_of(inputs, measure, n, &best.label, &other.label) else {
            continue;
        };
        match Verdict::from_name(&pair.verdict) {
            Some(Verdict::ABetter | Verdict::BBetter) => {
                details.push(significant(inputs, pair));
            }
            Some(Verdict::NoDetectableDifference) => same.push(format!(
                "{} ({}, {})",
                other.label,
                a12_of(pair, &best.label),
                p_value(pair.p_holm)
            )),
            Some(Verdict::Untestable) | None if single(&best.label) || single(&other.label) => {
                exact = true;
            }
            Some(Verdict::Untestable) | None => {
                details.push(untestable(pair, &best.label, &other.label));
            }
        }
    }
    if exact {
        details.insert(0, deterministic(inputs, measure, n, ranked));
    }
    (same, details)
}

/// The row of compare.csv of `x` and `y` at `n` by `measure`, either way
/// round.
pub fn pair_of<'a>(
    inputs: &'a Inputs,
    measure: &str,
    n: u64,
    x: &str,
    y: &str,
) -> Option<&'a CompareRow> {
    inputs.compare.iter().find(|c| {
        c.measure == measure
            && c.n == n
            && ((c.label_a == x && c.label_b == y) || (c.label_a == y && c.label_b == x))
    })
}

/// The rows of compare.csv of `x` and `y` by `measure`, either way round,
/// one per size in the file's order.
pub fn pairs_of<'a>(inputs: &'a Inputs, measure: &str, x: &str, y: &str) -> Vec<&'a CompareRow> {
    let mut sizes: Vec<u64> = inputs
        .compare
        .iter()
        .filter(|c| c.measure == measure)
        .map(|c| c.n)
        .collect();
    sizes.dedup();
    sizes
        .into_iter()
        .filter_map(|n| pair_of(inputs, measure, n, x, y))
        .collect()
}

/// The summary row of `label` at `n`.
pub fn cell<'a>(inputs: &'a Inputs, label: &str, n: u64) -> Option<&'a SummaryRow> {
    inputs.summary.iter().find(|s| s.label == label && s.n == n)
}

/// A significant pair, the cheaper label first: A12 as a probability
/// with its interval and Holm p, then the ERT ratio with its interval, and
/// a warning when the ERT ratio points the other way or a cell is
/// heavy-tailed.
pub fn significant(inputs: &Inputs, pair: &CompareRow) -> String {
    let (winner, loser) = if pair.verdict == Verdict::BBetter.name() {
        (&pair.label_b, &pair.label_a)
    } else {
        (&pair.label_a, &pair.label_b)
    };
    let measure = &pair.measure;
    let mut sentence = format!(
        "At N = {}, a trial of {winner} needs {} than a trial of {loser} with probability {} (A12, Holm {}); {}.",
        pair.n,
        less(measure),
        probability_of(pair, winner),
        p_value(pair.p_holm),
        ert_ratio_of(pair, winner)
    );
    if let Some(caveat) = ert_caveat(pair, winner) {
        sentence.push(' ');
        sentence.push_str(caveat);
    }
    sentence.push_str(&tails(inputs, measure, pair.n, &[winner, loser]));
    sentence
}

/// An untestable pair of the best label and `other`, neither
/// deterministic: why nothing can be concluded.
fn untestable(pair: &CompareRow, best: &str, other: &str) -> String {
    format!(
        "{other} is untestable against it: {} against {} trials can reach no p below {}, not below 0.05 after Holm, so no difference could be shown and none is ruled out ({}).",
        pair.trials_a,
        pair.trials_b,
        number(Some(pair.min_attainable_p)),
        a12_of(pair, best)
    )
}

/// The labels at `n` with one trial (deterministic, run once by design),
/// compared by their exact values in `measure`, cheapest first, with the
/// median and interval of each label of several trials beside them.
pub fn deterministic(inputs: &Inputs, measure: &str, n: u64, ranked: &[&RankingRow]) -> String {
    let Ok(kind) = Measure::parse(measure) else {
        return String::new();
    };
    let cells: Vec<&SummaryRow> = ranked
        .iter()
        .filter_map(|r| cell(inputs, &r.label, n))
        .collect();
    let mut exact: Vec<(f64, String)> = cells
        .iter()
        .filter(|s| s.trials == 1)
        .map(|s| {
            if s.successes == 1 {
                let x = s.measure(kind).median.unwrap_or(f64::INFINITY);
                (x, format!("{} {}", s.label, with_unit(measure, Some(x))))
            } else {
                (
                    f64::INFINITY,
                    format!(
                        "{} unsolved within its budget ({})",
                        s.label,
                        s.budget.replace(';', "; ")
                    ),
                )
            }
        })
        .collect();
    exact.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut sentence = format!(
        "Deterministic labels (one trial by design) are compared by their exact values, not by a test, which one trial can never pass: {}.",
        exact
            .into_iter()
            .map(|(_, text)| text)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let best_single = cells.first().is_some_and(|s| s.trials == 1);
    for s in cells
        .iter()
        .enumerate()
        .filter(|(i, s)| s.trials > 1 && (best_single || *i == 0))
        .map(|(_, s)| s)
    {
        if s.successes == 0 {
            sentence.push_str(&format!(
                " {} solved none of its {} trials.",
                s.label, s.trials
            ));
            continue;
        }
        let block = s.measure(kind);
        let median = match (block.median_ci_low, block.median_ci_high) {
            (Some(low), Some(high)) => format!(
                "{} [{}, {}]",
                value(measure, block.median),
                value(measure, Some(low)),
                value(measure, Some(high))
            ),
            _ => value(measure, block.median),
        };
        sentence.push_str(&format!(
            " {} median {median} over its {} solved of {} trials.",
            possessive(&s.label),
            s.successes,
            s.trials
        ));
    }
    sentence
}

/// `label's`, or `label'` when it ends in an s.
fn possessive(label: &str) -> String {
    if label.ends_with('s') {
        format!("{label}'")
    } else {
        format!("{label}'s")
    }
}

/// The sentence flagging the heavy-tailed cells among `labels` at `n`.
pub fn tails(inputs: &Inputs, measure: &str, n: u64, labels: &[&str]) -> String {
    let Ok(kind) = Measure::parse(measure) else {
        return String::new();
    };
    labels
        .iter()
        .filter_map(|label| {
            let block = cell(inputs, label, n)?.measure(kind);
            block.heavy_tail.then(|| {
                format!(
                    " {label} is heavy-tailed here: its costliest solved trial took {}, over 100 times its median {}.",
                    with_unit(measure, block.max),
                    value(measure, block.median)
                )
            })
        })
        .collect()
}

/// "s" unless `count` is 1.
fn plural(count: u64) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// "fewer checks", "less time": what the cheaper label needs less of.
fn less(measure: &str) -> String {
    match measure {
        "seconds" => "less time".to_owned(),
        other => format!("fewer {other}"),
    }
}

/// A value of `measure` with its unit: "74,478 checks", "1.28 ms".
fn with_unit(measure: &str, x: Option<f64>) -> String {
    match measure {
        "seconds" => value(measure, x),
        other => format!("{} {other}", value(measure, x)),
    }
}

/// A12 from `first`'s side of the pair, with its interval when it has one.
fn a12_side(pair: &CompareRow, first: &str) -> (f64, Option<(f64, f64)>) {
    let interval = pair.a12_ci_low.zip(pair.a12_ci_high);
    if pair.label_a == first {
        (pair.a12, interval)
    } else {
        (1.0 - pair.a12, interval.map(|(l, h)| (1.0 - h, 1.0 - l)))
    }
}

/// `0.96 [0.93, 0.98]`: A12 from `first`'s side as a probability.
pub fn probability_of(pair: &CompareRow, first: &str) -> String {
    match a12_side(pair, first) {
        (a12, Some((low, high))) => format!("{} [{}, {}]", two(a12), two(low), two(high)),
        (a12, None) => two(a12),
    }
}

/// `A12 = 0.91 [0.87, 0.95]` from `first`'s side of the pair: the
/// probability that a trial of `first` costs less than one of the other.
pub fn a12_of(pair: &CompareRow, first: &str) -> String {
    format!("A12 = {}", probability_of(pair, first))
}

/// What the ERT ratio adds when `winner`, significantly likelier to need
/// less in a single trial, is not shown to need less on average: its ERT
/// is higher (the interval above 1, or no interval and the ratio above 1),
/// or the interval includes 1. `None` when the ERT agrees.
pub fn ert_caveat(pair: &CompareRow, winner: &str) -> Option<&'static str> {
    let point = ert_ratio_from(pair, winner)?;
    let interval = pair
        .ert_ratio_ci_low
        .zip(pair.ert_ratio_ci_high)
        .map(|(l, h)| {
            if pair.label_a == winner {
                (l, h)
            } else {
                (1.0 / h, 1.0 / l)
            }
        });
    match interval {
        Some((low, _)) if low > 1.0 => Some(
            "Its ERT is nevertheless the higher (the whole interval above 1): its costliest trials outweigh its typical advantage.",
        ),
        Some((low, high)) if low <= 1.0 && high >= 1.0 => Some(
            "The ERT ratio's interval includes 1: on average, failures and tails included, it is not shown to need less.",
        ),
        None if point > 1.0 && point.is_finite() => Some(
            "Its ERT is nevertheless the higher: its costliest trials outweigh its typical advantage.",
        ),
        _ => None,
    }
}

/// The ERT ratio of `first` over the other label of the pair.
fn ert_ratio_from(pair: &CompareRow, first: &str) -> Option<f64> {
    let r = pair.ert_ratio?;
    Some(if pair.label_a == first { r } else { 1.0 / r })
}

/// `ERT ratio 0.410 [0.300, 0.550] (first's over the other's)`, or that
/// there is none.
pub fn ert_ratio_of(pair: &CompareRow, first: &str) -> String {
    let other = if pair.label_a == first {
        &pair.label_b
    } else {
        &pair.label_a
    };
    let Some(point) = ert_ratio_from(pair, first) else {
        return "no ERT ratio (neither solved)".to_owned();
    };
    if point == 0.0 || point.is_infinite() {
        let unsolved = if point == 0.0 { other } else { first };
        return format!("no finite ERT ratio: {unsolved} solved no trial");
    }
    let interval = pair
        .ert_ratio_ci_low
        .zip(pair.ert_ratio_ci_high)
        .map(|(l, h)| {
            if pair.label_a == first {
                (l, h)
            } else {
                (1.0 / h, 1.0 / l)
            }
        });
    let interval = match interval {
        Some((low, high)) => format!(" [{}, {}]", ratio(low), ratio(high)),
        None => " (no interval: fewer than 10 successes)".to_owned(),
    };
    format!(
        "ERT ratio {}{interval} ({} expected {} over {})",
        ratio(point),
        possessive(first),
        pair.measure,
        possessive(other)
    )
}

/// The sentences on cells where some trials failed: the label, the
/// solved trials, the size and the budget; on cells where trials proved
/// that no solution exists (answers, not failures); on cells with trials
/// of unknown work (killed at the time limit: why their ERT is NA); and
/// on cells where an external program failed trials (its errors, left out
/// of every statistic).
pub fn failures(inputs: &Inputs) -> Vec<String> {
    let mut sentences = Vec::new();
    for s in &inputs.summary {
        if s.proved > 0 {
            sentences.push(format!(
                "{} proved in {} of {} trials that N = {} has no solution: the trial's answer, not a failure, and left out of the success rate.",
                s.label, s.proved, s.trials, s.n
            ));
        }
        if s.unknown_work > 0 {
            sentences.push(format!(
                "{}: {} of {} trials at N = {} were killed at the time limit without saying what they did: their work is unknown, so ERT in steps, checks and evaluations is NA there (wall seconds count them at the limit).",
                s.label, s.unknown_work, s.trials, s.n
            ));
        }
        if s.successes + s.proved < s.trials {
            sentences.push(format!(
                "{} solved {} of {} trials at N = {} (budget {}).",
                s.label,
                s.successes,
                s.trials,
                s.n,
                s.budget.replace(';', "; ")
            ));
        }
        if s.errors > 0 {
            sentences.push(format!(
                "{}'s program failed {} trial{} at N = {} (solver_error or invalid_solution): left out of every statistic, the comparison and the charts; external.log gives each reason and replay command.",
                s.label,
                s.errors,
                plural(s.errors),
                s.n
            ));
        }
    }
    sentences
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pair where `a` is significantly likelier to need less in a trial,
    /// with the ERT ratio (a over b) and its interval given.
    fn pair(ratio: Option<f64>, interval: Option<(f64, f64)>) -> CompareRow {
        CompareRow {
            measure: "checks".into(),
            n: 512,
            label_a: "fast".into(),
            label_b: "genetic".into(),
            trials_a: 50,
            trials_b: 50,
            successes_a: 50,
            successes_b: 50,
            u: 2400.0,
            p: 1e-9,
            method: "asymptotic".into(),
            p_holm: 1e-9,
            significant: true,
            a12: 0.96,
            a12_ci_low: Some(0.9),
            a12_ci_high: Some(1.0),
            magnitude: "large".into(),
            better: "fast".into(),
            min_attainable_p: 1e-17,
            verdict: "a_better".into(),
            ert_ratio: ratio,
            ert_ratio_ci_low: interval.map(|i| i.0),
            ert_ratio_ci_high: interval.map(|i| i.1),
            ert_ratio_missing: (if ratio.is_some() { "NA" } else { "no_answer" }).into(),
            rope: 0.1,
            p_a_better: None,
            p_equivalent: None,
            p_b_better: None,
        }
    }

    #[test]
    fn the_ert_ratio_qualifies_a_win_it_does_not_support() {
        // The cell: A12 = 0.96, yet the ERT ratio 1.01 [0.007, 2.55].
        let caveat = ert_caveat(&pair(Some(1.01), Some((0.00732, 2.55))), "fast");
        assert!(
            caveat.is_some_and(|c| c.contains("includes 1")),
            "{caveat:?}"
        );
        let higher = ert_caveat(&pair(Some(3.0), Some((1.5, 6.0))), "fast");
        assert!(higher.is_some_and(|c| c.contains("higher")), "{higher:?}");
        // Seen from the other label, the ratio and interval invert.
        let other = ert_caveat(&pair(Some(0.5), Some((0.2, 0.8))), "genetic");
        assert!(other.is_some_and(|c| c.contains("higher")), "{other:?}");
        assert_eq!(ert_caveat(&pair(Some(0.4), Some((0.3, 0.5))), "fast"), None);
        assert_eq!(ert_caveat(&pair(None, None), "fast"), None);
        let text = ert_ratio_of(&pair(Some(0.4), Some((0.3, 0.5))), "genetic");
        assert_eq!(
            text,
            "ERT ratio 2.50 [2.00, 3.33] (genetic's expected checks over fast's)"
        );
    }
}
