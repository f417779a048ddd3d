//! The SVG charts of the charts directory, in the chart registry's order
//! with its captions, each ready to be inlined: its XML prolog removed, `role="img"`, an `aria-label` and a
//! `<title>` added as its alternative text.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::ReportError;
use super::svg_check;
use crate::analysis::targets::TargetRule;
use crate::plot::registry::{CHARTS, describe, describe_with};

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

/// Every `*.svg` of `plots_dir`: the charts of the chart kinds in the
/// registry's order ([`crate::plot::registry::CHARTS`]), then any other by
/// name; the captions state `targets` (the config's, or the default rule).
pub fn read(
    data_dir: &Path,
    plots_dir: &Path,
    targets: &TargetRule,
) -> Result<Vec<Chart>, ReportError> {
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
        let place = describe(&stem).map(|d| d.place);
        (place.unwrap_or(CHARTS.len()), stem)
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
            let (caption, alt) = match describe_with(&stem, targets) {
                Some(described) => (described.caption, described.alt),
                None => {
                    let title = first_text(&text).unwrap_or_else(|| stem.clone());
                    (format!("{title}."), format!("Chart: {title}."))
                }
            };
            svg_check::check(&text).map_err(bad)?;
            let svg = inline(&text, &alt).ok_or_else(|| bad("is not an SVG image".to_owned()))?;
            Ok(Chart { stem, caption, svg })
        })
        .collect()
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
