//! Reading the SVG charts `queens plot` writes, as text: their `<text>`
//! elements, the attributes of a tag and the small polygons that are
//! markers.

/// One `<text>` element of an SVG.
pub struct Text<'a> {
    /// Its byte offset in the SVG.
    pub at: usize,
    /// Its opening tag, attributes included.
    pub tag: &'a str,
    /// Its content, trimmed.
    pub content: &'a str,
}

/// Every `<text>` element of an SVG, in drawing order.
pub fn texts(svg: &str) -> Vec<Text<'_>> {
    svg.match_indices("<text")
        .filter_map(|(at, _)| {
            let open = at + svg[at..].find('>')? + 1;
            let close = open + svg[open..].find("</text>")?;
            Some(Text {
                at,
                tag: &svg[at..open],
                content: svg[open..close].trim(),
            })
        })
        .collect()
}

/// The content of every `<text>` element of an SVG, trimmed, in drawing
/// order.
pub fn text_contents(svg: &str) -> Vec<String> {
    texts(svg).iter().map(|t| t.content.to_owned()).collect()
}

/// The opening tag of the first element `name` of an SVG.
pub fn element<'a>(svg: &'a str, name: &str) -> Option<&'a str> {
    let at = svg.find(&format!("<{name} "))?;
    Some(&svg[at..at + svg[at..].find('>')?])
}

/// The value of attribute `name` in the opening tag `tag`.
pub fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(&tag[start..start + tag[start..].find('"')?])
}

/// The value of attribute `name` in the opening tag `tag`, as a number.
pub fn number(tag: &str, name: &str) -> Option<f64> {
    attribute(tag, name)?.parse().ok()
}

/// A drawn marker: its fill and the centre of its bounding box.
pub struct Marker {
    /// The `fill` attribute (`#RRGGBB`).
    pub fill: String,
    /// The centre's x.
    pub x: f64,
    /// The centre's y.
    pub y: f64,
}

/// The filled polygons of an SVG small enough to be markers (at most 16
/// pixels across), with the centres of their bounding boxes.
pub fn markers(svg: &str) -> Vec<Marker> {
    svg.match_indices("<polygon")
        .filter_map(|(at, _)| {
            let tag = &svg[at..at + svg[at..].find("/>")?];
            let fill = attribute(tag, "fill")?.to_owned();
            let points: Vec<(f64, f64)> = attribute(tag, "points")?
                .split_whitespace()
                .filter_map(|p| {
                    let (x, y) = p.split_once(',')?;
                    Some((x.parse().ok()?, y.parse().ok()?))
                })
                .collect();
            let (xs, ys): (Vec<f64>, Vec<f64>) = points.into_iter().unzip();
            let span = |v: &[f64]| {
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                (lo, hi)
            };
            let ((x0, x1), (y0, y1)) = (span(&xs), span(&ys));
            (x1 - x0 <= 16.0 && y1 - y0 <= 16.0).then(|| Marker {
                fill,
                x: (x0 + x1) / 2.0,
                y: (y0 + y1) / 2.0,
            })
        })
        .collect()
}
