//! The graph constraints (single cycle, connected, connected edges)
//! against their decomposition on our own core, the model a student would
//! write without them: the local rules as tables (two or no chosen edges
//! at each node, a clue's count) and the global rule checked only once
//! every variable is fixed. crates.io's `puzzle-solver` has no graph
//! constraint (all-different, linear equality and unification only), so
//! the decomposition is the peer. Both sides run MAC + MRV.
//!
//! The Slitherlink puzzles are our own, made here from a fixed seed: a
//! random loop (the boundary of a grown region of cells), every cell's
//! clue, then clues taken away in random order while the solution stays
//! unique.

use bench_kit::Workload;
use csp_core::{Config, Conflict, Context, Model, Propagator, Solver, Var, Wake};

/// A small deterministic generator (xorshift), so the puzzles are the same
/// on every run and machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The grid of `rows` x `cols` cells: its `(rows + 1) x (cols + 1)`
/// corner nodes, its edges (horizontal ones first, row by row, then the
/// vertical ones), and each cell's four edges.
#[derive(Debug, Clone)]
struct Grid {
    rows: usize,
    cols: usize,
    edges: Vec<(usize, usize)>,
    cell_edges: Vec<[usize; 4]>,
}

impl Grid {
    fn new(rows: usize, cols: usize) -> Grid {
        let node = |r: usize, c: usize| r * (cols + 1) + c;
        let mut edges = Vec::new();
        for r in 0..=rows {
            for c in 0..cols {
                edges.push((node(r, c), node(r, c + 1)));
            }
        }
        let vertical = edges.len();
        for r in 0..rows {
            for c in 0..=cols {
                edges.push((node(r, c), node(r + 1, c)));
            }
        }
        let cell_edges = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                [
                    r * cols + c,
                    (r + 1) * cols + c,
                    vertical + r * (cols + 1) + c,
                    vertical + r * (cols + 1) + c + 1,
                ]
            })
            .collect();
        Grid {
            rows,
            cols,
            edges,
            cell_edges,
        }
    }

    fn nodes(&self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }
}

