//! Watching a search (`nqueens solve` and `count` with `--trace`,
//! `--events FILE`, `--tree-svg FILE`): [`solve_watched`] runs the
//! algorithm with an observer that writes the events of `docs/events.md`,
//! readable trace lines in the course formulation's terms, and the search tree.
//!
//! | algorithm | events | trace |
//! | --- | --- | --- |
//! | `dfs`, `bfs` (search-core) | `start`, `expand`, `generate`, `goal`, `end`; `state` is the board (`Q` a queen, `.` open, `x` attacked) | each board popped with its most constrained row and that row's open columns (or the row `failure_test` finds empty), each board pushed or tried, the stack or queue size |
//! | `csp` (csp-core) | `propagate`, `prune` (all-different on columns and diagonals), `wipeout`, `decide`, `refute`, `backtrack`, `solution`, `end` | one line per event: `decide r3 = 5 (depth 1)`, a queen in row 3, column 5 |
//! | `min-conflicts` | `start` (each greedy start, with `conflicts`), `repair` (`rows` swapped, `conflicts` left, `steps` so far), `end` | one line per start and repair |
//! | `count --algo fast` (N up to [`WATCH_MAX_N`]) | `decide` (each queen placed), `backtrack`, `solution` (each canonical placement: one per class of symmetric ones), `end` | one line per event, as csp's |
//!
//! The construction reports nothing: it does not search.

use cli_kit::app::{Flag, Watchable};
use cli_kit::{
    CspWatch, FormulationOutputs, FrontierWatch, Rendered, Sinks, SplitTree, TellBoards,
};
use serde_json::json;

use crate::min_conflicts::RepairObserver;
use crate::placement::board_text;
use crate::solve::solve_observed;
use crate::textbook::{self, ChessBoard, Move};
use crate::{Algo, Counts, Options, Outcome, Queens, SizeError, Stats, WATCH_MAX_N};

/// Where a watched search goes: the event stream and the trace, and the
/// search tree (the first boards of dfs and bfs, csp's decisions).
pub use cli_kit::app::Watch;

/// Every algorithm but the construction reports its search; the table of
/// which shared option applies to which algorithm.
impl Watchable for Queens {
    /// All but the construction, which does not search.
    fn watchable(algo: Algo) -> bool {
        algo != Algo::Construct
    }

    fn solve_watched(&self, options: &Options, watch: Watch<'_, '_>) -> Outcome {
        solve_watched(self, options, watch)
    }

    /// `--count` and the limits are the formulations' (csp, dfs, bfs: the
    /// construction and min-conflicts find one placement, in a bounded
    /// number of steps), and so is `--tree-svg` (they draw a tree); `--svg`
    /// applies to all; `--trace` and `--events` to every algorithm that
    /// reports its search ([`Watchable::watchable`]).
    fn applies(flag: Flag, algo: Algo) -> bool {
        match flag {
            Flag::Svg => true,
            Flag::Trace | Flag::Events => Self::watchable(algo),
            Flag::Count | Flag::NodeLimit | Flag::TimeLimit | Flag::MemoryLimit | Flag::TreeSvg => {
                algo.searches()
            }
        }
    }
}

/// Solves as [`crate::solve`] does (the same outcome), telling `watch`
/// what the search does.
pub fn solve_watched(queens: &Queens, options: &Options, watch: Watch<'_, '_>) -> Outcome {
    let n = queens.n();
    let Watch { sinks, tree } = watch;
    let mut no_search = search_core::NoObserver;
    let mut no_csp = csp_core::NoObserver;
    let mut no_repairs = crate::min_conflicts::NoRepairs;
    match options.algo {
        Algo::Construct => crate::solve(queens, options),
        Algo::MinConflicts => {
            let mut repairs = Repairs(sinks);
            let outcome =
                solve_observed(queens, options, &mut no_search, &mut no_csp, &mut repairs);
            repairs.end(&outcome);
            outcome
        }
        Algo::Csp => {
            let title = format!("csp on {n} queens: the domain-splitting tree");
            let mut observer = row_watch(sinks, tree, title);
            solve_observed(
                queens,
                options,
                &mut no_search,
                &mut observer,
                &mut no_repairs,
            )
        }
        Algo::Dfs | Algo::Bfs => {
            let board_of = textbook::Queens::new(n, 1);
            let render = |board: &ChessBoard| Rendered {
                view: board_of.view(board),
                line: Some(board.to_line()),
            };
            let name_move = |&(row, col): &Move| format!("r{}=c{}", row + 1, col + 1);
            let out = FormulationOutputs::new(
                sinks,
                tree,
                format!("{} on {n} queens", options.algo.name()),
                &render,
                &name_move,
            );
            let breadth_first = options.algo == Algo::Bfs;
            let mut observer = FrontierWatch::new(out, Rows(&board_of), breadth_first);
            solve_observed(queens, options, &mut observer, &mut no_csp, &mut no_repairs)
        }
    }
}

/// Counts as [`crate::count`] does (one thread), telling `watch` each queen
/// the fast counter places, each backtrack and each canonical placement,
/// and drawing its tree; the subtrees of the split each start from the
/// root again.
///
/// # Errors
///
/// [`SizeError::TooLarge`] past [`WATCH_MAX_N`] (and as [`crate::count`]).
pub fn count_watched(n: usize, watch: Watch<'_, '_>) -> Result<(Counts, Stats), SizeError> {
    SizeError::check(n, WATCH_MAX_N)?;
    let Watch { sinks, tree } = watch;
    let title = format!("the fast counter on {n} queens (one placement per symmetry class)");
    let mut observer = row_watch(sinks, tree, title);
    let (counts, stats) = crate::count::count_with(n, 1, &mut observer)?;
    let status = found(counts.total);
    let csp_stats = csp_core::Stats {
        nodes: stats.nodes,
        solutions: counts.unique,
        elapsed: stats.elapsed,
        ..csp_core::Stats::default()
    };
    csp_core::Observer::end(&mut observer, status, &csp_stats);
    Ok((counts, stats))
}

