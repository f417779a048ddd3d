//! The pairwise comparison as a heat map, one panel per board size: row
//! label against column label, each cell coloured by the Vargha–Delaney A12
//! of the row over the column (the probability that a trial of the row
//! label is cheaper) and marked with the significance of its
//! Holm-corrected Mann–Whitney p-value, paled when it is not significant.
//! A colour bar below the panels shows the scale, as significant and as
//! paled cells are coloured. Labels are ordered by their rank at
//! that size (best first), so a column of dark cells under the best label
//! shows how far ahead it is. The comparison is computed from runs.csv
//! with `analysis::compare` in the chosen measure, as `queens compare`
//! computes it.

use std::collections::HashMap;

use plotters::style::RGBColor;

use crate::analysis::compare::{Comparison, significance_marks};
use crate::base::records::CompareRow;

use super::axis::{Axis, Scale};
use super::colour_bar::{ColourBar, Strip};
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{self, Layer, Panel};
use super::series::legend;
use super::skip::Skip;
use super::style::{GRID_LIGHT, Styles};

/// The heat map's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("compare"),
    name: "comparison",
    caption: "Every pair compared: the Vargha–Delaney A12 of the row label over the column label, with Holm-corrected Mann–Whitney significance marks.",
    alt: "Heat map of the A12 effect size of every pair of algorithms at each board size shown.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: true,
        traces: false,
        comparison: true,
    },
    build: Build::One(figure),
};

/// The most labels the heat map draws: beyond it the cells are unreadable
/// and the SVG grows with the square of the labels (500 labels made 80 MB
/// and a PDF the converter refused); compare.csv holds every pair.
pub const MAX_LABELS: usize = 40;

/// The figure of the heat maps at the chosen sizes (those with at least two
/// labels), or why there is none (more than [`MAX_LABELS`] labels among
/// them included).
fn figure(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let comparison = inputs.comparison()?;
    let (styles, chosen) = (inputs.styles, inputs.chosen);
    let (experiment, measure) = (&inputs.data.name, inputs.measure.name());
    let maps: Vec<Heatmap> = chosen
        .sizes
        .iter()
        .filter_map(|&n| Heatmap::of(comparison, n))
        .collect();
    if maps.is_empty() {
        return Err(Skip::NoPairs);
    }
    let ordered = numbered_labels(&maps, styles)?;
    let labels: Vec<&str> = ordered.iter().map(String::as_str).collect();
    // The rows are named, each with its number, the key of the columns,
    // when the panels are wide enough for names: at most two panels (one
    // above the other, or side by side on a page). Narrower panels number
    // their rows too, and the legend names every number.
    let rows_named = maps.len() <= MAX_PANELS_WITH_NAMES;
    let (x, y) = label_axes(&labels, rows_named)?;
    let panels = maps
        .iter()
        .map(|map| heatmap_panel(map, &labels, &x, &y))
        .collect();
    // The legend is the key of the numbers when the rows are not named or
    // some name is cut short; none when every row is named whole.
    let numbered = if rows_named && labels.iter().all(|l| abbreviated(l) == *l) {
        Vec::new()
    } else {
        legend(styles, labels.iter().copied())
            .into_iter()
            .map(|(label, style)| {
                let number = place(&labels, &label).unwrap_or_default();
                (format!("{number} {label}"), style)
            })
            .collect()
    };
    Ok(Figure {
        stem: "compare".to_owned(),
        title: format!("{experiment}: every pair compared by {measure}"),
        subtitle: format!(
            "{}; cell: A12 of row over column, marked Holm p < 0.05 *, 0.01 **, 0.001 ***",
            chosen.describe()
        ),
        legend: numbered,
        panels,
        shared_y: true,
        colour_bar: Some(colour_bar()),
    })
}

/// Every label of the `maps` once, in legend order (the config's): one
/// numbering for every panel, label 1 first. Refused beyond
/// [`MAX_LABELS`].
fn numbered_labels(maps: &[Heatmap], styles: &Styles) -> Result<Vec<String>, Skip> {
    let mut named: Vec<&str> = maps
        .iter()
        .flat_map(|m| m.labels.iter().map(String::as_str))
        .collect();
    named.sort_unstable();
    named.dedup();
    let ordered: Vec<String> = legend(styles, named.iter().copied())
        .into_iter()
        .map(|(label, _)| label)
        .collect();
    if ordered.len() > MAX_LABELS {
        return Err(Skip::TooManyLabels {
            labels: ordered.len(),
            max: MAX_LABELS,
        });
    }
    Ok(ordered)
}

/// The number of `label` in the numbering `labels` (from 1), as its
/// place on both axes.
fn place(labels: &[&str], label: &str) -> Option<f64> {
    labels
        .iter()
        .position(|l| *l == label)
        .map(|i| i as f64 + 1.0)
}

