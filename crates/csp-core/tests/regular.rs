//! The regular constraint (`Regular`, `Model::regular`) and its automata
//! (`Automaton::new`, `Automaton::nonogram`) against brute force on
//! thousands of random small instances: random automata (a few states, and
//! more than 64 so that state sets take several words) and nonogram lines;
//! a fixpoint never removes a value a solution uses and leaves every
//! domain exactly the projection of the accepted words (domain
//! consistency), also after variables are fixed one by one on the same
//! solver; search counts what brute force counts, alone and beside
//! all-different, counts and sums.

mod support;

use csp_core::{Automaton, AutomatonError, Config, Model, Regular, Solver, Var};
use support::{
    Case, Figures, Level, Prunings, Random, check_count, check_propagation, check_sound_and_count,
    configs,
};

/// A random automaton over the values `0..values`: each transition there
/// with probability `percent`, to a random state; a random start; each state
/// accepting with probability 2/5.
fn random_automaton(random: &mut Random, states: usize, values: i32, percent: usize) -> Automaton {
    let mut transitions = Vec::new();
    for from in 0..states {
        for value in 0..values {
            if random.chance(percent) {
                transitions.push((from, value, random.below(states)));
            }
        }
    }
    let accepting: Vec<usize> = (0..states).filter(|_| random.chance(40)).collect();
    let start = random.below(states);
    Automaton::new(states, start, &accepting, &transitions).expect("a valid automaton")
}

/// The runs of 1s of a line, by length.
fn runs(line: &[i32]) -> Vec<usize> {
    line.split(|&cell| cell != 1)
        .filter(|run| !run.is_empty())
        .map(<[i32]>::len)
        .collect()
}

/// An automaton and the domains of `n` variables, at random.
type Make<'a> = &'a mut dyn FnMut(&mut Random, usize) -> (Automaton, Vec<Vec<i32>>);

fn check_automaton_cases(
    random: &mut Random,
    rounds: usize,
    make: Make<'_>,
    figures: &mut Figures,
) {
    for _ in 0..rounds {
        let n = 3 + random.below(4);
        let (automaton, domains) = make(random, n);
        let for_add = automaton.clone();
        let add = move |model: &mut Model, vars: &[Var]| model.regular(vars, &for_add);
        let holds = move |values: &[i32]| automaton.accepts(values);
        let case = Case {
            domains,
            add: &add,
            holds: &holds,
        };
        check_propagation(random, &case, &Level::Domain, figures);
    }
}

#[test]
fn a_fixpoint_is_sound_and_domain_consistent_on_random_automata() {
    let mut random = Random::new(0x5eed_0201);
    let mut figures = Figures::default();
    let mut make = |random: &mut Random, n: usize| {
        let states = 1 + random.below(5);
        let automaton = random_automaton(random, states, 3, 85);
        // Domains reach one value past the alphabet on each side.
        let domains = (0..n).map(|_| random.domain(-1, 5, 60)).collect();
        (automaton, domains)
    };
    check_automaton_cases(&mut random, 4000, &mut make, &mut figures);
    figures.print("regular fixpoints (random automata)");
    assert!(figures.removals > 5000 && figures.failures > 100);
}

#[test]
fn a_fixpoint_is_domain_consistent_with_transitions_in_many_directions() {
    // 12 to 64 states with random transitions: a column moves its states
    // by more than 8 different steps, so it is walked state by state.
    let mut random = Random::new(0x5eed_0206);
    let mut figures = Figures::default();
    let mut make = |random: &mut Random, n: usize| {
        let states = 12 + random.below(53);
        let automaton = random_automaton(random, states, 3, 80);
        let domains = (0..n).map(|_| random.domain(0, 3, 70)).collect();
        (automaton, domains)
    };
    check_automaton_cases(&mut random, 800, &mut make, &mut figures);
    figures.print("regular fixpoints (12 to 64 states)");
}

