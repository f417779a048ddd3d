//! The axes and marks of the scaling, ERT and success charts, read from the
//! SVG they write: every decade labelled with the data inside, cells
//! without a solved trial marked "0/100" and "∞", no band or whisker from
//! 2 solved trials, steps of different units refused with a note, and every
//! point at its N.

mod common;

use common::plot::tiny_copy;
use common::read;
use common::svg::{Marker, markers, number};

use std::path::{Path, PathBuf};

use queens::base::records::Measure;
use queens::finish::{Finished, Quiet, Steps, finish};
use queens::plot::Options;
use queens::plot::style::Styles;
use queens::store::Store;

const LABELS: [&str; 2] = ["min-conflicts", "random restart"];

/// A copy of the hand-written fixture in `into`, its summary.csv cells
/// changed by `edits`: (label, N, column, new value).
fn tiny_with<C: AsRef<str>>(into: &Path, edits: &[(&str, u64, C, &str)]) -> PathBuf {
    let dir = tiny_copy(into);
    let file = dir.join("summary.csv");
    let mut reader = csv::Reader::from_path(&file).unwrap();
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let mut rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    for (label, n, name, value) in edits {
        let row = rows
            .iter_mut()
            .find(|r| r[column("label")] == *label && r[column("n")] == n.to_string())
            .unwrap_or_else(|| panic!("no row {label} at {n}"));
        row[column(name.as_ref())] = (*value).to_owned();
    }
    let mut writer = csv::Writer::from_path(&file).unwrap();
    writer.write_record(&header).unwrap();
    for row in rows {
        writer.write_record(row).unwrap();
    }
    writer.flush().unwrap();
    common::trust_derived(&dir);
    dir
}

/// Draws the charts of `data` into `plots` with `measure`.
fn draw(data: &Path, plots: &Path, measure: Measure) -> Finished {
    let options = Options {
        measure,
        ..Options::default()
    };
    let mut store = Store::open(data).unwrap();
    finish(&mut store, plots, Steps::CHARTS, &options, &Quiet).unwrap()
}

/// Every `<text>` element of an SVG: its x, y and trimmed content.
fn texts(svg: &str) -> Vec<(f64, f64, String)> {
    common::svg::texts(svg)
        .iter()
        .filter_map(|t| {
            Some((
                number(t.tag, "x")?,
                number(t.tag, "y")?,
                t.content.to_owned(),
            ))
        })
        .collect()
}

/// The colour of `label` in the charts, as SVG writes it.
fn colour(label: &str) -> String {
    let c = Styles::for_labels(LABELS).of(label).unwrap().colour;
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// The vertical two-point polylines (whiskers) of an SVG in `stroke`.
fn whiskers(svg: &str, stroke: &str) -> usize {
    svg.match_indices("<polyline")
        .filter_map(|(at, _)| {
            let tag = &svg[at..at + svg[at..].find("/>")?];
            if !tag.contains(&format!("stroke=\"{stroke}\"")) {
                return None;
            }
            let points_at = tag.find("points=\"")? + 8;
            let points: Vec<&str> = tag[points_at..]
                .split('"')
                .next()?
                .split_whitespace()
                .collect();
            let xs: Vec<&str> = points.iter().filter_map(|p| p.split(',').next()).collect();
            (xs.len() == 2 && xs[0] == xs[1]).then_some(())
        })
        .count()
}

#[test]
fn a_log_axis_from_1_to_2_8e9_labels_every_decade_in_one_notation_with_the_max_inside() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_with(
        tmp.path(),
        &[
            ("min-conflicts", 8, "checks_median", "1"),
            ("min-conflicts", 12, "checks_median", "2800000000"),
        ],
    );
    let plots = tmp.path().join("plots");
    draw(&data, &plots, Measure::Checks);
    let svg = read(&plots.join("scaling.svg"));
    let all = texts(&svg);
    let powers: Vec<&(f64, f64, String)> = all.iter().filter(|(_, _, t)| is_power(t)).collect();
    let labels: Vec<&str> = powers.iter().map(|(_, _, t)| t.as_str()).collect();
    let decades = [
        "10⁰", "10¹", "10²", "10³", "10⁴", "10⁵", "10⁶", "10⁷", "10⁸", "10⁹", "10¹⁰",
    ];
    assert_eq!(labels, decades, "the checks axis, bottom up");
    // No count tick in another notation ("1000", "10000").
    for (_, _, text) in &all {
        assert!(
            text.parse::<f64>().map_or(true, |v| v == 8.0 || v == 12.0),
            "a plain number tick {text:?} beside 10ⁿ"
        );
    }
    // The 2.8·10⁹ point lies between the 10⁹ and 10¹⁰ ticks (SVG y grows down).
    let y_of = |label: &str| powers.iter().find(|(_, _, t)| t == label).unwrap().1;
    let highest = markers(&svg)
        .into_iter()
        .filter(|m| m.fill == colour("min-conflicts") && m.y < y_of("10⁰") + 5.0)
        .map(|m| m.y)
        .fold(f64::INFINITY, f64::min);
    assert!(
        y_of("10¹⁰") < highest && highest < y_of("10⁹"),
        "2.8e9 at y = {highest}, 10⁹ at {}, 10¹⁰ at {}",
        y_of("10⁹"),
        y_of("10¹⁰")
    );
}

/// The summary row of a cell of `trials` trials none of which solved.
fn unsolved<'a>(label: &'a str, n: u64, trials: &'a str) -> Vec<(&'a str, u64, String, &'a str)> {
    let mut edits = vec![
        (label, n, "trials".to_owned(), trials),
        (label, n, "successes".to_owned(), "0"),
        (label, n, "success_rate".to_owned(), "0"),
        (label, n, "success_ci_low".to_owned(), "0"),
    ];
    for measure in ["steps", "checks", "evaluations", "seconds"] {
        for statistic in ["mean", "median", "p10", "p25", "p75", "p90"] {
            edits.push((label, n, format!("{measure}_{statistic}"), "NA"));
        }
        edits.push((label, n, format!("ert_{measure}"), "Inf"));
    }
    edits
}

