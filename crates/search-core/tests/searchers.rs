//! Every searcher against small graphs: optimal searchers agree with an
//! independent Dijkstra, every path returned is re-walked move by move, and
//! limits, cycle checks and seeds behave as documented.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Duration;

use hashbrown::HashMap;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use search_core::{
    Algorithm, Config, CycleCheck, InPlaceProblem, Limit, Path, Problem, Status, bfs_tree,
    dfs_tree, from_fn, idastar, idastar_in_place, random,
};

/// A directed graph as adjacency lists: `edges[a]` holds `(b, cost)`.
struct Graph {
    edges: Vec<Vec<(usize, u32)>>,
    goal: usize,
}

impl Problem for Graph {
    type State = usize;
    type Move = usize;
    type Cost = u32;

    fn successors(&self, &state: &usize, out: &mut Vec<(usize, usize, u32)>) {
        out.extend(
            self.edges[state]
                .iter()
                .map(|&(next, cost)| (next, next, cost)),
        );
    }

    fn is_goal(&self, &state: &usize) -> bool {
        state == self.goal
    }
}

fn random_graph(seed: u64, nodes: usize, edges: usize, max_cost: u32) -> Graph {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut adjacency = vec![Vec::new(); nodes];
    for _ in 0..edges {
        let from = rng.random_range(0..nodes);
        let to = rng.random_range(0..nodes);
        adjacency[from].push((to, rng.random_range(1..=max_cost)));
    }
    Graph {
        edges: adjacency,
        goal: nodes - 1,
    }
}

/// The reference: Dijkstra written independently of the library.
fn dijkstra(graph: &Graph, start: usize) -> Option<u32> {
    let mut best: HashMap<usize, u32> = HashMap::new();
    let mut heap = BinaryHeap::from([Reverse((0u32, start))]);
    while let Some(Reverse((cost, node))) = heap.pop() {
        if best.contains_key(&node) {
            continue;
        }
        best.insert(node, cost);
        for &(next, step) in &graph.edges[node] {
            heap.push(Reverse((cost + step, next)));
        }
    }
    best.get(&graph.goal).copied()
}

/// Re-walks a path: every move must be a successor of the state before it,
/// the costs must add up, and it must end at a goal.
fn check_path(graph: &Graph, start: usize, path: &Path<usize, usize, u32>) {
    assert_eq!(path.states.len(), path.moves.len() + 1);
    assert_eq!(path.states[0], start);
    let mut cost = 0;
    for (step, pair) in path.states.windows(2).enumerate() {
        let edge = graph.edges[pair[0]]
            .iter()
            .filter(|&&(to, _)| to == pair[1])
            .map(|e| e.1)
            .min();
        cost += edge.unwrap_or_else(|| panic!("step {step}: no edge {} -> {}", pair[0], pair[1]));
        assert_eq!(path.moves[step], pair[1]);
    }
    assert!(graph.is_goal(path.goal()));
    // Parallel edges may make the searcher's cost smaller than the cheapest
    // re-walk only if it is wrong, so equality is required.
    assert_eq!(cost, path.cost);
}

#[test]
fn optimal_searchers_agree_with_dijkstra_on_unit_cost_graphs() {
    for seed in 0..60 {
        let graph = random_graph(seed, 30, 60, 1);
        let expected = dijkstra(&graph, 0);
        for algorithm in Algorithm::ALL {
            for cycle_check in [CycleCheck::Path, CycleCheck::Closed] {
                let config = Config::default().cycle_check(cycle_check).seed(seed);
                let search = algorithm.run(&graph, 0, &config);
                let found = search.path().map(|path| path.cost);
                assert_eq!(
                    found.is_some(),
                    expected.is_some(),
                    "{algorithm} seed {seed}"
                );
                assert_eq!(search.status == Status::Unsolvable, expected.is_none());
                if let Some(path) = search.path() {
                    check_path(&graph, 0, path);
                    if algorithm.is_optimal() {
                        assert_eq!(found, expected, "{algorithm} {cycle_check:?} seed {seed}");
                    }
                }
            }
        }
    }
}

#[test]
fn astar_and_idastar_agree_with_dijkstra_on_weighted_graphs() {
    for seed in 0..60 {
        let graph = random_graph(seed, 25, 70, 9);
        let expected = dijkstra(&graph, 0);
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
            let search = algorithm.run(&graph, 0, &Config::default());
            assert_eq!(
                search.path().map(|path| path.cost),
                expected,
                "{algorithm} seed {seed}"
            );
            if let Some(path) = search.path() {
                check_path(&graph, 0, path);
            }
        }
    }
}

/// A state that remembers the node it came from, as the eight-puzzle's
/// does, so that the way straight back can be left out; equality and
/// hashing look at the node only.
#[derive(Clone, Copy, Debug)]
struct Visit {
    node: usize,
    from: Option<usize>,
}

impl PartialEq for Visit {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node
    }
}

