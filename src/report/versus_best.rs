//! The views across labels and sizes, as HTML and LaTeX: each label's ERT
//! ratio to the best at each size with its interval and a mark when the
//! best is significantly cheaper (cocopp's tables;
//! [`crate::analysis::versus_best`]), and the ranking across sizes with
//! its Friedman test (permutation p, Iman–Davenport's F) and the pairwise
//! Wilcoxon signed-rank tests with Holm's correction as its post-hoc
//! ([`crate::analysis::across_sizes`]), with the caveat that neighbouring
//! sizes are not independent samples; the Nemenyi critical difference is
//! named only as what the critical-difference chart draws.

use maud::{Markup, html};

use super::Inputs;
use super::format::{p_value, ratio};
use crate::analysis::across_sizes::{MIN_DIAGRAM_SIZES, PairTest, across_sizes};
use crate::analysis::compare::{DEFAULT_ALPHA, significance_marks};
use crate::analysis::versus_best::{RatioCell, RatioTable, Standing, ratio_table};
use crate::base::records::Measure;

/// The caveat on the blocks of the ranking across sizes.
pub const NOT_INDEPENDENT: &str = "Neighbouring board sizes are not independent samples of problems (a label fast at N is usually fast at N + 1): the tests say how consistently the labels order over the sizes run, not how they would order over other problems.";

/// The mark of a pair no test of its design could have found significant.
const UNTESTABLE: &str = "°";

/// What the marks of the ratio table mean.
const MARKS_LEGEND: &str = "* p < 0.05, ** p < 0.01, *** p < 0.001: the best is significantly cheaper (Holm-corrected Mann–Whitney); ° untestable (too few trials for any p below 0.05); no mark: no detectable difference; ∞: nothing solved; —: no trials; NA: no label solved at that N.";

/// The measure the comparison was made in (compare.csv's), checks when
/// there is none.
fn measure(inputs: &Inputs) -> Measure {
    inputs
        .compare
        .first()
        .and_then(|r| Measure::parse(&r.measure).ok())
        .unwrap_or(Measure::Checks)
}

/// The table of the report's inputs.
fn table(inputs: &Inputs) -> RatioTable {
    ratio_table(
        &inputs.summary,
        &inputs.compare,
        &inputs.ranking,
        measure(inputs),
    )
}

/// A cell's ratio with its interval, and its mark.
pub fn cell_text(cell: Option<&RatioCell>) -> (String, &'static str) {
    let Some(cell) = cell else {
        return ("—".to_owned(), "");
    };
    let text = match (cell.ratio, cell.interval) {
        _ if cell.standing == Standing::Best => "1".to_owned(),
        (None, _) => "NA".to_owned(),
        (Some(r), Some((low, high))) => format!("{} [{}, {}]", ratio(r), ratio(low), ratio(high)),
        (Some(r), None) => ratio(r),
    };
    let mark = match cell.standing {
        Standing::Worse { p_holm } => significance_marks(p_holm),
        Standing::Untestable => UNTESTABLE,
        _ => "",
    };
    (text, mark)
}

