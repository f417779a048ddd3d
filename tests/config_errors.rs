//! Every class of config error: exit 2, the file, line and column, what was
//! found and what is allowed — and nothing written.

mod common;

use queens::experiment::config::load;
use queens::experiment::diagnostics::ConfigWarning;

/// Runs `queens run FILE --quiet` on `text` saved as `file` in an empty
/// directory; returns the directory, the exit code and stderr.
fn run_config(file: &str, text: &str) -> (tempfile::TempDir, Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join(file), text).expect("write config");
    let out = common::queens(dir.path(), &["run", file, "--quiet"]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    (dir, out.status.code(), stderr)
}

/// Runs `queens run bad.toml` on `text` in an empty directory; returns stderr
/// after checking the exit code and that no data directory appeared.
fn refused(text: &str) -> String {
    let (dir, code, stderr) = run_config("bad.toml", text);
    assert_eq!(code, Some(2), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left, vec!["bad.toml"], "nothing written: {stderr}");
    stderr
}

/// Asserts the message points at `line` (and `column`) and mentions every
/// word of `says`.
fn assert_points_at(stderr: &str, line: usize, column: usize, says: &[&str]) {
    let at = format!("bad.toml:{line}:{column}:");
    assert!(stderr.contains(&at), "expected {at} in: {stderr}");
    for s in says {
        assert!(stderr.contains(s), "expected '{s}' in: {stderr}");
    }
}

const HEAD: &str = "name = \"t\"\nseed = 1\nsizes = [6, 8]\ntrials = 2\n";

#[test]
fn unknown_top_level_key() {
    let e = refused(&format!(
        "{HEAD}trails = 3\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 5, 1, &["unknown field `trails`", "`trials`", "`sizes`"]);
}

#[test]
fn unknown_key_in_an_algorithm_table() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"backtracking\"\nlabl = \"x\"\n"
    ));
    assert_points_at(&e, 7, 1, &["unknown field `labl`", "`label`"]);
}

#[test]
fn unknown_key_in_a_budget() {
    let e = refused(&format!(
        "{HEAD}[budget]\nmax_step = 5\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 6, 1, &["unknown field `max_step`", "`max_steps`"]);
}

#[test]
fn wrong_type() {
    let e = refused(
        "name = \"t\"\nseed = \"2016\"\nsizes = [8]\ntrials = 2\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 2, 8, &["invalid type", "string", "u64"]);
}

#[test]
fn wrong_type_of_trials() {
    let e = refused(
        "name = \"t\"\nsizes = [8]\ntrials = \"many\"\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 3, 10, &["\"many\"", "whole number >= 1"]);
}

#[test]
fn unknown_algorithm() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"quantum-annealing\"\n"
    ));
    assert_points_at(
        &e,
        6,
        8,
        &[
            "unknown algorithm 'quantum-annealing'",
            "backtracking",
            "min-conflicts",
        ],
    );
}

#[test]
fn unknown_parameter() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"backtracking\"\nparams = {{ mode = \"first\", depth = 3 }}\n"
    ));
    assert_points_at(
        &e,
        7,
        28,
        &["unknown parameter 'depth'", "mode (first|exhaustive)"],
    );
}

#[test]
fn bad_parameter_value() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"backtracking\"\n\n[algorithm.params]\nmode = \"all\"\n"
    ));
    assert_points_at(&e, 9, 8, &["'\"all\"'", "first|exhaustive"]);
}

#[test]
fn empty_sizes() {
    let e =
        refused("name = \"t\"\ntrials = 2\nsizes = []\n[[algorithm]]\nname = \"backtracking\"\n");
    assert_points_at(&e, 3, 9, &["sizes is empty", "[8, 10, 12]"]);
}

