//! A bar chart of speed ratios (peer time over ours, as `cargo xtask bench`
//! reports them): one bar a workload on a log scale centred on 1, green to
//! the right where we are faster, red to the left where we are slower.

use crate::writer::{Svg, Tag};

const ROW: f64 = 22.0;
const LABEL_CHAR_WIDTH: f64 = 6.6;
const PLOT_WIDTH: f64 = 420.0;
const MARGIN: f64 = 16.0;
const TOP: f64 = 52.0;

/// The chart of `rows` (a workload's name and its ratio, `None` when it has
/// no peer), headed by `title`.
///
/// ```
/// let svg = svg_kit::ratio_chart(
///     "sudoku",
///     &[("hardest 375".to_owned(), Some(3.2)), ("alone".to_owned(), None)],
/// );
/// assert!(svg.contains(">3.2x<") && svg.contains(">no peer<"));
/// ```
pub fn ratio_chart(title: &str, rows: &[(String, Option<f64>)]) -> String {
    let ratios = || {
        rows.iter()
            .filter_map(|(_, ratio)| *ratio)
            .filter(|ratio| ratio.is_finite() && *ratio > 0.0)
    };
    // The scale always shows 0.5x to 2x, and every ratio, in whole powers
    // of ten so the ticks fall on round numbers.
    let low = ratios().fold(0.5f64, f64::min).log10().floor();
    let high = ratios().fold(2.0f64, f64::max).log10().ceil();
    let label_width = rows
        .iter()
        .map(|(name, _)| name.chars().count())
        .max()
        .unwrap_or(0) as f64
        * LABEL_CHAR_WIDTH
        + 12.0;
    let plot_left = MARGIN + label_width;
    let value_room = 64.0;
    let width = plot_left + PLOT_WIDTH + value_room + MARGIN;
    let height = TOP + rows.len() as f64 * ROW + 34.0;
    let scale = |ratio: f64| plot_left + (ratio.log10() - low) / (high - low) * PLOT_WIDTH;

    let mut svg = Svg::titled(
        width,
        height,
        title,
        Some("peer time / our time per workload"),
    );
    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("font-size", 11)
            .attr("fill", "#222"),
    );
    svg.add(
        Tag::new("text")
            .attr("x", MARGIN)
            .attr("y", 20.0)
            .attr("font-size", 14)
            .attr("font-weight", "bold")
            .text(title),
    );
    svg.add(
        Tag::new("text")
            .attr("x", MARGIN)
            .attr("y", 37.0)
            .attr("fill", "#555")
            .text("peer time / our time (log scale): right of 1x we are faster"),
    );
    let bottom = TOP + rows.len() as f64 * ROW;
    let mut power = low;
    while power <= high + 1e-9 {
        let ratio = 10f64.powf(power);
        let x = scale(ratio);
        svg.add(
            Tag::line(x, TOP - 4.0, x, bottom)
                .attr("stroke", if power == 0.0 { "#333" } else { "#ddd" })
                .attr("stroke-width", 1.0),
        );
        svg.add(
            Tag::new("text")
                .attr("x", x)
                .attr("y", bottom + 16.0)
                .attr("text-anchor", "middle")
                .text(&format!("{}x", trim(ratio))),
        );
        power += 1.0;
    }
    for (row, (name, ratio)) in rows.iter().enumerate() {
        let y = TOP + row as f64 * ROW;
        svg.add(
            Tag::new("text")
                .attr("x", plot_left - 8.0)
                .attr("y", y + 15.0)
                .attr("text-anchor", "end")
                .text(name),
        );
        match ratio.filter(|ratio| ratio.is_finite() && *ratio > 0.0) {
            Some(ratio) => {
                let (one, end) = (scale(1.0), scale(ratio));
                svg.add(
                    Tag::new("rect")
                        .attr("x", one.min(end))
                        .attr("y", y + 4.0)
                        .attr("width", (end - one).abs().max(1.0))
                        .attr("height", ROW - 8.0)
                        .attr("fill", if ratio >= 1.0 { "#2ca02c" } else { "#d62728" }),
                );
                svg.add(
                    Tag::new("text")
                        .attr("x", one.max(end) + 4.0)
                        .attr("y", y + 15.0)
                        .text(&format!("{}x", trim(ratio))),
                );
            }
            None => svg.add(
                Tag::new("text")
                    .attr("x", scale(1.0) + 4.0)
                    .attr("y", y + 15.0)
                    .attr("fill", "#777")
                    .text("no peer"),
            ),
        }
    }
    svg.finish()
}

/// A ratio as people read it: two significant digits, at most.
fn trim(ratio: f64) -> String {
    if ratio >= 10.0 {
        format!("{ratio:.0}")
    } else if ratio >= 1.0 {
        format!("{ratio:.1}").trim_end_matches(".0").to_owned()
    } else {
        let text = format!("{ratio:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_read_with_two_digits() {
        for (ratio, text) in [
            (3.24, "3.2"),
            (1.0, "1"),
            (12.6, "13"),
            (0.5, "0.5"),
            (0.014, "0.01"),
        ] {
            assert_eq!(trim(ratio), text);
        }
    }
}
