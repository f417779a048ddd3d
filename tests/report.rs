//! `queens report` end to end on real output: the shipped blog-repair
//! experiment copied to a temporary directory, its charts drawn by
//! `queens plot` (which writes the report), then the report and its LaTeX
//! tables checked against the files they were made from.

mod common;

use common::binary;

use std::path::{Path, PathBuf};

/// A CSV file as rows of fields, its header first, every column kept (the
/// wall-time ones too, unlike `common::table`).
fn whole_table(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap();
    reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

/// The blog-repair data copied to a temporary directory, with its charts
/// drawn into `plots/` there.
struct Fixture {
    _dir: tempfile::TempDir,
    data: PathBuf,
    plots: PathBuf,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/blog-repair");
    let data = common::derived_copy(&shipped, dir.path());
    let plots = dir.path().join("plots");
    let out = common::ok(common::plot::plot_into(&data, &plots, &[]));
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(
        listed.lines().any(|l| l.ends_with("report.html")),
        "{listed}"
    );
    Fixture {
        _dir: dir,
        data,
        plots,
    }
}

fn report(args: &[&str], fixture: &Fixture) -> std::process::Output {
    std::process::Command::new(binary())
        .arg("report")
        .arg(&fixture.data)
        .arg("--plots")
        .arg(&fixture.plots)
        .args(args)
        .output()
        .unwrap()
}

/// The columns of a CSV table by header name, row by row.
fn column<'a>(rows: &'a [Vec<String>], name: &str) -> Vec<&'a str> {
    let i = rows[0].iter().position(|h| h == name).unwrap();
    rows[1..].iter().map(|r| r[i].as_str()).collect()
}

