//! The answers in words: for a question of the config, one or two
//! sentences that summarise its verdicts across every N compared, and
//! for an experiment without questions the headline sentence naming the
//! best label over the sizes every label ran.
//!
//! A question's sizes are sorted into outcomes: one label cheaper (by a
//! test's verdict, or by the exact values of deterministic labels, one
//! trial each, which no test can compare), exactly equal, no detectable
//! difference, untestable, or no ERT ratio at all. Sizes of one outcome
//! are written together, runs of neighbouring sizes condensed ("N = 3 to
//! 13", "from N = 10 on"), so a verdict that flips with N says so in one
//! sentence and an untestable size is named once. Each cheaper label's
//! advantage is written one way only, as a factor of at least 1: the
//! other label's ERT over the cheaper one's, with its 95% bootstrap
//! interval where there is one (at one or two sizes), else its range.

use super::Inputs;
use super::format::ratio;
use super::headline::{cell, pairs_of};
use crate::analysis::compare::{UNKNOWN_WORK, Verdict};
use crate::base::records::CompareRow;
use crate::experiment::question::Question;

/// One of the two labels of a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    A,
    B,
}

/// How a cheaper label was told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Basis {
    /// A significant Mann–Whitney verdict (Holm-corrected).
    Tested,
    /// Both labels deterministic (one trial each): their exact values.
    Exact,
    /// One label deterministic, the other of several trials: the exact
    /// value against the other's ERT, which no test can compare.
    ExactAgainstErt,
}

/// What a question's pair shows at one size.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
    /// `winner` needs less, by `factor` (the other's ERT over the
    /// winner's, infinite when the other never answered), with the
    /// factor's interval where there is one.
    Cheaper {
        winner: Side,
        basis: Basis,
        factor: f64,
        interval: Option<(f64, f64)>,
    },
    /// Deterministic labels that need exactly as much.
    Same,
    /// A test that could have shown a difference found none.
    NoDifference,
    /// No test of these trial counts can be significant.
    Untestable { trials: (u64, u64), min_p: f64 },
    /// No ERT ratio: neither label answered a trial (`unknown_work`
    /// false), or a label's work is unknown (a foreign solver's trial
    /// killed at its time limit).
    NoRatio { unknown_work: bool },
}

impl Outcome {
    /// The key sizes are grouped by: outcomes of one key are written in
    /// one clause.
    fn key(&self) -> (u8, Option<Side>, Option<Basis>) {
        match self {
            Outcome::Cheaper { winner, basis, .. } => (0, Some(*winner), Some(*basis)),
            Outcome::Same => (1, None, None),
            Outcome::NoDifference => (2, None, None),
            Outcome::Untestable { .. } => (3, None, None),
            Outcome::NoRatio { unknown_work } => (4 + u8::from(*unknown_work), None, None),
        }
    }
}

