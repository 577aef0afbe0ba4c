//! The graph constraints against brute force on thousands of small random
//! graphs (grids and random graphs of 4-8 nodes, up to 13 edges, so every
//! subset of edges or nodes can be enumerated), each propagated at the root
//! after a random partial assignment:
//!
//! - sound: a value some solution within the partial assignment uses is
//!   never removed, and propagation fails only when there is no solution;
//! - as strong as promised: each rule its rustdoc states holds on the
//!   domains left (single cycle), or the domains are exactly the values
//!   the solutions use (connected, connected edges: domain consistent);
//! - search counts exactly the solutions brute force finds, under each
//!   inference, alone and beside a count of chosen variables.
//!
//! The figures (instances, values checked, removals by rule) are printed;
//! `cargo test -p csp-core --test graph -- --nocapture` shows them.

use std::collections::BTreeMap;

use csp_core::{
    Config, Conflict, Context, Inference, Model, Observer, Propagator, Solver, Var, VarOrder,
};

/// A small deterministic generator, so the tests need no seed plumbing.
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

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The edges of the grid of `rows` x `cols` nodes.
fn grid(rows: usize, cols: usize) -> Vec<(usize, usize)> {
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

/// A random simple graph: `n` nodes and up to `max_edges` distinct edges.
fn random_graph(rng: &mut Rng, n: usize, max_edges: usize) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    for i in (1..pairs.len()).rev() {
        pairs.swap(i, rng.below(i + 1));
    }
    let m = 1 + rng.below(max_edges.min(pairs.len()));
    pairs.truncate(m);
    pairs
}

/// A random graph for the cycle test: a grid of at most 13 edges, with a
/// few edges taken away now and then, or a random graph.
fn cycle_graph(rng: &mut Rng) -> (usize, Vec<(usize, usize)>) {
    if rng.chance(40) {
        let (rows, cols) = [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 2), (4, 2)][rng.below(7)];
        let mut edges = grid(rows, cols);
        if rng.chance(30) {
            edges.retain(|_| !rng.chance(15));
        }
        (rows * cols, edges)
    } else if rng.chance(30) {
        blobs(rng)
    } else {
        let n = 4 + rng.below(5);
        (n, random_graph(rng, n, 13))
    }
}

/// Two dense random graphs of 3-4 nodes joined by one or two edges: cycles
/// on either side, bridges between them.
fn blobs(rng: &mut Rng) -> (usize, Vec<(usize, usize)>) {
    let (a, b) = (3 + rng.below(2), 3 + rng.below(2));
    // Complete graphs, an edge dropped now and then.
    let mut edges: Vec<(usize, usize)> = (0..a + b)
        .flat_map(|u| (u + 1..a + b).map(move |v| (u, v)))
        .filter(|&(u, v)| (u < a) == (v < a))
        .collect();
    edges.retain(|_| !rng.chance(15));
    let joins = 1 + rng.below(2);
    while edges.len() < 13 && edges.iter().filter(|&&(u, v)| u < a && v >= a).count() < joins {
        let (u, v) = (rng.below(a), a + rng.below(b));
        if !edges.contains(&(u, v)) {
            edges.push((u, v));
        }
    }
    (a + b, edges)
}

