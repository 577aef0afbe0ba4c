//! Watching a solve (`gogen solve` with `--trace`, `--events FILE`,
//! `--tree-svg FILE`): [`solve_watched`] runs the depth-first search
//! or the csp solver with an observer that writes the events of
//! `docs/events.md`, readable trace lines (for dfs in the course formulation's terms:
//! the open list as a stack, the closed set, the next available empty cell
//! and the letters the look-ahead keeps for it), and the search tree.
//!
//! | algorithm | events | trace |
//! | --- | --- | --- |
//! | `dfs` (search-core) | `start`, `expand`, `generate` (`new`, or `duplicate` when the closed set holds the grid), `goal`, `end`; `state` is the 5x5 grid, `.` for an empty cell | each grid popped with the next empty cell and the letters the look-ahead keeps (how many it turns down), each grid tried, the stack size |
//! | `csp` (csp-core, MAC with MRV) | `propagate`, `prune` (`all-different`, `touching`: the cells a letter can no longer take), `wipeout`, `decide`, `refute`, `backtrack`, `solution`, `end`; a variable is a letter (`A`), a value a cell index from 0 in reading order, the state the 5x5 grid | one line per event: `decide K = 7 (depth 1)`; the tree names the cell, `K in r2c3` |

use cli_kit::app::Watchable;
use cli_kit::{CspWatch, FormulationOutputs, Rendered, SplitTree};
use search_core::{Generated, NodeView, Observer};

use crate::options::{Algo, Options, Outcome};
use crate::puzzle::{CELLS, Letter, Puzzle, SIDE, letter_char};
use crate::textbook::{Fill, Move, solve_observed, words_of};

pub use cli_kit::app::Watch;

/// Both algorithms report their search; the shared options apply to
/// both.
impl Watchable for Puzzle {
    fn watchable(_algo: Algo) -> bool {
        true
    }

    fn solve_watched(&self, options: &Options, watch: Watch<'_, '_>) -> Outcome {
        solve_watched(self, options, watch)
    }
}

/// The name of cell `cell` (0 to 24, row by row): `r1c1` is the top left.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / SIDE + 1, cell % SIDE + 1)
}

/// Solves as [`crate::solve`] does (the same outcome), telling `watch`
/// what the depth-first search or the csp solver does.
pub fn solve_watched(puzzle: &Puzzle, options: &Options, watch: Watch<'_, '_>) -> Outcome {
    if options.algo == Algo::Csp {
        return csp_watched(puzzle, options, watch);
    }
    let render = |fill: &Fill| Rendered {
        view: rows(&fill.to_line()).join("\n"),
        line: Some(fill.to_line()),
    };
    let name_move = |&(cell, letter): &Move| format!("{}={}", cell_name(cell), letter_char(letter));
    let Watch { sinks, tree } = watch;
    let mut observer = FormulationWatch {
        out: FormulationOutputs::new(
            sinks,
            tree,
            format!("dfs on {}", grid_line(puzzle)),
            &render,
            &name_move,
        ),
        words: words_of(puzzle),
    };
    solve_observed(puzzle, options, &mut observer)
        .into_outcome()
        .0
}

/// The csp solver watched: cli-kit's [`SplitTree`] over csp-core's calls.
fn csp_watched(puzzle: &Puzzle, options: &Options, watch: Watch<'_, '_>) -> Outcome {
    let name = |var: csp_core::Var| letter_char(var.index() as Letter).to_string();
    let render = |values: &[i32]| {
        let mut cells = ['.'; CELLS];
        for (letter, &cell) in values.iter().enumerate() {
            cells[cell as usize] = letter_char(letter as Letter);
        }
        let line: String = cells.iter().collect();
        Rendered {
            view: rows(&line).join("\n"),
            line: Some(line),
        }
    };
    let name_decision =
        |var: csp_core::Var, cell: i32| format!("{} in {}", name(var), cell_name(cell as usize));
    let Watch { sinks, tree } = watch;
    let mut observer = SplitTree::new(
        CspWatch::new(sinks, &name, &render),
        tree,
        format!("csp on {}", grid_line(puzzle)),
        &name_decision,
    );
    crate::csp::solve_observed(puzzle, options, &mut observer)
        .into_outcome()
        .0
}

