//! `queens count` through the real binary: counts against the published
//! OEIS tables, the JSON fields, thread-count invariance, exit 1 for boards
//! without a solution and bad input.

use assert_cmd::Command;
use queens::counting::Kernel;
use serde_json::Value;

/// OEIS A000170: the number of solutions of the N×N board, N = 0..=17.
const A000170: [u64; 18] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104,
];

/// OEIS A002562: the number of fundamental solutions, N = 0..=17.
const A002562: [u64; 18] = [
    1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
];

/// Runs `queens count` with `args` and `--json` and returns the JSON object,
/// checking the exit code: 0, or 1 when there is no solution.
fn count_json(args: &[&str]) -> Value {
    let output = Command::cargo_bin("queens")
        .expect("the queens binary")
        .arg("count")
        .args(args)
        .arg("--json")
        .output()
        .expect("queens runs");
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    let expected = if json["solutions"] == 0 { 1 } else { 0 };
    assert_eq!(
        output.status.code(),
        Some(expected),
        "queens count {args:?}: {output:?}"
    );
    json
}

fn check_against_oeis(n: usize) {
    let size = n.to_string();
    let json = count_json(&["-n", &size, "--threads", "2"]);
    assert_eq!(json["n"], n as u64);
    assert_eq!(json["solutions"], A000170[n], "solutions, n = {n}");
    assert_eq!(json["unique"], A002562[n], "unique, n = {n}");
    assert_eq!(json["threads"], 2);
    let seconds = json["seconds"].as_f64().expect("seconds is a number");
    assert!(seconds >= 0.0);
    assert_eq!(json["kernel"], Kernel::fastest().name());
    assert_eq!(json.as_object().expect("an object").len(), 6);
}

#[test]
fn counts_match_oeis_up_to_13() {
    for n in 1..=13 {
        check_against_oeis(n);
    }
}

#[test]
fn counts_match_oeis_from_14_to_17() {
    for n in 14..=17 {
        check_against_oeis(n);
    }
}

/// N = 18..=21: OEIS A000170 and A002562 (ignored: about 20 minutes on two
/// cores; `cargo test --release -- --ignored` runs it, and `queens bench
/// count --large` checks the same sizes).
#[test]
#[ignore]
fn counts_match_oeis_from_18_to_21() {
    const LARGE: [(usize, u64, u64); 4] = [
        (18, 666_090_624, 83_263_591),
        (19, 4_968_057_848, 621_012_754),
        (20, 39_029_188_884, 4_878_666_808),
        (21, 314_666_222_712, 39_333_324_973),
    ];
    for (n, solutions, unique) in LARGE {
        let json = count_json(&["-n", &n.to_string()]);
        assert_eq!(json["solutions"], solutions, "solutions, n = {n}");
        assert_eq!(json["unique"], unique, "unique, n = {n}");
    }
}

#[test]
fn counts_do_not_depend_on_the_thread_count() {
    let results: Vec<(Value, Value)> = ["1", "2", "3"]
        .iter()
        .map(|t| {
            let json = count_json(&["-n", "12", "--threads", t]);
            assert_eq!(json["threads"], t.parse::<u64>().expect("a number"));
            (json["solutions"].clone(), json["unique"].clone())
        })
        .collect();
    assert_eq!(results[0], (A000170[12].into(), A002562[12].into()));
    assert!(results.iter().all(|r| *r == results[0]), "{results:?}");
}

#[test]
fn every_kernel_this_processor_runs_gives_the_oeis_counts() {
    for kernel in Kernel::ALL.into_iter().filter(|k| k.is_supported()) {
        for n in [9, 12, 13] {
            let json = count_json(&["-n", &n.to_string(), "--kernel", kernel.name()]);
            assert_eq!(json["kernel"], kernel.name());
            assert_eq!(json["solutions"], A000170[n], "n = {n}, {kernel}");
            assert_eq!(json["unique"], A002562[n], "n = {n}, {kernel}");
        }
    }
}

#[test]
fn a_kernel_the_processor_lacks_is_refused_with_2() {
    for kernel in Kernel::ALL.into_iter().filter(|k| !k.is_supported()) {
        let output = Command::cargo_bin("queens")
            .expect("the queens binary")
            .args(["count", "-n", "8", "--kernel", kernel.name()])
            .output()
            .expect("queens runs");
        assert_eq!(output.status.code(), Some(2), "{kernel}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("portable"), "{kernel}: {message}");
    }
    let output = Command::cargo_bin("queens")
        .expect("the queens binary")
        .args(["count", "-n", "8", "--kernel", "gpu"])
        .output()
        .expect("queens runs");
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("'gpu'") && message.contains("avx512") && message.contains("portable"),
        "{message}"
    );
}

