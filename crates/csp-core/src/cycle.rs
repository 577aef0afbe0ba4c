//! The single-cycle constraint over the 0/1 edge variables of an
//! undirected graph (the loop of Slitherlink, Masyu, a Hamiltonian-style
//! tour): the chosen edges form exactly one cycle.
//!
//! Each call works on the current domains, in time linear in the graph
//! per round of its rules (one depth-first search with lowpoints gives
//! both the bridges and the connected pieces), and repeats the rounds
//! until none removes anything: one call reaches the constraint's own
//! fixpoint. What it keeps between calls is the edges' states the last
//! call left, with each node's counts of chosen and open edges: a call
//! corrects the counts for the edges whose state differs (a few, between
//! neighbouring nodes of a search), and one that finds them all the same
//! at a fixpoint returns at once. Being compared whole, it needs no
//! undoing on backtracking.

use crate::graph::{Dfs, Graph, check_edges};
use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator, Strength};
use crate::var::Var;

/// Edge states while propagating: chosen (1 left), removed (0 left), or open.
const OPEN: u8 = 0;
const CHOSEN: u8 = 1;
const REMOVED: u8 = 2;

/// The edges `(u, v, x)` whose variable `x` is 1 form exactly one cycle:
/// every node lies on 0 or 2 chosen edges, the chosen edges are connected,
/// and at least one edge is chosen (an empty choice is not a cycle). The
/// graph is simple (no loops, no edge given twice). Build it with
/// [`Model::single_cycle`](crate::Model::single_cycle), which also
/// restricts the edge variables to {0, 1} and adds the degree rule of each
/// node as a cheap propagator of its own (also named `single-cycle`):
/// this one is [expensive](Propagator::is_expensive), so the engine runs
/// it once the degree rules and other cheap constraints (a clue's table)
/// have settled, about half as often as it would otherwise.
///
/// # What propagation guarantees
///
/// Not domain consistency (deciding whether a graph has a cycle through
/// given edges is NP-complete, like a Hamiltonian cycle), but a fixpoint
/// of these rules, in terms of each node's number of chosen edges `c` and
/// open ones `o` (edges whose variable is still {0, 1}) and of the graph
/// of edges not removed (not fixed to 0). After a call that does not fail:
///
/// - **degree**: no node has `c > 2`, or `c = 1` with `o = 0` (those fail);
///   a node with `c = 2` has `o = 0` (its other edges removed); no node has
///   `c = 1, o = 1` (the open edge is chosen) or `c = 0, o = 1` (the lone
///   edge is removed).
/// - **bridge**: no edge left is a bridge of the graph of edges not
///   removed, since a bridge lies on no cycle (a chosen bridge fails).
/// - **disconnected**: once an edge is chosen, every edge left lies in the
///   connected piece of the chosen edges (chosen edges in two pieces fail).
/// - **subtour**: no open edge joins the two ends of one path of chosen
///   edges while other chosen edges lie outside that path (choosing it
///   would close a cycle that leaves them out).
/// - **closed**: when the chosen edges hold a cycle, every other edge is
///   removed (a cycle plus any other chosen edge, two cycles among them,
///   fails).
/// - **empty**: a call fails when every edge is removed.
///
/// Every complete assignment that is not one cycle fails, so search never
/// reports a false solution. Each pruning and failure names its rule
/// ([`Context::because`]): the `reason` of the `prune` and `wipeout`
/// events is `degree`, `bridge`, `disconnected`, `subtour`, `closed` or
/// `empty`, and the propagator is `single-cycle`.
///
/// ```
/// use csp_core::{Config, Model, Solver};
///
/// // The 3 x 3 grid of nodes: 12 edges, and 13 cycles along them.
/// let mut model = Model::new();
/// let node = |r: usize, c: usize| 3 * r + c;
/// let mut edges = Vec::new();
/// for r in 0..3 {
///     for c in 0..3 {
///         if c + 1 < 3 {
///             edges.push((node(r, c), node(r, c + 1), model.new_var(0..=1)));
///         }
///         if r + 1 < 3 {
///             edges.push((node(r, c), node(r + 1, c), model.new_var(0..=1)));
///         }
///     }
/// }
/// model.single_cycle(9, &edges);
/// let mut solver = Solver::new(model, Config::default());
/// assert_eq!(solver.count(u64::MAX).count, 13);
/// ```
#[derive(Debug, Clone)]
pub struct SingleCycle {
    graph: Graph,
    vars: Vec<Var>,
    bits: Bits01,
    /// Each edge's state as the last call left it, and with it the counts
    /// below, always in step (even after a failed call): the next call
    /// corrects them for the edges that changed since, usually a few.
    /// After a call that did not fail, a fixpoint of the rules
    /// (`settled`), so that a call finding the same states has nothing to do.
    state: Vec<u8>,
    settled: bool,
    /// Per node, its chosen and open edges; the number of chosen edges.
    chosen: Vec<u32>,
    open: Vec<u32>,
    num_chosen: u32,
    /// Whether the degree rule of each node runs as a cheap propagator of
    /// its own beside this one ([`Model::single_cycle`]), so that a full
    /// propagation finds it settled and need not look for where it applies.
    node_rules: bool,
    /// The nodes whose degree rule is to be looked at.
    queue: Vec<u32>,
    queued: Vec<bool>,
    dfs: Dfs,
    /// The connected pieces (with an edge left) the last bridge search found.
    trees: u32,
    /// The paths of chosen edges: their two ends and their length.
    paths: Vec<(u32, u32, u32)>,
    /// Per node, the round whose path walk last passed it (`walk`).
    walked: Vec<u32>,
    /// Per end of a path, its other end.
    far: Vec<u32>,
    walk: u32,
}

