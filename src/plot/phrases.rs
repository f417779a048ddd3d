//! Lists written out for titles, subtitles and notes.

/// Writes a list of sizes for a title: "N = 8", "N = 8, 10 and 12".
pub fn sizes_text(sizes: &[u64]) -> String {
    match sizes {
        [] => String::new(),
        [n] => format!("N = {n}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("N = {} and {last}", rest.join(", "))
        }
    }
}

/// Each label with its step unit, for a message: "a: repair, b: move".
pub fn units_text(units: &[(String, String)]) -> String {
    units
        .iter()
        .map(|(label, unit)| format!("{label}: {unit}"))
        .collect::<Vec<_>>()
        .join(", ")
}
