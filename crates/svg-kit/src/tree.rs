//! A search tree drawn for a person: the first [`SearchTree::MAX_NODES`]
//! nodes of a search in expansion order, each with its label (a small
//! board, an assignment) and its g/h/f or depth, the path to the goal
//! marked, as SVG (a tidy layout: subtrees packed as close as their
//! outlines allow, a parent centred over its children) and as Graphviz DOT.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::writer::{Svg, Tag};

/// One node of a search as the caller saw it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TreeNode {
    /// The search's own id for the node (its event id).
    pub id: u64,
    /// The id of the node it was generated from; `None` for the root. A
    /// parent not in the tree makes the node a root of its own.
    pub parent: Option<u64>,
    /// Lines drawn in a fixed-width font: a small board, an assignment.
    pub label: Vec<String>,
    /// One short line beside the expansion number: `g=2 h=4 f=6`, `depth 3`.
    pub detail: String,
    /// Whether the node lies on the path to the goal (drawn green).
    pub on_goal_path: bool,
    /// Whether the search cut the node off: pruned by a bound, a duplicate,
    /// a dead end (drawn dashed).
    pub cut: bool,
}

impl TreeNode {
    /// A node `id` generated from `parent`, with no label yet.
    pub fn new(id: u64, parent: Option<u64>) -> Self {
        TreeNode {
            id,
            parent,
            ..TreeNode::default()
        }
    }

    /// Sets the label lines.
    #[must_use]
    pub fn with_label<S: Into<String>>(mut self, lines: impl IntoIterator<Item = S>) -> Self {
        self.label = lines.into_iter().map(Into::into).collect();
        self
    }

    /// Sets the detail line (`g=2 h=4 f=6`).
    #[must_use]
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }

    /// Marks the node cut off by the search.
    #[must_use]
    pub fn with_cut(mut self, cut: bool) -> Self {
        self.cut = cut;
        self
    }

    /// Marks the node on the path to the goal.
    #[must_use]
    pub fn with_goal_path(mut self, on_goal_path: bool) -> Self {
        self.on_goal_path = on_goal_path;
        self
    }
}

/// The nodes of a search, kept in the order they were pushed (the expansion
/// order), at most [`SearchTree::MAX_NODES`] of them; the nodes pushed past
/// that are counted, and the picture says how many were left out.
///
/// ```
/// use svg_kit::{SearchTree, TreeNode};
///
/// let mut tree = SearchTree::new("A* on 1 2 3 / 4 _ 5 / 7 8 6");
/// tree.push(TreeNode::new(0, None).with_detail("g=0 h=2 f=2").with_label(["123", "4.5", "786"]));
/// tree.push(TreeNode::new(1, Some(0)).with_detail("g=1 h=1 f=2").with_label(["123", "45.", "786"]));
/// tree.push(TreeNode::new(2, Some(0)).with_detail("g=1 h=3 f=4").with_label(["123", ".45", "786"]));
/// tree.push(TreeNode::new(3, Some(1)).with_detail("g=2 h=0 f=2").with_label(["123", "456", "78."]));
/// tree.mark_path_to(3);
/// let svg = tree.to_svg();
/// assert!(svg.starts_with("<svg") && svg.contains("4 nodes"));
/// assert!(tree.to_dot().contains("n0 -> n1"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct SearchTree {
    title: String,
    nodes: Vec<TreeNode>,
    index_of: BTreeMap<u64, usize>,
    left_out: u64,
}

/// Sizes of the drawing, in pixels.
const CHAR_WIDTH: f64 = 7.3; // a 12 px monospace glyph is 0.6 em; a little slack
const HEADER_CHAR_WIDTH: f64 = 6.4; // 11 px sans-serif, average glyph
const LEGEND_CHAR_WIDTH: f64 = 5.6; // 11 px sans-serif, a line of mostly lower case
const LINE: f64 = 15.0;
const PAD: f64 = 6.0;
const SIBLING_GAP: f64 = 14.0;
const LEVEL_GAP: f64 = 34.0;
const MARGIN: f64 = 16.0;
const TITLE_HEIGHT: f64 = 48.0;

impl SearchTree {
    /// How many nodes a tree keeps: a bigger search is drawn up to here.
    pub const MAX_NODES: usize = 500;

    /// An empty tree; `title` heads the picture (the puzzle, the algorithm).
    pub fn new(title: impl Into<String>) -> Self {
        SearchTree {
            title: title.into(),
            ..SearchTree::default()
        }
    }

    /// Adds a node after those pushed before it; false when it is not kept:
    /// the tree is full (it is then counted as left out), or a node of that
    /// id is already in it.
    pub fn push(&mut self, node: TreeNode) -> bool {
        if self.index_of.contains_key(&node.id) {
            return false;
        }
        if self.nodes.len() >= Self::MAX_NODES {
            self.left_out += 1;
            return false;
        }
        self.index_of.insert(node.id, self.nodes.len());
        self.nodes.push(node);
        true
    }