/// The HTML sections: the ERT ratio table, then the ranking across sizes.
pub fn html(inputs: &Inputs) -> Markup {
    let table = table(inputs);
    let measure = table.measure.name();
    let ranked = across_sizes(&inputs.summary, table.measure, DEFAULT_ALPHA);
    html! {
        section aria-labelledby="versus-best" {
            h2 id="versus-best" { "ERT relative to the best" }
            p { "Each label's ERT in " (measure) " over the lowest ERT at that N (the best has 1), with the 95% bootstrap interval of the ratio where both labels solved at least 10 trials. " (MARKS_LEGEND) }
            div class="scroll" role="region" aria-label="ERT ratio table" tabindex="0" {
                table id="ert-ratio-table" {
                    caption { "ERT ratio to the best label at each board size, in " (measure) }
                    thead {
                        tr {
                            th scope="col" { "Label" }
                            @for n in &table.sizes {
                                th scope="col" { "N = " (n) }
                            }
                        }
                    }
                    tbody {
                        @for row in &table.rows {
                            tr {
                                th scope="row" { (row.label) }
                                @for cell in &row.cells {
                                    @let (text, mark) = cell_text(cell.as_ref());
                                    td class="num" { (text) @if !mark.is_empty() { " " (mark) } }
                                }
                            }
                        }
                    }
                }
            }
        }
        section aria-labelledby="across-sizes" {
            h2 id="across-sizes" { "Ranking across sizes" }
            @match &ranked {
                Err(reason) => p { "No ranking across sizes: " (reason) "." },
                Ok(ranked) => {
                    p {
                        "Each of " (ranked.sizes.len()) " sizes ranks the labels by ERT in " (measure)
                        " (failures count; a label that solved nothing ranks last). Friedman χ² = "
                        (format!("{:.2}", ranked.test.chi_square)) " (" (ranked.labels.len() - 1)
                        " degrees of freedom), " (p_value(ranked.test.p_value)) " (" (ranked.test.p_method.describe())
                        "; the chi-square approximation gives " (p_value(ranked.test.p_chi_square))
                        "); Iman–Davenport F = " (f_text(ranked.test.iman_davenport)) " ("
                        (ranked.labels.len() - 1) ", " ((ranked.labels.len() - 1) * (ranked.sizes.len() - 1))
                        " degrees of freedom), " (p_value(ranked.test.iman_davenport_p))
                        ". The post-hoc verdicts are Wilcoxon signed-rank tests of every pair over the sizes, Holm-corrected (below); the Nemenyi critical difference ("
                        (format!("{:.2}", ranked.test.critical_difference)) " at α = " (ranked.test.alpha)
                        ") only draws the critical-difference chart"
                        @if !ranked.diagram_allowed() {
                            ", which is not drawn from fewer than " (MIN_DIAGRAM_SIZES) " sizes"
                        }
                        ". " (NOT_INDEPENDENT)
                        @if !ranked.unsolved.is_empty() {
                            " Left out (no label solved): N = " (list(&ranked.unsolved)) "."
                        }
                        @if !ranked.incomplete.is_empty() {
                            " Left out (some label has no trials): N = " (list(&ranked.incomplete)) "."
                        }
                    }
                    div class="scroll" role="region" aria-label="Mean ranks across sizes" tabindex="0" {
                        table id="across-sizes-table" {
                            caption { "Mean rank across sizes (1 = best)" }
                            thead { tr { th scope="col" { "Label" } th scope="col" { "Mean rank" } } }
                            tbody {
                                @for i in by_rank(&ranked.test.mean_ranks) {
                                    tr {
                                        th scope="row" { (ranked.labels[i]) }
                                        td class="num" { (format!("{:.2}", ranked.test.mean_ranks[i])) }
                                    }
                                }
                            }
                        }
                    }
                    div class="scroll" role="region" aria-label="Wilcoxon tests across sizes" tabindex="0" {
                        table id="across-sizes-pairs" {
                            caption { "Pairwise Wilcoxon signed-rank tests over the sizes, Holm-corrected" }
                            thead { tr {
                                th scope="col" { "Pair" } th scope="col" { "Sizes where the first is cheaper" }
                                th scope="col" { "p" } th scope="col" { "Holm p" } th scope="col" { "Verdict" }
                            } }
                            tbody {
                                @for pair in &ranked.pairs {
                                    tr {
                                        th scope="row" { (ranked.labels[pair.a]) " vs " (ranked.labels[pair.b]) }
                                        td class="num" { (pair.a_cheaper) " of " (ranked.sizes.len()) }
                                        td class="num" { (super::format::p_cell(pair.p_value)) }
                                        td class="num" { (super::format::p_cell(pair.p_holm)) }
                                        td { (pair_verdict(&ranked.labels, pair, ranked.test.alpha)) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The indices of `ranks`, lowest first.
fn by_rank(ranks: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ranks.len()).collect();
    order.sort_by(|&i, &j| ranks[i].total_cmp(&ranks[j]));
    order
}

/// A pair's verdict over the sizes: which label is cheaper, or none.
fn pair_verdict(labels: &[String], pair: &PairTest, alpha: f64) -> String {
    match pair.cheaper {
        Some(cheaper) if pair.p_holm < alpha => format!("{} cheaper", labels[cheaper]),
        _ => "no detectable difference".to_owned(),
    }
}

/// An F statistic as the text writes it (∞ when every size agrees).
fn f_text(f: f64) -> String {
    if f.is_infinite() {
        "∞".to_owned()
    } else {
        format!("{f:.2}")
    }
}

/// Sizes as a comma-separated list.
fn list(sizes: &[u64]) -> String {
    sizes
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The ERT ratio table as booktabs longtables, the sizes split into tables
/// of a few columns each so every one fits the page's width (four sizes
/// per table when a cell carries an interval, ten otherwise).
pub fn latex(inputs: &Inputs, escape: fn(&str) -> String) -> String {
    let table = table(inputs);
    let intervals = table
        .rows
        .iter()
        .flat_map(|r| &r.cells)
        .any(|c| c.as_ref().is_some_and(|c| c.interval.is_some()));
    let per_table = if intervals { 4 } else { 10 };
    let mut out = format!(
        "% queens report --latex: each label's ERT ratio to the best at each N, in {} (\\usepackage{{booktabs,longtable}})\n",
        table.measure.name()
    );
    for (part, sizes) in table.sizes.chunks(per_table).enumerate() {
        let first = part * per_table;
        out.push_str(&format!(
            "{{\\footnotesize\\setlength{{\\tabcolsep}}{{4pt}}\n\\begin{{longtable}}{{p{{3.2cm}}{}}}\n\\toprule\n",
            "r".repeat(sizes.len())
        ));
        out.push_str(&format!(
            "\\multicolumn{{{}}}{{l}}{{ERT ratio to the best in {}}} \\\\\nLabel",
            sizes.len() + 1,
            table.measure.name()
        ));
        for n in sizes {
            out.push_str(&format!(" & $N={n}$"));
        }
        out.push_str(" \\\\\n\\midrule\n\\endhead\n");
        for row in &table.rows {
            out.push_str(&escape(&row.label));
            for cell in &row.cells[first..first + sizes.len()] {
                let (text, mark) = cell_text(cell.as_ref());
                let text = escape(&text).replace('—', "---");
                out.push_str(&format!(" & {text}{}", latex_mark(mark)));
            }
            out.push_str(" \\\\\n");
        }
        out.push_str("\\bottomrule\n\\end{longtable}\n}\n");
    }
    out.push_str(&format!(
        "{{\\footnotesize {}\\par}}\n",
        escape(MARKS_LEGEND)
            .replace('°', "$^{\\circ}$")
            .replace('—', "---")
    ));
    out
}

/// A mark as a LaTeX superscript (nothing for none).
fn latex_mark(mark: &str) -> String {
    match mark {
        "" => String::new(),
        UNTESTABLE => "$^{\\circ}$".to_owned(),
        stars => format!("$^{{{stars}}}$"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(ratio: Option<f64>, interval: Option<(f64, f64)>, standing: Standing) -> RatioCell {
        RatioCell {
            ratio,
            interval,
            failures: false,
            standing,
        }
    }

    #[test]
    fn cells_read_with_their_intervals_and_marks() {
        let worse = cell(
            Some(4.0),
            Some((3.2, 5.0)),
            Standing::Worse { p_holm: 0.004 },
        );
        assert_eq!(
            cell_text(Some(&worse)),
            ("4.00 [3.20, 5.00]".to_owned(), "**")
        );
        let best = cell(Some(1.0), None, Standing::Best);
        assert_eq!(cell_text(Some(&best)), ("1".to_owned(), ""));
        let unsolved = cell(Some(f64::INFINITY), None, Standing::Untestable);
        assert_eq!(cell_text(Some(&unsolved)), ("∞".to_owned(), "°"));
        let no_best = cell(None, None, Standing::NotCompared);
        assert_eq!(cell_text(Some(&no_best)), ("NA".to_owned(), ""));
        assert_eq!(cell_text(None), ("—".to_owned(), ""));
        assert_eq!(latex_mark("°"), "$^{\\circ}$");
        assert_eq!(latex_mark("***"), "$^{***}$");
    }
}