/// Whether the chosen edges form one cycle (the independent checker).
fn is_one_cycle(nodes: usize, edges: &[(usize, usize)], chosen: &[bool]) -> bool {
    let mut degree = vec![0; nodes];
    let mut adjacent = vec![Vec::new(); nodes];
    for (&(u, v), _) in edges.iter().zip(chosen).filter(|(_, c)| **c) {
        degree[u] += 1;
        degree[v] += 1;
        adjacent[u].push(v);
        adjacent[v].push(u);
    }
    let Some(start) = (0..nodes).find(|&u| degree[u] > 0) else {
        return false;
    };
    if degree.iter().any(|&d| d != 0 && d != 2) {
        return false;
    }
    let mut seen = vec![false; nodes];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(u) = stack.pop() {
        for &w in &adjacent[u] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    (0..nodes).all(|u| degree[u] == 0 || seen[u])
}

/// Whether the chosen nodes are connected (the empty set is).
fn is_connected(nodes: usize, edges: &[(usize, usize)], chosen: &[bool]) -> bool {
    let Some(start) = (0..nodes).find(|&u| chosen[u]) else {
        return true;
    };
    let mut seen = vec![false; nodes];
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(u) = stack.pop() {
        for &(a, b) in edges {
            for (x, y) in [(a, b), (b, a)] {
                if x == u && chosen[y] && !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    (0..nodes).all(|u| !chosen[u] || seen[u])
}

/// A judge of a complete assignment: the values, the graph's edges and
/// its number of nodes.
type Accept = fn(&[i32], &[(usize, usize)], usize) -> bool;

/// The decomposition's global rule: `accept` judges the values once every
/// variable is fixed, and nothing before (woken by fixing only).
#[derive(Clone)]
struct AtLeaves {
    vars: Vec<Var>,
    accept: Accept,
    edges: Vec<(usize, usize)>,
    nodes: usize,
    values: Vec<i32>,
}

impl std::fmt::Debug for AtLeaves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AtLeaves")
    }
}

impl Propagator for AtLeaves {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.values.clear();
        for &x in &self.vars {
            match ctx.value(x) {
                Some(value) => self.values.push(value),
                None => return Ok(()),
            }
        }
        if (self.accept)(&self.values, &self.edges, self.nodes) {
            Ok(())
        } else {
            Err(Conflict)
        }
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        (self.accept)(values, &self.edges, self.nodes)
    }

    fn wakes_on(&self) -> Wake {
        Wake::Fixed
    }
}

fn cycle_accept(values: &[i32], edges: &[(usize, usize)], nodes: usize) -> bool {
    let chosen: Vec<bool> = values.iter().map(|&v| v == 1).collect();
    is_one_cycle(nodes, edges, &chosen)
}

fn connected_accept(values: &[i32], edges: &[(usize, usize)], nodes: usize) -> bool {
    let chosen: Vec<bool> = values.iter().map(|&v| v == 1).collect();
    is_connected(nodes, edges, &chosen)
}

fn spanning_accept(values: &[i32], edges: &[(usize, usize)], nodes: usize) -> bool {
    let mut seen = vec![false; nodes];
    seen[0] = true;
    let mut stack = vec![0];
    while let Some(u) = stack.pop() {
        for (&(a, b), &value) in edges.iter().zip(values) {
            for (x, y) in [(a, b), (b, a)] {
                if value != 0 && x == u && !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// Exactly `k` of the variables are 1, by bounds: the count both sides
/// of the connected-subset rows share (csp-core has no count of its own
/// yet).
#[derive(Debug, Clone)]
struct CountOnes {
    vars: Vec<Var>,
    k: usize,
}

impl Propagator for CountOnes {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let ones = self
            .vars
            .iter()
            .filter(|&&x| ctx.value(x) == Some(1))
            .count();
        let open = self.vars.iter().filter(|&&x| !ctx.is_fixed(x)).count();
        if ones > self.k || ones + open < self.k {
            return Err(Conflict);
        }
        if ones == self.k || ones + open == self.k {
            let drop = if ones == self.k { 1 } else { 0 };
            for &x in &self.vars {
                if !ctx.is_fixed(x) {
                    ctx.remove(x, drop)?;
                }
            }
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        values.iter().filter(|&&v| v == 1).count() == self.k
    }

    fn is_idempotent(&self) -> bool {
        true
    }
}

/// Every tuple of `arity` 0/1 values whose sum is in `sums`.
fn sums_table(arity: usize, sums: &[usize]) -> Vec<Vec<i32>> {
    (0..1u32 << arity)
        .filter(|t| sums.contains(&(t.count_ones() as usize)))
        .map(|t| (0..arity).map(|i| (t >> i & 1) as i32).collect())
        .collect()
}

/// How a model states "one cycle": the global, or the decomposition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cycle {
    Global,
    Decomposed,
}

/// The loop model of a grid with clues (`None`: no clue): a 0/1 variable
/// per edge, a table per clue over its cell's edges, and the loop rule.
fn slitherlink_model(grid: &Grid, clues: &[Option<u8>], how: Cycle) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let vars = model.new_vars(grid.edges.len(), 0..=1);
    for (cell, clue) in clues.iter().enumerate() {
        if let Some(clue) = clue {
            let scope: Vec<Var> = grid.cell_edges[cell].iter().map(|&e| vars[e]).collect();
            model.table_nary(&scope, sums_table(4, &[*clue as usize]));
        }
    }
    add_cycle(&mut model, grid.nodes(), &grid.edges, &vars, how);
    (model, vars)
}

fn add_cycle(model: &mut Model, nodes: usize, edges: &[(usize, usize)], vars: &[Var], how: Cycle) {
    match how {
        Cycle::Global => {
            let triples: Vec<(usize, usize, Var)> = edges
                .iter()
                .zip(vars)
                .map(|(&(u, v), &x)| (u, v, x))
                .collect();
            model.single_cycle(nodes, &triples);
        }
        Cycle::Decomposed => {
            for node in 0..nodes {
                let scope: Vec<Var> = edges
                    .iter()
                    .zip(vars)
                    .filter(|((u, v), _)| *u == node || *v == node)
                    .map(|(_, &x)| x)
                    .collect();
                model.table_nary(&scope, sums_table(scope.len(), &[0, 2]));
            }
            model.add_propagator(AtLeaves {
                vars: vars.to_vec(),
                accept: cycle_accept,
                edges: edges.to_vec(),
                nodes,
                values: Vec::new(),
            });
        }
    }
}

/// Up to two solutions of a puzzle, as loop strings (`1` for an edge on
/// the loop), each checked by the independent checker.
fn solve_slitherlink(grid: &Grid, clues: &[Option<u8>], how: Cycle) -> Vec<String> {
    let (model, vars) = slitherlink_model(grid, clues, how);
    let mut solver = Solver::new(model, Config::new());
    let mut found = Vec::new();
    solver.for_each_solution(|solution| {
        let chosen: Vec<bool> = vars.iter().map(|&x| solution[x] == 1).collect();
        let ok = is_one_cycle(grid.nodes(), &grid.edges, &chosen)
            && clues.iter().enumerate().all(|(cell, clue)| {
                clue.is_none_or(|clue| {
                    grid.cell_edges[cell].iter().filter(|&&e| chosen[e]).count() == clue as usize
                })
            });
        let line: String = chosen.iter().map(|&c| if c { '1' } else { '0' }).collect();
        found.push(if ok { line } else { "INVALID".to_owned() });
        found.len() < 2
    });
    found
}

/// A Slitherlink of `rows` x `cols` cells with a unique solution: the
/// boundary of a random region grown cell by cell while its boundary stays
/// one loop, all its clues, then clues taken away while the solution stays
/// unique.
fn make_slitherlink(rng: &mut Rng, grid: &Grid) -> Vec<Option<u8>> {
    let (rows, cols) = (grid.rows, grid.cols);
    let cells = rows * cols;
    let boundary = |inside: &[bool]| -> Vec<bool> {
        let mut on = vec![false; grid.edges.len()];
        for (cell, edges) in grid.cell_edges.iter().enumerate() {
            if inside[cell] {
                for &e in edges {
                    on[e] = !on[e];
                }
            }
        }
        on
    };
    let mut inside = vec![false; cells];
    inside[rng.below(cells)] = true;
    let target = cells * (4 + rng.below(3)) / 10;
    for _ in 0..50 * cells {
        if inside.iter().filter(|&&i| i).count() >= target {
            break;
        }
        let cell = rng.below(cells);
        let (r, c) = (cell / cols, cell % cols);
        let touches = (r > 0 && inside[cell - cols])
            || (r + 1 < rows && inside[cell + cols])
            || (c > 0 && inside[cell - 1])
            || (c + 1 < cols && inside[cell + 1]);
        if inside[cell] || !touches {
            continue;
        }
        inside[cell] = true;
        if !is_one_cycle(grid.nodes(), &grid.edges, &boundary(&inside)) {
            inside[cell] = false;
        }
    }
    let on = boundary(&inside);
    let mut clues: Vec<Option<u8>> = grid
        .cell_edges
        .iter()
        .map(|edges| Some(edges.iter().filter(|&&e| on[e]).count() as u8))
        .collect();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let clue = clues[cell].take();
        if solve_slitherlink(grid, &clues, Cycle::Global).len() != 1 {
            clues[cell] = clue;
        }
    }
    clues
}

/// The grid graph of `rows` x `cols` nodes.
fn grid_graph(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                edges.push((r * cols + c, r * cols + c + 1));
            }
            if r + 1 < rows {
                edges.push((r * cols + c, (r + 1) * cols + c));
            }
        }
    }
    edges
}

