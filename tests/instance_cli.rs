//! `queens solve --instance` and `queens animate --instance`: what a bad
//! SPEC is told (exit 2, what is wrong and the forms allowed), a
//! generator without its seed or without -n, a file whose SHA-256 is not
//! the row's, a `--start` board that does not keep to the instance, and
//! an algorithm that does not take instances (exit 2 with its reason).

mod common;

use common::{queens, stderr};

use queens::base::instance::generate::generate;
use queens::base::instance::{Generator, Instance};

/// The end of every message about a bad SPEC: the forms allowed.
const FORMS: &str = "give a path to an instance file, or plain, blocked(blocks=M,min_free=F,seed=S), completion(queens=Q,seed=S), diagonals(diagonals=D,min_free=F,seed=S), or file(PATH,sha256=HEX)";

/// Runs `queens args…` in a fresh directory; its exit code and stderr.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(dir.path(), args);
    (out.status.code(), stderr(&out))
}

#[test]
fn an_algorithm_that_takes_no_instance_says_why_and_exits_2() {
    // The explicit construction builds one board by formula: it never
    // searches an instance.
    let spec = "blocked(blocks=10,min_free=2,seed=1)";
    for command in ["solve", "animate"] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut args = vec![command, "-a", "construction", "-n", "8", "--instance", spec];
        if command == "animate" {
            args.extend(["-o", "x.html"]);
        }
        let out = queens(dir.path(), &args);
        let message = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{command}: {message}");
        assert!(
            message.contains(&format!(
                "construction cannot search an instance (--instance '{spec}'): "
            )),
            "{command}: {message}"
        );
        assert!(!dir.path().join("x.html").exists(), "nothing written");
    }
    // `plain`, runs.csv's column for the plain problem, is taken by every
    // algorithm: the row replays as it ran.
    let dir = tempfile::tempdir().expect("temp dir");
    let out = common::ok(queens(
        dir.path(),
        &[
            "solve",
            "-a",
            "construction",
            "-n",
            "8",
            "--instance",
            "plain",
        ],
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("solved: construction n=8 seed=0 stop_reason=solved"),
        "{stdout}"
    );
}

#[test]
fn a_bad_spec_says_what_is_wrong_and_the_forms_allowed() {
    let cases = [
        (
            "nonsense",
            "--instance 'nonsense': `nonsense` is not an instance; ",
        ),
        (
            "square(x=1,seed=1)",
            "unknown instance generator `square`: use one of blocked, completion, diagonals; ",
        ),
        (
            "blocked(blocks=4,seed=1)",
            "the blocked generator needs `min_free`",
        ),
        (
            "completion(queens=-1,seed=1)",
            "the value must be a whole number from 0",
        ),
        ("file(x.txt,sha256=12)", "`12` is not a SHA-256"),
        (
            "no/such/file.txt",
            "--instance 'no/such/file.txt': no such file, and not an instance's origin; ",
        ),
        (
            "blocked(blocks=10,min_free=2)",
            "--instance 'blocked(blocks=10,min_free=2)' names no seed for its generator: add the instance's own seed, like blocked(blocks=10,min_free=2,seed=1) (--seed is the solver's, apart from it)",
        ),
    ];
    for (spec, expected) in cases {
        let (code, message) = run(&[
            "solve",
            "-a",
            "min-conflicts",
            "-n",
            "8",
            "--instance",
            spec,
        ]);
        assert_eq!(code, Some(2), "{spec}: {message}");
        assert!(message.contains(expected), "{spec}: {message}");
        assert!(message.trim_end().ends_with(FORMS), "{spec}: {message}");
    }
    // A generator the board cannot hold says so.
    let (code, message) = run(&[
        "solve",
        "-n",
        "4",
        "--instance",
        "completion(queens=5,seed=1)",
    ]);
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.contains("--instance 'completion(queens=5,seed=1)' cannot be made at N = 4"),
        "{message}"
    );
}

#[test]
fn a_generator_needs_n_and_plain_needs_n() {
    let (code, message) = run(&[
        "solve",
        "--instance",
        "diagonals(diagonals=3,min_free=1,seed=2)",
    ]);
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.contains("is generated at the size asked for: give -n N"),
        "{message}"
    );
    let (code, message) = run(&["animate", "--instance", "plain", "-o", "x.html"]);
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.contains("--instance 'plain' is the plain problem, of any size: give -n N"),
        "{message}"
    );
    // Without --instance, -n is required as before.
    let (code, message) = run(&["solve", "-a", "backtracking"]);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("--size <N>"), "{message}");
}

