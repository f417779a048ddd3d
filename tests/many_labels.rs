//! An experiment of more labels than a heat map of every pair shows: the
//! heat map is skipped with a note that says why and where the numbers are
//! (compare.csv), every other chart, compare.csv, ranking.csv and the report
//! are written, and the closing line counts the charts, not their files.

mod common;

/// The most labels the heat map draws (`plot::pairwise::MAX_LABELS`).
const MAX_LABELS: usize = 40;

/// One sweep of `restart_after` over 1..=`labels`: that many labels, each
/// two trials at N = 6 (fast).
fn config(labels: usize) -> String {
    let values: Vec<String> = (1..=labels).map(|v| v.to_string()).collect();
    format!(
        "name = \"many\"\nseed = 2\nsizes = [6]\ntrials = 2\n\n[[algorithm]]\nname = \"naive-repair\"\nparams = {{ restart_after = [{}] }}\n",
        values.join(", ")
    )
}

#[test]
fn more_labels_than_the_heat_map_shows_skip_it_and_write_everything_else() {
    let labels = MAX_LABELS + 5;
    let dir = common::setup(&config(labels));
    let d = dir.path();
    let out = common::ok(common::queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "no comparison chart: {labels} labels, more than the {MAX_LABELS}"
        )) && stderr.contains("compare.csv"),
        "{stderr}"
    );
    let ranking = common::table(&d.join("data/ranking.csv"));
    assert_eq!(ranking.len() - 1, labels, "every label ranked");
    let pairs = common::table(&d.join("data/compare.csv"));
    assert_eq!(pairs.len() - 1, labels * (labels - 1) / 2, "every pair");
    assert!(d.join("plots/report.html").is_file());
    assert!(!d.join("plots/compare.svg").exists());
    let svgs = std::fs::read_dir(d.join("plots"))
        .expect("plots")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "svg"))
        .count();
    assert!(svgs > 0);
    assert!(
        stderr.contains(&format!("{svgs} charts in plots")),
        "{svgs} SVG charts: {stderr}"
    );
}

#[test]
fn up_to_the_limit_the_heat_map_is_drawn() {
    let dir = common::setup(&config(MAX_LABELS));
    let d = dir.path();
    common::ok(common::queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    assert!(d.join("plots/compare.svg").is_file());
}