impl SingleCycle {
    /// "The edges `(u, v, x)` with `x = 1` form one cycle" over nodes
    /// `0..num_nodes`. An edge is chosen when its variable is 1 and not
    /// chosen for any other value: choosing fixes it to 1, removing takes
    /// 1 away ([`Model::single_cycle`](crate::Model::single_cycle) keeps
    /// the variables to {0, 1}).
    ///
    /// # Panics
    ///
    /// If an edge names a node past `num_nodes`, is a loop, or is given
    /// twice: modelling errors.
    pub fn new(num_nodes: usize, edges: &[(usize, usize, Var)]) -> SingleCycle {
        let ends: Vec<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
        check_edges(num_nodes, &ends, "single cycle");
        let m = edges.len();
        let graph = Graph::new(num_nodes, &ends);
        let open = (0..num_nodes)
            .map(|u| graph.incident(u).len() as u32)
            .collect();
        SingleCycle {
            graph,
            vars: edges.iter().map(|e| e.2).collect(),
            bits: Bits01::default(),
            state: vec![OPEN; m],
            settled: false,
            chosen: vec![0; num_nodes],
            open,
            num_chosen: 0,
            node_rules: false,
            queue: Vec::with_capacity(num_nodes),
            queued: vec![false; num_nodes],
            dfs: Dfs::default(),
            trees: 0,
            paths: Vec::new(),
            walked: vec![0; num_nodes],
            far: vec![0; num_nodes],
            walk: 0,
        }
    }

    /// Marks edge `e` chosen in the scratch and in its domain.
    fn choose(&mut self, ctx: &mut Context<'_>, e: usize) -> Result<(), Conflict> {
        self.untally(e);
        self.state[e] = CHOSEN;
        self.tally(e);
        let (u, v) = self.graph.ends[e];
        self.enqueue(u as usize);
        self.enqueue(v as usize);
        ctx.assign(self.vars[e], 1)?;
        Ok(())
    }

    /// Marks edge `e` removed in the scratch and in its domain.
    fn drop_edge(&mut self, ctx: &mut Context<'_>, e: usize) -> Result<(), Conflict> {
        self.untally(e);
        self.state[e] = REMOVED;
        let (u, v) = self.graph.ends[e];
        self.enqueue(u as usize);
        self.enqueue(v as usize);
        ctx.remove(self.vars[e], 1)?;
        Ok(())
    }

