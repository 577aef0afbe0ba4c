//! `cargo xtask bench eight-puzzle`: our A*, IDA* and BFS side by side with
//! the `pathfinding` crate on the same boards with the same heuristic
//! (Manhattan distance, kept incrementally on both sides, the peer written
//! as pathfinding's own sliding-puzzle example), plus Korf's 100 with the
//! pattern databases (no peer; the database build is timed apart).

use std::sync::Arc;
use std::time::Instant;

use bench_kit::{Workload, run};
use eight_puzzle::{Board, Heuristic, PatternDatabases, SolveOptions, Solver};
use search_core::{Algorithm, Config};

/// The peer's state, as in `pathfinding/examples/sliding-puzzle.rs`: the
/// tiles, the hole, and the Manhattan sum updated on each move.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct Game<const SIDE: usize, const CELLS: usize> {
    positions: [u8; CELLS],
    hole: u8,
    weight: u8,
}

impl<const SIDE: usize, const CELLS: usize> Game<SIDE, CELLS> {
    fn from_board(board: &Board) -> Self {
        let positions: [u8; CELLS] = board.tiles().try_into().expect("board of the right size");
        let hole = board.blank() as u8;
        let mut game = Game {
            positions,
            hole,
            weight: 0,
        };
        game.weight = (0..CELLS as u8)
            .filter(|&cell| cell != hole)
            .map(|cell| game.distance(cell))
            .sum();
        game
    }

    fn distance(&self, cell: u8) -> u8 {
        let side = SIDE as u8;
        let tile = self.positions[cell as usize];
        (cell % side).abs_diff(tile % side) + (cell / side).abs_diff(tile / side)
    }

    fn switch(&self, cell: u8) -> Self {
        let mut next = self.clone();
        next.positions.swap(self.hole as usize, cell as usize);
        next.hole = cell;
        next.weight = next.weight + next.distance(self.hole) - self.distance(cell);
        next
    }

    fn successors(&self) -> impl Iterator<Item = (Self, u32)> + use<SIDE, CELLS> {
        let game = self.clone();
        let (hole, side) = (self.hole as usize, SIDE);
        let mut cells = Vec::with_capacity(4);
        if hole % side > 0 {
            cells.push(hole - 1);
        }
        if hole >= side {
            cells.push(hole - side);
        }
        if hole % side < side - 1 {
            cells.push(hole + 1);
        }
        if hole < CELLS - side {
            cells.push(hole + side);
        }
        cells
            .into_iter()
            .map(move |cell| (game.switch(cell as u8), 1))
    }

    fn solved(&self) -> bool {
        self.positions
            .iter()
            .enumerate()
            .all(|(cell, &tile)| cell == tile as usize)
    }
}

fn peer_astar<const SIDE: usize, const CELLS: usize>(boards: &[Board]) -> String {
    let total: u32 = boards
        .iter()
        .map(|board| {
            let start = Game::<SIDE, CELLS>::from_board(board);
            pathfinding::directed::astar::astar(
                &start,
                Game::successors,
                |game| u32::from(game.weight),
                Game::solved,
            )
            .map_or(0, |(_, cost)| cost)
        })
        .sum();
    format!("{total} moves")
}

fn peer_idastar<const SIDE: usize, const CELLS: usize>(boards: &[Board]) -> String {
    let total: u32 = boards
        .iter()
        .map(|board| {
            let start = Game::<SIDE, CELLS>::from_board(board);
            pathfinding::directed::idastar::idastar(
                &start,
                Game::successors,
                |game| u32::from(game.weight),
                Game::solved,
            )
            .map_or(0, |(_, cost)| cost)
        })
        .sum();
    format!("{total} moves")
}

fn ours(solver: &Solver, algorithm: Algorithm, boards: &[Board]) -> String {
    let options = SolveOptions::new(algorithm);
    let total: usize = boards
        .iter()
        .map(|board| {
            let solution = solver.solve(board, &options).expect("same size");
            solution.moves().map_or(0, <[_]>::len)
        })
        .sum();
    format!("{total} moves")
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../fixtures/eight-puzzle/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("reading {path}: {error}"))
}

/// Korf's 100: (board, optimal length, IDA*+Manhattan nodes).
fn korf() -> Vec<(Board, usize, u64)> {
    fixture("korf100_with_nodes.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let board: Board = fields[1..17]
                .join(" ")
                .parse()
                .expect("Korf's boards are valid");
            (
                board,
                fields[17].parse().expect("length"),
                fields[19].parse().expect("nodes"),
            )
        })
        .collect()
}

