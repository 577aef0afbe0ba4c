//! Seed 002's formulation on csp-core: one variable per slot over the
//! global ids of the words that fit it, each crossing an "equal letters"
//! constraint ([`csp_core::Model::equal_keys`]), and an all-different over
//! the slots of each length unless repeats are allowed. `ac3` runs AC-3
//! alone (with its trace), `mac` csp-core's MAC search (dom/wdeg).

use std::time::Instant;

use csp_core::{Config, CountStatus, Model, Solver, Var, VarOrder};

use puzzle_kit::{Limit, Status};

use crate::options::{Options, Run, Stats};
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
/// in the reading order of its cells: the order of the seed's constraint
/// list, so AC-3's first queue is the seed's (each crossing gives the arc
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

/// One revision of the AC-3 trace, by slot index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revision {
    /// The revised slot.
    pub x: usize,
    /// The slot whose words must support `x`'s.
    pub y: usize,
    /// Words removed from `x` (global ids).
    pub removed: Vec<u32>,
    /// `x`'s words afterwards, when they changed.
    pub domain_after: Option<Vec<u32>>,
    /// The arcs `(k, x)` put back on the queue.
    pub added: Vec<(usize, usize)>,
}

/// What `ac3` saw: every slot's words before and after, and the revisions
/// (when traced).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ac3Result {
    /// Words of each slot before (global ids, alphabetical as the seed lists them).
    pub before: Vec<Vec<u32>>,
    /// Words of each slot after arc consistency.
    pub after: Vec<Vec<u32>>,
    /// The revisions, in order (empty unless traced).
    pub revisions: Vec<Revision>,
}

/// Word ids in alphabetical order of their words, as the seed lists domains.
fn alphabetical(problem: &Problem, mut ids: Vec<u32>) -> Vec<u32> {
    ids.sort_unstable_by(|&a, &b| problem.word(a).letters.cmp(&problem.word(b).letters));
    ids
}

/// Seed 002: AC-3 alone. Solved when every slot is left one word, unsolvable
/// when one is left none, else `limit` with [`Limit::Depth`]: AC-3 alone is
/// the root of a search that makes no decision, a search cut at depth 0.
/// Every state within that depth (the root, made arc consistent) was
/// examined and a fill may still lie deeper, which is what a depth limit
/// means; no node or time budget was spent, so neither of those is named.
pub(crate) fn ac3(problem: &Problem, options: &Options) -> (Run, Ac3Result) {
    let started = Instant::now();
    let CspModel { model, vars } = model(problem, options.allow_repeats);
    let before: Vec<Vec<u32>> = vars
        .iter()
        .map(|&var| {
            alphabetical(
                problem,
                model.domain(var).into_iter().map(|v| v as u32).collect(),
            )
        })
        .collect();
    let mut solver = Solver::new(model, Config::default());
    let report = solver.ac3(options.trace);
    let slot_of = |var: Var| var.index();
    // csp-core keeps only the removals; the domain after each change is rebuilt by replay.
    let mut revisions = Vec::with_capacity(report.revisions.len());
    report.replay(|revision, domain_after| {
        revisions.push(Revision {
            x: slot_of(revision.x),
            y: slot_of(revision.y),
            removed: revision.removed.iter().map(|&v| v as u32).collect(),
            domain_after: domain_after
                .map(|d| alphabetical(problem, d.iter().map(|&v| v as u32).collect())),
            added: revision
                .added
                .iter()
                .map(|&(k, x)| (slot_of(k), slot_of(x)))
                .collect(),
        })
    });
    let after: Vec<Vec<u32>> = vars
        .iter()
        .map(|&var| {
            alphabetical(
                problem,
                solver.domain(var).into_iter().map(|v| v as u32).collect(),
            )
        })
        .collect();
    let stats = Stats {
        nodes: 1,
        arc_revisions: report.stats.arc_revisions,
        elapsed: started.elapsed(),
        ..Stats::default()
    };
    let outcome = if !report.consistent || after.iter().any(Vec::is_empty) {
        let empty = after.iter().position(Vec::is_empty);
        let reason = empty.map(|slot| {
            format!(
                "arc consistency leaves {} no word",
                problem.slots().slots[slot]
            )
        });
        Run::unsolvable(problem.dead_slot().or(reason), stats)
    } else if after.iter().all(|d| d.len() == 1) {
        Run {
            status: Status::Solved,
            fill: Some(after.iter().map(|d| d[0]).collect()),
            count: 1,
            complete: false,
            reason: None,
            stats,
        }
    } else {
        let open = after.iter().filter(|d| d.len() > 1).count();
        Run {
            status: Status::Limit(Limit::Depth),
            fill: None,
            count: 0,
            complete: false,
            reason: Some(format!(
                "arc consistency alone did not decide the grid: {open} of {} slots keep more than one word; ac3 makes no guess, a depth limit of 0 (search with --algo mac or fast)",
                after.len()
            )),
            stats,
        }
    };
    (
        outcome,
        Ac3Result {
            before,
            after,
            revisions,
        },
    )
}

/// MAC on csp-core with dom/wdeg: a first fill, or a count of fills.
pub(crate) fn mac(problem: &Problem, options: &Options) -> Run {
    let started = Instant::now();
    let CspModel { model, vars } = model(problem, options.allow_repeats);
    let mut config = Config::default().var_order(VarOrder::DomWdeg);
    if let Some(nodes) = options.limits.node_limit {
        config = config.node_limit(nodes);
    }
    if let Some(time) = options.limits.time_limit {
        config = config.time_limit(time);
    }
    let mut solver = Solver::new(model, config);
    let stats_of = |stats: csp_core::Stats| Stats {
        nodes: stats.nodes,
        backtracks: stats.backtracks,
        restarts: 0,
        arc_revisions: stats.arc_revisions,
        elapsed: started.elapsed(),
        reason: None,
    };
    let fill_of = |values: &[i32]| -> Vec<u32> {
        vars.iter().map(|var| values[var.index()] as u32).collect()
    };
    match options.counting() {
        None => {
            let outcome = solver.solve();
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