/// The status of a count of `total` placements: solved when it counted one.
pub(crate) fn found(total: u64) -> crate::Status {
    match total {
        0 => crate::Status::Unsolvable,
        _ => crate::Status::Solved,
    }
}

/// The watch of a search with one variable per row holding its column
/// from 1 (csp's, the fast counter's), and its tree titled `title`: rows
/// named `r1`, decisions `r1 = c3`, boards drawn from the columns.
fn row_watch<'a, 'b>(
    sinks: Sinks<'a, 'b>,
    tree: Option<&'a mut svg_kit::SearchTree>,
    title: String,
) -> SplitTree<'a, CspWatch<'a, 'b>> {
    fn name(var: csp_core::Var) -> String {
        format!("r{}", var.index() + 1)
    }
    fn render(values: &[i32]) -> Rendered {
        let columns = crate::csp::columns(values);
        Rendered {
            view: board_text(&columns),
            line: Some(columns_line(&columns)),
        }
    }
    fn name_decision(var: csp_core::Var, value: i32) -> String {
        format!("r{} = c{value}", var.index() + 1)
    }
    SplitTree::new(
        CspWatch::new(sinks, &name, &render),
        tree,
        title,
        &name_decision,
    )
}

/// Columns by row as the compact form: from 1, separated by spaces.
fn columns_line(columns: &[u32]) -> String {
    let cells: Vec<String> = columns.iter().map(|col| (col + 1).to_string()).collect();
    cells.join(" ")
}

/// The search on the most constrained row told in its terms: each board
/// popped with its most constrained row and that row's open columns, or
/// the row `failure_test` finds empty; each move a queen on a square.
struct Rows<'a>(&'a textbook::Queens);

impl TellBoards<ChessBoard, Move> for Rows<'_> {
    fn start(&self, board: &ChessBoard) -> String {
        let n = board.n();
        format!("start: an empty {n}x{n} board")
    }

    fn popped(&self, board: &ChessBoard, goal: bool) -> (String, bool) {
        let Rows(queens) = *self;
        let failed = (!goal).then(|| queens.failure_test(board)).flatten();
        let what = if goal {
            format!("goal_test: all {} queens placed", board.placed())
        } else if let Some(row) = failed {
            format!("failure_test: row {} has no open column, dead end", row + 1)
        } else if let Some(row) = queens.most_constrained_row(board) {
            let open: Vec<String> = queens
                .candidates_of(board, row)
                .iter()
                .map(|col| format!("c{}", col + 1))
                .collect();
            format!(
                "most constrained row r{}, open columns {}",
                row + 1,
                open.join(" ")
            )
        } else {
            "no row left".to_owned()
        };
        (what, failed.is_some())
    }

    fn placed(&self, board: &ChessBoard) -> usize {
        board.placed()
    }

    fn label(&self, board: &ChessBoard) -> Vec<String> {
        self.0.view(board).lines().map(str::to_owned).collect()
    }

    fn name(&self, &(row, col): &Move) -> String {
        format!("queen at r{}c{}", row + 1, col + 1)
    }
}

/// Min-conflicts told as it runs: each greedy start and each repair (the
/// two rows whose queens swapped columns) with the conflicts left, as
/// `start` and `repair` events (nqueens' own kind) and trace lines.
struct Repairs<'a, 'b>(Sinks<'a, 'b>);

impl Repairs<'_, '_> {
    fn end(&mut self, outcome: &Outcome) {
        let stats = &outcome.stats;
        let micros = stats.elapsed.as_micros() as u64;
        let sinks = &mut self.0;
        sinks.end(
            outcome.status,
            json!({"nodes": stats.nodes, "micros": micros}),
        );
        let status = outcome.status.name();
        sinks.line(format_args!("end: {status}, {} steps", stats.nodes));
    }

    /// Emits the event `kind` of `fields` and the board `columns`: its
    /// compact form, and up to [`crate::BOARD_VIEW_MAX`] the board.
    fn emit(&mut self, kind: &str, mut fields: serde_json::Value, columns: &[u32]) {
        fields["state_line"] = columns_line(columns).into();
        if columns.len() <= crate::BOARD_VIEW_MAX {
            fields["state"] = board_text(columns).into();
        }
        self.0.emit(kind, &fields);
    }
}

impl RepairObserver for Repairs<'_, '_> {
    fn start(&mut self, run: u64, columns: &[u32], conflicts: u64, steps: u64) {
        if !self.0.is_open() {
            return;
        }
        let fields = json!({"run": run, "conflicts": conflicts, "steps": steps});
        self.emit("start", fields, columns);
        self.0.line(format_args!(
            "greedy start {run}: {conflicts} attacking pairs after {steps} steps"
        ));
    }

    fn repair(&mut self, step: u64, row: usize, other: usize, columns: &[u32], conflicts: u64) {
        if !self.0.is_open() {
            return;
        }
        let (a, b) = (row + 1, other + 1);
        let (col_a, col_b) = (columns[row] + 1, columns[other] + 1);
        let fields = json!({"steps": step, "rows": [a, b], "conflicts": conflicts});
        self.emit("repair", fields, columns);
        self.0.line(format_args!(
            "step {step}: swap rows {a} and {b} (now r{a}c{col_a}, r{b}c{col_b}): {conflicts} attacking pairs left"
        ));
    }
}
