//! The readers of the published instance formats
//! (`base::instance::read`): each reads its samples in
//! tests/fixtures/instances into exactly the squares and queens they
//! list, one instance written in several formats reads the same, the
//! origin records the file's SHA-256, a bad file is refused at its line,
//! and a config's `[instance]` table reads files and directories relative
//! to the config (through `config::load` and through `queens run`).

mod common;

use std::path::{Path, PathBuf};

use queens::base::instance::read::{MAX_FILE_BYTES, read_file};
use queens::base::instance::{Diagonal, Instance, InstanceSource, Origin};
use queens::experiment::config::{self, Programs, load_with};
use queens::solvers::in_process::InProcessSolvers;
use queens::solvers::memory::MemoryEstimate;
use queens::solvers::{Configured, Control, Metrics, Outcome, Params, Solver, StopReason};
use rand::rngs::ChaCha8Rng;
use sha2::{Digest, Sha256};

/// The fixtures' directory.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/instances")
}

/// The fixture `name`, read.
fn fixture(name: &str) -> Instance {
    read_file(&fixtures().join(name), name).unwrap_or_else(|e| panic!("{e}"))
}

/// The blocked squares of the CSPLib prob080 sample (block-10.tar.gz), as
/// it writes them (from 1).
const CSPLIB_BLOCKS: [(u32, u32); 24] = [
    (1, 2),
    (1, 3),
    (1, 7),
    (1, 10),
    (2, 3),
    (2, 8),
    (3, 9),
    (4, 1),
    (4, 2),
    (5, 5),
    (5, 7),
    (6, 4),
    (6, 7),
    (6, 10),
    (7, 1),
    (7, 6),
    (7, 7),
    (9, 2),
    (9, 3),
    (9, 4),
    (9, 10),
    (10, 4),
    (10, 6),
    (10, 8),
];

#[test]
fn the_csplib_blocked_sample_reads_its_24_blocks_shifted_to_0() {
    let i = fixture("blocked-10.param");
    assert_eq!(i.n(), 10);
    assert_eq!(i.blocked_count(), 24);
    assert_eq!(i.given_count(), 0);
    // [1, 2] is row 0, column 1; [10, 8] is row 9, column 7.
    assert!(!i.is_allowed(0, 1));
    assert!(!i.is_allowed(9, 7));
    assert!(i.is_allowed(0, 0));
    assert!(i.is_allowed(7, 0), "row 8 (from 1) has no block");
    assert_eq!(i.allowed_in_row(7), 10);
    let expected: Vec<(u32, u32)> = CSPLIB_BLOCKS.iter().map(|&(r, c)| (r - 1, c - 1)).collect();
    assert_eq!(i.blocked_squares().collect::<Vec<_>>(), expected);
}

#[test]
fn one_instance_in_three_formats_reads_the_same() {
    let essence = fixture("blocked-10.param");
    for other in ["blocked-10.lp", "blocked-10-lines.param"] {
        let i = fixture(other);
        assert_eq!(i.n(), essence.n(), "{other}");
        assert_eq!(
            i.blocked_squares().collect::<Vec<_>>(),
            essence.blocked_squares().collect::<Vec<_>>(),
            "{other}"
        );
        for r in 0..10 {
            assert_eq!(i.row_mask(r), essence.row_mask(r), "{other} row {r}");
        }
    }
}

#[test]
fn completion_reads_init_from_0_and_minizinc_from_1() {
    let essence = fixture("completion-8.param");
    let dzn = fixture("completion-8.dzn");
    // init [[0, 0], [1, 4], [2, 7]]; row [1, 2, 3], col [1, 5, 8].
    let expected = [(0, 0), (1, 4), (2, 7)];
    assert_eq!(essence.given_queens().collect::<Vec<_>>(), expected);
    assert_eq!(dzn.given_queens().collect::<Vec<_>>(), expected);
    for i in [&essence, &dzn] {
        assert_eq!(i.n(), 8);
        assert_eq!(i.blocked_count(), 0);
        assert_eq!(i.given(1), Some(4));
        assert_eq!(i.given(3), None);
        assert_eq!(i.check(&[0, 4, 7, 5, 2, 6, 1, 3]), Ok(()));
    }
}

