//! Figures a paper can include: `queens plot --style paper` writes SVG of
//! physical size (3.5 in for a column figure) with no title inside and a
//! PDF of the same size, and no PNG; every text of every chart prints at
//! 8 to 9 pt at the figure's printed width; the screen PNG has twice the
//! SVG's pixels; the same data gives the same bytes.
//!
//! The data is the hand-written `tests/fixtures/tiny` (six charts; its
//! ERT chart has one panel, its success chart two, one per label).

mod common;

use common::plot::{plot_into, print_args, tiny_copy};
use common::svg::{element, text_contents};
use common::{ok, read, snapshot};
use queens::plot::PRINT_FORMATS;

use std::path::{Path, PathBuf};

/// The charts `tests/fixtures/tiny` gives, in the order of their file names
/// (no critical-difference diagram: it has fewer than 5 sizes).
const CHARTS: [&str; 13] = [
    "compare",
    "convergence",
    "ecdf-checks",
    "ecdf-seconds",
    "ert",
    "fixed-budget",
    "fixed-target",
    "ranking",
    "runtime-ecdf",
    "scaling-per-n",
    "scaling",
    "success",
    "trials",
];

/// Plots a copy of `tests/fixtures/tiny` (beside `plots`: plotting writes
/// the comparison into the data directory) into `plots` with the extra
/// `args`.
fn plot(plots: &Path, args: &[&str]) {
    let data = tiny_copy(&plots.with_extension("data"));
    ok(plot_into(&data, plots, args));
}

/// The value of attribute `name` of the first element `tag` of `svg`.
fn attribute<'a>(svg: &'a str, tag: &str, name: &str) -> &'a str {
    common::svg::attribute(element(svg, tag).expect(tag), name).expect(name)
}

/// Width and height of the `viewBox` of an SVG, in units.
fn view_box(svg: &str) -> (f64, f64) {
    let values: Vec<f64> = attribute(svg, "svg", "viewBox")
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    (values[2], values[3])
}

/// Every `font-size` of an SVG.
fn font_sizes(svg: &str) -> Vec<f64> {
    svg.split(" font-size=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
        .collect()
}

/// Width and height of a PNG file.
fn png_size(file: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let info = decoder.read_info().unwrap();
    (info.info().width, info.info().height)
}

/// The numbers of the first `/MediaBox` of a PDF.
fn media_box(pdf: &[u8]) -> Vec<f64> {
    let text = String::from_utf8_lossy(pdf);
    let start = text.find("/MediaBox [").expect("a MediaBox") + "/MediaBox [".len();
    text[start..start + text[start..].find(']').unwrap()]
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn a_paper_figure_has_no_title_and_the_size_of_a_column_in_svg_and_pdf() {
    let tmp = tempfile::tempdir().unwrap();
    let plots = tmp.path().join("plots");
    plot(&plots, &[]);
    plot(&plots, &["--style", "paper"]);
    let paper = plots.join("paper");
    let screen_title = text_contents(&read(&plots.join("ert.svg")))
        .into_iter()
        .find(|t| t.starts_with("tiny: "))
        .expect("the screen figure has its title");

    let mut written: Vec<String> = std::fs::read_dir(&paper)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    // The PDFs come with the print formats (the `print` feature).
    let expected: Vec<String> = CHARTS
        .iter()
        .flat_map(|c| [format!("{c}.pdf"), format!("{c}.svg")])
        .filter(|file| PRINT_FORMATS || file.ends_with(".svg"))
        .collect();
    assert_eq!(written, expected, "SVG and PDF only, no PNG");

    // The ERT chart has one panel: a column figure.
    let svg = read(&paper.join("ert.svg"));
    assert_eq!(attribute(&svg, "svg", "width"), "3.5in");
    let (width, height) = view_box(&svg);
    assert_eq!(width, 500.0);
    let inches: f64 = attribute(&svg, "svg", "height")
        .strip_suffix("in")
        .unwrap()
        .parse()
        .unwrap();
    assert!((inches - 3.5 * height / width).abs() < 0.001, "{inches} in");
    let shown = text_contents(&svg);
    assert!(!shown.contains(&screen_title), "{shown:?}");
    assert!(!shown.iter().any(|t| t.starts_with("tiny")), "{shown:?}");
    assert!(
        shown.iter().any(|t| t == "board size N (queens)"),
        "the panel is drawn: {shown:?}"
    );

    if !PRINT_FORMATS {
        return;
    }
    let pdf = std::fs::read(paper.join("ert.pdf")).unwrap();
    let page = media_box(&pdf);
    assert_eq!(page[..3], [0.0, 0.0, 252.0], "3.5 in = 252 pt wide");
    assert!((page[3] - 252.0 * height / width).abs() < 0.01, "{page:?}");
    // Every paper figure is 3.5 or 7 inches wide, its PDF 252 or 504 pt.
    for chart in CHARTS {
        let svg = read(&paper.join(format!("{chart}.svg")));
        let width = attribute(&svg, "svg", "width");
        assert!(["3.5in", "7in"].contains(&width), "{chart}: {width}");
        let page = media_box(&std::fs::read(paper.join(format!("{chart}.pdf"))).unwrap());
        assert!([252.0, 504.0].contains(&page[2]), "{chart}: {page:?}");
    }
}

#[test]
fn every_text_prints_at_8_to_9_points_and_the_png_has_twice_the_pixels() {
    let tmp = tempfile::tempdir().unwrap();
    let plots = tmp.path().join("plots");
    plot(&plots, print_args());
    for chart in CHARTS {
        let svg = read(&plots.join(format!("{chart}.svg")));
        let (width, height) = view_box(&svg);
        // Printed 3.5 in (252 pt) wide at 500 units, 7 in at 1000.
        let printed = match width {
            500.0 => 252.0,
            1000.0 => 504.0,
            other => panic!("{chart} is {other} units wide"),
        };
        let sizes = font_sizes(&svg);
        assert_eq!(
            sizes.len(),
            text_contents(&svg).len(),
            "{chart}: a size per text"
        );
        for size in sizes {
            let points = size * printed / width;
            assert!(
                (8.0..=9.0).contains(&points),
                "{chart}: font-size {size} prints at {points:.2} pt"
            );
        }
        if PRINT_FORMATS {
            let png = png_size(&plots.join(format!("{chart}.png")));
            assert_eq!(
                png,
                (2 * width as u32, 2 * height as u32),
                "{chart}: PNG at twice the density"
            );
        }
    }
}

#[test]
fn the_same_data_gives_the_same_bytes_in_both_styles() {
    let tmp = tempfile::tempdir().unwrap();
    let (first, second) = (tmp.path().join("first"), tmp.path().join("second"));
    for plots in [&first, &second] {
        plot(plots, print_args());
        plot(plots, &["--style", "paper"]);
    }
    // The report names its charts directory, which differs here (its own
    // bytes are tested in tests/report.rs).
    let charts = |dir: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        snapshot(dir)
            .into_iter()
            .filter(|(name, _)| name.extension().is_some_and(|e| e != "html"))
            .collect()
    };
    let (a, b) = (charts(&first), charts(&second));
    // Every chart as SVG, PNG and PDF, the paper ones as SVG and PDF (SVG
    // alone in both styles without the print formats).
    let expected = if PRINT_FORMATS {
        13 * 3 + 13 * 2
    } else {
        13 + 13
    };
    assert_eq!(a.len(), expected, "{a:?}");
    for ((name, x), (other, y)) in a.iter().zip(&b) {
        assert_eq!(name, other);
        assert!(x == y, "{} differs between two renderings", name.display());
    }
}
