//! The correctness checks on the library: the sample (AC-3's revision table) under
//! all three algorithms, Berghel & Rankin's counts, and a fill of every
//! template of the fixtures that passes the independent checker.

use std::path::PathBuf;

use crossword::{Algo, Grid, Options, Problem, Status, WordList, check};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/crossword")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).unwrap()
}

fn sample_problem() -> (Problem, WordList) {
    let words = WordList::parse(&read("sample-words.txt"), None).unwrap();
    let grid: Grid = read("sample.txt").parse().unwrap();
    (Problem::new(grid, &words), words)
}

const SAMPLE_FILL: [&str; 6] = ["HOSES", "##A#T", "#HIKE", "A#LEE", "LASER", "E##L#"];

#[test]
fn ac3_reduces_the_sample_domains_to_the_filled_words() {
    let (problem, _) = sample_problem();
    let options = Options::new(Algo::Ac3).trace(true);
    let (outcome, ac3) = crossword::ac3(&problem, &options);
    assert_eq!(outcome.status, Status::Solved);
    let names: Vec<String> = problem.slots().slots.iter().map(|s| s.name()).collect();
    let text =
        |ids: &[u32]| -> Vec<String> { ids.iter().map(|&id| problem.word(id).text()).collect() };
    let before: Vec<Vec<String>> = ac3.before.iter().map(|d| text(d)).collect();
    assert_eq!(before[0], ["hoses", "laser", "sails", "sheet", "steer"]);
    assert_eq!(before[1], ["heel", "hike", "keel", "knot", "line"]);
    assert_eq!(before[2], ["aft", "ale", "eel", "lee", "tie"]);
    let after: Vec<(String, Vec<String>)> = names
        .iter()
        .cloned()
        .zip(ac3.after.iter().map(|d| text(d)))
        .collect();
    let expected = [
        ("1A", "hoses"),
        ("4A", "hike"),
        ("7A", "lee"),
        ("8A", "laser"),
        ("2D", "sails"),
        ("3D", "steer"),
        ("5D", "keel"),
        ("6D", "ale"),
    ];
    for ((name, words), (seed_name, seed_word)) in after.iter().zip(expected) {
        assert_eq!(
            (name.as_str(), words.as_slice()),
            (seed_name, &[seed_word.to_owned()][..])
        );
    }
    // The first revision is the revision table's first row: (1A, 2D) leaves 1A
    // "hoses, laser". The table then adds (3D, 1A); here every arc is on the
    // first queue and (3D, 1A) is still waiting there, so nothing is added.
    let first = &ac3.revisions[0];
    assert_eq!(
        (names[first.x].as_str(), names[first.y].as_str()),
        ("1A", "2D")
    );
    assert_eq!(
        text(first.domain_after.as_deref().unwrap()),
        ["hoses", "laser"]
    );
    let added: Vec<(String, String)> = first
        .added
        .iter()
        .map(|&(k, x)| (names[k].clone(), names[x].clone()))
        .collect();
    assert!(added.is_empty(), "{added:?}");
    let readded = ac3.revisions.iter().find(|r| !r.added.is_empty()).unwrap();
    assert!(readded.added.iter().all(|&(_, x)| x == readded.x));
    assert_eq!(outcome.solution.unwrap().grid.to_rows(), SAMPLE_FILL);
}

#[test]
fn mac_and_fast_find_the_same_unique_sample_fill() {
    let (problem, words) = sample_problem();
    for algo in [Algo::Fast, Algo::Mac] {
        let outcome = crossword::solve_problem(&problem, &Options::new(algo).count_up_to(100));
        assert_eq!(
            (outcome.count, outcome.count_complete),
            (1, true),
            "{algo:?}"
        );
        let filled = outcome.solution.unwrap().grid;
        assert_eq!(filled.to_rows(), SAMPLE_FILL, "{algo:?}");
        check::check(problem.grid(), &filled, &words, false).unwrap();
    }
}

fn berghel_count(list: &str, algo: Algo, allow_repeats: bool) -> (u64, bool) {
    let words = WordList::parse(&read(list), None).unwrap();
    let grid: Grid = read("grids/own-open-5x5.txt").parse().unwrap();
    let problem = Problem::new(grid, &words);
    let options = Options::new(algo)
        .allow_repeats(allow_repeats)
        .count_up_to(1000);
    let outcome = crossword::solve_problem(&problem, &options);
    (outcome.count, outcome.count_complete)
}

