//! The connectivity constraint over the 0/1 node variables of an
//! undirected graph (Nurikabe's sea, a region that must hang together):
//! the chosen nodes form one connected piece.
//!
//! Each call works from scratch on the current domains in time linear in
//! the graph: one search from a chosen node through the nodes not removed,
//! which also gives the lowpoints that find the cut nodes. Forcing a cut
//! node changes neither that search nor the cut nodes, so one pass is the
//! constraint's own fixpoint. No state is kept between calls.

use crate::graph::{Dfs, Graph, check_edges};
use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator};
use crate::var::Var;

/// The nodes whose variable is 1 induce a connected subgraph of the graph
/// `edges` over the nodes `0..nodes.len()` (node `i`'s variable is
/// `nodes[i]`). No node chosen counts as connected (so does one): add a
/// count, or fix a node, for a piece that must not be empty. Build it with
/// [`Model::connected`](crate::Model::connected), which also restricts the
/// node variables to {0, 1}.
///
/// # What propagation guarantees
///
/// Domain consistency for this constraint alone: after a call that does
/// not fail, every value left belongs to some connected choice of nodes
/// within the domains. In terms of the nodes not removed (whose variable
/// still holds 1), once a node is chosen (fixed to 1):
///
/// - **unreachable**: a node that no path of nodes not removed joins to a
///   chosen node is removed (fixed to 0).
/// - **disconnected**: two chosen nodes in different pieces of the nodes
///   not removed fail.
/// - **cut node**: a node that lies on every path between two chosen nodes
///   (an articulation point separating them, found by the lowpoints of a
///   depth-first search) is chosen (fixed to 1).
///
/// While no node is chosen nothing is removed: the empty choice and each
/// single node are connected. Every complete assignment whose chosen nodes
/// are not connected fails, so search never reports a false solution.
/// Prunings and failures name their rule ([`Context::because`]): the
/// `reason` of the `prune` and `wipeout` events is `unreachable`, `cut
/// node` or `disconnected`, and the propagator is `connected`.
///
/// ```
/// use csp_core::{Config, Model, Solver};
///
/// // A path of four nodes 0 - 1 - 2 - 3: with 0 and 3 chosen, 1 and 2
/// // are cut nodes between them, and propagation alone solves it.
/// let mut model = Model::new();
/// let nodes = model.new_vars(4, 0..=1);
/// model.connected(&[(0, 1), (1, 2), (2, 3)], &nodes);
/// model.assign(nodes[0], 1);
/// model.assign(nodes[3], 1);
/// let mut solver = Solver::new(model, Config::default());
/// assert!(solver.ac3(false).consistent);
/// assert_eq!(solver.domain(nodes[1]), [1]);
/// assert_eq!(solver.domain(nodes[2]), [1]);
///
/// // The connected sets of nodes of that path, the empty one included:
/// // 1 + 4 + 3 + 2 + 1.
/// let mut model = Model::new();
/// let nodes = model.new_vars(4, 0..=1);
/// model.connected(&[(0, 1), (1, 2), (2, 3)], &nodes);
/// assert_eq!(Solver::new(model, Config::default()).count(u64::MAX).count, 11);
/// ```
#[derive(Debug, Clone)]
pub struct Connected {
    graph: Graph,
    vars: Vec<Var>,
    /// Scratch, rebuilt on every call.
    dfs: Dfs,
    removed: Vec<bool>,
    /// Chosen nodes in each node's depth-first subtree.
    chosen_below: Vec<u32>,
}

impl Connected {
    /// "The nodes `i` with `nodes[i] = 1` are connected in the graph of
    /// `edges`". A node is chosen when its variable is 1 and not chosen
    /// for any other value: choosing fixes it to 1, removing takes 1 away
    /// ([`Model::connected`](crate::Model::connected) keeps the variables
    /// to {0, 1}).
    ///
    /// # Panics
    ///
    /// If an edge names a node past `nodes.len()`, is a loop, or is given
    /// twice: modelling errors.
    pub fn new(edges: &[(usize, usize)], nodes: &[Var]) -> Connected {
        check_edges(nodes.len(), edges, "connected");
        Connected {
            graph: Graph::new(nodes.len(), edges),
            vars: nodes.to_vec(),
            dfs: Dfs::default(),
            removed: vec![false; nodes.len()],
            chosen_below: vec![0; nodes.len()],
        }
    }

