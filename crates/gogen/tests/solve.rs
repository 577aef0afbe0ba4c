//! Both solvers on every real puzzle, checked independently and against the
//! published solutions; parsing errors; the human views as snapshots.

use std::path::PathBuf;

use gogen::{Algorithm, Grid, ParseError, Puzzle, SolveOptions, Status, check, solve};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/gogen")
}

fn sample() -> Puzzle {
    std::fs::read_to_string(fixtures().join("seed-sample.txt"))
        .unwrap()
        .parse()
        .unwrap()
}

fn run(puzzle: &Puzzle, algorithm: Algorithm, solution_limit: u64) -> gogen::Outcome {
    solve(
        puzzle,
        &SolveOptions {
            algorithm,
            solution_limit,
            node_limit: None,
        },
    )
}

/// The real puzzles with the solution their data file records.
fn real_puzzles() -> Vec<(String, Puzzle, Option<String>)> {
    let mut puzzles = Vec::new();
    for entry in std::fs::read_dir(fixtures().join("puzzles")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(puzzle) = text.parse::<Puzzle>() else {
            continue;
        };
        let published = text
            .split("\nsolution\n")
            .nth(1)
            .map(|rest| rest.split_whitespace().collect::<String>());
        puzzles.push((name, puzzle, published));
    }
    puzzles.sort_by(|a, b| a.0.cmp(&b.0));
    puzzles
}

#[test]
fn seed_sample_solves_to_the_seed_answer_from_both_input_forms() {
    let words = std::fs::read_to_string(fixtures().join("seed-gwords.txt")).unwrap();
    let from_seed = Puzzle::from_seed_files(&words, "MGDWLYSJB").unwrap();
    assert_eq!(from_seed, sample());
    for algorithm in [Algorithm::Csp, Algorithm::Dfs] {
        let outcome = run(&from_seed, algorithm, 1);
        assert_eq!(
            outcome.solutions[0].to_line(),
            "MNGKDHAXEVWCLRYQUIPOSTJFB",
            "{algorithm:?}"
        );
    }
}

#[test]
fn both_algorithms_solve_every_real_puzzle_and_agree_with_the_published_solution() {
    let puzzles = real_puzzles();
    assert!(puzzles.len() >= 55, "found {} puzzles", puzzles.len());
    let mut solved = 0;
    for (name, puzzle, published) in &puzzles {
        let csp = run(puzzle, Algorithm::Csp, 2);
        let dfs = run(puzzle, Algorithm::Dfs, 2);
        assert_eq!(
            csp.solutions.len(),
            dfs.solutions.len(),
            "{name}: the solvers disagree"
        );
        assert_eq!(csp.complete, dfs.complete, "{name}");
        if csp.complete {
            assert_eq!(
                sorted(&csp.solutions),
                sorted(&dfs.solutions),
                "{name}: the solvers disagree"
            );
        }
        for grid in &csp.solutions {
            check(puzzle, grid).unwrap_or_else(|violation| panic!("{name}: {violation}"));
        }
        if let Some(published) = published {
            assert_eq!(csp.solutions.len(), 1, "{name} is unique");
            assert_eq!(&csp.solutions[0].to_line(), published, "{name}");
            solved += 1;
        }
    }
    assert_eq!(solved, 55);
}

fn sorted(grids: &[Grid]) -> Vec<String> {
    let mut lines: Vec<String> = grids.iter().map(Grid::to_line).collect();
    lines.sort();
    lines
}

#[test]
fn both_algorithms_find_the_same_sixteen_solutions_of_the_variant() {
    let text = std::fs::read_to_string(fixtures().join("puzzles/imperial-hard.txt")).unwrap();
    let puzzle: Puzzle = text.parse().unwrap();
    let csp = run(&puzzle, Algorithm::Csp, 100);
    let dfs = run(&puzzle, Algorithm::Dfs, 100);
    assert!(csp.complete && dfs.complete);
    assert_eq!(csp.solutions.len(), 16);
    assert_eq!(sorted(&csp.solutions), sorted(&dfs.solutions));
    for grid in &csp.solutions {
        assert_eq!(check(&puzzle, grid), Ok(()));
    }
}

#[test]
fn every_unique_real_puzzle_falls_to_propagation_alone() {
    for (name, puzzle, published) in real_puzzles() {
        if published.is_some() {
            assert_eq!(
                run(&puzzle, Algorithm::Csp, 1).stats.nodes,
                1,
                "{name} needed a guess"
            );
        }
    }
}

#[test]
fn unsolvable_puzzles_are_reported_by_both() {
    let typo: Puzzle = std::fs::read_to_string(fixtures().join("puzzles/bmehta-13.txt"))
        .unwrap()
        .parse()
        .unwrap();
    let doubled: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nBOOK\n"
        .parse()
        .unwrap();
    for puzzle in [typo, doubled] {
        for algorithm in [Algorithm::Csp, Algorithm::Dfs] {
            let outcome = run(&puzzle, algorithm, 1);
            assert_eq!(outcome.status(), Status::Unsolvable, "{algorithm:?}");
            assert!(outcome.complete);
        }
    }
}

