//! Every reader of the crate (text grids, `.puz`, ipuz, the three told
//! apart by `Grid::parse_bytes`, and plain and scored word lists) on random
//! bytes and on random byte mutations of the fixtures: no panic, and every
//! error names where it is in the shape its location says (`line L,
//! column C: ` inside the input for text, `byte B: ` inside the file for
//! `.puz`), pointing at the character a "found 'x'" message quotes.

use std::path::{Path, PathBuf};

use crossword::{Grid, Location, ParseError, WordList};
use fuzz_kit::{Rng, mutate};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword")
}

/// The bytes a mutation puts in: the characters the formats care about,
/// a NUL and a byte that is not UTF-8.
const SPECIAL: &[u8] = b".#\n\r ;-{}[]\",:0aZ\0\xffx";

/// Random bytes, biased to the characters the formats use.
fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(300);
    let mut bytes: Vec<u8> = (0..len)
        .map(|_| match rng.below(8) {
            0 => b'.',
            1 => b'#',
            2 => b'\n',
            3 => b'a' + rng.below(26) as u8,
            4 => *b";{}[]\",: 0123456789".get(rng.below(19)).unwrap_or(&b'x'),
            _ => rng.byte(),
        })
        .collect();
    match rng.below(6) {
        0 => {
            let at = rng.below(bytes.len() + 1);
            bytes.splice(at..at, b"ACROSS&DOWN\0".iter().copied());
        }
        1 => {
            bytes.splice(
                0..0,
                b"{\"dimensions\":{\"width\":2,\"height\":2},\"puzzle\":"
                    .iter()
                    .copied(),
            );
        }
        _ => {}
    }
    bytes
}

/// The characters of `text` on 1-based `line` (lines as `str::lines`
/// splits them, the form the readers use).
fn line_of(text: &str, line: usize) -> Option<Vec<char>> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.ends_with('\n') {
        lines.pop();
    }
    match lines.get(line - 1) {
        Some(row) => Some(row.strip_suffix('\r').unwrap_or(row).chars().collect()),
        // Just past the last line: the end of the input.
        None if line == lines.len() + 1 => Some(Vec::new()),
        None => None,
    }
}

/// Checks the shape of `error` for input `bytes` read as `text` (the text
/// the reader saw, for line and column errors).
fn assert_located(error: &ParseError, bytes: &[u8], text: &str, what: &str) {
    let message = error.to_string();
    match error.location {
        Location::LineColumn(line, column) => {
            let prefix = format!("line {line}, column {column}: ");
            assert!(message.starts_with(&prefix), "{what}: {message}");
            assert!(line >= 1 && column >= 1, "{what}: {message}");
            let chars = line_of(text, line)
                .unwrap_or_else(|| panic!("{what}: no line {line} in {text:?}: {message}"));
            assert!(
                column <= chars.len() + 1,
                "{what}: column {column} past line {line} ({} characters): {message}",
                chars.len()
            );
            // "found 'x'": the character at the place named.
            if message.contains(", found '") {
                let found = chars.get(column - 1).map(|c| format!(", found {c:?}"));
                assert!(
                    found.is_some_and(|found| message.contains(&found)),
                    "{what}: {message} in {text:?}"
                );
            }
        }
        Location::Byte(offset) => {
            let prefix = format!("byte {offset}: ");
            assert!(message.starts_with(&prefix), "{what}: {message}");
            assert!(offset <= bytes.len(), "{what}: {message}");
            assert!(message.contains("expected"), "{what}: {message}");
        }
        Location::Line(_) | Location::Input => {
            panic!("{what}: an error without line and column: {message}")
        }
    }
}

/// The text a grid reader sees for `bytes` (as `Grid::parse_bytes` makes it).
fn as_text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned()
}

fn check_grid_readers(bytes: &[u8], what: &str) {
    let text = as_text(bytes);
    if let Err(error) = Grid::parse_bytes(bytes) {
        // parse_bytes reads a .puz by its bytes, else the text.
        assert_located(&error, bytes, &text, what);
        if let Location::LineColumn(..) = error.location {
            assert!(!bytes.windows(12).any(|w| w == b"ACROSS&DOWN\0"), "{what}");
        }
    }
    if let Err(error) = Grid::parse_text(&text) {
        assert_located(&error, bytes, &text, what);
    }
    if let Err(error) = Grid::parse_ipuz(&text) {
        assert_located(&error, bytes, &text, what);
    }
    if let Err(error) = Grid::parse_puz(bytes) {
        assert!(
            matches!(error.location, Location::Byte(_)),
            "{what}: {error}"
        );
        assert_located(&error, bytes, &text, what);
    }
}

fn check_word_list(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    for min_score in [None, Some(50)] {
        if let Err(error) = WordList::parse(&text, min_score) {
            assert_located(&error, bytes, &text, what);
        }
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn grid_fixtures() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for folder in ["", "grids", "puz"] {
        let dir = fixtures().join(folder);
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                let ext = path.extension().unwrap_or_default();
                (ext == "puz" || ext == "ipuz" || (ext == "txt" && folder != "puz"))
                    && !name.contains("words")
                    && !name.starts_with("berghel")
            })
            .collect();
        names.sort();
        for path in names {
            files.push((path.display().to_string(), read(&path)));
        }
    }
    files
}

#[test]
fn the_grid_readers_on_random_bytes() {
    let mut rng = Rng::new(0x5eed_0001);
    for case in 0..3000 {
        let bytes = random_bytes(&mut rng);
        check_grid_readers(&bytes, &format!("random case {case}: {bytes:?}"));
    }
}

#[test]
fn the_grid_readers_on_mutated_fixtures() {
    let files = grid_fixtures();
    assert!(files.len() > 30, "{} fixtures", files.len());
    let mut rng = Rng::new(0x5eed_0002);
    for case in 0..3000 {
        let (name, bytes) = &files[case % files.len()];
        let mutant = mutate(&mut rng, bytes, SPECIAL);
        check_grid_readers(&mutant, &format!("{name}, mutant {case}: {mutant:?}"));
    }
}

#[test]
fn the_word_list_readers_on_random_bytes_and_mutated_lists() {
    let plain = read(&fixtures().join("sample-words.txt"));
    let scored: Vec<u8> = String::from_utf8_lossy(&plain)
        .lines()
        .enumerate()
        .map(|(index, word)| format!("{word};{}\n", index * 7 % 100))
        .collect::<String>()
        .into_bytes();
    let berghel = read(&fixtures().join("berghel-134.txt"));
    let seeds = [plain, scored, berghel];
    let mut rng = Rng::new(0x5eed_0003);
    for case in 0..3000 {
        let bytes = if case % 3 == 0 {
            random_bytes(&mut rng)
        } else {
            mutate(&mut rng, &seeds[case % seeds.len()], SPECIAL)
        };
        check_word_list(&bytes, &format!("word list case {case}: {bytes:?}"));
    }
}
