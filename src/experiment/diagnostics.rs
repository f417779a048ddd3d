//! What the config check reports, located in the file: a [`ConfigError`]
//! refuses the config, a [`ConfigWarning`] lets it run but names a setting
//! that cannot take effect. Both show as `file:line:column: message` and the
//! offending line with a caret under the column.

use std::fmt;

/// A place in a config file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file (or the embedded config's name).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The whole line, for display.
    pub excerpt: String,
}

impl Location {
    /// Writes `file:line:column: message`, then the line with a caret under
    /// the column (when the line is not blank).
    fn show(&self, f: &mut fmt::Formatter<'_>, message: fmt::Arguments<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {message}", self.file, self.line, self.column)?;
        if !self.excerpt.trim().is_empty() {
            // A character that turns text around or hides is shown as its
            // escape: the terminal shows what the file holds.
            let (excerpt, column) =
                crate::base::records::invisible::shown(&self.excerpt, self.column);
            let pad = " ".repeat(column.saturating_sub(1));
            write!(f, "\n    {excerpt}\n    {pad}^")?;
        }
        Ok(())
    }
}

/// A config that cannot be run, located in its file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    /// Where the offending text is.
    pub location: Location,
    /// What was found and what is allowed.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.location.show(f, format_args!("{}", self.message))
    }
}

/// A setting that loads but cannot take effect; the run goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigWarning {
    /// A restart budget (`max_restarts`) on an algorithm configuration that
    /// never restarts.
    RestartBudgetIgnored {
        /// The algorithm table's `name`.
        location: Location,
        /// The configuration's label.
        label: String,
        /// The registry name of the algorithm.
        algorithm: String,
        /// Why it never restarts.
        reason: String,
    },
    /// `max_steps = 0`: every trial stops before its first step.
    ZeroStepBudget {
        /// The `max_steps` value.
        location: Location,
    },
    /// A trials table names a board size that is not among the sizes of the
    /// algorithm configuration using it: that count is never used.
    TrialsForUnplannedSize {
        /// The trials table.
        location: Location,
        /// The configuration's label.
        label: String,
        /// The size named.
        n: u64,
    },
    /// The top-level `max_steps` bounds entries whose steps are different
    /// units (boards drawn, repair moves, generations): the same number is
    /// a different amount of work for each.
    StepBudgetAcrossUnits {
        /// The `max_steps` value.
        location: Location,
        /// The budget.
        max_steps: u64,
        /// Each step unit with the labels it counts, in the config's order.
        units: Vec<(String, Vec<String>)>,
    },
}

impl fmt::Display for ConfigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigWarning::RestartBudgetIgnored {
                location,
                label,
                algorithm,
                reason,
            } => location.show(
                f,
                format_args!("'{label}': max_restarts has no effect on {algorithm}: {reason}"),
            ),
            ConfigWarning::ZeroStepBudget { location } => location.show(
                f,
                format_args!(
                    "max_steps = 0: every trial stops before its first step and finds no solution; write a positive step budget, or remove the key for the default"
                ),
            ),
            ConfigWarning::TrialsForUnplannedSize { location, label, n } => location.show(
                f,
                format_args!(
                    "'{label}': the trials table names n = {n}, which is not among its sizes: that count is never used; add {n} to `sizes` or remove it from `trials`"
                ),
            ),
            ConfigWarning::StepBudgetAcrossUnits {
                location,
                max_steps,
                units,
            } => {
                let counted = units
                    .iter()
                    .map(|(unit, labels)| {
                        let labels = labels
                            .iter()
                            .map(|l| format!("'{l}'"))
                            .collect::<Vec<_>>()
                            .join(", ");
                        format!("{unit} for {labels}")
                    })
                    .collect::<Vec<_>>()
                    .join("; ");
                location.show(
                    f,
                    format_args!(
                        "max_steps = {max_steps} counts different units: {counted}; the same number is a different amount of work for each, so compare them by checks or time (max_checks, time_limit), or give each [[algorithm]] its own `budget = {{ max_steps = … }}` to say the budgets are chosen per unit"
                    ),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(column: usize, excerpt: &str) -> Location {
        Location {
            file: "exp.toml".into(),
            line: 9,
            column,
            excerpt: excerpt.into(),
        }
    }

    #[test]
    fn errors_and_warnings_point_at_the_column() {
        let error = ConfigError {
            location: at(8, "name = \"quantum\""),
            message: "unknown algorithm 'quantum'".into(),
        };
        assert_eq!(
            error.to_string(),
            "exp.toml:9:8: unknown algorithm 'quantum'\n    name = \"quantum\"\n           ^"
        );
        let warning = ConfigWarning::RestartBudgetIgnored {
            location: at(8, "name = \"annealing\""),
            label: "sa".into(),
            algorithm: "annealing".into(),
            reason: "it never restarts".into(),
        };
        assert_eq!(
            warning.to_string(),
            "exp.toml:9:8: 'sa': max_restarts has no effect on annealing: it never restarts\n    \
             name = \"annealing\"\n           ^"
        );
    }

    #[test]
    fn a_blank_line_is_not_shown() {
        let error = ConfigError {
            location: at(1, "  "),
            message: "no [[algorithm]] table".into(),
        };
        assert_eq!(error.to_string(), "exp.toml:9:1: no [[algorithm]] table");
    }
}
