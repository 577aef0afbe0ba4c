//! Every template case of `fixtures/crossword/templates.toml` (the cases
//! `cargo xtask verify` runs with the release binary) run again through
//! the library: the case's list (the built-in one, with `--min-score` when
//! the case says so), its node limit if it has one, and the status it
//! expects. The fixture file is the one statement of what each template
//! gives, so this test and `verify` cannot disagree. Each fill passes the
//! independent checker; each "unsolvable" is one the template forces (its
//! pre-filled letters). Fills from the built-in list also keep to its
//! quality bar (below). In a debug build the cases without a node limit
//! on grids above 11x11 are left out (a debug search is tens of times
//! slower); `cargo test --release` runs them all.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crossword::{
    Algo, Cell, Direction, Entry, Grid, Limit, Options, Problem, Status, WordList, check,
};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword")
}

/// One case of the fixture file, as far as this test reads it.
struct Case {
    name: String,
    /// The template, relative to the fixture folder.
    grid: String,
    min_score: Option<i32>,
    node_limit: Option<u64>,
    /// `solved`, `unsolvable` or `limit`.
    status: String,
    /// The node count the case expects, if it names one.
    nodes: Option<u64>,
}

/// The cases of `templates.toml`. A flag this test does not know fails
/// it, so a new kind of case cannot be skipped unnoticed.
fn cases() -> Vec<Case> {
    let path = fixtures().join("templates.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let table: toml::Table = text.parse().unwrap();
    let mut cases = Vec::new();
    for case in table["case"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap().to_owned();
        let args: Vec<&str> = case["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|arg| arg.as_str().unwrap())
            .collect();
        let mut args = args.into_iter();
        assert_eq!(args.next(), Some("fill"), "{name}: not a fill");
        let grid = args.next().unwrap().to_owned();
        let (mut min_score, mut node_limit) = (None, None);
        while let Some(flag) = args.next() {
            let mut value = || args.next().unwrap().parse::<i64>().unwrap();
            match flag {
                "--json" => {}
                "--min-score" => min_score = Some(i32::try_from(value()).unwrap()),
                "--node-limit" => node_limit = Some(u64::try_from(value()).unwrap()),
                other => panic!("{name}: this test does not know {other}"),
            }
        }
        let json = &case["json"].as_array().unwrap()[0];
        let status = json["status"].as_str().unwrap().to_owned();
        let nodes = json
            .get("stats")
            .and_then(|stats| stats.get("nodes"))
            .map(|nodes| u64::try_from(nodes.as_integer().unwrap()).unwrap());
        cases.push(Case {
            name,
            grid,
            min_score,
            node_limit,
            status,
            nodes,
        });
    }
    cases
}

fn read_grid(path: &Path) -> Grid {
    std::fs::read_to_string(path).unwrap().parse().unwrap()
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

/// Runs the cases of the built-in list (`common`: those with a
/// `--min-score`) and checks each ends as its case says.
fn run_cases(common: bool) {
    let mut lists: BTreeMap<Option<i32>, WordList> = BTreeMap::new();
    let mut run = 0;
    for case in cases()
        .into_iter()
        .filter(|case| case.min_score.is_some() == common)
    {
        let name = &case.name;
        let grid = read_grid(&fixtures().join(&case.grid));
        if cfg!(debug_assertions) && grid.rows() * grid.cols() > 121 && case.node_limit.is_none() {
            eprintln!("{name}: left out of a debug build");
            continue;
        }
        let words = lists
            .entry(case.min_score)
            .or_insert_with(|| WordList::default_list(case.min_score));
        let problem = Problem::new(grid, words);
        let mut options = Options::new(Algo::Fast);
        if let Some(limit) = case.node_limit {
            options = options.node_limit(limit);
        }
        let outcome = crossword::solve_problem(&problem, &options);
        eprintln!(
            "{name}: {:?} nodes {} restarts {} {:?}",
            outcome.status,
            outcome.stats.nodes,
            outcome.stats.counters.restarts,
            outcome.stats.elapsed
        );
        match case.status.as_str() {
            "solved" => {
                assert_eq!(outcome.status, Status::Solved, "{name}");
                let fill = outcome.solution.unwrap();
                check::check(problem.grid(), &fill.grid, words, false)
                    .unwrap_or_else(|v| panic!("{name}: {v}\n{}", fill.grid));
                if !common {
                    keeps_the_quality_bar(name, problem.grid(), &fill);
                }
            }
            "unsolvable" => assert_eq!(outcome.status, Status::Unsolvable, "{name}"),
            "limit" => assert_eq!(outcome.status, Status::Limit(Limit::Node), "{name}"),
            other => panic!("{name}: this test does not know status {other}"),
        }
        if let Some(nodes) = case.nodes {
            assert_eq!(outcome.stats.nodes, nodes, "{name}");
        }
        run += 1;
    }
    assert!(run > 0, "no case ran");
}

#[test]
fn every_template_case_of_the_default_list() {
    run_cases(false);
}

#[test]
fn every_template_case_of_the_common_words() {
    run_cases(true);
}

#[test]
fn every_template_has_a_case_for_each_list() {
    let cases = cases();
    let dir = fixtures().join("grids");
    let mut templates = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = format!("grids/{}", entry.unwrap().file_name().to_string_lossy());
        for common in [false, true] {
            assert!(
                cases
                    .iter()
                    .any(|case| case.grid == file && case.min_score.is_some() == common),
                "{file} has no case in templates.toml for the {} list",
                if common { "common words'" } else { "default" }
            );
        }
        templates += 1;
    }
    assert!(
        templates > 20,
        "only {templates} templates in {}",
        dir.display()
    );
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
