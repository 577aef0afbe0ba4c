//! The observer's calls against the run's own counters and the textbook
//! orders: for every searcher and cycle check the calls add up to the
//! stats, every node's parent was generated before it under that number,
//! A* with a consistent heuristic expands in non-decreasing f, BFS in
//! non-decreasing depth, and the observed searchers find what the plain
//! ones find.

use hashbrown::HashMap;
use search_core::{
    Algorithm, Bound, Config, CycleCheck, Fate, Generated, InPlaceProblem, Limit, NodeView,
    Observer, Search, Stats, Status, bfs_tree_observed, dfs_tree_observed, from_fn,
    idastar_in_place_observed,
};

/// A 7x7 grid walked from (0, 6) to (6, 6) around a wall on x = 3 open
/// only at y = 0 (18 moves); the Manhattan distance (6 at the start) is
/// consistent.
fn grid() -> impl search_core::Problem<State = (i32, i32), Move = char, Cost = u32> {
    let open =
        |(x, y): (i32, i32)| (0..7).contains(&x) && (0..7).contains(&y) && !(x == 3 && y > 0);
    from_fn(
        move |&(x, y): &(i32, i32)| {
            [
                ('r', (x + 1, y)),
                ('d', (x, y + 1)),
                ('l', (x - 1, y)),
                ('u', (x, y - 1)),
            ]
            .into_iter()
            .filter(move |&(_, next)| open(next))
            .map(|(name, next)| (name, next, 1u32))
        },
        |&position: &(i32, i32)| position == (6, 6),
    )
    .with_heuristic(|&(x, y): &(i32, i32)| (6 - x + 6 - y) as u32)
}

/// Everything an observer was told, in order.
#[derive(Default)]
struct Log {
    started: u32,
    iterations: Vec<(u32, Bound<u32>)>,
    /// Expanded nodes: (id, parent, depth, g, f).
    expanded: Vec<(u64, Option<u64>, u32, u32, u32)>,
    generated: Vec<(Option<u64>, Option<u64>, Fate)>,
    goals: Vec<(u64, u32)>,
    cuts: u64,
    ended: Option<(Status, Stats)>,
    /// The node numbers taken in so far, for the parent check.
    known: HashMap<u64, (i32, i32)>,
    problems: Vec<String>,
}

impl Log {
    fn check_parent(&mut self, what: &str, node: &NodeView<'_, (i32, i32), u32>) {
        if self.known.get(&node.id) != Some(node.state) {
            self.problems.push(format!(
                "{what} {} was not generated with its state",
                node.id
            ));
        }
        if let Some(parent) = node.parent
            && !self.known.contains_key(&parent)
        {
            self.problems
                .push(format!("{what} {}: parent {parent} unknown", node.id));
        }
    }
}

impl Observer<(i32, i32), char, u32> for Log {
    fn start(&mut self, _: &(i32, i32)) {
        self.started += 1;
    }

    fn iteration(&mut self, number: u32, bound: Bound<u32>) {
        self.iterations.push((number, bound));
    }

    fn expanded(&mut self, node: &NodeView<'_, (i32, i32), u32>) {
        self.check_parent("expanded", node);
        self.expanded
            .push((node.id, node.parent, node.depth, node.g, node.f()));
    }

    fn generated(&mut self, child: &Generated<'_, (i32, i32), char, u32>) {
        if let Some(id) = child.id {
            self.known.insert(id, *child.state);
        }
        if child.parent.is_some() != child.mv.is_some() {
            self.problems.push("a move without a parent".into());
        }
        self.generated.push((child.id, child.parent, child.fate));
    }

    fn goal(&mut self, node: &NodeView<'_, (i32, i32), u32>) {
        self.check_parent("goal", node);
        self.goals.push((node.id, node.g));
    }

    fn depth_cut(&mut self, node: &NodeView<'_, (i32, i32), u32>) {
        self.check_parent("cut", node);
        self.cuts += 1;
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        self.ended = Some((status, *stats));
    }
}

