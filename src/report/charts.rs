//! The SVG charts of the charts directory, in a fixed order, each ready to
//! be inlined: its XML prolog removed, `role="img"`, an `aria-label` and a
//! `<title>` added as its alternative text.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::ReportError;

/// The charts `queens plot` draws, in the report's order: file stem,
/// caption, alternative text.
const KNOWN: [(&str, &str, &str); 8] = [
    (
        "scaling",
        "Work against board size: the median over solved trials (checks unless another measure was chosen) with its 10th–90th percentile band, and the median wall time; hollow markers: some trials failed; the top row: none solved.",
        "Line charts of the median work and wall time of each algorithm against the board size N, log scale.",
    ),
    (
        "ert",
        "Expected running time (ERT) against board size: the work per solution counting failed trials, with its bootstrap 95% interval; ∞: no trial solved.",
        "Line chart of the expected running time of each algorithm against the board size N, log scale.",
    ),
    (
        "success",
        "Success rate against board size, one panel per algorithm, with 95% Wilson intervals.",
        "Small multiples of the share of trials that found a solution, per algorithm and board size.",
    ),
    (
        "ecdf-checks",
        "Empirical cumulative distribution of the checks to a solution over all trials: each curve ends at the success rate.",
        "Step curves of the share of trials solved within a given number of checks, per algorithm.",
    ),
    (
        "ecdf-seconds",
        "Empirical cumulative distribution of the wall time to a solution over all trials.",
        "Step curves of the share of trials solved within a given wall time, per algorithm.",
    ),
    (
        "convergence",
        "Convergence: the fewest attacking pairs found so far against checks, the median over traced trials with its 25th–75th percentile band.",
        "Line chart of the remaining conflicts against the checks made, per algorithm.",
    ),
    (
        "compare",
        "Every pair compared: the Vargha–Delaney A12 of the row label over the column label, with Holm-corrected Mann–Whitney significance marks.",
        "Heat map of the A12 effect size of every pair of algorithms at each board size shown.",
    ),
    (
        "ranking",
        "Ranking by mean rank at each board size: filled markers are statistically indistinguishable from the best, hollow ones significantly worse.",
        "Line chart of each algorithm's place against the board size N.",
    ),
];

/// One chart, ready to be inlined.
#[derive(Clone, Debug)]
pub struct Chart {
    /// The file's name without `.svg`.
    pub stem: String,
    /// The caption under the chart.
    pub caption: String,
    /// Its SVG markup, with its alternative text.
    pub svg: String,
}

/// Every `*.svg` of `plots_dir`: the known charts in their order, then any
/// other by name.
pub fn read(data_dir: &Path, plots_dir: &Path) -> Result<Vec<Chart>, ReportError> {
    let listing = std::fs::read_dir(plots_dir).map_err(|source| ReportError::PlotsDir {
        path: plots_dir.to_owned(),
        data_dir: data_dir.to_owned(),
        source,
    })?;
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in listing {
        let entry = entry.map_err(|source| ReportError::PlotsDir {
            path: plots_dir.to_owned(),
            data_dir: data_dir.to_owned(),
            source,
        })?;
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "svg") {
            files.push(path);
        }
    }
    files.sort_by_key(|path| {
        let stem = stem(path);
        let place = KNOWN.iter().position(|(known, ..)| *known == stem);
        (place.unwrap_or(KNOWN.len()), stem)
    });
    files
        .iter()
        .map(|path| {
            let bad = |reason: String| ReportError::Chart {
                path: path.clone(),
                data_dir: data_dir.to_owned(),
                reason,
            };
            let text =
                std::fs::read_to_string(path).map_err(|e| bad(format!("cannot be read ({e})")))?;
            let stem = stem(path);
            let (caption, alt) = match KNOWN.iter().find(|(known, ..)| *known == stem) {
                Some((_, caption, alt)) => ((*caption).to_owned(), (*alt).to_owned()),
                None if stem.starts_with(PARAM_PREFIX) => {
                    param_caption(&stem[PARAM_PREFIX.len()..])
                }
                None => {
                    let title = first_text(&text).unwrap_or_else(|| stem.clone());
                    (format!("{title}."), format!("Chart: {title}."))
                }
            };
            let svg = inline(&text, &alt).ok_or_else(|| bad("is not an SVG image".to_owned()))?;
            Ok(Chart { stem, caption, svg })
        })
        .collect()
}

/// The file-name prefix of the parameter charts, `param-<key>`.
const PARAM_PREFIX: &str = "param-";

/// The caption and alternative text of the parameter chart of `key`.
fn param_caption(key: &str) -> (String, String) {
    (
        format!(
            "Cost and success against the swept parameter {key}: the ERT (∞: no trial solved) and the share of trials solved with 95% Wilson intervals, one line per board size."
        ),
        format!(
            "Line charts of the expected running time and the success rate against the value of {key}, one line per board size N."
        ),
    )
}

/// The file name without its extension.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The first `<text>` element's content, trimmed, when it has one.
fn first_text(svg: &str) -> Option<String> {
    let open = svg.find("<text")?;
    let start = open + svg[open..].find('>')? + 1;
    let end = start + svg[start..].find("</text>")?;
    let text = svg[start..end].trim();
    (!text.is_empty() && !text.contains('<')).then(|| text.to_owned())
}

/// `svg` without its XML prolog or doctype, its root element given
/// `role="img"`, `aria-label` and a `<title>` of `alt`; `None` when it is
/// not an SVG document.
fn inline(svg: &str, alt: &str) -> Option<String> {
    let mut body = svg.trim_start();
    while body.starts_with("<?") || body.starts_with("<!") {
        body = body[body.find('>')? + 1..].trim_start();
    }
    let rest = body.strip_prefix("<svg")?;
    if !rest.starts_with(char::is_whitespace) && !rest.starts_with('>') {
        return None;
    }
    let close = rest.find('>')?;
    let (attributes, children) = rest.split_at(close);
    let (attributes, children) = match attributes.strip_suffix('/') {
        Some(attributes) => (attributes, "</svg>"),
        None => (attributes, children[1..].trim_end()),
    };
    let mut escaped = String::new();
    maud::Escaper::new(&mut escaped).write_str(alt).ok()?;
    Some(format!(
        "<svg role=\"img\" aria-label=\"{escaped}\"{attributes}><title>{escaped}</title>{children}"
    ))
}