#[test]
fn the_report_is_self_contained_and_states_the_results() {
    let fixture = fixture();
    let html = std::fs::read_to_string(fixture.plots.join("report.html")).unwrap();

    // Every chart inline: each SVG's drawing, without its prolog, with
    // role="img" and alternative text.
    let svgs = common::files_with(&fixture.plots, "svg");
    assert!(svgs.len() >= 4, "{svgs:?}");
    assert_eq!(html.matches("<svg ").count(), svgs.len());
    assert_eq!(
        html.matches("<svg role=\"img\" aria-label=\"").count(),
        svgs.len()
    );
    assert!(!html.contains("<?xml"));
    for svg in &svgs {
        let text = std::fs::read_to_string(svg).unwrap();
        let start = text.find("<svg").unwrap();
        let tag_end = start + text[start..].find('>').unwrap() + 1;
        let body = text[tag_end..].trim_end();
        assert!(html.contains(body), "{} not inline", svg.display());
    }
    for alt in html.split("<svg role=\"img\" aria-label=\"").skip(1) {
        let label = &alt[..alt.find('"').unwrap()];
        assert!(label.len() > 20, "alt text too short: {label}");
        assert!(alt[alt.find('>').unwrap()..].starts_with(&format!("><title>{label}</title>")));
    }

    // Nothing fetched from the network or another file: links only to
    // places in the page (a chart's "Full size"), scripts only inline.
    for attribute in ["src=", "url(", "@import", "<link"] {
        assert!(!html.contains(attribute), "the report uses {attribute}");
    }
    for link in html.split("href=\"").skip(1) {
        assert!(
            link.starts_with('#'),
            "a link out of the page: {}",
            &link[..40.min(link.len())]
        );
    }
    // One script, the report's own (its charts explorable): inline,
    // fetching and evaluating nothing.
    assert_eq!(html.matches("<script").count(), 1);
    let script = &html[html.find("<script>").unwrap()..html.find("</script>").unwrap()];
    for call in ["fetch(", "XMLHttpRequest", "eval(", "import(", "Function("] {
        assert!(!script.contains(call), "the script uses {call}");
    }
    assert!(script.contains("data-legend") && script.contains("chart-tip"));
    assert!(html.contains(" data-legend=\"0\"") && html.contains(" data-tip=\""));
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"en\">"));

    // One summary row per row of summary.csv.
    let summary = whole_table(&fixture.data.join("summary.csv"));
    let summary_table = &html[html.find("id=\"summary-table\"").unwrap()..];
    let summary_table = &summary_table[..summary_table.find("</table>").unwrap()];
    let body = &summary_table[summary_table.find("<tbody>").unwrap()..];
    assert_eq!(body.matches("<tr").count(), summary.len() - 1);
    // Over 20 rows: the first 10 shown, the rest behind a switch.
    assert_eq!(
        body.matches("<tr class=\"more\">").count(),
        summary.len() - 1 - 10
    );
    assert!(html.contains(&format!("Show all {} rows", summary.len() - 1)));
    assert_eq!(summary_table.matches("<th scope=\"col\">").count(), 10);

    // The headline from compare.csv: min-conflicts (random) beats random
    // (blog) at N = 12, with A12 from its own side and the Holm p.
    let compare = whole_table(&fixture.data.join("compare.csv"));
    let (n, a, b) = (
        column(&compare, "n"),
        column(&compare, "label_a"),
        column(&compare, "label_b"),
    );
    let row = (0..n.len())
        .find(|&i| n[i] == "12" && a[i] == "random (blog)" && b[i] == "min-conflicts (random)")
        .expect("the pair at N = 12 in compare.csv");
    let a12: f64 = column(&compare, "a12")[row].parse().unwrap();
    let low: f64 = column(&compare, "a12_ci_low")[row].parse().unwrap();
    let high: f64 = column(&compare, "a12_ci_high")[row].parse().unwrap();
    let p_holm: f64 = column(&compare, "p_holm")[row].parse().unwrap();
    assert!(p_holm < 0.001);
    let sentence = format!(
        "At N = 12, a trial of min-conflicts (random) needs fewer checks than a trial of random (blog) with probability {:.2} [{:.2}, {:.2}] (A12, Holm p &lt; 0.001); no finite ERT ratio: random (blog) solved no trial.",
        1.0 - a12,
        1.0 - high,
        1.0 - low
    );
    assert!(html.contains(&sentence), "missing: {sentence}");
    // No pairing by the words of the labels: the blog's question is asked
    // by a config's [[question]] (tests/questions.rs).
    assert!(!html.contains("Variants compared"));
    // A pair that is not significant is stated as such, with its p.
    let row = (0..n.len()).find(|&i| n[i] == "4").unwrap();
    let p4: f64 = column(&compare, "p_holm")[row].parse().unwrap();
    assert!(p4 >= 0.05);
    assert_eq!(column(&compare, "verdict")[row], "no_detectable_difference");
    // The best at N = 4 is the lowest ERT (ranking.csv); A12 is from its
    // side.
    let ranking = whole_table(&fixture.data.join("ranking.csv"));
    let (ranked_n, standing, ranked) = (
        column(&ranking, "n"),
        column(&ranking, "versus_best"),
        column(&ranking, "label"),
    );
    let best = (0..ranked_n.len())
        .find(|&i| ranked_n[i] == "4" && standing[i] == "best")
        .map(|i| ranked[i])
        .expect("a best label at N = 4");
    let a12: f64 = column(&compare, "a12")[row].parse().unwrap();
    let (other, a12) = if a[row] == best {
        (b[row], a12)
    } else {
        (a[row], 1.0 - a12)
    };
    assert!(html.contains(&format!(
        "No detectable difference from it (Holm p ≥ 0.05, though these trials could have shown one): {other} (A12 = {a12:.2}"
    )));
    assert!(html.contains(&format!("p = {p4:.3})")));
    // The failures, from summary.csv.
    assert!(html.contains("random (blog) solved 0 of 100 trials at N = 12"));

    // The comparison table: one row per testable pair, with its mark; the
    // untestable ones behind one line with their count.
    let compare_table = &html[html.find("id=\"compare-table\"").unwrap()..];
    let compare_table = &compare_table
        [compare_table.find("<tbody>").unwrap()..compare_table.find("</table>").unwrap()];
    let untestable = column(&compare, "verdict")
        .iter()
        .filter(|v| **v == "untestable")
        .count();
    assert_eq!(
        compare_table.matches("<tr").count(),
        compare.len() - 1 - untestable
    );
    if untestable > 0 {
        assert!(html.contains(&format!("<summary>{untestable} untestable pair")));
    }
    let marks = column(&compare, "p_holm")
        .iter()
        .filter(|p| p.parse::<f64>().unwrap() < 0.001)
        .count();
    assert_eq!(compare_table.matches(" ***</td>").count(), marks);
    assert!(html.contains("* p &lt; 0.05, ** p &lt; 0.01, *** p &lt; 0.001"));

    // Provenance from metadata.json.
    let metadata: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture.data.join("metadata.json")).unwrap())
            .unwrap();
    assert!(html.contains(metadata["config_hash"].as_str().unwrap()));
    assert!(html.contains(metadata["git_revision"].as_str().unwrap()));
    assert!(html.contains("queens run experiments/blog-repair.toml"));

    // The same inputs give the same bytes.
    let again = report(&[], &fixture);
    assert!(again.status.success());
    assert_eq!(
        std::fs::read_to_string(fixture.plots.join("report.html")).unwrap(),
        html
    );
}

