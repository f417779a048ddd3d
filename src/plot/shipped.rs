//! Checks on the charts of every shipped experiment (`data/*` of the
//! repository), built as `queens plot` builds them: no text beside a mark
//! covers a marker, a line or another text, and every paper figure fits
//! its place on the page (a column figure at most 3.5 × 3 inches).

use std::path::{Path, PathBuf};

use crate::analysis::compare;
use crate::store::Store;

use super::data::ExperimentData;
use super::figure::{Figure, PAPER_COLUMN_HEIGHT};
use super::kind::{Build, Inputs};
use super::options::{Options, Style};
use super::registry::CHARTS;
use super::style::{COLUMN_WIDTH, PAGE_WIDTH, POINTS_PER_UNIT, Styles, register_fonts};

/// The shipped experiments' data directories.
fn shipped() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("the data directory")
        .map(|entry| entry.expect("an entry").path())
        .filter(|dir| dir.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// Every figure `queens plot` draws for `dir` with the default options
/// (the charts it skips left out), named "experiment/stem".
fn figures(dir: &Path) -> Vec<(String, Figure)> {
    let store = Store::open(dir).expect("shipped data opens");
    let data = ExperimentData::from_store(&store).expect("shipped data loads");
    let options = Options::default();
    let chosen = super::sizes::choose(&data.runs, None, &data.source).expect("sizes chosen");
    let styles = Styles::for_labels(data.labels()).in_order(&data.label_order);
    let comparison = compare::compare(&data.runs, &compare::Options::default()).ok();
    let mut notes = Vec::new();
    let mut figures = Vec::new();
    for kind in CHARTS {
        let Some(measure) = kind.measure(options.measure) else {
            continue;
        };
        let inputs = Inputs {
            data: &data,
            styles: &styles,
            options: &options,
            measure,
            chosen: &chosen,
            comparison: comparison.as_ref(),
        };
        let built: Vec<Figure> = match kind.build {
            Build::One(build) => build(&inputs, &mut notes).into_iter().collect(),
            Build::PerKey(build) => build(&inputs, &mut notes)
                .into_iter()
                .filter_map(|(_, figure)| figure.ok())
                .collect(),
        };
        figures.extend(built.into_iter().map(|figure| {
            let name = format!("{}/{}", data.name, figure.stem);
            (name, figure)
        }));
    }
    figures
}

#[test]
fn no_text_beside_a_mark_covers_a_mark_or_a_line() {
    register_fonts().expect("the embedded font");
    let mut overlaps = Vec::new();
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            for style in [Style::Screen, Style::Paper] {
                let found = figure.annotation_overlaps(style).expect("drawn");
                overlaps.extend(found.into_iter().map(|o| format!("{name} ({style:?}) {o}")));
            }
        }
    }
    assert!(
        overlaps.is_empty(),
        "texts over marks or lines: {overlaps:#?}"
    );
}

#[test]
fn notes_of_panels_with_curves_are_written_outside_them() {
    let mut crossing = Vec::new();
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            for panel in &figure.panels {
                if panel.note.is_some() && panel.note_inside() && !panel.layers.is_empty() {
                    crossing.push(format!("{name}: {}", panel.caption));
                }
            }
        }
    }
    assert!(crossing.is_empty(), "notes across curves: {crossing:?}");
}

#[test]
fn every_paper_figure_fits_its_column_or_page() {
    register_fonts().expect("the embedded font");
    let inches = |units: u32| f64::from(units) * POINTS_PER_UNIT / 72.0;
    let mut too_big = Vec::new();
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            let (width, height) = figure.size(Style::Paper).expect("sized");
            let fits = match width {
                COLUMN_WIDTH => height <= PAPER_COLUMN_HEIGHT,
                // A page figure leaves room for its caption on a 9-inch
                // text block.
                PAGE_WIDTH => inches(height) <= 6.0,
                _ => false,
            };
            if !fits {
                too_big.push(format!(
                    "{name}: {:.2} × {:.2} in",
                    inches(width),
                    inches(height)
                ));
            }
        }
    }
    assert!(too_big.is_empty(), "paper figures too big: {too_big:#?}");
    assert!(inches(PAPER_COLUMN_HEIGHT) <= 3.01);
}

#[test]
fn legends_list_the_labels_in_the_order_the_config_declares_them() {
    let mut misordered = Vec::new();
    let mut unsorted_configs = 0;
    for dir in shipped() {
        let store = Store::open(&dir).expect("opens");
        let order = ExperimentData::from_store(&store)
            .expect("loads")
            .label_order;
        if order.windows(2).any(|w| w[0] > w[1]) {
            unsorted_configs += 1;
        }
        for (name, figure) in figures(&dir) {
            let places: Vec<Option<usize>> = figure
                .legend
                .iter()
                .map(|(label, _)| order.iter().position(|l| l == label))
                .collect();
            // Legends of labels (not of parameter groups or numbers).
            if places.iter().all(Option::is_some) && !places.is_sorted() {
                misordered.push(name);
            }
        }
    }
    assert!(
        unsorted_configs > 0,
        "some config declares its labels unsorted"
    );
    assert!(
        misordered.is_empty(),
        "legends out of config order: {misordered:?}"
    );
}