fn main() {
    let hardest: Vec<Board> = ["876041253", "806547231"]
        .iter()
        .map(|line| line.parse().expect("valid"))
        .collect();
    let korf = korf();
    let mut easiest = korf.clone();
    easiest.sort_by_key(|&(_, _, nodes)| nodes);
    let easiest: Vec<Board> = easiest
        .iter()
        .take(20)
        .map(|(board, _, _)| board.clone())
        .collect();
    let everything: Vec<Board> = korf.iter().map(|(board, _, _)| board.clone()).collect();
    let optimal_total: usize = korf.iter().map(|&(_, length, _)| length).sum();

    let goal3 = Board::goal(3);
    let goal4 = Board::goal(4);
    let manhattan3 = Solver::new(goal3.clone(), Heuristic::Manhattan, None).expect("no pdb");
    let manhattan4 = Solver::new(goal4.clone(), Heuristic::Manhattan, None).expect("no pdb");

    // The pattern databases, built here once and timed apart (skipped when
    // a name filter leaves out the workload that needs them).
    let pdb_workload = "4x4 IDA* pdb 6-6-3+reflection, Korf's 100";
    let pdb = wanted(pdb_workload).then(|| {
        let started = Instant::now();
        let databases = PatternDatabases::build(&goal4, |_| {}).expect("4x4 goal");
        let seconds = started.elapsed().as_secs_f64();
        let megabytes = databases.size_bytes() as f64 / 1e6;
        eprintln!("bench: pattern databases built in {seconds:.2} s ({megabytes:.1} MB)");
        let solver = Solver::new(goal4.clone(), Heuristic::Pdb, Some(Arc::new(databases)));
        (solver.expect("pdb for this goal"), seconds, megabytes)
    });

    // BFS over the whole 3x3 space: towards a goal of the other parity, so
    // every reachable board is tested and none is the goal.
    let unreachable: Board = "021345678".parse().expect("valid");
    let bfs_solver = Solver::new(unreachable, Heuristic::Zero, None).expect("no pdb");
    let bfs_start = bfs_solver.packed_state(&goal3);
    let bfs_problem = bfs_solver.problem();
    let peer_start = Game::<3, 9>::from_board(&goal3);

    let mut workloads = vec![
        Workload::new("3x3 A* manhattan, 2 boards of 31 moves", || {
            ours(&manhattan3, Algorithm::AStar, &hardest)
        })
        .peer("pathfinding astar", || peer_astar::<3, 9>(&hardest))
        .items(2)
        .note("ours keeps its A* memory between boards (search_core::astar_in), the peer allocates per call"),
        Workload::new("3x3 IDA* manhattan, 2 boards of 31 moves", || {
            ours(&manhattan3, Algorithm::IdaStar, &hardest)
        })
        .peer("pathfinding idastar", || peer_idastar::<3, 9>(&hardest))
        .items(2),
        Workload::new("4x4 A* manhattan, 20 easiest Korf", || {
            ours(&manhattan4, Algorithm::AStar, &easiest)
        })
        .peer("pathfinding astar", || peer_astar::<4, 16>(&easiest))
        .items(20)
        .note("ours keeps its A* memory between boards (search_core::astar_in), the peer allocates per call"),
        Workload::new("4x4 IDA* manhattan, 20 easiest Korf", || {
            ours(&manhattan4, Algorithm::IdaStar, &easiest)
        })
        .peer("pathfinding idastar", || peer_idastar::<4, 16>(&easiest))
        .items(20),
        Workload::new("3x3 BFS over all 181,440 states", || {
            let search = search_core::bfs(&bfs_problem, bfs_start.clone(), &Config::default());
            format!("{} states", search.stats.num_tested)
        })
        .peer("pathfinding bfs_reach", || {
            let count = pathfinding::directed::bfs::bfs_reach(peer_start.clone(), |game| {
                game.successors().map(|(next, _)| next)
            })
            .count();
            format!("{count} states")
        })
        .items(181_440),
    ];
    if let Some((solver, build_seconds, megabytes)) = &pdb {
        workloads.push(
            Workload::new(pdb_workload, || {
                let answer = ours(solver, Algorithm::IdaStar, &everything);
                assert_eq!(answer, format!("{optimal_total} moves"), "every length optimal");
                answer
            })
            .items(100)
            .note(format!(
                "all optimal ({optimal_total} moves in total); pdb built once before, {build_seconds:.1} s, {megabytes:.1} MB; no peer"
            )),
        );
    }
    run(workloads);
}

/// Whether the name filter on the command line (if any) keeps `name`.
fn wanted(name: &str) -> bool {
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--runs" {
            args.next();
        } else if !arg.starts_with('-') {
            return name.contains(arg.as_str());
        }
    }
    true
}
