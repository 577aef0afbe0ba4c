//! AC-3 with arcs revised out of turn (`Solver::ac3_clicked`, what a
//! student clicking arcs asks for): without clicks it is `ac3` revision
//! for revision; with clicks each clicked arc is revised at its turn and
//! every other revision is the queue's front, the queue rebuilt from
//! `Model::arcs` and the arcs each revision put back; the fixpoint is the
//! same whatever the clicks.

use std::collections::VecDeque;

use csp_core::{ArcClick, Config, Model, Recorder, Solver, Var};

/// A small deterministic generator, so the tests need no seed plumbing.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random model of binary constraints only (`<` and `!=` between
/// variables of small domains, one constraint a pair, so that an arc is
/// named by its two variables), so that the queue of arcs is all there is.
fn random_model(state: &mut u64) -> Model {
    let mut joined = Vec::new();
    let mut model = Model::new();
    let n = 3 + (next(state) % 5) as usize;
    let vars: Vec<Var> = (0..n)
        .map(|_| model.new_var(0..2 + (next(state) % 8) as i32))
        .collect();
    for _ in 0..2 * n {
        let (i, j) = (
            (next(state) % n as u64) as usize,
            (next(state) % n as u64) as usize,
        );
        if i == j || joined.contains(&(i.min(j), i.max(j))) {
            continue;
        }
        joined.push((i.min(j), i.max(j)));
        if i < j && next(state).is_multiple_of(2) {
            model.binary(vars[i], vars[j], |a, b| a < b);
        } else {
            model.not_equal(vars[i], vars[j]);
        }
    }
    model
}

fn domains(solver: &Solver, n: usize) -> Vec<Vec<i32>> {
    (0..n).map(|v| solver.domain(Var::from_index(v))).collect()
}

#[test]
fn without_clicks_the_pass_is_ac3_and_starts_with_the_arcs_in_order() {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..60 {
        let model = random_model(&mut state);
        let (n, arcs) = (model.num_vars(), model.arcs());
        let mut plain = Solver::new(model.clone(), Config::default());
        let mut plain_recorder = Recorder::default();
        let plain_report = plain.ac3_observed(&mut plain_recorder);
        let mut clicked = Solver::new(model, Config::default());
        let mut clicked_recorder = Recorder::default();
        let report = clicked
            .ac3_clicked(&[], &mut clicked_recorder)
            .expect("no click to refuse");
        assert_eq!(clicked_recorder.revisions, plain_recorder.revisions);
        assert_eq!(report.consistent, plain_report.consistent);
        assert_eq!(domains(&clicked, n), domains(&plain, n));
        // The initial queue holds every arc once: the first revisions
        // take them in the order `arcs` lists them.
        let first: Vec<(Var, Var)> = plain_recorder
            .revisions
            .iter()
            .take(arcs.len())
            .map(|revision| (revision.x, revision.y))
            .collect();
        assert_eq!(first, arcs[..first.len()]);
    }
}

#[test]
fn a_clicked_arc_is_revised_at_its_turn_and_the_queue_goes_on() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut clicked_off_the_queue = 0;
    for _ in 0..80 {
        let model = random_model(&mut state);
        let (n, arcs) = (model.num_vars(), model.arcs());
        if arcs.is_empty() {
            continue;
        }
        let mut after = 0;
        let clicks: Vec<ArcClick> = (0..1 + next(&mut state) % 4)
            .map(|_| {
                after += next(&mut state) % 6;
                let (x, y) = arcs[(next(&mut state) % arcs.len() as u64) as usize];
                ArcClick { x, y, after }
            })
            .collect();
        let mut plain = Solver::new(model.clone(), Config::default());
        let plain_report = plain.ac3(false);
        let mut solver = Solver::new(model, Config::default());
        let mut recorder = Recorder::default();
        let report = solver.ac3_clicked(&clicks, &mut recorder).unwrap();
        // The same closure, whatever the order of the revisions.
        assert_eq!(report.consistent, plain_report.consistent);
        if report.consistent {
            assert_eq!(domains(&solver, n), domains(&plain, n));
        }
        assert_eq!(report.stats.arc_revisions, recorder.revisions.len() as u64);
        // Each revision is the next click when its turn has come (or the
        // queue is empty), else the queue's front.
        let mut queue: VecDeque<(Var, Var)> = arcs.iter().copied().collect();
        let mut waiting = clicks.iter().peekable();
        for (done, revision) in recorder.revisions.iter().enumerate() {
            let arc = (revision.x, revision.y);
            let due = waiting.next_if(|click| click.after <= done as u64 || queue.is_empty());
            match due {
                Some(click) => {
                    assert_eq!(arc, (click.x, click.y), "revision {done} is the click");
                    match queue.iter().position(|&queued| queued == arc) {
                        Some(at) => {
                            queue.remove(at);
                        }
                        None => clicked_off_the_queue += 1,
                    }
                }
                None => assert_eq!(Some(arc), queue.pop_front(), "revision {done}"),
            }
            queue.extend(revision.added.iter().copied());
        }
        if report.consistent {
            assert!(queue.is_empty());
            assert!(waiting.next().is_none(), "every click was revised");
        }
    }
    assert!(
        clicked_off_the_queue > 0,
        "some clicked arc was not waiting"
    );
}

#[test]
fn a_click_on_no_arc_is_refused() {
    let mut model = Model::new();
    let x = model.new_var(0..3);
    let y = model.new_var(0..3);
    let z = model.new_var(0..3);
    model.not_equal(x, y);
    assert_eq!(model.arcs(), vec![(x, y), (y, x)]);
    let mut solver = Solver::new(model, Config::default());
    let stray = ArcClick { x, y: z, after: 0 };
    let refused = solver.ac3_clicked(
        &[
            ArcClick {
                x: y,
                y: x,
                after: 0,
            },
            stray,
        ],
        &mut Recorder::default(),
    );
    assert_eq!(refused.err(), Some(stray));
}