#[test]
fn every_heat_map_has_its_colour_bar_apart_from_other_text_in_both_styles() {
    use super::collide::rects_meet;
    register_fonts().expect("the embedded font");
    let expected = [
        "A12: chance the row label is cheaper",
        "Holm p < 0.05",
        "Holm p ≥ 0.05",
        "0",
        "0.25",
        "0.5",
        "0.75",
        "1",
    ];
    let mut heat_maps = 0;
    let mut faults = Vec::new();
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            if !figure.panels.iter().any(|p| p.has_cells()) {
                continue;
            }
            heat_maps += 1;
            for style in [Style::Screen, Style::Paper] {
                let drawn = figure.colour_bar_drawn(style).expect("drawn");
                let written: Vec<&str> = drawn.texts.iter().map(|(t, _)| t.as_str()).collect();
                if written != expected {
                    faults.push(format!("{name} ({style:?}): bar texts {written:?}"));
                }
                let (width, height) = drawn.size;
                let (top, bottom) = drawn.band;
                for (i, (text, r)) in drawn.texts.iter().enumerate() {
                    let escaped = text.replace('&', "&amp;").replace('<', "&lt;");
                    if !drawn.svg.contains(&format!(">\n{escaped}\n</text>")) {
                        faults.push(format!("{name} ({style:?}): {text} not in the SVG"));
                    }
                    // Inside the canvas, and below the panels and above
                    // the notes and legend: no other text is there.
                    let inside = r[0] >= 0 && r[2] <= width as i32 && r[1] >= 0;
                    if !inside || r[3] > height as i32 || r[1] < top || r[3] > bottom {
                        faults.push(format!(
                            "{name} ({style:?}): {text} at {r:?} outside {width} × {height} or the band {top}..{bottom}"
                        ));
                    }
                    if let Some((other, _)) =
                        drawn.texts[..i].iter().find(|(_, o)| rects_meet(o, r))
                    {
                        faults.push(format!("{name} ({style:?}): {text} meets {other}"));
                    }
                }
            }
        }
    }
    assert!(
        heat_maps >= 5,
        "only {heat_maps} heat maps among the shipped charts"
    );
    assert!(faults.is_empty(), "colour bars: {faults:#?}");
}

/// The texts of an SVG's `<text>` elements, trimmed, with `&lt;` and
/// `&amp;` read back.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.match_indices("<text")
        .filter_map(|(at, _)| {
            let open = at + svg[at..].find('>')? + 1;
            let close = open + svg[open..].find("</text>")?;
            Some(
                svg[open..close]
                    .trim()
                    .replace("&lt;", "<")
                    .replace("&amp;", "&"),
            )
        })
        .collect()
}

#[test]
fn every_heat_map_cell_draws_all_its_marks_and_an_a12_of_two_digits() {
    use super::panel::Layer;
    register_fonts().expect("the embedded font");
    let mut faults = Vec::new();
    let mut marked_maps = 0;
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            let cells: Vec<&super::panel::Cell> = figure
                .panels
                .iter()
                .flat_map(|p| &p.layers)
                .filter_map(|l| match l {
                    Layer::Cells(cells) => Some(cells),
                    _ => None,
                })
                .flatten()
                .collect();
            if cells.is_empty() {
                continue;
            }
            let stars = |text: &str| text.chars().filter(|&c| c == '*').count();
            let expected: usize = cells
                .iter()
                .map(|c| {
                    c.texts
                        .first()
                        .map_or(0, |t| t.iter().map(|l| stars(l)).sum())
                })
                .sum();
            if expected > 0 {
                marked_maps += 1;
            }
            for style in [Style::Screen, Style::Paper] {
                let svg = figure.colour_bar_drawn(style).expect("drawn").svg;
                // A cell's texts are its A12 and its marks, nothing else.
                let in_cells: Vec<String> = svg_texts(&svg)
                    .into_iter()
                    .filter(|t| {
                        t.chars()
                            .all(|c| c.is_ascii_digit() || c == '.' || c == '*')
                    })
                    .collect();
                let drawn: usize = in_cells.iter().map(|t| stars(t)).sum();
                if drawn != expected {
                    faults.push(format!(
                        "{name} ({style:?}): {drawn} marks drawn of {expected}"
                    ));
                }
                for text in &in_cells {
                    let value = text.trim_end_matches('*');
                    // The colour bar's ticks (0.25, 0.5, 0.75) aside.
                    if !value.contains('.') || value == "0.5" {
                        continue;
                    }
                    let decimals = value.split('.').nth(1).map_or(0, str::len);
                    if decimals != 2 {
                        faults.push(format!("{name} ({style:?}): A12 written {text:?}"));
                    }
                }
            }
        }
    }
    assert!(marked_maps >= 3, "only {marked_maps} heat maps with marks");
    assert!(faults.is_empty(), "heat-map cells: {faults:#?}");
}

