//! The spanning-connectivity constraint over the edge variables of an
//! undirected graph (Hashi's bridges: every island reached): the edges
//! present, those whose variable is not 0, connect all the nodes.
//!
//! Each call is one depth-first search over the edges that may be
//! present, in time linear in the graph, with lowpoints for the bridges.
//! Making a bridge present changes neither the search nor the bridges, so
//! one pass is the constraint's own fixpoint. No state is kept between
//! calls.

use crate::graph::{Dfs, Graph, check_edges};
use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator};
use crate::var::Var;

/// The edges `(u, v, x)` with `x != 0` connect all the nodes
/// `0..num_nodes`: an edge is present for any value but 0, so an edge
/// variable may count Hashi's bridges (0, 1 or 2). Build it with
/// [`Model::connected_edges`](crate::Model::connected_edges).
///
/// # What propagation guarantees
///
/// Domain consistency for this constraint alone: after a call that does
/// not fail, every value left belongs to some assignment whose present
/// edges connect the graph. In terms of the edges that may be present
/// (whose variable holds a value other than 0):
///
/// - **disconnected**: a call fails when those edges leave the nodes in
///   more than one piece.
/// - **bridge**: an edge that is a bridge of those edges (the graph falls
///   apart without it) loses its 0.
///
/// A graph of one node, or none, is connected. Every complete assignment
/// that leaves the nodes apart fails, so search never reports a false
/// solution. Prunings and failures name their rule ([`Context::because`]):
/// the `reason` of the `prune` and `wipeout` events is `bridge` or
/// `disconnected`, and the propagator is `connected-edges`.
///
/// ```
/// use csp_core::{Config, Model, Solver};
///
/// // A triangle 0 - 1 - 2 with a tail 2 - 3: the tail is a bridge and must
/// // be present; any two sides of the triangle will do.
/// let mut model = Model::new();
/// let edges: Vec<(usize, usize, csp_core::Var)> = [(0, 1), (1, 2), (2, 0), (2, 3)]
///     .into_iter()
///     .map(|(u, v)| (u, v, model.new_var(0..=2)))
///     .collect();
/// model.connected_edges(4, &edges);
/// let mut solver = Solver::new(model, Config::default());
/// assert!(solver.ac3(false).consistent);
/// assert_eq!(solver.domain(edges[3].2), [1, 2]);
/// assert_eq!(solver.domain(edges[0].2), [0, 1, 2]);
/// // Each side 0, 1 or 2, not two of them 0; the tail 1 or 2.
/// assert_eq!(solver.count(u64::MAX).count, (27 - 7) * 2);
/// ```
#[derive(Debug, Clone)]
pub struct ConnectedEdges {
    graph: Graph,
    vars: Vec<Var>,
    /// Scratch, rebuilt on every call.
    dfs: Dfs,
    possible: Vec<bool>,
}

impl ConnectedEdges {
    /// "The edges `(u, v, x)` with `x != 0` connect the nodes `0..num_nodes`".
    ///
    /// # Panics
    ///
    /// If an edge names a node past `num_nodes`, is a loop, or is given
    /// twice: modelling errors.
    pub fn new(num_nodes: usize, edges: &[(usize, usize, Var)]) -> ConnectedEdges {
        let ends: Vec<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
        check_edges(num_nodes, &ends, "connected edges");
        ConnectedEdges {
            graph: Graph::new(num_nodes, &ends),
            vars: edges.iter().map(|e| e.2).collect(),
            dfs: Dfs::default(),
            possible: vec![false; edges.len()],
        }
    }

    /// From-scratch recheck of domain consistency (debug builds): without
    /// any one edge that may still be absent, the others connect the graph.
    #[cfg(debug_assertions)]
    fn recheck(&self, ctx: &Context<'_>) {
        let n = self.graph.num_nodes();
        let connected_without = |gone: usize| {
            let mut seen = vec![false; n];
            let mut stack = vec![0];
            seen[0] = true;
            while let Some(u) = stack.pop() {
                for &(w, e) in self.graph.incident(u) {
                    let (w, e) = (w as usize, e as usize);
                    if e != gone && self.possible[e] && !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            seen.iter().all(|&s| s)
        };
        for (e, &x) in self.vars.iter().enumerate() {
            if ctx.contains(x, 0) && self.possible[e] {
                assert!(
                    connected_without(e),
                    "connected edges: bridge {e} may be absent"
                );
            }
        }
    }
}

impl Propagator for ConnectedEdges {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.graph.num_nodes();
        if n <= 1 {
            return Ok(());
        }
        for (e, &x) in self.vars.iter().enumerate() {
            self.possible[e] = !(ctx.is_fixed(x) && ctx.contains(x, 0));
        }
        self.dfs.reset(n);
        let possible = &self.possible;
        self.dfs.search(&self.graph, 0, |_| true, |e| possible[e]);
        if self.dfs.order.len() < n {
            return ctx.fail_because("disconnected");
        }
        ctx.because("bridge");
        for i in 1..n {
            let node = self.dfs.order[i] as usize;
            if self.dfs.is_bridge_into(node) {
                let x = self.vars[self.dfs.parent_edge[node] as usize];
                ctx.remove(x, 0)?;
            }
        }
        #[cfg(debug_assertions)]
        self.recheck(ctx);
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let n = self.graph.num_nodes();
        if n <= 1 {
            return true;
        }
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut stack = vec![0];
        let mut reached = 1;
        while let Some(u) = stack.pop() {
            for &(w, e) in self.graph.incident(u) {
                let w = w as usize;
                if values[e as usize] != 0 && !seen[w] {
                    seen[w] = true;
                    reached += 1;
                    stack.push(w);
                }
            }
        }
        reached == n
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "connected-edges"
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds "the edges `(u, v, x)` with `x != 0` connect all the nodes
    /// `0..num_nodes`" (Hashi's bridges, where `x` may count them; see
    /// [`ConnectedEdges`], domain consistent).
    ///
    /// # Panics
    ///
    /// If an edge names a node past `num_nodes`, is a loop, or is given twice.
    pub fn connected_edges(&mut self, num_nodes: usize, edges: &[(usize, usize, Var)]) {
        self.add_propagator(ConnectedEdges::new(num_nodes, edges));
    }
}