#[test]
fn the_diagonal_sample_blocks_its_ten_diagonals() {
    let i = fixture("diag-8.param");
    assert_eq!(i.n(), 8);
    // Sum diagonal 1: (0,1) and (1,0). Difference [14, 0]: row − column =
    // 14 − 7 = 7, only (7,0). Difference [0, 0]: row − column = −7, only
    // (0,7).
    for square in [(0, 1), (1, 0), (7, 0), (0, 7)] {
        assert!(!i.is_allowed(square.0, square.1 as u32), "{square:?}");
    }
    let pairs = [
        (1, 1),
        (14, 0),
        (12, 0),
        (11, 0),
        (4, 1),
        (1, 0),
        (7, 1),
        (13, 1),
        (9, 1),
        (0, 0),
    ];
    // Worked out from the generator's definitions, not from Diagonal.
    let mut expected = Vec::new();
    for r in 0..8i64 {
        for c in 0..8i64 {
            let on = pairs.iter().any(|&(d, kind)| {
                if kind == 1 {
                    r + c == d
                } else {
                    r - c == d - 7
                }
            });
            if on {
                expected.push((r as u32, c as u32));
            }
        }
    }
    assert_eq!(i.blocked_squares().collect::<Vec<_>>(), expected);
    // The same through Diagonal::column_in_row.
    assert_eq!(Diagonal::Difference(14).column_in_row(7, 8), Some(0));
    assert_eq!(Diagonal::Difference(14).column_in_row(6, 8), None);
}

#[test]
fn numdiags_takes_a_prefix_of_the_list() {
    let text = "n =  8\nnumdiags =  1\ndiags =  [[1, 1], [14, 0], [12, 0]]\n";
    let one = queens::base::instance::read::parse(text, "p.param", String::new()).expect("reads");
    assert_eq!(one.blocked_squares().collect::<Vec<_>>(), [(0, 1), (1, 0)]);
    let none = queens::base::instance::read::parse(
        "n = 8\nnumdiags = 0\ndiags = [[1, 1]]",
        "p.param",
        String::new(),
    )
    .expect("reads");
    assert!(none.is_plain());
}

#[test]
fn the_origin_is_the_file_as_named_with_its_sha256() {
    let path = fixtures().join("diag-8.param");
    let bytes = std::fs::read(&path).expect("fixture");
    let hex: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let i = read_file(&path, "instances/diag-8.param").expect("reads");
    assert_eq!(
        i.origin(),
        &Origin::File {
            path: "instances/diag-8.param".to_string(),
            sha256: hex.clone(),
        }
    );
    assert_eq!(
        i.origin().to_string(),
        format!("file(instances/diag-8.param,sha256={hex})")
    );
    assert_eq!(
        i.origin().to_string().parse::<Origin>().as_ref(),
        Ok(i.origin())
    );
}

/// The error of reading `bytes` written as `name` in a temporary directory:
/// its line and message (the file named `name`).
fn bad(name: &str, bytes: &[u8]) -> (usize, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("written");
    let e = read_file(&path, name).expect_err(name);
    assert_eq!(e.file, name);
    assert_eq!(e.to_string(), format!("{name}:{}: {}", e.line, e.message));
    (e.line, e.message)
}