/// The one or two sentences answering `question`, from compare.csv and
/// summary.csv; `None` when compare.csv holds no row of the pair.
pub fn answer(inputs: &Inputs, question: &Question) -> Option<String> {
    let measure = question.measure.name();
    let (a, b) = (question.a.as_str(), question.b.as_str());
    let outcomes: Vec<(u64, Outcome)> = pairs_of(inputs, measure, a, b)
        .into_iter()
        .map(|pair| (pair.n, outcome(pair, a)))
        .collect();
    if outcomes.is_empty() {
        return None;
    }
    let all: Vec<u64> = outcomes.iter().map(|(n, _)| *n).collect();
    let name = |side: Side| if side == Side::A { a } else { b };
    let mut groups: Vec<(Outcome, Vec<(u64, Outcome)>)> = Vec::new();
    for &(n, o) in &outcomes {
        match groups.iter_mut().find(|(first, _)| first.key() == o.key()) {
            Some((_, members)) => members.push((n, o)),
            None => groups.push((o, vec![(n, o)])),
        }
    }
    let clauses: Vec<String> = groups
        .iter()
        .map(|(first, members)| {
            let ns: Vec<u64> = members.iter().map(|(n, _)| *n).collect();
            let at = where_text(&ns, &all);
            match *first {
                Outcome::Cheaper { winner, .. } => {
                    let loser = name(if winner == Side::A { Side::B } else { Side::A });
                    format!(
                        "{} is cheaper {at}{}",
                        name(winner),
                        factors_text(&factors_of(members), &all, loser)
                    )
                }
                Outcome::Same => format!("both need exactly as many {at}"),
                Outcome::NoDifference => {
                    format!("no detectable difference {at} (these trials could have shown one)")
                }
                Outcome::Untestable { trials, min_p } => format!(
                    "untestable {at} ({} against {} trials reach no p below {})",
                    trials.0,
                    trials.1,
                    ratio(min_p)
                ),
                Outcome::NoRatio { unknown_work: false } => {
                    format!("neither answered a trial within its budget {at}")
                }
                Outcome::NoRatio { unknown_work: true } => format!(
                    "no ERT ratio {at}, where a label's work is unknown (trials killed at the time limit)"
                ),
            }
        })
        .collect();
    let mut text = format!("By {measure}, {}.", clauses.join("; "));
    let bases: Vec<Basis> = outcomes
        .iter()
        .filter_map(|(_, o)| match o {
            Outcome::Cheaper { basis, .. } => Some(*basis),
            _ => None,
        })
        .collect();
    let (ta, tb) = trials_of(inputs, a, b, &all);
    let how = if bases.contains(&Basis::Exact) || outcomes.iter().any(|(_, o)| *o == Outcome::Same)
    {
        format!(
            " Both labels are deterministic (one run each per N): they are compared by their exact {measure}, where no test is possible or needed"
        )
    } else if bases.contains(&Basis::ExactAgainstErt) {
        let (single, many, trials) = if ta == 1 { (a, b, tb) } else { (b, a, ta) };
        format!(
            " {single} is deterministic (one run per N) and {many} ran {trials} trials, which no test can tell apart: the exact {measure} of the one are set against the ERT of the other"
        )
    } else if bases.contains(&Basis::Tested) {
        " “Cheaper” is a significant Mann–Whitney verdict on the trials (Holm p < 0.05)".to_owned()
    } else {
        String::new()
    };
    if !how.is_empty() {
        text.push_str(&how);
        if bases.contains(&Basis::Tested) {
            text.push_str(
                "; “by k×” is the other label's ERT over the cheaper one's, with its 95% bootstrap interval",
            );
        } else if bases.contains(&Basis::ExactAgainstErt) {
            text.push_str(&format!(
                "; “by k×” is the costlier one's {measure} (exact or expected) over the cheaper one's"
            ));
        } else if !bases.is_empty() {
            text.push_str(&format!(
                "; “by k×” is the other label's {measure} over the cheaper one's"
            ));
        }
        text.push('.');
    }
    Some(text)
}

/// The trial counts of `a` and `b` at the first of `sizes` both ran.
fn trials_of(inputs: &Inputs, a: &str, b: &str, sizes: &[u64]) -> (u64, u64) {
    sizes
        .iter()
        .find_map(|&n| Some((cell(inputs, a, n)?.trials, cell(inputs, b, n)?.trials)))
        .unwrap_or((0, 0))
}

/// What `pair` shows, `a` being the question's first label.
fn outcome(pair: &CompareRow, a: &str) -> Outcome {
    let flipped = pair.label_a != a;
    let Some(point) = pair.ert_ratio.map(|r| if flipped { 1.0 / r } else { r }) else {
        return Outcome::NoRatio {
            unknown_work: pair.ert_ratio_missing == UNKNOWN_WORK,
        };
    };
    let interval = pair
        .ert_ratio_ci_low
        .zip(pair.ert_ratio_ci_high)
        .map(|(l, h)| if flipped { (1.0 / h, 1.0 / l) } else { (l, h) });
    let (ta, tb) = if flipped {
        (pair.trials_b, pair.trials_a)
    } else {
        (pair.trials_a, pair.trials_b)
    };
    // `a` (or `b`) cheaper, by the other's ERT over its own.
    let cheaper = |a_cheaper: bool, basis: Basis| {
        let (factor, interval) = if a_cheaper {
            (1.0 / point, interval.map(|(l, h)| (1.0 / h, 1.0 / l)))
        } else {
            (point, interval)
        };
        Outcome::Cheaper {
            winner: if a_cheaper { Side::A } else { Side::B },
            basis,
            factor,
            interval,
        }
    };
    let by_exact_values = |basis: Basis| {
        if point == 1.0 {
            Outcome::Same
        } else {
            cheaper(point < 1.0, basis)
        }
    };
    match Verdict::from_name(&pair.verdict) {
        Some(verdict @ (Verdict::ABetter | Verdict::BBetter)) => {
            cheaper((verdict == Verdict::ABetter) != flipped, Basis::Tested)
        }
        Some(Verdict::NoDetectableDifference) => Outcome::NoDifference,
        _ if ta == 1 && tb == 1 => by_exact_values(Basis::Exact),
        _ if ta == 1 || tb == 1 => by_exact_values(Basis::ExactAgainstErt),
        _ => Outcome::Untestable {
            trials: (ta, tb),
            min_p: pair.min_attainable_p,
        },
    }
}

