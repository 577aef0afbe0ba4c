//! The puzzle readers (`parse_puzzles` for batches, `Sudoku::parse` for one
//! puzzle, `Sudoku::from_line` for a record's `puzzle` and `solution`) on
//! random bytes, on random structured inputs of every size (4x4, 9x9,
//! 16x16, 25x25, one-line and drawn grids) and on random byte mutations of
//! every fixture: no panic, every error begins `line L, column C: ` with
//! the place inside the input (at most just past a line's end, or the line
//! after the last), a "found 'x'" quotes the character there, and every
//! puzzle read prints back to a line that reads the same.

use std::path::PathBuf;

use fuzz_kit::{Rng, location, mutate};
use sudoku::{MAX_LINE_LEN, ParseError, Sudoku, parse_puzzles};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku")
}

/// The bytes the readers care about.
const ALPHABET: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTabcdefgp0._ |-+#\n\r\t=*";

/// A puzzle of a random size, as one line or as a drawn grid, with a few
/// givens that may clash: near-valid input that reaches every check.
fn random_puzzle(rng: &mut Rng) -> Vec<u8> {
    let box_size = 2 + rng.below(4);
    let side = box_size * box_size;
    let symbols = &b"123456789ABCDEFGHIJKLMNOP"[..side];
    let givens = rng.below(side * 2);
    let mut cells = vec![b'.'; side * side];
    for _ in 0..givens {
        let cell = rng.below(cells.len());
        cells[cell] = rng.pick(symbols);
    }
    let mut text = Vec::new();
    if rng.below(2) == 0 {
        text.extend_from_slice(&cells);
        text.push(b'\n');
    } else {
        for (row, chunk) in cells.chunks(side).enumerate() {
            if row > 0 && row % box_size == 0 && rng.below(2) == 0 {
                text.extend_from_slice(b"------+-------+------\n");
            }
            for (col, &cell) in chunk.iter().enumerate() {
                if col > 0 && col % box_size == 0 {
                    text.extend_from_slice(b" |");
                }
                if col > 0 {
                    text.push(b' ');
                }
                text.push(cell);
            }
            text.push(b'\n');
        }
    }
    text
}

/// Checks that `error`, found reading `text`, names a place inside it.
fn assert_located(error: &ParseError, text: &str, what: &str) {
    let message = error.to_string();
    let (line, column) =
        location(&message).unwrap_or_else(|| panic!("{what}: not located: {message}"));
    let chars = fuzz_kit::line_of(text, line)
        .unwrap_or_else(|| panic!("{what}: no line {line} in {text:?}: {message}"));
    let limit = match error {
        // A line too long is named at its first character past the limit.
        ParseError::TooLong { .. } => MAX_LINE_LEN + 1,
        _ => chars.len() + 1,
    };
    assert!(
        (1..=limit).contains(&column),
        "{what}: column {column} of a line of {} characters: {message}",
        chars.len()
    );
    if let ParseError::Character { found, .. } = error {
        assert_eq!(
            chars.get(column - 1),
            Some(found),
            "{what}: {message} in {text:?}"
        );
    }
    // A clash of givens breaks a rule, and a grid cut short says how many
    // rows it has of how many; the rest say what they expected.
    if !matches!(
        error,
        ParseError::Conflict { .. } | ParseError::ShortGrid { .. }
    ) {
        assert!(message.contains("expected"), "{what}: {message}");
    }
    assert!(
        !message.ends_with('.') && message.starts_with("line "),
        "{what}: {message}"
    );
}

/// Runs every reader on `bytes` and checks what each says.
fn read_all_ways(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    let mut read = 0;
    for parsed in parse_puzzles(&text) {
        match &parsed.result {
            Ok(sudoku) => {
                read += 1;
                let line = sudoku.to_line();
                assert_eq!(Sudoku::from_line(&line).as_ref(), Ok(sudoku), "{what}");
            }
            Err(error) => {
                assert_located(error, &text, what);
                let (line, _) = location(&error.to_string()).expect("located");
                assert!(line >= parsed.line, "{what}: {error}");
            }
        }
    }
    match Sudoku::parse(&text) {
        Ok(sudoku) => assert_eq!(read, 1, "{what}: {}", sudoku.to_line()),
        Err(error) => assert_located(&error, &text, what),
    }
    for line in text.lines().take(50) {
        let line = line.trim_end_matches('\r');
        if let Err(error) = Sudoku::from_line(line) {
            assert_located(&error, line, what);
        }
    }
}

