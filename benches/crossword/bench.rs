//! Crossword benchmark: time to a first fill of every template of the
//! fixtures with Spread the Wordlist (score >= 50), our `fast` engine (the
//! median over seeds 0-4: each call takes the next seed) against the
//! crates.io filler `ingrid_core` 2.0 with the same list (read from the
//! peer's own package source at bench time, never copied here); the mean
//! word score of both fills side by side in the note. Then `mac` and `ac3`
//! beside `fast` on the small grids, and Berghel & Rankin's exact counts.

use std::cell::{Cell as Counter, RefCell};
use std::path::{Path, PathBuf};
use std::time::Duration;

use bench_kit::{Workload, run};
use crossword::{Algo, Grid, Options, Problem, Status, WordList};
use ingrid_core::backtracking_search::find_fill;
use ingrid_core::grid_config::generate_grid_config_from_template_string;
use ingrid_core::word_list::{
    WordList as PeerList, WordListSourceConfig, WordListSourceConfigProvider,
};

const MIN_SCORE: i32 = 50;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword")
}

/// Spread the Wordlist as ingrid_core ships it, from the registry's copy
/// of the peer's source.
fn spread_the_wordlist() -> String {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    let registry = cargo_home.join("registry/src");
    for index in std::fs::read_dir(&registry).expect("the cargo registry sources") {
        let path = index
            .expect("a registry entry")
            .path()
            .join("ingrid_core-2.0.0/resources/spreadthewordlist.dict");
        if let Ok(text) = std::fs::read_to_string(&path) {
            return text;
        }
    }
    panic!(
        "ingrid_core-2.0.0/resources/spreadthewordlist.dict not found under {}",
        registry.display()
    );
}

struct Template {
    name: String,
    text: String,
    grid: Grid,
}

fn templates() -> Vec<Template> {
    let dir = fixtures().join("grids");
    let mut all: Vec<Template> = std::fs::read_dir(dir)
        .expect("fixtures/crossword/grids")
        .map(|entry| entry.expect("a grid file").path())
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a grid");
            let grid: Grid = text.parse().expect("a template");
            let name = path
                .file_stem()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            Template { name, text, grid }
        })
        .collect();
    all.sort_by_key(|t| (t.grid.rows() * t.grid.cols(), t.name.clone()));
    all
}

/// Our fill: the status (the digest both sides must agree on) and the mean score.
fn ours(template: &Template, words: &WordList, algo: Algo, seed: u64) -> (String, f64) {
    let problem = Problem::new(template.grid.clone(), words);
    let options = Options::new(algo)
        .seed(seed)
        .time_limit(Duration::from_secs(5));
    let outcome = crossword::solve_problem(&problem, &options);
    match (outcome.status, &outcome.solution) {
        (Status::Solved, Some(fill)) => ("filled".into(), fill.mean_score()),
        (Status::Unsolvable, _) => ("unfillable".into(), 0.0),
        _ => ("no answer (limit)".into(), 0.0),
    }
}

/// The peer's fill. Its word list is moved into the grid config (it has
/// no `Clone`) and taken back afterwards, so it is built once.
fn peer(template: &Template, words: &RefCell<Option<PeerList>>) -> (String, f64) {
    let list = words.borrow_mut().take().expect("the peer's word list");
    let config = generate_grid_config_from_template_string(list, &template.text, MIN_SCORE as u16);
    let result = match find_fill(&config.to_config_ref(), None, None) {
        Ok(success) => {
            let total: f64 = success
                .choices
                .iter()
                .map(|choice| {
                    let length = config.slot_configs[choice.slot_id].length;
                    f64::from(config.word_list.words[length][choice.word_id].score)
                })
                .sum();
            ("filled".into(), total / success.choices.len().max(1) as f64)
        }
        Err(_) => ("unfillable".into(), 0.0),
    };
    *words.borrow_mut() = Some(config.word_list);
    result
}

