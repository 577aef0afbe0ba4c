//! The chain techniques (6.5 and up) on whole solving paths: a sample of the
//! cbg000 puzzles that Sudoku Explainer rated 6.5 to 9.1, each path checked
//! step by step against the puzzle's unique solution, and its ER against
//! the published one. The puzzles are in `fixtures/sudoku/rated/`; every one
//! of them runs in release through `cargo xtask verify` and the
//! `se_agreement` example.

use sudoku::explain::{Candidates, Technique, solve_path, unique_solution};

fn rated(file: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/sudoku/rated/");
    std::fs::read_to_string(format!("{path}{file}"))
        .unwrap_or_else(|e| panic!("fixtures/sudoku/rated/{file}: {e}"))
}

#[test]
fn chain_paths_are_right_and_rated_as_se_rates_them() {
    let text = rated("cbg000-berthier-ser.tsv");
    let mut checked = 0;
    let mut chains = 0;
    for (number, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let published: f64 = fields[1].parse().expect("a rating");
        if published < 6.5 || number % 60 != 0 {
            continue;
        }
        let grid = Candidates::parse(fields[0]).expect("a puzzle");
        let solution = unique_solution(&grid).expect("one solution");
        let path = solve_path(&grid);
        assert!(path.solved, "line {}: stuck", number + 1);
        for step in &path.steps {
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution[cell], digit, "line {}: {}", number + 1, step.text);
            }
            for &(cell, digit) in &step.placements {
                assert_eq!(solution[cell], digit, "line {}: {}", number + 1, step.text);
            }
            if matches!(step.technique, Technique::Chain(_)) {
                chains += 1;
                assert!(
                    !step.links.is_empty(),
                    "line {}: a chain without links",
                    number + 1
                );
            }
        }
        assert_eq!(
            path.er.to_string(),
            format!("{published:.1}"),
            "line {}: {}",
            number + 1,
            fields[0]
        );
        checked += 1;
    }
    assert!(
        checked >= 5 && chains >= checked,
        "{checked} puzzles, {chains} chain steps"
    );
}
