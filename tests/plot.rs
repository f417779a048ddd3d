//! `queens plot` end to end: charts from CSV files alone, as SVG with text and
//! as PNG drawn with the embedded font; stable colours; clear errors.
//!
//! The data is synthetic, written through the record structs of
//! `queens::base::records` (so it always matches the CSV contract): a
//! seeded generator for a realistic experiment, summarised by the real
//! `queens::analysis::summary` (as `queens run` does), and the hand-written
//! `tests/fixtures/tiny` for the edge cases (its summary.csv carries an extra
//! column, as the runner may add columns: it is ignored).

mod common;

use common::plot::{plot, print_args, tiny_copy};
use common::records::run_record;
use common::svg::texts;
use common::{files_with, stderr, write_csv};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use queens::analysis::summary::summarize;
use queens::base::records::Metadata;
use queens::base::records::{RunRecord, TraceRecord, write_summary};
use queens::experiment::config::{self, config_hash};
use queens::plot::style::{
    COLUMN_WIDTH, EM_PER_SIZE, PAGE_WIDTH, PALETTE, PNG_SCALE, Styles, TICK_SIZE,
};
use queens::plot::{Options, Skip};
use queens::store::Store;

/// SplitMix64: a tiny seeded generator for the synthetic data.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// Log-normal with the given median and spread (sigma of the log).
    fn log_normal(&mut self, median: f64, sigma: f64) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        let z = (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos();
        median * (sigma * z).exp()
    }
}

/// Median steps of a label at size n (None: the label does not run there).
fn typical_steps(label: &str, n: u64) -> Option<f64> {
    let n = n as f64;
    match label {
        "min-conflicts" => Some(1.5 * n),
        "annealing" => Some(30.0 * n.powf(1.3)),
        "genetic" => Some(20.0 * n.powf(1.6)),
        "random restart" if n <= 32.0 => Some((n / 3.0).exp() * 4.0),
        _ => None,
    }
}

const BUDGET: u64 = 200_000;

/// Writes runs.csv, summary.csv, metadata.json and (optionally) traces.csv
/// of a synthetic experiment into `dir`.
fn write_experiment(
    dir: &Path,
    name: &str,
    labels: &[&str],
    sizes: &[u64],
    trials: u64,
    traces: bool,
) {
    std::fs::create_dir_all(dir).unwrap();
    let mut mix = Mix(2016);
    let mut runs = Vec::new();
    for label in labels {
        for &n in sizes {
            let Some(median) = typical_steps(label, n) else {
                continue;
            };
            for trial in 0..trials {
                let steps = mix.log_normal(median, 0.6).round().max(1.0) as u64;
                let solved = steps < BUDGET;
                let steps = steps.min(BUDGET);
                // The generator is drawn in the order the fields are
                // written: seed, final conflicts, wall time.
                runs.push(RunRecord {
                    experiment: name.to_owned(),
                    algorithm: label.replace(' ', "-"),
                    seed: mix.next(),
                    checks: steps * n,
                    evaluations: steps,
                    final_conflicts: Some(if solved { 0 } else { 1 + mix.next() % 3 }),
                    wall_seconds: steps as f64 * n as f64 * 2e-8 * (1.0 + 0.1 * mix.unit()),
                    ..run_record(label, n, trial, solved, steps)
                });
            }
        }
    }
    write_csv(&dir.join("runs.csv"), &runs);
    std::fs::write(
        dir.join("metadata.json"),
        format!("{{\"experiment\": \"{name}\"}}"),
    )
    .unwrap();
    // Written through the store, which records it in derived.json.
    let mut store = Store::open_to_write(dir).unwrap();
    store.write_summary(summarize(&runs)).unwrap();
    if traces {
        write_csv(&dir.join("traces.csv"), &trace_rows(&runs, &mut mix));
    }
}

/// Sampled convergence traces of the first trials: conflicts fall roughly
/// geometrically from about N to 0 at the trial's last step.
fn trace_rows(runs: &[RunRecord], mix: &mut Mix) -> Vec<TraceRecord> {
    let mut rows = Vec::new();
    for run in runs
        .iter()
        .filter(|r| r.trial < 8 && r.label != "random restart")
    {
        let start = run.n as f64 * (0.8 + 0.4 * mix.unit());
        let mut step = 0u64;
        let mut best = u64::MAX;
        while step <= run.steps {
            let left = 1.0 - (step as f64 / run.steps as f64);
            let conflicts = (start * left.powf(3.0) * (0.8 + 0.4 * mix.unit())).round() as u64;
            let conflicts = if step == run.steps && run.solved {
                0
            } else {
                conflicts
            };
            best = best.min(conflicts);
            rows.push(TraceRecord {
                label: run.label.clone(),
                n: run.n,
                trial: run.trial,
                step,
                checks: 5 * step,
                evaluations: 0,
                conflicts,
                best_conflicts: best,
            });
            if step == run.steps {
                break;
            }
            step = (step * 2).max(1).min(run.steps);
        }
    }
    rows
}

