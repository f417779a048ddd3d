//! The summary and comparison tables as LaTeX, with booktabs rules
//! (`\toprule`, `\midrule`, `\bottomrule`), labels escaped for LaTeX and
//! the significance marks, intervals and verdicts of the HTML report. Both
//! are `longtable`s, their header repeated on every page, so a comparison
//! of hundreds of pairs breaks across pages instead of overflowing one.

use super::Inputs;
use super::format::{ert_ratio_cell, number, two, verdict_words};
use crate::analysis::compare::significance_marks;

/// The summary table: one row per row of summary.csv.
pub fn summary(inputs: &Inputs) -> String {
    let mut out = String::from(
        "% queens report --latex: summary.csv as a booktabs longtable (\\usepackage{booktabs,longtable})\n\
         \\begin{longtable}{lrrrrrr}\n\\toprule\n\
         Label & $N$ & Trials & Solved & Success rate & Median checks & ERT checks [95\\%] \\\\\n\\midrule\n\\endhead\n",
    );
    for row in &inputs.summary {
        out.push_str(&format!(
            "{} & {} & {} & {} & {} & {} & {} \\\\\n",
            escape(&row.label),
            row.n,
            row.trials,
            row.successes,
            two(row.success_rate),
            escape(&number(row.checks.median)),
            escape(&ert_with_interval(row))
        ));
    }
    out.push_str("\\bottomrule\n\\end{longtable}\n");
    out
}

/// The comparison table: one row per row of compare.csv, the Holm p with
/// its mark, and the legend of the marks.
pub fn compare(inputs: &Inputs) -> String {
    let mut out = String::from(
        "% queens report --latex: compare.csv as a booktabs longtable (\\usepackage{booktabs,longtable})\n\
         % * p_holm < 0.05, ** p_holm < 0.01, *** p_holm < 0.001\n\
         \\begin{longtable}{lrllrllrl}\n\\toprule\n\
         Measure & $N$ & Label A & Label B & $A_{12}$ & Magnitude & $p$ (Holm) & ERT ratio A/B [95\\%] & Verdict \\\\\n\\midrule\n\\endhead\n",
    );
    for row in &inputs.compare {
        out.push_str(&format!(
            "{} & {} & {} & {} & {} & {} & {}{} & {} & {} \\\\\n",
            escape(&row.measure),
            row.n,
            escape(&row.label_a),
            escape(&row.label_b),
            two(row.a12),
            escape(&row.magnitude),
            p_cell(row.p_holm),
            marks(significance_marks(row.p_holm)),
            escape(&ert_ratio_cell(row)),
            escape(&verdict_words(row))
        ));
    }
    out.push_str(
        "\\bottomrule\n\\multicolumn{9}{l}{\\footnotesize $^{*}\\,p<0.05$, $^{**}\\,p<0.01$, $^{***}\\,p<0.001$ (Holm-corrected Mann--Whitney); untestable: no p below 0.05 was attainable}\\\\\n\\end{longtable}\n",
    );
    out
}

/// A summary row's ERT in checks, with its interval when it has one.
fn ert_with_interval(row: &crate::base::records::SummaryRow) -> String {
    match (row.checks.ert_ci_low, row.checks.ert_ci_high) {
        (Some(low), Some(high)) => format!(
            "{} [{}, {}]",
            number(Some(row.checks.ert)),
            number(Some(low)),
            number(Some(high))
        ),
        _ => number(Some(row.checks.ert)),
    }
}

/// A p-value for a table cell: `$<0.001$`, else three decimals.
fn p_cell(p: f64) -> String {
    if p < 0.001 {
        "$<0.001$".to_owned()
    } else {
        format!("{p:.3}")
    }
}

/// A significance mark as a LaTeX superscript (nothing for none).
fn marks(mark: &str) -> String {
    if mark.is_empty() {
        String::new()
    } else {
        format!("$^{{{mark}}}$")
    }
}

/// `text` with LaTeX's special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '∞' => out.push_str("$\\infty$"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn specials_are_escaped() {
        assert_eq!(
            escape("a_b & 5% $x #1 {y}"),
            "a\\_b \\& 5\\% \\$x \\#1 \\{y\\}"
        );
        assert_eq!(
            escape("~^\\"),
            "\\textasciitilde{}\\textasciicircum{}\\textbackslash{}"
        );
    }
}
