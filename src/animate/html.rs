//! The HTML replay: one self-contained page (no network, no other file)
//! with the frames as JSON and a small inline script (`replay.js`) that
//! draws them: the board with the move just made highlighted, the
//! algorithm's own view, the running counters, play / pause / step /
//! speed controls, a scrubber and keyboard shortcuts.

use maud::{DOCTYPE, PreEscaped, html};

use super::Replay;

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

/// The frames as JSON safe inside a `<script>` element: every `<` is
/// written `\u003c`, so no `</script>` can end it early.
fn script_json(replay: &Replay) -> String {
    serde_json::to_string(replay)
        .expect("a replay serializes: its maps have string keys and its floats are finite or null")
        .replace('<', "\\u003c")
}

/// The whole page.
pub fn render(replay: &Replay) -> String {
    let title = format!(
        "{} on {}×{} (seed {}): replay",
        replay.algorithm, replay.n, replay.n, replay.seed
    );
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body {
                h1 { (title) }
                p.run {
                    "The same run as " code { (replay.command) }
                    ": the last frame holds the counters that command prints."
                }
                @if replay.sampled {
                    p.note #sampled {
                        "A long run: this replay shows " (replay.frames.len()) " of the "
                        (replay.frames_seen + 1) " moments of the search, evenly spread, with every start, restart and solution kept; the counters are exact at each one shown."
                    }
                }
                div.controls role="group" aria-label="replay controls" {
                    button #first type="button" title="first frame (Home)" { "|◀" }
                    button #back type="button" title="step back (←)" { "◀" }
                    button #play type="button" title="play or pause (space)" { "Play" }
                    button #forward type="button" title="step forward (→)" { "▶" }
                    button #last type="button" title="last frame (End)" { "▶|" }
                    label { "speed " select #speed {
                        @for (fps, label) in [(1, "1"), (2, "2"), (5, "5"), (10, "10"), (25, "25"), (60, "60"), (200, "200")] {
                            option value=(fps) selected[fps == 10] { (label) " frames/s" }
                        }
                    } }
                }
                div.scrub {
                    input #scrub type="range" min="0" max=(replay.frames.len().saturating_sub(1)) value="0" aria-label="frame";
                    span #position {}
                }
                div.stage {
                    div #board role="img" aria-label="the board" {}
                    div.side {
                        h2 { "What the algorithm sees" }
                        div #view {}
                        h2 { "Counters" }
                        table #counters {
                            tbody {
                                @for (key, label) in COUNTERS {
                                    tr { th scope="row" { (label) } td.num #{"m-" (key)} {} }
                                }
                            }
                        }
                    }
                }
                p.keys { "Keys: space plays or pauses, ← and → step, Home and End jump to the first and last frame." }
                script #replay-data type="application/json" { (PreEscaped(script_json(replay))) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    page.into_string()
}
