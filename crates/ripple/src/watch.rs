//! Watching a solve (`ripple solve --trace`, `--events FILE`, `--tree-svg
//! FILE`): [`solve_watched`] runs the chosen algorithm with an observer
//! that writes the events of `docs/events.md`, readable trace lines and the
//! search tree's first nodes. Behind the `app` feature.
//!
//! Which algorithm reports what:
//!
//! | algorithm | events | trace |
//! | --- | --- | --- |
//! | `mrv`, `brute` (search-core) | `start`, `generate`, `expand`, `goal`, `end` | the recursive calls: the cell each call fills (MRV: the cell with the fewest values left, and those values; brute force: the next cell in reading order and the digits that fit), each digit tried (MRV: what forward checking took from which cells, and a wipe-out), a backtrack |
//! | `csp` (csp-core) | `propagate`, `prune` (`all-different`, `distance`), `wipeout`, `decide`, `refute`, `backtrack`, `solution`, `end` | one line per event |
//! | `fast` | `propagate` (one per round), `prune` per cell the round changed (`propagator` `placed` when the cell is left one digit, else `removed`), `wipeout`, `decide`, `backtrack`, `refute`, `solution`, `end` | one line per event |

use std::collections::BTreeMap;
use std::fmt::Write as _;

use cli_kit::app::Watchable;
use cli_kit::{CspWatch, Rendered, SearchWatch, Sinks, SplitTree, Trace};
use csp_core::{Cause, Observer as CspObserver, Var};
use search_core::{Fate, Generated, NodeView, Observer};
use svg_kit::{SearchTree, TreeNode};

use crate::options::{Algo, Options, Outcome};
use crate::puzzle::{Grid, Puzzle, digits_of, full_mask};
use crate::textbook::{self, Candidates, Filling, Prepared};
use crate::{csp, fast};

/// Where a watched solve goes (cli-kit's): the event stream and the trace,
/// and the search tree (the first [`SearchTree::MAX_NODES`] calls of `mrv`
/// and `brute`, or the decisions of `fast` and `csp`, cli-kit's
/// [`SplitTree`]).
pub use cli_kit::app::Watch;

/// Every algorithm reports its search; every shared option applies to
/// every algorithm.
impl Watchable for Puzzle {
    fn watchable(_algo: Algo) -> bool {
        true
    }

    fn solve_watched(&self, options: &Options, watch: Watch<'_, '_>) -> Outcome {
        solve_watched(self, options, watch)
    }
}

/// How many cells or values a trace line lists before `...`.
const LISTED: usize = 12;

/// The name of `cell` (row-major, from 0) in a grid of `cols` columns:
/// `r1c1` is the top left.
pub fn cell_name(cols: usize, cell: usize) -> String {
    format!("r{}c{}", cell / cols + 1, cell % cols + 1)
}

/// The rows of digits as the JSON records hold a solution, 0 for an
/// empty cell: `[[1,0],[2,1]]`.
fn state_line(cols: usize, values: &[u8]) -> String {
    Grid::new(cols, values.to_vec()).to_json()
}

fn rendered(puzzle: &Puzzle, values: &[u8]) -> Rendered {
    Rendered {
        view: puzzle.draw(values).trim_end().to_owned(),
        line: Some(state_line(puzzle.cols(), values)),
    }
}

/// ` (node limit)` after an end stopped by a limit, else nothing.
fn limit_note(limit: Option<puzzle_kit::Limit>) -> String {
    limit.map_or_else(String::new, |limit| format!(" ({limit} limit)"))
}

/// `items` joined by spaces, at most [`LISTED`] of them.
fn listed(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    let mut text = items[..items.len().min(LISTED)].join(" ");
    if items.len() > LISTED {
        let _ = write!(text, " ... ({} in all)", items.len());
    }
    text
}

