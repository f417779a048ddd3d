//! The HTML replay: one self-contained page (no network, no other file)
//! with the frames as JSON and a small inline script (`replay.js`) that
//! draws them: the board with its 1-based row and column labels, the move
//! just made (colour and ✓ ✗ ↑ marks), a line for every pair of queens
//! that attack each other and on each attacked queen the number of its
//! attackers (toggleable), a repair's heat strip, the algorithm's own view,
//! the running counters; play / pause / step / speed controls, a scrubber,
//! jumps to the next backtrack, restart or solution, a projector mode,
//! `#frame=N` links and keyboard shortcuts. [`render`] draws one replay,
//! [`render_race`] two in lockstep ([`super::race`]).

use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde::Serialize;

use super::Replay;
use super::draw::InstanceMarks;
use super::race::Race;

/// The data of a single replay's page: the replay's fields and, once, the
/// instance it searched (`null` for the plain problem).
#[derive(Serialize)]
struct ReplayData<'a> {
    #[serde(flatten)]
    replay: &'a Replay,
    instance: Option<&'a InstanceMarks>,
}

/// The page's style (`replay.css`).
const CSS: &str = include_str!("replay.css");

/// The page's script (`replay.js`): reads the JSON of `#replay-data` and
/// draws the frames.
const SCRIPT: &str = include_str!("replay.js");

/// The counters shown, in order: the key of [`crate::base::outcome::Metrics`]
/// and its label.
const COUNTERS: &[(&str, &str)] = &[
    ("steps", "steps"),
    ("checks", "checks"),
    ("tests", "tests"),
    ("backtracks", "backtracks"),
    ("restarts", "restarts"),
    ("evaluations", "evaluations"),
    ("final_conflicts", "final conflicts"),
    ("solutions", "solutions"),
];

/// `value` as JSON safe inside a `<script>` element: every `<` is written
/// `\u003c`, so no `</script>` can end it early.
fn script_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .expect("a replay serializes: its maps have string keys and its floats are finite or null")
        .replace('<', "\\u003c")
}

/// The name of a replay's search: the algorithm and its parameters.
fn search_name(replay: &Replay) -> String {
    if replay.params.is_empty() {
        replay.algorithm.clone()
    } else {
        format!(
            "{} ({})",
            replay.algorithm,
            replay.params.replace(';', ", ")
        )
    }
}

/// The board's name in a title: `8×8`, or `the 8×8 instance ORIGIN`.
fn board_name(n: usize, instance: Option<&InstanceMarks>) -> String {
    match instance {
        Some(marks) => format!("the {n}×{n} instance {}", marks.origin),
        None => format!("{n}×{n}"),
    }
}

/// The sentence of a sampled replay, with element id `id`.
fn sampled_note(replay: &Replay, id: &str) -> Markup {
    html! {
        @if replay.sampled {
            p.note.sampled id=(id) {
                "A long run: " (search_name(replay)) " shows " (replay.frames.len()) " of the "
                (replay.frames_seen + 1) " moments of its search, evenly spread, with every start, restart and solution kept; the counters are exact at each one shown, and a frame after a gap says how many moments it skipped."
            }
        }
    }
}

