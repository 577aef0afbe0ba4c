//! The event stream of every searcher against its own counters and the
//! textbook orders: the library's observer sees every searcher (the packed
//! states of A* and BFS, the in-place states of IDA*) as boards, its calls
//! add up to the stats, A* with Manhattan (consistent) expands in
//! non-decreasing f, BFS in non-decreasing depth; and the command line's
//! `--events` stream says the same as its `--json` record.

use std::process::Command;

use eight_puzzle::{Board, Heuristic, Move, SearchAlgorithm, SolveOptions, Solver, Status};
use hashbrown::HashMap;
use search_core::{Generated, NodeView, Observer};

/// What an observer of a solve was told.
#[derive(Default)]
struct Log {
    /// Expanded nodes: (depth, g, f).
    expanded: Vec<(u32, u32, u32)>,
    generated: u64,
    goals: Vec<Board>,
    cuts: u64,
    /// The board of every node number, to check that each child is its
    /// parent's board moved.
    boards: HashMap<u64, Board>,
    problems: Vec<String>,
}

impl Observer<Board, Move, u32> for Log {
    fn expanded(&mut self, node: &NodeView<'_, Board, u32>) {
        self.expanded.push((node.depth, node.g, node.f()));
        if self.boards.get(&node.id) != Some(node.state) {
            self.problems.push(format!(
                "node {} was not generated as {}",
                node.id,
                node.state.to_line()
            ));
        }
    }

    fn generated(&mut self, child: &Generated<'_, Board, Move, u32>) {
        self.generated += 1;
        if let (Some(parent), Some(&mv)) = (child.parent, child.mv) {
            let moved = self.boards.get(&parent).and_then(|board| board.moved(mv));
            if moved.as_ref() != Some(child.state) {
                self.problems.push(format!(
                    "{} is not its parent {parent} moved {mv}",
                    child.state.to_line()
                ));
            }
        }
        if let Some(id) = child.id {
            self.boards.insert(id, child.state.clone());
        }
    }

    fn goal(&mut self, node: &NodeView<'_, Board, u32>) {
        self.goals.push(node.state.clone());
    }

    fn depth_cut(&mut self, _: &NodeView<'_, Board, u32>) {
        self.cuts += 1;
    }
}

fn board(text: &str) -> Board {
    text.parse().expect("a valid board")
}

/// The goal of `size` with the blank moved along `moves`.
fn scrambled(size: usize, moves: &[Move]) -> Board {
    moves.iter().fold(Board::goal(size), |board, &mv| {
        board.moved(mv).expect("a move the board allows")
    })
}

fn solve(
    board: &Board,
    algorithm: SearchAlgorithm,
    heuristic: Heuristic,
) -> (Log, eight_puzzle::Search) {
    let solver = Solver::new(Board::goal(board.size()), heuristic, None).expect("no pdb");
    let mut options = SolveOptions::new(algorithm);
    options.node_limit = Some(2_000_000);
    if algorithm == SearchAlgorithm::Dfs {
        options.depth_limit = Some(12);
    }
    let mut log = Log::default();
    let search = solver
        .solve_observed(board, &options, &mut log)
        .expect("the sizes agree");
    (log, search)
}

#[test]
fn every_searcher_reports_as_many_events_as_it_counts() {
    use Move::{Down, Left, Right, Up};
    let fifteen = scrambled(4, &[Right, Down, Right, Down, Left, Up, Right, Right, Down]);
    let boards = [board("142358607"), board("125340678"), fifteen];
    for board in boards {
        let text = board.to_line();
        for algorithm in SearchAlgorithm::ALL {
            let heuristic = if algorithm.uses_heuristic() {
                Heuristic::Manhattan
            } else {
                Heuristic::Zero
            };
            let name = format!("{algorithm} on {text}");
            let (log, search) = solve(&board, algorithm, heuristic);
            let stats = search.stats;
            assert!(log.problems.is_empty(), "{name}: {:?}", log.problems);
            assert_eq!(
                log.expanded.len() as u64,
                stats.counters.expanded,
                "{name}: expanded"
            );
            if search.status != Status::Limit(eight_puzzle::Limit::Node) {
                assert_eq!(log.generated, stats.nodes, "{name}: generated");
            }
            let tested = log.expanded.len() as u64 + log.goals.len() as u64 + log.cuts;
            assert_eq!(tested, stats.counters.num_tested, "{name}: tested");
            if search.status == Status::Solved {
                assert_eq!(log.goals, vec![Board::goal(board.size())], "{name}");
            }
        }
    }
}

#[test]
fn astar_with_manhattan_expands_in_non_decreasing_f() {
    use Move::{Down, Left, Right, Up};
    let path = [
        Right, Down, Right, Down, Left, Left, Up, Right, Down, Down, Right, Up, Left, Down,
    ];
    let fifteen = scrambled(4, &path).to_line();
    for (text, heuristic) in [
        ("876041253", Heuristic::Manhattan),
        ("806547231", Heuristic::Misplaced),
        (fifteen.as_str(), Heuristic::Manhattan),
    ] {
        let (log, search) = solve(&board(text), SearchAlgorithm::AStar, heuristic);
        assert_eq!(search.status, Status::Solved, "{text}");
        let fs: Vec<u32> = log.expanded.iter().map(|&(_, _, f)| f).collect();
        assert!(fs.len() > 10, "{text}");
        assert!(fs.is_sorted(), "{text}: f went down");
    }
}

