//! The readers of a puzzle (the puzzle file, `Puzzle::from_str`; the
//! words file with its nine letters, `Puzzle::from_words_file`; a
//! solution line, `Grid::from_line`) on random bytes, on random near-valid
//! puzzles and on random byte mutations of every fixture: no panic, every
//! error but a bad `--letters` string begins `line L, column C: ` (a
//! solution line's `column C: `) with the place inside the input, a
//! "found 'x'" quotes the character there, and every puzzle read prints
//! back to a file that reads the same.

use std::path::{Path, PathBuf};

use fuzz_kit::{Rng, line_of, location, mutate};
use gogen::{Grid, GridError, MAX_LINE_BYTES, ParseError, Puzzle};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/gogen")
}

/// The bytes the readers care about.
const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz.,# \n\r\t0123456789";

/// Random bytes, biased to the characters puzzles are made of, often
/// after a grid so that the word list is reached.
fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = fuzz_kit::random_bytes(rng, 300, ALPHABET);
    let front: &[u8] = match rng.below(4) {
        0 => b"M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n",
        1 => b"12\n",
        _ => b"",
    };
    bytes.splice(0..0, front.iter().copied());
    bytes
}

/// Checks that `error`, found reading `text`, names a place inside it.
fn assert_located(error: &ParseError, text: &str, what: &str) {
    let message = error.to_string();
    if let ParseError::Letters { .. } = error {
        assert!(
            message.starts_with("letters: expected"),
            "{what}: {message}"
        );
        return;
    }
    let (line, column) =
        location(&message).unwrap_or_else(|| panic!("{what}: not located: {message}"));
    let chars = line_of(text, line)
        .unwrap_or_else(|| panic!("{what}: no line {line} in {text:?}: {message}"));
    let limit = match error {
        ParseError::LineTooLong { .. } => MAX_LINE_BYTES + 1,
        _ => chars.len() + 1,
    };
    assert!(
        (1..=limit).contains(&column),
        "{what}: column {column} of a line of {} characters: {message}",
        chars.len()
    );
    let found = match error {
        ParseError::GridCell { found, .. } | ParseError::WordLetter { found, .. } => Some(*found),
        _ => None,
    };
    if let Some(found) = found {
        assert_eq!(
            chars.get(column - 1),
            Some(&found),
            "{what}: {message} in {text:?}"
        );
    }
    if !matches!(
        error,
        ParseError::RepeatedGiven { .. }
            | ParseError::GridEnds { .. }
            | ParseError::WordCount { .. }
    ) {
        assert!(message.contains("expected"), "{what}: {message}");
    }
    assert!(!message.ends_with('.'), "{what}: {message}");
}

/// Checks a solution line's error: `column C: ` inside the line.
fn assert_grid_located(error: &GridError, line: &str, what: &str) {
    let message = error.to_string();
    let column: usize = message
        .strip_prefix("column ")
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(column, _)| column.parse().ok())
        .unwrap_or_else(|| panic!("{what}: not located: {message}"));
    let chars: Vec<char> = line.chars().collect();
    assert!(
        (1..=chars.len() + 1).contains(&column),
        "{what}: {message} in {line:?}"
    );
    if let GridError::NotALetter { found, .. } = error {
        assert_eq!(chars.get(column - 1), Some(found), "{what}: {message}");
    }
}

/// Runs every reader on `bytes` and checks what each says.
fn read_all_ways(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    match text.parse::<Puzzle>() {
        Ok(puzzle) => {
            let printed = puzzle.to_string();
            assert_eq!(printed.parse::<Puzzle>().as_ref(), Ok(&puzzle), "{what}");
            let line = puzzle.to_line();
            assert_eq!(line.parse::<Puzzle>().as_ref(), Ok(&puzzle), "{what}");
        }
        Err(error) => assert_located(&error, &text, what),
    }
    for letters in ["MGDWLYSJB", "mgdwlysjb", "MGDWLYSJ", "MGDWLYSJZ"] {
        if let Err(error) = Puzzle::from_words_file(&text, letters) {
            assert_located(&error, &text, &format!("{what} --letters {letters}"));
        }
    }
    for line in text.lines().take(20) {
        if let Err(error) = Grid::from_line(line) {
            assert_grid_located(&error, line, what);
        }
    }
}

#[test]
fn random_bytes_are_read_or_refused_with_a_place() {
    let mut rng = Rng::new(0x6060_0000_5eed);
    for round in 0..3000 {
        let bytes = random_bytes(&mut rng);
        read_all_ways(&bytes, &format!("random {round}: {bytes:?}"));
    }
}

fn files_under(folder: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "txt") {
            files.push(path);
        }
    }
}

#[test]
fn fixture_mutations_are_read_or_refused_with_a_place() {
    let mut files = Vec::new();
    files_under(&fixtures(), &mut files);
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut rng = Rng::new(0x6060_f1c7);
    for file in &files {
        let original = std::fs::read(file).unwrap();
        read_all_ways(&original, &file.display().to_string());
        for round in 0..100 {
            let mutant = mutate(&mut rng, &original, ALPHABET);
            read_all_ways(
                &mutant,
                &format!("{} mutant {round}: {mutant:?}", file.display()),
            );
        }
    }
    // The one-line form of a puzzle and its mutations.
    let one_line =
        b"M.G.D.....W.L.Y.....S.J.B ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM";
    read_all_ways(one_line, "one line");
    for round in 0..1000 {
        let mutant = mutate(&mut rng, one_line, ALPHABET);
        read_all_ways(&mutant, &format!("one-line mutant {round}: {mutant:?}"));
    }
    // A solution line and its mutations.
    let solution = b"MNGKDHAXEVWCLRYQUIPOSTJFB";
    for round in 0..1000 {
        let mutant = mutate(&mut rng, solution, ALPHABET);
        read_all_ways(&mutant, &format!("solution mutant {round}: {mutant:?}"));
    }
}