/// Solves `puzzle` as [`crate::solve`] does (the same outcome, counters
/// included), telling `watch` what the search does.
pub fn solve_watched(puzzle: &Puzzle, options: &Options, watch: Watch<'_, '_>) -> Outcome {
    let Watch {
        sinks: Sinks { events, trace },
        mut tree,
    } = watch;
    // The events go to cli-kit's watchers, the trace lines are ripple's own.
    let events = Sinks {
        events,
        trace: None,
    };
    let title = format!("{} on {}", options.algo, crate::to_url(puzzle));
    match options.algo {
        Algo::Brute | Algo::Mrv => {
            if let Some(tree) = tree.as_deref_mut() {
                *tree = SearchTree::new(title);
            }
            let render = |values: &[u8]| rendered(puzzle, values);
            let render_filling = |state: &Filling| render(&state.values);
            let render_candidates = |state: &Candidates| render(&state.values);
            let cols = puzzle.cols();
            let name_digit = |digit: &u8| digit.to_string();
            let name_move =
                |&(cell, digit): &(usize, u8)| format!("{}={digit}", cell_name(cols, cell));
            let mut calls = CallTrace {
                puzzle,
                trace,
                tree,
                calls: 0,
                dead_ends: 0,
                solutions: 0,
                path: Vec::new(),
                moves: BTreeMap::new(),
            };
            if options.algo == Algo::Brute {
                let (cells, givens) = (puzzle.len(), puzzle.num_givens());
                let mut observer = FormulationWatch {
                    events: SearchWatch::new(events, &render_filling, &name_digit),
                    calls: &mut calls,
                    start: Some(format!(
                        "start: brute force over {cells} cells in reading order, {givens} givens"
                    )),
                    call: brute_call,
                    tried: |_, child| {
                        let digit = *child.mv?;
                        Some((child.state.position - 1, digit, String::new()))
                    },
                };
                textbook::brute_observed(puzzle, options, &mut observer)
            } else {
                let mut observer = FormulationWatch {
                    events: SearchWatch::new(events, &render_candidates, &name_move),
                    calls: &mut calls,
                    start: None,
                    call: mrv_call,
                    tried: mrv_tried,
                };
                textbook::mrv_observed(puzzle, options, &mut observer, |observer, prepared| {
                    observer.calls.prepared(prepared);
                })
            }
        }
        Algo::Fast | Algo::Csp => {
            let cols = puzzle.cols();
            let name = |var: Var| cell_name(cols, var.index());
            let render = |values: &[i32]| {
                let digits: Vec<u8> = values.iter().map(|&value| value as u8).collect();
                rendered(puzzle, &digits)
            };
            let decisions = Decisions {
                events: CspWatch::new(events, &name, &render),
                trace,
                cols,
                domains: (0..puzzle.len())
                    .map(|cell| match puzzle.givens()[cell] {
                        0 => full_mask(puzzle.room_size(cell)),
                        given => 1 << (given - 1),
                    })
                    .collect(),
                saved: Vec::new(),
            };
            let name_decision = |var: Var, value: i32| format!("{} = {value}", name(var));
            let mut observer = SplitTree::new(decisions, tree, title, &name_decision);
            if options.algo == Algo::Fast {
                fast::solve_observed(puzzle, options, &mut observer)
            } else {
                csp::solve_observed(puzzle, options, &mut observer)
            }
        }
    }
}

/// The recursive calls of brute force and MRV told in their terms, and their tree: one call
/// per state tested (each node of search-core's depth-first search), the
/// MRV solver's rooms of one cell counted first as the course formulation counts them.
struct CallTrace<'p, 'a, 'b> {
    puzzle: &'p Puzzle,
    trace: Option<&'a mut Trace<'b>>,
    tree: Option<&'a mut SearchTree>,
    /// Recursive calls so far.
    calls: u64,
    /// Calls that found no way on (the `backtracks` counter).
    dead_ends: u64,
    /// Full boards found.
    solutions: u64,
    /// The states tested on the path to the current one, by depth (MRV:
    /// what forward checking took is the difference to the parent).
    path: Vec<Candidates>,
    /// The move that made each node still to be drawn, by node id.
    moves: BTreeMap<u64, String>,
}

