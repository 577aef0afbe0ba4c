//! SEND + MORE = MONEY: each letter a different digit, no leading zero.
//! The sum is a custom propagator (a linear equation narrowed by bounds,
//! deriving `Clone` as every propagator does), the letters one Régin
//! all-different; MAC with MRV finds the one solution and a count proves
//! there is no other.
//!
//! `cargo run -p csp-core --example send_more_money`

use csp_core::{Config, Conflict, Context, CountStatus, Model, Propagator, Solver, Status, Var};

/// `sum of coefficient * variable == 0`, kept bounds consistent.
#[derive(Debug, Clone)]
struct Linear {
    terms: Vec<(i64, Var)>,
}

impl Propagator for Linear {
    fn variables(&self) -> Vec<Var> {
        self.terms.iter().map(|&(_, var)| var).collect()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        loop {
            // The least and the greatest value of each term, and their sums.
            let mut bounds = Vec::with_capacity(self.terms.len());
            for &(a, var) in &self.terms {
                let (lo, hi) = (ctx.min(var).ok_or(Conflict)?, ctx.max(var).ok_or(Conflict)?);
                let (lo, hi) = (a * i64::from(lo), a * i64::from(hi));
                bounds.push((lo.min(hi), lo.max(hi)));
            }
            let min: i64 = bounds.iter().map(|b| b.0).sum();
            let max: i64 = bounds.iter().map(|b| b.1).sum();
            if min > 0 || max < 0 {
                return Err(Conflict);
            }
            // Each term lies within minus what the others can reach.
            let mut changed = false;
            for (&(a, var), &(lo, hi)) in self.terms.iter().zip(&bounds) {
                let (low, high) = (-(max - hi), -(min - lo));
                // low <= a * x <= high; dividing by a < 0 swaps the sides.
                let (x_lo, x_hi) = if a > 0 {
                    (-(-low).div_euclid(a), high.div_euclid(a))
                } else {
                    (-high.div_euclid(-a), (-low).div_euclid(-a))
                };
                let clamp = |x: i64| x.clamp(i32::MIN.into(), i32::MAX.into()) as i32;
                let (x_lo, x_hi) = (clamp(x_lo), clamp(x_hi));
                changed |= ctx.remove_below(var, x_lo)?;
                changed |= ctx.remove_above(var, x_hi)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let sum: i64 = self
            .terms
            .iter()
            .zip(values)
            .map(|(&(a, _), &x)| a * i64::from(x))
            .sum();
        sum == 0
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "linear"
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut model = Model::new();
    let letters = ['S', 'E', 'N', 'D', 'M', 'O', 'R', 'Y'];
    let vars = letters.map(|letter| model.new_named_var(letter.to_string(), 0..=9));
    let [s, e, n, d, m, o, r, y] = vars;
    model.all_different(&vars);
    model.remove_value(s, 0);
    model.remove_value(m, 0);
    // SEND + MORE - MONEY == 0, letter by letter.
    let word = |letters: &[Var], sign: i64| {
        let places = (0..letters.len() as u32).rev().map(|p| sign * 10i64.pow(p));
        places.zip(letters.iter().copied()).collect::<Vec<_>>()
    };
    let mut terms = word(&[s, e, n, d], 1);
    terms.extend(word(&[m, o, r, e], 1));
    terms.extend(word(&[m, o, n, e, y], -1));
    model.add_propagator(Linear { terms });

    let mut solver = Solver::new(model.clone(), Config::default());
    let outcome = solver.solve();
    assert_eq!(outcome.status, Status::Solved);
    let solution = outcome.solution.ok_or("no solution")?;
    let number = |word: &[Var]| word.iter().fold(0, |n, &var| 10 * n + solution[var]);
    let (send, more, money) = (
        number(&[s, e, n, d]),
        number(&[m, o, r, e]),
        number(&[m, o, n, e, y]),
    );
    println!("{send} + {more} = {money}");
    let assignment: Vec<String> = vars
        .iter()
        .map(|&var| format!("{}={}", model.name(var), solution[var]))
        .collect();
    println!("{}", assignment.join(" "));
    println!(
        "nodes {}, backtracks {}, propagations {}",
        outcome.stats.nodes, outcome.stats.backtracks, outcome.stats.propagations
    );
    let count = solver.count(u64::MAX);
    assert_eq!(count.status, CountStatus::Complete);
    println!("solutions: {}, every one counted", count.count);
    assert_eq!(count.count, 1);
    assert_eq!(send + more, money);
    Ok(())
}