#[test]
fn a_fixpoint_is_domain_consistent_with_more_than_64_states() {
    let mut random = Random::new(0x5eed_0202);
    let mut figures = Figures::default();
    let mut make = |random: &mut Random, n: usize| {
        let states = 60 + random.below(80);
        let automaton = random_automaton(random, states, 3, 80);
        let domains = (0..n).map(|_| random.domain(0, 3, 70)).collect();
        (automaton, domains)
    };
    check_automaton_cases(&mut random, 600, &mut make, &mut figures);
    figures.print("regular fixpoints (60 to 139 states)");
}

#[test]
fn a_fixpoint_is_domain_consistent_on_nonogram_lines() {
    let mut random = Random::new(0x5eed_0203);
    let mut figures = Figures::default();
    let mut make = |random: &mut Random, n: usize| {
        // The clue of a random line, or now and then any clue.
        let line: Vec<i32> = (0..n).map(|_| random.chance(50) as i32).collect();
        let clue = if random.chance(80) {
            runs(&line)
        } else {
            (0..random.below(3)).map(|_| 1 + random.below(3)).collect()
        };
        let domains = (0..n)
            .map(|_| match random.below(8) {
                0 => vec![0],
                1 => vec![1],
                _ => vec![0, 1],
            })
            .collect();
        (Automaton::nonogram(&clue), domains)
    };
    check_automaton_cases(&mut random, 4000, &mut make, &mut figures);
    figures.print("regular fixpoints (nonogram lines)");
}

#[test]
fn a_variable_listed_twice_prunes_soundly() {
    let mut random = Random::new(0x5eed_0204);
    let mut figures = Figures::default();
    for _ in 0..1500 {
        let n = 3 + random.below(3);
        let states = 1 + random.below(4);
        let automaton = random_automaton(&mut random, states, 3, 70);
        let domains: Vec<Vec<i32>> = (0..n).map(|_| random.domain(0, 3, 70)).collect();
        let scope: Vec<usize> = (0..n + 2).map(|_| random.below(n)).collect();
        let (scope_add, automaton_add) = (scope.clone(), automaton.clone());
        let add = move |model: &mut Model, vars: &[Var]| {
            let listed: Vec<Var> = scope_add.iter().map(|&i| vars[i]).collect();
            model.regular(&listed, &automaton_add);
        };
        let holds = move |values: &[i32]| {
            let word: Vec<i32> = scope.iter().map(|&i| values[i]).collect();
            automaton.accepts(&word)
        };
        let case = Case {
            domains,
            add: &add,
            holds: &holds,
        };
        check_sound_and_count(&mut random, &case, &mut figures);
    }
    figures.print("regular with repeated variables");
}

#[test]
fn search_counts_as_brute_force_with_other_constraints() {
    let mut random = Random::new(0x5eed_0205);
    let mut figures = Figures::default();
    for round in 0..800 {
        let n = 3 + random.below(4);
        let states = 1 + random.below(5);
        let automaton = random_automaton(&mut random, states, 4, 75);
        let domains: Vec<Vec<i32>> = (0..n).map(|_| random.domain(0, 4, 70)).collect();
        let mut model = Model::new();
        let vars: Vec<Var> = domains
            .iter()
            .map(|d| model.new_var(d.iter().copied()))
            .collect();
        model.regular(&vars, &automaton);
        // Beside it: an all-different over the first three, at most two
        // variables equal to 1, or a sum, by turns.
        let kind = round % 4;
        let sum = random.between(0, 3 * n as i64);
        match kind {
            0 => model.all_different(&vars[..3]),
            1 => model.at_most(&vars, 2),
            2 => model.linear(&vars, &vec![1; n], sum - 2, sum),
            _ => {}
        }
        let holds = |values: &[i32]| {
            let total: i64 = values.iter().map(|&v| v as i64).sum();
            automaton.accepts(values)
                && match kind {
                    0 => values[0] != values[1] && values[0] != values[2] && values[1] != values[2],
                    1 => values.iter().filter(|&&v| v == 1).count() <= 2,
                    2 => sum - 2 <= total && total <= sum,
                    _ => true,
                }
        };
        for config in configs() {
            check_count(model.clone(), config, &domains, &holds, &mut figures);
        }
    }
    figures.print("regular searches");
    assert!(figures.solutions > 10_000);
}