    /// Marks the node `id` and its ancestors in the tree as on the path to
    /// the goal (a node not in the tree marks nothing).
    pub fn mark_path_to(&mut self, id: u64) {
        let mut next = self.index_of.get(&id).copied();
        while let Some(index) = next {
            self.nodes[index].on_goal_path = true;
            next = self.parent_index(index);
        }
    }

    /// Marks the node `id` cut off (drawn dashed): a dead end found after
    /// it was pushed, such as a decision whose subtree held no solution
    /// (a node not in the tree marks nothing).
    pub fn mark_cut(&mut self, id: u64) {
        if let Some(&index) = self.index_of.get(&id) {
            self.nodes[index].cut = true;
        }
    }

    /// The nodes kept, in the order pushed.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// How many nodes were pushed past [`SearchTree::MAX_NODES`].
    pub fn left_out(&self) -> u64 {
        self.left_out
    }

    fn parent_index(&self, index: usize) -> Option<usize> {
        let parent = self.nodes[index].parent?;
        self.index_of
            .get(&parent)
            .copied()
            .filter(|&parent| parent < index)
    }

    fn header(&self, index: usize) -> String {
        let node = &self.nodes[index];
        if node.detail.is_empty() {
            format!("#{}", index + 1)
        } else {
            format!("#{}  {}", index + 1, node.detail)
        }
    }

    fn node_width(&self, index: usize) -> f64 {
        let label = self.nodes[index]
            .label
            .iter()
            .map(|line| line.chars().count())
            .max()
            .unwrap_or(0) as f64
            * CHAR_WIDTH;
        let header = self.header(index).chars().count() as f64 * HEADER_CHAR_WIDTH;
        label.max(header) + 2.0 * PAD
    }

    /// The line under the title: how many nodes, and how many were left out.
    fn summary(&self) -> String {
        let shown = self.nodes.len();
        let plural = if shown == 1 { "" } else { "s" };
        if self.left_out == 0 {
            format!("{shown} node{plural} in expansion order")
        } else {
            format!(
                "stopped at the first {shown} nodes in expansion order: {} more not drawn",
                self.left_out
            )
        }
    }

    /// The centre x of every node (relative, may be negative), by the
    /// outline packing: each subtree keeps, per depth, its leftmost and
    /// rightmost extent, and a sibling moves right until no depth overlaps.
    fn layout(&self, widths: &[f64]) -> Vec<f64> {
        let count = self.nodes.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
        let mut roots = Vec::new();
        for index in 0..count {
            match self.parent_index(index) {
                Some(parent) => children[parent].push(index),
                None => roots.push(index),
            }
        }
        // Offsets of each node from its parent's centre; outlines per depth.
        let mut offset = vec![0.0; count];
        let mut outline: Vec<Vec<(f64, f64)>> = vec![Vec::new(); count];
        // A parent is pushed before its children, so going backwards
        // finishes every subtree before its root.
        for index in (0..count).rev() {
            let below = pack(&children[index], &mut outline, &mut offset);
            let half = widths[index] / 2.0;
            let mut own = Vec::with_capacity(below.len() + 1);
            own.push((-half, half));
            own.extend(below);
            outline[index] = own;
        }
        let mut forest_offsets = vec![0.0; count];
        pack(&roots, &mut outline, &mut forest_offsets);
        let mut x = vec![0.0; count];
        for index in 0..count {
            x[index] = match self.parent_index(index) {
                Some(parent) => x[parent] + offset[index],
                None => forest_offsets[index],
            };
        }
        x
    }