const LABELS: [&str; 4] = ["min-conflicts", "annealing", "genetic", "random restart"];

/// Decodes a PNG into (width, height, RGB bytes).
fn decode_png(file: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb, "{}", file.display());
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Whether an SVG has a `<text>` element whose trimmed content is `text`.
fn has_text(svg: &str, text: &str) -> bool {
    texts(svg).iter().any(|t| t.content == text)
}

/// The colour of each legend entry of an SVG: the stroke of the line sample
/// drawn just before the entry's text (after the label, a legend entry may
/// give its growth exponent). The legend is drawn last, so a
/// panel caption naming a label (the success chart's) is overwritten.
fn legend_colours(svg: &str, labels: &[&str]) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    for t in texts(svg) {
        // The heat map's legend numbers its labels: "2 genetic"; the
        // runtime ECDF's gives their area: "genetic (area 0.41)".
        let content = t
            .content
            .rsplit_once(" (area ")
            .map_or(t.content, |(label, _)| label);
        let text = match content.split_once(' ') {
            Some((number, label)) if number.parse::<u32>().is_ok() && labels.contains(&label) => {
                label.to_owned()
            }
            // The growth chart's legend gives each label's exponent:
            // "genetic ~ N^1.71±0.50, N 8–64 (5)", "genetic curved
            // N^2.00→N^1.00, N 8–64 (7)", "genetic (no fit: 2 of 5 sizes)".
            _ => [" ~ N^", " curved N^", " (no fit: "]
                .iter()
                .find_map(|s| content.split_once(s))
                .map_or(content, |(label, _)| label)
                .to_owned(),
        };
        if !labels.contains(&text.as_str()) {
            continue;
        }
        let before = &svg[..t.at];
        let Some(stroke) = before.rfind("stroke=\"#") else {
            continue;
        };
        found.insert(text, before[stroke + 8..stroke + 15].to_owned());
    }
    found
}

#[test]
fn plot_writes_every_chart_as_svg_with_text_and_png_drawn_with_the_embedded_font() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data/scaling-demo");
    write_experiment(
        &data,
        "scaling-demo",
        &LABELS,
        &[8, 16, 32, 64, 128, 256],
        40,
        true,
    );
    let plots = tmp.path().join("out");
    let mut args = vec![data.as_path(), Path::new("--plots"), &plots];
    args.extend(print_args().iter().map(Path::new));
    let out = plot(&args, tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));

    let svgs = files_with(&plots, "svg");
    let pngs = files_with(&plots, "png");
    assert_eq!(
        pngs.len(),
        if queens::plot::PRINT_FORMATS {
            svgs.len()
        } else {
            0
        },
        "a PNG beside every SVG exactly when the build has the print formats"
    );
    let stems: Vec<String> = svgs
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        stems,
        [
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
            "trials"
        ]
    );
    for svg_file in &svgs {
        let svg = std::fs::read_to_string(svg_file).unwrap();
        assert!(svg.contains("<text"), "{}", svg_file.display());
        assert!(
            texts(&svg)
                .iter()
                .any(|t| t.content.starts_with("scaling-demo: ")),
            "no title in {}",
            svg_file.display()
        );
        assert!(svg.contains("font-family=\"sans-serif\""));
    }
    let scaling = std::fs::read_to_string(plots.join("scaling.svg")).unwrap();
    for text in [
        "board size N (queens, log scale)",
        "median checks (log scale)",
        "median wall time (log scale)",
    ] {
        assert!(has_text(&scaling, text), "missing axis label {text}");
    }
    // The listing on stdout names every file written: the charts, then
    // the report.
    let listed = String::from_utf8_lossy(&out.stdout);
    // Thirteen charts (the fixture's sizes are too few for a
    // critical-difference diagram), each in every format the build writes,
    // and the report.
    let formats = if queens::plot::PRINT_FORMATS { 3 } else { 1 };
    assert_eq!(listed.lines().count(), 13 * formats + 1, "{listed}");
    assert!(listed.ends_with("report.html\n"), "{listed}");

    for png_file in files_with(&plots, "png") {
        let (width, height, rgb) = decode_png(&png_file);
        assert!(
            [COLUMN_WIDTH, PAGE_WIDTH]
                .map(|w| w * PNG_SCALE)
                .contains(&width),
            "{}: {width} × {height}",
            png_file.display()
        );
        let pixels: Vec<[u8; 3]> = rgb.chunks(3).map(|p| [p[0], p[1], p[2]]).collect();
        let distinct: std::collections::BTreeSet<[u8; 3]> = pixels.iter().copied().collect();
        assert!(distinct.len() > 20, "{} looks blank", png_file.display());
        let series = PALETTE
            .iter()
            .filter(|c| distinct.contains(&[c.0, c.1, c.2]))
            .count();
        // The heat map colours its cells by A12, not by label.
        assert!(
            series >= 3 || png_file.ends_with("compare.png"),
            "{}: only {series} series colours",
            png_file.display()
        );
        // The title is rasterised glyphs: dark pixels in the band it occupies.
        let dark_in_title = (20..60)
            .flat_map(|y| (width as usize / 5..width as usize * 4 / 5).map(move |x| (x, y)))
            .filter(|(x, y)| {
                let [r, g, b] = pixels[(y * width as usize) + x];
                r < 90 && g < 90 && b < 90
            })
            .count();
        assert!(
            dark_in_title > 500,
            "{}: no title text ({dark_in_title} dark pixels)",
            png_file.display()
        );
    }
}