impl CallTrace<'_, '_, '_> {
    fn line(&mut self, text: std::fmt::Arguments<'_>) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.line(text);
        }
    }

    fn tracing(&self) -> bool {
        self.trace.as_ref().is_some_and(|trace| trace.is_open())
    }

    fn drawing(&self) -> bool {
        self.tree
            .as_ref()
            .is_some_and(|tree| tree.nodes().len() < SearchTree::MAX_NODES)
    }

    fn name(&self, cell: usize) -> String {
        cell_name(self.puzzle.cols(), cell)
    }

    /// The MRV solver's start: the givens forward-checked, the rooms of
    /// one cell filled.
    fn prepared(&mut self, prepared: &Prepared<'_>) {
        self.calls = prepared.singles;
        let givens = self.puzzle.num_givens();
        let open = prepared.state.open;
        let singles = match prepared.singles {
            1 => "1 room of one cell filled (1 call)".to_owned(),
            n => format!("{n} rooms of one cell filled ({n} calls)"),
        };
        self.line(format_args!(
            "start: {givens} givens forward-checked, {singles}, {open} cells open"
        ));
        if prepared.broken {
            self.line(format_args!(
                "a digit placed so far was taken out of its own cell: no solution"
            ));
        }
    }

    /// A call: the state tested, what it does next (`what`), whether it
    /// is a dead end, and its node in the tree.
    fn call(&mut self, id: u64, parent: Option<u64>, depth: u32, what: &str, kind: CallKind) {
        let (dead_end, goal) = (kind == CallKind::DeadEnd, kind == CallKind::Goal);
        self.calls += 1;
        self.dead_ends += u64::from(dead_end);
        self.solutions += u64::from(matches!(kind, CallKind::Goal | CallKind::Counted));
        let call = self.calls;
        self.line(format_args!("call {call} (depth {depth}): {what}"));
        if !self.drawing() {
            // Past the tree's last node: counted as left out, nothing drawn.
            if let Some(tree) = self.tree.as_deref_mut() {
                tree.push(TreeNode::new(id, parent));
            }
            return;
        }
        let label = self.moves.remove(&id).unwrap_or_else(|| "start".to_owned());
        if let Some(tree) = self.tree.as_deref_mut() {
            let detail = if dead_end {
                format!("call {call}, depth {depth}, dead end")
            } else {
                format!("call {call}, depth {depth}")
            };
            tree.push(
                TreeNode::new(id, parent)
                    .with_label([label])
                    .with_detail(detail)
                    .with_cut(dead_end),
            );
            if goal {
                tree.mark_path_to(id);
            }
        }
    }

    fn tried(&mut self, id: Option<u64>, fate: Fate, cell: usize, digit: u8, effect: &str) {
        let name = self.name(cell);
        if fate == Fate::Untried {
            self.line(format_args!(
                "  untried {name} = {digit} (the search ended first)"
            ));
            return;
        }
        if let Some(id) = id
            && self.drawing()
        {
            self.moves.insert(id, format!("{name} = {digit}"));
        }
        self.line(format_args!("  try {name} = {digit}{effect}"));
    }

    /// A search that counted solutions and went on after them ends
    /// "unsolvable" in search-core's words (no further goal): solved, as
    /// the outcome says.
    fn status(&self, status: search_core::Status) -> search_core::Status {
        if status == search_core::Status::Unsolvable && self.solutions > 0 {
            search_core::Status::Solved
        } else {
            status
        }
    }

    fn end(&mut self, status: search_core::Status, stats: &search_core::Stats) {
        let limit = limit_note(status.limit());
        let (calls, dead_ends, states) = (self.calls, self.dead_ends, stats.generated);
        self.line(format_args!(
            "end: {}{limit}, {calls} recursive calls, {dead_ends} backtracks, {states} states",
            status.name()
        ));
    }
}

/// What a call found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CallKind {
    /// A cell to fill, with digits to try.
    Open,
    /// No way on: a backtrack.
    DeadEnd,
    /// A full board that ends the search.
    Goal,
    /// A full board counted, the search going on.
    Counted,
}