#[test]
fn latex_tables_have_booktabs_rules_escapes_and_marks() {
    let fixture = fixture();
    // A label with LaTeX's specials, in every file that names it.
    for file in ["summary.csv", "compare.csv", "ranking.csv"] {
        let path = fixture.data.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(
            &path,
            text.replace("random (blog)", "random_blog & 5% more"),
        )
        .unwrap();
    }
    // Edited by hand, the files are no longer those derived.json records
    // (which the report would refuse): they are recorded as they are now.
    common::trust_derived(&fixture.data);
    let out = report(&["--latex"], &fixture);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed = String::from_utf8_lossy(&out.stdout);
    for name in ["report.html", "summary.tex", "compare.tex", "growth.tex"] {
        assert!(listed.lines().any(|l| l.ends_with(name)), "{listed}");
    }
    // The growth exponents: "random (blog)" is solved at two sizes at
    // most, so it has no exponent (a fit needs five sizes where every
    // trial solved), and the table says why.
    let growth = std::fs::read_to_string(fixture.plots.join("growth.tex")).unwrap();
    assert!(growth.contains("\\begin{longtable}") && growth.contains("\\bottomrule"));
    assert!(
        growth.contains("random\\_blog \\& 5\\% more & NA & NA & no fit: every trial solved at ")
            && growth.contains(" a fit needs 5 \\\\"),
        "{growth}"
    );
    let summary = std::fs::read_to_string(fixture.plots.join("summary.tex")).unwrap();
    let compare = std::fs::read_to_string(fixture.plots.join("compare.tex")).unwrap();
    for tex in [&summary, &compare] {
        for rule in ["\\toprule", "\\midrule", "\\endhead", "\\bottomrule"] {
            assert_eq!(tex.matches(rule).count(), 1, "{rule}");
        }
        assert!(tex.contains("\\begin{longtable}") && tex.contains("\\end{longtable}"));
        assert!(tex.contains("random\\_blog \\& 5\\% more"));
        assert!(!tex.contains("random_blog"));
    }
    let summary_rows = whole_table(&fixture.data.join("summary.csv")).len() - 1;
    assert_eq!(summary.matches(" \\\\\n").count(), summary_rows + 1);

    // Each row's mark matches its p_holm.
    let rows = whole_table(&fixture.data.join("compare.csv"));
    let p_holm = column(&rows, "p_holm");
    let lines: Vec<&str> = compare
        .lines()
        .skip_while(|l| *l != "\\endhead")
        .skip(1)
        .take_while(|l| *l != "\\bottomrule")
        .collect();
    assert_eq!(lines.len(), p_holm.len());
    // Each row's last cell is its verdict in words.
    for (line, verdict) in lines.iter().zip(column(&rows, "verdict")) {
        let words = match verdict {
            "untestable" => "untestable",
            "no_detectable_difference" => "no difference found",
            "a_better" => "A cheaper",
            _ => "B cheaper",
        };
        assert!(
            line.ends_with(&format!("{words} \\\\")),
            "{verdict}: {line}"
        );
    }
    for (line, p) in lines.iter().zip(&p_holm) {
        let p: f64 = p.parse().unwrap();
        let mark = if p < 0.001 {
            "$^{***}$"
        } else if p < 0.01 {
            "$^{**}$"
        } else if p < 0.05 {
            "$^{*}$"
        } else {
            ""
        };
        let cell = line.split(" & ").nth(4).unwrap();
        let shown = if p < 0.001 {
            "$<0.001$".to_owned()
        } else {
            format!("{p:.3}")
        };
        assert_eq!(cell, format!("{shown}{mark}"), "{line}");
    }
}

