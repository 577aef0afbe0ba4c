//! The csp-core model of N-Queens: one variable per row holding its
//! column, all-different on the columns and on both diagonal offsets,
//! smallest domain first. A textbook formulation beside the search-core
//! ones (`textbook.rs`), cross-checked against the fast counter.

use std::time::Instant;

use csp_core::{
    Config as CspConfig, CountStatus, Inference, KeepSolutions, Model, Observer as CspObserver,
    Solver, VarOrder,
};
use puzzle_kit::Limits;

use crate::{Outcome, Placement, Stats};

/// The model's values, each row's column from 1, as the columns from 0.
pub(crate) fn columns(values: &[i32]) -> Vec<u32> {
    values.iter().map(|&col| col as u32 - 1).collect()
}

/// Runs the model on `n` queens within `limits`, from `start`, telling
/// `observer` what the search does: finds one placement (`count_up_to` 1)
/// or counts up to `count_up_to`.
pub(crate) fn run<C: CspObserver>(
    n: usize,
    limits: &Limits,
    start: Instant,
    observer: &mut C,
) -> Outcome {
    let counting = limits.count_up_to > 1;
    let mut model = Model::new();
    // Columns from 1, as the trace and the events name them.
    let rows = model.new_vars(n, 1..=n as i32);
    let shifted = |sign: i32| -> Vec<_> {
        rows.iter()
            .enumerate()
            .map(|(r, &q)| (q, sign * r as i32))
            .collect()
    };
    model.all_different(&rows);
    model.all_different_offset(&shifted(1));
    model.all_different_offset(&shifted(-1));
    // Counting explores every branch, where forward checking's cheaper nodes
    // win; a single solution is found fastest with full propagation.
    let inference = if counting {
        Inference::ForwardChecking
    } else {
        Inference::Mac
    };
    let config = CspConfig::default()
        .inference(inference)
        .var_order(VarOrder::Mrv)
        .within(limits);
    let mut solver = Solver::new(model, config);
    let (first, count, exhausted, limit, nodes) = if counting {
        let (count, first) = if C::ACTIVE {
            // The observer is told the solutions; the first is kept on the way.
            let mut first = KeepSolutions::first(observer);
            let count = solver.count_observed(limits.count_up_to, &mut first);
            (count, first.into_first().as_deref().map(columns))
        } else {
            let (mut first, mut seen) = (None, 0);
            let count = solver.for_each_solution(|solution| {
                first.get_or_insert_with(|| columns(solution.values()));
                seen += 1;
                seen < limits.count_up_to
            });
            (count, first)
        };
        let limit = match count.status {
            CountStatus::Limit(limit) => Some(limit),
            _ => None,
        };
        let exhausted = count.status == CountStatus::Complete;
        (first, count.count, exhausted, limit, count.stats.nodes)
    } else {
        let outcome = solver.solve_observed(observer);
        let limit = outcome.status.limit();
        let first = outcome.solution.map(|solution| columns(solution.values()));
        let (count, exhausted) = (
            u64::from(first.is_some()),
            limit.is_none() && first.is_none(),
        );
        (first, count, exhausted, limit, outcome.stats.nodes)
    };
    let first = first.map(Placement::from_solver);
    let stats = Stats::new(nodes, start.elapsed());
    Outcome::counted(first, count, exhausted, limit, stats)
}
