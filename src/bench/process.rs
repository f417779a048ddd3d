//! The CPU time of a whole `queens` process: what a user waits for, beside
//! the search a trial times. A benchmark runs the `queens` executable it is
//! given as a child (reading its options, allocating, searching, validating
//! the solution, freeing, exiting) and reads the child's user and system
//! time from the operating system (`getrusage` of the waited-for children,
//! before and after); `queens solve --json` reports its own search's CPU
//! time, so the work outside the search is measured within one process.

use std::path::Path;
use std::process::{Command, Stdio};

use super::{BenchError, BenchOptions, BenchRow};

/// `row` with the CPU seconds of a whole `queens solve --json` process
/// running `algorithm` with `params` (`key=value` each) at size `n` and
/// `seed`, and of the search inside it, when the options give the `queens`
/// executable; `row` as it is otherwise.
pub fn with_solve_process(
    row: BenchRow,
    options: &BenchOptions,
    algorithm: &str,
    params: &[&str],
    n: usize,
    seed: u64,
) -> Result<BenchRow, BenchError> {
    let Some(queens) = &options.queens_program else {
        return Ok(row);
    };
    let mut args = vec![
        "solve".to_owned(),
        "--algorithm".to_owned(),
        algorithm.to_owned(),
    ];
    for param in params {
        args.extend(["--param".to_owned(), (*param).to_owned()]);
    }
    args.extend(
        [
            "--size",
            &n.to_string(),
            "--seed",
            &seed.to_string(),
            "--json",
        ]
        .map(str::to_owned),
    );
    let child = run_child(queens, &args)?;
    let search = serde_json::from_str::<serde_json::Value>(&child.stdout)
        .ok()
        .and_then(|report| report["cpu_seconds"].as_f64())
        .ok_or_else(|| BenchError::ChildReport {
            command: shell_words::join(&args),
            expected: "one JSON object with the search's cpu_seconds",
            found: child.stdout.trim().chars().take(200).collect(),
        })?;
    Ok(row.with_process(child.cpu_seconds, search))
}

/// A child process that ran to its end.
#[derive(Clone, Debug)]
pub struct ChildRun {
    /// Its CPU seconds: user and system, all threads.
    pub cpu_seconds: f64,
    /// What it wrote to standard output.
    pub stdout: String,
}

/// Runs `program` with `args` to its end and measures its CPU time. Fails if
/// it cannot start or ends unsuccessfully, naming the command and what it
/// wrote to standard error.
pub fn run_child(program: &Path, args: &[String]) -> Result<ChildRun, BenchError> {
    let command = || {
        shell_words::join(
            std::iter::once(program.display().to_string()).chain(args.iter().cloned()),
        )
    };
    let before = children_cpu_seconds();
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|source| BenchError::ChildStart {
            command: command(),
            source,
        })?;
    if !output.status.success() {
        return Err(BenchError::ChildFailed {
            command: command(),
            status: output.status.to_string(),
            stderr: String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        });
    }
    Ok(ChildRun {
        cpu_seconds: children_cpu_seconds() - before,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
    })
}

/// User and system seconds of every child this process has waited for.
#[cfg(unix)]
fn children_cpu_seconds() -> f64 {
    use nix::sys::resource::{UsageWho, getrusage};
    use nix::sys::time::TimeValLike;
    // RUSAGE_CHILDREN cannot fail for the calling process.
    getrusage(UsageWho::RUSAGE_CHILDREN).map_or(0.0, |usage| {
        (usage.user_time().num_microseconds() + usage.system_time().num_microseconds()) as f64 / 1e6
    })
}

/// Elsewhere the children's CPU time is not read: 0.
#[cfg(not(unix))]
fn children_cpu_seconds() -> f64 {
    0.0
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_busy_child_is_charged_its_cpu_time() {
        // About 0.2 s of arithmetic in the shell: well above the clock's
        // resolution, and all of it the child's.
        let script = "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done".to_owned();
        let busy = run_child(
            Path::new("/bin/sh"),
            &["-c".to_owned(), script + "; echo $i"],
        )
        .expect("the shell runs");
        assert!(busy.cpu_seconds > 0.01, "{busy:?}");
        assert_eq!(busy.stdout, "200000\n");
        let idle = run_child(Path::new("/bin/sh"), &["-c".to_owned(), "true".to_owned()])
            .expect("the shell runs");
        assert!(idle.cpu_seconds < busy.cpu_seconds, "{idle:?} vs {busy:?}");
    }

    #[test]
    fn a_failing_or_missing_child_is_an_error_naming_the_command() {
        let error = run_child(
            Path::new("/bin/sh"),
            &["-c".to_owned(), "echo broken >&2; exit 3".to_owned()],
        )
        .expect_err("exit 3");
        let message = error.to_string();
        assert!(
            message.contains("/bin/sh -c")
                && message.contains("exit status: 3): broken; run that command by hand"),
            "{message}"
        );
        assert!(
            matches!(&error, BenchError::ChildFailed { stderr, .. } if stderr == "broken"),
            "{error:?}"
        );
        let error = run_child(Path::new("/nonexistent/queens"), &[]).expect_err("absent");
        assert!(error.to_string().contains("/nonexistent/queens"), "{error}");
    }
}
