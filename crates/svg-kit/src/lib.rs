//! SVG pictures with no dependencies, for every puzzle crate of the
//! workspace:
//!
//! - [`Svg`] and [`Tag`]: an element writer that escapes every attribute
//!   value and text ([`escape`]), writes numbers with at most two decimals
//!   ([`number`]) and one element a line (snapshots diff line by line);
//!   [`PALETTE`] and [`colour`] give colours that tell apart;
//! - [`SearchTree`] of [`TreeNode`]s: the first 500 nodes of a search in
//!   expansion order, laid out tidily, the path to the goal marked, as SVG
//!   and as Graphviz DOT;
//! - [`ratio_chart`]: the bar chart of `cargo xtask bench`'s ratios;
//! - [`PictureFiles`]: where `--svg TARGET` writes (a file, or for a batch
//!   a folder of `<line>.svg`).
//!
//! ```
//! use svg_kit::{Svg, Tag};
//!
//! let mut svg = Svg::new(40.0, 40.0);
//! svg.add(Tag::new("circle").attr("cx", 20).attr("cy", 20).attr("r", 15.5).attr("fill", svg_kit::colour(0)));
//! assert_eq!(
//!     svg.finish(),
//!     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\" viewBox=\"0 0 40 40\">\n  \
//!      <circle cx=\"20\" cy=\"20\" r=\"15.5\" fill=\"#1f77b4\"/>\n</svg>\n"
//! );
//! ```
#![deny(missing_docs)]

mod chart;
mod files;
mod tree;
mod writer;

pub use chart::ratio_chart;
pub use files::PictureFiles;
pub use tree::{SearchTree, TreeNode};
pub use writer::{AttrValue, PALETTE, Svg, Tag, colour, escape, number};
