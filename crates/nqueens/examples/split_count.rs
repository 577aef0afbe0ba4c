//! Counts N queens through the subproblems of a split, one after another
//! in one process, beside the whole count on one thread: what a cluster
//! sharing the subproblems out does in total, and what it costs against
//! one count (`cargo run --release -p nqueens --example split_count -- 13 3`;
//! a third argument `classes`, `mirror` or `whole` runs that one alone,
//! for callgrind).

use std::time::Instant;

use nqueens::{CountOptions, Subproblem, count, count_subproblem, split, split_mirror};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().as_deref().unwrap_or("13").parse()?;
    let depth: usize = args.next().as_deref().unwrap_or("3").parse()?;
    let only = args.next();
    let runs = ["whole", "classes", "mirror"];
    for run in runs
        .into_iter()
        .filter(|run| only.as_deref().is_none_or(|only| only == *run))
    {
        let start = Instant::now();
        let Tally {
            parts,
            total,
            unique,
            nodes,
        } = match run {
            "whole" => {
                let options = CountOptions {
                    threads: std::num::NonZeroUsize::new(1),
                };
                let (counts, stats) = count(n, &options)?;
                Tally {
                    parts: 1,
                    total: counts.total,
                    unique: Some(counts.unique),
                    nodes: stats.nodes,
                }
            }
            "classes" => sum_of_shares(&split(n, depth)?)?,
            _ => sum_of_shares(&split_mirror(n, depth)?)?,
        };
        let unique = unique.map_or("-".to_owned(), |unique| unique.to_string());
        println!(
            "{run:>7}: {parts:>6} parts, total {total}, unique {unique}, nodes {nodes}, {:.3} s",
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// What a run counted: its parts, the total, the unique count where it is
/// known, the queens placed.
struct Tally {
    parts: usize,
    total: u64,
    unique: Option<u64>,
    nodes: u64,
}

/// The subproblems counted one after another.
fn sum_of_shares(parts: &[Subproblem]) -> Result<Tally, Box<dyn std::error::Error>> {
    let mut tally = Tally {
        parts: parts.len(),
        total: 0,
        unique: Some(0),
        nodes: 0,
    };
    for part in parts {
        let (share, stats) = count_subproblem(part)?;
        tally.total += share.total;
        tally.unique = tally.unique.zip(share.unique).map(|(sum, more)| sum + more);
        tally.nodes += stats.nodes;
    }
    Ok(tally)
}
