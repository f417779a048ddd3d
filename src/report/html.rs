//! The HTML report, as a `maud` template: every value inserted is escaped
//! by `maud`; only the charts' SVG (checked in charts.rs) goes in as markup.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::Inputs;
use super::format::{count, ert_ratio_cell, number, p_value, seconds, two, verdict_words};
use super::headline::{Finding, failures, findings};
use super::questions::{Answer, answers};
use crate::analysis::compare::{Verdict, significance_marks};
use crate::analysis::growth::growth_by_label;
use crate::base::records::metadata::{ExternalProgram, Metadata};
use crate::base::records::{CompareRow, Measure, SummaryRow};
use crate::base::remedy::{Remedy, Setting};
use crate::base::shell;

/// The report's style: one column that fits a phone; answers in words
/// set a little larger; tables that scroll sideways inside their box with
/// their first (key) column kept in view, long ones showing their first
/// rows until the reader asks for all (a checkbox, no script), question
/// tables that become one card per row on a phone; charts at the width
/// they were drawn for (500 units a column figure, 1000 a page figure),
/// centred, that on a narrow screen keep a legible width (21rem and 42rem:
/// their 8-point text, about 16 units, stays at about 11 px) and scroll
/// sideways inside their figure, and open full size, fitting the window,
/// from the link in their caption (`:target`, no script); and a print
/// layout that shows every row.
const CSS: &str = "\
:root{color-scheme:light}\
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;line-height:1.5;color:#222;background:#fff;margin:0 auto;padding:1rem;max-width:72rem}\
h1{font-size:1.6rem;line-height:1.25}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #ccc}h3{font-size:1.1rem}\
p.answer{font-size:1.05rem}p.context{color:#444}\
figure{margin:1.5rem 0}figure svg{display:block;width:100%;height:auto;margin:0 auto}\
figcaption{font-size:.95rem;color:#444;max-width:62.5rem;margin:0 auto}p,li{overflow-wrap:anywhere}\
.scroll,.chart{overflow-x:auto;max-width:100%}\
.chart.column svg{min-width:21rem;max-width:500px}.chart.page svg{min-width:42rem;max-width:1000px}\
figure .close{display:none}figure:target{position:fixed;inset:0;z-index:20;margin:0;padding:1rem;background:#fff;overflow:auto}\
figure:target .chart svg{max-width:none;min-width:0;width:100%;height:calc(100vh - 6rem)}figure:target .close{display:inline}figure:target .full{display:none}\
.scroll th:first-child,.scroll td:first-child{position:sticky;left:0;background:#fff;z-index:1}\
table{border-collapse:collapse;font-size:.9rem;font-variant-numeric:tabular-nums}\
caption{text-align:left;font-weight:600;padding:.25rem 0}\
th,td{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}\
td.num{text-align:right;white-space:nowrap}thead th{border-bottom:2px solid #555}\
.long>input.more{position:absolute;opacity:0;width:1px;height:1px}\
.long>label{display:inline-block;margin:.25rem 0;padding:.1rem .6rem;border:1px solid #888;border-radius:4px;cursor:pointer;font-size:.9rem}\
.long>input.more:focus-visible+label{outline:2px solid #1565c0}.long>input.more:checked+label{background:#eee}\
.long>input.more:not(:checked)~.scroll tr.more{display:none}\
pre{background:#f6f6f6;padding:.75rem;overflow-x:auto;font-size:.85rem}\
code{font-size:.9em}dt{font-weight:600}details{margin:.25rem 0}summary{cursor:pointer}dd{margin:0 0 .5rem 1rem;overflow-wrap:anywhere}\
@media (max-width:40rem){body{padding:.5rem}table{font-size:.8rem}\
table.cards thead{display:none}table.cards,table.cards caption,table.cards tbody,table.cards tr,table.cards th,table.cards td{display:block}\
table.cards tr{border-bottom:2px solid #555;padding:.25rem 0}\
table.cards th,table.cards td{border:0;text-align:left;white-space:normal;position:static;padding:.1rem .25rem}\
table.cards [data-label]::before{content:attr(data-label) \": \";font-weight:600}}\
@media print{body{max-width:none;padding:0;font-size:10pt}.scroll,.chart{overflow:visible}.chart svg{min-width:0!important}\
tr.more{display:table-row!important}.long>label,.long>input,figure .full{display:none}\
figure{break-inside:avoid}figure svg{max-width:100%}h2{break-after:avoid}tr{break-inside:avoid}pre{white-space:pre-wrap}}";

/// The style of the charts a reader can explore: a hidden series, a
/// dimmed legend entry, the legend's toggles and the tooltip.
const EXPLORE_CSS: &str = include_str!("explore.css");

