//! `queens animate`: a step-by-step replay of one seeded search, written as
//! a self-contained HTML page or a self-playing SVG ([`queens::animate`]),
//! or a race of two searches on one page (`--versus`, whose options a small
//! clap parser of their own reads: [`versus_search`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches};
use queens::animate::race::{self, RACE_FRAMES, Race};
use queens::animate::{self, AnimateError, HTML_FRAMES, MAX_N, Replay, ReplaySpec, SVG_FRAMES};

use super::search_args::{Search, SearchArgs};
use super::solve::{counters_line, invalid_board};
use crate::cli::Exit;
use crate::cli::terminal::output_file::{OutputFile, STDOUT_FAILED};

/// Write an animated replay of one seeded search, or a race of two (N <= 32).
///
/// Runs the same search as `queens solve` with the same options, once,
/// and draws it step by step: the board with the move just made
/// highlighted, what the algorithm sees at that step (backtracking: the
/// square tested, each backtrack, the occupancy arrays of columns and
/// diagonals; naive-repair, min-conflicts and hill-climbing: the row repaired and the
/// conflicts of each of its squares as a heat strip; annealing: the
/// proposed move, accepted or not, temperature and energy; genetic: the
/// best board of each generation and a chart of the population's spread),
/// and the counters so far. Every pair of queens that attack each other is
/// joined by a line, each attacked queen shows how many queens attack it,
/// and marks do not rely on colour alone (✓ safe, ✗ attacked, ↑ lifted).
/// Rows and columns count from 1, on the labels and in the text. The last
/// frame holds the counters `queens solve` reports for that seed.
///
/// FILE.html is one page that needs no network, with play / pause / step /
/// speed controls, a scrubber, jumps to the next backtrack, restart or
/// solution, a projector mode (the board fills the window, larger text),
/// attacks on or off, and keys (space, ← →, Home, End, B R S, A, P); its
/// address ends in #frame=N, a link to the frame shown. FILE.svg plays by
/// itself (SMIL animation), with fewer frames. Long runs are sampled
/// (evenly, keeping restarts and solutions) and say so where they skip.
///
/// --versus "OPTIONS" adds a second search on the same N and seed (its
/// algorithm, parameters and budget written as on the command line, in
/// one quoted string) and writes one page that plays both in lockstep,
/// each with its counters, saying which finished first. The second
/// search inherits N, the seed, the algorithm (unless it names -a or
/// --command), the budget options, the first board (--start) and the
/// instance (--instance) it does not give; its parameters are only those
/// it gives. Races are HTML only.
///
/// With --instance (see `queens solve`), the board shows the instance:
/// blocked squares dark and crossed (✕), given queens outlined (♕) in a
/// dashed frame, apart from the filled queens (♛) the search placed.
///
/// Examples: queens animate -a backtracking -n 8 -o eight.html (876 tests and
/// 105 backtracks to the first solution); queens animate -a backtracking
/// -n 8 --seed 1 --versus "-a min-conflicts" -o race.html; queens animate
/// -a naive-repair --param variant=blog -n 8 --versus "-a min-conflicts
/// --param variant=blog" -o blog.html (the blog's stupid and smarter
/// repair).
///
/// Recording costs about 0.3 µs per step: backtracking, whose budget is
/// unlimited by default, needs 4.4·10^7 tests at N = 29 and 1.7·10^9 at
/// N = 30 for its first solution, so cap large boards with --max-steps.
///
/// Exit 1 when a search found no solution within its budget (the replay
/// is still written).
#[derive(clap::Args)]
#[command(
    override_usage = "queens animate [--algorithm <ALGORITHM>] --size <N> --output <FILE.html|FILE.svg> [--versus <OPTIONS>] [OPTIONS]"
)]
pub struct AnimateArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Where to write the replay: FILE.html (an interactive page) or FILE.svg
    /// (an animation that plays by itself); the extension picks the format.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// A second search to race against the first on one page: its options
    /// in one quoted string, like "-a min-conflicts" or "--param
    /// variant=blog" (same N and seed; the algorithm and the budget options
    /// are the first's unless given). HTML only.
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    versus: Option<String>,
}

/// The second search of a race, parsed from the words of `--versus`.
#[derive(clap::Parser)]
#[command(
    name = "--versus",
    no_binary_name = true,
    args_override_self = true,
    disable_help_flag = true
)]
struct Versus {
    #[command(flatten)]
    search: SearchArgs,
}

