//! Every puzzle of the fixtures, collected or generated: each format reads
//! it, the URL round trips exactly, and the four algorithms agree with the
//! recorded solution (and on the three odd cases) while the checker accepts
//! it; each generated file is what its command line makes.

use std::fs;
use std::path::PathBuf;

use ripple::{Algo, Format, Options, Puzzle, Status};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ripple")
}

/// Every puzzle file: (name, text).
fn puzzles() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = fs::read_dir(fixtures().join("puzzles"))
        .expect("the fixtures folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&path).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// The `# puzzlink:` line of a file.
fn recorded_url(text: &str) -> String {
    text.lines()
        .find_map(|line| line.strip_prefix("# puzzlink: "))
        .expect("a puzzlink line")
        .trim()
        .to_owned()
}

/// The odd cases and what each really has.
fn expected_count(name: &str) -> Option<u64> {
    match name {
        "nyt-2022-07-10" => Some(2),
        "generated-10x10-medium-s4-no-solution" => Some(0),
        "generated-18x18-hard-s10-no-clues" => Some(2),
        _ => None,
    }
}

#[test]
fn there_are_50_puzzles_47_unique() {
    let puzzles = puzzles();
    assert_eq!(puzzles.len(), 50);
    let odd = puzzles
        .iter()
        .filter(|(name, _)| expected_count(name).is_some())
        .count();
    assert_eq!(odd, 3);
}

#[test]
fn every_url_round_trips_and_reads_as_the_normalised_file() {
    for (name, text) in puzzles() {
        let parsed = ripple::parse(&text).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(parsed.format, Format::Normalised, "{name}");
        let url = recorded_url(&text);
        let from_url: Puzzle = url
            .parse()
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(from_url, parsed.puzzle, "{name}");
        assert_eq!(ripple::to_url(&from_url), url, "{name}");
        // Every writer reads back to the same puzzle.
        for format in [
            Format::Url,
            Format::Pzprv3,
            Format::Normalised,
            Format::Ascii,
        ] {
            let written = ripple::write(&parsed.puzzle, format, parsed.solution.as_ref());
            let again = ripple::parse(&written)
                .unwrap_or_else(|error| panic!("{name} {format:?}: {error}\n{written}"));
            assert_eq!(again.format, format, "{name}");
            assert_eq!(again.puzzle, parsed.puzzle, "{name} {format:?}");
            if matches!(format, Format::Normalised | Format::Pzprv3) {
                assert_eq!(again.solution, parsed.solution, "{name} {format:?}");
            }
        }
    }
}

#[test]
fn the_ascii_drawings_read_as_the_same_puzzles() {
    let mut seen = 0;
    for (name, text) in puzzles() {
        let path = fixtures().join("ascii").join(format!("{name}.txt"));
        let Ok(drawing) = fs::read_to_string(&path) else {
            continue;
        };
        seen += 1;
        let parsed = ripple::parse(&drawing).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(parsed.format, Format::Ascii);
        assert_eq!(parsed.puzzle, text.parse::<Puzzle>().unwrap(), "{name}");
    }
    assert_eq!(seen, 5);
    // The drawing with a wall that closes no room is read as that wall
    // left out: the puzzle it was drawn from.
    let drawing =
        fs::read_to_string(fixtures().join("ascii/generated-9x9-hard-s5-stray-wall.txt")).unwrap();
    let parsed = ripple::parse(&drawing).unwrap();
    assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
    let original =
        fs::read_to_string(fixtures().join("puzzles/generated-9x9-hard-s5.txt")).unwrap();
    assert_eq!(parsed.puzzle, original.parse::<Puzzle>().unwrap());
}

#[test]
fn the_pzprjs_file_reads_with_its_answer() {
    let file = fs::read_to_string(fixtures().join("pzprjs-test-4x4.pzprv3")).unwrap();
    let parsed = ripple::parse(&file).unwrap();
    assert_eq!(parsed.format, Format::Pzprv3);
    let normalised =
        ripple::parse(&fs::read_to_string(fixtures().join("puzzles/pzprjs-test-4x4.txt")).unwrap())
            .unwrap();
    assert_eq!(parsed.puzzle, normalised.puzzle);
    assert_eq!(parsed.solution, normalised.solution);
}

fn agree(algo: Algo, node_limit: Option<u64>) -> (usize, usize) {
    let (mut solved, mut skipped) = (0, 0);
    for (name, text) in puzzles() {
        let parsed = ripple::parse(&text).unwrap();
        let mut options = Options::new(algo).count_up_to(2);
        options.limits.node_limit = node_limit;
        let outcome = ripple::solve(&parsed.puzzle, &options);
        if matches!(outcome.status, Status::Limit(_)) {
            assert!(node_limit.is_some(), "{name} {algo}");
            skipped += 1;
            continue;
        }
        match expected_count(&name) {
            Some(0) => {
                assert_eq!(outcome.status, Status::Unsolvable, "{name} {algo}");
                assert!(outcome.count_complete);
            }
            Some(count) => {
                assert_eq!(
                    (outcome.status, outcome.count),
                    (Status::Solved, count),
                    "{name} {algo}"
                );
                let grid = outcome.solution.expect("a solution");
                ripple::check::check(&parsed.puzzle, grid.values())
                    .unwrap_or_else(|error| panic!("{name} {algo}: {error}"));
            }
            None => {
                assert!(
                    (outcome.count == 1 && outcome.count_complete),
                    "{name} {algo}: {outcome:?}"
                );
                let grid = outcome.solution.expect("a solution");
                assert_eq!(Some(&grid), parsed.solution.as_ref(), "{name} {algo}");
                ripple::check::check(&parsed.puzzle, grid.values())
                    .unwrap_or_else(|error| panic!("{name} {algo}: {error}"));
            }
        }
        solved += 1;
    }
    (solved, skipped)
}

#[test]
fn fast_agrees_on_every_puzzle() {
    assert_eq!(agree(Algo::Fast, None), (50, 0));
}

#[test]
fn csp_agrees_on_every_puzzle() {
    assert_eq!(agree(Algo::Csp, None), (50, 0));
}

/// MRV with forward checking runs past 1.5 million nodes on the large
/// generated hard grids of long chains of guesses (the 17x17, the 18x18 and
/// its rooms without givens, the 14x24); every other puzzle takes under
/// 1.5 million (penpa-ripple1-10x10, without givens, the most: 1.41 million).
#[test]
fn mrv_agrees_on_every_puzzle_but_four_within_its_node_limit() {
    assert_eq!(agree(Algo::Mrv, Some(1_500_000)), (46, 4));
}

#[test]
fn brute_force_agrees_within_its_node_limit() {
    // Within 400,000 nodes brute force settles 41 of the 50 puzzles (the
    // NYT 7x7s in a few thousand); the others stop with status limit.
    assert_eq!(agree(Algo::Brute, Some(400_000)), (41, 9));
}

/// Every fixture puzzle says where it came from (a `# source:` line, its
/// origin in the table of puzzles/README.md), and every file its comments
/// send the reader to exists: `cargo xtask demo` shows them.
#[test]
fn every_puzzle_names_its_source_and_only_files_that_exist() {
    let readme = fs::read_to_string(fixtures().join("puzzles/README.md")).unwrap();
    for (name, text) in puzzles() {
        let source = text
            .lines()
            .find_map(|line| line.strip_prefix("# source: "))
            .unwrap_or_else(|| panic!("{name}: no '# source:' line"));
        let repository = source.split_whitespace().next().unwrap();
        assert!(
            readme.contains(repository),
            "{name}: {repository} is not in puzzles/README.md"
        );
        for line in text.lines().filter(|line| line.starts_with('#')) {
            for word in line.split(|ch: char| ch.is_whitespace() || "()".contains(ch)) {
                if word.ends_with(".md") {
                    assert!(
                        fixtures().join(word).exists(),
                        "{name}: '{line}' names {word}, which does not exist"
                    );
                }
            }
        }
    }
}

/// The command line a generated file gives (`# command: ripple generate
/// ...`), as arguments, and whether the file was changed by hand after it
/// (`..., then ...`).
fn generator_command(text: &str) -> Option<(Vec<String>, bool)> {
    let command = text
        .lines()
        .find_map(|line| line.strip_prefix("# command: "))?;
    let (command, changed) = match command.split_once(", then ") {
        Some((command, _)) => (command, true),
        None => (command, false),
    };
    let arguments = command.strip_prefix("ripple ")?.split_whitespace();
    Some((arguments.map(str::to_owned).collect(), changed))
}

/// Every generated file (`generated-*`, in puzzles/ and ascii/) is what its
/// `# command:` line prints, byte for byte from the generator's own
/// `# ripple generate` line on, so anyone can make it again; a file changed
/// by hand after the command keeps the rooms the command made.
#[test]
fn every_generated_file_is_what_its_command_line_prints() {
    let mut checked = 0;
    for folder in ["puzzles", "ascii"] {
        let mut paths: Vec<PathBuf> = fs::read_dir(fixtures().join(folder))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| {
                path.file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with("generated-"))
            })
            .collect();
        paths.sort();
        for path in paths {
            let name = path.display().to_string();
            let text = fs::read_to_string(&path).unwrap();
            let (arguments, changed) =
                generator_command(&text).unwrap_or_else(|| panic!("{name}: no '# command:' line"));
            assert_eq!(arguments[0], "generate", "{name}");
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_ripple"))
                .args(&arguments)
                .output()
                .unwrap();
            assert!(output.status.success(), "{name}: {output:?}");
            let printed = String::from_utf8(output.stdout).unwrap();
            if changed {
                let made = ripple::parse(&printed).unwrap().puzzle;
                let file = ripple::parse(&text).unwrap().puzzle;
                assert_eq!(made.room_of(), file.room_of(), "{name}");
            } else {
                let from = text
                    .find("# ripple generate ")
                    .unwrap_or_else(|| panic!("{name}: no generator line"));
                assert_eq!(&text[from..], printed, "{name}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 31);
}