#[test]
fn each_label_keeps_its_colour_across_charts_and_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("colours");
    write_experiment(&data, "colours", &LABELS, &[8, 12, 16], 30, true);
    let styles = Styles::for_labels(LABELS);
    let expected: BTreeMap<String, String> = LABELS
        .iter()
        .map(|l| {
            let c = styles.of(l).unwrap().colour;
            (
                (*l).to_owned(),
                format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2),
            )
        })
        .collect();
    // Sorted-label assignment: annealing, genetic, min-conflicts, random restart.
    assert_eq!(expected["annealing"], "#CC6677");
    assert_eq!(expected["random restart"], "#882255");

    let mut renders = Vec::new();
    for run in 0..2 {
        let plots = tmp.path().join(format!("plots-{run}"));
        let out = plot(&[&data, Path::new("--plots"), &plots], tmp.path());
        assert!(out.status.success(), "{}", stderr(&out));
        let mut per_chart = BTreeMap::new();
        for svg_file in files_with(&plots, "svg") {
            let svg = std::fs::read_to_string(&svg_file).unwrap();
            per_chart.insert(svg_file.file_name().unwrap().to_owned(), svg.clone());
            // The critical-difference chart and the heat map name their
            // rows: they have no legend (the heat map has one only as the
            // key of names cut short).
            if svg_file.ends_with("critical-difference.svg") || svg_file.ends_with("compare.svg") {
                continue;
            }
            let colours = legend_colours(&svg, &LABELS);
            assert!(colours.len() >= 3, "{}: {colours:?}", svg_file.display());
            for (label, colour) in &colours {
                assert_eq!(
                    colour,
                    &expected[label],
                    "{label} in {}",
                    svg_file.display()
                );
            }
        }
        renders.push(per_chart);
    }
    assert_eq!(
        renders[0], renders[1],
        "two renders of the same data differ"
    );
}

#[test]
fn few_sizes_give_small_multiples_and_missing_traces_skip_the_convergence_chart() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("few");
    write_experiment(&data, "few", &LABELS[..2], &[8, 16, 32], 25, false);
    let plots = tmp.path().join("plots");
    let out = plot(&[&data, Path::new("--plots"), &plots], tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no convergence chart"),
        "{}",
        stderr(&out)
    );
    assert!(!plots.join("convergence.svg").exists());
    let ecdf = std::fs::read_to_string(plots.join("ecdf-checks.svg")).unwrap();
    for n in [8, 16, 32] {
        assert!(has_text(&ecdf, &format!("N = {n}")), "no panel for N = {n}");
    }
}

#[test]
fn the_default_plots_dir_is_named_after_the_experiment_in_metadata_and_a_torn_last_line_is_refused()
{
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    std::fs::write(
        data.join("metadata.json"),
        "{\"experiment\": \"tiny-study\", \"description\": \"a fixture\"}",
    )
    .unwrap();
    let whole = std::fs::read_to_string(data.join("runs.csv")).unwrap();
    let lines = whole.lines().count();
    std::fs::write(
        data.join("runs.csv"),
        format!("{whole}tiny,min-conflicts,min-conflicts,,12,3,99"),
    )
    .unwrap();
    let out = plot(&[Path::new("tiny")], tmp.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("runs.csv: line {} is cut short", lines + 1)),
        "{}",
        stderr(&out)
    );
    std::fs::write(data.join("runs.csv"), whole).unwrap();
    let out = plot(&[Path::new("tiny")], tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let plots = tmp.path().join("plots/tiny-study");
    assert!(plots.join("scaling.svg").is_file());
    assert!(plots.join("convergence.svg").is_file());
    assert!(!tmp.path().join("plots/tiny").exists());
    let scaling = std::fs::read_to_string(plots.join("scaling.svg")).unwrap();
    assert!(
        has_text(&scaling, "tiny-study: scaling with board size"),
        "the title names the experiment"
    );
}