impl Eq for Visit {}

impl std::hash::Hash for Visit {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.node.hash(state);
    }
}

/// An undirected weighted graph whose successors leave out the way back,
/// with an admissible but inconsistent heuristic (a random share of the
/// true distance), so that A* reaches states again more cheaply.
struct NoWayBack {
    graph: Graph,
    estimate: Vec<u32>,
}

impl Problem for NoWayBack {
    type State = Visit;
    type Move = usize;
    type Cost = u32;

    const STREAMS_SUCCESSORS: bool = true;

    fn successors(&self, state: &Visit, out: &mut Vec<(usize, Visit, u32)>) {
        self.for_each_successor(state, &mut Vec::new(), |mv, next, cost| {
            out.push((mv, next, cost));
        });
    }

    fn for_each_successor<V: FnMut(usize, Visit, u32)>(
        &self,
        state: &Visit,
        _: &mut Vec<(usize, Visit, u32)>,
        mut visit: V,
    ) {
        for &(next, cost) in &self.graph.edges[state.node] {
            if Some(next) != state.from {
                let from = Some(state.node);
                visit(next, Visit { node: next, from }, cost);
            }
        }
    }

    fn is_goal(&self, state: &Visit) -> bool {
        state.node == self.graph.goal
    }

    fn heuristic(&self, state: &Visit) -> u32 {
        self.estimate[state.node]
    }
}

#[test]
fn a_state_reached_again_more_cheaply_carries_its_new_path() {
    let mut scratch = search_core::Scratch::default();
    for seed in 0..300 {
        let directed = random_graph(seed, 20, 40, 9);
        let mut edges = vec![Vec::new(); 20];
        for (from, list) in directed.edges.iter().enumerate() {
            for &(to, cost) in list {
                edges[from].push((to, cost));
                edges[to].push((from, cost));
            }
        }
        let graph = Graph { edges, goal: 19 };
        let mut rng = SmallRng::seed_from_u64(seed);
        // The graph is undirected: Dijkstra from a node gives its distance
        // to the goal.
        let estimate = (0..20)
            .map(|node| dijkstra(&graph, node).map_or(0, |distance| rng.random_range(0..=distance)))
            .collect();
        let expected = dijkstra(&graph, 0);
        let problem = NoWayBack { graph, estimate };
        let start = Visit {
            node: 0,
            from: None,
        };
        let config = Config::default();
        let fresh = search_core::astar(&problem, start, &config);
        let reused = search_core::astar_in(&problem, start, &config, &mut scratch);
        for search in [fresh, reused] {
            assert_eq!(search.path().map(|path| path.cost), expected, "seed {seed}");
        }
    }
}

/// A 5x5 grid with walls; the heuristic is the Manhattan distance.
fn grid_problem() -> impl Problem<State = (i32, i32), Move = char, Cost = u32> {
    const WALLS: [(i32, i32); 6] = [(1, 0), (1, 1), (1, 2), (3, 4), (3, 3), (3, 2)];
    from_fn(
        |&(x, y): &(i32, i32)| {
            [
                ('R', (x + 1, y)),
                ('D', (x, y + 1)),
                ('L', (x - 1, y)),
                ('U', (x, y - 1)),
            ]
            .into_iter()
            .filter(|(_, (x, y))| (0..5).contains(x) && (0..5).contains(y))
            .filter(|(_, cell)| !WALLS.contains(cell))
            .map(|(name, cell)| (name, cell, 1))
        },
        |&cell: &(i32, i32)| cell == (4, 0),
    )
    .with_heuristic(|&(x, y): &(i32, i32)| (4 - x).unsigned_abs() + y.unsigned_abs())
}

#[test]
fn optimal_searchers_find_the_ten_move_way_round_the_walls() {
    let grid = grid_problem();
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.is_optimal()) {
        for cycle_check in [CycleCheck::Path, CycleCheck::Closed] {
            let search = algorithm.run(&grid, (0, 0), &Config::default().cycle_check(cycle_check));
            let path = search.path().expect("the goal is reachable");
            assert_eq!(path.cost, 10, "{algorithm} {cycle_check:?}");
            assert_eq!(path.moves.len(), 10);
            assert_eq!(path.goal(), &(4, 0));
            // Every step moves one cell in the direction it is named after.
            for (step, pair) in path.states.windows(2).enumerate() {
                let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                let expected = match path.moves[step] {
                    'R' => (1, 0),
                    'L' => (-1, 0),
                    'D' => (0, 1),
                    _ => (0, -1),
                };
                assert_eq!((dx, dy), expected);
            }
        }
    }
}

