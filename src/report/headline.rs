//! The headline results in words, from ranking.csv, compare.csv and
//! summary.csv: the best label at each size and who is indistinguishable
//! from it, what it beats with A12 and the Holm-corrected p-value, the
//! variants compared with each other (labels that differ in one word, like
//! "stupid repair (blog)" and "smarter repair (blog)"), and the failures.

use super::Inputs;
use super::format::{number, p_value, two};
use crate::base::records::CompareRow;

/// The sentences about one board size.
#[derive(Clone, Debug)]
pub struct Finding {
    /// Who ranks best, and who is indistinguishable from it.
    pub best: String,
    /// One sentence per label the best needs significantly less than.
    pub beats: Vec<String>,
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
    let mut findings = Vec::new();
    for (measure, n) in groups {
        let ranked: Vec<_> = inputs
            .ranking
            .iter()
            .filter(|r| r.measure == measure && r.n == n)
            .collect();
        let Some(best) = ranked.iter().min_by_key(|r| r.rank) else {
            continue;
        };
        if ranked.len() < 2 {
            continue;
        }
        let less = less(measure);
        let mut tied = Vec::new();
        let mut beats = Vec::new();
        for other in ranked.iter().filter(|r| r.label != best.label) {
            let Some(pair) = inputs.compare.iter().find(|c| {
                c.measure == measure
                    && c.n == n
                    && ((c.label_a == best.label && c.label_b == other.label)
                        || (c.label_b == best.label && c.label_a == other.label))
            }) else {
                continue;
            };
            if pair.significant {
                let winner = if pair.better == other.label {
                    &other.label
                } else {
                    &best.label
                };
                let loser = if *winner == best.label {
                    &other.label
                } else {
                    &best.label
                };
                beats.push(format!(
                    "At N = {n}, {winner} needs {less} than {loser}: {}, {} (Holm).",
                    a12_of(pair, winner),
                    p_value(pair.p_holm)
                ));
            } else {
                tied.push(format!(
                    "{} ({}, {})",
                    other.label,
                    a12_of(pair, &best.label),
                    p_value(pair.p_holm)
                ));
            }
        }
        let mut sentence = format!(
            "At N = {n}, {} ranks best by {measure} of {} labels (mean rank {}).",
            best.label,
            ranked.len(),
            number(Some(best.mean_rank))
        );
        let errors = inputs
            .summary
            .iter()
            .find(|s| s.label == best.label && s.n == n)
            .map_or(0, |s| s.errors);
        if errors > 0 {
            sentence.push_str(&format!(
                " Its program failed {errors} more trial{} here (solver_error or invalid_solution), left out of this comparison.",
                plural(errors)
            ));
        }
        if !tied.is_empty() {
            sentence.push_str(&format!(
                " Indistinguishable from it (Holm p ≥ 0.05): {}.",
                tied.join("; ")
            ));
        }
        findings.push(Finding {
            best: sentence,
            beats,
        });
    }
    findings
}

/// One sentence per pair of variants at each size, in compare.csv's order:
/// labels whose words differ in one place (one word replaced, added or
/// removed), the comparisons a config's labels name, as "stupid repair
/// (blog)" against "smarter repair (blog)" or "min-conflicts" against
/// "min-conflicts fast". The cheaper one first when the difference is
/// significant.
pub fn variants(inputs: &Inputs) -> Vec<String> {
    inputs
        .compare
        .iter()
        .filter(|c| one_word_apart(&c.label_a, &c.label_b))
        .map(|c| {
            let less = less(&c.measure);
            let n = c.n;
            if c.significant {
                let (winner, loser) = if c.better == c.label_b {
                    (&c.label_b, &c.label_a)
                } else {
                    (&c.label_a, &c.label_b)
                };
                format!(
                    "At N = {n}, {winner} needs {less} than {loser}: {}, {} (Holm).",
                    a12_of(c, winner),
                    p_value(c.p_holm)
                )
            } else {
                format!(
                    "At N = {n}, {} and {} are indistinguishable by {}: {}, {} (Holm).",
                    c.label_a,
                    c.label_b,
                    c.measure,
                    a12_of(c, &c.label_a),
                    p_value(c.p_holm)
                )
            }
        })
        .collect()
}

/// Whether the words of `a` and `b` differ in exactly one place: one word
/// replaced, or one word more in one of them.
fn one_word_apart(a: &str, b: &str) -> bool {
    let a: Vec<&str> = a.split_whitespace().collect();
    let b: Vec<&str> = b.split_whitespace().collect();
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    match long.len() - short.len() {
        0 => {
            short
                .iter()
                .zip(long.iter())
                .filter(|(x, y)| x != y)
                .count()
                == 1
        }
        1 => (0..long.len()).any(|skip| {
            long.iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, w)| w)
                .eq(short.iter())
        }),
        _ => false,
    }
}

/// The sentences on cells where some trials failed: the label, the
/// solved trials, the size and the budget; and on cells where an external
/// program failed trials (its errors, left out of every statistic).
pub fn failures(inputs: &Inputs) -> Vec<String> {
    let mut sentences = Vec::new();
    for s in &inputs.summary {
        if s.successes < s.trials {
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

/// `A12 = 0.91 [0.87, 0.95]` from `first`'s side of the pair: the
/// probability that a trial of `first` costs less than one of the other.
fn a12_of(pair: &CompareRow, first: &str) -> String {
    let flip = pair.label_a != first;
    let (a12, low, high) = if flip {
        (
            1.0 - pair.a12,
            pair.a12_ci_high.map(|h| 1.0 - h),
            pair.a12_ci_low.map(|l| 1.0 - l),
        )
    } else {
        (pair.a12, pair.a12_ci_low, pair.a12_ci_high)
    };
    match (low, high) {
        (Some(low), Some(high)) => format!("A12 = {} [{}, {}]", two(a12), two(low), two(high)),
        _ => format!("A12 = {}", two(a12)),
    }
}

#[cfg(test)]
mod tests {
    use super::one_word_apart;

    #[test]
    fn variants_differ_in_one_word() {
        assert!(one_word_apart(
            "stupid repair (blog)",
            "smarter repair (blog)"
        ));
        assert!(one_word_apart(
            "stupid repair (blog)",
            "stupid repair (clearing)"
        ));
        assert!(one_word_apart("min-conflicts", "min-conflicts fast"));
        assert!(one_word_apart("GA (series)", "SA (series)"));
        assert!(!one_word_apart("random (blog)", "smarter repair (blog)"));
        assert!(!one_word_apart(
            "min-conflicts (random)",
            "stupid repair (random)"
        ));
        assert!(!one_word_apart("annealing", "annealing"));
    }
}