/// The box of every `<text>` of an SVG, in pixels (left, top, right,
/// bottom), with its content: its width measured in the embedded font at
/// its size and weight, its height that of its ink (0.8 em: capitals and
/// digits 0.73 em, with a little below the baseline), placed by its
/// anchor, its baseline (`dy`) and its rotation.
fn text_boxes(svg: &str) -> Vec<(String, [f64; 4])> {
    use plotters::style::{FontStyle, IntoFont};
    let attribute = |tag: &str, name: &str| -> Option<String> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(tag[at..at + tag[at..].find('"')?].to_owned())
    };
    let number = |tag: &str, name: &str| attribute(tag, name).and_then(|v| v.parse::<f64>().ok());
    svg.match_indices("<text")
        .filter_map(|(at, _)| {
            let open = at + svg[at..].find('>')? + 1;
            let close = open + svg[open..].find("</text>")?;
            let tag = &svg[at..open];
            let text = svg[open..close]
                .trim()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&apos;", "'")
                .replace("&quot;", "\"")
                .replace("&amp;", "&");
            let (x, y, size) = (
                number(tag, "x")?,
                number(tag, "y")?,
                number(tag, "font-size")?,
            );
            let weight = if attribute(tag, "font-weight").as_deref() == Some("bold") {
                FontStyle::Bold
            } else {
                FontStyle::Normal
            };
            let font = (super::style::FONT, size * 1.24, weight).into_font();
            let width = f64::from(font.box_size(&text).ok()?.0);
            let (along_lo, along_hi) = match attribute(tag, "text-anchor").as_deref() {
                Some("middle") => (-width / 2.0, width / 2.0),
                Some("end") => (-width, 0.0),
                _ => (0.0, width),
            };
            // Across the line: from the top, the middle or the bottom.
            let ink = 0.8 * size;
            let (across_lo, across_hi) = match attribute(tag, "dy").as_deref() {
                Some("0.76em") => (0.0, ink),
                Some("-0.5ex") => (-ink, 0.0),
                _ => (-ink / 2.0, ink / 2.0),
            };
            let rect = if attribute(tag, "transform").is_some_and(|t| t.starts_with("rotate(270")) {
                // Turned a quarter to the left: along the text is up.
                [x + across_lo, y - along_hi, x + across_hi, y - along_lo]
            } else {
                [x + along_lo, y + across_lo, x + along_hi, y + across_hi]
            };
            Some((text, rect))
        })
        .collect()
}

#[test]
fn every_text_of_every_shipped_chart_lies_inside_its_canvas_apart_from_every_other() {
    register_fonts().expect("the embedded font");
    let mut faults = Vec::new();
    let mut checked = 0;
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            for style in [Style::Screen, Style::Paper] {
                let drawn = figure.colour_bar_drawn(style).expect("drawn");
                let (width, height) = (f64::from(drawn.size.0), f64::from(drawn.size.1));
                let boxes = text_boxes(&drawn.svg);
                checked += boxes.len();
                for (i, (text, r)) in boxes.iter().enumerate() {
                    if r[0] < 0.0 || r[1] < 0.0 || r[2] > width || r[3] > height {
                        faults.push(format!(
                            "{name} ({style:?}): {text:?} at {r:.0?} leaves {width} × {height}"
                        ));
                    }
                    // Boxes that share a pixel at an edge do not collide.
                    let meets = |o: &[f64; 4]| {
                        r[0] + 1.0 < o[2]
                            && o[0] + 1.0 < r[2]
                            && r[1] + 1.0 < o[3]
                            && o[1] + 1.0 < r[3]
                    };
                    for (other, o) in &boxes[..i] {
                        if meets(o) {
                            faults.push(format!("{name} ({style:?}): {text:?} meets {other:?}"));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} texts");
    assert!(
        faults.is_empty(),
        "{} texts misplaced: {faults:#?}",
        faults.len()
    );
}

#[test]
fn every_screen_chart_of_every_shipped_experiment_is_tagged_for_the_report() {
    register_fonts().expect("the embedded font");
    let mut untagged = Vec::new();
    let mut tips = 0;
    for dir in shipped() {
        for (name, figure) in figures(&dir) {
            let size = figure.size(Style::Screen).expect("a size");
            let svg = super::explore::draw_svg(&figure.legend, size, |root| {
                figure.draw(root, Style::Screen)
            })
            .expect("drawn");
            // Tagged only when the elements recorded are the SVG's: every
            // legend entry then names its series.
            let missing: Vec<usize> = (0..figure.legend.len())
                .filter(|i| !svg.contains(&format!("data-legend=\"{i}\"")))
                .collect();
            if !missing.is_empty() {
                untagged.push(format!("{name}: legend entries {missing:?}"));
            }
            tips += svg.matches("data-tip=").count();
        }
    }
    assert!(untagged.is_empty(), "charts left untagged: {untagged:#?}");
    assert!(tips > 100, "{tips} points to hover");
}
