//! Watching a solve: the solver's packed and in-place states shown to an
//! observer as [`Board`]s, so a caller's `search_core::Observer<Board,
//! Move, u32>` sees every searcher the same way, whichever state the
//! solver chose for the board's size and algorithm.

use search_core::{Bound, Generated, NodeView, Observer, Stats, Status};

use crate::board::{Board, Move};
use crate::solver::{Cells, FastState, Tiles, tiles_board};

/// An observer of boards, seen through the solver's own states.
pub(crate) struct Translate<'o, O> {
    pub(crate) observer: &'o mut O,
    /// The number of cells of the boards searched.
    pub(crate) cells: usize,
}

/// A state the solver searches, as the board it stands for.
pub(crate) trait AsBoard {
    fn board(&self, cells: usize) -> Board;
}

impl<C: Cells> AsBoard for Tiles<C> {
    fn board(&self, cells: usize) -> Board {
        tiles_board(self, cells)
    }
}

impl AsBoard for FastState {
    fn board(&self, cells: usize) -> Board {
        FastState::board(self, cells)
    }
}

impl<O: Observer<Board, Move, u32>> Translate<'_, O> {
    fn node<C: Copy + Into<u32>>(
        &mut self,
        node: &NodeView<'_, impl AsBoard, C>,
        tell: impl FnOnce(&mut O, &NodeView<'_, Board, u32>),
    ) {
        let board = node.state.board(self.cells);
        let view = NodeView {
            id: node.id,
            parent: node.parent,
            depth: node.depth,
            g: node.g.into(),
            h: node.h.into(),
            state: &board,
            frontier: node.frontier,
        };
        tell(self.observer, &view);
    }
}

impl<S, C, O> Observer<S, Move, C> for Translate<'_, O>
where
    S: AsBoard,
    C: Copy + Into<u32>,
    O: Observer<Board, Move, u32>,
{
    const ACTIVE: bool = O::ACTIVE;

    fn start(&mut self, state: &S) {
        self.observer.start(&state.board(self.cells));
    }

    fn iteration(&mut self, number: u32, bound: Bound<C>) {
        let bound = match bound {
            Bound::Depth(depth) => Bound::Depth(depth),
            Bound::Cost(cost) => Bound::Cost(cost.into()),
        };
        self.observer.iteration(number, bound);
    }

    fn expanded(&mut self, node: &NodeView<'_, S, C>) {
        self.node(node, O::expanded);
    }

    fn generated(&mut self, child: &Generated<'_, S, Move, C>) {
        let board = child.state.board(self.cells);
        self.observer.generated(&Generated {
            id: child.id,
            parent: child.parent,
            mv: child.mv,
            depth: child.depth,
            g: child.g.into(),
            state: &board,
            fate: child.fate,
        });
    }

    fn goal(&mut self, node: &NodeView<'_, S, C>) {
        self.node(node, O::goal);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, S, C>) {
        self.node(node, O::depth_cut);
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        self.observer.end(status, stats);
    }
}
