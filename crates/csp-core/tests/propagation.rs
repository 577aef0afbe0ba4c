//! Propagation unit tests: all-different Hall sets and pigeonhole, AC-3 and
//! its revision trace (including the sample crossword of the revision table), large domains.

use csp_core::{ArcRevision, Config, Model, Solver, Var};

/// Runs the root fixpoint (AC-3 plus propagators) and returns each domain, or `None` on failure.
fn propagate(model: Model) -> Option<Vec<Vec<i32>>> {
    let vars: Vec<Var> = model.vars().collect();
    let mut solver = Solver::new(model, Config::new());
    let report = solver.ac3(false);
    report
        .consistent
        .then(|| vars.iter().map(|&v| solver.domain(v)).collect())
}

/// Initial domains and the domains expected after propagation (`None`: failure).
type Case<'a> = (&'a [&'a [i32]], Option<&'a [&'a [i32]]>);

fn check_all_different(domains: &[&[i32]], expected: Option<&[&[i32]]>) {
    let mut model = Model::new();
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| model.new_var(d.iter().copied()))
        .collect();
    model.all_different(&vars);
    let got = propagate(model);
    let expected = expected.map(|e| e.iter().map(|d| d.to_vec()).collect::<Vec<_>>());
    assert_eq!(got, expected, "domains {domains:?}");
}

#[test]
fn all_different_prunes_hall_sets_and_detects_pigeonholes() {
    #[rustfmt::skip]
    let cases: &[Case] = &[
        // Naked pair {1,2} forces the third variable.
        (&[&[1, 2], &[1, 2], &[1, 2, 3]], Some(&[&[1, 2], &[1, 2], &[3]])),
        // Naked pair among four.
        (&[&[1, 2], &[1, 2], &[1, 2, 3, 4], &[1, 2, 3, 4]], Some(&[&[1, 2], &[1, 2], &[3, 4], &[3, 4]])),
        // Hidden single: only the last variable can take 4.
        (&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3], &[1, 2, 3, 4]], Some(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3], &[4]])),
        // More values than variables: the Hall set still prunes.
        (&[&[1, 2], &[1, 2], &[1, 2, 3, 4]], Some(&[&[1, 2], &[1, 2], &[3, 4]])),
        // Hidden pair {3,4} in the last two variables.
        (&[&[1, 2], &[1, 2, 5], &[1, 2, 3, 4, 5], &[1, 3, 4, 5], &[1, 2, 5]],
         Some(&[&[1, 2], &[1, 2, 5], &[3, 4], &[3, 4], &[1, 2, 5]])),
        // Nothing to prune.
        (&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]], Some(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]])),
        // Pigeonhole: three variables, two values.
        (&[&[1, 2], &[1, 2], &[1, 2]], None),
        (&[&[1, 2], &[2, 3], &[1, 3], &[1, 2, 3]], None),
        // Two fixed variables with the same value.
        (&[&[4], &[4], &[1, 2, 3, 4]], None),
        // Fixed values cascade.
        (&[&[1], &[1, 2], &[1, 2, 3], &[1, 2, 3, 4]], Some(&[&[1], &[2], &[3], &[4]])),
    ];
    for (domains, expected) in cases {
        check_all_different(domains, *expected);
    }
}

#[test]
fn offset_all_different_shifts_values() {
    // a + 0 != b + 1 with a in {1,2}, b in {0,1}, b fixed to 1: a cannot be 2.
    let mut model = Model::new();
    let a = model.new_var([1, 2]);
    let b = model.new_var([0, 1]);
    model.assign(b, 1);
    model.all_different_offset(&[(a, 0), (b, 1)]);
    assert_eq!(propagate(model), Some(vec![vec![1], vec![1]]));
}

#[test]
fn general_all_different_beyond_64_values_eliminates_fixed_values() {
    let mut model = Model::new();
    let vars = model.new_vars(70, 0..100);
    for (i, &v) in vars.iter().enumerate().take(69) {
        model.assign(v, i as i32);
    }
    model.all_different(&vars);
    let domains = propagate(model).expect("consistent");
    assert_eq!(domains[69], (69..100).collect::<Vec<_>>());
}

#[test]
fn ac3_trace_records_each_revision() {
    let mut model = Model::new();
    let x = model.new_named_var("X", 1..=3);
    let y = model.new_named_var("Y", 1..=3);
    let z = model.new_named_var("Z", 1..=3);
    model.binary(x, y, |a, b| a < b);
    model.binary(y, z, |a, b| a < b);
    let mut solver = Solver::new(model, Config::new());
    let report = solver.ac3(true);
    assert!(report.consistent);
    let rev = |rx, ry, removed: &[i32], added: &[(Var, Var)]| ArcRevision {
        x: rx,
        y: ry,
        removed: removed.to_vec(),
        added: added.to_vec(),
    };
    let expected = vec![
        rev(x, y, &[3], &[]),
        rev(y, x, &[1], &[]),
        rev(y, z, &[3], &[(x, y)]),
        rev(z, y, &[1, 2], &[]),
        rev(x, y, &[2], &[]),
    ];
    assert_eq!(report.revisions, expected);
    // The domains after each change, rebuilt from the removals.
    let mut after = Vec::new();
    report.replay(|_, domain| after.push(domain.map(<[i32]>::to_vec)));
    let expected_after: Vec<Option<Vec<i32>>> = vec![
        Some(vec![1, 2]),
        Some(vec![2, 3]),
        Some(vec![2]),
        Some(vec![3]),
        Some(vec![1]),
    ];
    assert_eq!(after, expected_after);
    assert_eq!(report.stats.arc_revisions, 5);
    assert_eq!(
        (solver.domain(x), solver.domain(y), solver.domain(z)),
        (vec![1], vec![2], vec![3])
    );
}