    /// Counts edge `e` in its state at its two ends.
    #[inline]
    fn tally(&mut self, e: usize) {
        let (u, v) = self.graph.ends[e];
        let (u, v) = (u as usize, v as usize);
        match self.state[e] {
            OPEN => {
                self.open[u] += 1;
                self.open[v] += 1;
            }
            CHOSEN => {
                self.chosen[u] += 1;
                self.chosen[v] += 1;
                self.num_chosen += 1;
            }
            _ => {}
        }
    }

    /// Takes edge `e` in its state out of the counts at its two ends.
    #[inline]
    fn untally(&mut self, e: usize) {
        let (u, v) = self.graph.ends[e];
        let (u, v) = (u as usize, v as usize);
        match self.state[e] {
            OPEN => {
                self.open[u] -= 1;
                self.open[v] -= 1;
            }
            CHOSEN => {
                self.chosen[u] -= 1;
                self.chosen[v] -= 1;
                self.num_chosen -= 1;
            }
            _ => {}
        }
    }

    #[inline]
    fn enqueue(&mut self, node: usize) {
        if !self.queued[node] {
            self.queued[node] = true;
            self.queue.push(node as u32);
        }
    }

    /// Reads the edges' states, correcting each node's counts of chosen
    /// and open edges for those that changed; `false` if they are the
    /// states the last call left at its fixpoint.
    fn read(&mut self, ctx: &Context<'_>) -> bool {
        let mut same = self.settled;
        self.bits.locate(ctx, &self.vars);
        for e in 0..self.state.len() {
            let now = self.bits.state(ctx, &self.vars, e);
            if now != self.state[e] {
                same = false;
                self.untally(e);
                self.state[e] = now;
                self.tally(e);
            }
        }
        if same {
            return false;
        }
        self.queue.clear();
        if self.node_rules && ctx.strength() == Strength::Full {
            // The nodes' own propagators are cheap and ran first: no
            // degree rule applies.
            self.queued.iter_mut().for_each(|q| *q = false);
            return true;
        }
        for u in 0..self.graph.num_nodes() {
            let (c, o) = (self.chosen[u], self.open[u]);
            let applies = c > 2 || (c == 1 && o == 0) || (o > 0 && (c == 2 || o == 1));
            self.queued[u] = applies;
            if applies {
                self.queue.push(u as u32);
            }
        }
        true
    }

