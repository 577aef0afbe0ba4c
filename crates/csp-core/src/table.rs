//! The n-ary table constraint: the variables take one of a list of allowed
//! tuples (a positive table), kept generalised arc consistent (GAC).
//!
//! A value survives while some allowed tuple containing it is still possible
//! (every component in its variable's domain). Each (position, value) keeps
//! the list of tuples that contain it and a residue: the place in that list
//! where a valid tuple was last found. The residue is only a hint, checked
//! before use, so it stays correct after backtracking without being
//! restored; a check that finds the residue still valid costs one tuple
//! test, which is what makes repeated propagation cheap.

use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator};
use crate::var::Var;

/// `vars` take the values of one of the allowed tuples, with GAC. Build it
/// with [`Model::table_nary`](crate::Model::table_nary) or
/// [`Table::new`] and [`Model::add_propagator`](crate::Model::add_propagator).
#[derive(Debug, Clone)]
pub struct Table {
    vars: Vec<Var>,
    arity: usize,
    /// Number of allowed tuples (also when the arity is 0).
    count: usize,
    /// The tuples, flat: tuple `t` is `tuples[t * arity..(t + 1) * arity]`.
    tuples: Vec<i32>,
    /// Per position, the distinct values the tuples use there, ascending.
    values: Vec<Vec<i32>>,
    /// Per position and value (as indexed in `values`), the tuples containing it.
    supports: Vec<Vec<Vec<u32>>>,
    /// Per position and value, where in its support list a valid tuple was last found.
    residues: Vec<Vec<u32>>,
    /// Values to remove, gathered before removing (the domain is borrowed while read).
    dead: Vec<i32>,
}

impl Table {
    /// The constraint "`vars` take one of `tuples`" (duplicates are harmless).
    ///
    /// # Panics
    ///
    /// If a tuple's length is not the number of variables: that is a
    /// modelling error, not a property of the data.
    pub fn new<T: AsRef<[i32]>>(vars: &[Var], tuples: impl IntoIterator<Item = T>) -> Table {
        let arity = vars.len();
        let mut flat = Vec::new();
        let mut count = 0;
        for tuple in tuples {
            let tuple = tuple.as_ref();
            assert_eq!(
                tuple.len(),
                arity,
                "a table tuple must have one value per variable"
            );
            flat.extend_from_slice(tuple);
            count += 1;
        }
        let mut values: Vec<Vec<i32>> = (0..arity)
            .map(|pos| (0..count).map(|t| flat[t * arity + pos]).collect())
            .collect();
        for list in &mut values {
            list.sort_unstable();
            list.dedup();
        }
        let mut supports: Vec<Vec<Vec<u32>>> = values
            .iter()
            .map(|list| vec![Vec::new(); list.len()])
            .collect();
        for t in 0..count {
            for pos in 0..arity {
                let value = flat[t * arity + pos];
                if let Ok(k) = values[pos].binary_search(&value) {
                    supports[pos][k].push(t as u32);
                }
            }
        }
        let residues = values.iter().map(|list| vec![0; list.len()]).collect();
        Table {
            vars: vars.to_vec(),
            arity,
            count,
            tuples: flat,
            values,
            supports,
            residues,
            dead: Vec::new(),
        }
    }
}

/// Whether every component of tuple `t` is still in its variable's domain.
#[inline]
fn valid(ctx: &Context<'_>, vars: &[Var], tuple: &[i32]) -> bool {
    vars.iter()
        .zip(tuple)
        .all(|(&var, &value)| ctx.contains(var, value))
}

impl Propagator for Table {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.count == 0 {
            return Err(Conflict);
        }
        let arity = self.arity;
        // Removing a value can take away the last support of a value at
        // another position, so sweep until a sweep removes nothing: one call
        // reaches the constraint's own fixpoint.
        loop {
            let mut changed = false;
            for pos in 0..arity {
                let var = self.vars[pos];
                self.dead.clear();
                for value in ctx.values(var) {
                    let Ok(k) = self.values[pos].binary_search(&value) else {
                        // No tuple has this value here.
                        self.dead.push(value);
                        continue;
                    };
                    let list = &self.supports[pos][k];
                    let residue = &mut self.residues[pos][k];
                    // Start at the residue and wrap around, so the scan that
                    // finds it still valid is a single tuple test.
                    let start = *residue as usize;
                    let found = (0..list.len())
                        .map(|i| (start + i) % list.len())
                        .find(|&i| {
                            let t = list[i] as usize;
                            valid(ctx, &self.vars, &self.tuples[t * arity..(t + 1) * arity])
                        });
                    match found {
                        Some(i) => *residue = i as u32,
                        None => self.dead.push(value),
                    }
                }
                for i in 0..self.dead.len() {
                    changed |= ctx.remove(var, self.dead[i])?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        if self.arity == 0 {
            return self.count > 0;
        }
        // Only the tuples holding the first value can match.
        self.values[0].binary_search(&values[0]).is_ok_and(|k| {
            self.supports[0][k].iter().any(|&t| {
                let t = t as usize;
                self.tuples[t * self.arity..(t + 1) * self.arity] == *values
            })
        })
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "table"
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds an n-ary table constraint: `vars` take the values of one of
    /// `tuples` (a positive table), kept generalised arc consistent by
    /// scanning each value's supports from a residue (see [`Table`]).
    ///
    /// # Panics
    ///
    /// If a tuple's length is not `vars.len()`.
    pub fn table_nary<T: AsRef<[i32]>>(
        &mut self,
        vars: &[Var],
        tuples: impl IntoIterator<Item = T>,
    ) {
        self.add_propagator(Table::new(vars, tuples));
    }
}