/// search-core's events by cli-kit's [`SearchWatch`], the calls by
/// [`CallTrace`] in the words of brute force (over [`Filling`]) or of MRV
/// (over [`Candidates`]).
struct FormulationWatch<'w, 'p, 'a, 'b, S, M> {
    events: SearchWatch<'w, 'b, S, M>,
    calls: &'w mut CallTrace<'p, 'a, 'b>,
    /// The trace line of the start, if the formulation has one.
    start: Option<String>,
    /// What a call on a state (at a depth) does next, and what it found.
    call: fn(&mut CallTrace<'_, '_, '_>, &S, usize) -> (String, CallKind),
    /// The cell and the digit a move tried, and what it did (after the
    /// `try` line's `r1c1 = 2`).
    tried: fn(&CallTrace<'_, '_, '_>, &Generated<'_, S, M, u32>) -> Option<Tried>,
}

/// A cell, the digit tried in it, and what that did.
type Tried = (usize, u8, String);

/// What a call found of a full board that the search counts and goes past.
const COUNTED: &str = "every cell filled: a solution, counted; the search goes on";

/// A call of brute force: the next cell in reading order and the digits that fit.
fn brute_call(
    calls: &mut CallTrace<'_, '_, '_>,
    state: &Filling,
    _depth: usize,
) -> (String, CallKind) {
    let puzzle = calls.puzzle;
    let cell = state.position;
    if cell >= state.values.len() {
        return (COUNTED.to_owned(), CallKind::Counted);
    }
    let name = calls.name(cell);
    let given = puzzle.givens()[cell];
    if given != 0 {
        return if textbook::legal(puzzle, &state.values, cell, given) {
            (format!("{name} holds the given {given}"), CallKind::Open)
        } else {
            let what = format!("{name}'s given {given} breaks a rule: backtrack");
            (what, CallKind::DeadEnd)
        };
    }
    let size = puzzle.room_size(cell);
    let fits: Vec<String> = (1..=size as u8)
        .filter(|&digit| textbook::legal(puzzle, &state.values, cell, digit))
        .map(|digit| digit.to_string())
        .collect();
    if fits.is_empty() {
        let what = format!("{name} (room of {size}): no digit fits: backtrack");
        (what, CallKind::DeadEnd)
    } else {
        let what = format!("{name} (room of {size}): {} fit", fits.join(" "));
        (what, CallKind::Open)
    }
}

/// A call of MRV: the cell with the fewest values left, and those values.
fn mrv_call(
    calls: &mut CallTrace<'_, '_, '_>,
    state: &Candidates,
    depth: usize,
) -> (String, CallKind) {
    if calls.tracing() {
        calls.path.truncate(depth);
        calls.path.push(state.clone());
    }
    let Some(cell) = textbook::find_min_mrv(state) else {
        return (COUNTED.to_owned(), CallKind::Counted);
    };
    let name = calls.name(cell);
    let values: Vec<String> = digits_of(state.remaining[cell])
        .map(|digit| digit.to_string())
        .collect();
    if values.is_empty() {
        let what = format!("findMinMRV: {name} has no value left: backtrack");
        (what, CallKind::DeadEnd)
    } else {
        let what = format!("findMinMRV: {name}, values {}", values.join(" "));
        (what, CallKind::Open)
    }
}

/// A digit MRV tried, and what forward checking took from which cells.
fn mrv_tried(
    calls: &CallTrace<'_, '_, '_>,
    child: &Generated<'_, Candidates, (usize, u8), u32>,
) -> Option<Tried> {
    let &(cell, digit) = child.mv?;
    let mut effect = String::new();
    if calls.tracing()
        && let Some(parent) = calls.path.get(child.depth as usize - 1)
    {
        let state = child.state;
        let mut taken = Vec::new();
        let mut wiped = Vec::new();
        for other in 0..state.values.len() {
            if other == cell || state.values[other] != 0 {
                continue;
            }
            if parent.remaining[other] & !state.remaining[other] != 0 {
                taken.push(calls.name(other));
                if state.remaining[other] == 0 {
                    wiped.push(calls.name(other));
                }
            }
        }
        effect = if taken.is_empty() {
            ": forward check takes nothing".to_owned()
        } else {
            format!(": forward check takes {digit} from {}", listed(taken))
        };
        if !wiped.is_empty() {
            let _ = write!(effect, "; wipe-out: {} left with no value", listed(wiped));
        }
    }
    Some((cell, digit, effect))
}

impl<S, M> Observer<S, M, u32> for FormulationWatch<'_, '_, '_, '_, S, M> {
    fn start(&mut self, state: &S) {
        Observer::<S, M, u32>::start(&mut self.events, state);
        if let Some(line) = &self.start {
            self.calls.line(format_args!("{line}"));
        }
    }

    fn expanded(&mut self, node: &NodeView<'_, S, u32>) {
        self.events.expanded(node);
        let (what, kind) = (self.call)(self.calls, node.state, node.depth as usize);
        self.calls
            .call(node.id, node.parent, node.depth, &what, kind);
    }

    fn generated(&mut self, child: &Generated<'_, S, M, u32>) {
        self.events.generated(child);
        if let Some((cell, digit, effect)) = (self.tried)(self.calls, child) {
            self.calls.tried(child.id, child.fate, cell, digit, &effect);
        }
    }

