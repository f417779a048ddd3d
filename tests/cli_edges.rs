//! Edge cases of the command line through the real binary: output files that
//! must never lose what was there, a closed stdout, messages for bad numbers,
//! the thread flags.

mod common;

use common::{listing, read};

use std::fs;
use std::path::Path;
use std::process::{Output, Stdio};

/// Runs `queens` in `dir` with the whitespace-separated `args`.
fn run(args: &str, dir: &Path) -> Output {
    common::queens(dir, &args.split_whitespace().collect::<Vec<_>>())
}

/// The solution file of `solve -a backtracking -n 8`: N, then the columns.
const EIGHT: &str = "8\n0\n4\n7\n5\n2\n6\n1\n3\n";

#[test]
fn an_unsolved_search_leaves_the_solution_file_as_it_was_and_draws_its_last_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    fs::write(d.join("keep.txt"), "precious\n").expect("written");
    fs::write(d.join("keep.svg"), "<svg/>\n").expect("written");
    for algorithm in ["backtracking", "min-conflicts"] {
        let output = run(
            &format!("solve -a {algorithm} -n 3 -q -o keep.txt --svg keep.svg"),
            d,
        );
        assert_eq!(output.status.code(), Some(1), "{algorithm}: {output:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.starts_with("no solution: "), "{stdout}");
        assert_eq!(read(&d.join("keep.txt")), "precious\n");
        let svg = read(&d.join("keep.svg"));
        assert!(svg.contains("no solution ("), "{algorithm}: {svg}");
        assert_eq!(listing(d), ["keep.svg", "keep.txt"]);
    }
}

#[test]
fn a_solution_replaces_the_output_file_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let old = "an older, longer solution file\n";
    fs::write(d.join("out.txt"), old).expect("written");
    // A second name for the old file: a new file renamed onto out.txt leaves
    // it alone, where rewriting out.txt in place would change it too.
    fs::hard_link(d.join("out.txt"), d.join("old.txt")).expect("linked");
    let output = run("solve -a backtracking -n 8 -q -o out.txt", d);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(read(&d.join("out.txt")), EIGHT);
    assert_eq!(read(&d.join("old.txt")), old);
    let output = run("solve -a backtracking -n 4 -q --svg board.svg", d);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let svg = read(&d.join("board.svg"));
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    assert_eq!(listing(d), ["board.svg", "old.txt", "out.txt"]);
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_keeps_pointing_at_its_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    fs::write(d.join("real.txt"), "precious\n").expect("written");
    std::os::unix::fs::symlink("real.txt", d.join("link.txt")).expect("linked");
    let unsolved = run("solve -a backtracking -n 2 -q -o link.txt", d);
    assert_eq!(unsolved.status.code(), Some(1), "{unsolved:?}");
    assert_eq!(read(&d.join("real.txt")), "precious\n");
    let solved = run("solve -a backtracking -n 8 -q -o link.txt", d);
    assert_eq!(solved.status.code(), Some(0), "{solved:?}");
    let link = fs::symlink_metadata(d.join("link.txt")).expect("still there");
    assert!(link.file_type().is_symlink());
    assert_eq!(read(&d.join("real.txt")), EIGHT);
    assert_eq!(listing(d), ["link.txt", "real.txt"]);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_into_and_never_removed() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for (n, code, expected) in [(3, 1, ""), (8, 0, EIGHT)] {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || read(&fifo))
        };
        let output = run(
            &format!("solve -a backtracking -n {n} -q -o fifo"),
            dir.path(),
        );
        assert_eq!(output.status.code(), Some(code), "n = {n}: {output:?}");
        assert_eq!(reader.join().expect("reader"), expected, "n = {n}");
        let kind = fs::symlink_metadata(&fifo)
            .expect("still there")
            .file_type();
        assert!(kind.is_fifo(), "n = {n}");
    }
}

