//! The rows of params.csv ([`crate::base::records::param_rows`]) for an
//! experiment: for every entry, in config order, each parameter in effect
//! (its resolved [`Params`](crate::solvers::params::Params), in canonical
//! key order) and then each budget limit that is set, in the order of the
//! `budget` column (`max_steps`, `max_restarts`, `max_checks`,
//! `time_limit`). Values are the same text as in the `params` and `budget`
//! columns of runs.csv.

use super::config::{Entry, Experiment};
use crate::base::records::{ParamRow, ParamSource};
use crate::solvers::Budget;

/// The params.csv rows of every entry of `experiment`, in config order.
pub fn param_rows(experiment: &Experiment) -> Vec<ParamRow> {
    experiment.entries.iter().flat_map(entry_rows).collect()
}

/// The rows of one entry: its parameters, then its budget limits.
fn entry_rows(entry: &Entry) -> Vec<ParamRow> {
    let row = |source, key: &str, value: String| ParamRow {
        label: entry.label.clone(),
        algorithm: entry.algorithm.name.to_string(),
        source,
        key: key.to_string(),
        value,
    };
    let params = entry
        .params
        .iter()
        .map(|(k, v)| row(ParamSource::Param, k, v.to_string()));
    let budget = limits(&entry.budget)
        .into_iter()
        .map(|(k, v)| row(ParamSource::Budget, k, v));
    params.chain(budget).collect()
}

/// The limits of `budget` that are set, as they appear in its canonical
/// text ([`Budget::canonical`]).
fn limits(budget: &Budget) -> Vec<(&'static str, String)> {
    let Budget {
        max_steps,
        max_restarts,
        max_checks,
        time_limit,
    } = *budget;
    [
        ("max_steps", max_steps.map(|v| v.to_string())),
        ("max_restarts", max_restarts.map(|v| v.to_string())),
        ("max_checks", max_checks.map(|v| v.to_string())),
        ("time_limit", time_limit.map(|v| v.to_string())),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| (k, v)))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_joined_are_the_budget_column() {
        let budget = Budget {
            max_steps: Some(500),
            max_restarts: None,
            max_checks: Some(7),
            time_limit: Some(0.25),
        };
        let joined: Vec<String> = limits(&budget)
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(
            joined.join(";"),
            "max_steps=500;max_checks=7;time_limit=0.25"
        );
        assert_eq!(joined.join(";"), budget.canonical());
        assert!(limits(&Budget::UNLIMITED).is_empty());
    }
}