    /// From-scratch recheck of domain consistency (debug builds): for each
    /// node left open, some connected choice takes it and some leaves it.
    #[cfg(debug_assertions)]
    fn recheck(&self, ctx: &Context<'_>) {
        let n = self.vars.len();
        let removed: Vec<bool> = self.vars.iter().map(|&x| !ctx.contains(x, 1)).collect();
        let chosen: Vec<usize> = (0..n)
            .filter(|&u| ctx.value(self.vars[u]) == Some(1))
            .collect();
        let Some(&first) = chosen.first() else {
            return;
        };
        // The nodes reached from `first` avoiding removed nodes and `gone`.
        let reach = |gone: usize| {
            let mut seen = vec![false; n];
            let mut stack = vec![first];
            seen[first] = true;
            while let Some(u) = stack.pop() {
                for &(w, _) in self.graph.incident(u) {
                    let w = w as usize;
                    if !seen[w] && !removed[w] && w != gone {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            seen
        };
        let all = reach(usize::MAX);
        for u in 0..n {
            if removed[u] || ctx.is_fixed(self.vars[u]) {
                continue;
            }
            assert!(all[u], "connected: node {u} cannot reach a chosen node");
            let without = reach(u);
            assert!(
                chosen.iter().all(|&c| without[c]),
                "connected: node {u} cuts chosen nodes apart and is left open"
            );
        }
    }
}

impl Propagator for Connected {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        let mut root = None;
        for u in 0..n {
            let x = self.vars[u];
            self.removed[u] = !ctx.contains(x, 1);
            if root.is_none() && ctx.value(x) == Some(1) {
                root = Some(u);
            }
        }
        let Some(root) = root else {
            return Ok(());
        };
        self.dfs.reset(n);
        let removed = &self.removed;
        self.dfs
            .search(&self.graph, root, |u| !removed[u], |_| true);
        for u in 0..n {
            if self.dfs.seen(u) || self.removed[u] {
                continue;
            }
            if ctx.is_fixed(self.vars[u]) {
                return ctx.fail_because("disconnected");
            }
            ctx.because("unreachable");
            ctx.remove(self.vars[u], 1)?;
        }
        // Children after parents in `order`: walking it backwards adds
        // each subtree's chosen nodes before its parent reads them. A node
        // whose child's subtree holds a chosen node and reaches no higher
        // than the node itself separates that subtree from the root.
        ctx.because("cut node");
        for u in 0..n {
            self.chosen_below[u] = u32::from(ctx.value(self.vars[u]) == Some(1));
        }
        for i in (1..self.dfs.order.len()).rev() {
            let w = self.dfs.order[i] as usize;
            let parent = self.graph.other(self.dfs.parent_edge[w] as usize, w);
            self.chosen_below[parent] += self.chosen_below[w];
            if parent != root
                && self.chosen_below[w] > 0
                && self.dfs.low[w] >= self.dfs.disc[parent]
                && !ctx.is_fixed(self.vars[parent])
            {
                ctx.assign(self.vars[parent], 1)?;
            }
        }
        #[cfg(debug_assertions)]
        self.recheck(ctx);
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let n = self.vars.len();
        let Some(first) = (0..n).find(|&u| values[u] == 1) else {
            return true;
        };
        let mut seen = vec![false; n];
        seen[first] = true;
        let mut stack = vec![first];
        while let Some(u) = stack.pop() {
            for &(w, _) in self.graph.incident(u) {
                let w = w as usize;
                if values[w] == 1 && !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        (0..n).all(|u| values[u] != 1 || seen[u])
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "connected"
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds "the nodes `i` with `nodes[i] = 1` are connected in the graph
    /// of `edges`" (no node chosen counts as connected; see [`Connected`],
    /// domain consistent), and keeps each node variable to {0, 1}.
    ///
    /// # Panics
    ///
    /// If an edge names a node past `nodes.len()`, is a loop, or is given twice.
    pub fn connected(&mut self, edges: &[(usize, usize)], nodes: &[Var]) {
        for &x in nodes {
            self.retain(x, |value| value == 0 || value == 1);
        }
        self.add_propagator(Connected::new(edges, nodes));
    }
}