#[cfg(unix)]
#[test]
fn dev_null_and_dev_stdout_are_written_straight_into() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = run("solve -a backtracking -n 8 -q -o /dev/null", dir.path());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(Path::new("/dev/null").exists());
    let output = run("solve -a backtracking -n 8 -q -o /dev/stdout", dir.path());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let (columns, result) = stdout.split_at(EIGHT.len());
    assert_eq!(columns, EIGHT);
    assert!(result.starts_with("solved: backtracking n=8"), "{result}");
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn a_bad_output_path_fails_before_the_search() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    fs::write(d.join("file"), "x").expect("written");
    for (options, path, reason) in [
        (
            "-o missing/out.txt",
            "missing/out.txt",
            "directory missing does not exist",
        ),
        ("-o .", ".", "is a directory"),
        (
            "--svg missing/b.svg",
            "missing/b.svg",
            "directory missing does not exist",
        ),
        ("-o file/out.txt", "file/out.txt", "Not a directory"),
    ] {
        let output = run(&format!("solve -a backtracking -n 8 {options}"), d);
        assert_eq!(output.status.code(), Some(2), "{options}: {output:?}");
        // No search ran: its result line would be on stdout.
        assert!(output.stdout.is_empty(), "{options}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(path) && stderr.contains(reason), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let output = run("enumerate -n 6 --csv missing/all.csv", d);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty(), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing/all.csv"));
    assert_eq!(listing(d), ["file"]);
}

#[cfg(target_os = "linux")]
#[test]
fn the_result_is_printed_when_the_output_file_cannot_be_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (args, printed) in [
        (
            "solve -a backtracking -n 8 -q -o /dev/full",
            "solved: backtracking n=8",
        ),
        (
            "solve -a backtracking -n 8 --json --svg /dev/full",
            "\"solved\":true",
        ),
        ("enumerate -n 6 --csv /dev/full", "n=6 solutions=4"),
    ] {
        let output = run(args, dir.path());
        assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains(printed), "{args}: {stdout}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("/dev/full") && stderr.contains("No space left"),
            "{stderr}"
        );
    }
}

#[test]
fn enumerate_csv_is_replaced_only_when_there_is_a_solution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    fs::write(d.join("all.csv"), "precious\n").expect("written");
    let output = run("enumerate -n 3 --csv all.csv", d);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(read(&d.join("all.csv")), "precious\n");
    let output = run("enumerate -n 6 --csv all.csv", d);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        read(&d.join("all.csv")),
        "index,tests,backtracks,columns\n\
         1,171,25,1 3 5 0 2 4\n\
         2,405,64,2 5 1 4 0 3\n\
         3,495,79,3 0 4 1 5 2\n\
         4,729,118,4 2 0 5 3 1\n"
    );
    assert_eq!(listing(d), ["all.csv"]);
}

/// Runs queens with the whitespace-separated `args` and a stdout whose read
/// end is already closed.
fn with_closed_stdout(args: &str) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args.split_whitespace())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("queens runs")
}

#[test]
fn a_closed_stdout_ends_quietly_with_141() {
    for args in [
        "solve -n 64",
        "solve -a backtracking -n 8 --json",
        "solve -a construction -n 1000 -q -o /dev/stdout",
        "algorithms",
        "algorithms --json",
        "count -n 8",
        "count -n 8 --json",
        "enumerate -n 8 --unique",
        "enumerate -n 8 --json",
        "enumerate -n 6 --csv /dev/stdout",
    ] {
        let output = with_closed_stdout(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args}: {stderr}");
        assert_eq!(stderr, "", "{args}");
        assert_eq!(output.status.code(), Some(141), "{args}");
    }
}

#[test]
fn a_closed_stderr_neither_panics_nor_loses_work() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let config = "name = \"tiny\"\nseed = 1\nsizes = [6, 8]\ntrials = 3\n\n\
                  [[algorithm]]\nname = \"min-conflicts\"\n";
    fs::write(d.join("tiny.toml"), config).expect("config");
    for (args, code) in [
        ("run tiny.toml --fresh", 0),
        ("solve -a backtracking -n 3 --max-restarts 1", 1),
        ("solve -n 0", 2),
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .current_dir(d)
            .args(args.split_whitespace())
            .stdout(Stdio::piped())
            .stderr(writer)
            .output()
            .expect("queens runs");
        assert_eq!(output.status.code(), Some(code), "{args}: {output:?}");
    }
    // Both sizes' trials are in the data, and the summary was written.
    let runs = read(&d.join("data/tiny/runs.csv"));
    assert_eq!(runs.lines().count(), 1 + 2 * 3, "{runs}");
    assert!(d.join("data/tiny/summary.csv").is_file());
}