/// The calls add up to the counters, and the run is the plain one's.
fn check_counts<S, M>(
    name: &str,
    log: &Log,
    search: &Search<S, M, u32>,
    plain: &Search<S, M, u32>,
) {
    let stats = search.stats;
    assert!(log.problems.is_empty(), "{name}: {:?}", log.problems);
    assert_eq!(log.started, 1, "{name}");
    assert_eq!(
        log.expanded.len() as u64,
        stats.expanded,
        "{name}: expanded"
    );
    // A node limit drops the last expansion's successors unreported.
    if search.status != Status::Limit(Limit::Node) {
        assert_eq!(
            log.generated.len() as u64,
            stats.generated,
            "{name}: generated"
        );
    }
    let tested = log.expanded.len() as u64 + log.goals.len() as u64 + log.cuts;
    assert_eq!(tested, stats.num_tested, "{name}: tested");
    assert_eq!(
        log.ended.map(|(status, _)| status),
        Some(search.status),
        "{name}"
    );
    assert_eq!(
        log.goals.len(),
        usize::from(search.status == Status::Solved),
        "{name}"
    );
    if let (Some(&(_, g)), Some(path)) = (log.goals.first(), search.path()) {
        assert_eq!(g, path.cost, "{name}: the goal's g is the path's cost");
    }
    // The observer changes nothing.
    assert_eq!(search.status, plain.status, "{name}");
    assert_eq!(
        search.path().map(|path| path.cost),
        plain.path().map(|path| path.cost),
        "{name}"
    );
    let counters = |stats: Stats| {
        (
            stats.num_tested,
            stats.expanded,
            stats.generated,
            stats.iterations,
        )
    };
    assert_eq!(counters(stats), counters(plain.stats), "{name}");
}

#[test]
fn every_searcher_reports_as_many_calls_as_it_counts() {
    let problem = grid();
    for algorithm in Algorithm::ALL {
        for cycle_check in [CycleCheck::None, CycleCheck::Path, CycleCheck::Closed] {
            for depth_limit in [None, Some(5)] {
                // Without a cycle check the random walk and DFS only end
                // within a depth limit.
                let unbounded = matches!(algorithm, Algorithm::Random | Algorithm::Dfs);
                if cycle_check == CycleCheck::None && depth_limit.is_none() && unbounded {
                    continue;
                }
                let mut config = Config::default()
                    .cycle_check(cycle_check)
                    .node_limit(200_000);
                config.depth_limit = depth_limit;
                let name = format!("{algorithm} {cycle_check:?} {depth_limit:?}");
                let (mut log, mut twin) = (Log::default(), Log::default());
                let mut both = (&mut log, &mut twin);
                let search = algorithm.run_observed(&problem, (0, 6), &config, &mut both);
                let plain = algorithm.run(&problem, (0, 6), &config);
                check_counts(&name, &log, &search, &plain);
                // A pair of observers: each told every call.
                assert_eq!(
                    (&twin.expanded, &twin.generated, twin.cuts),
                    (&log.expanded, &log.generated, log.cuts),
                    "{name}"
                );
                if depth_limit.is_some() {
                    assert!(
                        log.cuts > 0 || search.is_solved(),
                        "{name}: nothing was cut"
                    );
                }
            }
        }
    }
}

#[test]
fn tree_searchers_report_as_many_calls_as_they_count() {
    let problem = grid();
    let config = Config::default().depth_limit(4);
    let mut log = Log::default();
    let search = dfs_tree_observed(&problem, (0, 6), &config, &mut log);
    check_counts(
        "dfs_tree",
        &log,
        &search,
        &search_core::dfs_tree(&problem, (0, 6), &config),
    );
    let mut log = Log::default();
    let search = bfs_tree_observed(&problem, (0, 6), &config, &mut log);
    check_counts(
        "bfs_tree",
        &log,
        &search,
        &search_core::bfs_tree(&problem, (0, 6), &config),
    );
}

#[test]
fn astar_with_a_consistent_heuristic_expands_in_non_decreasing_f() {
    let mut log = Log::default();
    let search = Algorithm::AStar.run_observed(&grid(), (0, 6), &Config::default(), &mut log);
    assert!(search.is_solved());
    assert!(log.expanded.len() > 10);
    let fs: Vec<u32> = log.expanded.iter().map(|&(.., f)| f).collect();
    assert!(fs.is_sorted(), "{fs:?}");
    // A consistent heuristic never reopens.
    assert!(
        log.generated
            .iter()
            .all(|&(.., fate)| fate != Fate::Reopened)
    );
    assert!(
        log.generated
            .iter()
            .any(|&(.., fate)| fate == Fate::Duplicate)
    );
}

