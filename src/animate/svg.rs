//! The SVG replay: an SVG that plays by itself (SMIL: each frame is a group
//! shown for its slot of the loop by a discrete `visibility` animation),
//! for pages that cannot carry a script. The board and its 1-based labels
//! are drawn once ([`super::draw`]); each frame draws the move just made
//! (with ✓ and ✗ marks besides colour), a repair's heat strip, a line for
//! every attacking pair, the queens with their conflict counts, and lines
//! of text: what happened, the attacks, the counters, and the moments a
//! sampled replay skipped before the frame. Rows and columns count
//! from 1 in the text as on the labels. Viewers without animation show the
//! last frame. On an instance, its blocked squares (dark, crossed) are
//! drawn once under the frames, its given queens (outlined, framed) in
//! every frame, and a legend line says what they are.

use std::fmt::Write;

use super::Replay;
use super::draw::{self, Geometry, InstanceMarks, Square, escape};
use crate::solvers::{Frame, View};

/// Width of the board, in SVG units.
const BOARD: f64 = 480.0;
/// Height of the title above the board and of the lines below it.
const LINE: f64 = 22.0;
/// Seconds each frame is shown.
const FRAME_SECONDS: f64 = 0.3;
/// Seconds the last frame is held before the loop starts again.
const HOLD_SECONDS: f64 = 3.0;
/// The colour of a safe test, an accepted move, the square a repair chose.
const GOOD: &str = "#1a7f37";
/// The colour of an attacked square, a rejected move.
const BAD: &str = "#cf222e";
/// The colour of a lifted queen, the square a repair left.
const LIFTED: &str = "#8250df";