#[test]
fn an_unsafe_experiment_name_in_metadata_is_refused_and_nothing_is_written_outside_plots() {
    let tmp = tempfile::tempdir().unwrap();
    let work = tmp.path().join("a/b");
    std::fs::create_dir_all(&work).unwrap();
    let data = tiny_copy(&work);
    let absolute = tmp.path().join("abs");
    for name in ["../../x", absolute.to_str().unwrap(), ".hidden"] {
        let metadata = serde_json::json!({ "experiment": name }).to_string();
        std::fs::write(data.join("metadata.json"), metadata).unwrap();
        let out = plot(&[Path::new("tiny")], &work);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains("metadata.json"), "{err}");
        assert!(err.contains(&format!("'{name}'")), "{err}");
        assert!(err.contains("--plots DIR"), "{err}");
    }
    assert!(!tmp.path().join("x").exists());
    assert!(!absolute.exists());
    assert!(!work.join("plots").exists());
    // The remedy works: an explicit charts directory.
    let out = plot(
        &[Path::new("tiny"), Path::new("--plots"), Path::new("charts")],
        &work,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(work.join("charts/scaling.svg").is_file());
}

#[test]
fn without_metadata_the_default_plots_dir_is_named_after_the_data_dir() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    assert!(!data.join("metadata.json").exists());
    let out = plot(&[Path::new("tiny")], tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(tmp.path().join("plots/tiny/scaling.svg").is_file());
}

#[test]
fn a_missing_data_dir_or_summary_is_a_clear_error_with_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    let out = plot(&[Path::new("no-such-dir")], tmp.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no-such-dir does not exist"),
        "{}",
        stderr(&out)
    );

    let data = tiny_copy(tmp.path());
    std::fs::remove_file(data.join("summary.csv")).unwrap();
    let out = plot(&[&data], tmp.path());
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("summary.csv not found"), "{message}");
    assert!(
        message.contains(&format!("queens summarize {}", data.display())),
        "{message}"
    );
    assert!(
        !tmp.path().join("plots").exists(),
        "nothing is written on error"
    );
}

#[test]
fn a_malformed_row_before_the_last_is_an_error_naming_file_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    let runs = std::fs::read_to_string(data.join("runs.csv")).unwrap();
    let broken = runs.replacen(",TRUE,solved,9,", ",maybe,solved,9,", 1);
    assert_ne!(broken, runs);
    std::fs::write(data.join("runs.csv"), broken).unwrap();
    let out = plot(&[&data], tmp.path());
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("runs.csv: bad row 3"), "{message}");
    assert!(
        message.contains("column `solved` holds `maybe`"),
        "names the column and the value: {message}"
    );
}

/// The committed data of the experiment configured in `config_file`: its
/// name, its data directory and whether the config records traces. `Err`
/// when data/<name> is not the output of that config (no metadata.json, a
/// different config hash, no runs.csv or summary.csv): a message naming the
/// experiment and the command that regenerates it.
fn committed_data(root: &Path, config_file: &Path) -> Result<(String, PathBuf, bool), String> {
    let relative = config_file.strip_prefix(root).unwrap_or(config_file);
    let text = std::fs::read_to_string(config_file).unwrap();
    // As a stored config is read: the plan without starting its external
    // programs (the phase-transition experiment's CP-SAT solver needs
    // OR-Tools, which the test machine may not have).
    let experiment = config::load_checking(
        &relative.display().to_string(),
        &text,
        config::Programs::AsStored,
    )
    .unwrap_or_else(|e| panic!("{} does not load: {e}", relative.display()));
    let name = experiment.name;
    let stale = |why: String| {
        format!(
            "experiment `{name}` ({}): {why}; regenerate it with `queens run {} --fresh`",
            relative.display(),
            relative.display()
        )
    };
    let dir = root.join("data").join(&name);
    let metadata_file = dir.join("metadata.json");
    let metadata_text = std::fs::read_to_string(&metadata_file)
        .map_err(|e| stale(format!("cannot read {}: {e}", metadata_file.display())))?;
    let metadata: Metadata = serde_json::from_str(&metadata_text).map_err(|e| {
        stale(format!(
            "{} is not valid metadata: {e}",
            metadata_file.display()
        ))
    })?;
    if metadata.experiment != name {
        return Err(stale(format!(
            "{} is of experiment `{}`",
            metadata_file.display(),
            metadata.experiment
        )));
    }
    let hash = config_hash(&text);
    if metadata.config_hash != hash {
        return Err(stale(format!(
            "data/{name} was made from a config with hash {}, the config now hashes to {hash}",
            metadata.config_hash
        )));
    }
    for file in ["runs.csv", "summary.csv"] {
        if !dir.join(file).is_file() {
            return Err(stale(format!("data/{name}/{file} is missing")));
        }
    }
    Ok((name, dir, experiment.trace))
}

