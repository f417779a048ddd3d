//! `queens animate`: a step-by-step replay of one seeded search, written as
//! a self-contained HTML page or a self-playing SVG ([`queens::animate`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use queens::animate::{self, AnimateError, HTML_FRAMES, MAX_N, ReplaySpec, SVG_FRAMES};

use super::search_args::{Search, SearchArgs};
use super::solve::{counters_line, invalid_board};
use crate::cli::Exit;
use crate::cli::terminal::output_file::{OutputFile, STDOUT_FAILED};

/// Write an animated replay of one seeded search (N <= 32).
///
/// Runs the same search as `queens solve` with the same options, once,
/// and draws it step by step: the board with the move just made
/// highlighted, what the algorithm sees at that step (backtracking: the
/// square tested, each backtrack, the occupancy arrays of columns and
/// diagonals; naive-repair, min-conflicts and hill-climbing: the row
/// repaired and the conflicts of each of its squares; annealing: the proposed move,
/// accepted or not, temperature and energy; genetic: the best board of each
/// generation and the spread of the population), and the counters so far.
/// The last frame holds the counters `queens solve` reports for that seed.
///
/// FILE.html is one page that needs no network, with play / pause / step /
/// speed controls, a scrubber and keys (space, ← →, Home, End); FILE.svg
/// plays by itself (SMIL animation), with fewer frames. Long runs are
/// sampled (evenly, keeping restarts and solutions) and say so.
///
/// Example: queens animate -a backtracking -n 8 -o eight.html (876 tests and
/// 105 backtracks to the first solution).
///
/// Recording costs about 0.3 µs per step: backtracking, whose budget is
/// unlimited by default, needs 4.4·10^7 tests at N = 29 and 1.7·10^9 at
/// N = 30 for its first solution, so cap large boards with --max-steps.
///
/// Exit 1 when the search found no solution within its budget (the replay
/// is still written).
#[derive(clap::Args)]
#[command(
    override_usage = "queens animate [--algorithm <ALGORITHM>] --size <N> --output <FILE.html|FILE.svg> [OPTIONS]"
)]
pub struct AnimateArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Where to write the replay: FILE.html (an interactive page) or FILE.svg
    /// (an animation that plays by itself); the extension picks the format.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

/// The two formats of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Html,
    Svg,
}

/// The format named by `path`'s extension (case ignored).
fn format_of(path: &Path) -> anyhow::Result<Format> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("html" | "htm") => Ok(Format::Html),
        Some("svg") => Ok(Format::Svg),
        _ => anyhow::bail!(
            "cannot tell the replay format of '{}': name the file FILE.html (interactive page) or FILE.svg (self-playing animation)",
            path.display()
        ),
    }
}

/// Records the replay, writes it and prints where, with the final counters.
pub fn run(args: AnimateArgs) -> anyhow::Result<Exit> {
    let format = format_of(&args.output)?;
    let SearchArgs { n, seed, .. } = args.search;
    if n > MAX_N {
        return Err(AnimateError::TooLarge { n }.into());
    }
    let search = args.search.build()?;
    let Search {
        algorithm,
        params,
        solver,
        budget,
        start,
    } = &search;
    let output = OutputFile::check(&args.output, "the replay file")?;
    let spec = ReplaySpec {
        solver: &**solver,
        algorithm: algorithm.name,
        params,
        n,
        seed,
        budget: *budget,
        frames: match format {
            Format::Html => HTML_FRAMES,
            Format::Svg => SVG_FRAMES,
        },
        start: start.as_deref(),
    };
    let replay = animate::record(&spec).map_err(|e| match e {
        AnimateError::InvalidSolution(invalid) => anyhow::Error::from(invalid_board(
            algorithm.name,
            &invalid,
            search.replay(n, seed),
        )),
        other => other.into(),
    })?;
    let text = match format {
        Format::Html => animate::html::render(&replay),
        Format::Svg => animate::svg::render(&replay),
    };
    output.write_with(|w| w.write_all(text.as_bytes()))?;
    let mut out = io::stdout().lock();
    let sampled = if replay.sampled {
        format!(", sampled from {}", replay.frames_seen + 1)
    } else {
        String::new()
    };
    writeln!(
        out,
        "wrote {} ({} frames{sampled}, {} bytes)",
        args.output.display(),
        replay.frames.len(),
        text.len()
    )
    .and_then(|()| writeln!(out, "{}", counters_line(&args.search, &replay.outcome)))
    .context(STDOUT_FAILED)?;
    Ok(if replay.outcome.is_solved() {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_picks_the_format() {
        assert_eq!(
            format_of(Path::new("a/eight.html")).ok(),
            Some(Format::Html)
        );
        assert_eq!(format_of(Path::new("EIGHT.HTM")).ok(), Some(Format::Html));
        assert_eq!(format_of(Path::new("x.svg")).ok(), Some(Format::Svg));
        for bad in ["x.png", "x", "x.html.txt"] {
            let message = format_of(Path::new(bad)).expect_err(bad).to_string();
            assert!(
                message.contains("FILE.html") && message.contains(bad),
                "{message}"
            );
        }
    }
}