#[test]
fn text_output_names_both_counts() {
    let output = Command::cargo_bin("queens")
        .expect("the queens binary")
        .args(["count", "-n", "8"])
        .output()
        .expect("queens runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("92 solutions"), "{text}");
    assert!(text.contains("12 fundamental solutions"), "{text}");
}

#[test]
fn boards_without_a_solution_exit_with_1_and_still_print_the_counts() {
    for n in ["2", "3"] {
        let text = Command::cargo_bin("queens")
            .expect("the queens binary")
            .args(["count", "-n", n])
            .output()
            .expect("queens runs");
        assert_eq!(text.status.code(), Some(1), "-n {n}: {text:?}");
        let text = String::from_utf8(text.stdout).expect("UTF-8");
        assert!(
            text.starts_with(&format!("N = {n}: 0 solutions, 0 fundamental solutions")),
            "{text}"
        );
        let json = Command::cargo_bin("queens")
            .expect("the queens binary")
            .args(["count", "-n", n, "--json"])
            .output()
            .expect("queens runs");
        assert_eq!(json.status.code(), Some(1), "-n {n} --json: {json:?}");
        let json: Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
        assert_eq!(json["solutions"], 0);
        assert_eq!(json["unique"], 0);
    }
}

#[test]
fn bad_sizes_exit_with_2_and_say_what_is_allowed() {
    for (size, expected) in [
        ("33", "32"),
        ("0", "at least 1"),
        ("-3", "at least 1"),
        ("abc", "'abc'"),
    ] {
        let output = Command::cargo_bin("queens")
            .expect("the queens binary")
            .args(["count", "-n", size])
            .output()
            .expect("queens runs");
        assert_eq!(output.status.code(), Some(2), "-n {size}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(expected), "-n {size}: {message}");
        assert!(output.stdout.is_empty(), "-n {size}");
    }
}

#[test]
fn a_zero_thread_count_exits_with_2() {
    Command::cargo_bin("queens")
        .expect("the queens binary")
        .args(["count", "-n", "8", "--threads", "0"])
        .assert()
        .code(2);
}

#[test]
fn too_many_threads_are_capped_with_a_warning_and_the_time_reported_is_the_time_spent() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = 8 * cores;
    let started = std::time::Instant::now();
    let output = Command::cargo_bin("queens")
        .expect("the queens binary")
        .args(["count", "-n", "8", "-t", "4096", "--json"])
        .output()
        .expect("queens runs");
    let wall = started.elapsed().as_secs_f64();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("warning: --threads 4096")
            && stderr.contains(&format!("using {cap} threads")),
        "{stderr}"
    );
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(json["threads"], cap as u64);
    assert_eq!(json["solutions"], 92);
    // The reported time lies within the process's lifetime.
    let seconds = json["seconds"].as_f64().expect("seconds");
    assert!(seconds > 0.0 && seconds <= wall, "{seconds} s of {wall} s");
}

/// Runs `queens count` with `args` and returns its output.
fn count_output(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("queens")
        .expect("the queens binary")
        .arg("count")
        .args(args)
        .output()
        .expect("queens runs")
}

/// A fresh temporary directory for checkpoints.
fn checkpoint_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

#[test]
fn four_shards_of_17_merge_to_the_published_counts() {
    let dir = checkpoint_dir();
    let files: Vec<String> = (0..4)
        .map(|i| dir.path().join(format!("shard-{i}")).display().to_string())
        .collect();
    let mut parts = 0u64;
    for (i, file) in files.iter().enumerate() {
        let shard = format!("{i}/4");
        let json = count_json(&["-n", "17", "--shard", &shard, "--checkpoint", file]);
        assert_eq!(json["shard"], shard.as_str());
        parts += json["solutions_in_shard"].as_u64().expect("a count");
    }
    // The shards' weighted sums add up to the total before Burnside.
    assert_eq!(parts, A000170[17]);
    let mut merge = vec!["--merge"];
    merge.extend(files.iter().map(String::as_str));
    let json = count_json(&merge);
    assert_eq!(json["solutions"], A000170[17]);
    assert_eq!(json["unique"], A002562[17]);
    assert_eq!(json["shards"], 4);

    // A missing or doubled shard is refused, naming it.
    let output = count_output(&["--merge", &files[0], &files[1], &files[3]]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("shard 2/4 of N = 17 is missing"),
        "{stderr}"
    );
    let output = count_output(&["--merge", &files[0], &files[0], &files[2], &files[3]]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("are both shard 0/4"));
}