#[test]
fn bad_files_are_refused_at_their_line() {
    let cases: &[(&str, &str, usize, &str)] = &[
        (
            "x.param",
            "letting n = 10\n$ a comment\nletting blocks = [[1, 2],\n[11, 2]]\n",
            4,
            "block (11, 2) is outside the 10×10 board: rows and columns run from 1 to 10 in this format",
        ),
        (
            "x.lp",
            "board(8).\nblock(1,1).\nqueen(2,2).\n",
            3,
            "unknown predicate `queen/2`: ASP instance facts are `board(N).`",
        ),
        (
            "x.lp",
            "board(8).\nblock(0,1).\n",
            2,
            "block (0, 1) is outside the 8×8 board: rows and columns run from 1 to 8",
        ),
        (
            "x.param",
            "letting n = 8\nletting init = [[0, 0],\n[7, 7]]\n",
            3,
            "the given queen (7, 7) attacks the given queen (0, 0) (line 2)",
        ),
        (
            "x.dzn",
            "n = 8;\nm = 2;\nrow = [1,\n2];\ncol = [1,\n2];\n",
            4,
            "the given queen (2, 2) attacks the given queen (1, 1) (line 3)",
        ),
        (
            "x.dzn",
            "n = 8;\nm = 3;\nrow = [1, 2];\ncol = [1, 5];\n",
            2,
            "m = 3 but `row` and `col` list 2 queens",
        ),
        (
            "x.dzn",
            "n = 8;\nqueens = [1];\n",
            2,
            "unknown key `queens`: an Essence′ parameter file (CSPLib problems 079 and 080) takes n, blocks, init, blocked_squares, given_queens; an excluded-diagonals file (CSPLib problem 079) takes n, numdiags, diags; MiniZinc data takes n, m, row, col",
        ),
        (
            "x.param",
            "n =  8\nnumdiags =  3\ndiags =  [[1, 1], [14, 0]]\n",
            2,
            "numdiags = 3 but `diags` lists 2",
        ),
        (
            "x.param",
            "letting blocks = [[1, 1]]\n",
            1,
            "no `n` (the board size)",
        ),
        ("x.param", "letting n = 5000\n", 1, "give N from 1 to 4096"),
        (
            "x.param",
            "letting n = 4\nletting blocks = [[1, 1],\n[2, 2]\n",
            2,
            "the list `blocks` is never closed",
        ),
    ];
    for &(name, text, line, part) in cases {
        let (found, message) = bad(name, text.as_bytes());
        assert_eq!(found, line, "{text:?}: {message}");
        assert!(message.contains(part), "{text:?}: {message}");
    }
    let (line, message) = bad("x.param", b"letting n = 4\n\xff\n");
    assert_eq!(line, 2);
    assert!(message.contains("not UTF-8"), "{message}");
}

#[test]
fn unreadable_directories_and_huge_files_are_line_0() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = read_file(&dir.path().join("none.param"), "none.param").expect_err("missing");
    assert_eq!(missing.line, 0);
    assert!(
        missing.to_string().starts_with("none.param:0: cannot read"),
        "{missing}"
    );
    let folder = read_file(dir.path(), "d").expect_err("a directory");
    assert_eq!(folder.line, 0);
    assert!(folder.message.contains("is a directory"), "{folder}");
    let huge = dir.path().join("huge.param");
    let file = std::fs::File::create(&huge).expect("created");
    file.set_len(MAX_FILE_BYTES + 1).expect("a sparse file");
    let e = read_file(&huge, "huge.param").expect_err("too large");
    assert_eq!(e.line, 0);
    assert!(e.message.contains("above the 64 MiB"), "{e}");
}

/// An in-process solver that takes instances, so that a config naming
/// instance files loads whole.
struct TakesInstances;

impl Solver for TakesInstances {
    fn solve(&self, _: usize, _: &mut ChaCha8Rng, _: &mut Control<'_>) -> Outcome {
        Outcome::unsolved(Metrics::default(), StopReason::SolverError)
    }
}

impl Configured for TakesInstances {
    fn memory(&self, _: usize) -> MemoryEstimate {
        MemoryEstimate::new(0, "")
    }

    fn never_restarts(&self) -> Option<&'static str> {
        None
    }

    fn instance_refused(&self) -> Option<String> {
        None
    }
}

/// The registry holding [`TakesInstances`] as `python:takes`.
struct Registry;

impl InProcessSolvers for Registry {
    fn build(&self, name: &str, _: &Params) -> Result<(Box<dyn Configured>, String), String> {
        match name {
            "takes" => Ok((Box::new(TakesInstances), "step".to_string())),
            other => Err(format!("no solver {other:?}")),
        }
    }
}

/// A config of `python:takes` with the instance table `instance`.
fn config_with(instance: &str, more: &str) -> String {
    format!(
        "name = \"files\"\nseed = 1\n{more}\n[instance]\n{instance}\n\n[[algorithm]]\nname = \"python:takes\"\n"
    )
}

/// The path of a config beside the fixtures' directory: `instances/…`
/// starts from it.
fn beside_fixtures() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/instances.toml")
        .to_str()
        .expect("a UTF-8 path")
        .to_string()
}

