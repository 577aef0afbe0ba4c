//! The crossword as a CSP on csp-core (AC-3's slot model): one variable per slot over the
//! global ids of the words that fit it, each crossing an "equal letters"
//! constraint ([`csp_core::Model::equal_keys`]), and an all-different over
//! the slots of each length unless repeats are allowed. `ac3` runs AC-3
//! alone (with its trace), `mac` csp-core's MAC search (dom/wdeg).

use std::time::Instant;

use csp_core::{
    Ac3Report as CoreReport, ArcClick, ArcRevision, Cause, Config, CountStatus, KeepSolutions,
    Model, NoObserver, Observer, Pruning, Recorder, Solver, Var, VarOrder,
};

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
    /// Words of each slot before (global ids, alphabetical as the revision table lists them).
    pub before: Vec<Vec<u32>>,
    /// Words of each slot after arc consistency.
    pub after: Vec<Vec<u32>>,
    /// The revisions, in order (empty unless traced).
    pub revisions: Vec<Revision>,
}

/// Word ids in alphabetical order of their words, as the revision table lists domains.
fn alphabetical(problem: &Problem, mut ids: Vec<u32>) -> Vec<u32> {
    ids.sort_unstable_by(|&a, &b| problem.word(a).letters.cmp(&problem.word(b).letters));
    ids
}

/// AC-3 alone. Solved when every slot is left one word, unsolvable
/// when one is left none, else `limit` with [`Limit::Depth`]: AC-3 alone is
/// the root of a search that makes no decision, a search cut at depth 0.
/// Every state within that depth (the root, made arc consistent) was
/// examined and a fill may still lie deeper, which is what a depth limit
/// means; no node or time budget was spent, so neither of those is named.
pub(crate) fn ac3(problem: &Problem, options: &Options) -> (Run, Ac3Result) {
    ac3_observed(problem, options, NoObserver)
}

/// [`ac3`], telling `observer` the propagation, each arc revision and
/// pruning, and a wipe-out: the revisions of the trace are recorded from
/// the same calls.
pub(crate) fn ac3_observed<O: Observer>(
    problem: &Problem,
    options: &Options,
    mut observer: O,
) -> (Run, Ac3Result) {
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
    // Clicks on pairs of slots that cross, as csp-core's arcs.
    let arcs = model.arcs();
    let clicks: Vec<ArcClick> = options
        .ac3_clicks
        .iter()
        .filter_map(|click| {
            let (x, y) = (*vars.get(click.x)?, *vars.get(click.y)?);
            arcs.contains(&(x, y)).then_some(ArcClick {
                x,
                y,
                after: click.after,
            })
        })
        .collect();
    let mut solver = Solver::new(model, Config::default());
    let mut recorder = Recorder::default();
    let report = if options.trace {
        run_ac3(
            &mut solver,
            &clicks,
            &mut Both(&mut recorder, &mut observer),
        )
    } else {
        run_ac3(&mut solver, &clicks, &mut observer)
    };
    let revisions = replay(problem, &before, &recorder);
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

/// AC-3 on `solver` with `clicks` revised out of turn (none: AC-3's own
/// order).
fn run_ac3<O: Observer>(solver: &mut Solver, clicks: &[ArcClick], observer: &mut O) -> CoreReport {
    if clicks.is_empty() {
        return solver.ac3_observed(observer);
    }
    match solver.ac3_clicked(clicks, observer) {
        Ok(report) => report,
        // Not reached: every click above is an arc of the model.
        Err(_) => solver.ac3_observed(observer),
    }
}

/// AC-3's revision table from the revisions and prunings recorded: csp-core
/// tells only the words removed, so the domain after each change is
/// rebuilt from the domains before, step by step.
fn replay(problem: &Problem, before: &[Vec<u32>], recorded: &Recorder) -> Vec<Revision> {
    let mut domains: Vec<std::collections::BTreeSet<u32>> = before
        .iter()
        .map(|ids| ids.iter().copied().collect())
        .collect();
    let mut prunings = recorded.prunings.iter().peekable();
    let mut revisions = Vec::with_capacity(recorded.revisions.len());
    for (index, revision) in recorded.revisions.iter().enumerate() {
        while let Some(Pruning { var, removed, .. }) = prunings.next_if(|p| p.after <= index) {
            for &value in removed {
                domains[var.index()].remove(&(value as u32));
            }
        }
        let ArcRevision {
            x,
            y,
            removed,
            added,
        } = revision;
        let domain = &mut domains[x.index()];
        for &value in removed {
            domain.remove(&(value as u32));
        }
        revisions.push(Revision {
            x: x.index(),
            y: y.index(),
            removed: removed.iter().map(|&v| v as u32).collect(),
            domain_after: (!removed.is_empty())
                .then(|| alphabetical(problem, domain.iter().copied().collect())),
            added: added.iter().map(|&(k, x)| (k.index(), x.index())).collect(),
        });
    }
    revisions
}

/// Two observers told the same calls, in turn.
struct Both<A, B>(A, B);

impl<A: Observer, B: Observer> Observer for Both<A, B> {
    fn propagate(&mut self, cause: Cause, depth: usize) {
        self.0.propagate(cause, depth);
        self.1.propagate(cause, depth);
    }

    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        self.0.arc_revised(x, y, removed, added);
        self.1.arc_revised(x, y, removed, added);
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        self.0.pruned(propagator, var, removed);
        self.1.pruned(propagator, var, removed);
    }

    fn wipeout(&mut self, var: Option<Var>) {
        self.0.wipeout(var);
        self.1.wipeout(var);
    }
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
