//! Axes: their scale (linear or logarithmic), their extent fitted to the
//! data, their ticks and the text of the tick labels, and the named ticks
//! of levels kept off the scale (0 below a log axis, a strip of cells
//! without a value above it).
//!
//! Charts are drawn in *display space*: a logarithmic axis maps a value `v`
//! to `log10(v)`, a linear one leaves it alone. Ticks are chosen in display
//! space and labelled with the value they stand for, so one coordinate type
//! serves every axis.

/// How values map onto an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Equal distances for equal differences.
    Linear,
    /// Equal distances for equal ratios (base 10); values <= 0 cannot be shown.
    Log,
}

/// How tick values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TickFormat {
    /// Plain numbers; powers of ten as 10ⁿ when very large or small.
    Number,
    /// Fractions written as percentages (0.5 → "50%").
    Percent,
    /// Seconds written with an SI prefix (0.002 → "2 ms").
    Seconds,
}

/// One axis of a panel: its description and its extent in display space.
#[derive(Clone, Debug)]
pub struct Axis {
    /// The description drawn beside the axis, with its unit.
    pub label: String,
    /// Linear or logarithmic.
    pub scale: Scale,
    /// How tick labels are written.
    pub format: TickFormat,
    /// The lower end, in display space.
    pub lo: f64,
    /// The upper end, in display space.
    pub hi: f64,
    /// Labelled ticks chosen by the chart (display space) instead of automatic ones.
    pub ticks: Option<Vec<f64>>,
    /// Unlabelled grid positions chosen by the chart (display space)
    /// instead of automatic ones.
    pub minor: Option<Vec<f64>>,
    /// Words written at the whole positions 1, 2, … instead of numbers: a
    /// categorical axis (empty for a numeric one).
    pub names: Vec<String>,
    /// Named ticks outside the axis's scale, each its display position and
    /// its text: on a logarithmic axis the level of 0 below its decades,
    /// "0 (solved)" (a count of attacking pairs cannot sit on a log scale,
    /// and the bottom edge reads as 10⁰ = 1; see [`Axis::with_zero_level`]),
    /// and the strip of cells without a value above them (see
    /// [`Axis::with_strip_above`]).
    pub named: Vec<(f64, String)>,
}

/// The gap between an axis's top and the strip above it (see
/// [`Axis::with_strip_above`]), as a share of the strip's row step.
const STRIP_GAP: f64 = 0.5;

/// Share of the data span added on each side of a linear axis so no point
/// sits on the frame.
const PAD: f64 = 0.05;

