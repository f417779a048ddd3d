//! The SVG replay: an SVG that plays by itself (SMIL: each frame is a group
//! shown for its slot of the loop by a discrete `visibility` animation),
//! for pages that cannot carry a script. The board is drawn once; each
//! frame draws its queens, the move just made and one line of counters.
//! Viewers without animation show the last frame.

use std::fmt::Write;

use super::Replay;
use crate::solvers::{Frame, View};

/// Width of the board, in SVG units.
const BOARD: f64 = 480.0;
/// Height of the title above the board and of the lines below it.
const LINE: f64 = 22.0;
/// Seconds each frame is shown.
const FRAME_SECONDS: f64 = 0.3;
/// Seconds the last frame is held before the loop starts again.
const HOLD_SECONDS: f64 = 3.0;

/// The whole SVG document.
pub fn render(replay: &Replay) -> String {
    let n = replay.n.max(1);
    let s = BOARD / n as f64;
    let height = LINE + BOARD + 2.5 * LINE;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {BOARD} {height}" width="{BOARD}" height="{height}" font-family="DejaVu Sans, sans-serif" font-size="13"><title>{}</title><rect width="100%" height="100%" fill="#fff"/><text x="0" y="15" font-weight="bold">{}</text>"##,
        escape(&replay.command),
        escape(&title(replay)),
    );
    for r in 0..n {
        for c in 0..n {
            let fill = if (r + c) % 2 == 0 {
                "#f0d9b5"
            } else {
                "#b58863"
            };
            let _ = write!(
                out,
                r#"<rect x="{:.2}" y="{:.2}" width="{s:.2}" height="{s:.2}" fill="{fill}"/>"#,
                c as f64 * s,
                LINE + r as f64 * s
            );
        }
    }
    let count = replay.frames.len();
    let total = FRAME_SECONDS * count.saturating_sub(1) as f64 + HOLD_SECONDS;
    for (i, frame) in replay.frames.iter().enumerate() {
        let from = FRAME_SECONDS * i as f64 / total;
        let to = (FRAME_SECONDS * (i + 1) as f64 / total).min(1.0);
        let last = i + 1 == count;
        let (values, times) = match (i, last) {
            (0, true) => ("visible".to_string(), "0".to_string()),
            (0, false) => ("visible;hidden".to_string(), format!("0;{to:.6}")),
            (_, true) => ("hidden;visible".to_string(), format!("0;{from:.6}")),
            _ => (
                "hidden;visible;hidden".to_string(),
                format!("0;{from:.6};{to:.6}"),
            ),
        };
        let _ = write!(
            out,
            r#"<g visibility="{}"><animate attributeName="visibility" calcMode="discrete" values="{values}" keyTimes="{times}" dur="{total:.2}s" repeatCount="indefinite"/>"#,
            if last { "visible" } else { "hidden" }
        );
        draw_frame(&mut out, frame, s, n);
        let _ = write!(
            out,
            r##"<text x="0" y="{:.1}">{}</text><text x="0" y="{:.1}" fill="#444">{}</text></g>"##,
            LINE + BOARD + LINE,
            escape(&caption(frame)),
            LINE + BOARD + 2.0 * LINE,
            escape(&counters(frame, replay, i)),
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The title line: algorithm, size, seed, and whether it is sampled.
fn title(replay: &Replay) -> String {
    let sampled = if replay.sampled {
        format!(
            " ({} of {} moments shown)",
            replay.frames.len(),
            replay.frames_seen + 1
        )
    } else {
        String::new()
    };
    format!(
        "{} on {}×{}, seed {}{sampled}",
        replay.algorithm, replay.n, replay.n, replay.seed
    )
}

/// Draws the highlighted squares and the queens of one frame.
fn draw_frame(out: &mut String, frame: &Frame, s: f64, n: usize) {
    let mut square = |row: usize, column: u32, colour: &str| {
        if row < n && (column as usize) < n {
            let _ = write!(
                out,
                r#"<rect x="{:.2}" y="{:.2}" width="{s:.2}" height="{s:.2}" fill="{colour}" fill-opacity="0.75"/>"#,
                column as f64 * s,
                LINE + row as f64 * s
            );
        }
    };
    match &frame.view {
        View::Test {
            row, column, safe, ..
        } => square(*row, *column, if *safe { "#1a7f37" } else { "#cf222e" }),
        View::Backtrack { row, column, .. } => square(row.wrapping_sub(1), *column, "#8250df"),
        View::Repair { row, from, to, .. } => {
            square(*row, *from, "#8250df");
            square(*row, *to, "#1a7f37");
        }
        View::Anneal {
            squares, accepted, ..
        } => {
            for [r, c] in squares {
                square(
                    *r as usize,
                    *c,
                    if *accepted { "#1a7f37" } else { "#cf222e" },
                );
            }
        }
        _ => {}
    }
    for (row, column) in frame.board.iter().enumerate() {
        if let Some(c) = column {
            let _ = write!(
                out,
                r##"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="#111" stroke="#fff" stroke-width="{:.2}"/>"##,
                (*c as f64 + 0.5) * s,
                LINE + (row as f64 + 0.5) * s,
                0.32 * s,
                0.04 * s
            );
        }
    }
}

/// One line saying what the frame shows.
fn caption(frame: &Frame) -> String {
    match &frame.view {
        View::Start => "the first board".to_string(),
        View::Restart => "restart: a fresh board".to_string(),
        View::Board => "the board".to_string(),
        View::Test {
            row,
            column,
            safe,
            solution,
            ..
        } => format!(
            "test row {row}, column {column}: {}",
            match (safe, solution) {
                (true, true) => "safe, a solution",
                (true, false) => "safe, queen placed",
                _ => "attacked",
            }
        ),
        View::Backtrack { row, column, .. } => format!(
            "backtrack from row {row}: lift the queen of row {} (column {column})",
            row.wrapping_sub(1)
        ),
        View::Repair { row, from, to, .. } | View::BlogRepair { row, from, to, .. } => {
            format!("repair row {row}: column {from} → {to}")
        }
        View::Anneal {
            accepted,
            delta,
            temperature,
            energy,
            ..
        } => format!(
            "move {} (Δ {delta:+}), T = {temperature:.3}, energy {energy}",
            if *accepted { "accepted" } else { "rejected" }
        ),
        View::Generation {
            best,
            median,
            worst,
            ..
        } => format!("generation: best {best}, median {median}, worst {worst} attacking pairs"),
        View::End { stop_reason } => format!("end: {stop_reason}"),
    }
}

/// The counters line of frame `i`.
fn counters(frame: &Frame, replay: &Replay, i: usize) -> String {
    let m = &frame.metrics;
    format!(
        "frame {}/{}  steps {}  checks {}  tests {}  backtracks {}  restarts {}",
        i + 1,
        replay.frames.len(),
        m.steps,
        m.checks,
        m.tests,
        m.backtracks,
        m.restarts
    )
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
