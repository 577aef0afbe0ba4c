//! Every template of the fixtures filled with the default list and with a
//! second list (the common words of the default list, score >= 40): each
//! fill passes the independent checker, each "unfillable" is one the
//! template forces (its pre-filled letters). In a debug build only the
//! templates of up to 11x11 cells are filled (the release fixtures of
//! `cargo xtask verify` fill them all); the open 6x7 may stop at its node
//! limit (no fill of it is known from these lists). Fills from the
//! built-in list also keep to its quality bar (below).

use std::path::PathBuf;

use crossword::{Algo, Cell, Direction, Entry, Grid, Options, Problem, Status, WordList, check};

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

/// The quality bar of a fill from the built-in list. Every entry scores
/// at least `QUALITY_BAR` there, that is, wordfreq has seen it at least
/// about three times in a hundred million words (a word of up to four
/// letters that SCOWL keeps only in its larger sizes, about three times as
/// often); the fill's mean is at least `MEAN_BAR` (about once in ten
/// million words); and no entry reads as a Roman numeral (LVII, XIV), a
/// test of the text itself that the list's construction never makes (it
/// drops what SCOWL lists as abbreviations and numerals), so this part
/// can catch a list that lets numerals back in. The bar is the filler's:
/// an entry the template gives whole (ingrid-readme-example's
/// CREMEBRULEES, which the list lacks and which scores 0) is the
/// constructor's word and is left out of it.
const QUALITY_BAR: i32 = 30;
const MEAN_BAR: f64 = 55.0;

/// Whether every cell of `entry` holds a letter in `template`.
fn given_whole(template: &Grid, entry: &Entry) -> bool {
    (0..entry.answer.len()).all(|k| {
        let (row, col) = match entry.direction {
            Direction::Across => (entry.row, entry.col + k),
            Direction::Down => (entry.row + k, entry.col),
        };
        matches!(template.cell(row, col), Cell::Letter(_))
    })
}

fn keeps_the_quality_bar(name: &str, template: &Grid, fill: &crossword::Fill) {
    let roman = |word: &str| {
        // Numerals from II to LXXXIX: each letter one of I, V, X, L, a
        // smaller before a larger only as IV, IX or XL. (With C, D and M
        // numerals meet real words, such as MIX; below 90 none does.)
        let value = |c| match c {
            'I' => Some(1),
            'V' => Some(5),
            'X' => Some(10),
            'L' => Some(50),
            _ => None,
        };
        let Some(values) = word.chars().map(value).collect::<Option<Vec<u32>>>() else {
            return false;
        };
        let mut total = 0i64;
        for (i, &v) in values.iter().enumerate() {
            match values.get(i + 1) {
                Some(&next) if next > v => {
                    if !matches!((v, next), (1, 5) | (1, 10) | (10, 50)) {
                        return false;
                    }
                    total -= i64::from(v);
                }
                _ => total += i64::from(v),
            }
        }
        // A canonical numeral has no letter four times in a row (IIII).
        total > 1 && !word.contains("IIII") && !word.contains("XXXX")
    };
    let chosen: Vec<&Entry> = fill
        .entries
        .iter()
        .filter(|entry| !given_whole(template, entry))
        .collect();
    for entry in &chosen {
        let word = entry.answer.as_str();
        assert!(
            entry.score >= QUALITY_BAR,
            "{name}: {word} scores {} < {QUALITY_BAR}",
            entry.score
        );
        assert!(
            word.len() < 3 || !roman(word),
            "{name}: {word} reads as a Roman numeral"
        );
    }
    if chosen.is_empty() {
        return;
    }
    let mean = chosen
        .iter()
        .map(|entry| f64::from(entry.score))
        .sum::<f64>()
        / chosen.len() as f64;
    assert!(
        mean >= MEAN_BAR,
        "{name}: mean score {mean:.2} < {MEAN_BAR}"
    );
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
                let fill = outcome.solution.unwrap();
                check::check(problem.grid(), &fill.grid, words, false)
                    .unwrap_or_else(|v| panic!("{name}: {v}\n{}", fill.grid));
                if label == "default" {
                    keeps_the_quality_bar(&name, problem.grid(), &fill);
                }
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

#[test]
fn the_quality_bar_catches_what_it_names() {
    // One-entry grids filled from one-word lists: each fill breaks one
    // part of the bar, and the check says which.
    for (template, list, expected) in [
        ("....", "lvii;90", "LVII reads as a Roman numeral"),
        ("...", "eel;20", "EEL scores 20 < 30"),
        ("...", "eel;40", "mean score 40.00 < 55"),
    ] {
        let grid: Grid = template.parse().unwrap();
        let words = WordList::parse(list, None).unwrap();
        let outcome = crossword::solve(&grid, &Options::new(Algo::Fast).words(words));
        let fill = outcome.solution.expect("a one-word fill");
        let failure = std::panic::catch_unwind(|| keeps_the_quality_bar("test", &grid, &fill))
            .expect_err(expected);
        let message = failure
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(message.contains(expected), "{message}");
    }
    // A good fill passes.
    let grid: Grid = "...".parse().unwrap();
    let words = WordList::parse("eel;60", None).unwrap();
    let outcome = crossword::solve(&grid, &Options::new(Algo::Fast).words(words));
    keeps_the_quality_bar("test", &grid, &outcome.solution.unwrap());
    // An entry the template gives whole is left out: a given word scoring
    // below the bar does not fail it.
    let grid: Grid = "eel".parse().unwrap();
    let words = WordList::parse("eel;20", None).unwrap();
    let outcome = crossword::solve(&grid, &Options::new(Algo::Fast).words(words));
    keeps_the_quality_bar("test", &grid, &outcome.solution.unwrap());
}