#[test]
fn statistics_are_consistent() {
    let grid = grid_problem();
    for algorithm in Algorithm::ALL {
        let search = algorithm.run(&grid, (0, 0), &Config::default());
        let stats = search.stats;
        assert!(stats.num_tested >= 1, "{algorithm}");
        assert!(stats.expanded <= stats.num_tested, "{algorithm}");
        assert!(stats.generated >= stats.expanded, "{algorithm}");
        assert!(stats.iterations >= 1);
    }
    // BFS tests states in order and so tests the start first.
    let start_is_goal = grid_problem();
    let search = search_core::bfs(&start_is_goal, (4, 0), &Config::default());
    assert_eq!(search.stats.num_tested, 1);
    assert_eq!(search.path().map(|path| path.len()), Some(0));
}

#[test]
fn node_limit_ends_a_search_of_an_infinite_space() {
    let line = from_fn(|&n: &u64| [((), n + 1, 1u32)], |_: &u64| false);
    for algorithm in Algorithm::ALL {
        let search = algorithm.run(&line, 0, &Config::default().node_limit(1000));
        assert_eq!(search.status, Status::Limit(Limit::Node), "{algorithm}");
        assert_eq!(search.stats.generated, 1000, "{algorithm}");
        assert_eq!(search.path, None);
    }
}

/// An endless tree in which every state has three children and none is a
/// goal, so only a limit ends a search; `STREAMS` chooses whether the
/// searchers with a closed set are handed the successors one by one
/// ([`Problem::for_each_successor`]) or listed.
struct Ternary<const STREAMS: bool>;

impl<const STREAMS: bool> Problem for Ternary<STREAMS> {
    type State = u64;
    type Move = u64;
    type Cost = u32;

    const STREAMS_SUCCESSORS: bool = STREAMS;

    fn successors(&self, &state: &u64, out: &mut Vec<(u64, u64, u32)>) {
        out.extend((1..=3).map(|child| (child, state * 3 + child, 1)));
    }

    fn for_each_successor<V: FnMut(u64, u64, u32)>(
        &self,
        &state: &u64,
        _: &mut Vec<(u64, u64, u32)>,
        mut visit: V,
    ) {
        for child in 1..=3 {
            visit(child, state * 3 + child, 1);
        }
    }

    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

/// [`Ternary`] applied and undone in place.
struct TernaryInPlace;

impl InPlaceProblem for TernaryInPlace {
    type State = u64;
    type Move = u64;
    type Cost = u32;
    type Moves = std::ops::RangeInclusive<u64>;

    fn moves(&self, _: &u64, _: Option<u64>) -> Self::Moves {
        1..=3
    }

    fn apply(&self, state: &mut u64, child: u64) -> u32 {
        *state = *state * 3 + child;
        1
    }

    fn undo(&self, state: &mut u64, child: u64) {
        *state = (*state - child) / 3;
    }

