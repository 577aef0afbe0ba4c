//! A nonogram solved with one regular constraint per line: the clues of a
//! 15 x 15 picture of our own (a sailboat) become automata
//! (`Automaton::nonogram`), each row and column a `Regular` named after
//! its line, so that the trace says which line removed what. Propagation
//! alone (the root fixpoint of the lines) fills in the whole picture here,
//! and a count proves there is no other solution.
//!
//! `cargo run -p csp-core --example nonogram`

use csp_core::{Automaton, Config, Model, Observer, Regular, Solver, Var};

#[rustfmt::skip]
const PICTURE: [&str; 15] = [
    "...............",
    ".......#.......",
    ".......##......",
    ".......###.....",
    ".......####....",
    ".......#####...",
    ".......######..",
    ".......#######.",
    ".......#.......",
    ".......#.......",
    "###############",
    ".#############.",
    "..###########..",
    "...#########...",
    "...............",
];

/// The lengths of the runs of `#` along `cells`.
fn clue(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut run = 0;
    for filled in cells.chain([false]) {
        if filled {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    runs
}

/// Prints the first prunings of the root propagation that fill a cell
/// (remove its 0), with the line that made them.
#[derive(Default)]
struct FirstPrunings {
    shown: usize,
    total: usize,
}

impl Observer for FirstPrunings {
    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        self.total += 1;
        if self.shown < 5 && removed == [0] {
            self.shown += 1;
            let (r, c) = (var.index() / 15, var.index() % 15);
            println!("  {propagator} removed {removed:?} from r{r}c{c}");
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let size = PICTURE.len();
    let filled = |r: usize, c: usize| PICTURE[r].as_bytes()[c] == b'#';
    let mut model = Model::new();
    let cells = model.new_vars(size * size, 0..=1);
    for r in 0..size {
        let line: Vec<Var> = (0..size).map(|c| cells[r * size + c]).collect();
        let automaton = Automaton::nonogram(&clue((0..size).map(|c| filled(r, c))));
        model.add_propagator(Regular::new(&line, &automaton).named(format!("row {r}")));
    }
    for c in 0..size {
        let line: Vec<Var> = (0..size).map(|r| cells[r * size + c]).collect();
        let automaton = Automaton::nonogram(&clue((0..size).map(|r| filled(r, c))));
        model.add_propagator(Regular::new(&line, &automaton).named(format!("column {c}")));
    }

    let mut solver = Solver::new(model, Config::default());
    println!("root propagation, the first cells filled:");
    let mut watch = FirstPrunings::default();
    let report = solver.ac3_observed(&mut watch);
    let fixed = cells
        .iter()
        .filter(|&&cell| solver.domain(cell).len() == 1)
        .count();
    println!(
        "  ... {} prunings in all; {fixed} of {} cells fixed, consistent: {}",
        watch.total,
        size * size,
        report.consistent
    );

    let outcome = solver.solve();
    let solution = outcome.solution.ok_or("no solution")?;
    for r in 0..size {
        let row: String = (0..size)
            .map(|c| {
                if solution[cells[r * size + c]] == 1 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        println!("{row}");
    }
    assert!(
        (0..size).all(|r| (0..size).all(|c| (solution[cells[r * size + c]] == 1) == filled(r, c)))
    );
    println!(
        "nodes {}, solutions: {}",
        outcome.stats.nodes,
        solver.count(2).count
    );
    Ok(())
}