    fn goal(&mut self, node: &NodeView<'_, S, u32>) {
        self.events.goal(node);
        let what = "every cell filled: solution";
        self.calls
            .call(node.id, node.parent, node.depth, what, CallKind::Goal);
    }

    fn end(&mut self, status: search_core::Status, stats: &search_core::Stats) {
        let status = self.calls.status(status);
        Observer::<S, M, u32>::end(&mut self.events, status, stats);
        self.calls.end(status, stats);
    }
}

/// The decisions of `fast` and `csp`: events by cli-kit's [`CspWatch`],
/// trace lines in the puzzle's words (cli-kit's [`SplitTree`] around it
/// draws the tree).
struct Decisions<'a, 'b> {
    events: CspWatch<'a, 'b>,
    trace: Option<&'a mut Trace<'b>>,
    cols: usize,
    /// Each cell's digits left as the events tell them (from the givens
    /// and the rooms' sizes), so that a trace line can name the digit a
    /// round placed; and the copies taken at each decision, by depth,
    /// which a backtrack restores as the solvers do.
    domains: Vec<u64>,
    saved: Vec<Vec<u64>>,
}

impl Decisions<'_, '_> {
    fn line(&mut self, text: std::fmt::Arguments<'_>) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.line(text);
        }
    }
}

impl CspObserver for Decisions<'_, '_> {
    fn propagate(&mut self, cause: Cause, depth: usize) {
        self.events.propagate(cause, depth);
        let why = match cause {
            Cause::Root => "the givens",
            Cause::Decision => "the decision",
            Cause::Refutation => "the refutation",
        };
        self.line(format_args!("propagate {why} (depth {depth})"));
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        self.events.pruned(propagator, var, removed);
        if !self.trace.as_ref().is_some_and(|trace| trace.is_open()) {
            return;
        }
        let cell = var.index();
        for &value in removed {
            if let (Some(domain), 1..=64) = (self.domains.get_mut(cell), value) {
                *domain &= !(1 << (value - 1));
            }
        }
        let name = cell_name(self.cols, var.index());
        let values = listed(removed.iter().map(i32::to_string));
        match propagator {
            fast::PLACED => {
                let left = self.domains.get(cell).copied().unwrap_or(0);
                let digit = left.trailing_zeros() + 1;
                self.line(format_args!("  {name} = {digit} ({values} out)"));
            }
            fast::REMOVED => self.line(format_args!("  {name} loses {values}")),
            other => self.line(format_args!("  {name} loses {values} ({other})")),
        }
    }

    fn wipeout(&mut self, var: Option<Var>) {
        self.events.wipeout(var);
        match var.map(|var| cell_name(self.cols, var.index())) {
            Some(name) => self.line(format_args!("  wipe-out: {name} has no value left")),
            None => self.line(format_args!(
                "  wipe-out: a cell or a room's digit has no place left"
            )),
        }
    }

    fn decision(&mut self, var: Var, value: i32, depth: usize) {
        csp_core::Observer::decision(&mut self.events, var, value, depth);
        let name = cell_name(self.cols, var.index());
        self.line(format_args!("decide {name} = {value} (depth {depth})"));
        if self.trace.is_some() {
            self.saved.truncate(depth - 1);
            self.saved.push(self.domains.clone());
        }
    }

    fn refutation(&mut self, var: Var, value: i32, depth: usize) {
        csp_core::Observer::refutation(&mut self.events, var, value, depth);
        let name = cell_name(self.cols, var.index());
        self.line(format_args!("refute {name} = {value} (depth {depth})"));
    }

    fn backtrack(&mut self, depth: usize) {
        self.events.backtrack(depth);
        if let Some(domains) = self.saved.get(depth) {
            self.domains.clone_from(domains);
        }
        self.saved.truncate(depth);
        self.line(format_args!("backtrack to depth {depth}"));
    }

    fn solution(&mut self, values: &[i32]) {
        self.events.solution(values);
        let digits: Vec<u8> = values.iter().map(|&value| value as u8).collect();
        self.line(format_args!("solution {}", state_line(self.cols, &digits)));
    }

    fn end(&mut self, status: csp_core::Status, stats: &csp_core::Stats) {
        self.events.end(status, stats);
        let limit = limit_note(status.limit());
        self.line(format_args!(
            "end: {}{limit}, {} nodes, {} backtracks",
            status.name(),
            stats.nodes,
            stats.backtracks
        ));
    }
}