/// The report's one script: legend entries hide and show their series,
/// points show their values (see the file's header).
const EXPLORE_JS: &str = include_str!("explore.js");

/// The whole report.
pub fn render(inputs: &Inputs) -> String {
    let title = format!("{}: report", inputs.name);
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(CSS)) }
                style { (PreEscaped(EXPLORE_CSS)) }
            }
            body {
                header {
                    h1 { (title) }
                    @if let Some(meta) = &inputs.metadata {
                        p { (meta.description) }
                    }
                }
                main {
                    @let findings = findings(inputs);
                    @let answers = answers(inputs, &inputs.questions);
                    @let first = answers.iter().position(|a| a.words.is_some());
                    (headline(inputs, &answers, first))
                    (questions(&answers, first))
                    (charts(inputs))
                    (growth(inputs))
                    (per_size(inputs, &findings))
                    (compared(inputs))
                    (summary(inputs))
                    @if let Some(targets) = &inputs.targets {
                        (super::targets::section(targets))
                    }
                    (comparisons(inputs))
                    (super::versus_best::html(inputs))
                    (methods())
                    (provenance(inputs))
                }
                script { (PreEscaped(EXPLORE_JS)) }
            }
        }
    };
    page.into_string()
}

/// The labels in the order summary.csv first names them, each with its
/// rows.
fn by_label(rows: &[SummaryRow]) -> Vec<(&str, Vec<&SummaryRow>)> {
    let mut labels: Vec<(&str, Vec<&SummaryRow>)> = Vec::new();
    for row in rows {
        match labels.iter_mut().find(|(label, _)| *label == row.label) {
            Some((_, rows)) => rows.push(row),
            None => labels.push((&row.label, vec![row])),
        }
    }
    labels
}