/// The column and row axes of the numbering `labels`: a tick per number,
/// label 1 at the top of the rows, which are named (each name with its
/// number) when `rows_named`.
fn label_axes(labels: &[&str], rows_named: bool) -> Result<(Axis, Axis), Skip> {
    let axis = |description: &str| {
        let mut axis = Axis::fit(description, Scale::Linear, [1.0, labels.len() as f64])?;
        (axis.lo, axis.hi) = (0.5, labels.len() as f64 + 0.5);
        axis.ticks = Some((1..=labels.len()).map(|p| p as f64).collect());
        Some(axis)
    };
    let row_description = if rows_named {
        "row label"
    } else {
        "row label (number)"
    };
    let (Some(x), Some(mut y)) = (axis("column label (number)"), axis(row_description)) else {
        return Err(Skip::NothingToPlace);
    };
    if rows_named {
        y.names = labels
            .iter()
            .enumerate()
            .map(|(i, label)| format!("{} {}", abbreviated(label), i + 1))
            .collect();
    }
    // Label 1 at the top, as a table reads.
    (y.lo, y.hi) = (y.hi, y.lo);
    Ok((x, y))
}

/// The panel of one size's heat map on the axes `x` and `y`: a cell per
/// row and column label, placed by their numbers in `labels`; a pair
/// without a test is grey, marked "NA" off the diagonal.
fn heatmap_panel(map: &Heatmap, labels: &[&str], x: &Axis, y: &Axis) -> Panel {
    let mut cells = Vec::new();
    for (row, cells_of_row) in map.labels.iter().zip(&map.cells) {
        for (column, cell) in map.labels.iter().zip(cells_of_row) {
            let (Some(cx), Some(cy)) = (place(labels, column), place(labels, row)) else {
                continue;
            };
            let (fill, texts) = match cell {
                Some(cell) => (cell_colour(cell), cell_texts(cell)),
                None if row == column => (GRID_LIGHT, Vec::new()),
                None => (GRID_LIGHT, vec![vec!["NA".to_owned()]]),
            };
            cells.push(panel::Cell {
                x: cx,
                y: cy,
                fill,
                texts,
            });
        }
    }
    Panel {
        caption: format!("N = {}", map.n),
        x: x.clone(),
        y: y.clone(),
        layers: vec![Layer::Cells(cells)],
        note: None,
    }
}

/// The most panels whose rows are named: three or more panels share a
/// figure's width and leave no room for names.
const MAX_PANELS_WITH_NAMES: usize = 2;

/// The key of the cells' colours: the A12 scale of the significant cells,
/// and below it the same scale paled, as the cells without a significant
/// difference are drawn.
fn colour_bar() -> ColourBar {
    ColourBar {
        title: "A12: chance the row label is cheaper".to_owned(),
        strips: vec![
            Strip {
                name: "Holm p < 0.05".to_owned(),
                colour: a12_colour,
            },
            Strip {
                name: "Holm p ≥ 0.05".to_owned(),
                colour: pale_a12_colour,
            },
        ],
        ticks: [
            (0.0, "0"),
            (0.25, "0.25"),
            (0.5, "0.5"),
            (0.75, "0.75"),
            (1.0, "1"),
        ]
        .map(|(value, text)| (value, text.to_owned()))
        .to_vec(),
    }
}

/// The longest row name written whole; a longer one is cut, and the
/// legend (numbered) gives it whole.
const MAX_ROW_NAME: usize = 26;

/// `label`, cut to [`MAX_ROW_NAME`] characters with an ellipsis when longer.
fn abbreviated(label: &str) -> String {
    if label.chars().count() <= MAX_ROW_NAME {
        label.to_owned()
    } else {
        let kept: String = label.chars().take(MAX_ROW_NAME - 1).collect();
        format!("{}…", kept.trim_end())
    }
}

/// How much of the light grey a cell without a significant difference is
/// mixed with, so that it reads paler than any significant one.
const PALE: f64 = 0.65;

/// A cell's fill: its A12 on the diverging scale, paled towards the
/// light grey when the difference is not significant (no mark).
fn cell_colour(cell: &Cell) -> RGBColor {
    if cell.marks.is_empty() {
        pale_a12_colour(cell.a12)
    } else {
        a12_colour(cell.a12)
    }
}

/// The colour of an A12 on the diverging scale mixed with the light grey:
/// the fill of a cell without a significant difference.
fn pale_a12_colour(a12: f64) -> RGBColor {
    let colour = a12_colour(a12);
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * PALE).round() as u8;
    let RGBColor(r, g, b) = colour;
    let RGBColor(pr, pg, pb) = GRID_LIGHT;
    RGBColor(mix(r, pr), mix(g, pg), mix(b, pb))
}