/// The whole SVG document.
pub fn render(replay: &Replay) -> String {
    let n = replay.n.max(1);
    let side = BOARD / n as f64;
    let probe = Geometry {
        x: 0.0,
        y: 0.0,
        side,
        n,
    };
    let margin = Geometry::margin(probe.label_size());
    let g = Geometry {
        x: margin,
        y: LINE + margin,
        ..probe
    };
    let width = margin + BOARD;
    let marks = replay.instance.as_ref();
    let legend_lines = if marks.is_some() { 1.5 } else { 0.0 };
    let height = g.y + BOARD + (4.5 + legend_lines) * LINE;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, sans-serif" font-size="13"><title>{}</title>{}<rect width="100%" height="100%" fill="#fff"/><text x="0" y="15" font-weight="bold">{}</text>"##,
        escape(&replay.command),
        draw::QUEEN_DEF,
        escape(&title(replay)),
    );
    draw::squares(&mut out, &g);
    if let Some(marks) = marks {
        draw::blocked(&mut out, &g, marks);
        draw::legend_text(&mut out, 0.0, g.y + BOARD + 5.0 * LINE, &marks.legend());
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
        let queens = draw::frame_queens(frame);
        let queens = marks.map_or(queens.clone(), |m| m.with_given(&queens));
        draw_frame(&mut out, frame, &queens, &g, marks);
        let bottom = g.y + BOARD;
        let _ = write!(
            out,
            r##"<text x="0" y="{:.1}">{}</text><text x="0" y="{:.1}">{}</text><text x="0" y="{:.1}" fill="#444">{}</text>"##,
            bottom + LINE,
            escape(&caption(frame)),
            bottom + 2.0 * LINE,
            escape(&draw::attacks_sentence(&queens)),
            bottom + 3.0 * LINE,
            escape(&counters(frame, replay, i)),
        );
        if let k @ 1.. = skipped(&replay.positions, i) {
            let _ = write!(
                out,
                r##"<text x="0" y="{:.1}" fill="#7a5c00">sampled: {k} moments skipped before this frame</text>"##,
                bottom + 4.0 * LINE
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}

/// The title line: algorithm, size, seed, and whether it is sampled (an
/// instance is named by the legend below the board).
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

/// Draws the move of one frame, then the attack lines and the queens (the
/// given ones of `marks` outlined).
fn draw_frame(
    out: &mut String,
    frame: &Frame,
    queens: &[Square],
    g: &Geometry,
    marks: Option<&InstanceMarks>,
) {
    match &frame.view {
        View::Test {
            row, column, safe, ..
        } => {
            let square = (*row, *column);
            draw::tint(out, g, square, if *safe { GOOD } else { BAD });
            if !safe {
                draw::attackers(out, g, square, queens);
            }
        }
        View::Backtrack { row, column, .. } => {
            for c in 0..g.n as u32 {
                draw::tint(out, g, (*row, c), "#d0d0d0");
            }
            draw::tint(out, g, (row.wrapping_sub(1), *column), LIFTED);
        }
        View::Repair {
            row,
            from,
            to,
            conflicts: counts,
        }
        | View::BlogRepair {
            row,
            from,
            to,
            threats: counts,
        } => {
            draw::heat_row(out, g, *row, counts);
            draw::outline(out, g, (*row, *from), LIFTED, true);
            draw::outline(out, g, (*row, *to), GOOD, false);
        }
        View::Anneal {
            squares, accepted, ..
        } => {
            for &[r, c] in squares {
                draw::tint(out, g, (r as usize, c), if *accepted { GOOD } else { BAD });
            }
        }
        _ => {}
    }
    draw::pieces_on(out, g, queens, marks);
    // The marks that say without colour what the tints say.
    match &frame.view {
        View::Test {
            row, column, safe, ..
        } => draw::glyph(out, g, (*row, *column), if *safe { '✓' } else { '✗' }),
        View::Backtrack { row, column, .. } => {
            draw::glyph(out, g, (row.wrapping_sub(1), *column), '↑');
        }
        View::Anneal {
            squares, accepted, ..
        } => {
            for &[r, c] in squares {
                draw::glyph(out, g, (r as usize, c), if *accepted { '✓' } else { '✗' });
            }
        }
        _ => {}
    }
}

/// One line saying what the frame shows, rows and columns from 1.
fn caption(frame: &Frame) -> String {
    match &frame.view {
        View::Start => "the first board".to_string(),
        View::Restart => format!("restart {}: a fresh board", frame.metrics.restarts),
        View::Test {
            row,
            column,
            safe,
            solution,
            ..
        } => format!(
            "test row {}, column {}: {}",
            row + 1,
            column + 1,
            match (safe, solution) {
                (true, true) => "✓ safe, a solution",
                (true, false) => "✓ safe, queen placed",
                _ => "✗ attacked (dashed lines: by whom)",
            }
        ),
        View::Backtrack { row, column, .. } => format!(
            "backtrack from row {}: lift the queen of row {row} (column {})",
            row + 1,
            column + 1
        ),
        View::Repair { row, from, to, .. } => format!(
            "repair row {}: column {} → {} (numbers: attacks on each square)",
            row + 1,
            from + 1,
            to + 1
        ),
        View::BlogRepair { row, from, to, .. } => format!(
            "repair row {}: column {} → {} (numbers: the blog's threat directions of each square)",
            row + 1,
            from + 1,
            to + 1
        ),
        View::Anneal {
            accepted,
            delta,
            temperature,
            energy,
            ..
        } => format!(
            "move {} (Δ {delta:+}), T = {temperature:.3}, energy {energy}",
            if *accepted {
                "✓ accepted"
            } else {
                "✗ rejected"
            }
        ),
        View::Generation {
            best,
            median,
            worst,
            ..
        } => format!("generation: best {best}, median {median}, worst {worst} attacking pairs"),
        View::End { stop_reason } => format!("end: {stop_reason}"),
        _ => "the board".to_string(),
    }
}

/// How many moments of the search a replay with kept `positions` skipped
/// between frame `i - 1` and frame `i`.
fn skipped(positions: &[u64], i: usize) -> u64 {
    match (
        i.checked_sub(1).and_then(|p| positions.get(p)),
        positions.get(i),
    ) {
        (Some(&before), Some(&at)) => at.saturating_sub(before + 1),
        _ => 0,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipped_moments_between_kept_frames() {
        let positions = [0, 1, 2, 100, 1171, 1172];
        let skips: Vec<u64> = (0..positions.len())
            .map(|i| skipped(&positions, i))
            .collect();
        assert_eq!(skips, [0, 0, 0, 97, 1070, 0]);
        assert_eq!(skipped(&positions, 9), 0);
    }
}