#[test]
fn a_count_killed_with_sigkill_resumes_to_the_same_totals() {
    let dir = checkpoint_dir();
    let file = dir.path().join("count-17");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(["count", "-n", "17", "-t", "1", "--checkpoint"])
        .arg(&file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("queens starts");
    // Wait for some units (4,319 in all) to be recorded, then kill -9.
    let lines = || std::fs::read_to_string(&file).map_or(0, |t| t.lines().count());
    while lines() < 50 && child.try_wait().expect("waits").is_none() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let recorded = lines() - 1;
    assert!(recorded < 4319, "killed before the end ({recorded} units)");
    // Tear the last line, as a kill in the middle of a write would.
    let mut text = std::fs::read_to_string(&file).expect("the checkpoint");
    text.push_str("1234");
    std::fs::write(&file, &text).expect("torn");

    let path = file.display().to_string();
    let output = count_output(&["-n", "17", "--checkpoint", &path, "--json"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["solutions"], A000170[17]);
    assert_eq!(json["unique"], A002562[17]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("{recorded} of 4319 units already counted")),
        "{stderr}"
    );
    assert_eq!(lines(), 4320, "header + every unit once");

    // The checkpoint of N = 17 is refused for N = 16.
    let output = count_output(&["-n", "16", "--checkpoint", &path]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("this checkpoint is of N = 17"), "{stderr}");
}

#[test]
fn a_shard_without_a_checkpoint_is_refused() {
    let output = count_output(&["-n", "12", "--shard", "0/4"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--checkpoint"));
    let output = count_output(&["-n", "12", "--shard", "4/4", "--checkpoint", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("0 <= I < K"));
}

/// The checkpoint of N = 12's whole count, finished, at `file`.
fn finished_checkpoint(file: &std::path::Path) -> String {
    let path = file.display().to_string();
    let output = count_output(&["-n", "12", "--checkpoint", &path]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    std::fs::read_to_string(file).expect("the checkpoint")
}

#[test]
fn an_edited_checkpoint_is_an_error_naming_the_line_never_a_total() {
    let dir = checkpoint_dir();
    let file = dir.path().join("count-12");
    let text = finished_checkpoint(&file);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let words: Vec<String> = lines[5].split(' ').map(str::to_string).collect();
    let more = words[1].parse::<u64>().expect("a count") + 1;
    lines[5] = format!("{} {more} {}", words[0], words[2..].join(" "));
    std::fs::write(&file, lines.join("\n") + "\n").expect("edited");
    let path = file.display().to_string();
    for args in [
        vec!["-n", "12", "--checkpoint", &path],
        vec!["--merge", &path],
    ] {
        let output = count_output(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert!(output.stdout.is_empty(), "{args:?}: no total is printed");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("{path}:6: ")),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn an_existing_file_that_is_not_a_checkpoint_is_refused_untouched() {
    let dir = checkpoint_dir();
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "my notes, without a trailing newline").expect("written");
    let output = count_output(&["-n", "8", "--checkpoint", &file.display().to_string()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a queens count checkpoint"));
    assert_eq!(
        std::fs::read_to_string(&file).expect("still there"),
        "my notes, without a trailing newline"
    );
}

#[test]
fn more_shards_than_units_are_refused_at_once_naming_the_largest() {
    let dir = checkpoint_dir();
    let file = dir.path().join("huge-k");
    let path = file.display().to_string();
    let output = count_output(&[
        "-n",
        "17",
        "--shard",
        "0/18446744073709551615",
        "--checkpoint",
        &path,
    ]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("K <= 4319"), "{stderr}");
    assert!(!file.exists(), "no checkpoint is created");
    // A header claiming such a split is refused by --merge, without a panic.
    let text = finished_checkpoint(&file);
    std::fs::write(&file, text.replacen("shard=0/1 ", "shard=0/4000000000 ", 1)).expect("edited");
    let output = count_output(&["--merge", &path]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("at most"));
}

/// Makes the file system of `dir` read-only (a tmpfs mounted there, filled
/// by `fill`, then remounted read-only, unmounted when the guard drops) as
/// root, or the file and directory read-only by their permissions
/// otherwise. `None` when neither can be done here.
fn read_only(dir: &std::path::Path, fill: impl Fn(&std::path::Path)) -> Option<ReadOnly> {
    use std::os::unix::fs::PermissionsExt;
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        fill(dir);
        for entry in std::fs::read_dir(dir).expect("listed") {
            let path = entry.expect("an entry").path();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).ok()?;
        }
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).ok()?;
        return Some(ReadOnly(None));
    }
    let mount = |args: &[&str]| {
        std::process::Command::new("mount")
            .args(args)
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !mount(&["-t", "tmpfs", "-o", "size=1m", "tmpfs"]) {
        return None;
    }
    let guard = ReadOnly(Some(dir.to_path_buf()));
    fill(dir);
    mount(&["-o", "remount,ro"]).then_some(guard)
}

/// Unmounts the tmpfs of [`read_only`], if any, when dropped.
struct ReadOnly(Option<std::path::PathBuf>);

impl Drop for ReadOnly {
    fn drop(&mut self) {
        if let Some(dir) = &self.0 {
            let _ = std::process::Command::new("umount").arg(dir).status();
        }
    }
}

#[test]
fn a_finished_checkpoint_on_a_read_only_file_system_is_read_by_count() {
    let dir = checkpoint_dir();
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).expect("dir");
    let file = ro.join("n10");
    let path = file.display().to_string();
    let Some(_guard) = read_only(&ro, |_| {
        let json = count_json(&["-n", "10", "--checkpoint", &path]);
        assert_eq!(json["solutions"], A000170[10]);
    }) else {
        eprintln!("skipped: cannot make a read-only directory here");
        return;
    };
    assert!(
        std::fs::OpenOptions::new()
            .append(true)
            .open(&file)
            .is_err()
    );
    let json = count_json(&["-n", "10", "--checkpoint", &path]);
    assert_eq!(json["solutions"], A000170[10]);
    // Another count of the same file is still refused, naming it.
    let output = count_output(&["-n", "11", "--checkpoint", &path]);
    assert_eq!(output.status.code(), Some(2));
}
