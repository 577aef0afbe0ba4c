//! Watching a solve (`sudoku solve --trace`, `--events FILE`,
//! `--tree-svg FILE`): [`solve_watched`] runs the search formulations with
//! an observer that writes the events of `docs/events.md`, readable trace
//! lines in the course formulation's terms, and the search tree's first nodes.
//!
//! Which algorithm reports what:
//!
//! | algorithm | events | trace |
//! | --- | --- | --- |
//! | `dfs`, `bfs` (search-core) | `start`, `expand`, `generate`, `goal`, `end`; `state` is the board with the candidates of its empty cells | each board popped with the most constrained cell and its candidates (or the cell `failure_test` trips on), each board pushed or tried, the stack or queue size |
//! | `csp` (csp-core) | `propagate`, `prune` (all-different removing candidates), `wipeout`, `decide`, `refute`, `backtrack`, `solution`, `end` | one line per event: `decide r1c3 = 2 (depth 1)` |
//! | `fast` (9x9) | `propagate` (one per node: the round of band rules, singles and claims it runs to a fixpoint), `prune` per cell that lost candidates in the round (`propagator` `placed D` when the cell took digit `D`, `bands` when it stays open), `wipeout` (the cell left empty; absent when a digit found no place in a band), `decide`, `refute`, `backtrack`, `solution`, `end` | one line per event, as csp's |
//!
//! The fast engine is watched through the same generic observer it runs
//! with unwatched (csp-core's `NoObserver` there, so watching costs a plain
//! solve nothing); on a grid other than 9x9 `fast` is `csp`, as unwatched.

use std::time::Instant;

use cli_kit::app::{Flag, Watchable};
use cli_kit::{CspWatch, FormulationOutputs, FrontierWatch, Rendered, SplitTree, TellBoards};

use crate::options::{Algo, End, Options, Outcome};
use crate::puzzle::Sudoku;
use crate::solve::{outcome_of, solve_fast_observed};
use crate::textbook::{Board, Move};
use crate::{csp, textbook};

pub use cli_kit::app::Watch;

/// Every algorithm reports its search (the fast engine, the search
/// formulations `dfs`, `bfs`, `csp`); `--memory-limit` applies to the
/// searches that hold boards or a trail (bfs, csp), as [`Options::memory_limit`]
/// says.
impl Watchable for Sudoku {
    fn watchable(_algo: Algo) -> bool {
        true
    }

    fn solve_watched(&self, options: &Options, watch: Watch<'_, '_>) -> Outcome {
        solve_watched(self, options, watch)
    }

    fn applies(flag: Flag, algo: Algo) -> bool {
        match flag {
            Flag::MemoryLimit => matches!(algo, Algo::Bfs | Algo::Csp),
            _ => true,
        }
    }
}

/// The name of cell (`row`, `column`) from 0: `r1c1` is the top left.
pub fn cell_name(row: usize, column: usize) -> String {
    format!("r{}c{}", row + 1, column + 1)
}

