//! What an observer is told adds up to the solver's own statistics, under
//! every inference: one decision per node below the root, a wipe-out for
//! every failed propagation, one call per arc revision, every value pruned,
//! every solution; the
//! depths of decisions and backtracks follow the search; and an observer
//! changes nothing in the search it watches.

use csp_core::{
    Cause, Config, Inference, Model, Observer, Recorder, Solver, Stats, Status, Var, VarOrder,
};

/// N-Queens with one variable per row and pairwise predicates (arcs), or
/// with three all-different (propagators).
fn queens(n: i32, arcs: bool) -> Model {
    let mut model = Model::new();
    let rows: Vec<Var> = (0..n).map(|_| model.new_var(0..n)).collect();
    if arcs {
        for i in 0..n {
            for j in i + 1..n {
                let gap = j - i;
                model.binary(rows[i as usize], rows[j as usize], move |a, b| {
                    a != b && (a - b).abs() != gap
                });
            }
        }
    } else {
        model.all_different(&rows);
        let rising: Vec<(Var, i32)> = rows.iter().zip(0..).map(|(&v, i)| (v, i)).collect();
        let falling: Vec<(Var, i32)> = rows.iter().zip(0..).map(|(&v, i)| (v, -i)).collect();
        model.all_different_offset(&rising);
        model.all_different_offset(&falling);
    }
    model
}

#[derive(Default)]
struct Tally {
    propagations: Vec<(Cause, usize)>,
    arcs: u64,
    pruned_values: u64,
    wipeouts: u64,
    decisions: u64,
    refutations: u64,
    solutions: Vec<Vec<i32>>,
    depth: usize,
    deepest: usize,
    problems: Vec<String>,
    ended: Option<(Status, Stats)>,
}

impl Observer for Tally {
    fn propagate(&mut self, cause: Cause, depth: usize) {
        if depth != self.depth {
            self.problems
                .push(format!("propagation at {depth}, search at {}", self.depth));
        }
        self.propagations.push((cause, depth));
    }

    fn arc_revised(&mut self, _: Var, _: Var, removed: &[i32], _: &[(Var, Var)]) {
        self.arcs += 1;
        self.pruned_values += removed.len() as u64;
    }

    fn pruned(&mut self, _: &str, _: Var, removed: &[i32]) {
        if removed.is_empty() || !removed.is_sorted() {
            self.problems.push(format!("pruned {removed:?}"));
        }
        self.pruned_values += removed.len() as u64;
    }

    fn wipeout(&mut self, _: Option<Var>) {
        self.wipeouts += 1;
    }

    fn decision(&mut self, _: Var, _: i32, depth: usize) {
        if depth != self.depth + 1 {
            self.problems
                .push(format!("decision at {depth} from {}", self.depth));
        }
        self.depth = depth;
        self.deepest = self.deepest.max(depth);
        self.decisions += 1;
    }

    fn refutation(&mut self, _: Var, _: i32, depth: usize) {
        if depth != self.depth {
            self.problems.push(format!("refutation at {depth}"));
        }
        self.refutations += 1;
    }

    fn backtrack(&mut self, depth: usize) {
        if depth + 1 != self.depth {
            self.problems
                .push(format!("backtrack to {depth} from {}", self.depth));
        }
        self.depth = depth;
    }

    fn solution(&mut self, values: &[i32]) {
        self.solutions.push(values.to_vec());
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        self.ended = Some((status, *stats));
    }
}

fn configs() -> Vec<(String, Config)> {
    let mut configs = Vec::new();
    for inference in [
        Inference::ForwardChecking,
        Inference::Ac3ThenForwardChecking,
        Inference::Mac,
    ] {
        for var_order in [VarOrder::Input, VarOrder::Mrv] {
            let config = Config::new().inference(inference).var_order(var_order);
            configs.push((format!("{inference:?} {var_order:?}"), config));
        }
    }
    configs
}

#[test]
fn the_calls_add_up_to_the_statistics() {
    for arcs in [true, false] {
        for (name, config) in configs() {
            let name = format!("{name} arcs {arcs}");
            let mut solver = Solver::new(queens(8, arcs), config.clone());
            let mut tally = Tally::default();
            let count = solver.count_observed(u64::MAX, &mut tally);
            assert_eq!(count.count, 92, "{name}");
            let stats = count.stats;
            assert!(tally.problems.is_empty(), "{name}: {:?}", tally.problems);
            assert_eq!(tally.decisions + 1, stats.nodes, "{name}: nodes");
            // Every failed decision wipes a domain out; so may a refutation
            // that leaves its variable nothing, which `backtracks` counts
            // only when it also fails the decision above.
            assert!(tally.wipeouts >= stats.backtracks, "{name}: wipe-outs");
            assert_eq!(tally.arcs, stats.arc_revisions, "{name}: arcs");
            // Propagators count their own prunings (some by the word), so
            // the values seen to go are exact only for arcs.
            if arcs {
                assert_eq!(tally.pruned_values, stats.prunings, "{name}: prunings");
            } else {
                assert!(tally.pruned_values > 0, "{name}: prunings");
            }
            assert_eq!(tally.deepest as u64, stats.max_depth, "{name}: depth");
            assert_eq!(tally.solutions.len(), 92, "{name}");
            assert!(tally.refutations > 0, "{name}");
            for solution in &tally.solutions {
                assert!(solver.is_solution(solution), "{name}: {solution:?}");
            }
            assert_eq!(tally.ended.map(|(status, _)| status), Some(Status::Solved));
            // Watching changes nothing.
            let plain = Solver::new(queens(8, arcs), config).count(u64::MAX);
            assert_eq!(
                (
                    plain.stats.nodes,
                    plain.stats.backtracks,
                    plain.stats.prunings
                ),
                (stats.nodes, stats.backtracks, stats.prunings),
                "{name}"
            );
        }
    }
}

#[test]
fn solve_reports_its_solution_and_status() {
    let mut solver = Solver::new(queens(10, false), Config::new());
    let mut tally = Tally::default();
    let outcome = solver.solve_observed(&mut tally);
    assert_eq!(outcome.status, Status::Solved);
    let solution = outcome.solution.expect("10 queens can be placed");
    assert_eq!(tally.solutions, vec![solution.values().to_vec()]);
    assert_eq!(tally.ended.map(|(status, _)| status), Some(Status::Solved));
    assert_eq!(tally.propagations.first(), Some(&(Cause::Root, 0)));
    let mut unsolvable = Solver::new(queens(3, true), Config::new());
    let mut tally = Tally::default();
    let outcome = unsolvable.solve_observed(&mut tally);
    assert_eq!(outcome.status, Status::Unsolvable);
    assert_eq!(
        tally.ended.map(|(status, _)| status),
        Some(Status::Unsolvable)
    );
    assert!(tally.wipeouts > 0);
}

#[test]
fn the_ac3_trace_is_what_a_recorder_hears() {
    let mut model = queens(6, true);
    let first = Var::from_index(0);
    model.assign(first, 1);
    let traced = Solver::new(model.clone(), Config::new()).ac3(true);
    let mut recorder = Recorder::default();
    let observed = Solver::new(model, Config::new()).ac3_observed(&mut recorder);
    assert_eq!(traced.consistent, observed.consistent);
    assert!(!recorder.revisions.is_empty());
    assert_eq!(recorder.revisions, traced.revisions);
    assert_eq!(recorder.prunings, traced.prunings);
    assert_eq!(
        recorder.revisions.len() as u64,
        traced.stats.arc_revisions,
        "one call per revision"
    );
}
