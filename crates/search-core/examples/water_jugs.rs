//! The water-jug puzzle (a 4-litre and a 3-litre jug, a tap, no marks:
//! measure 2 litres in the big jug) as a search-core [`Problem`], solved by
//! BFS, A* and IDA*, each path and its counters printed; the three agree on
//! the cost, as optimal searchers must.
//!
//! `cargo run -p search-core --example water_jugs`

use search_core::{Config, Problem, Status, astar, bfs, idastar};

/// The capacities of the two jugs and the litres wanted in the first.
struct Jugs {
    capacity: (u8, u8),
    goal: u8,
}

impl Problem for Jugs {
    /// The litres in each jug.
    type State = (u8, u8);
    type Move = &'static str;
    type Cost = u32;

    fn successors(&self, &(a, b): &(u8, u8), out: &mut Vec<(&'static str, (u8, u8), u32)>) {
        let (max_a, max_b) = self.capacity;
        let a_to_b = a.min(max_b - b);
        let b_to_a = b.min(max_a - a);
        let moves = [
            ("fill A", (max_a, b)),
            ("fill B", (a, max_b)),
            ("empty A", (0, b)),
            ("empty B", (a, 0)),
            ("pour A into B", (a - a_to_b, b + a_to_b)),
            ("pour B into A", (a + b_to_a, b - b_to_a)),
        ];
        // A move that changes nothing (filling a full jug) is no move.
        out.extend(
            moves
                .into_iter()
                .filter(|&(_, next)| next != (a, b))
                .map(|(mv, next)| (mv, next, 1)),
        );
    }

    fn is_goal(&self, &(a, _): &(u8, u8)) -> bool {
        a == self.goal
    }

    /// At least one move is left until the goal: admissible.
    fn heuristic(&self, state: &(u8, u8)) -> u32 {
        u32::from(!self.is_goal(state))
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let jugs = Jugs {
        capacity: (4, 3),
        goal: 2,
    };
    let config = Config::default().node_limit(10_000);
    let mut costs = Vec::new();
    for (name, search) in [
        ("BFS", bfs(&jugs, (0, 0), &config)),
        ("A*", astar(&jugs, (0, 0), &config)),
        ("IDA*", idastar(&jugs, (0, 0), &config)),
    ] {
        assert_eq!(search.status, Status::Solved, "{name}");
        let path = search.path().ok_or("no path")?;
        println!("{name}: {} moves", path.cost);
        for (mv, (a, b)) in path.moves.iter().zip(&path.states[1..]) {
            println!("  {mv:<14} -> A {a}, B {b}");
        }
        let stats = search.stats;
        println!(
            "  tested {}, expanded {}, generated {}, max frontier {}, iterations {}",
            stats.num_tested, stats.expanded, stats.generated, stats.max_frontier, stats.iterations
        );
        costs.push(path.cost);
    }
    assert!(costs.iter().all(|&cost| cost == costs[0]));
    Ok(())
}
