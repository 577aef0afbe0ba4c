//! Watching a solve: [`TreeWatch`], the observer that draws the search
//! tree of `--tree-svg`, and (the `app` feature) the watched solves of
//! cli-kit's application traits. The solver shows its own states to an
//! observer as [`Board`]s ([`crate::textbook`]), so every observer here sees
//! every searcher the same way.

use search_core::{NodeView, Observer};
use svg_kit::{SearchTree, TreeNode};

use crate::options::Options;
use crate::puzzle::{Board, Move};

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

/// The watched solves on cli-kit's application traits (the `app`
/// feature): the observers of the command's `--trace`, `--events` and
/// `--tree-svg`, for the binary, the explorer and Python alike.
#[cfg(feature = "app")]
mod watched {
    use cli_kit::app::{Flag, OutcomeOf, Watch, Watchable};
    use cli_kit::{Rendered, SearchWatch};

    use super::TreeWatch;
    use crate::options::Options;
    use crate::plan::Solvers;
    use crate::puzzle::{Board, Move};

    /// Every searcher reports its search, and every shared flag but
    /// `--count` applies to every searcher (a search returns one path; the
    /// crate's own flags are checked by [`Options::check`]).
    impl Watchable for Board {
        fn watchable(_algo: crate::Algo) -> bool {
            true
        }

        fn applies(flag: Flag, _algo: crate::Algo) -> bool {
            flag != Flag::Count
        }

        /// The solve of [`crate::solve`] (the same fallbacks for options
        /// that do not fit the board), watched.
        fn solve_watched(&self, options: &Options, watch: Watch<'_, '_>) -> OutcomeOf<Self> {
            let Watch { sinks, tree } = watch;
            // A board as the searcher framework's rows and the compact line,
            // a move by where the blank goes.
            let render = |board: &Board| Rendered {
                view: board.to_string(),
                line: Some(board.to_line()),
            };
            let name = |mv: &Move| mv.name().to_owned();
            let mut watched = SearchWatch::new(sinks, &render, &name);
            let mut drawn = tree.is_some().then(|| TreeWatch::new(self, options));
            let attempt = |options: &Options| {
                let solvers = Solvers::new(options.clone());
                match drawn.as_mut() {
                    Some(drawn) => solvers.solve_observed(self, &mut (&mut watched, drawn)),
                    None => solvers.solve_observed(self, &mut watched),
                }
            };
            let outcome = crate::solve::with_fallback(options, attempt);
            if let (Some(tree), Some(drawn)) = (tree, drawn) {
                *tree = drawn.finish();
            }
            outcome
        }

        fn run_event(&self, options: &Options) -> serde_json::Value {
            let Ok(plan) = options.plan(self.size()) else {
                return serde_json::json!({
                    "algorithm": crate::Algorithm::name(crate::Configure::algo(options)),
                    "puzzle": self.to_line(),
                });
            };
            let algorithm = plan.options.algorithm;
            let mut fields = serde_json::json!({
                "algorithm": algorithm.name(),
                "puzzle": self.to_line(),
                "goal": plan.goal.to_line(),
            });
            if algorithm.uses_heuristic() {
                fields["heuristic"] = plan.heuristic.name().into();
            }
            fields
        }
    }
}