fn main() {
    let text = spread_the_wordlist();
    let ours_words = WordList::parse(&text, Some(MIN_SCORE)).expect("Spread the Wordlist");
    let contents: &'static str = Box::leak(text.into_boxed_str());
    let peer_words = RefCell::new(Some(PeerList::new(
        vec![WordListSourceConfig {
            id: "0".into(),
            enabled: true,
            provider: WordListSourceConfigProvider::FileContents { contents },
            normalization: None,
        }],
        None,
        Some(21),
        None,
    )));
    let templates = templates();
    let berghel = WordList::parse(
        &std::fs::read_to_string(fixtures().join("berghel-134.txt")).expect("berghel-134.txt"),
        None,
    )
    .expect("Berghel's list");
    let open: Grid = std::fs::read_to_string(fixtures().join("grids/own-open-5x5.txt"))
        .expect("own-open-5x5")
        .parse()
        .expect("a grid");
    let mut workloads = Vec::new();
    for template in &templates {
        let (rows, cols) = (template.grid.rows(), template.grid.cols());
        let seed = Counter::new(0u64);
        let (status, our_score) = ours(template, &ours_words, Algo::Fast, 0);
        let mut workload = Workload::new(
            format!("{} ({rows}x{cols}): first fill, fast", template.name),
            {
                let words = &ours_words;
                move || {
                    let next = seed.get();
                    seed.set((next + 1) % 5);
                    ours(template, words, Algo::Fast, next).0
                }
            },
        );
        if cols > rows {
            workload = workload.note(format!(
                "{status}, mean score {our_score:.2}; ingrid_core panics on a grid wider than tall"
            ));
        } else {
            let (_, peer_score) = peer(template, &peer_words);
            let words = &peer_words;
            workload = workload
                .peer("ingrid_core 2.0", move || peer(template, words).0)
                .note(format!(
                    "{status}; mean score ours {our_score:.2} (seed 0), ingrid {peer_score:.2}; ours over seeds 0-4"
                ));
        }
        workloads.push(workload);
    }
    let small: Vec<&Template> = templates
        .iter()
        // The open 6x7 is left out: no side fills it (fast stops at its
        // time limit), and it would hide the others.
        .filter(|t| t.grid.rows() * t.grid.cols() <= 49 && t.name != "xcsp-vg6-6x7")
        .collect();
    let num_small = small.len();
    for algo in [Algo::Fast, Algo::Mac, Algo::Ac3] {
        let small = small.clone();
        let words = &ours_words;
        let job = move || {
            small
                .iter()
                .map(|t| ours(t, words, algo, 0).0)
                .collect::<Vec<_>>()
                .join(" ")
        };
        workloads.push(
            Workload::new(
                format!("{num_small} small grids (<= 7x7): {}", algo.name()),
                job,
            )
            .items(num_small as u64)
            .note(match algo {
                Algo::Ac3 => "AC-3 alone: the cost of one arc-consistency pass; it decides none",
                Algo::Mac => "csp-core MAC, dom/wdeg, the slot model AC-3 runs on",
                Algo::Fast => "the fast engine",
            }),
        );
    }
    for algo in [Algo::Fast, Algo::Mac] {
        let (words, grid) = (&berghel, &open);
        workloads.push(
            Workload::new(
                format!(
                    "Berghel 134 words, open 5x5: count 72 and 48 ({})",
                    algo.name()
                ),
                move || {
                    let problem = Problem::new(grid.clone(), words);
                    let counts: Vec<String> = [true, false]
                        .into_iter()
                        .map(|allow_repeats| {
                            let options = Options::new(algo)
                                .allow_repeats(allow_repeats)
                                .count_up_to(u64::MAX);
                            crossword::solve_problem(&problem, &options)
                                .count
                                .to_string()
                        })
                        .collect();
                    counts.join("/")
                },
            )
            .note("exact counts with and without repeats"),
        );
    }
    run(workloads);
}