#[test]
fn missing_charts_are_drawn_and_a_broken_chart_directory_is_named_with_the_remedy() {
    let fixture = fixture();
    // No charts yet: the report draws them first, then inlines them.
    let missing = fixture.plots.join("nowhere");
    let out = std::process::Command::new(binary())
        .arg("report")
        .arg(&fixture.data)
        .arg("--plots")
        .arg(&missing)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.contains("scaling.svg"), "{listed}");
    assert!(listed.contains("report.html"), "{listed}");
    let html = std::fs::read_to_string(missing.join("report.html")).unwrap();
    let charts = listed.lines().filter(|l| l.ends_with(".svg")).count();
    assert!(charts >= 5, "{listed}");
    assert_eq!(
        html.matches("<svg role=\"img\"").count(),
        charts,
        "every chart drawn is inlined"
    );

    // A drawing stopped half-way (killed, out of space) left some charts
    // and no report: the next report draws the missing ones again.
    let ert = missing.join("ert.svg");
    std::fs::remove_file(&ert).unwrap();
    std::fs::remove_file(missing.join("report.html")).unwrap();
    let out = std::process::Command::new(binary())
        .arg("report")
        .arg(&fixture.data)
        .arg("--plots")
        .arg(&missing)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        ert.is_file(),
        "the chart the stopped drawing missed is drawn"
    );

    // A charts directory that cannot be made is named, with the remedy.
    let blocker = fixture.plots.join("a-file");
    std::fs::write(&blocker, "").unwrap();
    let below = blocker.join("plots");
    let out = std::process::Command::new(binary())
        .arg("report")
        .arg(&fixture.data)
        .arg("--plots")
        .arg(&below)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&below.display().to_string()), "{stderr}");
    assert!(stderr.contains("queens plot"), "{stderr}");

    std::fs::write(fixture.plots.join("scaling.svg"), "not a chart").unwrap();
    let out = report(&[], &fixture);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("scaling.svg is not an SVG image"),
        "{stderr}"
    );

    let out = std::process::Command::new(binary())
        .args(["report", "a", "b", "--plots", "c"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give one DATA_DIR with --plots"));
}

#[test]
fn an_external_programs_row_says_where_its_command_is() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/external-python");
    let data = common::derived_copy(&shipped, dir.path());
    let plots = dir.path().join("plots");
    common::ok(common::plot::plot_into(&data, &plots, &[]));
    let html = std::fs::read_to_string(plots.join("report.html")).unwrap();
    assert!(
        html.contains("a program of the experiment's own: its command is in the config text below"),
        "the external row's Source cell"
    );
    assert!(
        html.contains("solvers/min_conflicts.py"),
        "the command, in the config text"
    );
    assert!(
        html.contains("<li>min-conflicts (Python): min_conflicts.py version 1</li>"),
        "the program as it named itself in the handshake"
    );
}

#[test]
fn a_planted_chart_with_a_script_is_refused_and_the_old_report_kept() {
    let fixture = fixture();
    let report_file = fixture.plots.join("report.html");
    let before = std::fs::read(&report_file).unwrap();
    let chart = fixture.plots.join("scaling.svg");
    let drawn = std::fs::read_to_string(&chart).unwrap();
    let planted = [
        drawn.replacen("<rect", "<script>alert(document.cookie)</script><rect", 1),
        drawn.replacen("<rect", "<rect onload=\"alert(1)\"", 1),
        drawn.replacen(
            "<rect",
            "<image href=\"https://example.org/t.png\"/><rect",
            1,
        ),
    ];
    for svg in planted {
        assert_ne!(svg, drawn);
        std::fs::write(&chart, &svg).unwrap();
        let out = report(&[], &fixture);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("scaling.svg"), "{stderr}");
        assert!(stderr.contains("which a chart never"), "{stderr}");
        assert!(stderr.contains("queens plot"), "{stderr}");
        assert_eq!(std::fs::read(&report_file).unwrap(), before, "report kept");
    }
    // A chart as `queens plot` draws it is inlined again.
    std::fs::write(&chart, &drawn).unwrap();
    assert!(report(&[], &fixture).status.success());
}

#[test]
fn the_commands_to_regenerate_quote_their_paths() {
    let fixture = fixture();
    let parent = fixture.data.parent().unwrap();
    let data = parent.join("data $(touch PWNED);id");
    std::fs::rename(&fixture.data, &data).unwrap();
    let plots = parent.join("plots it's");
    common::ok(common::plot::plot_into(&data, &plots, &[]));
    let html = std::fs::read_to_string(plots.join("report.html")).unwrap();
    let line = html
        .lines()
        .find(|l| l.contains("queens plot "))
        .expect("the command that redraws the charts");
    let command = &line[line.find("queens plot ").unwrap()..];
    let command = command[..command.find("   #").unwrap()]
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let words = shell_words::split(&command).unwrap();
    assert_eq!(
        words,
        [
            "queens",
            "plot",
            &data.display().to_string(),
            "--plots",
            &plots.display().to_string()
        ],
        "{command}"
    );
    assert!(!parent.join("PWNED").exists());
}

