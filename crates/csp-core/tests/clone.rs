//! A cloned model is a model of its own: custom propagators included, it
//! solves like the original, and constraints added to one leave the other.

use csp_core::{Config, Conflict, Context, Model, Propagator, Solver, Var};

/// `x < y`, by bounds.
#[derive(Debug, Clone)]
struct Less(Var, Var);

impl Propagator for Less {
    fn variables(&self) -> Vec<Var> {
        vec![self.0, self.1]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, y) = (self.0, self.1);
        let y_max = ctx.max(y).ok_or(Conflict)?;
        ctx.remove_above(x, y_max - 1)?;
        let x_min = ctx.min(x).ok_or(Conflict)?;
        ctx.remove_below(y, x_min + 1)?;
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        values[0] < values[1]
    }
}

fn count(model: Model) -> u64 {
    Solver::new(model, Config::default()).count(u64::MAX).count
}

#[test]
fn a_clone_solves_alike_and_stays_apart() {
    let mut model = Model::new();
    let vars = model.new_vars(3, 0..4);
    model.all_different(&vars);
    model.add_propagator(Less(vars[0], vars[1]));
    let copy = model.clone();
    // 4 * 3 * 2 orders of three distinct values, half with x0 < x1.
    assert_eq!(count(model.clone()), 12);
    let mut stricter = copy.clone();
    stricter.add_propagator(Less(vars[1], vars[2]));
    assert_eq!(count(stricter), 4, "C(4, 3) increasing triples");
    assert_eq!(count(copy), 12, "the clone kept its own constraints");
    assert_eq!(count(model), 12);
}
