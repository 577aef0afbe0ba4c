//! The watch of a course formulation that takes its boards from a stack
//! (DFS) or a queue (BFS) and fills the most constrained place first
//! (nqueens' rows, sudoku's cells), told in its own words: each board
//! popped with what the formulation sees in it, each board pushed (BFS) or
//! tried (DFS), the moves left on the frontier, and the end. The events are
//! search-core's, written by the [`FormulationOutputs`]' [`crate::SearchWatch`].

use search_core::{Generated, NodeView, Observer};

use crate::FormulationOutputs;

/// What a formulation says of its boards `S` and moves `M`.
pub trait TellBoards<S, M> {
    /// The trace line of the start: `start: an empty 8x8 board`.
    fn start(&self, board: &S) -> String;

    /// What a board popped is, and whether it is a dead end (drawn cut):
    /// the goal when `goal`, else the `failure_test` it fails or the place
    /// it fills next with what that place may take.
    fn popped(&self, board: &S, goal: bool) -> (String, bool);

    /// How many pieces the board has placed.
    fn placed(&self, board: &S) -> usize;

    /// The board as the lines of its node in the search tree.
    fn label(&self, board: &S) -> Vec<String>;

    /// A move as the trace names it: `queen at r1c3`, `r1c3 = 4`.
    fn name(&self, mv: &M) -> String;
}

/// The observer of a DFS or BFS told by `T` ([`TellBoards`]):
/// `pop #3 (depth 1, 1 placed, stack 5): ...`, `  try #4: ...`,
/// `  untried ... (left on the stack)`, and the end line of
/// [`FormulationOutputs::end`].
#[derive(Debug)]
pub struct FrontierWatch<'a, 'b, S, M, T> {
    out: FormulationOutputs<'a, 'b, S, M>,
    tell: T,
    breadth_first: bool,
}

impl<'a, 'b, S, M, T: TellBoards<S, M>> FrontierWatch<'a, 'b, S, M, T> {
    /// The watch writing to `out`, of a breadth-first search (a queue)
    /// when `breadth_first`, else of a depth-first one (a stack).
    pub fn new(out: FormulationOutputs<'a, 'b, S, M>, tell: T, breadth_first: bool) -> Self {
        FrontierWatch {
            out,
            tell,
            breadth_first,
        }
    }

    fn frontier(&self) -> &'static str {
        if self.breadth_first { "queue" } else { "stack" }
    }

    /// The trace line and tree node of a board popped.
    fn popped(&mut self, node: &NodeView<'_, S, u32>, goal: bool) {
        if !self.out.tracing() && !self.out.drawing() {
            return;
        }
        let board = node.state;
        let (what, dead_end) = self.tell.popped(board, goal);
        let (id, depth, waiting) = (node.id, node.depth, node.frontier);
        let (placed, frontier) = (self.tell.placed(board), self.frontier());
        self.out.line(format_args!(
            "pop #{id} (depth {depth}, {placed} placed, {frontier} {waiting}): {what}"
        ));
        if self.out.drawing() {
            self.out.draw(node, self.tell.label(board), dead_end, goal);
        }
    }
}

impl<S, M, T: TellBoards<S, M>> Observer<S, M, u32> for FrontierWatch<'_, '_, S, M, T> {
    fn start(&mut self, board: &S) {
        Observer::<S, M, u32>::start(&mut self.out.events, board);
        let line = self.tell.start(board);
        self.out.line(line);
    }

    fn expanded(&mut self, node: &NodeView<'_, S, u32>) {
        self.out.events.expanded(node);
        self.popped(node, false);
    }

    fn generated(&mut self, child: &Generated<'_, S, M, u32>) {
        self.out.events.generated(child);
        let Some(mv) = child.mv.filter(|_| self.out.tracing()) else {
            return;
        };
        let mv = self.tell.name(mv);
        match child.id {
            Some(id) => {
                let verb = if self.breadth_first { "push" } else { "try" };
                self.out.line(format_args!("  {verb} #{id}: {mv}"));
            }
            None => {
                let frontier = self.frontier();
                self.out
                    .line(format_args!("  untried {mv} (left on the {frontier})"));
            }
        }
    }

    fn goal(&mut self, node: &NodeView<'_, S, u32>) {
        self.out.events.goal(node);
        self.popped(node, true);
    }

    fn end(&mut self, status: search_core::Status, stats: &search_core::Stats) {
        self.out.end(status, stats, "boards");
    }
}