#[test]
fn every_committed_experiment_plots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let configs = files_with(&root.join("experiments"), "toml");
    assert!(!configs.is_empty(), "no experiments/*.toml");
    let mut problems = Vec::new();
    for config_file in &configs {
        let (name, dir, traced) = match committed_data(root, config_file) {
            Ok(found) => found,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        // The derived files (summary, comparison) as the code now writes
        // them from the committed trials: a change of their columns shows
        // in the lead's regeneration, not here.
        let work = tempfile::tempdir().unwrap();
        let dir = common::derived_copy(&dir, work.path());
        let tmp = tempfile::tempdir().unwrap();
        // A copy: plotting writes the comparison into the data directory.
        let data = tmp.path().join("data");
        std::fs::create_dir(&data).unwrap();
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.is_file() {
                std::fs::copy(&file, data.join(file.file_name().unwrap())).unwrap();
            }
        }
        let mut args = vec![data.as_path(), Path::new("--plots"), tmp.path()];
        args.extend(print_args().iter().map(Path::new));
        let out = plot(&args, tmp.path());
        if !out.status.success() {
            problems.push(format!(
                "experiment `{name}`: queens plot failed: {}",
                stderr(&out)
            ));
            continue;
        }
        let svgs = files_with(tmp.path(), "svg");
        if svgs.len() < 3 {
            problems.push(format!(
                "experiment `{name}`: {} charts, want at least 3: {svgs:?}\n{}",
                svgs.len(),
                stderr(&out)
            ));
        }
        if traced && !tmp.path().join("convergence.svg").is_file() {
            problems.push(format!(
                "experiment `{name}`: the config says `trace = true` but there is no convergence chart \
                 (is data/{name}/traces.csv missing?); regenerate it with \
                 `queens run {} --fresh`\n{}",
                config_file.strip_prefix(root).unwrap_or(config_file).display(),
                stderr(&out)
            ));
        }
        for svg in &svgs {
            assert!(std::fs::read_to_string(svg).unwrap().contains("<text"));
        }
        for png_file in files_with(tmp.path(), "png") {
            let width = decode_png(&png_file).0;
            assert!(
                [COLUMN_WIDTH, PAGE_WIDTH]
                    .map(|w| w * PNG_SCALE)
                    .contains(&width)
            );
        }
    }
    assert!(
        problems.is_empty(),
        "committed data does not match experiments/*.toml:\n{}",
        problems.join("\n")
    );
}

#[test]
fn drawing_returns_its_skipped_charts_and_typed_errors_naming_the_path() {
    use queens::finish::{FinishError, Quiet, Steps, finish};
    use queens::plot::PlotError;
    use queens::store::error::StoreError;
    let render = |data: &Path, plots: &Path, options: &Options| {
        let mut store = Store::open(data)?;
        finish(&mut store, plots, Steps::CHARTS, options, &Quiet)
    };

    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no-such-dir");
    match render(&missing, &tmp.path().join("plots"), &Options::default()) {
        Err(FinishError::Store(e)) => assert!(
            matches!(&*e, StoreError::MissingDir(dir) if *dir == missing),
            "{e}"
        ),
        other => panic!("expected a missing data directory, got {other:?}"),
    }

    // Without traces.csv the charts of the traces are skipped for that
    // typed reason, and every other chart is written as SVG (the print
    // formats only when asked for).
    let data = tiny_copy(tmp.path());
    std::fs::remove_file(data.join("traces.csv")).unwrap();
    let plots = tmp.path().join("plots");
    let report = render(&data, &plots, &Options::default()).expect("renders");
    // Nine charts: scaling, scaling per N, the trials, success, ERT, the
    // two ECDFs, the comparison heat map and the ranking (the fixture's
    // sizes are too few for a critical-difference diagram).
    assert_eq!(report.charts.len(), 9, "{:?}", report.charts);
    // Charts are written beside and renamed: no temporary file is left.
    let mut written: Vec<PathBuf> = std::fs::read_dir(&plots)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    written.sort();
    let mut reported = report.charts.clone();
    reported.sort();
    assert_eq!(written, reported);
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    // The convergence, fixed-target, fixed-budget and runtime-ECDF charts
    // are skipped, each for want of traces, and the critical-difference
    // diagram for want of sizes.
    assert_eq!(report.skipped.len(), 5, "{:?}", report.skipped);
    assert!(
        report.skipped.iter().all(|s| matches!(
            s.reason,
            Skip::NoTracesFile | Skip::TooFewSizesForDiagram { .. }
        )),
        "{:?}",
        report.skipped
    );
    assert!(
        report.skipped[0]
            .to_string()
            .starts_with("no convergence chart: "),
        "{:?}",
        report.skipped
    );

    // A plots directory below a file cannot be created: the error names it.
    let blocker = tmp.path().join("a-file");
    std::fs::write(&blocker, "").unwrap();
    let below = blocker.join("plots");
    match render(&data, &below, &Options::default()) {
        Err(FinishError::Plot { source, .. }) => match *source {
            PlotError::CreateDir { path, .. } => assert_eq!(path, below),
            other => panic!("expected the plots directory refused, got {other:?}"),
        },
        other => panic!("expected the plots directory refused, got {other:?}"),
    }
}