/// Where a group of sizes lies among all sizes compared: "at N = 8",
/// "from N = 10 on", "at every N (4 to 30)", "at N = 3 to 13, 15 and 17".
fn where_text(sizes: &[u64], all: &[u64]) -> String {
    if sizes.len() == all.len() && all.len() > 1 {
        return format!("at every N ({} to {})", all[0], all[all.len() - 1]);
    }
    let runs = runs_of(sizes, all);
    if let [(start, end)] = runs[..]
        && start > 0
        && end == all.len() - 1
        && end > start
    {
        return format!("from N = {} on", all[start]);
    }
    format!("at N = {}", ranges(sizes, all))
}

/// Runs of `sizes` that are neighbours among `all`, as index ranges into
/// `all`.
fn runs_of(sizes: &[u64], all: &[u64]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for p in sizes.iter().filter_map(|n| all.iter().position(|m| m == n)) {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => runs.push((p, p)),
        }
    }
    runs
}

/// `sizes` written as runs of neighbours among `all`: "3 to 13, 15 and
/// 17" (a run of two is written as its two sizes).
fn ranges(sizes: &[u64], all: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (start, end) in runs_of(sizes, all) {
        match end - start {
            0 => parts.push(all[start].to_string()),
            1 => {
                parts.push(all[start].to_string());
                parts.push(all[end].to_string());
            }
            _ => parts.push(format!("{} to {}", all[start], all[end])),
        }
    }
    and_list(&parts)
}

/// `x`, `x and y`, `x, y and z`.
fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A cheaper label's factor at one size: the size, the factor and its
/// interval.
type Factor = (u64, f64, Option<(f64, f64)>);

/// The factors of the cheaper outcomes among `members`.
fn factors_of(members: &[(u64, Outcome)]) -> Vec<Factor> {
    members
        .iter()
        .filter_map(|(n, o)| match o {
            Outcome::Cheaper {
                factor, interval, ..
            } => Some((*n, *factor, *interval)),
            _ => None,
        })
        .collect()
}

/// The factors of a cheaper label over `loser` at its sizes: each with its
/// interval at one or two sizes (", by 2.57× [2.24, 2.92]", ", by 1.45×
/// at N = 10 and 48.8× at 12"), else their range (", by 1.02× (N = 15)
/// to 3,455× (N = 50)"); sizes where `loser` never answered are named.
fn factors_text(factors: &[Factor], all: &[u64], loser: &str) -> String {
    let finite: Vec<&Factor> = factors.iter().filter(|(_, f, _)| f.is_finite()).collect();
    let unanswered: Vec<u64> = factors
        .iter()
        .filter(|(_, f, _)| !f.is_finite())
        .map(|(n, _, _)| *n)
        .collect();
    let one = |f: f64, interval: Option<(f64, f64)>| match interval {
        Some((low, high)) => format!("{}× [{}, {}]", ratio(f), ratio(low), ratio(high)),
        None => format!("{}×", ratio(f)),
    };
    let mut text = match finite[..] {
        [] => String::new(),
        [&(_, f, interval)] if factors.len() == 1 => format!(", by {}", one(f, interval)),
        [&(n1, f1, i1)] => format!(", by {} at N = {n1}", one(f1, i1)),
        [&(n1, f1, i1), &(n2, f2, i2)] => {
            format!(
                ", by {} at N = {n1} and {} at {n2}",
                one(f1, i1),
                one(f2, i2)
            )
        }
        _ => {
            let low = finite
                .iter()
                .min_by(|x, y| x.1.total_cmp(&y.1))
                .map(|x| (x.0, x.1));
            let high = finite
                .iter()
                .max_by(|x, y| x.1.total_cmp(&y.1))
                .map(|x| (x.0, x.1));
            match (low, high) {
                (Some((nl, fl)), Some((nh, fh))) => format!(
                    ", by {}× (N = {nl}) to {}× (N = {nh})",
                    ratio(fl),
                    ratio(fh)
                ),
                _ => String::new(),
            }
        }
    };
    if !unanswered.is_empty() {
        text.push_str(&format!(
            "{} {loser} answered no trial within its budget at N = {}",
            if text.is_empty() { ", where" } else { ", and" },
            ranges(&unanswered, all)
        ));
    }
    text
}

