//! The summary and comparison tables as LaTeX, with booktabs rules
//! (`\toprule`, `\midrule`, `\bottomrule`), labels escaped for LaTeX and
//! the significance marks of the HTML report.

use super::Inputs;
use super::format::{number, two};
use crate::analysis::compare::significance_marks;

/// The summary table: one row per row of summary.csv.
pub fn summary(inputs: &Inputs) -> String {
    let mut out = String::from(
        "% queens report --latex: summary.csv as a booktabs table (\\usepackage{booktabs})\n\
         \\begin{tabular}{lrrrrrr}\n\\toprule\n\
         Label & $N$ & Trials & Solved & Success rate & Median checks & ERT checks \\\\\n\\midrule\n",
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
            escape(&number(Some(row.checks.ert)))
        ));
    }
    out.push_str("\\bottomrule\n\\end{tabular}\n");
    out
}

/// The comparison table: one row per row of compare.csv, the Holm p with
/// its mark, and the legend of the marks.
pub fn compare(inputs: &Inputs) -> String {
    let mut out = String::from(
        "% queens report --latex: compare.csv as a booktabs table (\\usepackage{booktabs})\n\
         % * p_holm < 0.05, ** p_holm < 0.01, *** p_holm < 0.001\n\
         \\begin{tabular}{lrllrlll}\n\\toprule\n\
         Measure & $N$ & Label A & Label B & $A_{12}$ & Magnitude & $p$ (Holm) & Better \\\\\n\\midrule\n",
    );
    for row in &inputs.compare {
        let better = if row.better == "NA" {
            "--"
        } else {
            &row.better
        };
        out.push_str(&format!(
            "{} & {} & {} & {} & {} & {} & {}{} & {} \\\\\n",
            escape(&row.measure),
            row.n,
            escape(&row.label_a),
            escape(&row.label_b),
            two(row.a12),
            escape(&row.magnitude),
            p_cell(row.p_holm),
            marks(significance_marks(row.p_holm)),
            escape(better)
        ));
    }
    out.push_str(
        "\\bottomrule\n\\multicolumn{8}{l}{\\footnotesize $^{*}\\,p<0.05$, $^{**}\\,p<0.01$, $^{***}\\,p<0.001$ (Holm-corrected Mann--Whitney)}\\\\\n\\end{tabular}\n",
    );
    out
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
