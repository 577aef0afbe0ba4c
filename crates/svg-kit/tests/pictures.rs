//! Every picture svg-kit draws is well-formed XML (parsed, not pattern
//! matched) and its text is snapshotted.

use svg_kit::{SearchTree, TreeNode, ratio_chart};

/// Parses `svg` as XML and returns it for the snapshot; a parse error
/// fails the test with roxmltree's position.
fn parsed(svg: String) -> String {
    let document =
        roxmltree::Document::parse(&svg).unwrap_or_else(|error| panic!("{error}\n{svg}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    svg
}

fn eight_puzzle_tree() -> SearchTree {
    let mut tree = SearchTree::new("A* (Manhattan) on 1 2 3 / 4 _ 6 / 7 5 8 <& escaped \"title\">");
    let boards = [
        (0, None, "123|4.6|758", "g=0 h=2 f=2"),
        (1, Some(0), "1.3|426|758", "g=1 h=3 f=4"),
        (2, Some(0), "123|.46|758", "g=1 h=3 f=4"),
        (3, Some(0), "123|46.|758", "g=1 h=3 f=4"),
        (4, Some(0), "123|456|7.8", "g=1 h=1 f=2"),
        (5, Some(4), "123|456|.78", "g=2 h=2 f=4"),
        (6, Some(4), "123|456|78.", "g=2 h=0 f=2"),
    ];
    for (id, parent, board, detail) in boards {
        let node = TreeNode::new(id, parent)
            .with_detail(detail)
            .with_label(board.split('|'))
            .with_cut(id == 1);
        assert!(tree.push(node));
    }
    tree.mark_path_to(6);
    tree
}

#[test]
fn a_small_search_tree() {
    let tree = eight_puzzle_tree();
    insta::assert_snapshot!(parsed(tree.to_svg()));
    insta::assert_snapshot!(tree.to_dot());
}

#[test]
fn a_tree_cut_at_500_nodes_says_so() {
    let mut tree = SearchTree::new("binary tree of 600 nodes");
    for id in 0..600u64 {
        let parent = (id > 0).then(|| (id - 1) / 2);
        tree.push(TreeNode::new(id, parent).with_detail(format!("depth {}", (id + 1).ilog2())));
    }
    let svg = parsed(tree.to_svg());
    assert!(svg.contains("stopped at the first 500 nodes in expansion order: 100 more not drawn"));
    assert_eq!(svg.matches("class=\"node\"").count(), 500);
}

#[test]
fn an_empty_tree_is_still_a_picture() {
    insta::assert_snapshot!(parsed(SearchTree::new("nothing yet").to_svg()));
}

#[test]
fn a_ratio_chart() {
    let rows = [
        ("hardest <100>".to_owned(), Some(3.24)),
        ("slower".to_owned(), Some(0.62)),
        ("much faster".to_owned(), Some(140.0)),
        ("alone".to_owned(), None),
    ];
    insta::assert_snapshot!(parsed(ratio_chart("sudoku & friends", &rows)));
}