fn count_cycles(rows: usize, cols: usize, how: Cycle) -> String {
    let edges = grid_graph(rows, cols);
    let mut model = Model::new();
    let vars = model.new_vars(edges.len(), 0..=1);
    add_cycle(&mut model, rows * cols, &edges, &vars, how);
    Solver::new(model, Config::new())
        .count(u64::MAX)
        .count
        .to_string()
}

/// The Hamiltonian cycles of the grid of `rows` x `cols` nodes: every
/// node on two chosen edges (a table per node on both sides), one cycle.
fn count_hamiltonian(rows: usize, cols: usize, how: Cycle) -> String {
    let edges = grid_graph(rows, cols);
    let mut model = Model::new();
    let vars = model.new_vars(edges.len(), 0..=1);
    for node in 0..rows * cols {
        let scope: Vec<Var> = edges
            .iter()
            .zip(&vars)
            .filter(|((u, v), _)| *u == node || *v == node)
            .map(|(_, &x)| x)
            .collect();
        model.table_nary(&scope, sums_table(scope.len(), &[2]));
    }
    add_cycle(&mut model, rows * cols, &edges, &vars, how);
    Solver::new(model, Config::new())
        .count(u64::MAX)
        .count
        .to_string()
}

fn count_connected(rows: usize, cols: usize, k: usize, global: bool) -> String {
    let edges = grid_graph(rows, cols);
    let mut model = Model::new();
    let nodes = model.new_vars(rows * cols, 0..=1);
    model.add_propagator(CountOnes {
        vars: nodes.clone(),
        k,
    });
    if global {
        model.connected(&edges, &nodes);
    } else {
        model.add_propagator(AtLeaves {
            vars: nodes.clone(),
            accept: connected_accept,
            edges: edges.clone(),
            nodes: rows * cols,
            values: Vec::new(),
        });
    }
    Solver::new(model, Config::new())
        .count(u64::MAX)
        .count
        .to_string()
}