#[test]
fn a_nonogram_automaton_accepts_the_lines_of_its_clue() {
    let mut lines = 0;
    for n in 0..=10usize {
        for bits in 0..1u32 << n {
            let line: Vec<i32> = (0..n).map(|i| (bits >> i & 1) as i32).collect();
            let clue = runs(&line);
            assert!(Automaton::nonogram(&clue).accepts(&line), "{line:?}");
            // A clue one longer in a run, or one run fewer, rejects it.
            if let Some(&first) = clue.first() {
                let mut longer = clue.clone();
                longer[0] = first + 1;
                assert!(!Automaton::nonogram(&longer).accepts(&line));
                assert!(!Automaton::nonogram(&clue[1..]).accepts(&line));
            }
            lines += 1;
        }
    }
    assert!(Automaton::nonogram(&[0]).accepts(&[0, 0]));
    assert!(!Automaton::nonogram(&[]).accepts(&[0, 1]));
    assert!(!Automaton::nonogram(&[1]).accepts(&[0, 2]));
    println!("nonogram automata: {lines} lines checked against their clues");
}

#[test]
fn an_automaton_is_checked_when_built() {
    assert_eq!(
        Automaton::new(2, 2, &[], &[]),
        Err(AutomatonError::NoSuchState {
            state: 2,
            states: 2
        })
    );
    assert_eq!(
        Automaton::new(2, 0, &[1], &[(0, 5, 1), (1, 5, 3)]),
        Err(AutomatonError::NoSuchState {
            state: 3,
            states: 2
        })
    );
    assert_eq!(
        Automaton::new(2, 0, &[1], &[(0, 5, 1), (0, 5, 0)]),
        Err(AutomatonError::Nondeterministic { state: 0, value: 5 })
    );
    assert!(Automaton::new(2, 0, &[1], &[(0, 5, 1), (0, 5, 1)]).is_ok());
    assert_eq!(
        Automaton::new(2, 0, &[1], &[(0, i32::MIN, 1), (0, i32::MAX, 1)]),
        Err(AutomatonError::TooLarge {
            entries: 2 * (1 << 32)
        })
    );
    let message = Automaton::new(2, 0, &[1], &[(0, 5, 1), (0, 5, 0)])
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "two transitions leave state 0 on value 5 for different states"
    );
    // An automaton with no transitions accepts only the empty word, if its
    // start accepts.
    let empty = Automaton::new(1, 0, &[0], &[]).expect("valid");
    assert!(empty.accepts(&[]) && !empty.accepts(&[0]));
    let mut model = Model::new();
    let vars = model.new_vars(2, 0..=1);
    model.regular(&vars, &empty);
    assert_eq!(
        Solver::new(model, Config::default()).count(u64::MAX).count,
        0
    );
}

#[test]
fn prunings_name_the_automaton_and_the_label() {
    let mut model = Model::new();
    let cells = model.new_vars(5, 0..=1);
    model.add_propagator(Regular::new(&cells, &Automaton::nonogram(&[3, 1])).named("row 2"));
    let mut solver = Solver::new(model, Config::default());
    let mut names = Prunings::default();
    assert!(solver.ac3_observed(&mut names).consistent);
    // 11101 is the only line of 5 with the clue 3 1.
    let expected: Vec<(String, Var, Vec<i32>)> = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 0)]
        .map(|(i, value)| {
            (
                "regular nonogram 3 1 [row 2]".to_owned(),
                cells[i],
                vec![value],
            )
        })
        .into();
    assert_eq!(names.0, expected);
    let automaton = Automaton::new(3, 0, &[2], &[(0, 0, 1), (1, 1, 2)]).expect("valid");
    let mut model = Model::new();
    let vars = model.new_vars(2, 0..=1);
    model.regular(&vars, &automaton);
    let mut solver = Solver::new(model, Config::default());
    let mut names = Prunings::default();
    assert!(solver.ac3_observed(&mut names).consistent);
    assert_eq!(names.0[0].0, "regular automaton of 3 states");
    for config in configs() {
        let mut model = Model::new();
        let vars = model.new_vars(2, 0..=1);
        model.regular(&vars, &automaton);
        assert_eq!(Solver::new(model, config).count(u64::MAX).count, 1);
    }
}