#[test]
fn berghel_counts_72_48_24_0_with_fast_and_mac() {
    for algo in [Algo::Fast, Algo::Mac] {
        assert_eq!(
            berghel_count("berghel-134.txt", algo, true),
            (72, true),
            "{algo:?}"
        );
        assert_eq!(
            berghel_count("berghel-134.txt", algo, false),
            (48, true),
            "{algo:?}"
        );
        assert_eq!(
            berghel_count("berghel-133-no-aaron.txt", algo, true),
            (24, true),
            "{algo:?}"
        );
        assert_eq!(
            berghel_count("berghel-133-no-aaron.txt", algo, false),
            (0, true),
            "{algo:?}"
        );
    }
}

/// A small deterministic generator for the agreement test.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

#[test]
fn fast_and_mac_count_the_same_fills_of_random_small_grids() {
    let common = WordList::default_list(Some(60));
    let mut rng = Lcg(2024);
    let mut checked = 0;
    for round in 0..80 {
        let (rows, cols) = (3 + rng.next(3) as usize, 3 + rng.next(3) as usize);
        let text: String = (0..rows)
            .map(|_| {
                let row: String = (0..cols)
                    .map(|_| match rng.next(10) {
                        0..=2 => '#',
                        3 => (b'a' + rng.next(26) as u8) as char,
                        _ => '.',
                    })
                    .collect();
                row + "\n"
            })
            .collect();
        let grid: Grid = text.parse().unwrap();
        // A few hundred words of each length, so the counts stay small.
        let words: Vec<String> = common
            .words()
            .iter()
            .filter(|w| w.letters.len() <= 5 && rng.next(12) == 0)
            .map(|w| w.text())
            .collect();
        let list = WordList::from_words(&words);
        let problem = Problem::new(grid, &list);
        if problem.slots().is_empty() {
            continue;
        }
        for allow_repeats in [false, true] {
            let options = Options::new(Algo::Fast)
                .allow_repeats(allow_repeats)
                .count_up_to(300);
            let fast = crossword::solve_problem(&problem, &options);
            let mac = crossword::solve_problem(
                &problem,
                &Options {
                    algo: Algo::Mac,
                    ..options
                },
            );
            let describe = format!("round {round}, repeats {allow_repeats}:\n{text}");
            assert_eq!(
                (fast.count, fast.count_complete),
                (mac.count, mac.count_complete),
                "{describe}"
            );
            assert_eq!(fast.status, mac.status, "{describe}");
            for outcome in [fast, mac] {
                if let Some(fill) = outcome.solution {
                    let filled = fill.grid;
                    check::check(problem.grid(), &filled, &list, allow_repeats)
                        .unwrap_or_else(|v| panic!("{describe}{v}"));
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 80, "{checked}");
}

/// What a tool over every puzzle does, through `puzzle_kit::Puzzle` only.
fn solve_and_check<P: puzzle_kit::Puzzle>(text: &str, options: &P::Options) -> String {
    let puzzle: P = text.parse().unwrap();
    let again: P = puzzle.to_line().parse().unwrap();
    assert_eq!(again.to_line(), puzzle.to_line());
    let outcome = puzzle.solve(options);
    let solution = outcome.solution.expect("solved");
    puzzle.check(&solution).unwrap();
    puzzle.solution_line(&solution)
}

#[test]
fn the_template_is_the_puzzle_and_the_word_list_an_option() {
    let words = WordList::parse(&read("sample-words.txt"), None).unwrap();
    let options = Options::new(Algo::Mac).words(words);
    assert_eq!(
        solve_and_check::<Grid>(&read("sample.txt"), &options),
        SAMPLE_FILL.join("/")
    );
    // The built-in list by default, and the common options with no import.
    let options = Options::new(Algo::Fast)
        .seed(3)
        .node_limit(100_000)
        .time_limit(std::time::Duration::from_secs(60));
    let line = solve_and_check::<Grid>(&read("grids/own-mini-5x5.txt"), &options);
    assert_eq!(line.len(), 5 * 6 - 1);
}

#[test]
fn a_count_names_whether_it_is_complete() {
    let (problem, _) = sample_problem();
    let grid = problem.grid().clone();
    let words = WordList::parse(&read("sample-words.txt"), None).unwrap();
    let outcome = crossword::solve(
        &grid,
        &Options::new(Algo::Fast).words(words.clone()).count_up_to(2),
    );
    assert_eq!((outcome.count, outcome.count_complete), (1, true));
    // An unfillable grid is a complete count of 0 even when not counting.
    let dead: Grid = "....\n....".parse().unwrap();
    let outcome = crossword::solve(&dead, &Options::new(Algo::Fast).words(words));
    assert_eq!(outcome.status, Status::Unsolvable);
    assert_eq!((outcome.count, outcome.count_complete), (0, true));
    assert!(
        outcome
            .stats
            .counters
            .reason
            .unwrap()
            .contains("no word of 2 letters")
    );
}

#[test]
fn the_seed_picks_among_near_ties_on_an_open_grid() {
    // Two seeds, two different fills of the same open template from the
    // built-in list, each valid by the independent checker; the same seed
    // again gives the same fill.
    let grid: Grid = read("grids/ingrid-empty-15x15-cryptic-template.txt")
        .parse()
        .unwrap();
    let words = WordList::default_list(None);
    let problem = Problem::new(grid, &words);
    let fill = |seed: u64| {
        let options = Options::new(Algo::Fast).seed(seed).node_limit(100_000);
        let outcome = crossword::solve_problem(&problem, &options);
        assert_eq!(outcome.status, Status::Solved, "seed {seed}");
        let fill = outcome.solution.unwrap();
        check::check(problem.grid(), &fill.grid, &words, false)
            .unwrap_or_else(|v| panic!("seed {seed}: {v}\n{}", fill.grid));
        fill.grid.to_string()
    };
    let (one, two) = (fill(1), fill(2));
    assert_ne!(one, two, "seeds 1 and 2 gave the same fill:\n{one}");
    assert_eq!(one, fill(1), "seed 1 twice gave two fills");
}

#[test]
fn clicked_arcs_are_revised_at_their_turn_and_reach_the_same_domains() {
    let (problem, _) = sample_problem();
    let slot = |name: &str| {
        problem
            .slots()
            .slots
            .iter()
            .position(|slot| slot.name() == name)
            .unwrap()
    };
    let plain = Options::new(Algo::Ac3).trace(true);
    let (plain_outcome, plain_ac3) = crossword::ac3(&problem, &plain);
    // 3D against 1A first, then 6D against 8A after five revisions, and a
    // pair that does not cross (1A, 4A), which is skipped.
    let clicks = vec![
        crossword::ClickedArc {
            x: slot("3D"),
            y: slot("1A"),
            after: 0,
        },
        crossword::ClickedArc {
            x: slot("1A"),
            y: slot("4A"),
            after: 2,
        },
        crossword::ClickedArc {
            x: slot("6D"),
            y: slot("8A"),
            after: 5,
        },
    ];
    let clicked = Options {
        ac3_clicks: clicks,
        ..plain.clone()
    };
    let (outcome, ac3) = crossword::ac3(&problem, &clicked);
    let arc = |index: usize| (ac3.revisions[index].x, ac3.revisions[index].y);
    assert_eq!(arc(0), (slot("3D"), slot("1A")));
    assert_eq!(arc(5), (slot("6D"), slot("8A")));
    // Without the click, AC-3's own order starts with 1A against 2D.
    assert_eq!(
        (plain_ac3.revisions[0].x, plain_ac3.revisions[0].y),
        (slot("1A"), slot("2D"))
    );
    assert_ne!(ac3.revisions, plain_ac3.revisions);
    // The same closure, so the same fill, by another way.
    assert_eq!(ac3.after, plain_ac3.after);
    assert_eq!(outcome.status, plain_outcome.status);
    assert_eq!(
        outcome.stats.counters.arc_revisions,
        ac3.revisions.len() as u64
    );
    assert!(
        ac3.revisions
            .iter()
            .all(|revision| (revision.x, revision.y) != (slot("1A"), slot("4A")))
    );
}