#[test]
fn a_cell_without_a_solved_trial_is_marked_0_of_100_on_scaling_and_infinite_on_ert() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_with(tmp.path(), &unsolved("random restart", 12, "100"));
    let plots = tmp.path().join("plots");
    draw(&data, &plots, Measure::Checks);
    for (file, mark) in [("scaling.svg", "0/100"), ("ert.svg", "∞")] {
        let svg = read(&plots.join(file));
        let all = texts(&svg);
        let (_, mark_y, _) = all
            .iter()
            .find(|(_, _, t)| t == mark)
            .unwrap_or_else(|| panic!("{file}: no {mark:?}"));
        // Above every labelled tick of the y axis.
        let top_tick = all
            .iter()
            .filter(|(_, _, t)| is_power(t))
            .map(|(_, y, _)| *y)
            .fold(f64::INFINITY, f64::min);
        assert!(
            *mark_y < top_tick,
            "{file}: {mark} at {mark_y}, top tick at {top_tick}"
        );
        // A hollow marker at N = 12 in that row.
        let x12 = all
            .iter()
            .filter(|(_, _, t)| t == "12")
            .map(|(x, _, _)| *x)
            .next()
            .unwrap();
        assert!(
            markers(&svg).iter().any(|m| m.fill == "#FFFFFF"
                && (m.x - x12).abs() <= 3.0
                && (m.y - mark_y).abs() <= 3.0),
            "{file}: no hollow marker beside {mark}"
        );
    }
}

#[test]
fn a_cell_with_2_of_200_solved_has_a_hollow_marker_and_no_band_or_whisker() {
    let edits = |successes: &'static str| {
        vec![
            ("random restart", 8, "trials", "200"),
            ("random restart", 8, "successes", successes),
            ("random restart", 8, "checks_p10", "400"),
            ("random restart", 8, "checks_p90", "9000"),
        ]
    };
    let tmp = tempfile::tempdir().unwrap();
    let few = tiny_with(&tmp.path().join("few"), &edits("2"));
    let many = tiny_with(&tmp.path().join("many"), &edits("20"));
    draw(&few, &tmp.path().join("few-plots"), Measure::Checks);
    draw(&many, &tmp.path().join("many-plots"), Measure::Checks);
    let few = read(&tmp.path().join("few-plots").join("scaling.svg"));
    let many = read(&tmp.path().join("many-plots").join("scaling.svg"));
    let stroke = colour("random restart");
    assert!(whiskers(&many, &stroke) >= 1, "20 solved: a whisker");
    assert_eq!(whiskers(&few, &stroke), 0, "2 solved: no whisker");
    assert!(texts(&few).iter().any(|(_, _, t)| t == "2/200"));
    assert!(markers(&few).iter().any(|m| m.fill == "#FFFFFF"));
}

#[test]
fn steps_of_different_units_give_a_note_and_no_chart() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_with::<&str>(tmp.path(), &[]);
    let plots = tmp.path().join("steps");
    let report = draw(&data, &plots, Measure::Steps);
    for chart in ["scaling", "ERT"] {
        let note = report
            .skipped
            .iter()
            .map(ToString::to_string)
            .find(|n| n.starts_with(&format!("no {chart} chart: --measure steps")))
            .unwrap_or_else(|| panic!("no note on the {chart} chart: {:?}", report.skipped));
        assert!(note.contains("min-conflicts: repair"), "{note}");
        assert!(note.contains("random restart: board drawn"), "{note}");
        assert!(note.contains("use --measure checks"), "{note}");
    }
    assert!(!plots.join("scaling.svg").exists());
    assert!(!plots.join("ert.svg").exists());
    // Checks, the common unit, draws both.
    let plots = tmp.path().join("checks");
    draw(&data, &plots, Measure::Checks);
    assert!(plots.join("scaling.svg").is_file() && plots.join("ert.svg").is_file());
}

#[test]
fn every_point_sits_at_its_n() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_with(tmp.path(), &unsolved("random restart", 12, "100"));
    let plots = tmp.path().join("plots");
    draw(&data, &plots, Measure::Checks);
    for file in ["scaling.svg", "ert.svg", "success.svg"] {
        let svg = read(&plots.join(file));
        let size_ticks: Vec<(f64, f64)> = texts(&svg)
            .into_iter()
            .filter(|(_, _, t)| t == "8" || t == "12")
            .map(|(x, y, _)| (x, y))
            .collect();
        let ticks: Vec<f64> = size_ticks.iter().map(|&(x, _)| x).collect();
        // The legend's samples sit below the lowest panel's size ticks.
        let bottom = size_ticks.iter().map(|&(_, y)| y).fold(0.0, f64::max);
        let drawn: Vec<Marker> = markers(&svg).into_iter().filter(|m| m.y < bottom).collect();
        assert!(drawn.len() >= 4, "{file}: {} markers", drawn.len());
        for marker in drawn {
            assert!(
                ticks.iter().any(|x| (marker.x - x).abs() <= 3.0),
                "{file}: a marker at x = {}, ticks of N at {ticks:?}",
                marker.x
            );
        }
    }
}

/// Whether a tick label is a power of ten written 10ⁿ.
fn is_power(text: &str) -> bool {
    text.starts_with("10") && text.chars().skip(2).all(|c| "⁰¹²³⁴⁵⁶⁷⁸⁹⁻".contains(c))
}
