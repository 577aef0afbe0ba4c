//! AIMA's map colouring of Australia: seven regions, three colours,
//! neighbours coloured differently. Solved by MAC with MRV, the solution
//! printed by name, every colouring counted, and AC-3's trace shown after
//! WA = red, then after WA = red and Q = green, where arc consistency alone
//! proves there is no colouring (NT and SA both left only blue).
//!
//! `cargo run -p csp-core --example australia`

use csp_core::{Config, Inference, Model, Solver, Status, VarOrder};

const COLOURS: [&str; 3] = ["red", "green", "blue"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut model = Model::new();
    let regions = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
    let [wa, nt, sa, q, nsw, v, t] = regions.map(|name| model.new_named_var(name, 0..3));
    for (x, y) in [
        (wa, nt),
        (wa, sa),
        (nt, sa),
        (nt, q),
        (sa, q),
        (sa, nsw),
        (sa, v),
        (q, nsw),
        (nsw, v),
    ] {
        model.not_equal(x, y);
    }

    let config = Config::new()
        .inference(Inference::Mac)
        .var_order(VarOrder::Mrv);
    let mut solver = Solver::new(model.clone(), config.clone());
    let outcome = solver.solve();
    assert_eq!(outcome.status, Status::Solved);
    let solution = outcome.solution.ok_or("no colouring")?;
    let coloured: Vec<String> = [wa, nt, sa, q, nsw, v, t]
        .iter()
        .map(|&region| {
            format!(
                "{} = {}",
                model.name(region),
                COLOURS[solution[region] as usize]
            )
        })
        .collect();
    println!("{}", coloured.join(", "));
    println!(
        "nodes {}, backtracks {}",
        outcome.stats.nodes, outcome.stats.backtracks
    );
    println!("colourings: {}", solver.count(u64::MAX).count);

    // AC-3 on copies of the model with some regions coloured.
    for given in [vec![(wa, 0)], vec![(wa, 0), (q, 1)]] {
        let mut copy = model.clone();
        let names: Vec<String> = given
            .iter()
            .map(|&(region, colour)| {
                format!("{} = {}", model.name(region), COLOURS[colour as usize])
            })
            .collect();
        for (region, colour) in given {
            copy.assign(region, colour);
        }
        let mut solver = Solver::new(copy, config.clone());
        let report = solver.ac3(true);
        println!("\nAC-3 after {}:", names.join(", "));
        report.replay(|revision, domain| {
            if let Some(domain) = domain {
                let left: Vec<&str> = domain.iter().map(|&c| COLOURS[c as usize]).collect();
                println!(
                    "  revise ({}, {}): {} left {{{}}}",
                    model.name(revision.x),
                    model.name(revision.y),
                    model.name(revision.x),
                    left.join(", ")
                );
            }
        });
        println!(
            "  {} arc revisions, {}",
            report.stats.arc_revisions,
            if report.consistent {
                "arc consistent"
            } else {
                "a domain is empty: no colouring"
            }
        );
    }
    Ok(())
}
