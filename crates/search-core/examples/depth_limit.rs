//! A depth limit is not a proof: the water-jug puzzle (4 and 3 litres,
//! measure 2), built from closures with `from_fn`, searched depth-first
//! with a depth limit too small for its 6-move answer ends with
//! `Status::Limit(Limit::Depth)`, not `Unsolvable`; a limit large enough
//! finds a path, and iterative deepening (DFS with limits 0, 1, 2, ...)
//! finds the shortest.
//!
//! `cargo run -p search-core --example depth_limit`

use search_core::{Config, Limit, Status, dfs, from_fn, iddfs};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let jugs = from_fn(
        |&(a, b): &(u8, u8)| {
            let (a_to_b, b_to_a) = (a.min(3 - b), b.min(4 - a));
            [
                ("fill A", (4, b)),
                ("fill B", (a, 3)),
                ("empty A", (0, b)),
                ("empty B", (a, 0)),
                ("pour A into B", (a - a_to_b, b + a_to_b)),
                ("pour B into A", (a + b_to_a, b - b_to_a)),
            ]
            .into_iter()
            .filter(move |&(_, next)| next != (a, b))
            .map(|(mv, next)| (mv, next, 1u32))
        },
        |&(a, _): &(u8, u8)| a == 2,
    );

    for limit in [4, 8] {
        let search = dfs(&jugs, (0, 0), &Config::default().depth_limit(limit));
        let stats = search.stats;
        match &search.path {
            Some(path) => println!(
                "dfs, depth limit {limit}: {}, {} moves: {} (tested {})",
                search.status,
                path.len(),
                path.moves.join(", "),
                stats.num_tested
            ),
            None => println!(
                "dfs, depth limit {limit}: {} (tested {})",
                search.status, stats.num_tested
            ),
        }
        if limit < 6 {
            assert_eq!(search.status, Status::Limit(Limit::Depth));
        }
    }

    let search = iddfs(&jugs, (0, 0), &Config::default());
    let path = search.path().ok_or("no path")?;
    println!(
        "iddfs: {}, {} moves: {} ({} iterations, tested {})",
        search.status,
        path.len(),
        path.moves.join(", "),
        search.stats.iterations,
        search.stats.num_tested
    );
    assert_eq!(path.len(), 6);
    Ok(())
}
