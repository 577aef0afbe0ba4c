//! The textbook formulation: the course assignment "a crossword by AC-3".
//! AC-3 alone on the slot model of `csp.rs` (one variable per slot, an
//! "equal letters" arc per crossing), with its revision table: every
//! slot's words before and after, and each revision in order (built here;
//! its types, [`crate::Ac3Result`] and [`crate::Revision`], are in
//! `options.rs` beside the [`crate::Stats`] that carry them).

use std::time::Instant;

use csp_core::{
    Ac3Report as CoreReport, ArcClick, ArcRevision, Cause, Config, NoObserver, Observer, Pruning,
    Recorder, Solver, Var,
};

use puzzle_kit::{Limit, Status};

use crate::csp::{CspModel, model};
use crate::options::{Ac3Result, Counters, Options, Revision, Run, Stats};
use crate::problem::Problem;

/// Word ids in alphabetical order of their words, as the revision table lists domains.
fn alphabetical(problem: &Problem, ids: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let mut ids: Vec<u32> = ids.into_iter().collect();
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
    // A variable's values are the global ids of its words.
    let words = |values: Vec<i32>| alphabetical(problem, values.into_iter().map(|v| v as u32));
    let before: Vec<Vec<u32>> = vars.iter().map(|&var| words(model.domain(var))).collect();
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
    let after: Vec<Vec<u32>> = vars.iter().map(|&var| words(solver.domain(var))).collect();
    let stats = Stats {
        nodes: 1,
        elapsed: started.elapsed(),
        counters: Counters {
            arc_revisions: report.stats.arc_revisions,
            ..Counters::default()
        },
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
                .then(|| alphabetical(problem, domain.iter().copied())),
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
