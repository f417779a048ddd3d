//! The check a chart passes before the report inlines it: the SVG must use
//! only the vocabulary `queens plot` draws with — shapes and text, their
//! presentation attributes — and nothing that can run or fetch anything.
//! A chart directory is a folder anyone may write into, and an inlined SVG
//! runs in the reader's browser with the report's rights, so a planted
//! `<script>`, an `onload=`, a link or a `url(…)` reference is refused
//! rather than inlined.
//!
//! The attributes the plot module adds for the report's script are
//! allowed and nothing more: `data-series` and `data-legend` holding a
//! legend index (digits), `data-tip` holding a point's text (an attribute
//! value, escaped; no `<`, no `javascript:`, no `url(`) and
//! `pointer-events` on the points' hit targets; any other `data-*` or
//! `on*` attribute, `href` or `style` is refused as before.
//!
//! The file is parsed as XML (`roxmltree`, which refuses entity
//! declarations) and checked against allow-lists: every element, every
//! attribute, every attribute value; comments, processing instructions
//! after the prolog and a DOCTYPE are refused too, so the text the
//! browser's HTML parser reads is exactly the tree checked here.

use roxmltree::{Document, NodeType, ParsingOptions};

/// The elements a chart may hold: plotters' output and the shapes and text
/// of SVG, none of which runs or loads anything.
const ELEMENTS: &[&str] = &[
    "svg", "g", "defs", "clipPath", "title", "desc", "line", "polyline", "polygon", "rect",
    "circle", "ellipse", "path", "text", "tspan",
];

/// The attributes a chart's elements may carry: geometry and presentation.
const ATTRIBUTES: &[&str] = &[
    "xmlns",
    "viewBox",
    "width",
    "height",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "dx",
    "dy",
    "d",
    "points",
    "transform",
    "id",
    "clip-path",
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "preserveAspectRatio",
    "version",
    "pointer-events",
];

/// The data attributes of a chart the report can explore
/// ([`crate::plot`] tags its screen SVG): a series' legend index on its
/// elements and legend entry (digits only), and a point's tooltip text.
const DATA_ATTRIBUTES: &[&str] = &["data-series", "data-legend", "data-tip"];

/// The one namespace a chart may declare.
const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";

/// `Ok` when `svg` is a chart that is safe to inline, otherwise what is
/// wrong, for the message ("holds `<script>`, which …").
pub fn check(svg: &str) -> Result<(), String> {
    if svg.contains("<!") {
        return Err("holds a DOCTYPE, comment or CDATA section, which a chart never does".into());
    }
    let options = ParsingOptions {
        allow_dtd: false,
        ..ParsingOptions::default()
    };
    let document = Document::parse_with_options(svg, options)
        .map_err(|e| format!("is not an SVG image ({e})"))?;
    let root = document.root_element();
    if root.tag_name().name() != "svg" {
        return Err("is not an SVG image".into());
    }
    for node in document.descendants() {
        match node.node_type() {
            NodeType::Root | NodeType::Text => {}
            NodeType::Comment => return Err("holds a comment, which a chart never does".into()),
            NodeType::PI => {
                return Err("holds a processing instruction, which a chart never does".into());
            }
            NodeType::Element => check_element(node)?,
        }
    }
    Ok(())
}