#[test]
fn bfs_expands_in_non_decreasing_depth() {
    let mut log = Log::default();
    let search = Algorithm::Bfs.run_observed(&grid(), (0, 6), &Config::default(), &mut log);
    assert!(search.is_solved());
    let depths: Vec<u32> = log
        .expanded
        .iter()
        .map(|&(_, _, depth, ..)| depth)
        .collect();
    assert!(depths.len() > 10 && depths.is_sorted(), "{depths:?}");
}

#[test]
fn iterative_searchers_announce_each_bound() {
    let problem = grid();
    let mut log = Log::default();
    let search = Algorithm::Iddfs.run_observed(&problem, (0, 6), &Config::default(), &mut log);
    let depth = search.path().map(|path| path.len() as u32);
    assert_eq!(depth, Some(18));
    let expected: Vec<_> = (0..=18)
        .map(|limit| (limit + 1, Bound::Depth(limit)))
        .collect();
    assert_eq!(log.iterations, expected);
    let mut log = Log::default();
    let search = Algorithm::IdaStar.run_observed(&problem, (0, 6), &Config::default(), &mut log);
    assert_eq!(search.stats.iterations as usize, log.iterations.len());
    let bounds: Vec<_> = log.iterations.iter().map(|&(_, bound)| bound).collect();
    assert_eq!(bounds.first(), Some(&Bound::Cost(6)));
    assert_eq!(bounds.last(), Some(&Bound::Cost(18)));
    assert!(
        log.generated
            .iter()
            .any(|&(.., fate)| fate == Fate::OverBound)
    );
}

/// The grid walk applied and undone in place.
struct InPlaceGrid;

impl InPlaceProblem for InPlaceGrid {
    type State = (i32, i32);
    type Move = char;
    type Cost = u32;
    type Moves = std::vec::IntoIter<char>;

    fn moves(&self, &(x, y): &(i32, i32), previous: Option<char>) -> Self::Moves {
        let open =
            |(x, y): (i32, i32)| (0..7).contains(&x) && (0..7).contains(&y) && !(x == 3 && y > 0);
        let inverse = previous.map(|mv| match mv {
            'r' => 'l',
            'l' => 'r',
            'u' => 'd',
            _ => 'u',
        });
        [
            ('r', (x + 1, y)),
            ('d', (x, y + 1)),
            ('l', (x - 1, y)),
            ('u', (x, y - 1)),
        ]
        .into_iter()
        .filter(|&(mv, next)| open(next) && Some(mv) != inverse)
        .map(|(mv, _)| mv)
        .collect::<Vec<_>>()
        .into_iter()
    }

    fn apply(&self, state: &mut (i32, i32), mv: char) -> u32 {
        match mv {
            'r' => state.0 += 1,
            'l' => state.0 -= 1,
            'd' => state.1 += 1,
            _ => state.1 -= 1,
        }
        1
    }

    fn undo(&self, state: &mut (i32, i32), mv: char) {
        match mv {
            'r' => state.0 -= 1,
            'l' => state.0 += 1,
            'd' => state.1 -= 1,
            _ => state.1 += 1,
        }
    }

    fn heuristic(&self, &(x, y): &(i32, i32)) -> u32 {
        (6 - x + 6 - y) as u32
    }

    fn is_goal(&self, &state: &(i32, i32)) -> bool {
        state == (6, 6)
    }
}

#[test]
fn idastar_in_place_reports_as_many_calls_as_it_counts() {
    for depth_limit in [None, Some(16)] {
        let config = Config {
            depth_limit,
            ..Config::default()
        };
        let mut log = Log::default();
        let search = idastar_in_place_observed(&InPlaceGrid, (0, 6), &config, &mut log);
        let plain = search_core::idastar_in_place(&InPlaceGrid, (0, 6), &config);
        check_counts(&format!("in place {depth_limit:?}"), &log, &search, &plain);
        assert_eq!(search.stats.iterations as usize, log.iterations.len());
    }
}