    fn heuristic(&self, _: &u64) -> u32 {
        0
    }

    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

/// Every searcher, every cycle check, listed and streamed successors: a
/// node limit ends the run exactly at the limit, never one expansion past
/// it (5 used to give 7 here), and 0 before the start is generated.
#[test]
fn node_limit_is_never_passed_by_any_searcher() {
    let mut scratch = search_core::Scratch::default();
    for limit in 0..=40 {
        let mut runs = Vec::new();
        for cycle_check in [CycleCheck::None, CycleCheck::Path, CycleCheck::Closed] {
            let config = Config::default().cycle_check(cycle_check).node_limit(limit);
            for algorithm in Algorithm::ALL {
                let name = format!("{algorithm} {cycle_check:?}");
                let listed = algorithm.run(&Ternary::<false>, 0, &config);
                runs.push((format!("{name} listed"), listed.stats, listed.status));
                let streamed = algorithm.run(&Ternary::<true>, 0, &config);
                runs.push((format!("{name} streamed"), streamed.stats, streamed.status));
            }
            let search = search_core::astar_in(&Ternary::<true>, 0, &config, &mut scratch);
            runs.push((
                format!("astar_in {cycle_check:?}"),
                search.stats,
                search.status,
            ));
        }
        let config = Config::default().node_limit(limit);
        let search = bfs_tree(&Ternary::<false>, 0, &config);
        runs.push(("bfs_tree".into(), search.stats, search.status));
        let search = dfs_tree(&Ternary::<false>, 0, &config);
        runs.push(("dfs_tree".into(), search.stats, search.status));
        let search = idastar_in_place(&TernaryInPlace, 0, &config);
        runs.push(("idastar_in_place".into(), search.stats, search.status));
        for (name, stats, status) in runs {
            assert_eq!(status, Status::Limit(Limit::Node), "{name}, {limit}");
            assert_eq!(stats.generated, limit, "{name}: {stats:?}");
            assert!(stats.num_tested <= limit, "{name}: {stats:?}");
        }
    }
}

/// The limit ends a run only when it would be passed: a space of exactly
/// `limit` states is searched to the end.
#[test]
fn node_limit_reached_exactly_is_not_passed() {
    // A line of five states, 0 to 4, the last a dead end.
    let line = from_fn(
        |&n: &u32| (n < 4).then_some(((), n + 1, 1u32)),
        |_: &u32| false,
    );
    for algorithm in [
        Algorithm::Random,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Greedy,
        Algorithm::AStar,
    ] {
        let search = algorithm.run(&line, 0, &Config::default().node_limit(5));
        assert_eq!(search.status, Status::Unsolvable, "{algorithm}");
        assert_eq!(search.stats.generated, 5, "{algorithm}");
        let search = algorithm.run(&line, 0, &Config::default().node_limit(4));
        assert_eq!(search.status, Status::Limit(Limit::Node), "{algorithm}");
        assert_eq!(search.stats.generated, 4, "{algorithm}");
    }
}

/// On a table too large for the caches the arena searchers take another
/// loop (listing successors, looking ahead): the limit holds there too.
#[test]
fn node_limit_is_never_passed_on_a_large_table() {
    let plane = plane();
    // The table grows out of the caches after about 262,000 states.
    let limit = 400_003;
    for algorithm in [Algorithm::Bfs, Algorithm::Greedy, Algorithm::AStar] {
        let search = algorithm.run(&plane, (0, 0), &Config::default().node_limit(limit));
        assert_eq!(search.status, Status::Limit(Limit::Node), "{algorithm}");
        assert_eq!(search.stats.generated, limit, "{algorithm}");
    }
}

/// The endless plane, four neighbours each, the heuristic the distance
/// to the origin (so greedy search and A* spread out too).
fn plane() -> impl Problem<State = (i32, i32), Move = char, Cost = u32> {
    from_fn(
        |&(x, y): &(i32, i32)| {
            [
                ('r', (x + 1, y)),
                ('d', (x, y + 1)),
                ('l', (x - 1, y)),
                ('u', (x, y - 1)),
            ]
            .map(|(mv, next)| (mv, next, 1u32))
        },
        |_: &(i32, i32)| false,
    )
    .with_heuristic(|&(x, y): &(i32, i32)| x.unsigned_abs() + y.unsigned_abs())
}

/// A search that would hold states without end stops at its memory
/// limit, before the buffer that would pass it is allocated, whichever
/// buffer grows first; the node limit is far away.
#[test]
fn memory_limit_ends_a_search_before_it_allocates_past_it() {
    let plane = plane();
    for megabytes in [1, 4, 16] {
        let limit = megabytes << 20;
        let config = Config::default().memory_limit(limit).node_limit(1 << 40);
        for algorithm in [
            Algorithm::Random,
            Algorithm::Bfs,
            Algorithm::Greedy,
            Algorithm::AStar,
        ] {
            for cycle_check in [CycleCheck::Closed, CycleCheck::Path, CycleCheck::None] {
                let config = config.clone().cycle_check(cycle_check);
                let search = algorithm.run(&plane, (0, 0), &config);
                let what = format!("{algorithm} {cycle_check:?} {megabytes} MB");
                assert_eq!(search.status, Status::Limit(Limit::Memory), "{what}");
                assert_eq!(search.path, None);
                // The arena holds a node per state kept: far more than a
                // few would fit, far fewer than the limit's worth.
                assert!(search.stats.generated > 1000, "{what}: {:?}", search.stats);
                assert!(
                    search.stats.generated < limit as u64 / 8,
                    "{what}: {:?}",
                    search.stats
                );
            }
        }
    }
}

/// Memory kept from earlier runs counts from the start: a run may use what
/// a scratch holds, but not grow past its budget because it was kept.
#[test]
fn memory_kept_in_a_scratch_does_not_lift_the_budget() {
    let plane = plane();
    let mut scratch = search_core::Scratch::default();
    let big = Config::default().node_limit(200_000);
    let search = search_core::astar_in(&plane, (0, 0), &big, &mut scratch);
    assert_eq!(search.status, Status::Limit(Limit::Node));
    // Twice the nodes need the arena and the table to grow, which a 1 MB
    // budget refuses, with or without the memory already kept.
    let small = Config::default().memory_limit(1 << 20).node_limit(400_000);
    for _ in 0..2 {
        let search = search_core::astar_in(&plane, (0, 0), &small, &mut scratch);
        assert_eq!(search.status, Status::Limit(Limit::Memory));
        assert!(search.stats.generated < 400_000);
    }
}

/// Depth-first searches hold their path: on an endless line with no cycle
/// check it grows until the budget refuses; iterative deepening frees each
/// pass's memory, so it never runs out on the same line, and IDA* holds
/// its path and the lists along it.
#[test]
fn memory_limit_ends_depth_first_searches_too() {
    let line = from_fn(|&n: &u64| [((), n + 1, 1u32)], |_: &u64| false);
    let config = Config::default()
        .cycle_check(CycleCheck::None)
        .memory_limit(1 << 20);
    for search in [
        Algorithm::Dfs.run(&line, 0, &config),
        dfs_tree(&line, 0, &config),
    ] {
        assert_eq!(search.status, Status::Limit(Limit::Memory));
        assert!(search.stats.generated > 1000, "{:?}", search.stats);
    }
    // IDA* recurses once per level: a small budget keeps the stack short.
    let search = Algorithm::IdaStar.run(&line, 0, &config.clone().memory_limit(1 << 14));
    assert_eq!(search.status, Status::Limit(Limit::Memory));
    assert!(search.stats.generated > 50, "{:?}", search.stats);
    // With a closed set, DFS's table is what grows.
    let config = Config::default().memory_limit(1 << 20);
    let search = Algorithm::Dfs.run(&line, 0, &config);
    assert_eq!(search.status, Status::Limit(Limit::Memory));
    // Iterative deepening frees each pass: 200 passes of up to 200 states
    // fit in a budget that a single pass of 20,000 would not.
    let config = Config::default()
        .memory_limit(1 << 16)
        .depth_limit(200)
        .cycle_check(CycleCheck::None);
    let search = Algorithm::Iddfs.run(&line, 0, &config);
    assert_eq!(search.status, Status::Limit(Limit::Depth));
    let search = Algorithm::Dfs.run(&line, 0, &config.depth_limit(20_000));
    assert_eq!(search.status, Status::Limit(Limit::Memory));
}

/// States that own heap memory count it when the problem says how much.
#[test]
fn heap_bytes_of_states_count_against_the_memory_limit() {
    struct Boards {
        heap: usize,
    }
    impl Problem for Boards {
        type State = u64;
        type Move = u64;
        type Cost = u32;
        fn successors(&self, &state: &u64, out: &mut Vec<(u64, u64, u32)>) {
            out.extend((1..=3).map(|child| (child, state * 3 + child, 1)));
        }
        fn is_goal(&self, _: &u64) -> bool {
            false
        }
        fn state_heap_bytes(&self) -> usize {
            self.heap
        }
    }
    let config = Config::default().memory_limit(8 << 20);
    let light = search_core::bfs(&Boards { heap: 0 }, 0, &config);
    let heavy = search_core::bfs(&Boards { heap: 1000 }, 0, &config);
    for search in [&light, &heavy] {
        assert_eq!(search.status, Status::Limit(Limit::Memory));
    }
    assert!(
        heavy.stats.generated * 10 < light.stats.generated,
        "{:?} {:?}",
        heavy.stats,
        light.stats
    );
}

#[test]
fn time_limit_ends_a_search_of_an_infinite_space() {
    let tree = from_fn(
        |&n: &u64| [(0, n.wrapping_mul(2), 1u32), (1, n.wrapping_mul(2) | 1, 1)],
        |_: &u64| false,
    );
    let config = Config::default()
        .cycle_check(CycleCheck::None)
        .time_limit(Duration::from_millis(50));
    for algorithm in [Algorithm::Dfs, Algorithm::IdaStar, Algorithm::Iddfs] {
        // Which limit ended it, not how long it took: timing belongs in
        // the benchmarks.
        let search = algorithm.run(&tree, 1, &config);
        assert_eq!(search.status, Status::Limit(Limit::Time), "{algorithm}");
        assert_eq!(search.path, None);
    }
    // The clock is read at the first test, so a zero limit stops every
    // searcher there, deterministically.
    let config = config.time_limit(Duration::ZERO);
    for algorithm in Algorithm::ALL {
        let search = algorithm.run(&tree, 1, &config);
        assert_eq!(search.status, Status::Limit(Limit::Time), "{algorithm}");
        assert_eq!(search.stats.num_tested, 1, "{algorithm}");
    }
}

#[test]
fn a_ring_needs_a_cycle_check_or_a_depth_limit() {
    let ring = from_fn(
        |&n: &u8| [("cw", (n + 1) % 8, 1u32), ("ccw", (n + 7) % 8, 1)],
        |_: &u8| false,
    );
    // With a check the ring is exhausted after testing its states.
    for cycle_check in [CycleCheck::Path, CycleCheck::Closed] {
        let config = Config::default().cycle_check(cycle_check);
        for algorithm in Algorithm::ALL {
            let search = algorithm.run(&ring, 0, &config);
            assert_eq!(
                search.status,
                Status::Unsolvable,
                "{algorithm} {cycle_check:?}"
            );
        }
        let closed = Algorithm::Bfs.run(&ring, 0, &config.clone().cycle_check(CycleCheck::Closed));
        assert_eq!(closed.stats.num_tested, 8);
    }
    // Without one, a depth limit bounds the tree: 1 + 2 + 4 + 8 states.
    let config = Config::default()
        .cycle_check(CycleCheck::None)
        .depth_limit(3);
    let search = Algorithm::Dfs.run(&ring, 0, &config);
    assert_eq!(search.status, Status::Limit(Limit::Depth));
    assert_eq!(search.stats.num_tested, 15);
}

#[test]
fn path_check_refuses_only_states_on_the_current_path() {
    // The searcher framework: moving the blank left then right recreates the start and is
    // refused; two different routes to one state are both allowed. On a
    // square 0-1-2-3-0 BFS with the path check tests 0; 1, 3; 2 (via 1),
    // 2 (via 3); 3 (via 1, 2), 1 (via 3, 2): 7 states. The closed set tests
    // each state once.
    let square = from_fn(
        |&n: &u8| [("a", (n + 1) % 4, 1u32), ("b", (n + 3) % 4, 1)],
        |_: &u8| false,
    );
    let along_path =
        Algorithm::Bfs.run(&square, 0, &Config::default().cycle_check(CycleCheck::Path));
    assert_eq!(along_path.stats.num_tested, 7);
    let closed = Algorithm::Bfs.run(
        &square,
        0,
        &Config::default().cycle_check(CycleCheck::Closed),
    );
    assert_eq!(closed.stats.num_tested, 4);
}

#[test]
fn depth_limit_hides_deeper_goals() {
    let line = from_fn(|&n: &u32| [((), n + 1, 1u32)], |&n: &u32| n == 5);
    for algorithm in Algorithm::ALL {
        let shallow = algorithm.run(&line, 0, &Config::default().depth_limit(4));
        assert_eq!(shallow.status, Status::Limit(Limit::Depth), "{algorithm}");
        let deep = algorithm.run(&line, 0, &Config::default().depth_limit(5));
        assert_eq!(deep.path().map(|path| path.len()), Some(5), "{algorithm}");
    }
}

#[test]
fn the_random_searcher_is_deterministic_for_a_seed() {
    let grid = grid_problem();
    let config = Config::default().cycle_check(CycleCheck::Path).seed(42);
    let first = random(&grid, (0, 0), &config);
    let second = random(&grid, (0, 0), &config);
    assert_eq!(first.path, second.path);
    assert_eq!(first.stats.num_tested, second.stats.num_tested);
    let tested: Vec<u64> = (0..10)
        .map(|seed| {
            random(&grid, (0, 0), &config.clone().seed(seed))
                .stats
                .num_tested
        })
        .collect();
    assert!(
        tested.iter().any(|&n| n != tested[0]),
        "seeds should change the run: {tested:?}"
    );
}

/// A state that is only `Clone`: no `Eq`, no `Hash`.
#[derive(Clone)]
struct Partial(Vec<u8>);

#[test]
fn tree_searchers_need_only_clone() {
    // Fill 3 slots with digits 1-3, all different, the last slot odd: a
    // tree of assignments with pruning by giving dead ends no successors.
    let problem = from_fn(
        |partial: &Partial| {
            let mut next = Vec::new();
            if partial.0.len() < 3 {
                for digit in 1..=3u8 {
                    if !partial.0.contains(&digit) {
                        let mut values = partial.0.clone();
                        values.push(digit);
                        next.push((digit, Partial(values), 1u32));
                    }
                }
            }
            next
        },
        |partial: &Partial| partial.0.len() == 3 && partial.0[2] % 2 == 1,
    );
    let dfs = dfs_tree(&problem, Partial(Vec::new()), &Config::default());
    assert_eq!(
        dfs.path().map(|path| path.goal().0.clone()),
        Some(vec![1, 2, 3])
    );
    let bfs = bfs_tree(&problem, Partial(Vec::new()), &Config::default());
    assert_eq!(
        bfs.path().map(|path| path.goal().0.clone()),
        Some(vec![1, 2, 3])
    );
    assert_eq!(bfs.stats.num_tested, 1 + 3 + 6 + 1);
    let counter = from_fn(|&n: &u8| [((), n + 1, 1u8)], |&n: &u8| n == 3);
    let config = Config::default().cycle_check(CycleCheck::None);
    assert_eq!(
        idastar(&counter, 0, &config).path().map(|path| path.cost),
        Some(3)
    );
}

/// The 2x2 sliding puzzle, in place, against the same puzzle as a Problem.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Tiny {
    cells: [u8; 4],
    blank: usize,
}

struct TinyPuzzle;

const NEIGHBOURS: [[usize; 2]; 4] = [[1, 2], [0, 3], [0, 3], [1, 2]];

/// Cells 0 1 / 2 3; the misplaced-tiles count is admissible.
fn misplaced(state: &Tiny) -> u8 {
    (0..4)
        .filter(|&i| state.cells[i] != 0 && state.cells[i] as usize != i)
        .count() as u8
}

impl InPlaceProblem for TinyPuzzle {
    type State = Tiny;
    /// (blank before, blank after)
    type Move = (usize, usize);
    type Cost = u8;

