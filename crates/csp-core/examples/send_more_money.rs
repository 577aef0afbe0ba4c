//! SEND + MORE = MONEY: each letter a different digit, no leading zero.
//! The sum is one linear equation (`Model::linear_eq`, kept bounds
//! consistent), the letters one Régin all-different; MAC with MRV finds the
//! one solution and a count proves there is no other.
//!
//! `cargo run -p csp-core --example send_more_money`

use csp_core::{Config, CountStatus, Model, Solver, Status, Var};

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
    let (coeffs, letters): (Vec<i64>, Vec<Var>) = terms.into_iter().unzip();
    model.linear_eq(&letters, &coeffs, 0);

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