#[test]
fn every_committed_chart_has_a_kind_in_the_registry() {
    use queens::plot::registry::describe;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("plots");
    let mut seen = 0;
    for experiment in std::fs::read_dir(&root).unwrap() {
        let dir = experiment.unwrap().path();
        for folder in [dir.clone(), dir.join("paper")] {
            let Ok(files) = std::fs::read_dir(&folder) else {
                continue;
            };
            for file in files {
                let path = file.unwrap().path();
                let chart = ["svg", "png", "pdf"]
                    .iter()
                    .any(|x| path.extension().is_some_and(|e| e == *x));
                if !chart {
                    continue;
                }
                let stem = path.file_stem().unwrap().to_string_lossy();
                assert!(
                    describe(&stem).is_some(),
                    "{} has no chart kind in src/plot/registry.rs: add its kind there",
                    path.display()
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 100, "only {seen} chart files under plots/");
}

/// The horizontal extent of a `<text>` element, estimated from its
/// anchor, its `font-size` and its characters at 0.62 em each (DejaVu
/// Sans' digits are 0.64 em, its space 0.32 em, a lower-case letter about
/// 0.6 em).
fn text_extent(text: &common::svg::Text<'_>) -> (f64, f64) {
    let x = common::svg::number(text.tag, "x").expect("a text's x");
    let size = common::svg::number(text.tag, "font-size").expect("a text's size");
    let width = text.content.chars().count() as f64 * 0.62 * size;
    match common::svg::attribute(text.tag, "text-anchor") {
        Some("middle") => (x - width / 2.0, x + width / 2.0),
        Some("end") => (x - width, x),
        _ => (x, x + width),
    }
}

/// Writes an experiment whose wall times span 1 ms to 100 ms, so that the
/// ECDF's x axis ends at a "100 ms" tick.
fn write_wall_time_experiment(dir: &Path, labels: &[&str]) {
    std::fs::create_dir_all(dir).unwrap();
    let mut runs = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        for trial in 0..20u64 {
            let steps = 10 + 4 * trial + i as u64;
            runs.push(RunRecord {
                experiment: "wide-ticks".into(),
                checks: steps * 100,
                wall_seconds: 0.001 * 100f64.powf(trial as f64 / 19.0),
                ..run_record(label, 12, trial, true, steps)
            });
        }
    }
    write_csv(&dir.join("runs.csv"), &runs);
    write_summary(&dir.join("summary.csv"), &summarize(&runs)).unwrap();
    std::fs::write(
        dir.join("metadata.json"),
        "{\"experiment\": \"wide-ticks\"}",
    )
    .unwrap();
    common::trust_derived(dir);
}

#[test]
fn every_tick_label_of_the_ecdf_charts_lies_inside_the_canvas() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("wide-ticks");
    write_wall_time_experiment(&data, &["min-conflicts", "annealing"]);
    let plots = tmp.path().join("out");
    let out = plot(&[&data, Path::new("--plots"), &plots], tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));
    for stem in ["ecdf-seconds", "ecdf-checks"] {
        let svg = std::fs::read_to_string(plots.join(format!("{stem}.svg"))).unwrap();
        let width = common::svg::number(common::svg::element(&svg, "svg").unwrap(), "width")
            .expect("the SVG's width");
        let all = texts(&svg);
        if stem == "ecdf-seconds" {
            assert!(all.iter().any(|t| t.content == "100 ms"), "{svg}");
        }
        // Tick labels: the short texts at the tick size (longer texts are
        // wrapped by their measured width, which this estimate is too
        // coarse for).
        let tick_size = TICK_SIZE * EM_PER_SIZE;
        let ticks = all.iter().filter(|t| {
            common::svg::number(t.tag, "font-size").is_some_and(|s| (s - tick_size).abs() < 1e-6)
                && t.content.chars().count() <= 8
        });
        let mut checked = 0;
        for text in ticks {
            checked += 1;
            let (left, right) = text_extent(text);
            assert!(
                left >= 0.0 && right <= width,
                "{stem}: \"{}\" spans {left:.0}..{right:.0}, the canvas 0..{width}",
                text.content
            );
        }
        assert!(checked >= 6, "{stem}: only {checked} tick labels");
    }
}