    type Moves = std::vec::IntoIter<(usize, usize)>;

    fn moves(&self, state: &Tiny, previous: Option<(usize, usize)>) -> Self::Moves {
        let back = previous.map(|(from, _)| from);
        let moves: Vec<(usize, usize)> = NEIGHBOURS[state.blank]
            .iter()
            .filter(|&&to| Some(to) != back)
            .map(|&to| (state.blank, to))
            .collect();
        moves.into_iter()
    }

    fn apply(&self, state: &mut Tiny, (from, to): (usize, usize)) -> u8 {
        state.cells.swap(from, to);
        state.blank = to;
        1
    }

    fn undo(&self, state: &mut Tiny, (from, to): (usize, usize)) {
        state.cells.swap(from, to);
        state.blank = from;
    }

    fn heuristic(&self, state: &Tiny) -> u8 {
        misplaced(state)
    }

    fn is_goal(&self, state: &Tiny) -> bool {
        state.cells == [0, 1, 2, 3]
    }
}

#[test]
fn in_place_idastar_agrees_with_bfs_on_every_2x2_board() {
    let as_problem = from_fn(
        |state: &Tiny| {
            NEIGHBOURS[state.blank].map(|to| {
                let mut next = state.clone();
                TinyPuzzle.apply(&mut next, (state.blank, to));
                ((state.blank, to), next, 1u8)
            })
        },
        |state: &Tiny| TinyPuzzle.is_goal(state),
    );
    let goal = Tiny {
        cells: [0, 1, 2, 3],
        blank: 0,
    };
    // Every board reachable from the goal (12 of the 24).
    let everything = search_core::bfs(
        &from_fn(
            |state: &Tiny| as_problem_successors(state),
            |_: &Tiny| false,
        ),
        goal.clone(),
        &Config::default(),
    );
    assert_eq!(everything.stats.num_tested, 12);
    let mut boards = vec![goal];
    let mut index = 0;
    while index < boards.len() {
        for (_, next, _) in as_problem_successors(&boards[index]) {
            if !boards.contains(&next) {
                boards.push(next);
            }
        }
        index += 1;
    }
    assert_eq!(boards.len(), 12);
    for board in boards {
        let bfs = search_core::bfs(&as_problem, board.clone(), &Config::default());
        let fast = idastar_in_place(&TinyPuzzle, board.clone(), &Config::default());
        let path = fast.path().expect("every reachable board is solvable");
        assert_eq!(Some(path.cost), bfs.path().map(|p| p.cost), "{board:?}");
        assert_eq!(path.states.len(), path.moves.len() + 1);
        assert!(TinyPuzzle.is_goal(path.goal()));
        assert_eq!(path.states[0], board);
    }
}

fn as_problem_successors(state: &Tiny) -> [((usize, usize), Tiny, u8); 2] {
    NEIGHBOURS[state.blank].map(|to| {
        let mut next = state.clone();
        TinyPuzzle.apply(&mut next, (state.blank, to));
        ((state.blank, to), next, 1u8)
    })
}

#[test]
fn in_place_idastar_reports_limits_and_exhaustion() {
    // The unreachable half of the 2x2 boards: IDA* without a cycle table
    // never ends on its own, so the node limit must stop it.
    let unsolvable = Tiny {
        cells: [0, 2, 1, 3],
        blank: 0,
    };
    let search = idastar_in_place(
        &TinyPuzzle,
        unsolvable.clone(),
        &Config::default().node_limit(10_000),
    );
    assert_eq!(search.status, Status::Limit(Limit::Node));
    let search = idastar_in_place(&TinyPuzzle, unsolvable, &Config::default().depth_limit(6));
    assert_eq!(search.status, Status::Limit(Limit::Depth));
}

#[test]
fn astar_with_scratch_agrees_with_astar_run_after_run() {
    let mut scratch = search_core::Scratch::default();
    for seed in 0..40 {
        let graph = random_graph(seed, 25, 70, 9);
        let config = if seed % 7 == 3 {
            Config::default().node_limit(5)
        } else {
            Config::default()
        };
        let fresh = search_core::astar(&graph, 0, &config);
        let reused = search_core::astar_in(&graph, 0, &config, &mut scratch);
        assert_eq!(fresh.status, reused.status, "seed {seed}");
        assert_eq!(fresh.path, reused.path, "seed {seed}");
        assert_eq!(
            fresh.stats.num_tested, reused.stats.num_tested,
            "seed {seed}"
        );
    }
}

/// A large grid with random walls where entering a cell costs 1 to 5:
/// `cost[y][x]`, 0 for a wall.
fn weighted_grid(side: usize, seed: u64) -> Vec<Vec<u32>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut cost: Vec<Vec<u32>> = (0..side)
        .map(|_| {
            (0..side)
                .map(|_| {
                    if rng.random_range(0..4) == 0 {
                        0
                    } else {
                        rng.random_range(1..=5)
                    }
                })
                .collect()
        })
        .collect();
    // Open corners, so that the walls (a quarter of the cells, well below
    // the percolation threshold) leave a way from one to the other.
    for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        cost[y][x] = 1;
        cost[side - 1 - y][side - 1 - x] = 1;
    }
    cost
}