/// The headline of an experiment without questions: the label ranked best
/// (ranking.csv: the lowest ERT, ties broken by the verdicts) at the sizes
/// every label ran, with the next best's ERT over its own as "by k×";
/// `None` without a size every label ran or with fewer than two labels.
pub fn best_over_common_sizes(inputs: &Inputs) -> Option<String> {
    let measure = inputs.ranking.first()?.measure.clone();
    let rows: Vec<_> = inputs
        .ranking
        .iter()
        .filter(|r| r.measure == measure)
        .collect();
    let mut labels: Vec<&str> = Vec::new();
    let mut sizes: Vec<u64> = Vec::new();
    for row in &rows {
        if !labels.contains(&row.label.as_str()) {
            labels.push(&row.label);
        }
        if !sizes.contains(&row.n) {
            sizes.push(row.n);
        }
    }
    if labels.len() < 2 {
        return None;
    }
    let common: Vec<u64> = sizes
        .iter()
        .copied()
        .filter(|&n| rows.iter().filter(|r| r.n == n).count() == labels.len())
        .collect();
    let mut per_size: Vec<(u64, &str, Option<f64>)> = Vec::new();
    for &n in &common {
        let at: Vec<_> = rows.iter().filter(|r| r.n == n).collect();
        let Some(best) = at.iter().find(|r| r.versus_best == "best") else {
            continue;
        };
        let next = at
            .iter()
            .filter(|r| r.label != best.label)
            .filter_map(|r| r.ert)
            .min_by(f64::total_cmp);
        let factor = best.ert.zip(next).map(|(b, x)| x / b);
        per_size.push((n, best.label.as_str(), factor));
    }
    if per_size.is_empty() {
        return None;
    }
    let ran: Vec<u64> = per_size.iter().map(|(n, _, _)| *n).collect();
    let mut groups: Vec<(&str, Vec<Factor>)> = Vec::new();
    for &(n, label, factor) in &per_size {
        let f = (n, factor.unwrap_or(f64::INFINITY), None);
        match groups.iter_mut().find(|(l, _)| *l == label) {
            Some((_, members)) => members.push(f),
            None => groups.push((label, vec![f])),
        }
    }
    let clauses: Vec<String> = groups
        .iter()
        .map(|(label, members)| {
            let ns: Vec<u64> = members.iter().map(|(n, _, _)| *n).collect();
            format!(
                "{label} is best {}{}",
                where_text(&ns, &ran),
                factors_text(members, &ran, "the next best")
            )
        })
        .collect();
    let left_out = sizes.len() - common.len();
    let mut text = format!(
        "By {measure}, over the sizes all {} labels ran, {}.",
        labels.len(),
        clauses.join("; ")
    );
    text.push_str(&format!(
        " Best is the lowest ERT, ties broken by the verdicts (ranking.csv); “by k×” is the next best label's ERT over the best's{}.",
        if left_out > 0 {
            format!(
                "; {left_out} size{} where only some labels ran {} in “Findings at each size”",
                if left_out == 1 { "" } else { "s" },
                if left_out == 1 { "is" } else { "are" }
            )
        } else {
            String::new()
        }
    ));
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::{and_list, where_text};

    #[test]
    fn sizes_are_condensed_into_runs_of_neighbours() {
        let all = [2, 3, 4, 5, 6, 7, 8];
        assert_eq!(where_text(&[2], &all), "at N = 2");
        assert_eq!(where_text(&[5, 6, 7, 8], &all), "from N = 5 on");
        assert_eq!(where_text(&all, &all), "at every N (2 to 8)");
        assert_eq!(where_text(&[3, 4, 5, 7], &all), "at N = 3 to 5 and 7");
        assert_eq!(where_text(&[2, 3, 6], &all), "at N = 2, 3 and 6");
        // Neighbours are neighbours among the sizes compared, not integers.
        assert_eq!(where_text(&[10, 12], &[8, 10, 12]), "from N = 10 on");
        assert_eq!(where_text(&[8], &[8, 10, 12]), "at N = 8");
        assert_eq!(
            and_list(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