#[test]
fn the_node_limit_ends_a_search_with_status_limit() {
    let puzzle: Puzzle = "G...W\n.....\n.E.H.\n.....\nP...B\n\nBALKERS\n"
        .parse()
        .unwrap();
    let outcome = solve(
        &puzzle,
        &SolveOptions {
            algorithm: Algorithm::Dfs,
            solution_limit: 1,
            node_limit: Some(3),
        },
    );
    assert_eq!(outcome.status(), Status::Limit);
}

#[test]
fn the_checker_rejects_moved_givens_and_broken_words() {
    let puzzle = sample();
    let good = Grid::from_line("MNGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    assert_eq!(check(&puzzle, &good), Ok(()));
    let given_moved = Grid::from_line("NMGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    assert!(matches!(
        check(&puzzle, &given_moved),
        Err(gogen::Violation::GivenChanged {
            row: 1,
            column: 1,
            ..
        })
    ));
    let word_broken = Grid::from_line(
        "MNGKDHAXEVWCLRYQUIPOSTJFB"
            .replace(['U', 'T'], "")
            .replacen("Q", "QT", 1)
            .replacen("S", "SU", 1)
            .as_str(),
    );
    assert!(word_broken.is_some_and(|grid| check(&puzzle, &grid).is_err()));
    assert!(
        Grid::from_line("MNGKDHAXEVWCLRYQUIPOSTJFF").is_none(),
        "a letter twice is no grid"
    );
}

fn parse_error(text: &str) -> ParseError {
    text.parse::<Puzzle>().expect_err("the text is malformed")
}

#[test]
fn malformed_puzzles_name_the_line_and_what_was_expected() {
    let cases = [
        (
            "M.G.D\n.....\nW.L.Y\n.....\n\nAXLE\n",
            "line 5: expected a grid row of 5 letters or '.', found \"\"",
        ),
        (
            "M.G.D\n....\nW.L.Y\n.....\nS.J.B\n\nAXLE\n",
            "line 2: expected a grid row of 5 letters or '.', found \"....\"",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.M\n\nAXLE\n",
            "line 5, column 5: letter M is given twice",
        ),
        (
            "M.G.D\n.....\nW.Z.Y\n.....\nS.J.B\n\nAXLE\n",
            "line 3, column 3: expected a letter A-Y or '.', found 'Z'",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE PIZZA\n",
            "line 7, column 8: word \"PIZZA\" has 'Z', which is not a letter A-Y",
        ),
        (
            // Columns count characters of the line as written: indentation,
            // separators and letters before the bad one.
            "M.G.D\n.....\n  W.Z.Y\n.....\nS.J.B\n\nAXLE\n",
            "line 3, column 5: expected a letter A-Y or '.', found 'Z'",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\tAXLE,  CAFÉ\n",
            "line 7, column 12: word \"CAFÉ\" has 'É', which is not a letter A-Y",
        ),
        (
            // A no-break space separates words like any other space.
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE,\u{a0}CAF1\n",
            "line 7, column 10: word \"CAF1\" has '1', which is not a letter A-Y",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\nwords 2\nAXLE\n",
            "line 6: the header announces 2 words but 1 follow",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n",
            "expected at least one word after the grid",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(parse_error(text).to_string(), message, "{text:?}");
    }
}

#[test]
fn seed_form_errors() {
    let words = "2\nAXLE\nMAN\n";
    assert!(matches!(
        Puzzle::from_seed_files(words, "MGDWLYSJ"),
        Err(ParseError::Letters { .. })
    ));
    assert!(matches!(
        Puzzle::from_seed_files(words, "MGDWLYSJM"),
        Err(ParseError::Letters { .. })
    ));
    assert!(matches!(
        Puzzle::from_seed_files(words, "MGDWLYSJ1"),
        Err(ParseError::Letters { .. })
    ));
    assert!(matches!(
        Puzzle::from_seed_files("3\nAXLE\nMAN\n", "MGDWLYSJB"),
        Err(ParseError::WordCount {
            line: 1,
            announced: 3,
            found: 2
        })
    ));
    assert!(matches!(
        Puzzle::from_seed_files("two\nAXLE\nMAN\n", "MGDWLYSJB"),
        Err(ParseError::WordCountHeader { line: 1, .. })
    ));
}

#[test]
fn the_canonical_form_round_trips() {
    for (name, puzzle, _) in real_puzzles() {
        let printed = puzzle.to_string();
        assert_eq!(printed.parse::<Puzzle>().as_ref(), Ok(&puzzle), "{name}");
    }
    let lower: Puzzle = "m.g.d\n.....\nw.l.y\n.....\ns.j.b\n\nacquire axle,cut derv fir just keg man pile pry rob wham".parse().unwrap();
    assert_eq!(lower, sample());
}

#[test]
fn human_views() {
    let puzzle = sample();
    let grid = run(&puzzle, Algorithm::Csp, 1).solutions[0];
    insta::assert_snapshot!("sample_grid", grid.to_string());
    insta::assert_snapshot!("sample_word_acquire", grid.highlight("ACQUIRE"));
    insta::assert_snapshot!("sample_puzzle_canonical", puzzle.to_string());
}
