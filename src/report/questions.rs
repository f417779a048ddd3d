//! The answers to the questions a config declares (`[[question]]`, see
//! [`crate::experiment::question`]), read back from the config text in
//! metadata.json: for each question, one row per board size from
//! compare.csv and summary.csv, with the success rates, the ERT ratio and
//! A12 with their intervals, the Holm-corrected p and a verdict in plain
//! words (untestable where the trials could not have shown a difference),
//! the heavy-tailed cells flagged, and the Bayesian second opinion: the
//! probabilities that the first label is practically better, that the two
//! are practically equivalent, and that the second is, within the ROPE
//! (compare.csv's columns, or recomputed from runs.csv under the question's
//! own `rope`), and the answer across every N in words (sentences.rs).

use super::Inputs;
use super::format::{p_value, ratio};
use super::headline::{cell, ert_caveat, pairs_of, probability_of};
use crate::analysis::bayes::Bayes;
use crate::analysis::compare::Verdict;
use crate::base::records::{CompareRow, Measure};
use crate::base::remedy::Remedy;
use crate::experiment::question::Question;

/// The answer to one question.
#[derive(Clone, Debug)]
pub struct Answer {
    /// "stupid repair (blog) against smarter repair (blog), by checks".
    pub title: String,
    /// The answer in one or two sentences across every N
    /// ([`super::sentences::answer`]; none without rows).
    pub words: Option<String>,
    /// The config's sentence of context, if any.
    pub context: Option<String>,
    /// One row per size the pair was compared at.
    pub rows: Vec<AnswerRow>,
    /// Why there are no rows, when there are none.
    pub missing: Option<String>,
    /// The relative ROPE of the Bayesian probabilities, as a percentage:
    /// "10%" (`None` without rows).
    pub rope: Option<String>,
}

/// The answer at one board size.
#[derive(Clone, Debug)]
pub struct AnswerRow {
    /// The board size.
    pub n: u64,
    /// `a`'s solved trials, "18/20".
    pub solved_a: String,
    /// `b`'s solved trials.
    pub solved_b: String,
    /// The ERT of `a` over that of `b`, with its interval.
    pub ert_ratio: String,
    /// A12 of `a` over `b` as a probability, with its interval.
    pub a12: String,
    /// The Holm-corrected p.
    pub p_holm: String,
    /// The verdict in plain words, with the heavy tails.
    pub verdict: String,
    /// The Bayesian probabilities, `a` better / equivalent / `b` better:
    /// "0.97 / 0.02 / 0.01", `NA` when not computed.
    pub bayes: String,
}

/// The answers to the questions of `questions`, in their order.
pub fn answers(inputs: &Inputs, questions: &[Question]) -> Vec<Answer> {
    questions
        .iter()
        .enumerate()
        .map(|(i, q)| answer(inputs, q, inputs.question_bayes.get(i)))
        .collect()
}

/// The answer to `question`, with its own Bayesian probabilities per N
/// (`own`) when it sets a ROPE.
fn answer(inputs: &Inputs, question: &Question, own: Option<&Vec<(u64, Bayes)>>) -> Answer {
    let measure = question.measure.name();
    let rows: Vec<AnswerRow> = pairs_of(inputs, measure, &question.a, &question.b)
        .into_iter()
        .map(|pair| row(inputs, question, pair, own))
        .collect();
    let rope = rows.first().map(|_| {
        let rope = question.rope.or_else(|| {
            inputs
                .compare
                .iter()
                .find(|c| c.measure == measure)
                .map(|c| c.rope)
        });
        rope.map_or_else(
            || "NA".to_owned(),
            |r| format!("{}%", (r * 1e6).round() / 1e4),
        )
    });
    let missing = rows.is_empty().then(|| {
        format!(
            "compare.csv holds no comparison of these two labels by {measure} (it compares by checks; `{}` compares by {measure})",
            Remedy::CompareInto {
                data: None,
                measure: Some(question.measure)
            }
        )
    });
    Answer {
        title: format!("{} against {}, by {measure}", question.a, question.b),
        words: super::sentences::answer(inputs, question),
        context: question.context.clone(),
        rows,
        missing,
        rope,
    }
}

