//! The undirected graphs of the graph constraints (single cycle,
//! connectivity): adjacency in one array, and depth-first search with
//! lowpoints (Tarjan) for bridges and cut nodes, iterative so that a large
//! graph cannot overflow the stack, its buffers kept between calls.

/// Adjacency lists in one array: node `u`'s incident edges are
/// `(neighbour, edge)` in `list[start[u]..start[u + 1]]`.
#[derive(Debug, Clone)]
pub(crate) struct Graph {
    start: Vec<u32>,
    list: Vec<(u32, u32)>,
    /// Each edge's two ends, by edge id.
    pub(crate) ends: Vec<(u32, u32)>,
}

/// Why a graph cannot be built: a modelling error, reported by a panic.
pub(crate) fn check_edges(num_nodes: usize, ends: &[(usize, usize)], what: &str) {
    let mut seen = std::collections::BTreeSet::new();
    for &(u, v) in ends {
        assert!(
            u < num_nodes && v < num_nodes,
            "{what}: edge ({u}, {v}) names a node past the {num_nodes} nodes"
        );
        assert!(u != v, "{what}: edge ({u}, {v}) is a loop");
        assert!(
            seen.insert((u.min(v), u.max(v))),
            "{what}: edge ({u}, {v}) is given twice"
        );
    }
}

