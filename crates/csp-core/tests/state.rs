//! Trailed propagator state (`Model::new_state`, `Context::state`,
//! `Context::set_state`): a propagator that counts incrementally, trusting
//! its counters to come back with the domains on backtracking, counts the
//! right solutions under every inference, with restarts too, and checks on
//! every call that its counters agree with the domains.

use csp_core::{
    Config, Conflict, Context, CountStatus, Inference, Model, Propagator, Restarts, Solver, State,
    Status, Var, VarOrder,
};

/// At most `k` of `vars` take the value 1. Which variables are already
/// counted, and how many, live in trailed states: each call only looks at
/// the newly fixed variables, which is correct only if backtracking undoes
/// the counting along with the assignments.
#[derive(Debug, Clone)]
struct AtMostOnes {
    vars: Vec<Var>,
    k: i64,
    counted: Vec<State>,
    total: State,
}

impl AtMostOnes {
    fn new(model: &mut Model, vars: &[Var], k: i64) -> Self {
        AtMostOnes {
            vars: vars.to_vec(),
            k,
            counted: vars.iter().map(|_| model.new_state(0)).collect(),
            total: model.new_state(0),
        }
    }
}

impl Propagator for AtMostOnes {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut total = ctx.state(self.total);
        for (i, &var) in self.vars.iter().enumerate() {
            if ctx.state(self.counted[i]) == 0 && ctx.value(var) == Some(1) {
                ctx.set_state(self.counted[i], 1);
                total += 1;
            }
        }
        ctx.set_state(self.total, total);
        // A counter left over from an abandoned branch would show here: a
        // variable counted as 1 that is no longer fixed to 1.
        let recount = (0..self.vars.len())
            .filter(|&i| ctx.state(self.counted[i]) == 1)
            .inspect(|&i| assert_eq!(ctx.value(self.vars[i]), Some(1), "stale state"))
            .count() as i64;
        assert_eq!(recount, total, "stale total");
        if total > self.k {
            return ctx.fail();
        }
        if total == self.k {
            for (i, &var) in self.vars.iter().enumerate() {
                if ctx.state(self.counted[i]) == 0 {
                    ctx.remove(var, 1)?;
                }
            }
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        // `values` are this constraint's variables' values, in order.
        values.iter().filter(|&&v| v == 1).count() as i64 <= self.k
    }
}

fn model(n: usize, k: i64) -> Model {
    let mut model = Model::new();
    let vars = model.new_vars(n, 0..3);
    let at_most = AtMostOnes::new(&mut model, &vars, k);
    model.add_propagator(at_most);
    model
}

/// Assignments of `n` variables over {0, 1, 2} with at most `k` ones.
fn expected(n: u64, k: u64) -> u64 {
    let choose = |n: u64, j: u64| (0..j).fold(1, |c, i| c * (n - i) / (i + 1));
    (0..=k.min(n))
        .map(|j| choose(n, j) * 2u64.pow((n - j) as u32))
        .sum()
}

#[test]
fn incremental_counts_stay_right_under_every_inference() {
    for inference in [
        Inference::Mac,
        Inference::ForwardChecking,
        Inference::Ac3ThenForwardChecking,
    ] {
        for (n, k) in [(8, 3), (6, 0), (5, 5), (7, 1)] {
            let config = Config::new().inference(inference);
            let count = Solver::new(model(n, k), config).count(u64::MAX);
            assert_eq!(count.status, CountStatus::Complete);
            assert_eq!(
                count.count,
                expected(n as u64, k as u64),
                "{inference:?} n={n} k={k}"
            );
        }
    }
}

#[test]
fn states_come_back_on_restarts_and_new_searches() {
    let config = Config::new()
        .var_order(VarOrder::DomWdeg)
        .restarts(Restarts::Luby { scale: 1 })
        .seed(9)
        .value_order_fn(|_, domain: &[i32]| {
            // Ones first: the counter fills up and the search must undo it.
            let mut values = domain.to_vec();
            values.sort_by_key(|&v| v != 1);
            values
        });
    let mut model = model(10, 2);
    // Two more variables that may never be 1: a second constraint, with
    // states of its own beside the first one's.
    let mut solver = {
        let extra = model.new_vars(2, 0..3);
        let last = AtMostOnes::new(&mut model, &extra, 0);
        model.add_propagator(last);
        Solver::new(model, config)
    };
    for _ in 0..3 {
        let outcome = solver.solve();
        assert_eq!(outcome.status, Status::Solved);
        let solution = outcome.solution.expect("solved");
        assert!(solver.is_solution(solution.values()));
        assert_eq!(
            solution
                .values()
                .iter()
                .take(10)
                .filter(|&&v| v == 1)
                .count(),
            2
        );
    }
    let count = solver.count(u64::MAX);
    assert_eq!(count.count, expected(10, 2) * 4);
}

#[test]
fn too_many_fixed_ones_is_unsatisfiable() {
    let mut model = model(4, 1);
    for index in 0..2 {
        model.assign(Var::from_index(index), 1);
    }
    let outcome = Solver::new(model, Config::new()).solve();
    assert_eq!(outcome.status, Status::Unsolvable);
}