/// The sizes of `rows`, like `8, 10, 12`, and their trials: one number
/// when every size has as many, else one per size in the same order.
fn sizes(rows: &[&SummaryRow]) -> (String, String) {
    let sizes: Vec<String> = rows.iter().map(|r| r.n.to_string()).collect();
    let mut trials: Vec<u64> = rows.iter().map(|r| r.trials).collect();
    trials.dedup();
    let trials = if trials.len() == 1 {
        trials[0].to_string()
    } else {
        rows.iter()
            .map(|r| r.trials.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    (sizes.join(", "), trials)
}

/// What was compared: the experiment and every label with its algorithm,
/// parameters, budget, sizes, trials and source.
fn compared(inputs: &Inputs) -> Markup {
    let labels = by_label(&inputs.summary);
    html! {
        section aria-labelledby="compared" {
            h2 id="compared" { "What was compared" }
            @if let Some(meta) = &inputs.metadata {
                p {
                    "Experiment " code { (meta.experiment) } " from " code { (meta.config_source) }
                    ": " (labels.len()) " algorithm configurations, "
                    (meta.trials_done) " of " (meta.trials_planned) " planned trials done."
                }
            }
            div class="scroll" role="region" aria-label="Algorithms compared" tabindex="0" {
                table {
                    caption { "Algorithms compared" }
                    thead {
                        tr {
                            th scope="col" { "Label" }
                            th scope="col" { "Algorithm" }
                            th scope="col" { "Parameters" }
                            th scope="col" { "Budget" }
                            th scope="col" { "Sizes N" }
                            th scope="col" { "Trials (per N)" }
                            th scope="col" { "Source" }
                        }
                    }
                    tbody {
                        @for (label, rows) in &labels {
                            @let first = rows[0];
                            @let (sizes, trials) = sizes(rows);
                            tr {
                                th scope="row" { (label) }
                                td { code { (first.algorithm) } }
                                td { code { (if first.params.is_empty() { "defaults".to_owned() } else { first.params.replace(';', "; ") }) } }
                                td { code { (first.budget) } }
                                td { (sizes) }
                                td { (trials) }
                                td { (source_of(&first.algorithm, &first.params)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The headline, first on the page: the first question answered in words
/// (its title, sentences, context and table), or without questions the
/// best label over the sizes every label ran ([`super::sentences`]).
fn headline(inputs: &Inputs, answers: &[Answer], first: Option<usize>) -> Markup {
    html! {
        section aria-labelledby="headline" {
            h2 id="headline" { "Headline" }
            @if let Some(i) = first {
                (question(i, &answers[i]))
            } @else if let Some(words) = super::sentences::best_over_common_sizes(inputs) {
                p class="answer" { (words) }
                p { "Every size, with each label against the best, is in “Findings at each size”, below the charts." }
            } @else {
                p { "No comparison: compare.csv and ranking.csv are missing, hold fewer than two labels at any size, or no label solved a trial." }
            }
        }
    }
}

/// The most rows a table shows before the rest are collapsed behind a
/// "show all" switch, and the rows it then shows.
const LONG_TABLE: usize = 20;
const SHOWN_ROWS: usize = 10;

/// The class of row `i` of a table of `rows`: `more` (hidden until the
/// reader asks) for the rows after the first [`SHOWN_ROWS`] of a long one.
fn row_class(i: usize, rows: usize) -> Option<&'static str> {
    (rows > LONG_TABLE && i >= SHOWN_ROWS).then_some("more")
}

/// `table` in its sideways-scrolling region; when it has more than
/// [`LONG_TABLE`] rows, after a switch that shows the rows past the first
/// [`SHOWN_ROWS`] (a checkbox and CSS: it works without JavaScript, and
/// print shows every row).
fn long_table(id: &str, label: &str, rows: usize, table: Markup) -> Markup {
    html! {
        @if rows > LONG_TABLE {
            div class="long" {
                input type="checkbox" class="more" id={ "all-" (id) };
                label for={ "all-" (id) } { "Show all " (rows) " rows (the first " (SHOWN_ROWS) " are shown)" }
                div class="scroll" role="region" aria-label=(label) tabindex="0" { (table) }
            }
        } @else {
            div class="scroll" role="region" aria-label=(label) tabindex="0" { (table) }
        }
    }
}

/// The most sizes a question's table shows open; a longer one is
/// collapsed under a line naming its count (the sentences above it say
/// what it holds).
const OPEN_ANSWER_ROWS: usize = 5;

/// The answers to the config's questions but the one the headline
/// answers (`shown`).
fn questions(answers: &[Answer], shown: Option<usize>) -> Markup {
    let title = if shown.is_some() {
        "The experiment's other questions"
    } else {
        "The experiment's questions"
    };
    html! {
        @if answers.len() > usize::from(shown.is_some()) {
            section aria-labelledby="questions" {
                h2 id="questions" { (title) }
                @for (i, answer) in answers.iter().enumerate() {
                    @if Some(i) != shown {
                        (question(i, answer))
                    }
                }
            }
        }
    }
}

/// One question answered: its title, its answer in words, its context and
/// its table of one row per size (collapsed when long; on a phone each
/// row is a card).
fn question(i: usize, answer: &Answer) -> Markup {
    html! {
        h3 { (answer.title) }
        @if let Some(words) = &answer.words {
            p class="answer" { (words) }
        }
        @if let Some(context) = &answer.context {
            p class="context" { (context) }
        }
        @if let Some(missing) = &answer.missing {
            p { (missing) }
        } @else if answer.rows.len() > OPEN_ANSWER_ROWS {
            details {
                summary { "The answer at each of the " (answer.rows.len()) " sizes" }
                (question_table(i, answer))
            }
        } @else {
            (question_table(i, answer))
        }
    }
}

/// The table of one question: one row per size, a card per row on a
/// phone (each cell then names its column, `data-label`).
fn question_table(i: usize, answer: &Answer) -> Markup {
    const COLUMNS: [&str; 8] = [
        "N",
        "Solved (first)",
        "Solved (second)",
        "ERT ratio",
        "A12",
        "p (Holm)",
        "Verdict",
        "P(first better / equivalent / second better)",
    ];
    html! {
        div class="scroll" role="region" aria-label={ "Answer " (i + 1) } tabindex="0" {
            table id={ "question-" (i + 1) } class="cards" {
                caption { "At each N: solved trials of each, the ratio of their ERTs (first over second, 95% bootstrap interval), the probability that a trial of the first needs less than one of the second (A12, 95% bootstrap interval), the Holm-corrected p, the verdict, and the Bayesian second opinion: the posterior probabilities that the first is practically better, that the two are practically equivalent (costs within " (answer.rope.as_deref().unwrap_or("NA")) " of each other) and that the second is (Bayesian bootstrap of both labels' trials, Benavoli et al. 2017)" }
                thead {
                    tr {
                        @for column in COLUMNS {
                            th scope="col" { (column) }
                        }
                    }
                }
                tbody {
                    @for row in &answer.rows {
                        tr {
                            th scope="row" class="num" data-label=(COLUMNS[0]) { (row.n) }
                            td class="num" data-label=(COLUMNS[1]) { (row.solved_a) }
                            td class="num" data-label=(COLUMNS[2]) { (row.solved_b) }
                            td class="num" data-label=(COLUMNS[3]) { (row.ert_ratio) }
                            td class="num" data-label=(COLUMNS[4]) { (row.a12) }
                            td class="num" data-label=(COLUMNS[5]) { (row.p_holm) }
                            td data-label=(COLUMNS[6]) { (row.verdict) }
                            td class="num" data-label=(COLUMNS[7]) { (row.bayes) }
                        }
                    }
                }
            }
        }
    }
}

/// The findings at every size, one collapsible section each, then the
/// failures.
fn per_size(inputs: &Inputs, findings: &[Finding]) -> Markup {
    let failures = failures(inputs);
    html! {
        section aria-labelledby="findings" {
            h2 id="findings" { "Findings at each size" }
            p {
                "A12 is the probability that a trial of the first label needs less than a trial of the second (0.5: no difference), "
                "with its bootstrap 95% interval; the ERT ratio is the first label's expected running time over the second's "
                "(below 1: the first needs less on average, failures and tails included), with its bootstrap 95% interval; "
                "p is the two-sided Mann–Whitney p-value, Holm-corrected over the pairs at each N. "
                "Trials that did not answer count as the most expensive; a proof that no solution exists (N = 2 and 3) "
                "answers its trial at the work of the proof. A pair is untestable when even the smallest p its trial counts "
                "and ties allow could not be significant: it says nothing either way."
            }
            @for finding in findings {
                details {
                    summary { "N = " (finding.n) ": " (finding.brief) }
                    p { (finding.best) }
                    @if !finding.details.is_empty() {
                        ul {
                            @for sentence in &finding.details {
                                li { (sentence) }
                            }
                        }
                    }
                }
            }
            h3 { "Failures" }
            @if failures.is_empty() {
                p { "Every trial found a solution." }
            } @else {
                details {
                    summary { (failures.len()) " notes on trials that did not solve: failed, proofs of no solution, unknown work or errors" }
                    ul {
                        @for sentence in &failures {
                            li { (sentence) }
                        }
                    }
                }
            }
        }
    }
}

/// How the figures are computed, in words a reviewer can check.
fn methods() -> Markup {
    html! {
        section aria-labelledby="methods" {
            h2 id="methods" { "Methods" }
            ul {
                li { "The cost of a trial is its checks when it answered (solved, or proved that no solution exists, at N = 2 and 3); a trial that did not answer costs more than every one that did, and such trials tie. A proof is left out of the success rate (success is not defined where no solution exists) and counts in ERT as an answer. A foreign solver's trial killed at its time limit has unknown work: ERT in steps, checks and evaluations is NA for its cell, and so is every ERT ratio of its label in those measures." }
                li {
                    "Mann–Whitney U, two-sided. The p-value is exact (the permutation distribution counted over every arrangement, ties included) "
                    "for up to 50 trials a side without ties and up to 10 in the smaller sample with ties, otherwise the normal approximation "
                    "with tie and continuity corrections. The exact two-sided p is P(|S − E| ≥ |s − E|): the share of arrangements whose rank sum "
                    "lies at least as far from its mean as the observed one, not twice a one-sided tail."
                }
                li { "Holm's step-down correction over the pairs at each N." }
                li {
                    "Verdicts: a pair is a_better or b_better when its Holm-corrected p is below 0.05; untestable when even its smallest attainable p "
                    "(the most extreme arrangement of its pooled trials, the sample sizes and ties fixed: 1/3 for one trial against five), "
                    "Holm-corrected among the pairs at that N, is not below 0.05; no_detectable_difference otherwise. A label is "
                    "indistinguishable from the best only when a test could have found a difference. No label is best at an N where nothing solved."
                }
                li { "A deterministic label (one trial by design) is compared by its exact value against the other label's median and its interval." }
                li { "A12 (Vargha & Delaney 2000): the probability that a trial of one label needs less than a trial of the other, ties counting one half; seeded percentile-bootstrap 95% interval from 10 trials a side." }
                li { "ERT (COCO): all trials' cost over the successes. The ERT ratio's interval resamples each label's trials on their own (seeded, 2,000 resamples, from 10 successes a side)." }
                li { "Heavy tail: a cell whose costliest solved trial costs more than 100 times its median is flagged; its median hides what its ERT shows." }
                li { "Bayesian second opinion (Benavoli et al. 2017, with a region of practical equivalence): each label's trials weighted by a Bayesian bootstrap (Dirichlet(1, …, 1), drawn independently for the two labels, 4,000 seeded draws); the probability that one label is practically better, that the two are practically equivalent (costs within the ROPE, compare.csv's rope column, default 10%) or that the other is, is the share of draws in which that outcome is the most probable (compare.csv's p_a_better, p_equivalent, p_b_better)." }
                li {
                    "Ranking across sizes: each size ranks the labels by ERT. Friedman's test with its permutation p-value (exact when the count is small, "
                    "else seeded Monte-Carlo; the chi-square approximation is shown beside it) and Iman–Davenport's F; the post-hoc verdicts are "
                    "Wilcoxon signed-rank tests of every pair over the sizes with Holm's correction (Benavoli, Corani & Mangili 2016), the Nemenyi "
                    "critical difference only a drawing, and no critical-difference chart from fewer than 5 sizes. "
                    (super::versus_best::NOT_INDEPENDENT)
                }
            }
        }
    }
}

/// The charts, inline, each with a caption.
fn charts(inputs: &Inputs) -> Markup {
    html! {
        section aria-labelledby="charts" {
            h2 id="charts" { "Charts" }
            @if inputs.charts.is_empty() {
                p { "No charts were drawn." }
            } @else {
                p { "In a browser, click a label in a chart's legend (or focus it and press Enter) to hide or show that label's lines and points, and hover or tap a point to see its label, N and value with its interval; with JavaScript off the charts show everything as drawn. “Full size” under a chart opens it fitted to the window." }
            }
            @for (i, chart) in inputs.charts.iter().enumerate() {
                figure id={ "chart-" (chart.stem) } {
                    div class={ "chart " (chart_width(&chart.svg)) } role="region"
                        aria-label={ "Figure " (i + 1) ", scrolls sideways on a narrow screen" } tabindex="0" {
                        (PreEscaped(&chart.svg))
                    }
                    figcaption {
                        "Figure " (i + 1) ". " (chart.caption) " (" code { (chart.stem) ".svg" } ") "
                        a class="full" href={ "#chart-" (chart.stem) } { "Full size" }
                        a class="close" href="#charts" { "Close full size" }
                    }
                }
            }
        }
    }
}

/// The class of a chart's width: `page` when its SVG's `viewBox` is wider
/// than a column figure, else `column`.
fn chart_width(svg: &str) -> &'static str {
    let width = svg
        .split_once("viewBox=\"")
        .and_then(|(_, rest)| rest.split_whitespace().nth(2))
        .and_then(|w| w.parse::<f64>().ok());
    match width {
        Some(w) if w > f64::from(crate::plot::style::COLUMN_WIDTH) => "page",
        _ => "column",
    }
}

/// The growth exponents: each label's power law of its median checks
/// against N (least squares on log–log over the sizes it solved, 95%
/// t-interval of the slope; [`crate::analysis::growth`]); nothing with one
/// size.
fn growth(inputs: &Inputs) -> Markup {
    let fits = growth_by_label(&inputs.summary, Measure::Checks);
    let sizes: std::collections::BTreeSet<u64> = inputs.summary.iter().map(|r| r.n).collect();
    html! {
        @if sizes.len() > 1 {
            section aria-labelledby="growth" {
                h2 id="growth" { "Growth with board size" }
                p { "How fast each label's median checks grow with N: the exponent b of a power law checks ≈ a·N^b fitted by least squares to log median checks against log N over the sizes where every trial of the label solved (a median of the solved trials alone would flatter a size where some failed), with the 95% t-interval of the regression's slope (it widens when the medians stray from a power law; at least 5 sizes), and the slopes over the lower and upper half of those sizes: when they differ by more than 0.2 the growth is curved and one exponent would mislead." }
                div class="scroll" role="region" aria-label="Growth exponents" tabindex="0" {
                    table id="growth-table" {
                        caption { "Growth exponent b of the median checks (checks ~ N^b) per label, with its 95% t-interval and the sizes fitted" }
                        thead {
                            tr {
                                th scope="col" { "Label" }
                                th scope="col" { "Exponent b" }
                                th scope="col" { "95% interval" }
                                th scope="col" { "Sizes fitted" }
                                th scope="col" { "Halves" }
                            }
                        }
                        tbody {
                            @for (label, fit) in &fits {
                                tr {
                                    th scope="row" { (label) }
                                    @match fit {
                                        Ok(fit) => {
                                            td class="num" { (two(fit.exponent)) }
                                            td class="num" { "[" (two(fit.interval.0)) ", " (two(fit.interval.1)) "]" }
                                            td { (fit.sizes) " (N = " (fit.range.0) " to " (fit.range.1) ", all solved)" }
                                            td {
                                                @if fit.curved { "curved: " }
                                                "N^" (two(fit.halves[0].exponent)) " on N = " (fit.halves[0].range.0) " to " (fit.halves[0].range.1)
                                                ", N^" (two(fit.halves[1].exponent)) " on N = " (fit.halves[1].range.0) " to " (fit.halves[1].range.1)
                                            }
                                        }
                                        Err(why) => {
                                            td class="num" { "NA" }
                                            td class="num" { "NA" }
                                            td { "no fit: " (why) }
                                            td { "NA" }
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
}

/// The summary table: one row per row of summary.csv, each column in one
/// notation (counts with separators, times in SI units).
fn summary(inputs: &Inputs) -> Markup {
    html! {
        section aria-labelledby="summary" {
            h2 id="summary" { "Summary" }
            (long_table("summary", "Summary table", inputs.summary.len(), html! {
                table id="summary-table" {
                    caption { "Per label and size: trials, success rate (95% Wilson interval), median checks of solved trials and expected running time (ERT) in checks (95% bootstrap intervals), whether the checks are heavy-tailed (the costliest solved trial over 100 times the median), and the same in wall time" }
                    thead {
                        tr {
                            th scope="col" { "Label" }
                            th scope="col" { "N" }
                            th scope="col" { "Trials" }
                            th scope="col" { "Solved" }
                            th scope="col" { "Success rate" }
                            th scope="col" { "Median checks" }
                            th scope="col" { "ERT checks" }
                            th scope="col" { "Heavy tail" }
                            th scope="col" { "Median time" }
                            th scope="col" { "ERT time" }
                        }
                    }
                    tbody {
                        @for (i, row) in inputs.summary.iter().enumerate() {
                            tr class=[row_class(i, inputs.summary.len())] {
                                th scope="row" { (row.label) }
                                td class="num" { (row.n) }
                                td class="num" { (row.trials) }
                                td class="num" { (successes_text(row)) }
                                td class="num" { (success_rate_text(row)) }
                                td class="num" { (with_interval(count, row.checks.median, row.checks.median_ci_low, row.checks.median_ci_high)) }
                                td class="num" { (ert_text(count, row, Measure::Checks)) }
                                td { (if row.checks.heavy_tail { format!("yes: max {}", count(row.checks.max)) } else { "no".to_owned() }) }
                                td class="num" { (with_interval(seconds, row.seconds.median, row.seconds.median_ci_low, row.seconds.median_ci_high)) }
                                td class="num" { (ert_text(seconds, row, Measure::Seconds)) }
                            }
                        }
                    }
                }
            }))
        }
    }
}

/// A value with its interval when it has one, each written by `format`.
fn with_interval(
    format: fn(Option<f64>) -> String,
    value: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
) -> String {
    match (low, high) {
        (Some(low), Some(high)) => format!(
            "{} [{}, {}]",
            format(value),
            format(Some(low)),
            format(Some(high))
        ),
        _ => format(value),
    }
}

/// The comparison table with the significance marks and their legend:
/// the testable pairs (collapsed when long), then the untestable ones
/// behind one line with their count.
fn comparisons(inputs: &Inputs) -> Markup {
    let untestable = Verdict::Untestable.name();
    let (tested, untested): (Vec<&CompareRow>, Vec<&CompareRow>) =
        inputs.compare.iter().partition(|r| r.verdict != untestable);
    html! {
        section aria-labelledby="comparisons" {
            h2 id="comparisons" { "Comparisons" }
            @if inputs.compare.is_empty() {
                p { "No pairs were compared (compare.csv is missing or empty)." }
            } @else {
                p id="marks" { "Significance (Holm-corrected p): * p < 0.05, ** p < 0.01, *** p < 0.001." }
                @if tested.is_empty() {
                    p { "No pair could be tested: every pair is untestable (below)." }
                } @else {
                    (long_table("compare", "Comparison table", tested.len(), compare_table("compare-table", &tested)))
                }
                @if !untested.is_empty() {
                    details {
                        summary {
                            (untested.len()) " untestable pair" (if untested.len() == 1 { "" } else { "s" })
                            ": their trial counts and ties could reach no p below 0.05 after Holm, so a test says nothing either way (the exact values of deterministic labels are in the questions and findings above)"
                        }
                        (long_table("untestable", "Untestable pairs", untested.len(), compare_table("untestable-table", &untested)))
                    }
                }
            }
        }
    }
}

/// A table of the pairs `rows` of compare.csv.
fn compare_table(id: &str, rows: &[&CompareRow]) -> Markup {
    html! {
        table id=(id) {
            caption { "Pairs of labels at each size: Vargha–Delaney A12 of label A over label B (95% bootstrap interval), Mann–Whitney p, Holm-corrected p with its mark, the smallest p these trial counts and ties could reach, the verdict, and the ratio of their ERTs (95% bootstrap interval)" }
            thead {
                tr {
                    th scope="col" { "Measure" }
                    th scope="col" { "N" }
                    th scope="col" { "Label A" }
                    th scope="col" { "Label B" }
                    th scope="col" { "Solved A" }
                    th scope="col" { "Solved B" }
                    th scope="col" { "A12" }
                    th scope="col" { "Magnitude" }
                    th scope="col" { "p" }
                    th scope="col" { "p (Holm)" }
                    th scope="col" { "Smallest attainable p" }
                    th scope="col" { "Verdict" }
                    th scope="col" { "ERT ratio A/B" }
                }
            }
            tbody {
                @for (i, row) in rows.iter().enumerate() {
                    tr class=[row_class(i, rows.len())] {
                        td { (row.measure) }
                        td class="num" { (row.n) }
                        th scope="row" { (row.label_a) }
                        td { (row.label_b) }
                        td class="num" { (row.successes_a) "/" (row.trials_a) }
                        td class="num" { (row.successes_b) "/" (row.trials_b) }
                        td class="num" { (with_interval2(row.a12, row.a12_ci_low, row.a12_ci_high)) }
                        td { (row.magnitude) }
                        td class="num" { (p_value(row.p)) }
                        td class="num" { (p_value(row.p_holm)) " " (significance_marks(row.p_holm)) }
                        td class="num" { (number(Some(row.min_attainable_p))) }
                        td { (verdict_words(row)) }
                        td class="num" { (ert_ratio_cell(row)) }
                    }
                }
            }
        }
    }
}

/// A probability with its interval when it has one, two decimals.
/// A summary row's successes, with its proofs that no solution exists
/// when it has some ("0 (10 proved no solution)").
fn successes_text(row: &SummaryRow) -> String {
    if row.proved == 0 {
        row.successes.to_string()
    } else {
        format!("{} ({} proved no solution)", row.successes, row.proved)
    }
}

/// A summary row's success rate with its Wilson interval, or `NA` and
/// why ([`SummaryRow::success_missing_reason`]).
fn success_rate_text(row: &SummaryRow) -> String {
    match (row.success_rate, row.success_ci_low, row.success_ci_high) {
        (Some(rate), Some(low), Some(high)) => {
            format!("{} [{}, {}]", two(rate), two(low), two(high))
        }
        _ => format!("NA ({})", row.success_missing_reason().unwrap_or_default()),
    }
}

/// A summary row's ERT in `measure` with its interval, or `NA` and why
/// ([`SummaryRow::missing_reason`]).
fn ert_text(format: fn(Option<f64>) -> String, row: &SummaryRow, measure: Measure) -> String {
    let block = row.measure(measure);
    match block.ert {
        Some(ert) => with_interval(format, Some(ert), block.ert_ci_low, block.ert_ci_high),
        None => format!("NA ({})", row.missing_reason(measure).unwrap_or_default()),
    }
}

fn with_interval2(value: f64, low: Option<f64>, high: Option<f64>) -> String {
    match (low, high) {
        (Some(low), Some(high)) => format!("{} [{}, {}]", two(value), two(low), two(high)),
        _ => two(value),
    }
}

/// The external programs of every session, each distinct one once: what
/// they said they are in the handshake.
fn external_programs(meta: &Metadata) -> Vec<&ExternalProgram> {
    let mut programs: Vec<&ExternalProgram> = Vec::new();
    for program in meta.sessions.iter().flat_map(|s| &s.external_programs) {
        if !programs.contains(&program) {
            programs.push(program);
        }
    }
    programs
}

/// Where the data came from and how to make it again.
fn provenance(inputs: &Inputs) -> Markup {
    let data = shell::path(&inputs.data_dir);
    let plot = Remedy::Plot {
        data: inputs.data_dir.clone(),
        plots: Some(inputs.plots_dir.clone()),
    };
    let report = Remedy::Report {
        data: Some(inputs.data_dir.clone()),
        plots: Some(inputs.plots_dir.clone()),
        latex: false,
    };
    html! {
        section aria-labelledby="provenance" {
            h2 id="provenance" { "Provenance" }
            @if let Some(meta) = &inputs.metadata {
                dl {
                    dt { "Config" } dd { code { (meta.config_source) } }
                    dt { "Config SHA-256" } dd { code { (meta.config_hash) } }
                    dt { "queens version" } dd { (meta.crate_version) }
                    dt { "Git revision" } dd { code { (meta.git_revision.as_deref().unwrap_or("unknown")) } }
                    dt { "Compiler" } dd { (meta.rustc_version.as_deref().unwrap_or("unknown (not recorded by the queens that wrote this data)")) }
                    dt { "Machine" } dd {
                        (meta.machine.hostname.as_deref().unwrap_or("unknown host")) ": "
                        (meta.machine.cpu_model.as_deref().unwrap_or("CPU model not recorded")) ", "
                        (meta.machine.cores) " cores, " (meta.machine.os) ", " (meta.machine.arch)
                    }
                    @let programs = external_programs(meta);
                    @if !programs.is_empty() || !inputs.replays.is_empty() {
                        dt { "External programs" } dd { ul {
                            @for p in &programs {
                                li { (p.label) ": " (p.name) " version " (p.version) }
                            }
                            @for (label, command) in &inputs.replays {
                                li { (label) ": replay a row with " code { (command) } " (N and SEED from its runs.csv row)" }
                            }
                        } }
                    }
                }
                div class="scroll" role="region" aria-label="Sessions" tabindex="0" {
                    table {
                        caption { "Sessions that wrote the data" }
                        thead {
                            tr {
                                th scope="col" { "Started (UTC)" }
                                th scope="col" { "Finished (UTC)" }
                                th scope="col" { "Threads" }
                                th scope="col" { "Trials run" }
                                th scope="col" { "Interrupted" }
                            }
                        }
                        tbody {
                            @for session in &meta.sessions {
                                tr {
                                    th scope="row" { (session.started) }
                                    td { (session.finished.as_deref().unwrap_or("not finished")) }
                                    td class="num" { (session.threads) }
                                    td class="num" { (session.trials_run) }
                                    td { (if session.interrupted { "yes" } else { "no" }) }
                                }
                            }
                        }
                    }
                }
                h3 { "To regenerate" }
                pre { code {
                    (Remedy::RunConfig { config: Some(meta.config_source.clone()), data: None })
                    "   # the data (resumes; " (Remedy::Set(Setting::Fresh)) " starts over)\n"
                    (plot) "   # the charts, then this report\n"
                    (report) "   # this report alone"
                } }
                h3 { "Config text" }
                pre { code { (meta.config_text) } }
            } @else {
                p { "No complete metadata.json in " code { (data) } ": the config, version and machine are unknown." }
                pre { code { (report) } }
            }
        }
    }
}

/// The Source cell of a label's row: the registry's citation of the
/// variant its parameters (`variant=…`) choose, else of the algorithm, or
/// for an external program where its command is written.
fn source_of(algorithm: &str, params: &str) -> &'static str {
    if algorithm == crate::solvers::algorithms::external::NAME {
        return "a program of the experiment's own: its command is in the config text below";
    }
    let Ok(found) = crate::find_algorithm(algorithm) else {
        return "";
    };
    let variant = params
        .split(';')
        .find_map(|p| p.strip_prefix("variant="))
        .and_then(|name| found.variants.iter().find(|v| v.name == name));
    variant.map_or(found.citation, |v| v.citation)
}

#[cfg(test)]
mod tests {
    use super::{CSS, chart_width, source_of};

    #[test]
    fn charts_keep_a_legible_width_and_tables_their_key_column() {
        assert_eq!(
            chart_width(r#"<svg width="500" viewBox="0 0 500 300">"#),
            "column"
        );
        assert_eq!(chart_width(r#"<svg viewBox="0 0 1000 300">"#), "page");
        for (class, rem, drawn) in [("column", 21, 500), ("page", 42, 1000)] {
            // Never wider than drawn: 8-point text stays 8 points.
            assert!(CSS.contains(&format!(
                ".chart.{class} svg{{min-width:{rem}rem;max-width:{drawn}px}}"
            )));
            // 16-unit text at that width, 16 px a rem: at least 10 px.
            let units = if class == "page" { 1000.0 } else { 500.0 };
            assert!(16.0 * f64::from(rem) * 16.0 / units >= 10.0_f64, "{class}");
        }
        assert!(CSS.contains(".scroll td:first-child{position:sticky;left:0"));
        assert!(CSS.contains(".scroll,.chart{overflow-x:auto"));
    }

    #[test]
    fn each_label_is_credited_to_the_source_of_its_variant() {
        let random = source_of("min-conflicts", "patience=100;variant=random");
        assert_eq!(random, "Minton et al. 1990/1992");
        let blog = source_of(
            "min-conflicts",
            "clear_on_restart=false;restart_after=100;variant=blog",
        );
        assert!(
            blog.contains("smarter repair") && !blog.contains("Sosic"),
            "{blog}"
        );
        assert_eq!(
            source_of("min-conflicts", "variant=fast"),
            "Sosic & Gu 1990/1991"
        );
        let stupid = source_of("naive-repair", "restart_after=100;variant=blog");
        assert!(stupid.contains("stupid repair"), "{stupid}");
        // Without variants, the algorithm's citation.
        assert_eq!(
            source_of("backtracking", "none"),
            "Wirth 1976; Kuechmann 1997 (MacTech)"
        );
    }
}