impl Graph {
    pub(crate) fn new(num_nodes: usize, ends: &[(usize, usize)]) -> Graph {
        let mut start = vec![0u32; num_nodes + 1];
        for &(u, v) in ends {
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for i in 0..num_nodes {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut list = vec![(0, 0); 2 * ends.len()];
        for (e, &(u, v)) in ends.iter().enumerate() {
            list[fill[u] as usize] = (v as u32, e as u32);
            fill[u] += 1;
            list[fill[v] as usize] = (u as u32, e as u32);
            fill[v] += 1;
        }
        Graph {
            start,
            list,
            ends: ends.iter().map(|&(u, v)| (u as u32, v as u32)).collect(),
        }
    }

    pub(crate) fn num_nodes(&self) -> usize {
        self.start.len() - 1
    }

    pub(crate) fn num_edges(&self) -> usize {
        self.ends.len()
    }

    /// `(neighbour, edge)` for each edge at `node`.
    #[inline]
    pub(crate) fn incident(&self, node: usize) -> &[(u32, u32)] {
        &self.list[self.start[node] as usize..self.start[node + 1] as usize]
    }

    /// The end of `edge` that is not `node`.
    #[inline]
    pub(crate) fn other(&self, edge: usize, node: usize) -> usize {
        let (u, v) = self.ends[edge];
        if u as usize == node {
            v as usize
        } else {
            u as usize
        }
    }
}

const UNSEEN: u32 = u32::MAX;

/// Depth-first search with discovery times and lowpoints over the live
/// part of a graph, its buffers reused from call to call.
#[derive(Debug, Clone, Default)]
pub(crate) struct Dfs {
    /// Discovery time of each node in the last search, `UNSEEN` if not reached.
    pub(crate) disc: Vec<u32>,
    /// Lowest discovery time reachable from the node's subtree by one back edge.
    pub(crate) low: Vec<u32>,
    /// The tree edge a node was reached by (`UNSEEN` for a root).
    pub(crate) parent_edge: Vec<u32>,
    /// Nodes in the order they were reached (children after parents).
    pub(crate) order: Vec<u32>,
    /// The root of the search that reached each node: its connected piece.
    pub(crate) tree: Vec<u32>,
    /// The search stack: the ancestors of the node being searched.
    stack: Vec<Frame>,
}

/// An ancestor on the search stack: where it is in its adjacency, its
/// lowpoint so far and the tree edge it was reached by.
#[derive(Debug, Clone, Copy)]
struct Frame {
    node: u32,
    next: u32,
    low: u32,
    came_by: u32,
}

impl Dfs {
    /// Forgets the last search, for a graph of `n` nodes. Only what marks
    /// a node unseen is cleared: a search sets a node's lowpoint and tree
    /// edge when it reaches it, and nothing reads them of a node not reached.
    pub(crate) fn reset(&mut self, n: usize) {
        self.disc.clear();
        self.disc.resize(n, UNSEEN);
        self.tree.clear();
        self.tree.resize(n, UNSEEN);
        if self.low.len() != n {
            self.low.resize(n, UNSEEN);
            self.parent_edge.resize(n, UNSEEN);
        }
        self.order.clear();
    }

    /// Whether the last searches reached `node`.
    #[inline]
    pub(crate) fn seen(&self, node: usize) -> bool {
        self.disc[node] != UNSEEN
    }

    /// Searches from `root` through the nodes `node_live` admits and the
    /// edges `edge_live` admits, setting discovery times and lowpoints;
    /// nodes already seen by an earlier search since [`Dfs::reset`] are
    /// not entered again.
    #[inline]
    pub(crate) fn search(
        &mut self,
        graph: &Graph,
        root: usize,
        node_live: impl Fn(usize) -> bool,
        edge_live: impl Fn(usize) -> bool,
    ) {
        self.search_with(graph, root, |_, other, edge| {
            (edge_live(edge as usize) && node_live(other as usize)).then_some((other, edge))
        });
    }

    /// [`Dfs::search`] where `step(node, other, edge)` says where edge
    /// `edge` from `node` to `other` leads, or `None` if it is not live:
    /// the node it reaches and the id it goes by (its tree edge, compared
    /// to tell a back edge from the way in, and read by
    /// [`Dfs::is_bridge_into`]). A step may leap past nodes of degree two
    /// (a path of chosen edges) to the far end, under an id of its own.
    ///
    /// The node being searched is kept in locals (where it is in its
    /// adjacency, its tree edge, its lowpoint so far), the stack holding
    /// only its ancestors: this loop is most of what the graph
    /// constraints cost.
    pub(crate) fn search_with(
        &mut self,
        graph: &Graph,
        root: usize,
        step: impl Fn(usize, u32, u32) -> Option<(u32, u32)>,
    ) {
        let mut time = self.order.len() as u32;
        let tree = root as u32;
        self.disc[root] = time;
        self.parent_edge[root] = UNSEEN;
        self.tree[root] = tree;
        self.order.push(tree);
        self.stack.clear();
        let (mut node, mut low, mut came_by) = (root, time, UNSEEN);
        let mut next = graph.start[node] as usize;
        let mut end = graph.start[node + 1] as usize;
        time += 1;
        loop {
            if next < end {
                let (other, edge) = graph.list[next];
                next += 1;
                if edge == came_by {
                    continue;
                }
                let Some((other, edge)) = step(node, other, edge) else {
                    continue;
                };
                if edge == came_by {
                    continue;
                }
                let seen_at = self.disc[other as usize];
                if seen_at != UNSEEN {
                    low = low.min(seen_at);
                    continue;
                }
                self.stack.push(Frame {
                    node: node as u32,
                    next: next as u32,
                    low,
                    came_by,
                });
                node = other as usize;
                (low, came_by) = (time, edge);
                self.disc[node] = time;
                self.parent_edge[node] = edge;
                self.tree[node] = tree;
                self.order.push(other);
                time += 1;
                next = graph.start[node] as usize;
                end = graph.start[node + 1] as usize;
            } else {
                self.low[node] = low;
                let Some(parent) = self.stack.pop() else {
                    return;
                };
                let child_low = low;
                node = parent.node as usize;
                (low, came_by) = (parent.low.min(child_low), parent.came_by);
                next = parent.next as usize;
                end = graph.start[node + 1] as usize;
            }
        }
    }

    /// After a search: whether the tree edge into `node` is a bridge (no
    /// back edge from its subtree climbs above it).
    #[inline]
    pub(crate) fn is_bridge_into(&self, node: usize) -> bool {
        self.parent_edge[node] != UNSEEN && self.low[node] == self.disc[node]
    }
}