/// One element: its name, namespace and attributes.
fn check_element(node: roxmltree::Node<'_, '_>) -> Result<(), String> {
    let name = node.tag_name().name();
    if !ELEMENTS.contains(&name) {
        return Err(format!(
            "holds <{name}>, which a chart never does (charts are shapes and text)"
        ));
    }
    if node
        .tag_name()
        .namespace()
        .is_some_and(|ns| ns != SVG_NAMESPACE)
    {
        return Err(format!("holds <{name}> of another namespace"));
    }
    for attribute in node.attributes() {
        let key = attribute.name();
        let known = ATTRIBUTES.contains(&key) || DATA_ATTRIBUTES.contains(&key);
        if attribute.namespace().is_some() || !known {
            return Err(format!(
                "gives <{name}> the attribute {key}, which a chart never uses"
            ));
        }
        let value = attribute.value().to_ascii_lowercase();
        let reference = value.contains("url(") && key != "clip-path";
        let namespace = key == "xmlns" && attribute.value() != SVG_NAMESPACE;
        if reference || namespace || value.contains("javascript:") || value.contains('<') {
            return Err(format!(
                "gives <{name}> {key}=\"{}\", a reference a chart never makes",
                attribute.value()
            ));
        }
        let index = matches!(key, "data-series" | "data-legend");
        if index && !attribute.value().bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "gives <{name}> {key}=\"{}\", which is not a legend index",
                attribute.value()
            ));
        }
    }
    for namespace in node.namespaces() {
        if namespace.uri() != SVG_NAMESPACE {
            return Err(format!("declares the namespace {}", namespace.uri()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHART: &str = r##"<svg width="10" height="10" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg">
<rect x="0" y="0" width="10" height="10" opacity="1" fill="#FFFFFF" stroke="none"/>
<polyline fill="none" opacity="1" stroke="#000000" stroke-width="1" points="0,0 5,5 "/>
<text x="1" y="2" dy="0.76em" text-anchor="start" font-family="DejaVu Sans" font-size="8" opacity="1" fill="#000000">
a &lt; b
</text>
</svg>
"##;

    #[test]
    fn a_chart_as_plot_draws_it_passes() {
        assert_eq!(check(CHART), Ok(()));
    }

    #[test]
    fn a_chart_tagged_for_exploring_passes() {
        let tagged = CHART
            .replacen("<polyline ", "<polyline data-series=\"1\" data-legend=\"1\" ", 1)
            .replacen(
                "</svg>",
                "<circle cx=\"5\" cy=\"5\" r=\"6\" fill=\"none\" pointer-events=\"all\" \
                 data-series=\"1\" data-tip=\"min-conflicts · N = 64: checks 12,345 &amp; more\"/>\n</svg>",
                1,
            );
        assert_ne!(tagged, CHART);
        assert_eq!(check(&tagged), Ok(()));
    }

    #[test]
    fn data_attributes_beyond_the_tags_or_holding_markup_are_refused() {
        let planted = [
            "<rect data-x=\"alert(1)\" x=",
            "<rect data-series=\"1 onclick=alert(1)\" x=",
            "<rect data-legend=\"x\" x=",
            "<rect data-tip=\"&lt;script&gt;alert(1)&lt;/script&gt;\" x=",
            "<rect data-tip=\"javascript:alert(1)\" x=",
            "<rect onclick=\"alert(1)\" data-series=\"1\" x=",
            "<rect data-series=\"1\" style=\"fill:red\" x=",
            "<rect pointer-events=\"url(#a)\" x=",
        ];
        for planted in planted {
            let svg = CHART.replacen("<rect x=", planted, 1);
            assert_ne!(svg, CHART);
            assert!(check(&svg).is_err(), "accepted: {planted}");
        }
    }

    #[test]
    fn scripts_handlers_links_and_foreign_markup_are_refused() {
        let planted = [
            ("<rect x=", "<script>alert(1)</script><rect x="),
            ("<rect x=", "<rect onload=\"alert(1)\" x="),
            ("<rect x=", "<rect ONLOAD=\"alert(1)\" x="),
            (
                "<rect x=",
                "<a href=\"https://example.org\"><rect/></a><rect x=",
            ),
            ("<rect x=", "<image href=\"x.png\"/><rect x="),
            ("<rect x=", "<use href=\"#a\"/><rect x="),
            ("<rect x=", "<foreignObject><div/></foreignObject><rect x="),
            ("<rect x=", "<style>*{}</style><rect x="),
            ("<rect x=", "<rect style=\"fill:red\" x="),
            ("fill=\"#FFFFFF\"", "fill=\"url(https://example.org/x)\""),
            ("fill=\"#FFFFFF\"", "fill=\"javascript:alert(1)\""),
            ("<rect x=", "<!-- --><rect x="),
            ("<rect x=", "<![CDATA[<script>x</script>]]><rect x="),
            ("<rect x=", "<?x y?><rect x="),
            (
                "xmlns=\"http://www.w3.org/2000/svg\"",
                "xmlns=\"http://www.w3.org/2000/svg\" xmlns:h=\"http://www.w3.org/1999/xhtml\"",
            ),
        ];
        for (from, to) in planted {
            let svg = CHART.replacen(from, to, 1);
            assert_ne!(svg, CHART);
            assert!(check(&svg).is_err(), "accepted: {to}");
        }
        let doctype = format!("<!DOCTYPE svg [<!ENTITY x \"y\">]>{CHART}");
        assert!(check(&doctype).is_err());
    }
}