#[test]
fn bfs_expands_in_non_decreasing_depth() {
    let (log, search) = solve(&board("806547231"), SearchAlgorithm::Bfs, Heuristic::Zero);
    assert_eq!(search.status, Status::Solved);
    let depths: Vec<u32> = log.expanded.iter().map(|&(depth, ..)| depth).collect();
    assert!(depths.len() > 1000);
    assert!(depths.is_sorted(), "depth went down");
    // The goal lies 31 moves away: BFS tests it among the boards of 31.
    assert_eq!(depths.last(), Some(&31));
}

/// Runs the binary in a fresh folder; (exit code, stdout, the events file).
fn run(args: &[&str]) -> (i32, String, Vec<serde_json::Value>) {
    // Removed, with the events file, when it goes out of scope.
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("events.jsonl");
    let output = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
        .args(args)
        .arg("--events")
        .arg(&path)
        .output()
        .expect("the binary runs");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let events = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        events,
    )
}

fn count(events: &[serde_json::Value], kind: &str) -> u64 {
    events.iter().filter(|event| event["kind"] == kind).count() as u64
}

#[test]
fn the_events_file_agrees_with_the_json_record() {
    for algo in [
        "random", "bfs", "dfs", "iddfs", "greedy", "astar", "idastar",
    ] {
        let (code, stdout, events) = run(&["solve", "142358607", "--algo", algo, "--json"]);
        assert_eq!(code, 0, "{algo}");
        let record: serde_json::Value = serde_json::from_str(stdout.trim()).expect("a record");
        let stats = &record["stats"];
        for (step, event) in events.iter().enumerate() {
            assert_eq!(event["v"], 1, "{algo}");
            assert_eq!(event["step"], step as u64, "{algo}");
        }
        assert_eq!(events[0]["kind"], "run", "{algo}");
        assert_eq!(events[0]["algorithm"], algo);
        assert_eq!(events[1]["kind"], "start", "{algo}");
        assert_eq!(count(&events, "expand"), stats["expanded"], "{algo}");
        assert_eq!(count(&events, "generate"), stats["nodes"], "{algo}");
        let end = events.last().expect("events");
        assert_eq!(end["kind"], "end", "{algo}");
        assert_eq!(end["status"], "solved", "{algo}");
        assert_eq!(end["stats"]["nodes"], stats["nodes"], "{algo}");
        let goal = events
            .iter()
            .find(|event| event["kind"] == "goal")
            .expect("a goal event");
        assert_eq!(goal["state_line"], "012345678", "{algo}");
        assert_eq!(goal["depth"], record["num_moves"], "{algo}");
    }
}

#[test]
fn a_stream_past_its_limit_ends_with_a_cut_event() {
    let (code, _, events) = run(&[
        "solve",
        "806547231",
        "--algo",
        "bfs",
        "--events-limit",
        "50",
    ]);
    assert_eq!(code, 0);
    assert_eq!(events.len(), 51);
    assert_eq!(events[50]["kind"], "cut");
    assert_eq!(events[50]["limit"], 50);
}

#[test]
fn a_batch_writes_one_run_after_another_with_its_lines() {
    let batch = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/eight-puzzle/hard.txt"
    );
    let (code, _, events) = run(&["batch", batch, "--algo", "greedy"]);
    assert_eq!(code, 0);
    let runs: Vec<&serde_json::Value> = events
        .iter()
        .filter(|event| event["kind"] == "run")
        .collect();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["line"], 1);
    assert_eq!(runs[1]["line"], 2);
    assert_eq!(count(&events, "end"), 2);
}

#[test]
fn the_tree_svg_draws_the_nodes_taken_up_and_says_where_it_stopped() {
    let folder = std::env::temp_dir().join(format!("eight-puzzle-tree-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let draw = |board: &str| {
        let path = folder.join(format!("{board}.svg"));
        let status = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
            .args(["solve", board, "--tree-svg"])
            .arg(&path)
            .output()
            .expect("the binary runs")
            .status;
        assert!(status.success(), "{board}");
        std::fs::read_to_string(&path).expect("the picture is written")
    };
    // A* with Manhattan takes up 3 nodes from 142305678: two expanded, the goal.
    let small = draw("142305678");
    assert!(small.starts_with("<svg"), "{small}");
    assert!(small.contains("3 nodes in expansion order"), "{small}");
    assert!(small.contains("g=2 h=0 f=2"), "the goal's g, h and f");
    let large = draw("806547231");
    assert!(large.contains("stopped at the first 500 nodes"));
    let _ = std::fs::remove_dir_all(&folder);
}