/// The `<p class="answer">` texts of a report, in order.
fn answers_in_words(html: &str) -> Vec<&str> {
    html.split("<p class=\"answer\">")
        .skip(1)
        .map(|rest| &rest[..rest.find("</p>").unwrap()])
        .collect()
}

#[test]
fn the_blog_question_is_answered_in_words_and_says_it_flips_with_n() {
    let fixture = fixture();
    let html = std::fs::read_to_string(fixture.plots.join("report.html")).unwrap();
    let words = answers_in_words(&html);
    // By hand from compare.csv's ERT ratios (stupid over smarter) and
    // their intervals: 0.3887 [0.3426, 0.4470] at N = 8 is 2.57× [2.24,
    // 2.92] the other way; 1.454 [1.168, 1.792] at 10; 48.80 [29.56, 90.65]
    // at 12, each significant (Holm p < 0.05).
    let blog = "By checks, stupid repair (blog) is cheaper at N = 8, by 2.57× [2.24, 2.92]; \
        smarter repair (blog) is cheaper from N = 10 on, by 1.45× [1.17, 1.79] at N = 10 and 48.8× [29.6, 90.6] at 12. \
        “Cheaper” is a significant Mann–Whitney verdict on the trials (Holm p &lt; 0.05); \
        “by k×” is the other label's ERT over the cheaper one's, with its 95% bootstrap interval.";
    // The headline is the first question answered, before the charts.
    assert_eq!(words[0], blog);
    let headline = html.find("id=\"headline\"").unwrap();
    let first = html.find(blog).unwrap();
    assert!(headline < first && first < html.find("id=\"charts\"").unwrap());
    assert!(
        html[headline..first]
            .contains("<h3>stupid repair (blog) against smarter repair (blog), by checks</h3>")
    );
    // Five sizes, each of one outcome: no difference at 4, then min-conflicts
    // from 6 on, by its least (1.39× at 6) to its most (2,020× at 30).
    assert!(
        words[2].starts_with(
            "By checks, no detectable difference at N = 4 (these trials could have shown one); \
             min-conflicts (random) is cheaper from N = 6 on, by 1.39× (N = 6) to 2,020× (N = 30)."
        ),
        "{}",
        words[2]
    );
}

#[test]
fn deterministic_labels_are_answered_by_their_exact_values() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/csp-heuristics");
    let data = common::derived_copy(&shipped, dir.path());
    let plots = dir.path().join("plots");
    std::fs::create_dir_all(&plots).unwrap();
    let out = std::process::Command::new(binary())
        .arg("report")
        .arg(&data)
        .arg("--plots")
        .arg(&plots)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(plots.join("report.html")).unwrap();
    let words = answers_in_words(&html);
    // By hand from summary.csv's one trial per cell: both prove N = 2 has
    // no solution in 4 checks; MRV costs more from 3 to 13 (26 against
    // 17 checks at 3; least 4,607/3,172 = 1.45× at 10, most
    // 54,314/5,467 = 9.93× at 13), less from 14 on (119,080/41,710 =
    // 2.85× at 14, up to 25,428,842/116,588 = 218× at 20), and plain
    // backtracking runs out of its 40,000,000 checks at 22, 24 and 26 on.
    assert_eq!(
        words[0],
        "By checks, both need exactly as many at N = 2; \
         backtracking is cheaper at N = 3 to 13, by 1.45× (N = 10) to 9.93× (N = 13); \
         backtracking + MRV is cheaper from N = 14 on, by 2.85× (N = 14) to 218× (N = 20), \
         and backtracking answered no trial within its budget at N = 22, 24 and 26 to 50. \
         Both labels are deterministic (one run each per N): they are compared by their exact checks, \
         where no test is possible or needed; “by k×” is the other label's checks over the cheaper one's."
    );
    // Not a word of untestable tests where one run meets one run.
    assert!(!words[0].contains("untestable"));
    // One deterministic label against five seeded trials.
    let against = words
        .iter()
        .find(|w| w.contains("min-conflicts ran 5 trials"))
        .expect("an answer against min-conflicts");
    assert!(
        against.contains("the exact checks of the one are set against the ERT of the other"),
        "{against}"
    );
    // 735 untestable pairs collapse into one line; the long tables show
    // their first rows; the page answers before the charts.
    assert!(html.contains("<summary>735 untestable pairs"));
    assert!(html.contains("<summary>The answer at each of the 49 sizes</summary>"));
}