/// The givens' part of the puzzle's compact line (the words left out: a
/// tree's title as long as all of them ran past the picture's width).
fn grid_line(puzzle: &Puzzle) -> String {
    let line = puzzle.to_line();
    line.split(' ').next().unwrap_or_default().to_owned()
}

/// The 25 cells of a compact line as five rows of letters.
fn rows(line: &str) -> Vec<String> {
    let cells: Vec<String> = line.chars().map(String::from).collect();
    cells.chunks(SIDE).map(|row| row.join(" ")).collect()
}

fn letters(kept: &[Letter]) -> String {
    let letters: Vec<String> = kept.iter().map(|&l| letter_char(l).to_string()).collect();
    letters.join(" ")
}

/// The depth-first search told in its terms.
struct FormulationWatch<'a, 'b> {
    out: FormulationOutputs<'a, 'b, Fill, Move>,
    words: Vec<Vec<Letter>>,
}

impl FormulationWatch<'_, '_> {
    fn popped(&mut self, node: &NodeView<'_, Fill, u32>, goal: bool) {
        let fill = node.state;
        let (id, depth, waiting) = (node.id, node.depth, node.frontier);
        let mut dead_end = false;
        if self.out.tracing() || self.out.drawing() {
            let what = if goal {
                "goalP: the grid is full and every word is traced".to_owned()
            } else if let Some(cell) = fill.first_empty() {
                let (kept, refused) = fill.look_ahead(&self.words);
                dead_end = kept.is_empty();
                let cell = cell_name(cell);
                if dead_end {
                    format!(
                        "next empty cell {cell}: the look-ahead refuses all {refused} unused letters, dead end"
                    )
                } else {
                    format!(
                        "next empty cell {cell}: the look-ahead keeps {} (refuses {refused})",
                        letters(&kept)
                    )
                }
            } else {
                "the grid is full but a word cannot be traced".to_owned()
            };
            let filled = fill.filled();
            self.out.line(format_args!(
                "pop #{id} (depth {depth}, {filled} letters, open list {waiting}): {what}"
            ));
        }
        if self.out.drawing() {
            self.out.draw(node, rows(&fill.to_line()), dead_end, goal);
        }
    }
}

impl Observer<Fill, Move, u32> for FormulationWatch<'_, '_> {
    fn start(&mut self, fill: &Fill) {
        Observer::<Fill, Move, u32>::start(&mut self.out.events, fill);
        let filled = fill.filled();
        let words = self.words.len();
        self.out.line(format_args!(
            "start: {filled} letters given, {} empty cells, {words} words",
            SIDE * SIDE - filled
        ));
    }

    fn expanded(&mut self, node: &NodeView<'_, Fill, u32>) {
        self.out.events.expanded(node);
        self.popped(node, false);
    }

    fn generated(&mut self, child: &Generated<'_, Fill, Move, u32>) {
        self.out.events.generated(child);
        let Some(&(cell, letter)) = child.mv else {
            return;
        };
        let (cell, letter) = (cell_name(cell), letter_char(letter));
        match (child.id, child.fate) {
            (Some(id), _) => self
                .out
                .line(format_args!("  try #{id}: {cell} = {letter}")),
            (None, search_core::Fate::Untried) => self.out.line(format_args!(
                "  untried {cell} = {letter} (left on the open list)"
            )),
            (None, _) => self
                .out
                .line(format_args!("  skip {cell} = {letter} (in the closed set)")),
        }
    }

    fn goal(&mut self, node: &NodeView<'_, Fill, u32>) {
        self.out.events.goal(node);
        self.popped(node, true);
    }

    fn end(&mut self, status: search_core::Status, stats: &search_core::Stats) {
        self.out.end(status, stats, "grids");
    }
}
