//! `queens plot --print` writes every chart as PDF too, converted in pure
//! Rust from the chart's SVG with the embedded DejaVu Sans (no system font,
//! no external program): a real PDF with the font embedded, the same bytes
//! for the same data, and a write failure that names the file. Without
//! `--print` only the SVG is written, and the print files of an earlier
//! drawing are removed.
//!
//! The data is the hand-written `tests/fixtures/tiny` (six charts).

#![cfg(feature = "print")]

mod common;

use common::plot::{plot, tiny_copy};
use common::stderr;

use std::path::{Path, PathBuf};

/// The charts `tests/fixtures/tiny` gives.
const CHARTS: [&str; 8] = [
    "convergence",
    "ecdf-checks",
    "ecdf-seconds",
    "ert",
    "scaling",
    "scaling-per-n",
    "success",
    "trials",
];

/// Whether `needle` occurs in `haystack`.
fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

/// Plots the tiny fixture into `<tmp>/<name>` and returns that directory.
fn plot_tiny(tmp: &Path, data: &Path, name: &str) -> PathBuf {
    let plots = tmp.join(name);
    let out = plot(
        &[data, Path::new("--plots"), &plots, Path::new("--print")],
        tmp,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    plots
}

#[test]
fn every_chart_is_a_pdf_with_the_embedded_font_and_no_system_font() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    let plots = plot_tiny(tmp.path(), &data, "plots");
    for chart in CHARTS {
        let file = plots.join(format!("{chart}.pdf"));
        let pdf = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(pdf.starts_with(b"%PDF-"), "{} is no PDF", file.display());
        assert!(pdf.len() > 5_000, "{}: {} bytes", file.display(), pdf.len());
        assert!(
            contains(&pdf, "/FontFile"),
            "{} embeds no font",
            file.display()
        );
        assert!(contains(&pdf, "+DejaVuSans"), "{}", file.display());
        assert!(
            contains(&pdf, "+DejaVuSans-Bold"),
            "{}: the title",
            file.display()
        );
        for system in [
            "/usr/share/fonts",
            "/usr/local/share/fonts",
            ".ttf",
            "fontconfig",
        ] {
            assert!(!contains(&pdf, system), "{} names {system}", file.display());
        }
    }
}

#[test]
fn the_same_data_plotted_twice_gives_byte_identical_pdfs() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    let first = plot_tiny(tmp.path(), &data, "first");
    let second = plot_tiny(tmp.path(), &data, "second");
    for chart in CHARTS {
        let name = format!("{chart}.pdf");
        let a = std::fs::read(first.join(&name)).unwrap();
        let b = std::fs::read(second.join(&name)).unwrap();
        assert!(a == b, "{name} differs between two runs");
    }
}

#[test]
fn a_pdf_that_cannot_be_written_is_an_error_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    let plots = tmp.path().join("plots");
    // A non-empty directory where the PDF goes: no file can be renamed onto
    // it, even by root.
    let blocker = plots.join("scaling.pdf");
    std::fs::create_dir_all(blocker.join("in-the-way")).unwrap();
    let out = plot(
        &[&data, Path::new("--plots"), &plots, Path::new("--print")],
        tmp.path(),
    );
    assert!(!out.status.success(), "plot succeeded");
    let message = stderr(&out);
    assert!(
        message.contains(&format!("cannot write {}", blocker.display())),
        "{message}"
    );
    assert!(blocker.join("in-the-way").is_dir(), "the directory is kept");
    // The SVG and the PNG of the chart were written before the PDF failed,
    // and no temporary file is left.
    assert!(plots.join("scaling.svg").is_file());
    assert!(plots.join("scaling.png").is_file());
    let leftovers: Vec<_> = std::fs::read_dir(&plots)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn without_print_only_the_svg_is_written_and_older_print_files_are_removed() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    let plots = plot_tiny(tmp.path(), &data, "plots");
    for chart in CHARTS {
        for extension in ["svg", "png", "pdf"] {
            assert!(plots.join(format!("{chart}.{extension}")).is_file());
        }
    }
    let out = plot(&[&data, Path::new("--plots"), &plots], tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));
    for chart in CHARTS {
        assert!(plots.join(format!("{chart}.svg")).is_file(), "{chart}.svg");
        for extension in ["png", "pdf"] {
            let old = plots.join(format!("{chart}.{extension}"));
            assert!(!old.exists(), "{} was left from --print", old.display());
        }
    }
}