#[test]
fn stacked_panels_of_a_figure_put_each_x_tick_at_the_same_x() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data/aligned");
    write_experiment(
        &data,
        "aligned",
        &LABELS,
        &[8, 16, 32, 64, 128, 256],
        20,
        false,
    );
    let plots = tmp.path().join("out");
    let out = plot(&[&data, Path::new("--plots"), &plots], tmp.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let tick_size = TICK_SIZE * EM_PER_SIZE;
    let mut compared = 0;
    for svg_file in files_with(&plots, "svg") {
        let svg = std::fs::read_to_string(&svg_file).unwrap();
        let width = common::svg::number(common::svg::element(&svg, "svg").unwrap(), "width");
        // The heat map writes values in its cells, at the tick size.
        let heat_map = svg_file.file_stem().is_some_and(|s| s == "compare");
        if width != Some(f64::from(COLUMN_WIDTH)) || heat_map {
            continue;
        }
        // The x tick labels: short texts at the tick size centred on their
        // tick (the texts beside marks, like "3/20", aside).
        let mut at: BTreeMap<(&str, &str), Vec<f64>> = BTreeMap::new();
        for text in texts(&svg) {
            let tick = common::svg::attribute(text.tag, "text-anchor") == Some("middle")
                && common::svg::number(text.tag, "font-size")
                    .is_some_and(|s| (s - tick_size).abs() < 1e-6)
                && text.content.chars().count() <= 8
                && !text.content.contains('/');
            if tick {
                // A 2 × 2 grid has two columns of panels: the half says which.
                let x = common::svg::number(text.tag, "x").unwrap();
                let half = if x < f64::from(COLUMN_WIDTH) / 2.0 {
                    "left"
                } else {
                    "right"
                };
                at.entry((text.content, half)).or_default().push(x);
            }
        }
        for (label, xs) in at.iter().filter(|(_, xs)| xs.len() > 1) {
            compared += 1;
            assert!(
                xs.iter().all(|&x| x == xs[0]),
                "{}: tick {label:?} at x = {xs:?}",
                svg_file.display()
            );
        }
    }
    assert!(
        compared >= 5,
        "only {compared} ticks in more than one panel"
    );
}

/// The chart stems a rendering skipped, each with its reason.
fn skipped_charts(report: &queens::finish::Finished) -> BTreeMap<String, Skip> {
    report
        .skipped
        .iter()
        .map(|s| (s.chart.clone(), s.reason.clone()))
        .collect()
}

#[test]
fn one_trial_labels_get_the_critical_difference_chart_not_success_or_per_size_ranking() {
    use queens::finish::{Quiet, Steps, finish};
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("once");
    write_experiment(&data, "once", &LABELS, &[8, 12, 16, 20, 24], 1, false);
    let plots = tmp.path().join("plots");
    let mut store = Store::open(&data).expect("opens");
    let report = finish(
        &mut store,
        &plots,
        Steps::CHARTS,
        &Options::default(),
        &Quiet,
    )
    .expect("drawn");
    let skipped = skipped_charts(&report);
    for chart in ["success", "ranking"] {
        match &skipped.get(chart) {
            Some(Skip::SingleTrials {
                single: 4,
                labels: 4,
                instead,
            }) => {
                assert!(instead.contains("scaling chart"), "{instead}")
            }
            other => panic!("{chart}: expected a skip for single trials, got {other:?}"),
        }
    }
    assert!(plots.join("critical-difference.svg").is_file());
    assert!(!plots.join("success.svg").is_file() && !plots.join("ranking.svg").is_file());
    let svg = std::fs::read_to_string(plots.join("critical-difference.svg")).unwrap();
    let words = common::svg::text_contents(&svg);
    for label in LABELS {
        assert!(
            words.iter().any(|w| w == label),
            "{label} not named: {words:?}"
        );
    }
    assert!(words.iter().any(|w| w.starts_with("CD = ")), "{words:?}");
    assert!(
        words.iter().any(|w| w.contains("Friedman χ² = ")),
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| w.contains("Iman–Davenport F = ")),
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| w.contains("not independent")),
        "{words:?}"
    );
}