    /// The tree as an SVG picture.
    pub fn to_svg(&self) -> String {
        let count = self.nodes.len();
        let widths: Vec<f64> = (0..count).map(|index| self.node_width(index)).collect();
        let lines = self
            .nodes
            .iter()
            .map(|node| node.label.len())
            .max()
            .unwrap_or(0);
        let node_height = (lines + 1) as f64 * LINE + 2.0 * PAD;
        let x = self.layout(&widths);
        let mut depth = vec![0usize; count];
        for index in 0..count {
            if let Some(parent) = self.parent_index(index) {
                depth[index] = depth[parent] + 1;
            }
        }
        let left = (0..count)
            .map(|i| x[i] - widths[i] / 2.0)
            .fold(f64::INFINITY, f64::min);
        let right = (0..count)
            .map(|i| x[i] + widths[i] / 2.0)
            .fold(f64::NEG_INFINITY, f64::max);
        let (left, right) = if count == 0 {
            (0.0, 0.0)
        } else {
            (left, right)
        };
        let levels = depth.iter().max().map_or(0, |deepest| deepest + 1);
        let legend = format!(
            "{}; green: the path to the goal; dashed: cut off",
            self.summary()
        );
        // The title is 14 px bold, the legend below it 11 px: both fit.
        let title_width = (self.title.chars().count() as f64 * 7.5)
            .max(legend.chars().count() as f64 * LEGEND_CHAR_WIDTH)
            + 2.0 * MARGIN;
        let width = (right - left + 2.0 * MARGIN).max(title_width).max(240.0);
        let height = TITLE_HEIGHT
            + levels as f64 * (node_height + LEVEL_GAP)
            + if levels == 0 {
                MARGIN
            } else {
                MARGIN - LEVEL_GAP
            };
        let shift = MARGIN - left;
        let top = |index: usize| TITLE_HEIGHT + depth[index] as f64 * (node_height + LEVEL_GAP);
        let centre = |index: usize| x[index] + shift;

        let mut svg = Svg::titled(width, height, &self.title, Some(&self.summary()));
        svg.open(
            Tag::new("g")
                .attr("font-family", "sans-serif")
                .attr("fill", "#222"),
        );
        svg.add(
            Tag::new("text")
                .attr("x", MARGIN)
                .attr("y", 20.0)
                .attr("font-size", 14)
                .attr("font-weight", "bold")
                .text(&self.title),
        );
        svg.add(
            Tag::new("text")
                .attr("x", MARGIN)
                .attr("y", 37.0)
                .attr("font-size", 11)
                .attr("fill", "#555")
                .text(&legend),
        );
        svg.close();

        svg.open(Tag::new("g").attr("fill", "none"));
        for index in 0..count {
            let Some(parent) = self.parent_index(index) else {
                continue;
            };
            let on_path = self.nodes[index].on_goal_path && self.nodes[parent].on_goal_path;
            svg.add(
                Tag::line(
                    centre(parent),
                    top(parent) + node_height,
                    centre(index),
                    top(index),
                )
                .attr("stroke", if on_path { "#2e7d32" } else { "#999" })
                .attr("stroke-width", if on_path { 3.0 } else { 1.0 }),
            );
        }
        svg.close();

        for (index, node) in self.nodes.iter().enumerate() {
            let (fill, stroke) = if node.on_goal_path {
                ("#e8f5e9", "#2e7d32")
            } else if node.cut {
                ("#f3f3f3", "#999")
            } else {
                ("white", "#555")
            };
            let x0 = centre(index) - widths[index] / 2.0;
            let y0 = top(index);
            svg.open(Tag::new("g").attr("class", "node"));
            let mut rect = Tag::new("rect")
                .attr("x", x0)
                .attr("y", y0)
                .attr("width", widths[index])
                .attr("height", node_height)
                .attr("rx", 4)
                .attr("fill", fill)
                .attr("stroke", stroke)
                .attr("stroke-width", if node.on_goal_path { 2.0 } else { 1.0 });
            if node.cut {
                rect = rect.attr("stroke-dasharray", "4 3");
            }
            svg.add(rect);
            svg.add(
                Tag::new("text")
                    .attr("x", x0 + PAD)
                    .attr("y", y0 + PAD + 11.0)
                    .attr("font-family", "sans-serif")
                    .attr("font-size", 11)
                    .attr("fill", "#333")
                    .text(&self.header(index)),
            );
            for (line_number, line) in node.label.iter().enumerate() {
                svg.add(
                    Tag::new("text")
                        .attr("x", x0 + PAD)
                        .attr("y", y0 + PAD + 11.0 + (line_number + 1) as f64 * LINE)
                        .attr("font-family", "monospace")
                        .attr("font-size", 12)
                        .attr("xml:space", "preserve")
                        .attr("fill", if node.cut { "#777" } else { "#000" })
                        .text(line),
                );
            }
            svg.close();
        }
        svg.finish()
    }

    /// The same tree as Graphviz DOT (`dot -Tsvg` lays it out its own way).
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph search {\n");
        let _ = writeln!(
            out,
            "  label=\"{}\\l{}\\l\";\n  labelloc=t;\n  node [shape=box, fontname=\"monospace\", fontsize=10];",
            dot_escape(&self.title),
            dot_escape(&self.summary())
        );
        for (index, node) in self.nodes.iter().enumerate() {
            let mut label = dot_escape(&self.header(index));
            label.push_str("\\l");
            for line in &node.label {
                label.push_str(&dot_escape(line));
                label.push_str("\\l");
            }
            let style = if node.on_goal_path {
                ", style=\"filled,bold\", fillcolor=\"#e8f5e9\", color=\"#2e7d32\""
            } else if node.cut {
                ", style=dashed, color=\"#999999\""
            } else {
                ""
            };
            let _ = writeln!(out, "  n{index} [label=\"{label}\"{style}];");
        }
        for index in 0..self.nodes.len() {
            if let Some(parent) = self.parent_index(index) {
                let style = if self.nodes[index].on_goal_path && self.nodes[parent].on_goal_path {
                    " [color=\"#2e7d32\", penwidth=3]"
                } else {
                    ""
                };
                let _ = writeln!(out, "  n{parent} -> n{index}{style};");
            }
        }
        out.push_str("}\n");
        out
    }
}