fn grid_neighbours(cost: &[Vec<u32>], (x, y): (usize, usize)) -> Vec<(usize, usize)> {
    let side = cost.len();
    let mut next = Vec::with_capacity(4);
    if x + 1 < side {
        next.push((x + 1, y));
    }
    if y + 1 < side {
        next.push((x, y + 1));
    }
    if x > 0 {
        next.push((x - 1, y));
    }
    if y > 0 {
        next.push((x, y - 1));
    }
    next.retain(|&(x, y)| cost[y][x] > 0);
    next
}

/// Large enough that A*'s closed set outgrows the caches, where the
/// searcher lists the next node's successors ahead of time: paths must stay
/// optimal and every step must be real.
#[test]
fn astar_stays_optimal_on_a_grid_too_large_for_the_caches() {
    let side = 640;
    let cost = weighted_grid(side, 7);
    let goal = (side - 1, side - 1);
    // Independent Dijkstra over the grid.
    let mut best = vec![u32::MAX; side * side];
    let mut heap = BinaryHeap::from([Reverse((0u32, (0usize, 0usize)))]);
    best[0] = 0;
    while let Some(Reverse((distance, cell))) = heap.pop() {
        if distance > best[cell.1 * side + cell.0] {
            continue;
        }
        for (x, y) in grid_neighbours(&cost, cell) {
            let next = distance + cost[y][x];
            if next < best[y * side + x] {
                best[y * side + x] = next;
                heap.push(Reverse((next, (x, y))));
            }
        }
    }
    let expected = best[side * side - 1];
    assert_ne!(expected, u32::MAX, "seed 7 leaves a way through");

    let grid = &cost;
    let problem = from_fn(
        |&cell: &(usize, usize)| {
            grid_neighbours(grid, cell)
                .into_iter()
                .map(|(x, y)| ((x, y), (x, y), grid[y][x]))
        },
        |&cell: &(usize, usize)| cell == goal,
    )
    .with_heuristic(|&(x, y): &(usize, usize)| (goal.0 - x + goal.1 - y) as u32);
    // Breadth-first search crosses to the large-table loop too (it visits
    // nearly every cell), without a heuristic to look ahead with.
    for algorithm in [Algorithm::AStar, Algorithm::Greedy, Algorithm::Bfs] {
        let search = algorithm.run(&problem, (0, 0), &Config::default());
        let path = search.path().expect("the goal is reachable");
        let mut walked = 0;
        for pair in path.states.windows(2) {
            assert!(grid_neighbours(&cost, pair[0]).contains(&pair[1]));
            walked += cost[pair[1].1][pair[1].0];
        }
        assert_eq!(walked, path.cost, "{algorithm}");
        assert_eq!(path.goal(), &goal);
        if algorithm == Algorithm::AStar {
            assert_eq!(path.cost, expected);
        }
        if algorithm != Algorithm::Greedy {
            assert!(search.stats.num_tested > 300_000, "the table grew large");
        }
    }
}

