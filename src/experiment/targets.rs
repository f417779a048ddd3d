//! The config's `targets` key: the attacking-pair counts the fixed-target
//! chart, the runtime ECDF and the report's target tables use at every
//! board size in place of the default rule
//! ([`crate::analysis::targets::targets_for`]). A non-empty list of whole
//! numbers ≥ 0, strictly decreasing (each target once, the easiest first)
//! and ending in 0 (solved), like `targets = [10, 3, 1, 0]`; anything else
//! is refused where it is written.

use std::ops::Range;

use toml::Spanned;

use super::diagnostics::ConfigError;
use crate::analysis::targets::TargetRule;

/// What `targets` may be, for its messages.
const ALLOWED: &str = "write a list of whole numbers of attacking pairs >= 0, each once, from the easiest down to 0 (solved), like targets = [10, 3, 1, 0]; or leave the key out for the default targets of each size";

/// The targets the config sets (`setting`), checked, or the default rule
/// without the key; refused at the key's value with what was found and
/// what is allowed.
pub(super) fn rule(
    setting: Option<&Spanned<toml::Value>>,
    at: &impl Fn(Range<usize>, String) -> ConfigError,
) -> Result<TargetRule, ConfigError> {
    let Some(spec) = setting else {
        return Ok(TargetRule::Ladder);
    };
    let err = |message: String| at(spec.span(), message);
    let toml::Value::Array(items) = spec.get_ref() else {
        return Err(err(format!(
            "targets = {} is not a list: {ALLOWED}",
            spec.get_ref()
        )));
    };
    let mut list: Vec<u64> = Vec::with_capacity(items.len());
    for item in items {
        let target = match item {
            toml::Value::Integer(i) => u64::try_from(*i).ok(),
            _ => None,
        };
        let Some(target) = target else {
            return Err(err(format!(
                "target {item} is not a whole number >= 0: {ALLOWED}"
            )));
        };
        if let Some(&before) = list.last()
            && target >= before
        {
            return Err(err(format!(
                "target {target} comes after {before}: targets go strictly down, each once; {ALLOWED}"
            )));
        }
        list.push(target);
    }
    match list.last() {
        None => Err(err(format!("targets is empty: {ALLOWED}"))),
        Some(&last) if last != 0 => Err(err(format!(
            "the last target is {last}, not 0: the list ends with 0 (solved); {ALLOWED}"
        ))),
        Some(_) => Ok(TargetRule::Configured(list)),
    }
}