/// Places the subtrees `members` side by side, as close as their outlines
/// allow, centred on 0: writes each one's offset and returns the outline
/// of the row (per depth, the leftmost and rightmost extent).
fn pack(members: &[usize], outline: &mut [Vec<(f64, f64)>], offset: &mut [f64]) -> Vec<(f64, f64)> {
    let mut row: Vec<(f64, f64)> = Vec::new();
    let mut placed = Vec::with_capacity(members.len());
    for &member in members {
        let shape = std::mem::take(&mut outline[member]);
        let shift = if placed.is_empty() {
            0.0
        } else {
            row.iter()
                .zip(&shape)
                .map(|(&(_, right), &(left, _))| right + SIBLING_GAP - left)
                .fold(f64::NEG_INFINITY, f64::max)
        };
        for (depth, &(left, right)) in shape.iter().enumerate() {
            match row.get_mut(depth) {
                Some(extent) => extent.1 = shift + right,
                None => row.push((shift + left, shift + right)),
            }
        }
        placed.push(shift);
    }
    let middle = match (placed.first(), placed.last()) {
        (Some(first), Some(last)) => (first + last) / 2.0,
        _ => 0.0,
    };
    for (&member, shift) in members.iter().zip(placed) {
        offset[member] = shift - middle;
    }
    for extent in &mut row {
        extent.0 -= middle;
        extent.1 -= middle;
    }
    row
}

/// A DOT quoted string's text: backslash and quote escaped, line breaks as
/// left-justified breaks.
fn dot_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\l"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain_and_fan() -> SearchTree {
        let mut tree = SearchTree::new("test");
        tree.push(TreeNode::new(10, None).with_label(["root"]));
        for child in 0..4 {
            tree.push(TreeNode::new(20 + child, Some(10)).with_label(["wide label here"]));
        }
        tree.push(TreeNode::new(30, Some(21)).with_label(["x"]));
        tree.push(TreeNode::new(31, Some(21)).with_label(["y"]));
        tree
    }

    #[test]
    fn no_two_nodes_of_a_level_overlap_and_parents_sit_over_their_children() {
        let tree = chain_and_fan();
        let widths: Vec<f64> = (0..tree.nodes.len()).map(|i| tree.node_width(i)).collect();
        let x = tree.layout(&widths);
        // Level 1: indices 1..=4, in order left to right, apart by the gap.
        for pair in [1, 2, 3, 4].windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(x[a] + widths[a] / 2.0 + SIBLING_GAP <= x[b] - widths[b] / 2.0 + 1e-9);
        }
        assert!((x[0] - (x[1] + x[4]) / 2.0).abs() < 1e-9);
        assert!((x[2] - (x[5] + x[6]) / 2.0).abs() < 1e-9);
        assert!(x[5] < x[6]);
    }

    #[test]
    fn a_full_tree_counts_what_it_leaves_out_and_refuses_duplicates() {
        let mut tree = SearchTree::new("big");
        assert!(tree.push(TreeNode::new(0, None)));
        assert!(!tree.push(TreeNode::new(0, None)));
        for id in 1..(SearchTree::MAX_NODES as u64 + 25) {
            tree.push(TreeNode::new(id, Some(id - 1)));
        }
        assert_eq!(tree.nodes().len(), SearchTree::MAX_NODES);
        assert_eq!(tree.left_out(), 25);
        assert!(tree.to_svg().contains("25 more not drawn"));
    }

    #[test]
    fn marking_the_path_marks_ancestors_only() {
        let mut tree = chain_and_fan();
        tree.mark_path_to(31);
        let marked: Vec<u64> = tree
            .nodes()
            .iter()
            .filter(|node| node.on_goal_path)
            .map(|node| node.id)
            .collect();
        assert_eq!(marked, [10, 21, 31]);
    }

    #[test]
    fn dot_escapes_quotes_and_backslashes() {
        let mut tree = SearchTree::new("say \"hi\"");
        tree.push(TreeNode::new(0, None).with_label(["a\\b"]));
        let dot = tree.to_dot();
        assert!(dot.contains("say \\\"hi\\\""));
        assert!(dot.contains("a\\\\b\\l"));
    }
}