/// Whether the edges in `subset` (bit `e` for edge `e`) form one cycle:
/// some edge, two at every node touched, all of them connected. The
/// checker of the tests, sharing nothing with the propagator.
fn is_one_cycle(n: usize, edges: &[(usize, usize)], subset: u32) -> bool {
    if subset == 0 {
        return false;
    }
    let mut degree = vec![0; n];
    for (e, &(u, v)) in edges.iter().enumerate() {
        if subset >> e & 1 == 1 {
            degree[u] += 1;
            degree[v] += 1;
        }
    }
    if degree.iter().any(|&d| d != 0 && d != 2) {
        return false;
    }
    // Spread a label along chosen edges until nothing changes.
    let start = edges[subset.trailing_zeros() as usize].0;
    let mut reached = vec![false; n];
    reached[start] = true;
    loop {
        let mut grew = false;
        for (e, &(u, v)) in edges.iter().enumerate() {
            if subset >> e & 1 == 1 && reached[u] != reached[v] {
                reached[u] = true;
                reached[v] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    (0..n).all(|u| degree[u] == 0 || reached[u])
}

/// Whether the nodes in `subset` induce a connected subgraph (the empty
/// set does).
fn is_connected_set(n: usize, edges: &[(usize, usize)], subset: u32) -> bool {
    if subset == 0 {
        return true;
    }
    let mut reached = 1u32 << subset.trailing_zeros();
    loop {
        let mut grown = reached;
        for &(u, v) in edges {
            if subset >> u & 1 == 1
                && subset >> v & 1 == 1
                && (reached >> u | reached >> v) & 1 == 1
            {
                grown |= 1 << u | 1 << v;
            }
        }
        if grown == reached {
            break;
        }
        reached = grown;
    }
    let _ = n;
    reached == subset
}

/// A random partial assignment of `len` 0/1 variables as (fixed mask,
/// values): often taken from a solution, so that it is consistent, else
/// at random; with no, some, many or all variables fixed.
fn partial(rng: &mut Rng, len: usize, solutions: &[u32]) -> (u32, u32) {
    let percent = [0, 10, 25, 45, 70, 100][rng.below(6)];
    let mut fixed = 0;
    for i in 0..len {
        if rng.chance(percent) {
            fixed |= 1 << i;
        }
    }
    let values = if !solutions.is_empty() && rng.chance(65) {
        solutions[rng.below(solutions.len())]
    } else {
        (rng.next() as u32) & ((1u64 << len) - 1) as u32
    };
    (fixed, values & fixed)
}

/// A partial assignment for the cycle test that chooses a few edges
/// forming disjoint paths (no node on three, no cycle) and leaves the rest
/// open, so that paths can be closed too early or lie apart.
fn paths(rng: &mut Rng, n: usize, edges: &[(usize, usize)]) -> (u32, u32) {
    let mut label: Vec<usize> = (0..n).collect();
    let mut degree = vec![0; n];
    let mut chosen = 0u32;
    let wanted = 2 + rng.below(3);
    for _ in 0..3 * edges.len() {
        if chosen.count_ones() as usize == wanted {
            break;
        }
        let e = rng.below(edges.len());
        let (u, v) = edges[e];
        if chosen >> e & 1 == 1 || degree[u] == 2 || degree[v] == 2 || label[u] == label[v] {
            continue;
        }
        chosen |= 1 << e;
        degree[u] += 1;
        degree[v] += 1;
        let (old, new) = (label[v], label[u]);
        label
            .iter_mut()
            .filter(|l| **l == old)
            .for_each(|l| *l = new);
    }
    (chosen, chosen)
}

/// Gathers the removals by rule from the propagator's reasons, and the
/// failures by rule.
#[derive(Default)]
struct Reasons {
    removals: BTreeMap<String, u64>,
    failures: BTreeMap<String, u64>,
}

impl Observer for Reasons {
    fn pruned_because(&mut self, propagator: &str, reason: Option<&str>, _: Var, removed: &[i32]) {
        let key = format!("{propagator}: {}", reason.unwrap_or("(none)"));
        *self.removals.entry(key).or_default() += removed.len() as u64;
    }

    fn propagator_failed(&mut self, propagator: &str, reason: Option<&str>, _: Option<Var>) {
        let key = format!("{propagator}: {}", reason.unwrap_or("(none)"));
        *self.failures.entry(key).or_default() += 1;
    }
}

/// Exactly `k` of the variables are 1 (a count, by bounds).
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
        let open: Vec<Var> = self
            .vars
            .iter()
            .copied()
            .filter(|&x| !ctx.is_fixed(x))
            .collect();
        if ones > self.k || ones + open.len() < self.k {
            return Err(Conflict);
        }
        if ones == self.k {
            for &x in &open {
                ctx.remove(x, 1)?;
            }
        } else if ones + open.len() == self.k {
            for &x in &open {
                ctx.remove(x, 0)?;
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

const INFERENCES: [Inference; 3] = [
    Inference::ForwardChecking,
    Inference::Ac3ThenForwardChecking,
    Inference::Mac,
];

/// Every inference, each with a variable order, and MAC with the other.
const CONFIGS: [(Inference, VarOrder); 4] = [
    (Inference::ForwardChecking, VarOrder::Mrv),
    (Inference::Ac3ThenForwardChecking, VarOrder::Input),
    (Inference::Mac, VarOrder::Mrv),
    (Inference::Mac, VarOrder::Input),
];

/// Counts the solutions of `build`'s model under `configs` and checks
/// each found against `check`.
fn check_counts(
    configs: &[(Inference, VarOrder)],
    build: &dyn Fn() -> (Model, Vec<Var>),
    expected: u64,
    check: &dyn Fn(u32) -> bool,
    what: &str,
) {
    for &(inference, var_order) in configs {
        {
            let (model, vars) = build();
            let config = Config::new().inference(inference).var_order(var_order);
            let mut solver = Solver::new(model, config);
            let count = solver.for_each_solution(|solution| {
                let subset = vars
                    .iter()
                    .enumerate()
                    .fold(0u32, |s, (i, &x)| s | ((solution[x] == 1) as u32) << i);
                assert!(check(subset), "{what}: {subset:b} is not a solution");
                true
            });
            assert_eq!(count.count, expected, "{what}, {inference:?} {var_order:?}");
        }
    }
}

/// The solutions (subsets, bit `i` for variable `i`) that agree with the
/// partial assignment: the variables set in `fixed` take their bit of
/// `values`.
fn within(solutions: &[u32], fixed: u32, values: u32) -> Vec<u32> {
    solutions
        .iter()
        .copied()
        .filter(|&s| s & fixed == values)
        .collect()
}

/// A model of `len` 0/1 variables, those set in `fixed` assigned their
/// bit of `values`.
fn partly_fixed(len: usize, fixed: u32, values: u32) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let vars = model.new_vars(len, 0..=1);
    for i in (0..len).filter(|&i| fixed >> i & 1 == 1) {
        model.assign(vars[i], (values >> i & 1) as i32);
    }
    (model, vars)
}

/// Propagates `build`'s model at the root, telling `reasons`, for a
/// domain consistent constraint with `solutions` solutions: it fails
/// exactly when there is none. The domains left, `None` on failure.
fn propagate_at_root(
    build: &dyn Fn() -> (Model, Vec<Var>),
    reasons: &mut Reasons,
    solutions: usize,
    what: &str,
) -> Option<Vec<Vec<i32>>> {
    let (model, vars) = build();
    let mut solver = Solver::new(model, Config::default());
    let report = solver.ac3_observed(reasons);
    if solutions == 0 {
        assert!(!report.consistent, "{what}: no solution, no failure");
        return None;
    }
    assert!(
        report.consistent,
        "{what}: failed with {solutions} solutions"
    );
    Some(vars.iter().map(|&x| solver.domain(x)).collect())
}

/// [`check_counts`] under one configuration with a count of `k` chosen
/// variables beside the constraint: search finds exactly the solutions
/// in `live` (subsets, bit `i` for variable `i`) with `k` chosen, each
/// one `check` accepts.
fn check_counts_beside_count(
    config: (Inference, VarOrder),
    build: &dyn Fn() -> (Model, Vec<Var>),
    live: &[u32],
    k: usize,
    check: &dyn Fn(u32) -> bool,
    what: &str,
) {
    let with_count = || {
        let (mut model, vars) = build();
        model.add_propagator(CountOnes {
            vars: vars.clone(),
            k,
        });
        (model, vars)
    };
    let expected = live.iter().filter(|s| s.count_ones() as usize == k).count() as u64;
    check_counts(
        &[config],
        &with_count,
        expected,
        &|s| check(s) && s.count_ones() as usize == k,
        what,
    );
}

/// Whether each rule the single-cycle rustdoc promises holds on the
/// domains left after propagation; the rule missed if not.
fn cycle_rules_hold(
    n: usize,
    edges: &[(usize, usize)],
    domains: &[Vec<i32>],
) -> Result<(), String> {
    let chosen: Vec<bool> = domains.iter().map(|d| d == &[1]).collect();
    let open: Vec<bool> = domains.iter().map(|d| d.len() == 2).collect();
    let alive: Vec<bool> = domains.iter().map(|d| d.contains(&1)).collect();
    let m = edges.len();
    let at = |u: usize, of: &[bool]| {
        (0..m)
            .filter(|&e| of[e] && (edges[e].0 == u || edges[e].1 == u))
            .count()
    };
    for u in 0..n {
        let (c, o) = (at(u, &chosen), at(u, &open));
        if c > 2 || (c == 2 && o > 0) || (c == 1 && o < 2) || (c == 0 && o == 1) {
            return Err(format!("degree: node {u} has {c} chosen, {o} open"));
        }
    }
    // Nodes reached from `from` by the edges `live` admits.
    let reach = |from: usize, live: &dyn Fn(usize) -> bool| {
        let mut seen = vec![false; n];
        seen[from] = true;
        loop {
            let mut grew = false;
            for e in (0..m).filter(|&e| live(e)) {
                let (u, v) = edges[e];
                if seen[u] != seen[v] {
                    seen[u] = true;
                    seen[v] = true;
                    grew = true;
                }
            }
            if !grew {
                return seen;
            }
        }
    };
    for e in (0..m).filter(|&e| alive[e]) {
        if !reach(edges[e].0, &|f| f != e && alive[f])[edges[e].1] {
            return Err(format!("bridge: edge {e} left"));
        }
    }
    let Some(first) = (0..m).find(|&e| chosen[e]) else {
        return if alive.iter().any(|&a| a) {
            Ok(())
        } else {
            Err("empty: nothing left, no failure".into())
        };
    };
    let piece_of_first = reach(edges[first].0, &|f| alive[f]);
    if let Some(e) = (0..m).find(|&e| alive[e] && !piece_of_first[edges[e].0]) {
        return Err(format!(
            "disconnected: edge {e} left away from the chosen ones"
        ));
    }
    let total = chosen.iter().filter(|&&c| c).count();
    for e in (0..m).filter(|&e| open[e]) {
        let piece = reach(edges[e].0, &|f| chosen[f]);
        let inside = (0..m).filter(|&f| chosen[f] && piece[edges[f].0]).count();
        if piece[edges[e].1] && inside < total {
            return Err(format!("subtour: edge {e} left"));
        }
    }
    for u in 0..n {
        let piece = reach(u, &|f| chosen[f]);
        let nodes = piece.iter().filter(|&&s| s).count();
        let inside = (0..m).filter(|&f| chosen[f] && piece[edges[f].0]).count();
        if at(u, &chosen) > 0 && inside == nodes && open.iter().any(|&o| o) {
            return Err("closed: open edges beside a closed cycle".into());
        }
    }
    Ok(())
}

#[test]
fn single_cycle_against_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut reasons = Reasons::default();
    let (mut instances, mut propagations, mut values_checked, mut failures) = (0, 0, 0u64, 0);
    let (mut removed_checked, mut counted) = (0u64, 0);
    for round in 0..2000 {
        let (n, edges) = cycle_graph(&mut rng);
        let m = edges.len();
        let solutions: Vec<u32> = (0..1u32 << m)
            .filter(|&s| is_one_cycle(n, &edges, s))
            .collect();
        instances += 1;
        for _ in 0..4 {
            let (fixed, values) = if rng.chance(25) {
                paths(&mut rng, n, &edges)
            } else {
                partial(&mut rng, m, &solutions)
            };
            let live = within(&solutions, fixed, values);
            let build = || {
                let (mut model, vars) = partly_fixed(m, fixed, values);
                let triples: Vec<(usize, usize, Var)> = edges
                    .iter()
                    .zip(&vars)
                    .map(|(&(u, v), &x)| (u, v, x))
                    .collect();
                model.single_cycle(n, &triples);
                (model, vars)
            };
            let what =
                format!("round {round}: {n} nodes, edges {edges:?}, fixed {fixed:b} = {values:b}");
            let (model, vars) = build();
            let mut solver = Solver::new(model, Config::default());
            let report = solver.ac3_observed(&mut reasons);
            propagations += 1;
            if !report.consistent {
                assert!(
                    live.is_empty(),
                    "{what}: failed with {} solutions",
                    live.len()
                );
                failures += 1;
            } else {
                let domains: Vec<Vec<i32>> = vars.iter().map(|&x| solver.domain(x)).collect();
                for (e, domain) in domains.iter().enumerate() {
                    for value in 0..=1 {
                        let used = live.iter().any(|&s| (s >> e & 1) as i32 == value);
                        values_checked += 1;
                        if used {
                            assert!(
                                domain.contains(&value),
                                "{what}: edge {e} lost {value}, which a solution uses"
                            );
                        } else if !domain.contains(&value) {
                            removed_checked += 1;
                        }
                    }
                }
                if let Err(rule) = cycle_rules_hold(n, &edges, &domains) {
                    panic!("{what}: {rule}; domains {domains:?}");
                }
                if fixed.count_ones() as usize == m {
                    assert_eq!(live.len(), 1, "{what}: a complete assignment passed");
                }
            }
            let expected = live.len() as u64;
            check_counts(
                &CONFIGS,
                &build,
                expected,
                &|s| is_one_cycle(n, &edges, s) && s & fixed == values,
                &what,
            );
            counted += 1;
            // Beside a count: cycles of one length.
            let length = 3 + rng.below(4);
            check_counts_beside_count(
                CONFIGS[rng.below(4)],
                &build,
                &live,
                length,
                &|s| is_one_cycle(n, &edges, s) && s & fixed == values,
                &what,
            );
        }
    }
    println!(
        "single cycle: {instances} graphs, {propagations} propagations ({failures} failed, each with no solution), \
         {values_checked} edge values checked for soundness, {removed_checked} removals, {counted} x (4 + 1) counts matched"
    );
    println!("  removals by rule: {:?}", reasons.removals);
    println!("  failures by rule: {:?}", reasons.failures);
    // Every rule fired, so the test is not vacuous.
    for rule in ["degree", "bridge", "disconnected", "subtour", "closed"] {
        let key = format!("single-cycle: {rule}");
        assert!(
            reasons.removals.get(&key).copied().unwrap_or(0) >= 100,
            "{key} fired too rarely: {:?}",
            reasons.removals
        );
    }
    assert!(failures > 100);
}

/// Values of the variables that some solution in `live` uses: bit 0 for
/// 0, bit 1 for 1.
fn projection(len: usize, live: &[u32]) -> Vec<Vec<i32>> {
    (0..len)
        .map(|i| {
            let mut values = Vec::new();
            if live.iter().any(|&s| s >> i & 1 == 0) {
                values.push(0);
            }
            if live.iter().any(|&s| s >> i & 1 == 1) {
                values.push(1);
            }
            values
        })
        .collect()
}

#[test]
fn connected_against_brute_force() {
    let mut rng = Rng(0xd1b5_4a32_d192_ed03);
    let mut reasons = Reasons::default();
    let (mut instances, mut propagations, mut failures, mut values_checked, mut removed) =
        (0, 0, 0, 0u64, 0u64);
    for round in 0..2000 {
        let (n, edges) = if rng.chance(30) {
            let (rows, cols) = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 2), (4, 2)][rng.below(6)];
            (rows * cols, grid(rows, cols))
        } else {
            let n = 4 + rng.below(5);
            (n, random_graph(&mut rng, n, 2 * n))
        };
        let solutions: Vec<u32> = (0..1u32 << n)
            .filter(|&s| is_connected_set(n, &edges, s))
            .collect();
        instances += 1;
        for _ in 0..4 {
            let (fixed, values) = partial(&mut rng, n, &solutions);
            let live = within(&solutions, fixed, values);
            let build = || {
                let (mut model, vars) = partly_fixed(n, fixed, values);
                model.connected(&edges, &vars);
                (model, vars)
            };
            let what =
                format!("round {round}: {n} nodes, edges {edges:?}, fixed {fixed:b} = {values:b}");
            propagations += 1;
            let left = propagate_at_root(&build, &mut reasons, live.len(), &what);
            if let Some(domains) = left {
                assert_eq!(
                    domains,
                    projection(n, &live),
                    "{what}: not the values the solutions use"
                );
                values_checked += 2 * n as u64;
                removed += domains.iter().map(|d| 2 - d.len() as u64).sum::<u64>()
                    - fixed.count_ones() as u64;
            } else {
                failures += 1;
            }
            check_counts(
                &CONFIGS,
                &build,
                live.len() as u64,
                &|s| is_connected_set(n, &edges, s) && s & fixed == values,
                &what,
            );
            check_counts_beside_count(
                CONFIGS[rng.below(4)],
                &build,
                &live,
                1 + rng.below(n),
                &|s| is_connected_set(n, &edges, s) && s & fixed == values,
                &what,
            );
        }
    }
    println!(
        "connected: {instances} graphs, {propagations} propagations ({failures} failed, exactly those with no solution), \
         {values_checked} node values checked equal to the solutions' projection, {removed} removals"
    );
    println!("  removals by rule: {:?}", reasons.removals);
    println!("  failures by rule: {:?}", reasons.failures);
    for rule in ["unreachable", "cut node"] {
        let key = format!("connected: {rule}");
        assert!(
            reasons.removals.get(&key).copied().unwrap_or(0) >= 100,
            "{key} fired too rarely"
        );
    }
}

/// Whether the edges with a nonzero value connect all `n` nodes.
fn spans(n: usize, edges: &[(usize, usize)], values: &[i32]) -> bool {
    let mut reached = vec![false; n];
    reached[0] = true;
    loop {
        let mut grew = false;
        for (&(u, v), &value) in edges.iter().zip(values) {
            if value != 0 && reached[u] != reached[v] {
                reached[u] = true;
                reached[v] = true;
                grew = true;
            }
        }
        if !grew {
            return reached.iter().all(|&r| r);
        }
    }
}

#[test]
fn connected_edges_against_brute_force() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut reasons = Reasons::default();
    let (mut instances, mut propagations, mut failures, mut values_checked) = (0, 0, 0, 0u64);
    for round in 0..1500 {
        // Hashi-like domains 0..=2 on up to 8 edges, or 0/1 on up to 12.
        let top = if rng.chance(50) { 2 } else { 1 };
        let n = 3 + rng.below(4);
        let edges = random_graph(&mut rng, n, if top == 2 { 8 } else { 12 });
        let m = edges.len();
        let radix = top as usize + 1;
        let all: Vec<Vec<i32>> = (0..radix.pow(m as u32))
            .map(|mut code| {
                (0..m)
                    .map(|_| {
                        let digit = (code % radix) as i32;
                        code /= radix;
                        digit
                    })
                    .collect()
            })
            .collect();
        let solutions: Vec<&Vec<i32>> = all.iter().filter(|a| spans(n, &edges, a)).collect();
        instances += 1;
        for _ in 0..4 {
            // Each edge's domain: a random non-empty subset of 0..=top.
            let domains: Vec<Vec<i32>> = (0..m)
                .map(|_| {
                    let keep: Vec<i32> = (0..=top).filter(|_| rng.chance(70)).collect();
                    if keep.is_empty() {
                        vec![rng.below(radix) as i32]
                    } else {
                        keep
                    }
                })
                .collect();
            let live: Vec<&&Vec<i32>> = solutions
                .iter()
                .filter(|a| a.iter().zip(&domains).all(|(v, d)| d.contains(v)))
                .collect();
            let build = || {
                let mut model = Model::new();
                let vars: Vec<Var> = domains
                    .iter()
                    .map(|d| model.new_var(d.iter().copied()))
                    .collect();
                let triples: Vec<(usize, usize, Var)> = edges
                    .iter()
                    .zip(&vars)
                    .map(|(&(u, v), &x)| (u, v, x))
                    .collect();
                model.connected_edges(n, &triples);
                (model, vars)
            };
            let what = format!("round {round}: {n} nodes, edges {edges:?}, domains {domains:?}");
            propagations += 1;
            let left = propagate_at_root(&build, &mut reasons, live.len(), &what);
            if let Some(left) = left {
                for (e, left) in left.iter().enumerate() {
                    let mut used: Vec<i32> = live.iter().map(|a| a[e]).collect();
                    used.sort_unstable();
                    used.dedup();
                    assert_eq!(*left, used, "{what}: edge {e}");
                    values_checked += domains[e].len() as u64;
                }
            } else {
                failures += 1;
            }
            for inference in INFERENCES {
                let (model, vars) = build();
                let mut solver = Solver::new(model, Config::new().inference(inference));
                let count = solver.for_each_solution(|solution| {
                    let values: Vec<i32> = vars.iter().map(|&x| solution[x]).collect();
                    assert!(spans(n, &edges, &values), "{what}: {values:?}");
                    true
                });
                assert_eq!(count.count, live.len() as u64, "{what}, {inference:?}");
            }
        }
    }
    println!(
        "connected edges: {instances} graphs, {propagations} propagations ({failures} failed, exactly those with no solution), \
         {values_checked} edge values checked equal to the solutions' projection"
    );
    println!("  removals by rule: {:?}", reasons.removals);
    println!("  failures by rule: {:?}", reasons.failures);
    assert!(
        reasons
            .removals
            .get("connected-edges: bridge")
            .copied()
            .unwrap_or(0)
            >= 100
    );
}

