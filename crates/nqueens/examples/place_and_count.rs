//! Places 8 queens with every algorithm, checks each placement with the
//! crate's independent checker, and counts all 92 placements two ways.

use nqueens::{Algo, CountOptions, Options, Queens, check, count, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let queens: Queens = "8".parse()?;
    for &algo in Algo::ALL {
        let outcome = solve(&queens, &Options::new(algo).seed(7).node_limit(1_000_000));
        let placement = outcome.solution.ok_or("8 queens fit")?;
        check::check_placement(placement.columns(), queens.n())?;
        println!(
            "{algo}: {} ({} nodes)",
            placement.to_line(),
            outcome.stats.nodes
        );
    }
    println!(
        "{}",
        solve(&queens, &Options::new(Algo::Construct))
            .solution
            .ok_or("solved")?
    );

    let (counts, _stats) = count(queens.n(), &CountOptions::default())?;
    let outcome = solve(&queens, &Options::new(Algo::Dfs).count_up_to(u64::MAX));
    assert_eq!(
        (outcome.count, outcome.count_complete),
        (counts.total, true)
    );
    println!(
        "{} placements, {} up to symmetry",
        counts.total, counts.unique
    );
    Ok(())
}