/// One board with its banner, view and counters; `index` is the side's
/// place (0 for a single replay).
fn side(index: usize, replay: &Replay, race: bool) -> Markup {
    let label = if race {
        format!(
            "{} search: {}",
            if index == 0 { "first" } else { "second" },
            search_name(replay)
        )
    } else {
        search_name(replay)
    };
    html! {
        section.side data-side=(index) aria-label=(label) {
            div.boardcol {
                @if race {
                    h2 { (if index == 0 { "First: " } else { "Second: " }) (search_name(replay)) }
                    p.state {}
                }
                p.banner role="status" {}
                div.framed {
                    div.corner {}
                    div.cols aria-hidden="true" {}
                    div.rows aria-hidden="true" {}
                    div.board role="img" aria-label=(format!("the board of {label}")) {}
                }
                p.skip hidden {}
            }
            div.info {
                div.seen {
                    h3 { "What the algorithm sees" }
                    div.view {}
                }
                div.tally {
                    h3 { "Counters" }
                    table.counters aria-label=(format!("counters of {label}")) {
                        tbody {
                            @for (key, label) in COUNTERS {
                                tr { th scope="row" { (label) } td.num data-key=(key) {} }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The controls: play, step, jumps, speed, attacks, projector, scrubber.
fn controls(last: usize) -> Markup {
    html! {
        div.controls role="group" aria-label="replay controls" {
            button #first type="button" title="first frame (Home)" aria-label="first frame" { "|◀" }
            button #back type="button" title="step back (←)" aria-label="step back" { "◀" }
            button #play type="button" title="play or pause (space)" { "Play" }
            button #forward type="button" title="step forward (→)" aria-label="step forward" { "▶" }
            button #last type="button" title="last frame (End)" aria-label="last frame" { "▶|" }
            label { "speed " select #speed {
                @for (fps, label) in [(1, "1"), (2, "2"), (5, "5"), (10, "10"), (25, "25"), (60, "60"), (200, "200")] {
                    option value=(fps) selected[fps == 10] { (label) " frames/s" }
                }
            } }
        }
        div.controls role="group" aria-label="jumps and display" {
            button.jump data-jump="backtrack" type="button" title="next backtrack (B; Shift+B: previous)" { "next backtrack" }
            button.jump data-jump="restart" type="button" title="next restart (R; Shift+R: previous)" { "next restart" }
            button.jump data-jump="solution" type="button" title="next solution (S; Shift+S: previous)" { "next solution" }
            label.toggle title="attack lines and counts (A)" { input #attacks type="checkbox" checked; " attacks" }
            button #projector type="button" aria-pressed="false" title="projector mode: the board fills the window, larger text (P)" { "projector" }
        }
        div.scrub {
            input #scrub type="range" min="0" max=(last) value="0" aria-label="frame";
            span #position {}
        }
    }
}

/// What the marks mean (those of `instance` too, when there is one).
fn legend(instance: Option<&InstanceMarks>) -> Markup {
    html! {
        p.legend {
            "Rows and columns count from 1, top left. A line joins every two queens that attack each other (same row, column or diagonal); the number on a queen counts the queens attacking it. "
            "✓ a safe square, ✗ an attacked one (dashed lines to its attackers), ↑ the queen a backtrack lifts; "
            "a repair's row is a heat strip: each square's number, darker for more."
        }
        @if let Some(marks) = instance {
            p.legend.instance-legend {
                "The instance " code { (marks.origin) } ": "
                span.key.blocked-key aria-hidden="true" {} " a dark crossed square (✕) is blocked: no queen may stand there ("
                (marks.blocked.len()) "); "
                span.key.given-key aria-hidden="true" { "♕" } " an outlined queen in a dashed frame was given with the instance and stays in place ("
                (marks.given.len()) "); ♛ a filled queen was placed by the search."
            }
        }
        p.keys {
            "Keys: space plays or pauses, ← and → step, Home and End jump to the first and last frame; B, R and S to the next backtrack, restart or solution (with Shift, the previous); A shows or hides the attacks; P switches projector mode. "
            "The address ends in " code { "#frame=N" } " for the frame shown: copy it to link to that frame."
        }
    }
}

/// The page around `body`, titled `title`, with `data` as the frames;
/// `kind` is the body's class (`replay` or `race`).
fn page(title: &str, data: &str, kind: &str, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body class=(kind) {
                h1 { (title) }
                (body)
                script #replay-data type="application/json" { (PreEscaped(data)) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string()
}

/// The page of one replay.
pub fn render(replay: &Replay) -> String {
    let title = format!(
        "{} on {} (seed {}): replay",
        replay.algorithm,
        board_name(replay.n, replay.instance.as_ref()),
        replay.seed
    );
    let body = html! {
        p.run {
            "The same run as " code { (replay.command) }
            ": the last frame holds the counters that command prints."
        }
        (sampled_note(replay, "sampled"))
        (controls(replay.frames.len().saturating_sub(1)))
        div.stage.single { (side(0, replay, false)) }
        (legend(replay.instance.as_ref()))
    };
    let data = ReplayData {
        replay,
        instance: replay.instance.as_ref(),
    };
    page(&title, &script_json(&data), "replay", body)
}

/// The page of a race: both replays, one clock.
pub fn render_race(race: &Race) -> String {
    let [first, second] = &race.sides;
    let title = format!(
        "{} vs {} on {} (seed {}): race",
        search_name(first),
        search_name(second),
        board_name(race.n, race.instance.as_ref()),
        race.seed
    );
    let body = html! {
        p.run {
            "Two searches of the same board and seed, in lockstep: the same runs as "
            code { (first.command) } " and " code { (second.command) }
            "; each side's last frame holds the counters its command prints. "
            "The clock counts moments, one per frame a search sends (a test, a backtrack, a repair, a move, a generation), not equal work: the counters say what each moment cost."
        }
        (sampled_note(first, "sampled"))
        (sampled_note(second, "sampled-second"))
        (controls(race.ticks.len().saturating_sub(1)))
        p #race-status role="status" {}
        div.stage.race {
            (side(0, first, true))
            (side(1, second, true))
        }
        (legend(race.instance.as_ref()))
    };
    page(&title, &script_json(race), "race", body)
}