/// The sample crossword: AC-3 alone reduces every slot to one word.
#[test]
fn ac3_solves_ac3_crossword() {
    let five = ["HOSES", "LASER", "SAILS", "SHEET", "STEER"];
    let four = ["HEEL", "HIKE", "KEEL", "KNOT", "LINE"];
    let three = ["AFT", "ALE", "EEL", "LEE", "TIE"];
    let slots: [(&str, &[&str]); 8] = [
        ("1A", &five),
        ("4A", &four),
        ("7A", &three),
        ("8A", &five),
        ("2D", &five),
        ("3D", &five),
        ("5D", &four),
        ("6D", &three),
    ];
    // (slot, slot, letter of the first, letter of the second), 1-based as in the revision table.
    let crossings = [
        ("1A", "2D", 3, 1),
        ("1A", "3D", 5, 1),
        ("4A", "2D", 2, 3),
        ("4A", "5D", 3, 1),
        ("4A", "3D", 4, 3),
        ("7A", "2D", 1, 4),
        ("7A", "5D", 2, 2),
        ("7A", "3D", 3, 4),
        ("8A", "6D", 1, 2),
        ("8A", "2D", 3, 5),
        ("8A", "5D", 4, 3),
        ("8A", "3D", 5, 5),
    ];
    let mut model = Model::new();
    let vars: Vec<Var> = slots
        .iter()
        .map(|(name, words)| model.new_named_var(*name, 0..words.len() as i32))
        .collect();
    let index = |name: &str| slots.iter().position(|s| s.0 == name).expect("slot exists");
    for (a, b, i, j) in crossings {
        let (wa, wb) = (slots[index(a)].1, slots[index(b)].1);
        let letter = |words: &[&str], position: usize| {
            let words: Vec<u8> = words
                .iter()
                .map(|w| w.as_bytes()[position - 1] - b'A')
                .collect();
            move |value: i32| words[value as usize]
        };
        model.equal_keys(vars[index(a)], vars[index(b)], letter(wa, i), letter(wb, j));
    }
    let mut solver = Solver::new(model, Config::new());
    let report = solver.ac3(true);
    assert!(report.consistent);
    let words: Vec<&str> = slots
        .iter()
        .zip(&vars)
        .map(|((_, words), &v)| {
            let domain = solver.domain(v);
            assert_eq!(domain.len(), 1);
            words[domain[0] as usize]
        })
        .collect();
    assert_eq!(
        words,
        [
            "HOSES", "HIKE", "LEE", "LASER", "SAILS", "STEER", "KEEL", "ALE"
        ]
    );
    // The first revision, as in the revision table: (1A, 2D) keeps HOSES and LASER.
    let first = &report.revisions[0];
    assert_eq!((first.x, first.y), (vars[0], vars[4]));
    let mut afters = Vec::new();
    report.replay(|revision, after| afters.push((revision.clone(), after.map(<[i32]>::to_vec))));
    assert_eq!(afters[0].1, Some(vec![0, 1]));
    // Every revision that changed a domain says so; the others do not.
    assert!(
        afters
            .iter()
            .all(|(r, after)| r.removed.is_empty() == after.is_none())
    );
    let count = solver.count(u64::MAX);
    assert_eq!(count.count, 1);
}

#[test]
fn large_domains_revise_with_keys_tables_and_predicates() {
    // x, y in 0..20000; key = value % 26; z = value of x / 1000 via a predicate.
    let mut model = Model::new();
    let x = model.new_var(0..20000);
    let y = model.new_var((0..20000).filter(|v| v % 26 < 3));
    let z = model.new_var(0..20);
    model.equal_keys(x, y, |a| (a % 26) as u8, |b| (b % 26) as u8);
    model.binary(x, z, |a, c| a / 1000 == c);
    model.assign(z, 7);
    let domains = propagate(model).expect("consistent");
    let expected: Vec<i32> = (7000..8000).filter(|v| v % 26 < 3).collect();
    assert_eq!(domains[0], expected);
    assert_eq!(domains[1].len(), (0..20000).filter(|v| v % 26 < 3).count());
    // A table over a large domain.
    let mut model = Model::new();
    let x = model.new_var(0..5000);
    let y = model.new_var(0..5000);
    let pairs: Vec<(i32, i32)> = (0..5000).map(|v| (v, 4999 - v)).collect();
    model.table(x, y, &pairs);
    model.retain(y, |v| v >= 4990);
    let domains = propagate(model).expect("consistent");
    assert_eq!(domains[0], (0..10).collect::<Vec<_>>());
}

#[test]
fn ac3_revisits_other_constraints_on_the_same_pair() {
    // c0 links y to x; c1 then removes x = 0, so c0 must be revised again for y.
    let mut model = Model::new();
    let x = model.new_var(0..2);
    let y = model.new_var(0..3);
    model.table(x, y, &[(0, 0), (1, 1), (1, 2)]);
    model.table(x, y, &[(1, 0), (1, 1), (1, 2)]);
    assert_eq!(propagate(model), Some(vec![vec![1], vec![1, 2]]));
}