/// A cell's texts, the first that fits it written: the A12 with two
/// digits and its marks on one line, then without the leading zero, then
/// the A12 above its marks, then the marks alone: a mark is never left
/// out for the A12, and the A12 is never rounded to one digit.
fn cell_texts(cell: &Cell) -> Vec<Vec<String>> {
    let value = format!("{:.2}", cell.a12);
    let short = value.strip_prefix('0').unwrap_or(&value).to_owned();
    let marks = cell.marks.to_owned();
    if marks.is_empty() {
        return vec![vec![value], vec![short]];
    }
    vec![
        vec![format!("{value}{marks}")],
        vec![format!("{short}{marks}")],
        vec![short, marks.clone()],
        vec![marks],
    ]
}

/// One cell of the heat map: the row label against the column label.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The probability that a trial of the row label costs less than one of
    /// the column label (ties count one half).
    pub a12: f64,
    /// The significance marks of the Holm-corrected p-value.
    pub marks: &'static str,
}

/// The heat map of one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Heatmap {
    /// The board size.
    pub n: u64,
    /// The labels at `n`, best rank first.
    pub labels: Vec<String>,
    /// `cells[row][column]`; `None` on the diagonal and for pairs without a
    /// test.
    pub cells: Vec<Vec<Option<Cell>>>,
}

impl Heatmap {
    /// The heat map of the labels compared at `n`, or `None` when fewer
    /// than two labels were compared there.
    pub fn of(comparison: &Comparison, n: u64) -> Option<Heatmap> {
        let mut ranked: Vec<_> = comparison.ranking.iter().filter(|r| r.n == n).collect();
        // ranking.csv's order at one N: best (by ERT) first.
        ranked.sort_by_key(|r| r.rank);
        if ranked.len() < 2 {
            return None;
        }
        let labels: Vec<String> = ranked.iter().map(|r| r.label.clone()).collect();
        // Each pair found by its labels at once: a scan per cell made the
        // map of 400 labels take minutes before the label bound skipped it.
        let mut pairs: HashMap<(&str, &str), &CompareRow> = HashMap::new();
        for p in comparison.pairs.iter().filter(|p| p.n == n) {
            pairs
                .entry((p.label_a.as_str(), p.label_b.as_str()))
                .or_insert(p);
        }
        let cell = |row: &str, column: &str| {
            let (p, a12) = match pairs.get(&(row, column)) {
                Some(p) => (p, p.a12),
                None => {
                    let p = pairs.get(&(column, row))?;
                    (p, 1.0 - p.a12)
                }
            };
            Some(Cell {
                a12,
                marks: significance_marks(p.p_holm),
            })
        };
        let cells = labels
            .iter()
            .map(|row| labels.iter().map(|column| cell(row, column)).collect())
            .collect();
        Some(Heatmap { n, labels, cells })
    }
}

/// The ends and middle of the diverging scale: Paul Tol's "BuRd" blue
/// (row label more often dearer, A12 = 0), white-ish (A12 = 0.5) and red
/// (row label more often cheaper, A12 = 1), a scheme made to read the same
/// for colour-blind viewers.
const SCALE: [(f64, (u8, u8, u8)); 5] = [
    (0.0, (0x21, 0x66, 0xAC)),
    (0.25, (0x92, 0xC5, 0xDE)),
    (0.5, (0xF7, 0xF7, 0xF7)),
    (0.75, (0xF4, 0xA5, 0x82)),
    (1.0, (0xB2, 0x18, 0x2B)),
];