#[test]
fn bad_numbers_name_the_option_the_value_and_what_is_allowed() {
    let any = "expected an integer from 0 to 18446744073709551615";
    let from_one = "expected an integer from 1 to 18446744073709551615";
    let threads = "expected an integer from 1 to 4096";
    let seconds = "expected a number of seconds greater than 0 and at most 1e9";
    let cases = [
        ("solve -n 8 --seed -1", "'-1' for '--seed <SEED>'", any),
        ("solve -n 8 --seed abc", "'abc' for '--seed <SEED>'", any),
        ("solve -n 8 -s 1.5", "'1.5' for '--seed <SEED>'", any),
        (
            "solve -n 8 --max-steps -1",
            "'-1' for '--max-steps <MAX_STEPS>'",
            any,
        ),
        (
            "solve -n 8 --max-restarts -1",
            "'-1' for '--max-restarts <MAX_RESTARTS>'",
            any,
        ),
        (
            "solve -n 8 --max-checks x",
            "'x' for '--max-checks <MAX_CHECKS>'",
            any,
        ),
        (
            "solve -n 8 --time-limit -1",
            "'-1' for '--time-limit <SECONDS>'",
            seconds,
        ),
        (
            "solve -n 8 --time-limit 0",
            "'0' for '--time-limit <SECONDS>'",
            seconds,
        ),
        (
            "count -n 8 --threads -1",
            "'-1' for '--threads <T>'",
            threads,
        ),
        ("count -n 8 -j 0", "'0' for '--threads <T>'", threads),
        (
            "enumerate -n 8 --limit -1",
            "'-1' for '--limit <K>'",
            from_one,
        ),
        (
            "enumerate -n 8 --limit 0",
            "'0' for '--limit <K>'",
            from_one,
        ),
        ("run --threads -1", "'-1' for '--threads <T>'", threads),
        ("run -t 5000", "'5000' for '--threads <T>'", threads),
        (
            "run --shard -1/4",
            "'-1/4' for '--shard <I/K>'",
            "0 <= I < K",
        ),
        (
            "bench count -n -3",
            "'-3' for '--sizes <SIZES>'",
            "at least 1",
        ),
    ];
    let dir = tempfile::tempdir().expect("temp dir");
    for (args, named, allowed) in cases {
        let output = run(args, dir.path());
        assert_eq!(output.status.code(), Some(2), "{args}");
        assert!(output.stdout.is_empty(), "{args}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!("error: invalid value {named}: "))
                && first.contains(allowed),
            "{args}: {stderr}"
        );
    }
    assert!(listing(dir.path()).is_empty(), "nothing was run");
}

#[test]
fn count_and_run_take_both_thread_flags() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    for flag in ["-t", "-j", "--threads"] {
        let output = run(&format!("count -n 8 --json {flag} 2"), d);
        assert_eq!(output.status.code(), Some(0), "{flag}: {output:?}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(json["threads"], 2, "{flag}");
    }
    let config = "name = \"tiny\"\nseed = 1\nsizes = [6]\ntrials = 2\n\n\
                  [[algorithm]]\nname = \"backtracking\"\n";
    fs::write(d.join("tiny.toml"), config).expect("config");
    for (flag, data) in [("-t", "t"), ("-j", "j")] {
        let output = run(
            &format!("run tiny.toml -q {flag} 2 --data {data} --plots plots"),
            d,
        );
        assert_eq!(output.status.code(), Some(0), "{flag}: {output:?}");
        let metadata: serde_json::Value =
            serde_json::from_str(&read(&d.join(data).join("metadata.json"))).expect("JSON");
        assert_eq!(metadata["sessions"][0]["threads"], 2, "{flag}");
    }
}

#[test]
fn a_restart_budget_that_cannot_act_is_a_warning_not_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = run("solve -a backtracking -n 8 -q --max-restarts 1", dir.path());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("warning: --max-restarts has no effect on backtracking: "),
        "{stderr}"
    );
}

#[test]
fn a_start_board_is_checked_against_n_and_the_algorithm() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    // Begun from a solution, min-conflicts makes no step, and the board
    // printed is the one given.
    let output = run("solve -a min-conflicts -n 8 --start 04752613 --json", d);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(json["metrics"]["steps"], 0, "{json}");
    assert_eq!(json["columns"], serde_json::json!([0, 4, 7, 5, 2, 6, 1, 3]));
    for (args, expected) in [
        (
            "-a backtracking -n 8 --start 04752613",
            "--start cannot be used with backtracking",
        ),
        (
            "-a min-conflicts -n 8 --start 0475261",
            "gives 7 columns for N = 8",
        ),
        ("-a min-conflicts -n 8 --start 04752619", "entry 8 is '9'"),
        (
            "-a annealing -n 4 --param variant=permutation --start 0012",
            "give every column once",
        ),
        (
            "-a min-conflicts -n 8 --param variant=fast --start 04752613",
            "variant=random",
        ),
    ] {
        let output = run(&format!("solve {args}"), d);
        assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args}: {stderr}");
    }
}