#[test]
fn a_config_file_fixes_the_size_from_the_file() {
    let source = beside_fixtures();
    let text = config_with("file = \"instances/diag-8.param\"", "trials = 3");
    let experiment = load_with(&source, &text, Programs::Check, Some(&Registry))
        .unwrap_or_else(|e| panic!("{e}"));
    let entry = &experiment.entries[0];
    assert_eq!(entry.cells, [(8, 3)]);
    let source_of = entry.instance.as_deref().expect("an instance source");
    let InstanceSource::File(file) = source_of else {
        panic!("a file source");
    };
    let direct =
        read_file(&fixtures().join("diag-8.param"), "instances/diag-8.param").expect("reads");
    assert_eq!(file.instance, direct);
    // A size other than the file's is refused.
    let wrong = config_with(
        "file = \"instances/diag-8.param\"",
        "trials = 3\nsizes = [10]",
    );
    let e = load_with(&source, &wrong, Programs::Check, Some(&Registry))
        .err()
        .expect("refused");
    assert!(e.to_string().contains("one instance file of N = 8"), "{e}");
}

#[test]
fn a_config_directory_fixes_sizes_and_trials_from_its_files() {
    let source = beside_fixtures();
    let text = config_with("dir = \"instances\"", "");
    let experiment = load_with(&source, &text, Programs::Check, Some(&Registry))
        .unwrap_or_else(|e| panic!("{e}"));
    let entry = &experiment.entries[0];
    // Three files of N = 8 (completion-8.dzn, completion-8.param,
    // diag-8.param) and three of N = 10.
    assert_eq!(entry.cells, [(8, 3), (10, 3)]);
    let source_of = entry.instance.as_deref().expect("an instance source");
    let second_8 = source_of.instance(1, 8, 1).expect("trial 1 at N = 8");
    assert!(matches!(
        second_8.origin(),
        Origin::File { path, .. } if path == "instances/completion-8.param"
    ));
    assert_eq!(second_8.given_count(), 3);
}

#[test]
fn a_bad_file_fails_the_load_with_its_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("instances")).expect("dir");
    std::fs::write(
        dir.path().join("instances/bad.param"),
        "letting n = 10\nletting blocks = [[1, 2],\n[11, 2]]\n",
    )
    .expect("written");
    let source = dir.path().join("exp.toml");
    let source = source.to_str().expect("UTF-8");
    for table in ["file = \"instances/bad.param\"", "dir = \"instances\""] {
        let text = config_with(table, "trials = 1");
        let e = load_with(source, &text, Programs::Check, Some(&Registry))
            .err()
            .expect("refused");
        assert!(
            e.to_string()
                .contains("instances/bad.param:3: block (11, 2) is outside the 10×10 board"),
            "{e}"
        );
    }
}

#[test]
fn a_builtin_algorithm_reads_the_file_before_refusing_instances() {
    let source = beside_fixtures();
    let good = "name = \"files\"\nseed = 1\ntrials = 2\n\n[instance]\nfile = \"instances/blocked-10.lp\"\n\n[[algorithm]]\nname = \"construction\"\n";
    let e = config::load(&source, good).err().expect("refused");
    assert!(
        e.to_string().contains("cannot search the plan's instances"),
        "{e}"
    );
    let accepted = config::load(&source, &good.replace("construction", "backtracking"))
        .expect("backtracking searches instances");
    assert_eq!(accepted.entries[0].cells, [(10, 2)]);
    let missing = good.replace("blocked-10.lp", "none.lp");
    let e = config::load(&source, &missing).err().expect("refused");
    assert!(
        e.to_string().contains("instances/none.lp:0: cannot read"),
        "{e}"
    );
}

#[test]
fn queens_run_refuses_a_bad_instance_file_with_exit_2() {
    let dir = common::setup(
        "name = \"files\"\nseed = 1\ntrials = 2\n\n[instance]\nfile = \"instances/bad.lp\"\n\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    std::fs::create_dir(dir.path().join("instances")).expect("dir");
    std::fs::write(
        dir.path().join("instances/bad.lp"),
        "board(8).\nblock(1,1).\nblock(9,1).\n",
    )
    .expect("written");
    for dry in [true, false] {
        let mut args = vec!["run", "exp.toml"];
        if dry {
            args.push("--dry-run");
        }
        let out = common::queens(dir.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
        let stderr = common::stderr(&out);
        assert!(
            stderr.contains("instances/bad.lp:3: block (9, 1) is outside the 8×8 board"),
            "{stderr}"
        );
    }
}