/// The colour of an A12 on the diverging scale, interpolated linearly
/// between its stops.
pub fn a12_colour(a12: f64) -> RGBColor {
    let a12 = a12.clamp(0.0, 1.0);
    let upper = SCALE
        .iter()
        .position(|(at, _)| *at >= a12)
        .unwrap_or(SCALE.len() - 1)
        .max(1);
    let (a, (ar, ag, ab)) = SCALE[upper - 1];
    let (b, (br, bg, bb)) = SCALE[upper];
    let t = (a12 - a) / (b - a);
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
    RGBColor(mix(ar, br), mix(ag, bg), mix(ab, bb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::records::RankingRow;
    use crate::plot::style::luminance;

    fn pair(a: &str, b: &str, a12: f64, p_holm: f64) -> CompareRow {
        CompareRow {
            measure: "checks".into(),
            n: 8,
            label_a: a.into(),
            label_b: b.into(),
            trials_a: 10,
            trials_b: 10,
            successes_a: 10,
            successes_b: 10,
            u: a12 * 100.0,
            p: p_holm,
            method: "exact".into(),
            p_holm,
            significant: p_holm < 0.05,
            a12,
            a12_ci_low: None,
            a12_ci_high: None,
            magnitude: "large".into(),
            better: "NA".into(),
            min_attainable_p: 0.0,
            verdict: "no_detectable_difference".into(),
            ert_ratio: None,
            ert_ratio_ci_low: None,
            ert_ratio_ci_high: None,
            ert_ratio_missing: "no_answer".into(),
            rope: 0.1,
            p_a_better: None,
            p_equivalent: None,
            p_b_better: None,
        }
    }

    /// A ranking row whose ERT, place and mean rank all order alike.
    fn rank(label: &str, place: u64) -> RankingRow {
        RankingRow {
            measure: "checks".into(),
            n: 8,
            label: label.into(),
            trials: 10,
            successes: 10,
            ert: Some(place as f64),
            rank: place,
            mean_rank: place as f64,
            indistinguishable_from_best: true,
            versus_best: "no_detectable_difference".into(),
        }
    }

    #[test]
    fn cells_are_ordered_by_rank_and_mirror_a12() {
        let comparison = Comparison {
            pairs: vec![
                pair("slow", "fast", 0.2, 0.0004),
                pair("slow", "mid", 0.45, 0.3),
                pair("fast", "mid", 0.9, 0.02),
            ],
            ranking: vec![rank("slow", 3), rank("fast", 1), rank("mid", 2)],
        };
        let map = Heatmap::of(&comparison, 8).expect("three labels");
        assert_eq!(map.labels, ["fast", "mid", "slow"]);
        let a12 = |i: usize, j: usize| map.cells[i][j].as_ref().map(|c| (c.a12, c.marks));
        assert_eq!(a12(0, 0), None);
        assert_eq!(a12(0, 1), Some((0.9, "*")));
        assert_eq!(a12(1, 0).map(|(a, _)| (a * 100.0).round()), Some(10.0));
        assert_eq!(
            a12(0, 2).map(|(a, m)| ((a * 100.0).round(), m)),
            Some((80.0, "***"))
        );
        assert_eq!(a12(2, 1), Some((0.45, "")));
        assert_eq!(Heatmap::of(&comparison, 9), None);
    }

    #[test]
    fn a_cell_without_significance_is_paler_and_long_names_are_cut() {
        let significant = Cell {
            a12: 0.9,
            marks: "**",
        };
        let not = Cell {
            a12: 0.9,
            marks: "",
        };
        let strong = cell_colour(&significant);
        let pale = cell_colour(&not);
        assert_eq!(strong, a12_colour(0.9));
        assert!(
            luminance(pale) > luminance(strong) + 0.2,
            "{pale:?} {strong:?}"
        );
        let lines = |texts: &[&[&str]]| -> Vec<Vec<String>> {
            texts
                .iter()
                .map(|t| t.iter().map(|l| (*l).to_owned()).collect())
                .collect()
        };
        assert_eq!(
            cell_texts(&significant),
            lines(&[&["0.90**"], &[".90**"], &[".90", "**"], &["**"]])
        );
        assert_eq!(cell_texts(&not), lines(&[&["0.90"], &[".90"]]));
        // 0.96 stays 0.96 (was "1" when the cell was narrow), and its
        // marks are kept before it is.
        let strong = Cell {
            a12: 0.96,
            marks: "***",
        };
        assert_eq!(
            cell_texts(&strong),
            lines(&[&["0.96***"], &[".96***"], &[".96", "***"], &["***"]])
        );
        let certain = Cell {
            a12: 0.999,
            marks: "***",
        };
        assert_eq!(cell_texts(&certain)[1], ["1.00***"]);
        let none = Cell {
            a12: 0.001,
            marks: "",
        };
        assert_eq!(cell_texts(&none), lines(&[&["0.00"], &[".00"]]));
        assert_eq!(
            abbreviated("smarter repair (clearing)"),
            "smarter repair (clearing)"
        );
        let long = "forward checking + MRV + a long note";
        assert_eq!(abbreviated(long), "forward checking + MRV +…");
    }

    #[test]
    fn the_scale_runs_blue_white_red() {
        assert_eq!(a12_colour(0.0), RGBColor(0x21, 0x66, 0xAC));
        assert_eq!(a12_colour(0.5), RGBColor(0xF7, 0xF7, 0xF7));
        assert_eq!(a12_colour(1.0), RGBColor(0xB2, 0x18, 0x2B));
        assert_eq!(a12_colour(1.7), a12_colour(1.0));
        // Halfway between the 0.75 and 1.0 stops.
        assert_eq!(a12_colour(0.875), RGBColor(0xD3, 0x5F, 0x57));
    }
}