#[test]
fn board_size_zero() {
    let e = refused(
        "name = \"t\"\ntrials = 2\nsizes = [4, 0, 8]\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 3, 9, &["board size 0", "1..="]);
}

#[test]
fn board_size_zero_in_a_range() {
    let e = refused(
        "name = \"t\"\ntrials = 2\n[[algorithm]]\nname = \"backtracking\"\nsizes = { from = 0, to = 8 }\n",
    );
    assert_points_at(&e, 5, 9, &["from 0 to 8", "1 <= from <= to"]);
}

#[test]
fn duplicate_labels() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"backtracking\"\n[[algorithm]]\nname = \"construction\"\nlabel = \"backtracking\"\n"
    ));
    assert_points_at(&e, 9, 9, &["duplicate label 'backtracking'", "unique"]);
}

#[test]
fn same_algorithm_twice_without_labels() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"backtracking\"\n[[algorithm]]\nname = \"backtracking\"\nparams = {{ mode = \"exhaustive\" }}\n"
    ));
    assert_points_at(&e, 8, 8, &["duplicate label 'backtracking'", "label = "]);
}

#[test]
fn missing_algorithm_table() {
    let e = refused(HEAD);
    assert_points_at(
        &e,
        1,
        1,
        &["no [[algorithm]] table", "name = \"min-conflicts\""],
    );
}

#[test]
fn missing_sizes() {
    let e = refused("name = \"t\"\ntrials = 2\n\n[[algorithm]]\nname = \"backtracking\"\n");
    assert_points_at(&e, 5, 8, &["no sizes for 'backtracking'", "`sizes`"]);
}