#[test]
fn the_critical_difference_chart_is_refused_below_five_sizes() {
    use queens::finish::{Quiet, Steps, finish};
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("four");
    write_experiment(&data, "four", &LABELS, &[8, 12, 16, 24], 1, false);
    let plots = tmp.path().join("plots");
    // A diagram drawn earlier (from more sizes) is removed, not left for
    // the report to show.
    std::fs::create_dir_all(&plots).unwrap();
    for extension in ["svg", "png", "pdf"] {
        std::fs::write(
            plots.join(format!("critical-difference.{extension}")),
            "old",
        )
        .unwrap();
    }
    let mut store = Store::open(&data).expect("opens");
    let report = finish(
        &mut store,
        &plots,
        Steps::CHARTS,
        &Options::default(),
        &Quiet,
    )
    .expect("drawn");
    match skipped_charts(&report).get("critical-difference") {
        Some(reason @ Skip::TooFewSizesForDiagram { sizes: 4, min: 5 }) => {
            let text = reason.to_string();
            assert!(text.contains("ranked over 4 board sizes"), "{text}");
            assert!(text.contains("Wilcoxon"), "{text}");
        }
        other => panic!("expected too few sizes for the diagram, got {other:?}"),
    }
    for extension in ["svg", "png", "pdf"] {
        let stale = plots.join(format!("critical-difference.{extension}"));
        assert!(!stale.exists(), "{} was left", stale.display());
    }
}

#[test]
fn the_critical_difference_chart_is_skipped_below_two_sizes_and_success_keeps_sampled_labels() {
    use queens::analysis::across_sizes::NoRanking;
    use queens::finish::{Quiet, Steps, finish};
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("one-size");
    write_experiment(&data, "one-size", &LABELS, &[16], 20, false);
    let plots = tmp.path().join("plots");
    let mut store = Store::open(&data).expect("opens");
    let report = finish(
        &mut store,
        &plots,
        Steps::CHARTS,
        &Options::default(),
        &Quiet,
    )
    .expect("drawn");
    match skipped_charts(&report).get("critical-difference") {
        Some(Skip::NoRanking(NoRanking::FewerThanTwoSizes { sizes: 1 })) => {}
        other => panic!("expected fewer than two sizes, got {other:?}"),
    }
    assert!(plots.join("success.svg").is_file() && plots.join("ranking.svg").is_file());
}

#[test]
fn a_heat_map_of_three_sizes_numbers_its_rows_and_its_legend_keys_every_number() {
    // annealing-sweep compares nine labels at three sizes: three panels
    // leave no room for names, so the rows are numbered.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut labels = std::collections::BTreeSet::new();
    let mut reader = csv::Reader::from_path(root.join("data/annealing-sweep/compare.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (a, b) = (column("label_a"), column("label_b"));
    for record in reader.records() {
        let record = record.unwrap();
        labels.insert(record[a].to_owned());
        labels.insert(record[b].to_owned());
    }
    assert!(labels.len() >= 3, "{labels:?}");
    // The paper figure is drawn on demand, from a copy of the data
    // (plotting writes the comparison into the data directory).
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("annealing-sweep");
    std::fs::create_dir(&data).unwrap();
    for file in std::fs::read_dir(root.join("data/annealing-sweep")).unwrap() {
        let file = file.unwrap().path();
        if file.is_file() {
            std::fs::copy(&file, data.join(file.file_name().unwrap())).unwrap();
        }
    }
    let out = plot(
        &[
            &data,
            Path::new("--plots"),
            tmp.path(),
            Path::new("--style"),
            Path::new("paper"),
        ],
        tmp.path(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let drawn = [
        root.join("plots/annealing-sweep/compare.svg"),
        tmp.path().join("paper/compare.svg"),
    ];
    for svg_file in &drawn {
        let svg = std::fs::read_to_string(svg_file).unwrap();
        let svg_file = svg_file.display();
        for caption in ["N = 8", "N = 16", "N = 32", "row label (number)"] {
            assert!(has_text(&svg, caption), "{svg_file}: no {caption:?}");
        }
        let mut keyed = BTreeMap::new();
        for t in texts(&svg) {
            if let Some((number, label)) = t.content.split_once(' ')
                && let Ok(number) = number.parse::<usize>()
                && labels.contains(label)
            {
                assert!(
                    keyed.insert(number, label.to_owned()).is_none(),
                    "{svg_file}: {number} twice"
                );
            }
        }
        let numbers: Vec<usize> = keyed.keys().copied().collect();
        assert_eq!(
            numbers,
            (1..=labels.len()).collect::<Vec<_>>(),
            "{svg_file}"
        );
        let named: std::collections::BTreeSet<String> = keyed.into_values().collect();
        assert_eq!(named, labels, "{svg_file}: every label keyed once");
        for number in 1..=labels.len() {
            assert!(
                has_text(&svg, &number.to_string()),
                "{svg_file}: no row {number}"
            );
        }
    }
}

#[cfg(not(feature = "print"))]
#[test]
fn print_from_a_build_without_the_print_formats_is_refused_with_the_remedy() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    let plots = tmp.path().join("plots");
    let out = plot(
        &[&data, Path::new("--plots"), &plots, Path::new("--print")],
        tmp.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(message.contains("--features print"), "{message}");
    assert!(!plots.exists(), "nothing is drawn before the refusal");
}
