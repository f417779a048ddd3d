//! The summary, comparison and growth-exponent tables as LaTeX, with
//! booktabs rules (`\toprule`, `\midrule`, `\bottomrule`), labels escaped
//! for LaTeX and the significance marks, intervals and verdicts of the HTML
//! report, and for a traced experiment the fixed-target and runtime-ECDF
//! tables (`targets.tex`, [`super::targets`]). All
//! are `longtable`s, their header repeated on every page, so a comparison
//! of hundreds of pairs breaks across pages instead of overflowing one.

use super::Inputs;
use super::format::{count, ert_ratio_cell, number, two};
use super::targets::{Targets, area_cell, ert_cell};
use crate::analysis::compare::significance_marks;
use crate::analysis::growth::growth_by_label;
use crate::base::records::Measure;
use crate::plot::registry::targets_text;

/// The summary table: one row per row of summary.csv (label, N, solved of
/// trials, median checks, ERT in checks with its interval), in a group that
/// sets it in `\footnotesize` so it fits a page's width.
pub fn summary(inputs: &Inputs) -> String {
    let mut out = String::from(
        "% queens report --latex: summary.csv as a booktabs longtable (\\usepackage{booktabs,longtable})\n\
         {\\footnotesize\\setlength{\\tabcolsep}{4pt}\n\
         \\begin{longtable}{p{3.6cm}rrrr}\n\\toprule\n\
         Label & $N$ & Solved & Median checks & ERT checks [95\\%] \\\\\n\\midrule\n\\endhead\n",
    );
    for row in &inputs.summary {
        out.push_str(&format!(
            "{} & {} & {}/{} & {} & {} \\\\\n",
            escape(&row.label),
            row.n,
            row.successes,
            row.trials,
            escape(&number(row.checks.median)),
            escape(&ert_with_interval(row))
        ));
    }
    out.push_str("\\bottomrule\n\\end{longtable}\n}\n");
    out
}

/// The comparison table: one row per row of compare.csv (N, the two
/// labels, A12 with its magnitude, the Holm p with its mark, the ERT ratio
/// with its interval, the verdict), the measures compared in its header
/// and the legend of the marks below, set in `\footnotesize`.
pub fn compare(inputs: &Inputs) -> String {
    let mut measures: Vec<&str> = Vec::new();
    for row in &inputs.compare {
        if !measures.contains(&row.measure.as_str()) {
            measures.push(&row.measure);
        }
    }
    let mut out = format!(
        "% queens report --latex: compare.csv as a booktabs longtable (\\usepackage{{booktabs,longtable}})\n\
         % * p_holm < 0.05, ** p_holm < 0.01, *** p_holm < 0.001\n\
         {{\\footnotesize\\setlength{{\\tabcolsep}}{{4pt}}\n\
         \\begin{{longtable}}{{rp{{2.7cm}}p{{2.7cm}}lrrl}}\n\\toprule\n\
         \\multicolumn{{7}}{{l}}{{Pairs compared by {}}} \\\\\n\
         $N$ & Label A & Label B & $A_{{12}}$ & $p$ (Holm) & ERT ratio A/B [95\\%] & Verdict \\\\\n\\midrule\n\\endhead\n",
        escape(&measures.join(", "))
    );
    for row in &inputs.compare {
        out.push_str(&format!(
            "{} & {} & {} & {} {} & {}{} & {} & {} \\\\\n",
            row.n,
            escape(&row.label_a),
            escape(&row.label_b),
            two(row.a12),
            escape(&row.magnitude),
            p_cell(row.p_holm),
            marks(significance_marks(row.p_holm)),
            escape(&ert_ratio_cell(row)),
            short_verdict(&row.verdict)
        ));
    }
    out.push_str(
        "\\bottomrule\n\\multicolumn{7}{l}{$^{*}\\,p<0.05$, $^{**}\\,p<0.01$, $^{***}\\,p<0.001$ (Holm-corrected Mann--Whitney); untestable: no $p$ below 0.05 was attainable}\\\\\n\\end{longtable}\n}\n",
    );
    out
}

