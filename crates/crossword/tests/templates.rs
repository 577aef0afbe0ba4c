//! Every template of the fixtures filled with the default list and with a
//! second list (the common words of the default list, score >= 40): each
//! fill passes the independent checker, each "unfillable" is one the
//! template forces (its pre-filled letters). In a debug build only the
//! templates of up to 11x11 cells are filled (the release fixtures of
//! `cargo xtask verify` fill them all); the open 6x7 may stop at its node
//! limit (no fill of it is known from these lists).

use std::path::PathBuf;

use crossword::{Algo, Grid, Options, Problem, Status, WordList, check};

fn grids() -> Vec<(String, Grid)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword/grids");
    let mut grids: Vec<(String, Grid)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (
                name,
                std::fs::read_to_string(&path).unwrap().parse().unwrap(),
            )
        })
        .collect();
    grids.sort_by(|a, b| a.0.cmp(&b.0));
    grids
}

fn fill_all(words: &WordList, label: &str) {
    for (name, grid) in grids() {
        if cfg!(debug_assertions) && grid.rows() * grid.cols() > 121 {
            continue;
        }
        let problem = Problem::new(grid, words);
        let options = Options::new(Algo::Fast).node_limit(3000);
        let outcome = crossword::solve_problem(&problem, &options);
        eprintln!(
            "{label} {name}: {:?} nodes {} restarts {} {:?}",
            outcome.status, outcome.stats.nodes, outcome.stats.restarts, outcome.stats.elapsed
        );
        match outcome.status {
            Status::Solved => {
                let filled = outcome.solution.unwrap().grid;
                check::check(problem.grid(), &filled, words, false)
                    .unwrap_or_else(|v| panic!("{name}: {v}\n{filled}"));
            }
            Status::Unsolvable => assert_eq!(name, "ingrid-fill-fails-gracefully.txt"),
            Status::Limit(_) => assert_eq!(name, "xcsp-vg6-6x7.txt"),
        }
    }
}

#[test]
fn every_template_fills_with_the_default_list() {
    fill_all(&WordList::default_list(None), "default");
}

#[test]
fn every_template_fills_with_the_common_words() {
    fill_all(&WordList::default_list(Some(40)), "common");
}
