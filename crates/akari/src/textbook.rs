//! The textbook formulation on csp-core: a 0/1 variable per white cell (1
//! a bulb), and three kinds of counting constraint, each domain
//! consistent (csp-core's [`csp_core::Cardinality`]):
//!
//! - "at least one bulb sees me" over each white cell and every white
//!   cell it sees (its row and column up to a black cell or the edge);
//! - "at most one bulb" over each row segment and each column segment
//!   (the white cells between two black cells), so no bulb lights another;
//! - "exactly k" over the white cells beside each number k.
//!
//! MAC keeps every constraint at its fixpoint after each decision;
//! forward checking propagates only the constraints of the variable just
//! decided. Both choose the variable with the fewest values left (MRV),
//! trying "no bulb" first.

use std::time::Instant;

use csp_core::{
    Config, CountStatus, Inference, KeepSolutions, Model, NoObserver, Observer, Solver, Var,
    VarOrder,
};

use puzzle_kit::Limit;

use crate::options::{Algo, Counters, Options, Outcome, Stats};
use crate::puzzle::{Akari, Bulbs, Cell};

/// The white cells of `puzzle` (row by row): variable `i` of the
/// [`model`] is cell `whites(puzzle)[i]`.
pub fn whites(puzzle: &Akari) -> Vec<usize> {
    (0..puzzle.cells().len())
        .filter(|&cell| puzzle.cells()[cell] == Cell::White)
        .collect()
}

/// What the model holds in memory for each pair of a white cell and a
/// white cell it sees (itself included) in its "at least one" constraint,
/// measured on blank grids of 60 to 255 cells a side (the constraint, the
/// variables' watch lists and the solver's copies): about 62 bytes.
const BYTES_PER_SIGHT: usize = 60;

/// How many (cell, cell it sees) pairs the "at least one" constraints
/// hold: each of a segment's L cells sees its L cells, and every white
/// cell lies on a row and a column segment (counted once for itself).
fn sights(puzzle: &Akari) -> usize {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let white = |row: usize, col: usize| puzzle.cells()[row * cols + col] == Cell::White;
    let squares = |lines: usize, across: usize, white: &dyn Fn(usize, usize) -> bool| {
        let mut total = 0;
        for line in 0..lines {
            let mut run = 0;
            for at in 0..=across {
                if at < across && white(line, at) {
                    run += 1;
                } else {
                    total += run * run;
                    run = 0;
                }
            }
        }
        total
    };
    let whites = (0..rows * cols).filter(|&cell| puzzle.cells()[cell] == Cell::White);
    squares(rows, cols, &white) + squares(cols, rows, &|col, row| white(row, col)) - whites.count()
}

/// The model: variable `i` is 1 when [`whites`]`[i]` holds a bulb.
pub fn model(puzzle: &Akari) -> Model {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let whites = whites(puzzle);
    let mut model = Model::new();
    let vars = model.new_vars(whites.len(), 0..=1);
    let mut var_at = vec![None; rows * cols];
    for (&cell, &var) in whites.iter().zip(&vars) {
        var_at[cell] = Some(var);
    }
    // Segments: maximal runs of white cells along a row, then a column.
    let mut row_segment = vec![0; rows * cols];
    let mut col_segment = vec![0; rows * cols];
    let mut segments: Vec<Vec<Var>> = Vec::new();
    for (along, across, step, segment_of) in [
        (rows, cols, (cols, 1), &mut row_segment),
        (cols, rows, (1, cols), &mut col_segment),
    ] {
        for line in 0..along {
            let mut run: Vec<Var> = Vec::new();
            for at in 0..=across {
                let cell = line * step.0 + at * step.1;
                match (at < across).then(|| var_at[cell]).flatten() {
                    Some(var) => {
                        segment_of[cell] = segments.len();
                        run.push(var);
                    }
                    None if run.is_empty() => {}
                    None => segments.push(std::mem::take(&mut run)),
                }
            }
        }
    }
    for segment in &segments {
        if segment.len() > 1 {
            model.at_most(segment, 1);
        }
    }
    for &cell in &whites {
        let (row, col) = (&segments[row_segment[cell]], &segments[col_segment[cell]]);
        let here = var_at[cell].expect("a white cell has a variable");
        let seen: Vec<Var> = row
            .iter()
            .chain(col.iter().filter(|&&var| var != here))
            .copied()
            .collect();
        model.at_least(&seen, 1);
    }
    for (cell, &kind) in puzzle.cells().iter().enumerate() {
        if let Cell::Number(k) = kind {
            let (row, col) = (cell / cols, cell % cols);
            let beside: Vec<Var> = [
                (row > 0).then(|| cell - cols),
                (row + 1 < rows).then(|| cell + cols),
                (col > 0).then(|| cell - 1),
                (col + 1 < cols).then(|| cell + 1),
            ]
            .into_iter()
            .flatten()
            .filter_map(|side| var_at[side])
            .collect();
            model.exactly(&beside, usize::from(k));
        }
    }
    model
}

/// Solves with `options`.
pub fn solve(puzzle: &Akari, options: &Options) -> Outcome {
    solve_observed(puzzle, options, NoObserver)
}