/// Solves `sudoku` as [`crate::solve`] does (the same outcome, nodes
/// included), telling `watch` what the search does. An algorithm that
/// cannot be watched ([`watchable`]) runs unwatched.
pub fn solve_watched(sudoku: &Sudoku, options: &Options, watch: Watch<'_, '_>) -> Outcome {
    let start = Instant::now();
    let algo = match options.algo {
        Algo::Fast if sudoku.side() != 9 => Algo::Csp,
        algo => algo,
    };
    let Watch { sinks, tree } = watch;
    let found = match algo {
        Algo::Fast | Algo::Csp => {
            let side = sudoku.side();
            // The fast engine's configurations are variables of their own.
            let name = |var: csp_core::Var| match crate::fast::configuration_name(var.index()) {
                Some(name) if algo == Algo::Fast => name,
                _ => {
                    let (row, column) = csp::cell_of(var, side);
                    cell_name(row, column)
                }
            };
            let render = |values: &[i32]| {
                let cells: Vec<u8> = values.iter().map(|&value| value as u8).collect();
                let grid = Sudoku::from_solution(side, cells);
                Rendered {
                    view: rows_of(&grid.to_line(), side).join("\n"),
                    line: Some(grid.to_line()),
                }
            };
            let name_decision = |var: csp_core::Var, value: i32| format!("{} = {value}", name(var));
            let mut observer = SplitTree::new(
                CspWatch::new(sinks, &name, &render),
                tree,
                format!("{} on {}", algo_name(algo), sudoku.to_line()),
                &name_decision,
            );
            if algo == Algo::Csp {
                csp::solve_observed(sudoku, options, &mut observer)
            } else {
                let (found, failures) = solve_fast_observed(sudoku, options, start, &mut observer);
                // csp-core's solver ends its own run; the fast engine leaves
                // the end to its caller, which knows the outcome.
                // As the outcome says it: a limit outranks solutions found.
                let status = match found.end {
                    End::Limit(limit) => puzzle_kit::Status::Limit(limit),
                    _ if found.count > 0 => puzzle_kit::Status::Solved,
                    _ => puzzle_kit::Status::Unsolvable,
                };
                let stats = csp_core::Stats {
                    nodes: found.nodes,
                    backtracks: failures,
                    solutions: found.count,
                    elapsed: start.elapsed(),
                    ..csp_core::Stats::default()
                };
                csp_core::Observer::end(&mut observer, status, &stats);
                found
            }
        }
        Algo::Dfs | Algo::Bfs => {
            let render = |board: &Board| Rendered {
                view: board.to_view(),
                line: Some(board.to_line()),
            };
            let name_move =
                |&(row, column, value): &Move| format!("{}={}", cell_name(row, column), value);
            let out = FormulationOutputs::new(
                sinks,
                tree,
                format!("{} on {}", algo_name(algo), sudoku.to_line()),
                &render,
                &name_move,
            );
            let mut observer = FrontierWatch::new(out, Cells, algo == Algo::Bfs);
            textbook::solve_observed(sudoku, options, algo, &mut observer)
        }
    };
    outcome_of(found, algo, start)
}

fn algo_name(algo: Algo) -> &'static str {
    puzzle_kit::Algorithm::name(algo)
}

/// A compact line cut into rows of `side` symbols.
pub(crate) fn rows_of(line: &str, side: usize) -> Vec<String> {
    let symbols: Vec<char> = line.chars().collect();
    symbols
        .chunks(side)
        .map(|row| row.iter().collect())
        .collect()
}

/// The search on the most constrained cell told in its own terms: each
/// board popped with its most constrained cell and that cell's
/// candidates, or the cell `failure_test` finds empty; each move a number
/// in a cell.
struct Cells;

impl TellBoards<Board, Move> for Cells {
    fn start(&self, board: &Board) -> String {
        let side = board.rows().len();
        let placed = board.placed();
        let empty = side * side - placed;
        format!("start: {placed} numbers placed, {empty} cells to fill")
    }

    fn popped(&self, board: &Board, goal: bool) -> (String, bool) {
        let failed = (!goal).then(|| board.first_failed_cell()).flatten();
        let what = if goal {
            format!("goal_test: all {} numbers placed", board.placed())
        } else if let Some((row, column)) = failed {
            format!(
                "failure_test: {} has no candidate left, dead end",
                cell_name(row, column)
            )
        } else if let Some((row, column)) = board.find_most_constrained_cell() {
            let candidates: Vec<String> = board
                .candidates_of(row, column)
                .iter()
                .map(ToString::to_string)
                .collect();
            format!(
                "most constrained cell {}, candidates {}",
                cell_name(row, column),
                candidates.join(" ")
            )
        } else {
            "no cell left".to_owned()
        };
        (what, failed.is_some())
    }

    fn placed(&self, board: &Board) -> usize {
        board.placed()
    }

    fn label(&self, board: &Board) -> Vec<String> {
        board.rows()
    }

    fn name(&self, &(row, column, value): &Move) -> String {
        format!("{} = {value}", cell_name(row, column))
    }
}
