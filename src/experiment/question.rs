//! The questions an experiment declares: `[[question]]` tables naming two
//! of its labels, the measure they are compared in and a sentence of
//! context. The report leads with the answer to each, N by N (the ERT
//! ratio with its interval, the success rates, A12 with its interval, the
//! Holm-corrected p and a plain verdict); without questions it ranks the
//! labels as before.
//!
//! ```toml
//! [[question]]
//! a = "stupid repair (blog)"
//! b = "smarter repair (blog)"
//! measure = "checks"        # optional: checks (default), seconds, steps, evaluations
//! context = "The blog's claim: the smarter repair needs fewer checks."
//! ```
//!
//! A question naming a label the experiment does not have is refused with
//! the labels it has; so is one comparing a label with itself.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::diagnostics::ConfigError;
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
}

/// The questions of `raw`, checked against the experiment's `labels`:
/// each label must be one of them (the error lists them all), the two must
/// differ, and the measure must be one there is.
pub(super) fn check(
    raw: &[RawQuestion],
    labels: &[&str],
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<Vec<Question>, ConfigError> {
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
            let context = q
                .context
                .as_ref()
                .map(|c| super::config::prose(c, "context", at));
            Ok(Question {
                a,
                b,
                measure,
                context: context.transpose()?,
            })
        })
        .collect()
}