/// The least and greatest of `values` in display space, ignoring values
/// the scale cannot show.
fn display_range(scale: Scale, values: impl IntoIterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .into_iter()
        .filter_map(|v| to_display(scale, v))
        .fold(None, |acc: Option<(f64, f64)>, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

impl Axis {
    /// An axis whose extent covers `values` (values the scale cannot show
    /// are ignored): a logarithmic one from the decade at or below the
    /// least value to the decade at or above the greatest, so every value
    /// lies between labelled ticks; a linear one with a small margin.
    /// `None` when no value can be shown.
    pub fn fit(label: &str, scale: Scale, values: impl IntoIterator<Item = f64>) -> Option<Axis> {
        let (lo, hi) = display_range(scale, values)?;
        if scale == Scale::Linear {
            return Axis::padded(label, scale, [lo, hi]);
        }
        // A hair of tolerance so 10^k computed as 1000.0000000001 stays at k.
        let lo = (lo + 1e-9).floor();
        let hi = (hi - 1e-9).ceil().max(lo + 1.0);
        Some(Axis {
            label: label.to_owned(),
            scale,
            format: TickFormat::Number,
            lo,
            hi,
            ticks: None,
            minor: None,
            names: Vec::new(),
            named: Vec::new(),
        })
    }

    /// An axis whose extent covers `values` with a small margin on each side
    /// (in display space), for axes whose ticks are the values themselves.
    pub fn padded(
        label: &str,
        scale: Scale,
        values: impl IntoIterator<Item = f64>,
    ) -> Option<Axis> {
        let (lo, hi) = display_range(scale, values)?;
        let span = hi - lo;
        let pad = if span > 0.0 {
            span * PAD
        } else if scale == Scale::Log {
            0.5
        } else {
            (lo.abs() * 0.1).max(1.0)
        };
        Some(Axis {
            label: label.to_owned(),
            scale,
            format: TickFormat::Number,
            lo: lo - pad,
            hi: hi + pad,
            ticks: None,
            minor: None,
            names: Vec::new(),
            named: Vec::new(),
        })
    }

    /// Fixes the ticks and grid where they are now, so that extending the
    /// axis past them adds no tick of its scale.
    fn freeze_ticks(&mut self) {
        self.ticks = Some(self.number_ticks());
        self.minor = Some(self.minor_ticks());
    }

    /// Extends the axis above its top by a strip of `rows` rows outside its
    /// scale, for marks that have no value on it (cells without a solved
    /// trial): the ticks and grid stop at the old top, the strip starts a
    /// gap above it and is ticked `name` at its middle. Rows are `step`
    /// apart (display space). Returns the strip's lower edge and the
    /// display position of each row, bottom first.
    pub fn with_strip_above(&mut self, rows: usize, step: f64, name: &str) -> (f64, Vec<f64>) {
        self.freeze_ticks();
        let edge = self.hi + STRIP_GAP * step;
        let centres = (0..rows).map(|i| edge + step * (i as f64 + 0.5)).collect();
        self.hi = edge + step * rows as f64;
        self.named.push(((edge + self.hi) / 2.0, name.to_owned()));
        (edge, centres)
    }

    /// The description drawn beside the axis: its label, saying "log
    /// scale" on a logarithmic axis (inside the label's closing
    /// parenthesis when it has one) unless the label already does.
    pub fn description(&self) -> String {
        if self.scale == Scale::Linear || self.label.contains("log scale") {
            self.label.clone()
        } else if let Some(open) = self.label.strip_suffix(')') {
            format!("{open}, log scale)")
        } else {
            format!("{} (log scale)", self.label)
        }
    }

    /// A linear axis for fractions from 0 to 1, written as percentages.
    pub fn fraction(label: &str) -> Axis {
        Axis {
            label: label.to_owned(),
            scale: Scale::Linear,
            format: TickFormat::Percent,
            lo: -0.03,
            hi: 1.03,
            ticks: None,
            minor: None,
            names: Vec::new(),
            named: Vec::new(),
        }
    }

    /// Maps a data value to display space; `None` when this axis cannot show it.
    pub fn display(&self, v: f64) -> Option<f64> {
        to_display(self.scale, v)
    }

    /// Maps a display-space position back to the data value it stands for.
    pub fn value(&self, d: f64) -> f64 {
        match self.scale {
            Scale::Linear => d,
            Scale::Log => 10f64.powf(d),
        }
    }

    /// The labelled ticks, in display space, the named ones included.
    pub fn major_ticks(&self) -> Vec<f64> {
        let mut ticks = self.number_ticks();
        ticks.extend(self.named.iter().map(|(d, _)| *d));
        ticks.sort_by(f64::total_cmp);
        ticks
    }

    /// The labelled ticks of the axis's scale (not the named ones).
    fn number_ticks(&self) -> Vec<f64> {
        if let Some(ticks) = &self.ticks {
            return ticks.clone();
        }
        match self.scale {
            Scale::Linear => linear_ticks(self.lo, self.hi),
            Scale::Log => log_ticks(self.lo, self.hi).0,
        }
    }

    /// Makes room below a logarithmic axis's lowest decade for the level of
    /// 0, ticked "0 (solved)": half a decade under it, the axis reaching a
    /// little lower. Returns the display position of 0.
    pub fn with_zero_level(&mut self) -> f64 {
        self.freeze_ticks();
        let zero = self.lo - 0.5;
        self.named.push((zero, "0 (solved)".to_owned()));
        self.lo = zero - 0.15;
        zero
    }

    /// The unlabelled minor grid positions, in display space.
    pub fn minor_ticks(&self) -> Vec<f64> {
        if let Some(minor) = &self.minor {
            return minor.clone();
        }
        match self.scale {
            Scale::Log if self.ticks.is_none() => log_ticks(self.lo, self.hi).1,
            _ => Vec::new(),
        }
    }

    /// The text of the tick at display position `d`.
    pub fn tick_label(&self, d: f64) -> String {
        if let Some((_, name)) = self.named.iter().find(|(n, _)| (d - n).abs() < 1e-9) {
            return name.clone();
        }
        if let Some(name) = (d.round() as usize)
            .checked_sub(1)
            .and_then(|i| self.names.get(i))
        {
            return name.clone();
        }
        if self.decade_powers() {
            return format!("10{}", superscript(d.round() as i32));
        }
        let v = self.value(d);
        match self.format {
            TickFormat::Number => format_number(v),
            TickFormat::Percent => format!("{}%", format_number(v * 100.0)),
            TickFormat::Seconds => format_seconds(v),
        }
    }
}

/// How the description of an axis of board sizes begins: a point on it
/// reads "N = 8".
const SIZE_AXIS: &str = "board size N";

impl Axis {
    /// How a point's value `v` on this axis reads in its tooltip: "N = 8"
    /// on an axis of board sizes, else the axis's label (without a unit
    /// "(%)" its value repeats) and the value ([`Axis::value_text`]).
    pub fn reading(&self, v: f64) -> String {
        let value = self.value_text(v);
        if self.label.starts_with(SIZE_AXIS) {
            return format!("N = {value}");
        }
        let name = self.label.strip_suffix(" (%)").unwrap_or(&self.label);
        if name.is_empty() {
            value
        } else {
            format!("{name} {value}")
        }
    }

    /// The value `v` written in full for a tooltip: the name of a named
    /// tick or of a word position at its place, a percentage, a duration
    /// with its SI prefix, or a number (whole numbers from 1000 on with
    /// thousands separators, smaller ones with three significant digits).
    pub fn value_text(&self, v: f64) -> String {
        if let Some(d) = self.display(v) {
            if let Some((_, name)) = self.named.iter().find(|(n, _)| (d - n).abs() < 1e-9) {
                return name.clone();
            }
            let word = (d.round() as usize)
                .checked_sub(1)
                .and_then(|i| self.names.get(i));
            if let Some(word) = word.filter(|_| (d - d.round()).abs() < 1e-9) {
                return word.clone();
            }
        }
        match self.format {
            TickFormat::Percent => format!("{}%", format_number(v * 100.0)),
            TickFormat::Seconds => format_seconds(v),
            TickFormat::Number => separated(v),
        }
    }

    /// Whether every tick is written as a power of ten: counts on a log
    /// axis labelled at whole decades, so one notation serves the whole
    /// axis (never "1000" beside "10⁶"). Seconds keep their SI prefixes.
    fn decade_powers(&self) -> bool {
        self.scale == Scale::Log
            && self.format == TickFormat::Number
            && self
                .number_ticks()
                .iter()
                .all(|d| (d - d.round()).abs() < 1e-9)
    }
}

fn to_display(scale: Scale, v: f64) -> Option<f64> {
    match scale {
        _ if !v.is_finite() => None,
        Scale::Linear => Some(v),
        Scale::Log if v > 0.0 => Some(v.log10()),
        Scale::Log => None,
    }
}

/// About this many labelled ticks per axis.
const TARGET_TICKS: f64 = 6.0;

/// Ticks at a "nice" step (1, 2 or 5 times a power of ten).
fn linear_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let raw = (hi - lo) / TARGET_TICKS;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// Labelled and minor ticks of a log axis spanning display range `lo..hi`:
/// every whole decade labelled, the multiples 2 to 9 of each as minor grid
/// over at most [`MAX_MINOR_DECADES`] decades.
fn log_ticks(lo: f64, hi: f64) -> (Vec<f64>, Vec<f64>) {
    let first = lo.floor() as i64;
    let last = hi.ceil() as i64;
    let inside = |d: &f64| *d >= lo - 1e-9 && *d <= hi + 1e-9;
    let within = |mantissas: &[f64]| -> Vec<f64> {
        (first..=last)
            .flat_map(|e| {
                mantissas
                    .iter()
                    .map(move |m| (m * 10f64.powi(e as i32)).log10())
            })
            .filter(inside)
            .collect()
    };
    let decades = (first..=last).map(|e| e as f64).filter(inside).collect();
    let minor = if last - first <= MAX_MINOR_DECADES {
        within(&[2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0])
    } else {
        Vec::new()
    };
    (decades, minor)
}

/// Log axes spanning more decades than this have no minor grid (it would
/// grey the panel).
const MAX_MINOR_DECADES: i64 = 5;

/// Writes a duration in seconds with the SI prefix that keeps its number
/// between 1 and 999 (down to nanoseconds).
pub fn format_seconds(v: f64) -> String {
    const UNITS: [(f64, &str); 4] = [(1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")];
    if v == 0.0 {
        return "0".to_owned();
    }
    let (scale, unit) = UNITS
        .iter()
        .copied()
        .find(|(scale, _)| v.abs() >= *scale * 0.9995)
        .unwrap_or(UNITS[3]);
    format!("{} {unit}", format_number(v / scale))
}

/// Writes a tick value compactly: integers plainly up to 99 999, powers of
/// ten beyond (and below 0.001) as 10ⁿ, other values with at most three
/// significant digits.
pub fn format_number(v: f64) -> String {
    if v == 0.0 {
        return "0".to_owned();
    }
    let exponent = v.abs().log10().floor() as i32;
    let mantissa = v / 10f64.powi(exponent);
    if !(-3..5).contains(&exponent) {
        let power = format!("10{}", superscript(exponent));
        return if (mantissa - 1.0).abs() < 1e-6 {
            power
        } else {
            format!("{}·{power}", trim(mantissa, 2))
        };
    }
    let decimals = (2 - exponent).max(0) as usize;
    trim(v, decimals)
}

/// Writes a number in full: rounded to a whole number with thousands
/// separators from 1000 up to 10¹⁵ ("12,345"), else as [`format_number`].
pub fn separated(v: f64) -> String {
    if !(1000.0..1e15).contains(&v.abs()) {
        return format_number(v);
    }
    let digits = (v.abs().round() as u64).to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    if v < 0.0 { format!("-{text}") } else { text }
}

fn trim(v: f64, decimals: usize) -> String {
    let text = format!("{v:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

fn superscript(n: i32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits = n
        .unsigned_abs()
        .to_string()
        .chars()
        .filter_map(|c| c.to_digit(10).map(|d| DIGITS[d as usize]))
        .collect::<String>();
    if n < 0 {
        format!("⁻{digits}")
    } else {
        digits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_reads_in_full_with_its_axis_label() {
        assert_eq!(separated(12_345.4), "12,345");
        assert_eq!(separated(1_000.0), "1,000");
        assert_eq!(separated(-2_500_000.0), "-2,500,000");
        assert_eq!(separated(37.84), "37.8");
        let size = Axis::padded("board size N (queens)", Scale::Linear, [4.0, 64.0]);
        assert_eq!(size.map(|a| a.reading(64.0)), Some("N = 64".to_owned()));
        let share = Axis::fraction("trials solved (%)");
        assert_eq!(share.reading(0.8), "trials solved 80%");
        let mut pairs = Axis::fit("attacking pairs", Scale::Log, [1.0, 100.0]).expect("an axis");
        let zero = pairs.with_zero_level();
        assert_eq!(
            pairs.reading(pairs.value(zero)),
            "attacking pairs 0 (solved)"
        );
    }

    #[test]
    fn a_log_axis_says_so_in_its_description_once() {
        let mut axis = Axis::fit("ERT (checks)", Scale::Log, [10.0, 1000.0]).expect("an axis");
        assert_eq!(axis.description(), "ERT (checks, log scale)");
        axis.label = "checks so far (log scale)".to_owned();
        assert_eq!(axis.description(), "checks so far (log scale)");
        axis.label = "t0".to_owned();
        assert_eq!(axis.description(), "t0 (log scale)");
        let linear = Axis::fit("t0", Scale::Linear, [1.0, 2.0]).expect("an axis");
        assert_eq!(linear.description(), "t0");
    }

    #[test]
    fn numbers_are_written_compactly() {
        assert_eq!(format_number(0.0), "0");
        assert_eq!(format_number(8.0), "8");
        assert_eq!(format_number(1024.0), "1024");
        assert_eq!(format_number(0.25), "0.25");
        assert_eq!(format_number(1e6), "10⁶");
        assert_eq!(format_number(2e5), "2·10⁵");
        assert_eq!(format_number(1e-4), "10⁻⁴");
        assert_eq!(format_number(0.002), "0.002");
        assert_eq!(format_seconds(0.002), "2 ms");
        assert_eq!(format_seconds(2.5e-5), "25 µs");
        assert_eq!(format_seconds(12.0), "12 s");
        assert_eq!(format_seconds(1e-4), "100 µs");
    }

    #[test]
    fn log_ticks_are_whole_decades_over_a_wide_range() {
        let axis = Axis::fit("steps", Scale::Log, [3.0, 2e6]).unwrap();
        let labels: Vec<String> = axis
            .major_ticks()
            .iter()
            .map(|d| axis.tick_label(*d))
            .collect();
        assert_eq!(
            labels,
            ["10⁰", "10¹", "10²", "10³", "10⁴", "10⁵", "10⁶", "10⁷"]
        );
        let axis = Axis::fit("steps", Scale::Log, [3.0, 2e4]).unwrap();
        let labels: Vec<String> = axis
            .major_ticks()
            .iter()
            .map(|d| axis.tick_label(*d))
            .collect();
        assert_eq!(labels, ["10⁰", "10¹", "10²", "10³", "10⁴", "10⁵"]);
    }

    #[test]
    fn narrow_log_ranges_reach_the_decades_around_them_and_seconds_keep_si_prefixes() {
        let axis = Axis::fit("steps", Scale::Log, [3.0, 60.0]).unwrap();
        let labels: Vec<String> = axis
            .major_ticks()
            .iter()
            .map(|d| axis.tick_label(*d))
            .collect();
        assert_eq!(labels, ["10⁰", "10¹", "10²"]);
        let exact = Axis::fit("steps", Scale::Log, [1000.0]).unwrap();
        assert_eq!((exact.lo, exact.hi), (3.0, 4.0));
        let mut time = Axis::fit("time", Scale::Log, [2e-5, 0.3]).unwrap();
        time.format = TickFormat::Seconds;
        let labels: Vec<String> = time
            .major_ticks()
            .iter()
            .map(|d| time.tick_label(*d))
            .collect();
        assert_eq!(
            labels,
            ["10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s"]
        );
    }

    #[test]
    fn linear_ticks_use_nice_steps_and_zero_cannot_be_logged() {
        let axis = Axis::fit("N", Scale::Linear, [4.0, 30.0]).unwrap();
        let labels: Vec<String> = axis
            .major_ticks()
            .iter()
            .map(|d| axis.tick_label(*d))
            .collect();
        assert_eq!(labels, ["5", "10", "15", "20", "25", "30"]);
        assert!(Axis::fit("steps", Scale::Log, [0.0]).is_none());
        assert_eq!(Axis::fraction("rate").tick_label(0.5), "50%");
    }
}
