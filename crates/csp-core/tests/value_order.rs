//! The value-order hook (`Config::value_order_fn`): the search tries values
//! in the order it returns, sees the current domain, skips values outside
//! it and repeats, tries values it left out last, and matches the built-in
//! orders when it imitates them.

use std::sync::{Arc, Mutex};

use csp_core::{Config, Model, Solver, ValueOrder, Var};

#[test]
fn values_come_in_the_hooks_order() {
    let mut model = Model::new();
    model.new_var(0..10);
    // 7 is coprime to 10, so this is a permutation unlike any built-in order.
    let config = Config::new().value_order_fn(|_, domain: &[i32]| {
        let mut values = domain.to_vec();
        values.sort_by_key(|&v| (v * 7) % 10);
        values
    });
    let mut solver = Solver::new(model, config);
    let order: Vec<i32> = solver.solutions().map(|s| s.values()[0]).collect();
    assert_eq!(order, [0, 3, 6, 9, 2, 5, 8, 1, 4, 7]);
}

#[test]
fn foreign_values_and_repeats_are_skipped_and_omitted_ones_come_last() {
    let mut model = Model::new();
    model.new_var(0..6);
    let config = Config::new().value_order_fn(|_, _: &[i32]| vec![5, 99, 5, -1, 3]);
    let mut solver = Solver::new(model, config);
    let order: Vec<i32> = solver.solutions().map(|s| s.values()[0]).collect();
    assert_eq!(order, [5, 3, 0, 1, 2, 4]);
}

/// Each call of the hook: the variable and the domain it was given.
type Calls = Vec<(Var, Vec<i32>)>;

#[test]
fn the_hook_sees_each_variable_and_its_current_domain() {
    let mut model = Model::new();
    let x = model.new_var(0..4);
    let y = model.new_var(0..4);
    model.not_equal(x, y);
    let calls: Arc<Mutex<Calls>> = Arc::default();
    let seen = Arc::clone(&calls);
    let config = Config::new().value_order_fn(move |var, domain: &[i32]| {
        seen.lock().unwrap().push((var, domain.to_vec()));
        domain.iter().rev().copied().collect()
    });
    let mut solver = Solver::new(model, config);
    let solution = solver.solve().solution.expect("satisfiable");
    // x is tried first, from the top; y then sees x's value removed.
    assert_eq!(solution.values(), [3, 2]);
    let calls = calls.lock().unwrap();
    assert_eq!(*calls, [(x, vec![0, 1, 2, 3]), (y, vec![0, 1, 2])]);
}

/// `n` queens, one variable per column, with row differences as tables.
fn queens(n: i32) -> Model {
    let mut model = Model::new();
    let vars = model.new_vars(n as usize, 0..n);
    for i in 0..n {
        for j in i + 1..n {
            let d = j - i;
            let allowed: Vec<(i32, i32)> = (0..n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .filter(|&(a, b)| a != b && (a - b).abs() != d)
                .collect();
            model.table(vars[i as usize], vars[j as usize], &allowed);
        }
    }
    model
}

#[test]
fn a_hook_that_imitates_descending_order_searches_the_same() {
    let builtin = Solver::new(queens(6), Config::new().value_order(ValueOrder::Descending)).solve();
    let hook = Solver::new(
        queens(6),
        Config::new().value_order_fn(|_, domain: &[i32]| domain.iter().rev().copied().collect()),
    )
    .solve();
    assert_eq!(
        hook.solution.map(|s| s.into_values()),
        builtin.solution.map(|s| s.into_values())
    );
    assert_eq!(hook.stats.nodes, builtin.stats.nodes);
    // The hook overrides `value_order`.
    let both = Solver::new(
        queens(6),
        Config::new()
            .value_order(ValueOrder::Ascending)
            .value_order_fn(|_, domain: &[i32]| domain.iter().rev().copied().collect()),
    )
    .solve();
    assert_eq!(both.stats.nodes, builtin.stats.nodes);
}

#[test]
fn the_hook_can_be_set_as_a_field_and_compares_by_identity() {
    let hook = csp_core::ValueOrderFn::new(|_, domain: &[i32]| domain.to_vec());
    let a = Config {
        value_order_fn: Some(hook.clone()),
        ..Config::default()
    };
    let b = Config {
        value_order_fn: Some(hook),
        ..Config::default()
    };
    assert_eq!(a, b);
    let c = Config::new().value_order_fn(|_, domain: &[i32]| domain.to_vec());
    assert_ne!(a, c);
    assert_eq!(format!("{:?}", c.value_order_fn), "Some(ValueOrderFn(..))");
}