/// The fixed-target table (one row per size and target, the ERT in checks
/// of each label with the trials that reached the target when some did
/// not) and the runtime ECDF's table (per label: pairs reached, budget,
/// area), both `longtable`s in `\footnotesize`.
pub fn targets(targets: &Targets) -> String {
    let mut out = String::from(
        "% queens report --latex: the fixed-target and runtime-ECDF tables as booktabs longtables (\\usepackage{booktabs,longtable})\n\
         % ERT: checks of every traced trial (to its first reaching the target, or all it spent) over the trials that reached it\n",
    );
    out.push_str(&format!(
        "% targets: {}\n{{\\footnotesize\\setlength{{\\tabcolsep}}{{4pt}}\n",
        targets_text(&targets.rule)
    ));
    // At most this many labels a table, so that a page holds its width.
    const LABELS_PER_TABLE: usize = 3;
    let indices: Vec<usize> = (0..targets.labels.len()).collect();
    for chunk in indices.chunks(LABELS_PER_TABLE) {
        let columns = chunk.len();
        out.push_str(&format!(
            "\\begin{{longtable}}{{rr{}}}\n\\toprule\n\
             \\multicolumn{{{}}}{{l}}{{ERT in checks to each target of attacking pairs}} \\\\\n\
             $N$ & Target",
            "r".repeat(columns),
            columns + 2
        ));
        for &i in chunk {
            out.push_str(&format!(" & {}", escape(&targets.labels[i])));
        }
        out.push_str(" \\\\\n\\midrule\n\\endhead\n");
        for row in &targets.rows {
            out.push_str(&format!("{} & {}", row.n, row.target));
            for &i in chunk {
                let ert = row.erts.get(i).and_then(Option::as_ref);
                out.push_str(&format!(" & {}", escape(&ert_cell(ert))));
            }
            out.push_str(" \\\\\n");
        }
        out.push_str(&format!(
            "\\bottomrule\n\\multicolumn{{{}}}{{l}}{{($r$/$t$): $r$ of $t$ trials reached it; $\\infty$: none did; --: no traces}}\\\\\n\\end{{longtable}}\n",
            columns + 2
        ));
    }
    if !targets.areas.is_empty() {
        out.push_str(&format!(
            "\\begin{{longtable}}{{p{{3.6cm}}rrr}}\n\\toprule\n\
             Label & Pairs reached & Budget ({}) & Area \\\\\n\\midrule\n\\endhead\n",
            super::targets::budget_unit(&targets.pooled)
        ));
        for row in &targets.areas {
            out.push_str(&format!(
                "{} & {}/{} & {} & {} \\\\\n",
                escape(&row.label),
                row.reached,
                row.pairs,
                escape(&count(Some(row.budget))),
                area_cell(row.area)
            ));
        }
        out.push_str("\\bottomrule\n\\multicolumn{4}{p{0.95\\linewidth}}{Area: normalised area under the runtime ECDF on the log-budget axis from 1 to the largest budget, every (N, target) pair weighing the same}\\\\\n\\end{longtable}\n");
    }
    out.push_str("}\n");
    out
}

/// The growth exponents: one row per label (its exponent b of the median
/// checks, checks ~ N^b, with the 95% t-interval of the log–log
/// regression's slope and the sizes fitted; [`crate::analysis::growth`]),
/// set in `\footnotesize`.
pub fn growth(inputs: &Inputs) -> String {
    let mut out = String::from(
        "% queens report --latex: growth exponents of the median checks as a booktabs longtable (\\usepackage{booktabs,longtable})\n\
         {\\footnotesize\\setlength{\\tabcolsep}{4pt}\n\
         \\begin{longtable}{p{3.6cm}rrp{5.2cm}}\n\\toprule\n\
         Label & $b$ & 95\\% interval & Sizes fitted \\\\\n\\midrule\n\\endhead\n",
    );
    for (label, fit) in growth_by_label(&inputs.summary, Measure::Checks) {
        let cells = match fit {
            Ok(fit) => format!(
                "{} & [{}, {}] & {} ($N$ = {} to {}){}",
                two(fit.exponent),
                two(fit.interval.0),
                two(fit.interval.1),
                fit.sizes,
                fit.range.0,
                fit.range.1,
                if fit.curved {
                    format!(
                        "; curved: $b$ = {} then {}",
                        two(fit.halves[0].exponent),
                        two(fit.halves[1].exponent)
                    )
                } else {
                    String::new()
                }
            ),
            Err(why) => format!("NA & NA & no fit: {}", escape(&why.to_string())),
        };
        out.push_str(&format!("{} & {cells} \\\\\n", escape(label)));
    }
    out.push_str(
        "\\bottomrule\n\\multicolumn{4}{p{0.95\\linewidth}}{Median checks $\\approx a N^b$, least squares on $\\log$--$\\log$ over the sizes where every trial solved (at least 5); 95\\% $t$-interval of the slope; curved: the slopes of the two halves differ by over 0.2}\\\\\n\\end{longtable}\n}\n",
    );
    out
}

/// A pair's verdict in a few words for a narrow column.
fn short_verdict(verdict: &str) -> &str {
    match verdict {
        "a_better" => "A cheaper",
        "b_better" => "B cheaper",
        "no_detectable_difference" => "no difference found",
        other => other,
    }
}

/// A summary row's ERT in checks, with its interval when it has one.
fn ert_with_interval(row: &crate::base::records::SummaryRow) -> String {
    match (row.checks.ert_ci_low, row.checks.ert_ci_high) {
        (Some(low), Some(high)) => format!(
            "{} [{}, {}]",
            number(row.checks.ert),
            number(Some(low)),
            number(Some(high))
        ),
        _ => number(row.checks.ert),
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

/// `text` with LaTeX's special characters escaped: the ten that are
/// commands or grouping, and `<`, `>`, `|` and `"`, which pdflatex's
/// default (OT1) encoding prints as other glyphs (¡, ¿, —, ”); their text
/// commands print them under OT1 and T1 alike.
pub(super) fn escape(text: &str) -> String {
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
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '"' => out.push_str("\\textquotedbl{}"),
            '∞' => out.push_str("$\\infty$"),
            '–' => out.push_str("--"),
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
        assert_eq!(
            escape("a<b>c|\"d\""),
            "a\\textless{}b\\textgreater{}c\\textbar{}\\textquotedbl{}d\\textquotedbl{}"
        );
    }
}