/// A budget that refused a state ends the run with the memory limit, never
/// as if the space had been searched: under every memory limit, from none
/// at all to one that fits the whole search, each searcher on a problem with
/// a path either finds it or says the memory stopped it (issue 17: bfs under
/// a 1 KB limit refused the start's queue entry and reported no path).
#[test]
fn a_memory_refusal_is_never_taken_for_exhaustion() {
    let grid = grid_problem();
    let limits = [
        0,
        1,
        8,
        64,
        100,
        256,
        512,
        1 << 10,
        2 << 10,
        4 << 10,
        16 << 10,
        1 << 20,
    ];
    for memory in limits {
        for cycle_check in [CycleCheck::Closed, CycleCheck::Path, CycleCheck::None] {
            let config = Config::default()
                .memory_limit(memory)
                .cycle_check(cycle_check)
                .depth_limit(40);
            let mut runs: Vec<(String, Status)> = [
                Algorithm::Random,
                Algorithm::Bfs,
                Algorithm::Dfs,
                Algorithm::Iddfs,
                Algorithm::Greedy,
                Algorithm::AStar,
                Algorithm::IdaStar,
            ]
            .into_iter()
            .map(|algorithm| {
                let search = algorithm.run(&grid, (0, 0), &config);
                (algorithm.to_string(), search.status)
            })
            .collect();
            runs.push(("bfs_tree".into(), bfs_tree(&grid, (0, 0), &config).status));
            runs.push(("dfs_tree".into(), dfs_tree(&grid, (0, 0), &config).status));
            let mut scratch = search_core::Scratch::default();
            let search = search_core::astar_in(&grid, (0, 0), &config, &mut scratch);
            runs.push(("astar_in".into(), search.status));
            for (name, status) in runs {
                assert!(
                    matches!(status, Status::Solved | Status::Limit(Limit::Memory)),
                    "{name} {cycle_check:?} with {memory} bytes: {status:?}"
                );
            }
        }
    }
}