fn count_spanning(rows: usize, cols: usize, global: bool) -> String {
    let edges = grid_graph(rows, cols);
    let mut model = Model::new();
    let vars = model.new_vars(edges.len(), 0..=1);
    if global {
        let triples: Vec<(usize, usize, Var)> = edges
            .iter()
            .zip(&vars)
            .map(|(&(u, v), &x)| (u, v, x))
            .collect();
        model.connected_edges(rows * cols, &triples);
    } else {
        model.add_propagator(AtLeaves {
            vars: vars.clone(),
            accept: spanning_accept,
            edges: edges.clone(),
            nodes: rows * cols,
            values: Vec::new(),
        });
    }
    Solver::new(model, Config::new())
        .count(u64::MAX)
        .count
        .to_string()
}

/// The graph rows of the csp-core bench.
pub fn workloads() -> Vec<Workload<'static>> {
    let mut rng = Rng(0x5eed_1007_c0de_2024);
    let mut workloads = Vec::new();
    for (size, count) in [(7, 10), (8, 6)] {
        let grid = Grid::new(size, size);
        let puzzles: Vec<Vec<Option<u8>>> = (0..count)
            .map(|_| make_slitherlink(&mut rng, &grid))
            .collect();
        let clues: usize = puzzles.iter().map(|p| p.iter().flatten().count()).sum();
        let solve_all = move |how: Cycle| {
            let mut out = String::new();
            for clues in &puzzles {
                let found = solve_slitherlink(&grid, clues, how);
                out.push_str(&format!("{} {}\n", found.len(), found.join(" ")));
            }
            out
        };
        let theirs = solve_all.clone();
        workloads.push(
            Workload::new(
                format!("slitherlink {size}x{size} ({count} made here), solve + prove unique"),
                move || solve_all(Cycle::Global),
            )
            .peer("decomposition", move || theirs(Cycle::Decomposed))
            .items(count as u64)
            .note(format!(
                "single_cycle + clue tables vs degree tables + clue tables + loop check at the leaves; {clues} clues in all"
            )),
        );
    }
    workloads.push(
        Workload::new("hamiltonian cycles of the 6x6-node grid, count", || {
            count_hamiltonian(6, 6, Cycle::Global)
        })
        .peer("decomposition", || {
            count_hamiltonian(6, 6, Cycle::Decomposed)
        })
        .note(
            "a degree-2 table per node on both sides; single_cycle vs the loop check at the leaves",
        ),
    );
    workloads.push(
        Workload::new("cycles of the 5x5-node grid, count", || {
            count_cycles(5, 5, Cycle::Global)
        })
        .peer("decomposition", || count_cycles(5, 5, Cycle::Decomposed))
        .note("single_cycle vs degree tables + loop check at the leaves; few unions of disjoint cycles to cut, so little to gain"),
    );
    workloads.push(
        Workload::new("connected 8-node sets of the 5x5 grid, count", || {
            count_connected(5, 5, 8, true)
        })
        .peer("decomposition", || count_connected(5, 5, 8, false))
        .note("connected + a count of 8 vs the count + connectivity check at the leaves"),
    );
    workloads.push(
        Workload::new(
            "connected spanning edge sets of the 3x4 grid, count",
            || count_spanning(3, 4, true),
        )
        .peer("decomposition", || count_spanning(3, 4, false))
        .note("connected_edges vs a connectivity check at the leaves"),
    );
    workloads
}