/// The observer hears which constraint removed what, and why.
#[derive(Default)]
struct Heard(Vec<String>);

impl Observer for Heard {
    fn pruned_because(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: Var,
        removed: &[i32],
    ) {
        self.0.push(format!(
            "{propagator} ({}) {var} -{removed:?}",
            reason.unwrap_or("-")
        ));
    }

    fn propagator_failed(&mut self, propagator: &str, reason: Option<&str>, var: Option<Var>) {
        self.0.push(format!(
            "{propagator} failed ({}) {var:?}",
            reason.unwrap_or("-")
        ));
    }
}

#[test]
fn prunings_and_failures_name_their_constraint_and_rule() {
    // A path 0 - 1 - 2 - 3 - 4 with 0 and 3 chosen: 1 and 2 cut them
    // apart; 4 is reachable and stays open.
    let mut model = Model::new();
    let nodes = model.new_vars(5, 0..=1);
    model.connected(&[(0, 1), (1, 2), (2, 3), (3, 4)], &nodes);
    model.assign(nodes[0], 1);
    model.assign(nodes[3], 1);
    model.remove_value(nodes[4], 1);
    let mut heard = Heard::default();
    assert!(
        Solver::new(model, Config::default())
            .ac3_observed(&mut heard)
            .consistent
    );
    assert_eq!(
        heard.0,
        [
            "connected (cut node) x1 -[0]",
            "connected (cut node) x2 -[0]"
        ]
    );

    // A square 0 - 1 - 2 - 3 - 0 with a tail 2 - 4: the tail is a bridge.
    let mut model = Model::new();
    let edges: Vec<(usize, usize, Var)> = [(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)]
        .into_iter()
        .map(|(u, v)| (u, v, model.new_var(0..=1)))
        .collect();
    model.single_cycle(5, &edges);
    let mut heard = Heard::default();
    let mut solver = Solver::new(model, Config::default());
    assert!(solver.ac3_observed(&mut heard).consistent);
    // Node 4 has one edge, which goes; nothing is chosen yet, so the
    // square stays open though it is the only cycle.
    assert_eq!(heard.0, ["single-cycle (degree) x4 -[1]"]);
    assert_eq!(solver.count(u64::MAX).count, 1);

    // Two triangles, an edge chosen in each: both close, two cycles.
    let two = |pieces: &[(usize, usize)], nodes: usize| {
        let mut model = Model::new();
        let edges: Vec<(usize, usize, Var)> = pieces
            .iter()
            .map(|&(u, v)| (u, v, model.new_var(0..=1)))
            .collect();
        model.single_cycle(nodes, &edges);
        model.assign(edges[0].2, 1);
        model.assign(edges[pieces.len() / 2].2, 1);
        let mut heard = Heard::default();
        assert!(
            !Solver::new(model, Config::default())
                .ac3_observed(&mut heard)
                .consistent
        );
        heard.0.last().cloned().unwrap_or_default()
    };
    let triangles = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)];
    assert_eq!(two(&triangles, 6), "single-cycle failed (subtour) None");
    // Two complete graphs of four nodes, an edge chosen in each: no cycle
    // can take both.
    let k4 = |o: usize| {
        [
            (o, o + 1),
            (o, o + 2),
            (o, o + 3),
            (o + 1, o + 2),
            (o + 1, o + 3),
            (o + 2, o + 3),
        ]
    };
    let both: Vec<(usize, usize)> = k4(0).into_iter().chain(k4(4)).collect();
    assert_eq!(two(&both, 8), "single-cycle failed (disconnected) None");
}
