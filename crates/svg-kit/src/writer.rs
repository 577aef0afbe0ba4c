//! The SVG element writer: tags with attributes and text, escaped once here,
//! one element a line so that snapshots of pictures diff line by line.

use std::fmt::Write as _;

/// The XML form of `text` for an attribute value or element text: `&`, `<`,
/// `>`, `"` and `'` become entities, and characters XML 1.0 cannot carry
/// at all (control characters other than tab, newline and carriage return)
/// become U+FFFD, so that any string makes a well-formed document.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A number as an attribute: at most two decimals, no trailing zeros, no
/// `-0` (coordinates never need more, and snapshots stay stable).
pub fn number(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if !rounded.is_finite() {
        return "0".to_owned();
    }
    if rounded == 0.0 {
        return "0".to_owned();
    }
    let text = format!("{rounded:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// What an attribute's value can be: text (escaped) or a number.
pub trait AttrValue {
    /// Appends the value, escaped, to `out`.
    fn write_to(&self, out: &mut String);
}

impl AttrValue for &str {
    fn write_to(&self, out: &mut String) {
        out.push_str(&escape(self));
    }
}

impl AttrValue for String {
    fn write_to(&self, out: &mut String) {
        out.push_str(&escape(self));
    }
}

impl AttrValue for &String {
    fn write_to(&self, out: &mut String) {
        out.push_str(&escape(self));
    }
}

impl AttrValue for f64 {
    fn write_to(&self, out: &mut String) {
        out.push_str(&number(*self));
    }
}

macro_rules! integer_attr {
    ($($t:ty),*) => {$(
        impl AttrValue for $t {
            fn write_to(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        }
    )*};
}
integer_attr!(i32, i64, u32, u64, usize);

/// One element: a name, attributes and optional text, built by chaining.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    name: &'static str,
    attrs: String,
    text: Option<String>,
}

impl Tag {
    /// An element named `name` (`rect`, `text`, `g`, ...).
    pub fn new(name: &'static str) -> Self {
        Tag {
            name,
            attrs: String::new(),
            text: None,
        }
    }

    /// A `<line>` from (`x1`, `y1`) to (`x2`, `y2`), its stroke to be
    /// added.
    pub fn line(x1: f64, y1: f64, x2: f64, y2: f64) -> Self {
        Tag::new("line")
            .attr("x1", x1)
            .attr("y1", y1)
            .attr("x2", x2)
            .attr("y2", y2)
    }

    /// Adds the attribute `name="value"`; the value is escaped.
    #[must_use]
    pub fn attr(mut self, name: &str, value: impl AttrValue) -> Self {
        self.attrs.push(' ');
        self.attrs.push_str(name);
        self.attrs.push_str("=\"");
        value.write_to(&mut self.attrs);
        self.attrs.push('"');
        self
    }

    /// Sets the element's text content; it is escaped.
    #[must_use]
    pub fn text(mut self, text: &str) -> Self {
        self.text = Some(escape(text));
        self
    }
}

/// An SVG document being written: [`Svg::new`], then elements with
/// [`Svg::add`] or groups with [`Svg::open`] and [`Svg::close`], then
/// [`Svg::finish`] for the text.
///
/// ```
/// use svg_kit::{Svg, Tag};
///
/// let mut svg = Svg::new(120.0, 40.0);
/// svg.add(Tag::new("rect").attr("width", 120.0).attr("height", 40.0).attr("fill", "white"));
/// svg.add(Tag::new("text").attr("x", 10).attr("y", 25).text("A & B < C"));
/// let text = svg.finish();
/// assert!(text.contains(">A &amp; B &lt; C</text>"));
/// assert!(text.ends_with("</svg>\n"));
/// ```
#[derive(Debug, Clone)]
pub struct Svg {
    out: String,
    open: Vec<&'static str>,
}

impl Svg {
    /// A document `width` by `height` user units (pixels at 100%), its
    /// view box the same.
    pub fn new(width: f64, height: f64) -> Self {
        let mut svg = Svg {
            out: String::new(),
            open: Vec::new(),
        };
        svg.open(
            Tag::new("svg")
                .attr("xmlns", "http://www.w3.org/2000/svg")
                .attr("width", width)
                .attr("height", height)
                .attr(
                    "viewBox",
                    format!("0 0 {} {}", number(width), number(height)),
                ),
        );
        svg
    }

    /// The start every puzzle's picture shares: a document `width` by
    /// `height` titled `title` (`title: caption` with a caption), on a
    /// white ground.
    pub fn titled(width: f64, height: f64, title: &str, caption: Option<&str>) -> Self {
        let mut svg = Svg::new(width, height);
        let title =
            caption.map_or_else(|| title.to_owned(), |caption| format!("{title}: {caption}"));
        svg.add(Tag::new("title").text(&title));
        let ground = Tag::new("rect").attr("width", width).attr("height", height);
        svg.add(ground.attr("fill", "white"));
        svg
    }

    /// The caption under a puzzle's picture, if there is one: a line of
    /// 14-pixel text from (`x`, `y`), `y` its baseline.
    pub fn caption(&mut self, caption: Option<&str>, x: f64, y: f64) {
        if let Some(caption) = caption {
            let tag = Tag::new("text").attr("x", x).attr("y", y);
            let font = tag.attr("font-family", "sans-serif").attr("font-size", 14);
            self.add(font.attr("fill", "#222").text(caption));
        }
    }

    fn indent(&mut self) {
        for _ in 0..self.open.len() {
            self.out.push_str("  ");
        }
    }

    /// Writes a whole element: `<name .../>`, or with its text
    /// `<name ...>text</name>`.
    pub fn add(&mut self, tag: Tag) {
        self.indent();
        let _ = write!(self.out, "<{}{}", tag.name, tag.attrs);
        match tag.text {
            Some(text) => {
                let _ = writeln!(self.out, ">{text}</{}>", tag.name);
            }
            None => self.out.push_str("/>\n"),
        }
    }

    /// Opens an element (a group `g`, say) that the next elements go into,
    /// until [`Svg::close`]. Its text, if any, comes first inside it.
    pub fn open(&mut self, tag: Tag) {
        self.indent();
        let _ = write!(self.out, "<{}{}>", tag.name, tag.attrs);
        if let Some(text) = tag.text {
            self.out.push_str(&text);
        }
        self.out.push('\n');
        self.open.push(tag.name);
    }

    /// Closes the element opened last (never the document itself, which
    /// [`Svg::finish`] closes).
    pub fn close(&mut self) {
        if self.open.len() > 1 {
            let name = self.open.pop().unwrap_or("g");
            self.indent();
            let _ = writeln!(self.out, "</{name}>");
        }
    }

    /// Closes whatever is still open and gives the document's text.
    pub fn finish(mut self) -> String {
        while let Some(name) = self.open.pop() {
            self.indent();
            let _ = writeln!(self.out, "</{name}>");
        }
        self.out
    }
}

/// Ten colours that tell apart on white and in most colour-blindness
/// (the classic "category 10" set): word paths, bars, highlights.
pub const PALETTE: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// The `i`th colour of [`PALETTE`], round and round.
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_quotes_and_control_characters() {
        assert_eq!(
            escape(r#"a<b>&"c"'d'"#),
            "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;"
        );
        assert_eq!(escape("tab\tnew\nbell\u{7}"), "tab\tnew\nbell\u{FFFD}");
        assert_eq!(escape("plain é ✓"), "plain é ✓");
    }

    #[test]
    fn numbers_have_at_most_two_decimals() {
        for (value, text) in [
            (1.0, "1"),
            (2.5, "2.5"),
            (1.0 / 3.0, "0.33"),
            (-0.001, "0"),
            (-12.346, "-12.35"),
            (f64::NAN, "0"),
        ] {
            assert_eq!(number(value), text, "{value}");
        }
    }

    #[test]
    fn close_never_closes_the_document_and_finish_closes_all() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.open(Tag::new("g").attr("id", "a"));
        svg.close();
        svg.close();
        svg.open(Tag::new("g"));
        let text = svg.finish();
        assert_eq!(text.matches("</svg>").count(), 1);
        assert_eq!(text.matches("</g>").count(), 2);
        assert!(text.ends_with("</g>\n</svg>\n"));
    }
}