#[test]
fn random_bytes_are_read_or_refused_with_a_place() {
    let mut rng = Rng::new(0x5eed_5d0c);
    for round in 0..3000 {
        let bytes = fuzz_kit::random_bytes(&mut rng, 400, ALPHABET);
        read_all_ways(&bytes, &format!("random {round}: {bytes:?}"));
    }
}

#[test]
fn puzzles_of_every_size_and_form_and_their_mutations() {
    let mut rng = Rng::new(0x0016_0025);
    for round in 0..1500 {
        let puzzle = random_puzzle(&mut rng);
        read_all_ways(&puzzle, &format!("puzzle {round}"));
        let mutant = mutate(&mut rng, &puzzle, ALPHABET);
        read_all_ways(&mutant, &format!("mutant {round}: {mutant:?}"));
    }
}

#[test]
fn fixture_mutations_are_read_or_refused_with_a_place() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let mut rng = Rng::new(0xf1c7_u64 << 20 | 7);
    for file in &files {
        let original = std::fs::read(file).unwrap();
        // Large batches are cut to their first lines: mutations stay local.
        let start: Vec<u8> = original
            .split(|&b| b == b'\n')
            .take(20)
            .collect::<Vec<_>>()
            .join(&b'\n');
        read_all_ways(&original, &file.display().to_string());
        for round in 0..120 {
            let mutant = mutate(&mut rng, &start, ALPHABET);
            read_all_ways(&mutant, &format!("{} mutant {round}", file.display()));
        }
    }
}

/// `check` reads `solve`'s JSON records back (issue 30: records only, the
/// human view is no longer read): every record of the fixtures' puzzles
/// (counting or not) passes, and on 3,000 mutations of them the reader and
/// the check neither panic nor fail without saying why.
#[cfg(feature = "cli")]
#[test]
fn check_reads_solves_records_and_their_mutations() {
    use cli_kit::App;
    use cli_kit::app::{Show, Solved};
    use sudoku::app::SudokuView;
    use sudoku::cli::{SudokuFields, check_record};
    use sudoku::{Options, Sudoku};

    let mut views = Vec::new();
    for file in [
        "known.txt",
        "multiple.txt",
        "unsolvable.txt",
        "four.txt",
        "sixteen.txt",
        "malformed.txt",
        "top1465_sample.txt",
    ] {
        let text = std::fs::read_to_string(fixtures().join(file)).unwrap();
        let mut puzzles = parse_puzzles(&text);
        puzzles.truncate(12);
        for count_limit in [None, Some(2), Some(5)] {
            let options = Options::default().count_up_to(count_limit.unwrap_or(1));
            let mut out = Vec::new();
            // What the driver writes under --json: each puzzle's record,
            // or the invalid record of one that could not be read.
            for parsed in &puzzles {
                let line = Some(parsed.line);
                match &parsed.result {
                    Ok(puzzle) => {
                        let (outcome, unique) =
                            puzzle.solve_telling(&options, count_limit.is_none());
                        let solved = Solved {
                            puzzle: puzzle.clone(),
                            outcome,
                            unique,
                        };
                        let own = SudokuView::default();
                        Sudoku::write_record(&mut out, &solved, count_limit.is_some(), line, &own)
                            .unwrap();
                    }
                    Err(error) => cli_kit::Record::<SudokuFields>::invalid(
                        error,
                        Sudoku::invalid_fields(&parsed.text),
                    )
                    .at_line(line)
                    .write_line(&mut out)
                    .unwrap(),
                }
            }
            views.push((file, String::from_utf8(out).unwrap()));
        }
    }
    let claims =
        |text: &str| cli_kit::json_records::<SudokuFields, String, cli_kit::NoFields>(text);
    for (file, view) in &views {
        let read = claims(view);
        assert!(!read.is_empty(), "{file}");
        for (line, claim) in read {
            let record = claim.unwrap_or_else(|error| panic!("{file} line {line}: {error}"));
            if let Err(error) = check_record(&record) {
                panic!("{file} line {line}: {error}\n{view}");
            }
        }
    }
    let mut rng = Rng::new(0x5eed_0018);
    for _ in 0..3_000 {
        let (_, view) = &views[rng.below(views.len())];
        let bytes = mutate(&mut rng, view.as_bytes(), ALPHABET);
        let text = String::from_utf8_lossy(&bytes);
        for (line, claim) in claims(&text) {
            assert!(line >= 1 && line <= text.lines().count().max(1));
            match claim {
                Ok(record) => {
                    let _ = check_record(&record);
                }
                Err(error) => assert!(!error.is_empty(), "line {line} in\n{text}"),
            }
        }
    }
}
