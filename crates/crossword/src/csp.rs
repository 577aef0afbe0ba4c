//! The crossword as a CSP on csp-core (the slot model): one variable per slot over the
//! global ids of the words that fit it, each crossing an "equal letters"
//! constraint ([`csp_core::Model::equal_keys`]), and an all-different over
//! the slots of each length unless repeats are allowed. `mac` runs
//! csp-core's MAC search (dom/wdeg) on it; AC-3 alone on the same model,
//! the textbook formulation, is in `textbook.rs`.

use std::time::Instant;

use csp_core::{
    Cause, Config, CountStatus, KeepSolutions, Model, NoObserver, Observer, Solver, Var, VarOrder,
};

use puzzle_kit::Status;

use crate::options::{Counters, Options, Run, Stats};
use crate::problem::Problem;
/// The csp-core model of a problem and its variables, slot by slot.
#[derive(Debug)]
pub struct CspModel {
    /// The model.
    pub model: Model,
    /// One variable per slot, in slot order.
    pub vars: Vec<Var>,
}

/// Builds the model. Crossings are added across slot by across slot, each
/// in the reading order of its cells: the order of the revision
/// table's constraint list, so AC-3's first queue is the table's (each crossing gives the arc
/// from the across slot, then its reverse).
pub fn model(problem: &Problem, allow_repeats: bool) -> CspModel {
    let slots = problem.slots();
    let mut model = Model::new();
    let vars: Vec<Var> = slots
        .slots
        .iter()
        .enumerate()
        .map(|(index, slot)| {
            let values = problem
                .candidates(index)
                .into_iter()
                .map(|word| problem.global_id(slot.len(), word) as i32);
            model.new_named_var(slot.name(), values)
        })
        .collect();
    for crossing in &slots.crossings {
        let (a, i) = crossing.across;
        let (d, j) = crossing.down;
        model.equal_keys(
            vars[a],
            vars[d],
            |value| problem.word(value as u32).letters[i],
            |value| problem.word(value as u32).letters[j],
        );
    }
    if !allow_repeats {
        let longest = slots.slots.iter().map(|s| s.len()).max().unwrap_or(0);
        for length in 2..=longest {
            let group: Vec<Var> = slots
                .slots
                .iter()
                .zip(&vars)
                .filter(|(slot, _)| slot.len() == length)
                .map(|(_, &var)| var)
                .collect();
            if group.len() > 1 {
                model.all_different(&group);
            }
        }
    }
    CspModel { model, vars }
}

/// MAC on csp-core with dom/wdeg: a first fill, or a count of fills.
pub(crate) fn mac(problem: &Problem, options: &Options) -> Run {
    mac_observed(problem, options, NoObserver)
}

/// [`mac`], telling `observer` what the search does (but its `end`: the
/// caller has the crate's [`Stats`]).
pub(crate) fn mac_observed<O: Observer>(problem: &Problem, options: &Options, observer: O) -> Run {
    let started = Instant::now();
    let CspModel { model, vars } = model(problem, options.allow_repeats);
    let config = Config::default()
        .var_order(VarOrder::DomWdeg)
        .within(&options.limits);
    let mut solver = Solver::new(model, config);
    let stats_of = |stats: csp_core::Stats| Stats {
        nodes: stats.nodes,
        elapsed: started.elapsed(),
        counters: Counters {
            backtracks: stats.backtracks,
            restarts: 0,
            arc_revisions: stats.arc_revisions,
            reason: None,
            ac3: None,
        },
    };
    let fill_of = |values: &[i32]| -> Vec<u32> {
        vars.iter().map(|var| values[var.index()] as u32).collect()
    };
    match options.counting() {
        None => {
            let outcome = solver.solve_observed(&mut NoEnd(observer));
            let stats = stats_of(outcome.stats);
            match outcome.status {
                Status::Solved => Run {
                    status: Status::Solved,
                    fill: outcome.solution.map(|s| fill_of(s.values())),
                    count: 1,
                    complete: false,
                    reason: None,
                    stats,
                },
                Status::Unsolvable => Run::unsolvable(problem.dead_slot(), stats),
                Status::Limit(limit) => Run {
                    status: Status::Limit(limit),
                    fill: None,
                    count: 0,
                    complete: false,
                    reason: Some(format!(
                        "the search stopped at a {limit} limit before a fill"
                    )),
                    stats,
                },
            }
        }
        Some(limit) if O::ACTIVE => {
            let mut watched = KeepSolutions::first(NoEnd(observer));
            let count = solver.count_observed(limit, &mut watched);
            let first = watched.into_first().map(|values| fill_of(&values));
            let stats = stats_of(count.stats);
            counted(problem, first, count, stats)
        }
        Some(limit) => {
            let mut first = None;
            let mut seen = 0;
            let count = solver.for_each_solution(|solution| {
                if first.is_none() {
                    first = Some(fill_of(solution.values()));
                }
                seen += 1;
                seen < limit
            });
            let stats = stats_of(count.stats);
            counted(problem, first, count, stats)
        }
    }
}

fn counted(
    problem: &Problem,
    first: Option<Vec<u32>>,
    count: csp_core::Count,
    stats: Stats,
) -> Run {
    let found = count.count;
    let status = match count.status {
        CountStatus::Limit(limit) => Status::Limit(limit),
        _ if found > 0 => Status::Solved,
        _ => Status::Unsolvable,
    };
    Run {
        status,
        fill: if status == Status::Solved {
            first
        } else {
            None
        },
        count: found,
        complete: count.status == CountStatus::Complete,
        reason: match status {
            Status::Limit(limit) => Some(format!("the count stopped at a {limit} limit")),
            Status::Unsolvable => problem.dead_slot(),
            Status::Solved => None,
        },
        stats,
    }
}

/// An observer told every call but `end` (the crossword's `end` carries the
/// crate's counters, told by the caller).
struct NoEnd<O>(O);

impl<O: Observer> Observer for NoEnd<O> {
    const ACTIVE: bool = O::ACTIVE;
    const SOLUTIONS: bool = O::SOLUTIONS;

    fn propagate(&mut self, cause: Cause, depth: usize) {
        self.0.propagate(cause, depth);
    }

    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        self.0.arc_revised(x, y, removed, added);
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        self.0.pruned(propagator, var, removed);
    }

    fn wipeout(&mut self, var: Option<Var>) {
        self.0.wipeout(var);
    }

    fn decision(&mut self, var: Var, value: i32, depth: usize) {
        self.0.decision(var, value, depth);
    }

    fn refutation(&mut self, var: Var, value: i32, depth: usize) {
        self.0.refutation(var, value, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        self.0.backtrack(depth);
    }

    fn solution(&mut self, values: &[i32]) {
        self.0.solution(values);
    }

    fn restart(&mut self, run: u64) {
        self.0.restart(run);
    }
}
