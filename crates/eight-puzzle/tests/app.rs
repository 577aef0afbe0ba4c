//! eight-puzzle on cli-kit's application traits: the watched solve is the
//! solve, the record of a view names the plan of its options, and `check`'s
//! verdict reads the records back.

use cli_kit::Verified;
use cli_kit::app::{Show, Solved, Verify, ViewFlags, Watch, Watchable};
use eight_puzzle::app::EightView;
use eight_puzzle::{Algo, Board, Heuristic, Options, solve};
use svg_kit::SearchTree;

fn solved(board: &Board, options: &Options) -> Solved<Board> {
    Solved {
        puzzle: board.clone(),
        outcome: solve(board, options),
        unique: None,
    }
}

#[test]
fn the_watched_solve_is_the_solve_and_draws_the_tree() {
    let board: Board = "142358607".parse().expect("a board");
    let options = Options::new(Algo::AStar).heuristic(Heuristic::Manhattan);
    let mut tree = SearchTree::new("");
    let watched = board.solve_watched(
        &options,
        Watch {
            tree: Some(&mut tree),
            ..Watch::default()
        },
    );
    let plain = solve(&board, &options);
    assert_eq!(watched.status, plain.status);
    assert_eq!(watched.solution, plain.solution);
    assert!(tree.nodes().iter().any(|node| node.on_goal_path));
    let run = board.run_event(&options);
    assert_eq!(run["algorithm"], "astar");
    assert_eq!(run["heuristic"], "manhattan");
}

#[test]
fn a_record_names_its_plan_and_checks() {
    let board: Board = "142358607".parse().expect("a board");
    let goal: Board = "123456780".parse().expect("a goal");
    let options = Options::new(Algo::Bfs).goal(goal);
    let view = EightView {
        options: options.clone(),
        ..EightView::default()
    };
    let solved = solved(&board, &options);
    let record = Board::record_viewed(&solved, false, &view);
    assert_eq!(record.fields.goal.as_deref(), Some("123456780"));
    assert_eq!(record.fields.algo.as_deref(), Some("bfs"));
    assert_eq!(record.fields.heuristic, Some(None));
    assert_eq!(Board::verify(None, &record), Ok(Verified::Solution));
    let other: Board = "012345678".parse().expect("a board");
    assert!(Board::verify(Some(&other), &record).is_err());
    let mut line = Vec::new();
    record.write_line(&mut line).expect("a line");
    let text = String::from_utf8(line).expect("UTF-8");
    assert_eq!(
        cli_kit::app::check_text(&board, &text),
        Ok(vec![Verified::Solution])
    );
    let mut human = Vec::new();
    let flags = ViewFlags::default();
    Board::write_human(&mut human, &solved, &flags, &view).expect("written");
    let human = String::from_utf8(human).expect("UTF-8");
    assert!(human.contains("initial state:\n1 4 2\n"), "{human}");
    assert!(board.svg_viewed(&solved.outcome, &view).starts_with("<svg"));
}
