//! The pictures of `eight_puzzle::svg`: parsed as XML and snapshotted; the
//! strip holds the start and one board a move, at most `STRIP_MAX`; the
//! binary writes one file for `solve` and a folder for `batch`.

use std::process::Command;

use eight_puzzle::svg::{STRIP_MAX, render};
use eight_puzzle::{Board, Move};

/// Parses `svg` as XML; returns the number of boards drawn and the text.
fn parsed(svg: String) -> (usize, String) {
    let document =
        roxmltree::Document::parse(&svg).unwrap_or_else(|error| panic!("{error}\n{svg}"));
    let boards = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("board"))
        .count();
    (boards, svg)
}

fn board(text: &str) -> Board {
    text.parse().expect("a board")
}

#[test]
fn a_solution_as_a_strip() {
    use Move::{Left, Right, Up};
    let moves = [Right, Up, Left, Up, Left];
    let (boards, svg) = parsed(render(
        &board("142358607"),
        &Board::goal(3),
        Some(&moves),
        None,
    ));
    assert_eq!(boards, 2 + moves.len() + 1);
    insta::assert_snapshot!(svg);
}

#[test]
fn no_solution_shows_start_goal_and_why() {
    let start = board("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0");
    let (boards, svg) = parsed(render(&start, &Board::goal(4), None, Some("unsolvable")));
    assert_eq!(boards, 2);
    insta::assert_snapshot!(svg);
}

#[test]
fn a_long_strip_stops_at_its_cap_and_says_so() {
    // The blank goes right and left 150 times: 300 moves, 301 boards.
    let moves: Vec<Move> = (0..300)
        .map(|i| if i % 2 == 0 { Move::Right } else { Move::Left })
        .collect();
    let (boards, svg) = parsed(render(&Board::goal(3), &Board::goal(3), Some(&moves), None));
    assert_eq!(boards, 2 + STRIP_MAX);
    assert!(svg.contains("... and 101 more boards not drawn"));
}

#[test]
fn the_binary_writes_a_file_for_solve_and_a_folder_for_batch() {
    let folder = std::env::temp_dir().join(format!("eight-puzzle-svg-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let single = folder.join("one.svg");
    let status = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
        .args(["solve", "142358607", "--svg"])
        .arg(&single)
        .output()
        .expect("runs")
        .status;
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        parsed(std::fs::read_to_string(&single).expect("written")).0,
        8
    );

    let input = folder.join("boards.txt");
    std::fs::write(&input, "# two boards\n142358607\n\n312045678\n").expect("written");
    let pictures = folder.join("pictures");
    let names = batch_into_folder(&input, "--svg", &pictures);
    assert_eq!(names, ["2.svg", "4.svg"]);
    std::fs::remove_dir_all(&folder).expect("cleaned up");
}

/// `--tree-svg`: a file (and its DOT beside it) for `solve`, a folder of
/// `N.svg` (and `N.svg.dot`) by line for a batch of several boards.
#[test]
fn the_binary_draws_a_tree_for_solve_and_a_folder_of_trees_for_batch() {
    let folder = std::env::temp_dir().join(format!("eight-puzzle-trees-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let single = folder.join("tree.svg");
    let status = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
        .args(["solve", "142358607", "--tree-svg"])
        .arg(&single)
        .output()
        .expect("runs")
        .status;
    assert_eq!(status.code(), Some(0));
    roxmltree::Document::parse(&std::fs::read_to_string(&single).expect("written"))
        .expect("an SVG");
    assert!(folder.join("tree.svg.dot").exists());

    let input = folder.join("boards.txt");
    std::fs::write(&input, "# two boards\n142358607\n\n312045678\n").expect("written");
    let trees = folder.join("trees");
    let names = batch_into_folder(&input, "--tree-svg", &trees);
    assert_eq!(names, ["2.svg", "2.svg.dot", "4.svg", "4.svg.dot"]);
    let tree = std::fs::read_to_string(trees.join("4.svg")).expect("written");
    assert!(tree.contains("312045678"), "{tree}");
    std::fs::remove_dir_all(&folder).expect("cleaned up");
}

/// The search tree of one solve, its SVG parsed as XML.
fn tree_svg(line: &str, algo: eight_puzzle::Algo) -> (svg_kit::SearchTree, String) {
    use eight_puzzle::{Heuristic, Options, Solvers, TreeWatch};
    let start = board(line);
    let solvers = Solvers::new(Options::new(algo).heuristic(Heuristic::Manhattan));
    let mut watch = TreeWatch::new(&start, solvers.options());
    solvers
        .solve_observed(&start, &mut watch)
        .expect("a plan for 3x3");
    let tree = watch.finish();
    let svg = tree.to_svg();
    roxmltree::Document::parse(&svg).unwrap_or_else(|error| panic!("{error}\n{svg}"));
    (tree, svg)
}

#[test]
fn search_trees_are_drawn() {
    use eight_puzzle::Algo;
    // A* and IDA* on the sample board (5 moves): the goal path is the
    // start and one board a move.
    for algo in [Algo::AStar, Algo::IdaStar] {
        let (tree, svg) = tree_svg("142358607", algo);
        let on_path = tree.nodes().iter().filter(|node| node.on_goal_path);
        assert_eq!(on_path.count(), 6, "{algo}");
        insta::assert_snapshot!(format!("{algo}_tree_3x3"), svg);
    }
    // Iterative deepening on a board two moves away: the boards met at
    // each depth limit are cut off, drawn dashed.
    let (tree, svg) = tree_svg("142305678", Algo::Iddfs);
    assert!(tree.nodes().iter().any(|node| node.cut));
    assert_eq!(
        tree.nodes().iter().filter(|node| node.on_goal_path).count(),
        3
    );
    insta::assert_snapshot!("iddfs_tree_3x3", svg);
}

/// Runs `batch input flag folder`, which must succeed, and the names of
/// the files it wrote into `folder`, sorted.
fn batch_into_folder(input: &std::path::Path, flag: &str, folder: &std::path::Path) -> Vec<String> {
    let status = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
        .arg("batch")
        .arg(input)
        .arg(flag)
        .arg(folder)
        .output()
        .expect("runs")
        .status;
    assert_eq!(status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("the folder")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}