#[test]
fn trials_table_missing_a_size() {
    let e = refused(
        "name = \"t\"\nsizes = [6, 8]\ntrials = { 6 = 10 }\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 3, 10, &["no trial count for n = 8", "covers n = 6"]);
}

#[test]
fn trials_table_naming_a_size_twice() {
    let e = refused(
        "name = \"t\"\nsizes = [8]\ntrials = { 8 = 10, 08 = 20 }\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 3, 10, &["n = 8 twice", "give each size once"]);
}

#[test]
fn time_limit_too_large() {
    let e = refused(&format!(
        "{HEAD}[budget]\ntime_limit = 1e20\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 6, 14, &["time_limit = 1e20", "up to 1e9"]);
}

#[test]
fn syntax_error() {
    let e = refused("name = \"t\"\nsizes = [6, 8\ntrials = 2\n");
    assert!(
        e.contains("bad.toml:2:") || e.contains("bad.toml:3:"),
        "{e}"
    );
}

#[test]
fn negative_budget() {
    let e = refused(&format!(
        "{HEAD}[budget]\nmax_steps = -5\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 6, 13, &["-5", "u64"]);
}

#[test]
fn non_positive_time_limit() {
    let e = refused(&format!(
        "{HEAD}[budget]\ntime_limit = 0\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 6, 14, &["time_limit = 0", "positive number of seconds"]);
}

#[test]
fn unsafe_experiment_name() {
    let e = refused(
        "name = \"../up\"\nsizes = [8]\ntrials = 1\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 1, 8, &["\"../up\"", "letters, digits"]);
}

#[test]
fn an_experiment_name_with_a_newline_or_nul_is_printed_escaped() {
    for (toml, shown) in [("a\\nb", "\"a\\nb\""), ("a\\u0000b", "\"a\\0b\"")] {
        let e = refused(&format!(
            "name = \"{toml}\"\nsizes = [8]\ntrials = 1\n[[algorithm]]\nname = \"backtracking\"\n"
        ));
        assert_points_at(&e, 1, 8, &[shown, "letters, digits"]);
        assert!(
            !e.contains('\0') && e.trim_end().lines().count() <= 4,
            "{e:?}"
        );
    }
}

#[test]
fn missing_config_file_is_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = common::queens(dir.path(), &["run", "nope.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nope.toml"));
    assert!(!dir.path().join("data").exists());
}

#[test]
fn a_label_must_be_one_line() {
    let e = refused(&format!(
        "{HEAD}[[algorithm]]\nname = \"backtracking\"\nlabel = \"two\\nlines\"\n"
    ));
    assert_points_at(&e, 7, 9, &["\"two\\nlines\"", "one-line name"]);
}

/// A name that could display as another (a right-to-left override turns
/// the rest of a label around; a line separator breaks a table's row; a
/// zero-width space makes two labels that look alike differ) is refused
/// where it is written, with the character's code point and kind, as
/// control characters are; prose may break lines but not turn text around.
#[test]
fn names_that_could_display_as_others_are_refused() {
    let external = "name = \"external\"\nlabel = \"mine\"\ncommand = [\"sh\"]\n";
    let cases = [
        (
            "[[algorithm]]\nname = \"backtracking\"\nlabel = \"min-conflicts\u{202E}tset\"\n"
                .to_string(),
            (7, 9),
            "U+202E (a bidirectional control) at character 14",
        ),
        (
            "[[algorithm]]\nname = \"backtracking\"\nlabel = \"a\u{2028}b\"\n".to_string(),
            (7, 9),
            "U+2028 (a line separator)",
        ),
        (
            "[[algorithm]]\nname = \"backtracking\"\nlabel = \"back\u{200B}tracking\"\n"
                .to_string(),
            (7, 9),
            "U+200B (an invisible format character)",
        ),
        (
            format!("[[algorithm]]\n{external}step = \"re\u{2066}pair\"\n"),
            (9, 8),
            "U+2066 (a bidirectional control)",
        ),
        (
            format!("[[algorithm]]\n{external}params = {{ mode = \"fa\u{202D}st\" }}\n"),
            (9, 19),
            "U+202D (a bidirectional control)",
        ),
        (
            "description = \"fine\\n\u{202E}desrever\"\n[[algorithm]]\nname = \"backtracking\"\n"
                .to_string(),
            (5, 15),
            "U+202E (a bidirectional control) at character 6",
        ),
        (
            "[[algorithm]]\nname = \"backtracking\"\n[[algorithm]]\nname = \"min-conflicts\"\n\
             [[question]]\na = \"backtracking\"\nb = \"min-conflicts\"\ncontext = \"x\u{2029}y\"\n"
                .to_string(),
            (12, 11),
            "U+2029 (a paragraph separator)",
        ),
    ];
    for (table, (line, column), says) in cases {
        let e = refused(&format!("{HEAD}{table}"));
        assert_points_at(&e, line, column, &[says, "display as another"]);
    }
    let prose = format!(
        "{HEAD}description = \"two lines,\\n\\tindented\"\n[[algorithm]]\nname = \"backtracking\"\n"
    );
    load("ok.toml", &prose).unwrap_or_else(|e| panic!("line breaks in prose: {e}"));
}

#[test]
fn a_restart_budget_on_an_algorithm_that_never_restarts_is_a_warning() {
    let text = format!(
        "{HEAD}[budget]\nmax_restarts = 3\n\n[[algorithm]]\nname = \"annealing\"\n\n\
         [[algorithm]]\nname = \"min-conflicts\"\n"
    );
    let (dir, code, stderr) = run_config("warn.toml", &text);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "warning: warn.toml:9:8: 'annealing': max_restarts has no effect on annealing"
        ),
        "{stderr}"
    );
    // Min-conflicts restarts, so its budget is not worth a warning.
    assert_eq!(stderr.matches("warning:").count(), 1, "{stderr}");
    // The library hands the warning over typed, located at the name.
    let experiment = load("warn.toml", &text).expect("loads");
    match experiment.warnings.as_slice() {
        [
            ConfigWarning::RestartBudgetIgnored {
                location,
                label,
                algorithm,
                ..
            },
        ] => {
            assert_eq!((location.line, location.column), (9, 8));
            assert_eq!(location.excerpt, "name = \"annealing\"");
            assert_eq!(
                (label.as_str(), algorithm.as_str()),
                ("annealing", "annealing")
            );
        }
        other => panic!("{other:?}"),
    }
    let runs = std::fs::read_to_string(dir.path().join("data/t/runs.csv")).expect("runs.csv");
    assert_eq!(runs.lines().count(), 1 + 2 * 2 * 2, "{runs}");
}

#[test]
fn a_range_of_a_trillion_sizes_is_refused_before_it_is_built() {
    let e = refused(
        "name = \"t\"\ntrials = 1\nsizes = { from = 1, to = 1_000_000_000_000 }\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 3, 9, &["1000000000000 sizes", "at most 1000000"]);
}

#[test]
fn a_trillion_trials_are_refused_before_the_plan_is_built() {
    let e = refused(&format!(
        "name = \"t\"\ntrials = {}\nsizes = [6, 8]\n[[algorithm]]\nname = \"backtracking\"\n",
        1_000_000_000_000u64
    ));
    assert_points_at(&e, 2, 10, &["2000000000000 trials", "at most 1000000"]);
}

#[test]
fn a_million_distinct_sizes_are_checked_in_linear_time() {
    // One size too many for the limit when it appears twice: the duplicate
    // check (a hash set) runs over the whole list and names the repeat.
    let mut list: Vec<String> = (1..=999_999).map(|n| n.to_string()).collect();
    list.push("999999".to_string());
    let text = format!(
        "name = \"t\"\ntrials = 1\nsizes = [{}]\n[[algorithm]]\nname = \"backtracking\"\n",
        list.join(", ")
    );
    let error = load("big.toml", &text).err().expect("a duplicate size");
    assert!(
        error
            .to_string()
            .contains("board size 999999 appears twice"),
        "{error}"
    );
}

#[test]
fn a_zero_step_budget_and_a_trials_size_not_planned_are_warned_at_their_place() {
    let text = "name = \"t\"\nseed = 1\nsizes = [6, 8]\ntrials = { 6 = 1, 8 = 1, 12 = 3 }\n\
                [[algorithm]]\nname = \"min-conflicts\"\nbudget = { max_steps = 0 }\n";
    let experiment = load("warn.toml", text).expect("loads");
    match experiment.warnings.as_slice() {
        [
            ConfigWarning::ZeroStepBudget { location: zero },
            ConfigWarning::TrialsForUnplannedSize {
                location: unused,
                label,
                n,
            },
        ] => {
            assert_eq!((zero.line, zero.column), (7, 24));
            assert_eq!((unused.line, unused.column), (4, 10));
            assert_eq!((label.as_str(), *n), ("min-conflicts", 12));
        }
        other => panic!("{other:?}"),
    }
    let (_dir, code, stderr) = run_config("warn.toml", text);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("warning: warn.toml:7:24: max_steps = 0: every trial stops"),
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: warn.toml:4:10: 'min-conflicts': the trials table names n = 12"),
        "{stderr}"
    );
}

#[test]
fn one_step_budget_over_different_step_units_is_a_warning_naming_each_unit() {
    let text = format!(
        "{HEAD}[budget]\nmax_steps = 500\n\n[[algorithm]]\nname = \"random-restart\"\n\n\
         [[algorithm]]\nname = \"min-conflicts\"\n\n\
         [[algorithm]]\nname = \"naive-repair\"\n"
    );
    let experiment = load("warn.toml", &text).expect("loads");
    match experiment.warnings.as_slice() {
        [
            ConfigWarning::StepBudgetAcrossUnits {
                location,
                max_steps,
                units,
            },
        ] => {
            assert_eq!((location.line, location.column, *max_steps), (6, 13, 500));
            let labels: Vec<(&str, Vec<&str>)> = units
                .iter()
                .map(|(u, ls)| (u.as_str(), ls.iter().map(String::as_str).collect()))
                .collect();
            assert_eq!(
                labels,
                [
                    ("board drawn", vec!["random-restart"]),
                    ("repair", vec!["min-conflicts", "naive-repair"])
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    let per_entry = text.replace(
        "name = \"random-restart\"\n",
        "name = \"random-restart\"\nbudget = { max_steps = 500 }\n",
    );
    assert!(
        load("warn.toml", &per_entry)
            .expect("loads")
            .warnings
            .is_empty()
    );
    let (_dir, code, stderr) = run_config("warn.toml", &text);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("warning: warn.toml:6:13: max_steps = 500 counts different units: board drawn for 'random-restart'; repair for 'min-conflicts', 'naive-repair'"),
        "{stderr}"
    );
}

#[test]
fn a_config_that_is_not_utf8_names_the_line_and_offset_of_the_bad_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("bad.toml"),
        b"name = \"t\"\ndescription = \"caf\xe9\"\n",
    )
    .expect("write");
    let out = common::queens(dir.path(), &["run", "bad.toml", "-q"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("bad.toml:2: byte 0xe9 at offset 29 (byte 19 of line 2) is not UTF-8"),
        "{stderr}"
    );
}

#[test]
fn a_budget_that_is_not_one_table_says_what_a_budget_is() {
    for budget in ["budget = [1]\n", "[[budget]]\nmax_steps = 1\n"] {
        let e = refused(&format!(
            "{HEAD}{budget}[[algorithm]]\nname = \"backtracking\"\n"
        ));
        assert!(e.contains("bad.toml:5:"), "{e}");
        assert!(
            e.contains(
                "budget must be a table with keys max_steps, max_restarts, max_checks, time_limit"
            ),
            "{e}"
        );
        assert!(!e.contains("RawBudget"), "{e}");
    }
}

#[test]
fn a_name_too_long_for_a_directory_is_refused_before_anything_is_written() {
    let long = "x".repeat(256);
    let e = refused(&format!(
        "name = \"{long}\"\nsizes = [6]\ntrials = 1\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 1, 8, &["256 bytes", "at most 255"]);
}

#[test]
fn a_huge_time_limit_is_shown_in_scientific_notation() {
    let e = refused(&format!(
        "{HEAD}[budget]\ntime_limit = 1e300\n[[algorithm]]\nname = \"backtracking\"\n"
    ));
    assert_points_at(&e, 6, 14, &["time_limit = 1e300", "up to 1e9"]);
    assert!(!e.contains("0000000000"), "{e}");
}

#[test]
fn a_damaged_metadata_file_names_the_remedies() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    std::fs::write(
        d.join("ok.toml"),
        "name = \"t\"\nsizes = [6]\ntrials = 1\n[[algorithm]]\nname = \"backtracking\"\n",
    )
    .expect("config");
    std::fs::create_dir_all(d.join("data/t")).expect("dir");
    std::fs::write(d.join("data/t/metadata.json"), "{").expect("damaged");
    let out = common::queens(d, &["run", "ok.toml", "-q"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for says in [
        "data/t/metadata.json is damaged",
        "git checkout -- data/t/metadata.json",
        "mv data/t data/t.damaged",
        "--fresh",
    ] {
        assert!(stderr.contains(says), "expected '{says}' in: {stderr}");
    }
}

#[test]
fn trials_and_sizes_above_the_largest_integer_say_the_allowed_ranges() {
    let algorithm = "[[algorithm]]\nname = \"backtracking\"\n";
    for (line, text) in [
        (
            4,
            format!(
                "name = \"t\"\nseed = 1\nsizes = [6]\ntrials = 18446744073709551615\n{algorithm}"
            ),
        ),
        (
            4,
            format!(
                "name = \"t\"\nseed = 1\nsizes = [6]\ntrials = 99999999999999999999999\n{algorithm}"
            ),
        ),
        (
            3,
            format!(
                "name = \"t\"\nseed = 1\nsizes = [99999999999999999999999]\ntrials = 2\n{algorithm}"
            ),
        ),
    ] {
        let e = refused(&text);
        assert!(e.contains(&format!("bad.toml:{line}:")), "{e}");
        assert!(
            e.contains("trials are whole numbers from 1 to 1000000")
                && e.contains("sizes from 1 to 4294967295"),
            "{e}"
        );
    }
    let e = refused(&format!(
        "name = \"t\"\nseed = 1\nsizes = [6]\ntrials = {{ 99999999999999999999999 = 5 }}\n{algorithm}"
    ));
    assert!(e.contains("a whole number from 1 to 4294967295"), "{e}");
}

#[test]
fn a_label_or_name_that_a_spreadsheet_would_run_as_a_formula_is_refused() {
    for label in ["=HYPERLINK(\\\"http://x\\\")", "+1", "-x", "@SUM(A1)"] {
        let e = refused(&format!(
            "{HEAD}[[algorithm]]\nname = \"backtracking\"\nlabel = \"{label}\"\n"
        ));
        assert_points_at(
            &e,
            7,
            9,
            &["must not start with '=', '+', '-', '@'", "as a formula"],
        );
    }
    let e = refused(
        "name = \"-t\"\nseed = 1\nsizes = [6]\ntrials = 2\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    assert_points_at(&e, 1, 8, &["not starting with '.' or '-'"]);
}

#[test]
fn an_external_programs_text_that_a_spreadsheet_would_run_is_refused_but_a_negative_number_is_not()
{
    let external = |extra: &str| {
        format!(
            "{HEAD}[[algorithm]]\nname = \"external\"\nlabel = \"mine\"\ncommand = [\"sh\"]\n{extra}"
        )
    };
    let message = |extra: &str| match load("bad.toml", &external(extra)) {
        Ok(_) => panic!("{extra} accepted"),
        Err(e) => e.to_string(),
    };
    let e = message("params = { mode = \"-1+2\" }\n");
    assert!(e.contains("as a formula"), "{e}");
    let e = message("step = \"=move\"\n");
    assert!(e.contains("starting with a letter"), "{e}");
    load(
        "ok.toml",
        &external("params = { offset = -1, mode = \"fast\" }\n"),
    )
    .unwrap_or_else(|e| panic!("a negative number is a number: {e}"));
}

#[test]
fn a_targets_list_that_is_not_whole_strictly_decreasing_and_ending_in_zero_is_refused() {
    let tail = "[[algorithm]]\nname = \"backtracking\"\n";
    for (targets, says) in [
        ("[]", "targets is empty"),
        ("[3, -1, 0]", "target -1 is not a whole number >= 0"),
        ("[2.5, 0]", "target 2.5 is not a whole number >= 0"),
        (
            "[1, 3, 0]",
            "target 3 comes after 1: targets go strictly down",
        ),
        ("[3, 3, 0]", "target 3 comes after 3"),
        ("[10, 3, 1]", "the last target is 1, not 0"),
        ("5", "targets = 5 is not a list"),
    ] {
        let e = refused(&format!("{HEAD}targets = {targets}\n{tail}"));
        assert_points_at(&e, 5, 11, &[says, "like targets = [10, 3, 1, 0]"]);
    }
}

#[test]
fn a_targets_list_loads_as_written_and_without_it_the_default_rule_holds() {
    use queens::analysis::targets::TargetRule;
    let tail = "[[algorithm]]\nname = \"backtracking\"\n";
    let set = load("t.toml", &format!("{HEAD}targets = [10, 3, 1, 0]\n{tail}"));
    assert_eq!(
        set.map(|e| e.targets).ok(),
        Some(TargetRule::Configured(vec![10, 3, 1, 0]))
    );
    let unset = load("t.toml", &format!("{HEAD}{tail}"));
    assert_eq!(unset.map(|e| e.targets).ok(), Some(TargetRule::Ladder));
}