/// The row of `question` at the size of `pair`; its Bayesian probabilities
/// from `own` when the question sets its ROPE, else from `pair`.
fn row(
    inputs: &Inputs,
    question: &Question,
    pair: &CompareRow,
    own: Option<&Vec<(u64, Bayes)>>,
) -> AnswerRow {
    let (a, b) = (&question.a, &question.b);
    let solved = |label: &str| {
        cell(inputs, label, pair.n).map_or_else(
            || "NA".to_owned(),
            |s| format!("{}/{}", s.successes, s.trials),
        )
    };
    let flipped = pair.label_a != *a;
    let point = pair.ert_ratio.map(|r| if flipped { 1.0 / r } else { r });
    let interval = pair
        .ert_ratio_ci_low
        .zip(pair.ert_ratio_ci_high)
        .map(|(l, h)| if flipped { (1.0 / h, 1.0 / l) } else { (l, h) });
    let ert_ratio = match (point, interval) {
        (None, _) => "NA (neither solved)".to_owned(),
        (Some(r), Some((l, h))) => format!("{} [{}, {}]", ratio(r), ratio(l), ratio(h)),
        (Some(r), None) => ratio(r),
    };
    let verdict = Verdict::from_name(&pair.verdict);
    let better_a = (verdict == Some(Verdict::ABetter)) != flipped;
    let less = if question.measure == Measure::Seconds {
        "less time".to_owned()
    } else {
        format!("fewer {}", question.measure.name())
    };
    let mut words = match verdict {
        Some(Verdict::ABetter | Verdict::BBetter) => {
            let (winner, loser) = if better_a { (a, b) } else { (b, a) };
            let mut words = format!("{winner} needs {less} than {loser} in a typical trial");
            if let Some(caveat) = ert_caveat(pair, winner) {
                words.push_str(". ");
                words.push_str(caveat);
            }
            words
        }
        Some(Verdict::NoDetectableDifference) => {
            let mut words =
                "no detectable difference in a typical trial (these trials could have shown one)"
                    .to_owned();
            if let Some((low, high)) = interval.filter(|(l, h)| *l > 1.0 || *h < 1.0) {
                let (more, less) = if low > 1.0 { (a, b) } else { (b, a) };
                words.push_str(&format!(
                    "; but the ERT ratio's interval [{}, {}] excludes 1: on average {more} needs more than {less}",
                    ratio(low),
                    ratio(high)
                ));
            }
            words
        }
        Some(Verdict::Untestable) | None => format!(
            "untestable: {} against {} trials reach no p below {}",
            pair.trials_a,
            pair.trials_b,
            ratio(pair.min_attainable_p)
        ),
    };
    for label in [a, b] {
        if let Some(block) = cell(inputs, label, pair.n).map(|s| *s.measure(question.measure))
            && block.heavy_tail
        {
            words.push_str(&format!("; {label} heavy-tailed (max over 100 × median)"));
        }
    }
    let bayes = match (question.rope, own) {
        (Some(_), Some(own)) => own.iter().find(|(n, _)| *n == pair.n).map(|&(_, p)| p),
        _ => {
            let p = pair.p_a_better.zip(pair.p_equivalent).zip(pair.p_b_better);
            p.map(|((a_better, equivalent), b_better)| {
                let p = Bayes {
                    a_better,
                    equivalent,
                    b_better,
                };
                if flipped { p.turned() } else { p }
            })
        }
    };
    AnswerRow {
        bayes: bayes.map_or_else(
            || "NA".to_owned(),
            |p| {
                format!(
                    "{:.2} / {:.2} / {:.2}",
                    p.a_better, p.equivalent, p.b_better
                )
            },
        ),
        n: pair.n,
        solved_a: solved(a),
        solved_b: solved(b),
        ert_ratio,
        a12: probability_of(pair, a),
        p_holm: p_value(pair.p_holm)
            .replace("p = ", "")
            .replace("p < ", "< "),
        verdict: words,
    }
}