#[test]
fn a_file_whose_sha256_differs_is_refused_naming_both() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("inst.txt"), "8\n").expect("written");
    let found: String = Sha256::digest(b"8\n")
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let recorded = "ab".repeat(32);
    let spec = format!("file(inst.txt,sha256={recorded})");
    let out = queens(dir.path(), &["solve", "-n", "8", "--instance", &spec]);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.contains(&format!(
            "the file 'inst.txt' has SHA-256 {found}, not {recorded}: it is not the file the row searched"
        )),
        "{message}"
    );
    // A file that is not there is named.
    let spec = format!("file(gone.txt,sha256={recorded})");
    let out = queens(dir.path(), &["solve", "-n", "8", "--instance", &spec]);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.contains("cannot read the instance file 'gone.txt'"),
        "{message}"
    );
}

/// A `--start` board for `instance`: each row's first allowed column, or
/// its given queen's.
fn keeping_start(instance: &Instance) -> Vec<u32> {
    (0..instance.n())
        .map(|r| {
            instance
                .given(r)
                .or_else(|| instance.allowed_columns(r).next())
                .expect("a free square in every row")
        })
        .collect()
}

#[test]
fn a_start_board_must_keep_to_the_instance() {
    let digits = |columns: &[u32]| columns.iter().map(u32::to_string).collect::<String>();
    // A given queen moved.
    let spec = "completion(queens=3,seed=1)";
    let instance = generate(8, Generator::Completion { queens: 3 }, 1).expect("generated");
    let (row, column) = instance.given_queens().next().expect("a given queen");
    let mut start = keeping_start(&instance);
    let moved = (column + 1) % 8;
    start[row as usize] = moved;
    let (code, message) = run(&[
        "solve",
        "-a",
        "min-conflicts",
        "-n",
        "8",
        "--instance",
        spec,
        "--start",
        &digits(&start),
    ]);
    assert_eq!(code, Some(2), "{message}");
    let entry = row + 1;
    assert!(
        message.contains(&format!(
            "entry {entry} puts row {entry}'s queen in column {moved}, but the instance gives that row's queen in column {column}"
        )),
        "{message}"
    );
    // A queen on a blocked square.
    let spec = "blocked(blocks=20,min_free=2,seed=1)";
    let generator = Generator::Blocked {
        blocks: 20,
        min_free: 2,
    };
    let instance = generate(8, generator, 1).expect("generated");
    let (row, column) = instance.blocked_squares().next().expect("a blocked square");
    let mut start = keeping_start(&instance);
    start[row as usize] = column;
    let (code, message) = run(&[
        "animate",
        "-a",
        "min-conflicts",
        "-n",
        "8",
        "--instance",
        spec,
        "--start",
        &digits(&start),
        "-o",
        "x.html",
    ]);
    assert_eq!(code, Some(2), "{message}");
    let entry = row + 1;
    assert!(
        message.contains(&format!(
            "entry {entry} puts row {entry}'s queen on column {column}, a square the instance blocks"
        )),
        "{message}"
    );
}

/// Backtracking on a blocked board: the search keeps to the instance, `--svg` draws each blocked square, the text board marks
/// them `#`, the counters line names the instance, and the replay page
/// and SVG carry it.
#[test]
fn backtracking_solves_a_blocked_board_and_draws_it() {
    let spec = "blocked(blocks=10,min_free=2,seed=1)";
    let generator = Generator::Blocked {
        blocks: 10,
        min_free: 2,
    };
    let instance = generate(8, generator, 1).expect("generated");
    let dir = tempfile::tempdir().expect("temp dir");
    let out = common::ok(queens(
        dir.path(),
        &[
            "solve",
            "-a",
            "backtracking",
            "--instance",
            spec,
            "-n",
            "8",
            "--svg",
            "out.svg",
        ],
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let marked: usize = stdout
        .lines()
        .filter(|line| !line.starts_with('('))
        .map(|line| line.matches('#').count())
        .sum();
    assert_eq!(marked, 10, "{stdout}");
    assert!(
        stdout.contains(&format!("solved: backtracking n=8 seed=0 instance={spec} ")),
        "{stdout}"
    );
    let svg = common::read(&dir.path().join("out.svg"));
    let drawn: Vec<String> = svg
        .split("<g class=\"blocked\" data-square=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').expect("closed")].to_string())
        .collect();
    let expected: Vec<String> = instance
        .blocked_squares()
        .map(|(r, c)| format!("{r},{c}"))
        .collect();
    assert_eq!(drawn, expected);
    // The replay page carries the instance once; the SVG draws it.
    for file in ["replay.html", "replay.svg"] {
        common::ok(queens(
            dir.path(),
            &[
                "animate",
                "-a",
                "backtracking",
                "--instance",
                spec,
                "-n",
                "8",
                "-o",
                file,
            ],
        ));
    }
    let html = common::read(&dir.path().join("replay.html"));
    assert_eq!(html.matches("\"blocked\":").count(), 1);
    assert!(
        html.contains(&format!("--instance &#39;{spec}&#39;"))
            || html.contains(&format!("--instance '{spec}'"))
    );
    let svg = common::read(&dir.path().join("replay.svg"));
    assert_eq!(svg.matches("<g class=\"blocked\"").count(), 10);
}
