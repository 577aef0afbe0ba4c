//! Watching a solve: the solver's packed and in-place states shown to an
//! observer as [`Board`]s, so a caller's `search_core::Observer<Board,
//! Move, u32>` sees every searcher the same way, whichever state the
//! solver chose for the board's size and algorithm; and [`TreeWatch`],
//! the observer that draws the search tree of `--tree-svg`.

use search_core::{Bound, Generated, NodeView, Observer, Stats, Status};
use svg_kit::{SearchTree, TreeNode};

use crate::board::{Board, Move};
use crate::options::Options;
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

/// The search tree of a solve (`--tree-svg`): every node taken up, in
/// expansion order (the first [`SearchTree::MAX_NODES`] drawn), with its
/// board and g, h, f; the path to the goal marked; nodes cut off at the
/// depth limit dashed. Attach it to [`crate::Solvers::solve_observed`],
/// then [`TreeWatch::finish`] gives the tree.
///
/// ```
/// use eight_puzzle::{Algo, Board, Options, Solvers, TreeWatch};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let board: Board = "142305678".parse()?;
/// let solvers = Solvers::new(Options::new(Algo::AStar));
/// let mut watch = TreeWatch::new(&board, solvers.options());
/// solvers.solve_observed(&board, &mut watch)?;
/// let tree = watch.finish();
/// assert_eq!(tree.nodes().iter().filter(|node| node.on_goal_path).count(), 3);
/// assert!(tree.to_svg().starts_with("<svg"));
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct TreeWatch {
    tree: SearchTree,
    goal: Option<u64>,
}

impl TreeWatch {
    /// An empty tree for a solve of `board` under `options`, titled with
    /// the algorithm, the heuristic where it has one, and the board.
    pub fn new(board: &Board, options: &Options) -> Self {
        let title = match options.plan(board.size()) {
            Ok(plan) if plan.options.algorithm.uses_heuristic() => format!(
                "{} {} from {}",
                plan.options.algorithm,
                plan.heuristic.name(),
                board.to_line()
            ),
            Ok(plan) => format!("{} from {}", plan.options.algorithm, board.to_line()),
            Err(_) => board.to_line(),
        };
        TreeWatch {
            tree: SearchTree::new(title),
            goal: None,
        }
    }

    fn push(&mut self, node: &NodeView<'_, Board, u32>, cut: bool) {
        let label: Vec<String> = node.state.to_string().lines().map(str::to_owned).collect();
        let detail = format!("g={} h={} f={}", node.g, node.h, node.f());
        let tree_node = TreeNode::new(node.id, node.parent)
            .with_label(label)
            .with_detail(detail)
            .with_cut(cut);
        self.tree.push(tree_node);
    }

    /// The tree drawn so far, the path to the goal marked if one was found.
    pub fn finish(mut self) -> SearchTree {
        if let Some(goal) = self.goal {
            self.tree.mark_path_to(goal);
        }
        self.tree
    }
}

impl Observer<Board, Move, u32> for TreeWatch {
    fn expanded(&mut self, node: &NodeView<'_, Board, u32>) {
        self.push(node, false);
    }

    fn goal(&mut self, node: &NodeView<'_, Board, u32>) {
        self.push(node, false);
        self.goal = Some(node.id);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, Board, u32>) {
        self.push(node, true);
    }
}
