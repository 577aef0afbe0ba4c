//! The AC-3 trace keeps only what changed: on random models with arcs and
//! all-different over domains of up to 150 values, every initial value is
//! removed at most once in the whole trace (so it grows with the model, not
//! with revisions times domain size), the removals add up to the final
//! domains, and `replay` rebuilds each changed domain exactly.

use std::collections::BTreeSet;

use csp_core::{Config, Model, Solver, Var};

/// A small deterministic generator, so the tests need no seed plumbing.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn the_trace_records_each_removal_once_and_replays_the_domains() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut saw_pruning_before_a_revision = false;
    for round in 0..40 {
        let mut model = Model::new();
        let n = 3 + (next(&mut state) % 5) as usize;
        let vars: Vec<Var> = (0..n)
            .map(|_| {
                let size = 12 + (next(&mut state) % 140) as i32;
                let lo = -((next(&mut state) % 10) as i32);
                model.new_var(lo..lo + size)
            })
            .collect();
        for _ in 0..n {
            let (i, j) = (
                (next(&mut state) % n as u64) as usize,
                (next(&mut state) % n as u64) as usize,
            );
            // Ordered pairs only, so that chains of `<` never close a cycle.
            if i >= j {
                continue;
            }
            let (a, b) = (vars[i], vars[j]);
            let gap = (next(&mut state) % 6) as i32;
            let modulus = 2 + (next(&mut state) % 5) as i32;
            match next(&mut state) % 3 {
                0 => model.binary(a, b, move |x, y| x + gap < y),
                1 => model.binary(a, b, move |x, y| (x - y).rem_euclid(modulus) == 0),
                _ => model.binary(a, b, move |x, y| (x - y).abs() > gap),
            }
        }
        // One variable fixed and one squeezed next to it, so that
        // all-different prunes (and its prunings cascade into arcs).
        model.retain(vars[0], |v| v == 0);
        model.retain(vars[1], |v| (0..2).contains(&v));
        model.all_different(&vars);
        let initial: Vec<BTreeSet<i32>> = vars
            .iter()
            .map(|&v| model.domain(v).into_iter().collect())
            .collect();
        let mut solver = Solver::new(model, Config::default());
        let report = solver.ac3(true);

        // Every removal, in trace order: (before revision i, var, values).
        let mut current = initial.clone();
        let mut removed_total = 0;
        let remove = |current: &mut Vec<BTreeSet<i32>>, var: Var, values: &[i32]| {
            for value in values {
                assert!(
                    current[var.index()].remove(value),
                    "round {round}: {value} removed twice or never there"
                );
            }
            values.len()
        };
        let mut replayed = Vec::new();
        report.replay(|_, after| replayed.push(after.map(<[i32]>::to_vec)));
        assert_eq!(replayed.len(), report.revisions.len());
        let mut prunings = report.prunings.iter().peekable();
        let mut pruned = BTreeSet::new();
        for (i, revision) in report.revisions.iter().enumerate() {
            while let Some(p) = prunings.next_if(|p| p.after <= i) {
                removed_total += remove(&mut current, p.var, &p.removed);
                pruned.insert(p.var);
            }
            saw_pruning_before_a_revision |= pruned.contains(&revision.x) && revision.changed();
            removed_total += remove(&mut current, revision.x, &revision.removed);
            let expected = revision.changed().then(|| {
                current[revision.x.index()]
                    .iter()
                    .copied()
                    .collect::<Vec<_>>()
            });
            assert_eq!(replayed[i], expected, "round {round}, revision {i}");
        }
        for p in prunings {
            removed_total += remove(&mut current, p.var, &p.removed);
        }
        let initial_total: usize = initial.iter().map(BTreeSet::len).sum();
        let final_total: usize = vars.iter().map(|&v| solver.domain(v).len()).sum();
        if report.consistent {
            for (k, &v) in vars.iter().enumerate() {
                assert_eq!(
                    current[k].iter().copied().collect::<Vec<_>>(),
                    solver.domain(v),
                    "round {round}"
                );
            }
            // Linear in the model: the trace holds exactly the values removed.
            assert_eq!(removed_total, initial_total - final_total, "round {round}");
        } else {
            assert!(removed_total <= initial_total, "round {round}");
        }
    }
    assert!(saw_pruning_before_a_revision);
}

#[test]
fn an_untraced_pass_records_nothing() {
    let mut model = Model::new();
    let x = model.new_var(0..300);
    let y = model.new_var(0..300);
    model.binary(x, y, |a, b| a + 100 < b);
    let mut solver = Solver::new(model, Config::default());
    let report = solver.ac3(false);
    assert!(report.consistent && report.revisions.is_empty() && report.prunings.is_empty());
    let mut visits = 0;
    report.replay(|_, _| visits += 1);
    assert_eq!(visits, 0);
    assert_eq!(solver.domain(x).len(), 199);
}