/// The second search of a race: `text`, the words of `--versus`, parsed
/// as `queens solve`'s options, with `first`'s N (`n`, resolved), seed,
/// algorithm, budget options, first board and instance where `text`
/// gives none. A different N or seed is refused.
fn versus_search(text: &str, first: &SearchArgs, n: usize) -> anyhow::Result<SearchArgs> {
    let example = "like --versus \"-a min-conflicts --param variant=blog\"";
    let words = shell_words::split(text).map_err(|e| {
        anyhow::anyhow!(
            "--versus \"{text}\" does not split into words ({e}): close its quotes, {example}"
        )
    })?;
    let mut full = vec![
        "--size".to_string(),
        n.to_string(),
        "--seed".to_string(),
        first.seed.to_string(),
    ];
    full.extend(words);
    let matches = Versus::command().try_get_matches_from(full).map_err(|e| {
        let rendered = e.render().to_string();
        let reason = rendered
            .lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("error: ")
            .to_string();
        anyhow::anyhow!(
            "--versus \"{text}\": {reason}; it takes the second search's options as `queens solve` does (-a, --command, --param, --max-steps, ...), {example}"
        )
    })?;
    let inherit_algorithm = matches.value_source("algorithm") == Some(ValueSource::DefaultValue);
    let mut second = Versus::from_arg_matches(&matches)?.search;
    for (what, flag, ours, theirs) in [
        ("N", "-n", second.n.unwrap_or(n) as u64, n as u64),
        ("seed", "--seed", second.seed, first.seed),
    ] {
        if ours != theirs {
            anyhow::bail!(
                "--versus \"{text}\" sets {flag} {ours}, but a race runs both searches with the same {what} ({flag} {theirs}): drop {flag} from --versus"
            );
        }
    }
    if inherit_algorithm && second.command.is_none() {
        second.algorithm.clone_from(&first.algorithm);
        second.command.clone_from(&first.command);
    }
    second.max_steps = second.max_steps.or(first.max_steps);
    second.max_restarts = second.max_restarts.or(first.max_restarts);
    second.max_checks = second.max_checks.or(first.max_checks);
    second.time_limit = second.time_limit.or(first.time_limit);
    second.start = second.start.or_else(|| first.start.clone());
    second.instance = second.instance.or_else(|| first.instance.clone());
    Ok(second)
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

/// Records the replay of `search` with about `frames` frames, on its
/// instance, an invalid board from the solver reported as the bug it is.
fn record(search: &Search, frames: usize) -> anyhow::Result<Replay> {
    let Search {
        algorithm,
        params,
        solver,
        budget,
        start,
        n,
        seed,
        instance,
    } = search;
    let spec = ReplaySpec {
        solver: &**solver,
        algorithm: algorithm.name,
        params,
        n: *n,
        seed: *seed,
        budget: *budget,
        frames,
        start: start.as_deref(),
    };
    animate::record_on(&spec, instance.as_ref()).map_err(|e| match e {
        AnimateError::InvalidSolution(invalid) => {
            anyhow::Error::from(invalid_board(algorithm.name, &invalid, search.replay()))
        }
        other => other.into(),
    })
}

/// Records the replay (or the race), writes it and prints where, with the
/// final counters.
pub fn run(args: AnimateArgs) -> anyhow::Result<Exit> {
    let format = format_of(&args.output)?;
    if let Some(n) = args.search.n
        && n > MAX_N
    {
        return Err(AnimateError::TooLarge { n }.into());
    }
    if args.versus.is_some() && format == Format::Svg {
        anyhow::bail!(
            "a race (--versus) is drawn as an HTML page only: its two boards play in lockstep under the page's controls; name the output FILE.html, or drop --versus for an SVG of one search"
        );
    }
    let search = args.search.build()?;
    if search.n > MAX_N {
        return Err(AnimateError::TooLarge { n: search.n }.into());
    }
    let second = args
        .versus
        .as_deref()
        .map(|text| versus_search(text, &args.search, search.n))
        .transpose()?;
    let second_search = second
        .as_ref()
        .map(|s| s.build().context("the --versus search"))
        .transpose()?;
    if let (Some(text), Some(other)) = (&args.versus, &second_search) {
        let (ours, theirs) = (search.instance_text(), other.instance_text());
        if ours != theirs {
            let name = |t: Option<String>| t.unwrap_or_else(|| "the plain problem".to_string());
            anyhow::bail!(
                "--versus \"{text}\" searches {}, but a race runs both searches on one board ({}): drop --instance from --versus",
                name(theirs),
                name(ours)
            );
        }
    }
    let output = OutputFile::check(&args.output, "the replay file")?;
    let (text, replays) = match &second_search {
        Some(second_search) => {
            let first = record(&search, RACE_FRAMES)?;
            let other = record(second_search, RACE_FRAMES)?;
            let race = Race::new([first, other])?;
            (race::render(&race), race.sides.to_vec())
        }
        _ => {
            let frames = match format {
                Format::Html => HTML_FRAMES,
                Format::Svg => SVG_FRAMES,
            };
            let replay = record(&search, frames)?;
            let text = match format {
                Format::Html => animate::html::render(&replay),
                Format::Svg => animate::svg::render(&replay),
            };
            (text, vec![replay])
        }
    };
    output.write_with(|w| w.write_all(text.as_bytes()))?;
    let frames: Vec<String> = replays
        .iter()
        .map(|r| {
            let sampled = if r.sampled {
                format!(", sampled from {}", r.frames_seen + 1)
            } else {
                String::new()
            };
            format!("{} frames{sampled}", r.frames.len())
        })
        .collect();
    let what = if replays.len() == 2 {
        format!("a race: {} vs {}", frames[0], frames[1])
    } else {
        frames.join("")
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "wrote {} ({what}, {} bytes)",
        args.output.display(),
        text.len()
    )
    .context(STDOUT_FAILED)?;
    let searches = std::iter::once(&search).chain(second_search.as_ref());
    for (search, replay) in searches.zip(&replays) {
        writeln!(out, "{}", counters_line(search, &replay.outcome)).context(STDOUT_FAILED)?;
    }
    Ok(if replays.iter().all(|r| r.outcome.is_solved()) {
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
