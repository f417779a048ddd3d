//! The questions an experiment declares: `[[question]]` tables naming two
//! of its labels, the measure they are compared in and a sentence of
//! context. The report leads with the answer to each, N by N (the ERT
//! ratio with its interval, the success rates, A12 with its interval, the
//! Holm-corrected p, a plain verdict and the Bayesian probabilities that
//! `a` is practically better, equivalent or worse, within the question's
//! ROPE); without questions it ranks the labels as before.
//!
//! ```toml
//! [[question]]
//! a = "stupid repair (blog)"
//! b = "smarter repair (blog)"
//! measure = "checks"        # optional: checks (default), seconds, steps, evaluations
//! context = "The blog's claim: the smarter repair needs fewer checks."
//! rope = 0.05               # optional: costs within 5% are practically equivalent (default 0.1)
//! ```
//!
//! A question naming a label the experiment does not have is refused with
//! the labels it has; so is one comparing a label with itself, and one
//! whose measure cannot compare its two labels (the rules of
//! [`crate::analysis::compare`]): `steps` between labels that count steps
//! in different units, `evaluations` with a label that never evaluates a
//! whole board. That refusal names the measures that would work.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::diagnostics::ConfigError;
use crate::analysis::bayes::valid_rope;
use crate::base::records::Measure;

/// A question of the experiment: how label `a` compares with label `b`.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The first label.
    pub a: String,
    /// The second label.
    pub b: String,
    /// The measure they are compared in.
    pub measure: Measure,
    /// A sentence saying why the question is asked, if given.
    pub context: Option<String>,
    /// The relative region of practical equivalence of the Bayesian
    /// probabilities, if the question sets one (otherwise compare.csv's,
    /// [`crate::analysis::bayes::DEFAULT_ROPE`]).
    pub rope: Option<f64>,
}

/// What one label of the experiment counts, as far as a question's
/// measure is concerned.
#[derive(Clone, Debug, Default)]
pub(super) struct Counters {
    /// The label.
    pub(super) label: String,
    /// The unit of its `steps` ("repair", "generation").
    pub(super) step_unit: String,
    /// Whether its algorithm never evaluates a whole board (`evaluations`
    /// 0 in every trial); `false` when it may, or cannot be known (an
    /// external program).
    pub(super) never_evaluates: bool,
}

/// A `[[question]]` table as written: is label `a` better than label `b`?
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RawQuestion {
    /// The label asked about.
    #[schemars(with = "String")]
    a: Spanned<String>,
    /// The label it is compared with.
    #[schemars(with = "String")]
    b: Spanned<String>,
    /// The measure compared: checks (the default), steps, evaluations or seconds.
    #[serde(default)]
    #[schemars(schema_with = "super::schema::measure")]
    measure: Option<Spanned<String>>,
    /// Why the question matters, shown with its answer.
    #[schemars(with = "Option<String>")]
    context: Option<Spanned<String>>,
    /// The region of practical equivalence of the Bayesian probabilities,
    /// relative: costs within a factor 1 + rope of each other are
    /// practically equivalent (default 0.1, within 10%); at least 0.
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    rope: Option<Spanned<f64>>,
}

/// Why `measure` cannot compare the labels counting `a` and `b`, or `None`
/// when it can.
fn unfit(measure: Measure, a: &Counters, b: &Counters) -> Option<String> {
    match measure {
        Measure::Steps if a.step_unit != b.step_unit => Some(format!(
            "their steps are different units ({:?} counts a {}, {:?} a {}) and do not compare",
            a.label, a.step_unit, b.label, b.step_unit
        )),
        Measure::Evaluations if a.never_evaluates || b.never_evaluates => {
            let never: Vec<String> = [a, b]
                .iter()
                .filter(|c| c.never_evaluates)
                .map(|c| format!("{:?}", c.label))
                .collect();
            Some(format!(
                "{} never evaluate{} a whole board (evaluations is 0 in every trial), so evaluations do not measure {} work",
                never.join(" and "),
                if never.len() == 1 { "s" } else { "" },
                if never.len() == 1 { "its" } else { "their" },
            ))
        }
        _ => None,
    }
}

/// The questions of `raw`, checked against the experiment's labels and
/// what each counts (`counters`): each label must be one of them (the
/// error lists them all), the two must differ, the measure must be one
/// there is and must compare the two (see the module header), and the
/// ROPE must be at least 0.
pub(super) fn check(
    raw: &[RawQuestion],
    counters: &[Counters],
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<Question>, ConfigError> {
    let labels: Vec<&str> = counters.iter().map(|c| c.label.as_str()).collect();
    let counters_of = |label: &str| {
        counters
            .iter()
            .find(|c| c.label == label)
            .cloned()
            .unwrap_or_default()
    };
    let known = |label: &Spanned<String>, key: &str, number: usize| {
        if labels.contains(&label.get_ref().as_str()) {
            return Ok(label.get_ref().clone());
        }
        Err(at(
            label.span(),
            format!(
                "question {number}: {key} = {:?} is not a label of this experiment; the labels are {}",
                label.get_ref(),
                labels
                    .iter()
                    .map(|l| format!("{l:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ))
    };
    raw.iter()
        .enumerate()
        .map(|(i, q)| {
            let number = i + 1;
            let a = known(&q.a, "a", number)?;
            let b = known(&q.b, "b", number)?;
            if a == b {
                return Err(at(
                    q.b.span(),
                    format!("question {number}: a and b are both {a:?}; name two different labels"),
                ));
            }
            let measure = match &q.measure {
                None => Measure::Checks,
                Some(m) => Measure::parse(m.get_ref())
                    .map_err(|e| at(m.span(), format!("question {number}: {e}")))?,
            };
            let (ca, cb) = (counters_of(&a), counters_of(&b));
            if let (Some(why), Some(m)) = (unfit(measure, &ca, &cb), &q.measure) {
                let working: Vec<&str> = Measure::ALL
                    .into_iter()
                    .filter(|&m| unfit(m, &ca, &cb).is_none())
                    .map(Measure::name)
                    .collect();
                return Err(at(
                    m.span(),
                    format!(
                        "question {number} ({a:?} against {b:?}): measure = \"{}\" cannot compare them: {why}; use one of {}",
                        measure.name(),
                        working.join(", ")
                    ),
                ));
            }
            let rope = match &q.rope {
                Some(r) if !valid_rope(*r.get_ref()) => {
                    return Err(at(
                        r.span(),
                        format!(
                            "question {number}: rope = {} is not a region of practical equivalence; give a relative width of at least 0, like 0.1 (costs within 10% are equivalent)",
                            r.get_ref()
                        ),
                    ));
                }
                r => r.as_ref().map(|r| *r.get_ref()),
            };
            let context = q
                .context
                .as_ref()
                .map(|c| super::config::prose(c, "context", at));
            Ok(Question {
                a,
                b,
                measure,
                context: context.transpose()?,
                rope,
            })
        })
        .collect()
}