/// [`solve`], telling `observer` what csp-core's search does (the watched
/// solve of `--trace` and `--events`): one code path for both, so that a
/// watched run is the same run.
pub fn solve_observed(puzzle: &Akari, options: &Options, observer: impl Observer) -> Outcome {
    let start = Instant::now();
    let inference = match options.algo {
        Algo::Fc => Inference::ForwardChecking,
        Algo::Mac | Algo::Fast => Inference::Mac,
    };
    // A cell's "at least one" spans its row and column, so the model grows
    // as the cube of the side (2 GB for a blank 255x255): one too large for
    // the memory limit is refused before it is built, and its building
    // counts against the time limit.
    let too_large = (options.limits.memory_limit)
        .is_some_and(|limit| sights(puzzle).saturating_mul(BYTES_PER_SIGHT) > limit);
    let model = (!too_large).then(|| model(puzzle));
    let mut limits = options.limits;
    limits.time_limit = limits
        .time_limit
        .map(|limit| limit.saturating_sub(start.elapsed()));
    let out_of_time = limits.time_limit.is_some_and(|left| left.is_zero());
    let Some(model) = model.filter(|_| !out_of_time) else {
        let stats = Stats {
            nodes: 0,
            elapsed: start.elapsed(),
            counters: Counters::default(),
        };
        let limit = if too_large {
            Limit::Memory
        } else {
            Limit::Time
        };
        return Outcome::counted(None, 0, false, Some(limit), stats);
    };
    let config = Config::default()
        .inference(inference)
        .var_order(VarOrder::Mrv)
        .within(&limits);
    let mut solver = Solver::new(model, config.clone());
    // Building the engine takes about as long as the model (a second for
    // a blank 200x200): the search gets what is left.
    if let Some(limit) = options.limits.time_limit {
        solver.set_config(config.time_limit(limit.saturating_sub(start.elapsed())));
    }
    let mut keep = KeepSolutions::first(observer);
    let count = solver.count_observed(options.limits.count_up_to.max(1), &mut keep);
    let first = keep.into_first().map(|values| bulbs(puzzle, &values));
    let stats = Stats {
        nodes: count.stats.nodes,
        elapsed: start.elapsed(),
        counters: Counters {
            backtracks: count.stats.backtracks,
            ..Counters::default()
        },
    };
    let limit = match count.status {
        CountStatus::Limit(limit) => Some(limit),
        CountStatus::Complete | CountStatus::SolutionLimit => None,
    };
    let exhausted = count.status == CountStatus::Complete;
    Outcome::counted(first, count.count, exhausted, limit, stats)
}

/// The bulbs of the model's `values` (one per white cell).
pub fn bulbs(puzzle: &Akari, values: &[i32]) -> Bulbs {
    let mut on = vec![false; puzzle.cells().len()];
    for (cell, &value) in whites(puzzle).into_iter().zip(values) {
        on[cell] = value == 1;
    }
    Bulbs::new(puzzle.rows(), puzzle.cols(), on).expect("one value per cell")
}

#[cfg(test)]
mod tests {
    use puzzle_kit::Status;

    use super::*;

    /// Solves `text` with `algo`, counting to `count`: the status, the
    /// count and the first solution's line.
    fn check(text: &str, algo: Algo, count: u64, expected: (Status, u64, Option<&str>)) {
        let puzzle: Akari = text.parse().expect("a grid");
        let outcome = solve(&puzzle, &Options::new(algo).count_up_to(count));
        let line = outcome
            .solution
            .as_ref()
            .map(|bulbs| puzzle.draw(bulbs, '/'));
        assert_eq!(
            (outcome.status, outcome.count, line.as_deref()),
            expected,
            "{text} {algo}"
        );
        if let Some(solution) = &outcome.solution {
            crate::check::check(&puzzle, solution).expect("the checker agrees");
        }
    }

    #[test]
    fn both_inferences_solve_count_and_prove_none() {
        for algo in [Algo::Mac, Algo::Fc] {
            // Three solutions, as a brute force over the 2^7 placements finds.
            check(
                "..1/#../...",
                algo,
                10,
                (Status::Solved, 3, Some(".*1/#../..*")),
            );
            check("./.", algo, 10, (Status::Solved, 2, Some("./*")));
            check(".4./...", algo, 2, (Status::Unsolvable, 0, None));
            check("#", algo, 2, (Status::Solved, 1, Some("#")));
            check(".0/0.", algo, 2, (Status::Unsolvable, 0, None));
            check("0.0/...", algo, 2, (Status::Solved, 1, Some("0.0/.*.")));
        }
    }

    #[test]
    fn a_node_limit_stops_the_count_short() {
        let puzzle: Akari = ["........"; 8].join("/").parse().expect("a grid");
        let outcome = solve(
            &puzzle,
            &Options::new(Algo::Fc).count_up_to(u64::MAX).node_limit(50),
        );
        assert_eq!(outcome.status, Status::Limit(Limit::Node));
        assert!(outcome.stats.nodes <= 50 && !outcome.count_complete);
    }

    #[test]
    fn a_model_too_large_for_the_memory_limit_is_refused_unbuilt() {
        // Each of the blank 3x3's runs of 3 gives 9 pairs: 6·9 - 9 = 45.
        let blank: Akari = ".../.../...".parse().expect("a grid");
        assert_eq!(sights(&blank), 45);
        let walled: Akari = ".#./1../..#".parse().expect("a grid");
        // Row runs 1,1 | 2 | 2 and column runs 1,1 | 2 | 2 (the # and the 1
        // cut them), over 6 white cells.
        assert_eq!(sights(&walled), (1 + 1 + 4 + 4) + (1 + 1 + 4 + 4) - 6);
        let options = Options::new(Algo::Mac).memory_limit(45 * BYTES_PER_SIGHT - 1);
        let outcome = solve(&blank, &options);
        assert_eq!(outcome.status, Status::Limit(Limit::Memory));
        assert_eq!(outcome.stats.nodes, 0);
        let options = Options::new(Algo::Mac).memory_limit(1 << 20);
        assert_eq!(solve(&blank, &options).status, Status::Solved);
    }
}
