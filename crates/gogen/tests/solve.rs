//! Both solvers on every real puzzle, checked independently and against the
//! published solutions; parsing errors; the human views as snapshots.

use std::path::PathBuf;

use gogen::check::{self, Exhaustive};
use gogen::{Algo, Grid, GridError, Options, ParseError, Puzzle, Status, solve, solve_all};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/gogen")
}

fn sample() -> Puzzle {
    std::fs::read_to_string(fixtures().join("sample.txt"))
        .unwrap()
        .parse()
        .unwrap()
}

/// An outcome and every solution found ([`solve_all`]).
struct Run {
    outcome: gogen::Outcome,
    solutions: Vec<Grid>,
}

impl Run {
    fn status(&self) -> Status {
        self.outcome.status
    }

    fn solution(&self) -> Option<&Grid> {
        self.outcome.solution.as_ref()
    }

    fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    fn count_complete(&self) -> bool {
        self.outcome.count_complete
    }
}

fn run(puzzle: &Puzzle, algo: Algo, count_up_to: u64) -> Run {
    let (outcome, solutions) = solve_all(puzzle, &Options::new(algo).count_up_to(count_up_to));
    assert_eq!(outcome.count, solutions.len() as u64);
    assert_eq!(outcome.solution.as_ref(), solutions.first());
    assert_eq!(
        solve(puzzle, &Options::new(algo).count_up_to(count_up_to)).status,
        outcome.status
    );
    Run { outcome, solutions }
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
fn the_sample_solves_to_its_answer_from_both_input_forms() {
    let words = std::fs::read_to_string(fixtures().join("sample-words.txt")).unwrap();
    let from_words = Puzzle::from_words_file(&words, "MGDWLYSJB").unwrap();
    assert_eq!(from_words, sample());
    for algo in [Algo::Csp, Algo::Dfs] {
        let outcome = run(&from_words, algo, 1);
        assert_eq!(
            outcome.solution().unwrap().to_line(),
            "MNGKDHAXEVWCLRYQUIPOSTJFB",
            "{algo:?}"
        );
    }
}

#[test]
fn both_algorithms_solve_every_real_puzzle_and_agree_with_the_published_solution() {
    let puzzles = real_puzzles();
    assert!(puzzles.len() >= 53, "found {} puzzles", puzzles.len());
    let mut solved = 0;
    for (name, puzzle, published) in &puzzles {
        let csp = run(puzzle, Algo::Csp, 2);
        let dfs = run(puzzle, Algo::Dfs, 2);
        assert_eq!(
            csp.solutions().len(),
            dfs.solutions().len(),
            "{name}: the solvers disagree"
        );
        assert_eq!(csp.status(), dfs.status(), "{name}");
        assert_eq!(csp.count_complete(), dfs.count_complete(), "{name}");
        if csp.count_complete() {
            assert_eq!(
                sorted(csp.solutions()),
                sorted(dfs.solutions()),
                "{name}: the solvers disagree"
            );
        }
        for grid in csp.solutions() {
            check::check(puzzle, grid).unwrap_or_else(|violation| panic!("{name}: {violation}"));
        }
        if let Some(published) = published {
            assert_eq!(csp.solutions().len(), 1, "{name} is unique");
            assert_eq!(&csp.solutions()[0].to_line(), published, "{name}");
            solved += 1;
        }
    }
    assert_eq!(solved, 53);
}

fn sorted(grids: &[Grid]) -> Vec<String> {
    let mut lines: Vec<String> = grids.iter().map(Grid::to_line).collect();
    lines.sort();
    lines
}

#[test]
fn both_algorithms_find_the_same_sixteen_solutions_of_the_variant() {
    let text =
        std::fs::read_to_string(fixtures().join("puzzles/bmehta-22-five-givens.txt")).unwrap();
    let puzzle: Puzzle = text.parse().unwrap();
    let csp = run(&puzzle, Algo::Csp, 100);
    let dfs = run(&puzzle, Algo::Dfs, 100);
    assert!(csp.count_complete() && dfs.count_complete());
    assert_eq!(csp.solutions().len(), 16);
    assert_eq!(sorted(csp.solutions()), sorted(dfs.solutions()));
    for grid in csp.solutions() {
        assert_eq!(check::check(&puzzle, grid), Ok(()));
    }
}

#[test]
fn every_unique_real_puzzle_falls_to_propagation_alone() {
    for (name, puzzle, published) in real_puzzles() {
        if published.is_some() {
            assert_eq!(
                run(&puzzle, Algo::Csp, 1).outcome.stats.nodes,
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
        for algo in [Algo::Csp, Algo::Dfs] {
            let outcome = run(&puzzle, algo, 1);
            assert_eq!(outcome.status(), Status::Unsolvable, "{algo:?}");
            assert!(outcome.count_complete() && outcome.solutions().is_empty());
        }
    }
}

#[test]
fn the_node_limit_ends_a_search_with_status_limit() {
    let puzzle: Puzzle = "G...W\n.....\n.E.H.\n.....\nP...B\n\nBALKERS\n"
        .parse()
        .unwrap();
    let outcome = solve(&puzzle, &Options::new(Algo::Dfs).node_limit(3));
    assert_eq!(outcome.status, Status::Limit(gogen::Limit::Node));
    assert!(!outcome.count_complete && outcome.solution.is_none());
    assert_eq!(outcome.status.limit(), Some(gogen::Limit::Node));
    assert!(outcome.stats.nodes <= 3);
}

#[test]
fn the_checker_rejects_moved_givens_and_broken_words() {
    let puzzle = sample();
    let good = Grid::from_line("MNGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    assert_eq!(check::check(&puzzle, &good), Ok(()));
    let given_moved = Grid::from_line("NMGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    assert!(matches!(
        check::check(&puzzle, &given_moved),
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
    )
    .unwrap();
    assert!(check::check(&puzzle, &word_broken).is_err());
}

/// The checker's violation as `Puzzle::check` gives it: the message as
/// the checker words it, and the cell where (the later of two cells in
/// reading order for a rule between two), none where the rule is broken
/// at no one cell.
#[test]
fn a_violation_gives_the_cell_where_the_rule_is_broken() {
    use puzzle_kit::{Cell, Puzzle as _, Violation};
    let puzzle = sample();
    let at = |row, column| Some(Cell { row, column });
    let given_moved = Grid::from_line("NMGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    let violation = puzzle.check(&given_moved).unwrap_err();
    assert_eq!(violation.cell, at(1, 1));
    assert_eq!(
        violation.message,
        "row 1, column 1: the puzzle gives M but the grid has N"
    );
    // CUT: C at row 3, column 2, U moved to row 5, column 2.
    let word_broken = Grid::from_line("MNGKDHAXEVWCLRYQTIPOSUJFB").unwrap();
    let violation = puzzle.check(&word_broken).unwrap_err();
    assert_eq!(
        violation.message,
        "word CUT: C and U are not in adjacent cells"
    );
    assert_eq!(violation.cell, at(5, 2));
    let grid = Grid::from_line("MNGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    let path = |word: &str, cells: &[[usize; 2]]| -> Violation {
        let mut paths: check::Paths = puzzle
            .words()
            .iter()
            .map(|word| (word.clone(), grid.word_path(word).unwrap()))
            .collect();
        paths.insert(word.to_owned(), cells.to_vec());
        check::check_paths(&puzzle, &grid, &paths)
            .unwrap_err()
            .into()
    };
    assert_eq!(path("MAN", &[[0, 0], [4, 4], [0, 1]]).cell, at(5, 5));
    assert_eq!(path("MAN", &[[0, 0], [1, 1], [9, 0]]).cell, None);
    assert_eq!(path("MAN", &[[0, 0], [1, 1]]).cell, None);
    let broken = Grid::from_line("MNGKDHASEVWCLRYQUIPOXTJFB").unwrap();
    let apart: check::Paths = [("AXLE".to_owned(), vec![[1, 1], [4, 0], [2, 2], [1, 3]])]
        .into_iter()
        .collect();
    let only_axle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE".parse().unwrap();
    let violation: Violation = check::check_paths(&only_axle, &broken, &apart)
        .unwrap_err()
        .into();
    assert_eq!(violation.cell, at(5, 1));
    let not_a_grid: Violation = check::check_solution(&puzzle, "MNGKD", None)
        .unwrap_err()
        .into();
    assert_eq!(not_a_grid.cell, None);
}

#[test]
fn a_grid_line_names_what_is_wrong_and_where() {
    let cases = [
        (
            "MNGKDHAXEVWCLRYQUIPOSTJFF",
            GridError::Repeated {
                column: 25,
                first: 24,
                letter: 'F',
            },
        ),
        (
            "  MNGKDHAXEVWCLRYQUIPOSTJZB",
            GridError::NotALetter {
                column: 26,
                found: 'Z',
            },
        ),
        (
            "MNGKD",
            GridError::Length {
                column: 6,
                found: 5,
            },
        ),
        (
            "MNGKDHAXEVWCLRYQUIPOSTJFBA",
            GridError::Length {
                column: 26,
                found: 26,
            },
        ),
    ];
    for (line, error) in cases {
        assert_eq!(Grid::from_line(line), Err(error), "{line}");
    }
    assert_eq!(
        Grid::from_line(" mngkdhaxevwclryquipostjfb ").map(|grid| grid.to_line()),
        Ok("MNGKDHAXEVWCLRYQUIPOSTJFB".to_owned())
    );
    assert_eq!(
        GridError::Repeated {
            column: 25,
            first: 24,
            letter: 'F'
        }
        .to_string(),
        "column 25: letter F appears twice (first in column 24)"
    );
}

#[test]
fn the_checker_tests_claimed_paths() {
    let puzzle = sample();
    let grid = Grid::from_line("MNGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    let own: check::Paths = puzzle
        .words()
        .iter()
        .map(|word| (word.clone(), grid.word_path(word).unwrap()))
        .collect();
    assert_eq!(check::check_paths(&puzzle, &grid, &own), Ok(()));
    // Each case sets (or, empty, removes) one word's path.
    let cases: [(&str, &[[usize; 2]], &str); 5] = [
        ("MAN", &[], "paths: word MAN has no path"),
        ("MOB", &[[0, 0]], "paths: MOB is not a word of the puzzle"),
        (
            "MAN",
            &[[0, 0], [1, 1]],
            "paths: word MAN has 2 cells for 3 letters",
        ),
        (
            "MAN",
            &[[0, 0], [4, 4], [0, 1]],
            "paths: word MAN: cell [4, 4] does not hold A",
        ),
        (
            "MAN",
            &[[0, 0], [1, 1], [9, 0]],
            "paths: word MAN: cell [9, 0] does not hold N",
        ),
    ];
    for (word, path, message) in cases {
        let mut paths = own.clone();
        if path.is_empty() {
            paths.remove(word);
        } else {
            paths.insert(word.to_owned(), path.to_vec());
        }
        assert_eq!(
            check::check_paths(&puzzle, &grid, &paths).map_err(|v| v.to_string()),
            Err(message.to_owned())
        );
    }
    // Cells that each hold the right letter but do not touch: only on a
    // grid that breaks the word.
    let broken = Grid::from_line("MNGKDHASEVWCLRYQUIPOXTJFB").unwrap();
    let apart: check::Paths = [("AXLE".to_owned(), vec![[1, 1], [4, 0], [2, 2], [1, 3]])]
        .into_iter()
        .collect();
    let only_axle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE".parse().unwrap();
    assert_eq!(
        check::check_paths(&only_axle, &broken, &apart).map_err(|v| v.to_string()),
        Err("paths: word AXLE: cells [1, 1] and [4, 0] do not touch".to_owned())
    );
}

#[test]
fn the_exhaustive_search_agrees_with_the_solvers() {
    let mut unsolvable = 0;
    for (name, puzzle, _) in real_puzzles() {
        let solver = run(&puzzle, Algo::Csp, 1);
        match check::exhaustive(&puzzle, check::NODE_BUDGET) {
            Exhaustive::Solution(grid) => {
                assert_eq!(solver.status(), Status::Solved, "{name}");
                assert_eq!(check::check(&puzzle, &grid), Ok(()), "{name}");
            }
            Exhaustive::NoSolution => {
                assert_eq!(solver.status(), Status::Unsolvable, "{name}");
                unsolvable += 1;
            }
            Exhaustive::OverBudget => panic!("{name}: over the budget"),
        }
    }
    assert!(unsolvable >= 2, "{unsolvable}");
    for file in ["unsolvable-extra-word.txt", "unsolvable-double-letter.txt"] {
        let puzzle: Puzzle = std::fs::read_to_string(fixtures().join(file))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            check::exhaustive(&puzzle, check::NODE_BUDGET),
            Exhaustive::NoSolution,
            "{file}"
        );
    }
    let hard: Puzzle =
        std::fs::read_to_string(fixtures().join("puzzles/bmehta-22-five-givens.txt"))
            .unwrap()
            .parse()
            .unwrap();
    assert_eq!(check::exhaustive(&hard, 10), Exhaustive::OverBudget);
}

#[test]
fn a_runaway_line_is_refused_by_its_length() {
    let mut text = String::from("M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE ");
    text.extend(std::iter::repeat_n("MAN ", 50 << 18));
    assert_eq!(
        text.parse::<Puzzle>(),
        Err(ParseError::LineTooLong {
            line: 7,
            column: gogen::MAX_LINE_BYTES + 1,
            length: 5 + (50 << 20),
            max: gogen::MAX_LINE_BYTES
        })
    );
    let mut words = String::from("1\n");
    words.extend(std::iter::repeat_n('A', 50 << 20));
    assert!(matches!(
        Puzzle::from_words_file(&words, "MGDWLYSJB"),
        Err(ParseError::LineTooLong { line: 2, .. })
    ));
}

fn parse_error(text: &str) -> ParseError {
    text.parse::<Puzzle>().expect_err("the text is malformed")
}

#[test]
fn malformed_puzzles_name_the_line_the_column_and_what_was_expected() {
    let cases = [
        (
            "M.G.D\n.....\nW.L.Y\n.....\n\nAXLE\n",
            "line 5, column 1: expected a grid row of 5 letters or '.', found \"\"",
        ),
        (
            "M.G.D\n....\nW.L.Y\n.....\nS.J.B\n\nAXLE\n",
            "line 2, column 5: expected a grid row of 5 letters or '.', found \"....\"",
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
            "line 7, column 8: expected a letter A-Y in word \"PIZZA\", found 'Z'",
        ),
        (
            // Columns count characters of the line as written: indentation,
            // separators and letters before the bad one.
            "M.G.D\n.....\n  W.Z.Y\n.....\nS.J.B\n\nAXLE\n",
            "line 3, column 5: expected a letter A-Y or '.', found 'Z'",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\tAXLE,  CAFÉ\n",
            "line 7, column 12: expected a letter A-Y in word \"CAFÉ\", found 'É'",
        ),
        (
            // A no-break space separates words like any other space.
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE,\u{a0}CAF1\n",
            "line 7, column 10: expected a letter A-Y in word \"CAF1\", found '1'",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\nwords 2\nAXLE\n",
            "line 6, column 7: the header announces 2 words, but 1 follows it",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n",
            "line 7, column 1: no word before the end of the text, expected at least one word \
             after the grid",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n  words  3\nAXLE MAN\n",
            "line 7, column 10: the header announces 3 words, but 2 follow it",
        ),
        (
            "M.G.D\n.....\nW.L.Y\n",
            "line 4, column 1: the text ends after 3 of the grid's 5 rows",
        ),
        (
            "# only a comment\n\n",
            "line 3, column 1: no grid found before the end of the text, expected five rows of \
             5 letters or '.', then the words",
        ),
        (
            "M.G.D\n.. . . . .\n",
            "line 2, column 10: expected a grid row of 5 letters or '.', found \".. . . . .\"",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(parse_error(text).to_string(), message, "{text:?}");
    }
}

#[test]
fn words_file_form_errors() {
    let words = "2\nAXLE\nMAN\n";
    assert!(matches!(
        Puzzle::from_words_file(words, "MGDWLYSJ"),
        Err(ParseError::Letters { .. })
    ));
    assert!(matches!(
        Puzzle::from_words_file(words, "MGDWLYSJM"),
        Err(ParseError::Letters { .. })
    ));
    assert!(matches!(
        Puzzle::from_words_file(words, "MGDWLYSJ1"),
        Err(ParseError::Letters { .. })
    ));
    assert!(matches!(
        Puzzle::from_words_file("3\nAXLE\nMAN\n", "MGDWLYSJB"),
        Err(ParseError::WordCount {
            line: 1,
            column: 1,
            announced: 3,
            found: 2
        })
    ));
    assert!(matches!(
        Puzzle::from_words_file("two\nAXLE\nMAN\n", "MGDWLYSJB"),
        Err(ParseError::WordCountHeader { line: 1, .. })
    ));
}

#[test]
fn the_canonical_form_round_trips() {
    for (name, puzzle, _) in real_puzzles() {
        let printed = puzzle.to_string();
        assert_eq!(printed.parse::<Puzzle>().as_ref(), Ok(&puzzle), "{name}");
        assert!(
            !printed.ends_with('\n'),
            "{name}: println! would leave a blank line"
        );
        let line = puzzle.to_line();
        assert!(!line.contains('\n'), "{name}");
        assert_eq!(line.parse::<Puzzle>().as_ref(), Ok(&puzzle), "{name}");
    }
    assert_eq!(
        sample().to_line(),
        "M.G.D.....W.L.Y.....S.J.B ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM"
    );
    // The one-line cells with the words on the lines after them, and its
    // errors at their columns.
    let split: Puzzle =
        "  M.G.D.....W.L.Y.....S.J.B\nACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM"
            .parse()
            .unwrap();
    assert_eq!(split, sample());
    assert_eq!(
        parse_error("M.G.D.....W.Z.Y.....S.J.B AXLE").to_string(),
        "line 1, column 13: expected a letter A-Y or '.', found 'Z'"
    );
    assert_eq!(
        parse_error("M.G.D.....W.L.Y.....S.J.M AXLE").to_string(),
        "line 1, column 25: letter M is given twice"
    );
    assert_eq!(
        parse_error("M.G.D.....W.L.Y.....S.J.B  AXLE PIZZA").to_string(),
        "line 1, column 35: expected a letter A-Y in word \"PIZZA\", found 'Z'"
    );
    assert_eq!(
        parse_error("M.G.D.....W.L.Y.....S.J.B").to_string(),
        "line 1, column 26: no word before the end of the text, expected at least one word \
         after the grid"
    );
    let lower: Puzzle = "m.g.d\n.....\nw.l.y\n.....\ns.j.b\n\nacquire axle,cut derv fir just keg man pile pry rob wham".parse().unwrap();
    assert_eq!(lower, sample());
}

/// The shape every puzzle crate shares, used generically as a tool over
/// every puzzle would.
#[test]
fn the_puzzle_kit_shape() {
    use puzzle_kit::{Configure, Effort, Puzzle as _};

    fn solve_and_check<P: puzzle_kit::Puzzle>(text: &str) -> Result<String, String> {
        let puzzle: P = text
            .parse()
            .map_err(|error| format!("{}: {error}", P::NAME))?;
        let options = P::Options::new(P::Algo::default()).node_limit(1_000_000);
        let outcome = puzzle.solve(&options);
        let solution = outcome.solution.ok_or("no solution")?;
        puzzle.check(&solution)?;
        assert!(outcome.stats.nodes() >= 1);
        Ok(puzzle.solution_line(&solution))
    }
    let text = sample().to_line();
    assert_eq!(
        solve_and_check::<Puzzle>(&text),
        Ok("MNGKDHAXEVWCLRYQUIPOSTJFB".to_owned())
    );
    assert_eq!(<Puzzle as puzzle_kit::Puzzle>::NAME, "gogen");
    assert_eq!(Algo::ALL, &[Algo::Csp, Algo::Dfs]);
    assert_eq!(Algo::default(), Algo::Csp);
    assert_eq!("dfs".parse::<Algo>(), Ok(Algo::Dfs));
    let broken = Grid::from_line("NMGKDHAXEVWCLRYQUIPOSTJFB").unwrap();
    assert_eq!(
        sample().check(&broken).map_err(String::from),
        Err("row 1, column 1: the puzzle gives M but the grid has N".to_owned())
    );
    // Every limit of the shared options is honoured.
    let hard: Puzzle =
        std::fs::read_to_string(fixtures().join("puzzles/bmehta-22-five-givens.txt"))
            .unwrap()
            .parse()
            .unwrap();
    for algo in [Algo::Csp, Algo::Dfs] {
        let counted = solve(&hard, &Options::new(algo).count_up_to(100));
        assert_eq!(
            (counted.count, counted.count_complete),
            (16, true),
            "{algo}"
        );
        let timed = solve(
            &hard,
            &Options::new(algo)
                .count_up_to(100)
                .time_limit(std::time::Duration::ZERO),
        );
        assert_eq!(timed.status, Status::Limit(gogen::Limit::Time), "{algo}");
        assert!(!timed.count_complete);
        let cut = solve(&hard, &Options::new(algo).count_up_to(100).memory_limit(1));
        assert_eq!(cut.status, Status::Limit(gogen::Limit::Memory), "{algo}");
    }
}

#[test]
fn human_views() {
    let puzzle = sample();
    let grid = *run(&puzzle, Algo::Csp, 1).solution().unwrap();
    insta::assert_snapshot!("sample_grid", grid.to_string());
    insta::assert_snapshot!("sample_word_acquire", grid.highlight("ACQUIRE"));
    insta::assert_snapshot!("sample_puzzle_canonical", puzzle.to_string());
}