    /// The degree rules, node by node until none applies.
    fn degrees(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        while let Some(u) = self.queue.pop() {
            let u = u as usize;
            self.queued[u] = false;
            let (c, o) = (self.chosen[u], self.open[u]);
            if c > 2 || (c == 1 && o == 0) {
                return ctx.fail_because("degree");
            }
            if o == 0 || (c == 0 && o > 1) || (c == 1 && o > 1) {
                continue;
            }
            ctx.because("degree");
            for i in 0..self.graph.incident(u).len() {
                let e = self.graph.incident(u)[i].1 as usize;
                if self.state[e] != OPEN {
                    continue;
                }
                match c {
                    // Full: its other edges go. Alone with one edge: it goes.
                    2 | 0 => self.drop_edge(ctx, e)?,
                    // One chosen, one open: the open one is the way out.
                    _ if o == 1 => self.choose(ctx, e)?,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Walks the paths of chosen edges (the degree rule left no node on
    /// three), each from one end to the other, marking the nodes on them
    /// and pairing the ends (`far`); returns the number of edges on paths.
    fn label_paths(&mut self) -> u32 {
        self.walk = self.walk.wrapping_add(1);
        if self.walk == 0 {
            self.walked.iter_mut().for_each(|w| *w = 0);
            self.walk = 1;
        }
        self.paths.clear();
        let mut on_paths = 0;
        for start in 0..self.graph.num_nodes() {
            if self.chosen[start] != 1 || self.walked[start] == self.walk {
                continue;
            }
            let (end, length) = self.follow(start, true);
            self.far[start] = end as u32;
            self.far[end] = start as u32;
            self.paths.push((start as u32, end as u32, length));
            on_paths += length;
        }
        on_paths
    }

    /// Follows chosen edges from `start` until a node with no other
    /// chosen edge, or `start` again; returns the node reached and the
    /// edges walked, marking the nodes passed when `mark`.
    fn follow(&mut self, start: usize, mark: bool) -> (usize, u32) {
        let (mut node, mut came_by, mut length) = (start, u32::MAX, 0);
        loop {
            if mark {
                self.walked[node] = self.walk;
            }
            let next = self
                .graph
                .incident(node)
                .iter()
                .find(|&&(_, e)| e != came_by && self.state[e as usize] == CHOSEN);
            let Some(&(other, e)) = next else {
                return (node, length);
            };
            length += 1;
            (node, came_by) = (other as usize, e);
            if node == start {
                return (node, length);
            }
        }
    }

    /// The rules of a cycle among the chosen edges, which the paths'
    /// `on_paths` edges leave out: `None` if there is none, else whether
    /// the closed rule removed an edge.
    fn cycles(&mut self, ctx: &mut Context<'_>, on_paths: u32) -> Result<Option<bool>, Conflict> {
        let total = self.num_chosen;
        if on_paths == total {
            return Ok(None);
        }
        // The other chosen edges have two chosen edges at each end: they
        // lie on cycles, which must be the only chosen edges and one cycle.
        let on_cycle = (0..self.graph.num_nodes())
            .find(|&u| self.chosen[u] == 2 && self.walked[u] != self.walk);
        let length = on_cycle.map_or(0, |u| self.follow(u, false).1);
        if on_paths > 0 || length < total {
            return ctx.fail_because("subtour");
        }
        ctx.because("closed");
        let mut changed = false;
        for e in 0..self.graph.num_edges() {
            if self.state[e] == OPEN {
                self.drop_edge(ctx, e)?;
                changed = true;
            }
        }
        Ok(Some(changed))
    }

    /// Removes the bridges of the graph of edges not removed; `Ok(true)`
    /// if one was open (and is now removed). Runs after the paths are
    /// labelled and no chosen cycle is found: the search leaps along each
    /// path from end to end under an id of its own (`m` plus the path's
    /// index), a path being a bridge exactly when each of its edges is
    /// (its inner nodes have no other edge left), so it never walks the
    /// inner nodes, which late in a search are most of the graph.
    fn bridges(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let n = self.graph.num_nodes();
        let m = self.graph.num_edges() as u32;
        self.dfs.reset(n);
        self.trees = 0;
        let (state, chosen, far) = (&self.state, &self.chosen, &self.far);
        for root in 0..n {
            let live = self.open[root] + chosen[root] > 0;
            let inner = chosen[root] == 2;
            if self.dfs.seen(root) || !live || inner {
                continue;
            }
            self.trees += 1;
            self.dfs
                .search_with(&self.graph, root, |node, other, edge| {
                    match state[edge as usize] {
                        REMOVED => None,
                        CHOSEN if chosen[node] == 1 => {
                            let path = far[node];
                            let id = m + path.min(node as u32);
                            Some((path, id))
                        }
                        _ => Some((other, edge)),
                    }
                });
        }
        let mut changed = false;
        for i in 0..self.dfs.order.len() {
            let node = self.dfs.order[i] as usize;
            if !self.dfs.is_bridge_into(node) {
                continue;
            }
            let e = self.dfs.parent_edge[node];
            if e >= m {
                return ctx.fail_because("bridge");
            }
            ctx.because("bridge");
            self.drop_edge(ctx, e as usize)?;
            changed = true;
        }
        Ok(changed)
    }

    /// The rules that look at the chosen paths as a whole; `Ok(true)` if
    /// one removed an edge. Runs right after a bridge search that removed
    /// nothing, whose trees it reads as the pieces of the graph.
    fn structure(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let total = self.num_chosen;
        if total == 0 {
            return if self.trees == 0 {
                ctx.fail_because("empty")
            } else {
                Ok(false)
            };
        }
        let mut changed = false;
        if self.trees > 1 {
            // The connected pieces of the edges not removed are the trees
            // of the bridges' search, which saw the graph as it is now (a
            // path's inner nodes in no tree, its ends in its own).
            let piece_of_chosen = self.dfs.tree[self.paths[0].0 as usize];
            if self
                .paths
                .iter()
                .any(|&(a, _, _)| self.dfs.tree[a as usize] != piece_of_chosen)
            {
                return ctx.fail_because("disconnected");
            }
            ctx.because("disconnected");
            for e in 0..self.graph.num_edges() {
                let (u, _) = self.graph.ends[e];
                if self.state[e] == OPEN && self.dfs.tree[u as usize] != piece_of_chosen {
                    self.drop_edge(ctx, e)?;
                    changed = true;
                }
            }
        }
        // An open edge joining the two ends of one path, with chosen edges
        // elsewhere, would close a cycle that leaves them out (an open edge
        // inside a path would meet a node with two chosen edges, gone by
        // the degree rule).
        for p in 0..self.paths.len() {
            let (a, b, length) = self.paths[p];
            if length == total {
                continue;
            }
            for i in 0..self.graph.incident(a as usize).len() {
                let (other, e) = self.graph.incident(a as usize)[i];
                if other == b && self.state[e as usize] == OPEN {
                    ctx.because("subtour");
                    self.drop_edge(ctx, e as usize)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// From-scratch recheck of the promised fixpoint (debug builds): each
    /// rule tested the slow, obvious way on the domains left.
    #[cfg(debug_assertions)]
    fn recheck(&self, ctx: &Context<'_>) {
        let m = self.graph.num_edges();
        let n = self.graph.num_nodes();
        let state: Vec<u8> = self.vars.iter().map(|&x| edge_state(ctx, x)).collect();
        let count = |u: usize, s: u8| {
            (0..m)
                .filter(|&e| {
                    state[e] == s && {
                        let (a, b) = self.graph.ends[e];
                        a as usize == u || b as usize == u
                    }
                })
                .count()
        };
        // Nodes reached from `from` along edges `live` admits.
        let reach = |from: usize, live: &dyn Fn(usize) -> bool| {
            let mut seen = vec![false; n];
            let mut stack = vec![from];
            seen[from] = true;
            while let Some(u) = stack.pop() {
                for &(w, e) in self.graph.incident(u) {
                    if live(e as usize) && !seen[w as usize] {
                        seen[w as usize] = true;
                        stack.push(w as usize);
                    }
                }
            }
            seen
        };
        for u in 0..n {
            let (c, o) = (count(u, CHOSEN), count(u, OPEN));
            assert!(
                c <= 2 && !(c == 2 && o > 0) && !(c == 1 && o < 2) && !(c == 0 && o == 1),
                "single cycle: degree rule missed at node {u} ({c} chosen, {o} open)"
            );
        }
        for e in (0..m).filter(|&e| state[e] != REMOVED) {
            let (u, v) = self.graph.ends[e];
            let seen = reach(u as usize, &|f| f != e && state[f] != REMOVED);
            assert!(seen[v as usize], "single cycle: bridge {e} left");
        }
        let chosen: Vec<usize> = (0..m).filter(|&e| state[e] == CHOSEN).collect();
        if let Some(&first) = chosen.first() {
            let seen = reach(self.graph.ends[first].0 as usize, &|f| state[f] != REMOVED);
            for e in (0..m).filter(|&e| state[e] != REMOVED) {
                assert!(
                    seen[self.graph.ends[e].0 as usize],
                    "single cycle: edge {e} away from the chosen ones left"
                );
            }
            // The chosen piece through each node, by the chosen edges alone.
            let on_chosen = |f: usize| state[f] == CHOSEN;
            for e in (0..m).filter(|&e| state[e] == OPEN) {
                let (u, v) = self.graph.ends[e];
                let piece = reach(u as usize, &on_chosen);
                let piece_edges = chosen
                    .iter()
                    .filter(|&&f| piece[self.graph.ends[f].0 as usize])
                    .count();
                assert!(
                    !(piece[v as usize] && piece_edges < chosen.len()),
                    "single cycle: subtour edge {e} left"
                );
            }
            let cycle = (0..n).any(|u| {
                let piece = reach(u, &on_chosen);
                let nodes = (0..n).filter(|&w| piece[w]).count();
                let edges = chosen
                    .iter()
                    .filter(|&&f| piece[self.graph.ends[f].0 as usize])
                    .count();
                count(u, CHOSEN) > 0 && edges == nodes
            });
            assert!(
                !cycle || state.iter().all(|&s| s != OPEN),
                "single cycle: open edges left beside a closed cycle"
            );
        }
    }
}

/// The degree rule at one node, cheap and woken by its own edges only,
/// so that the engine settles it (with other cheap constraints such as a
/// clue's table) before it runs the whole-graph [`SingleCycle`]: each node
/// lies on 0 or 2 chosen edges.
#[derive(Debug, Clone)]
pub(crate) struct Degree {
    pub(crate) edges: Vec<Var>,
    pub(crate) bits: Bits01,
}

impl Propagator for Degree {
    fn variables(&self) -> Vec<Var> {
        self.edges.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (mut chosen, mut open) = (0, 0);
        self.bits.locate(ctx, &self.edges);
        for e in 0..self.edges.len() {
            match self.bits.state(ctx, &self.edges, e) {
                CHOSEN => chosen += 1,
                OPEN => open += 1,
                _ => {}
            }
        }
        ctx.because("degree");
        let (drop, choose) = match (chosen, open) {
            (c, _) if c > 2 => return ctx.fail_because("degree"),
            (1, 0) => return ctx.fail_because("degree"),
            (_, 0) => return Ok(()),
            (2, _) | (0, 1) => (true, false),
            (1, 1) => (false, true),
            _ => return Ok(()),
        };
        for (e, &x) in self.edges.iter().enumerate() {
            if self.bits.state(ctx, &self.edges, e) == OPEN {
                if drop {
                    ctx.remove(x, 1)?;
                } else if choose {
                    ctx.assign(x, 1)?;
                }
            }
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        matches!(values.iter().filter(|&&v| v == 1).count(), 0 | 2)
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "single-cycle"
    }
}

/// The states of a list of 0/1 edge variables (chosen, removed or open)
/// read straight from the store's words: where each one's values 0 and 1
/// sit is found on the first read and kept, the store's layout being fixed
/// once the model is built. A read is one load and a shift instead of the
/// four lookups of asking the domain (a third of the single cycle's
/// instructions went to reading its edges).
#[derive(Debug, Clone, Default)]
pub(crate) struct Bits01 {
    /// Per variable of the list, its word in the store and how far its
    /// value 0 lies from bit 0 (`u32::MAX`: its two values are not in one
    /// word, or 0 is below its initial domain; asked the slow way).
    at: Vec<(u32, u32)>,
}

/// The state of a variable by the bits of its values 0 (bit 0) and 1 (bit 1).
const BY_BITS: [u8; 4] = [REMOVED, REMOVED, CHOSEN, OPEN];

impl Bits01 {
    /// Finds the places of `vars` on the first call (the owner passes the
    /// same list at every call).
    #[inline]
    fn locate(&mut self, ctx: &Context<'_>, vars: &[Var]) {
        if self.at.len() == vars.len() {
            return;
        }
        self.at = vars
            .iter()
            .map(|&x| {
                let v = x.index();
                let (base, words) = (ctx.store.base(v), ctx.store.words(v).len() as i64);
                let shift = -(base as i64);
                if (0..64 * words - 1).contains(&shift) && shift / 64 == (shift + 1) / 64 {
                    (
                        (ctx.store.first_word(v) + (shift / 64) as usize) as u32,
                        (shift % 64) as u32,
                    )
                } else {
                    (u32::MAX, 0)
                }
            })
            .collect();
    }

    /// The state of `vars[i]`, `vars` the list located.
    #[inline(always)]
    fn state(&self, ctx: &Context<'_>, vars: &[Var], i: usize) -> u8 {
        let (word, shift) = self.at[i];
        if word == u32::MAX {
            return edge_state(ctx, vars[i]);
        }
        let state = BY_BITS[(ctx.store.word(word as usize) >> shift & 3) as usize];
        debug_assert_eq!(state, edge_state(ctx, vars[i]), "Bits01 out of place");
        state
    }
}

/// An edge is chosen when its variable is fixed to 1, removed when 1 is
/// gone, open otherwise.
#[inline(always)]
fn edge_state(ctx: &Context<'_>, x: Var) -> u8 {
    if !ctx.contains(x, 1) {
        REMOVED
    } else if ctx.is_fixed(x) {
        CHOSEN
    } else {
        OPEN
    }
}

impl Propagator for SingleCycle {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if !self.read(ctx) {
            // The domains are those the last call left at its fixpoint
            // (the search's decision repeating the refutation that fixed
            // the edge, say): nothing to do.
            #[cfg(debug_assertions)]
            self.recheck(ctx);
            return Ok(());
        }
        self.settled = false;
        loop {
            self.degrees(ctx)?;
            let on_paths = self.label_paths();
            if let Some(changed) = self.cycles(ctx, on_paths)? {
                if changed {
                    continue;
                }
                break;
            }
            if self.bridges(ctx)? {
                continue;
            }
            if !self.structure(ctx)? {
                break;
            }
        }
        self.settled = true;
        #[cfg(debug_assertions)]
        self.recheck(ctx);
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let n = self.graph.num_nodes();
        let mut degree = vec![0u32; n];
        let mut chosen = Vec::new();
        for (e, &value) in values.iter().enumerate() {
            if value == 1 {
                let (u, v) = self.graph.ends[e];
                degree[u as usize] += 1;
                degree[v as usize] += 1;
                chosen.push(e);
            }
        }
        let Some(&first) = chosen.first() else {
            return false;
        };
        if degree.iter().any(|&d| d != 0 && d != 2) {
            return false;
        }
        // Two chosen edges at every node touched: one cycle if connected.
        let mut seen = vec![false; n];
        let start = self.graph.ends[first].0 as usize;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            for &(w, e) in self.graph.incident(u) {
                if values[e as usize] == 1 && !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w as usize);
                }
            }
        }
        (0..n).all(|u| degree[u] == 0 || seen[u])
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn is_expensive(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "single-cycle"
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds "the edges `(u, v, x)` with `x = 1` form exactly one cycle"
    /// over the nodes `0..num_nodes` (a Slitherlink loop; see
    /// [`SingleCycle`] for what propagation guarantees), and keeps each
    /// `x` to {0, 1}.
    ///
    /// # Panics
    ///
    /// If an edge names a node past `num_nodes`, is a loop, or is given twice.
    pub fn single_cycle(&mut self, num_nodes: usize, edges: &[(usize, usize, Var)]) {
        for &(_, _, x) in edges {
            self.retain(x, |value| value == 0 || value == 1);
        }
        let mut cycle = SingleCycle::new(num_nodes, edges);
        cycle.node_rules = true;
        for node in 0..num_nodes {
            let incident: Vec<Var> = edges
                .iter()
                .filter(|&&(u, v, _)| u == node || v == node)
                .map(|e| e.2)
                .collect();
            if !incident.is_empty() {
                self.add_propagator(Degree {
                    edges: incident,
                    bits: Bits01::default(),
                });
            }
        }
        self.add_propagator(cycle);
    }
}
