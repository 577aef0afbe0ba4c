//! The readers on inputs that are not puzzles, or nearly: which URL forms
//! are URLs, and (below) random bytes and random mutations of every
//! fixture through all four forms without a panic, every error located.

use fuzz_kit::{Rng, mutate};
use ripple::{Location, ParseError, Puzzle};

const URL: &str = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1";

/// The URL forms of puzz.link and pzv.jp read; anything else before
/// `ripple/` is an error at the first character that leaves them.
#[test]
fn only_the_url_forms_of_puzz_link_and_pzv_jp_are_urls() {
    let tail = "ripple/5/4/ld8g2sug4g3u1";
    let expected: Puzzle = URL.parse().unwrap();
    for head in [
        "https://puzz.link/p?",
        "http://puzz.link/p?",
        "https://puzz.link/p.html?",
        "https://www.puzz.link/p?",
        "puzz.link/p?",
        "http://pzv.jp/p.html?",
        "http://pzv.jp/p?",
        "https://pzv.jp/p.html?",
        "",
    ] {
        let url = format!("{head}{tail}");
        assert_eq!(url.parse::<Puzzle>().as_ref(), Ok(&expected), "{url}");
    }
    for (url, position) in [
        ("xx?ripple/5/4/ld8g2sug4g3u1", 1),
        ("htt\0ps://puzz.link/p?ripple/5/4/ld8g2sug4g3u1", 4),
        ("https://evil.example/p?ripple/5/4/ld8g2sug4g3u1", 9),
        ("https://puzz.link/q?ripple/5/4/ld8g2sug4g3u1", 19),
        ("https://puzz.link/p?sudoku/5/4/ld8g2sug4g3u1", 21),
        ("https://puzz.link.example/p?ripple/5/4/ld8g2sug4g3u1", 18),
        ("?ripple/5/4/ld8g2sug4g3u1", 1),
        ("ftp://puzz.link/p?ripple/5/4/ld8g2sug4g3u1", 1),
        ("https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1\u{7f}", 45),
    ] {
        let error: ParseError = ripple::parse_url(url).unwrap_err();
        assert_eq!(
            error.location,
            Location::Url { position },
            "{url:?}: {error}"
        );
        // Read as a text, the position is a column of its line.
        let error: ParseError = format!("\n  {url}\n").parse::<Puzzle>().unwrap_err();
        let column = position + 2;
        assert_eq!(
            error.location,
            Location::Text { line: 2, column },
            "{url:?}: {error}"
        );
    }
    let error = "xx?ripple/5/4/ld8g2sug4g3u1".parse::<Puzzle>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, column 1: expected a puzz.link or pzv.jp URL such as https://puzz.link/p?ripple/COLS/ROWS/..., found 'xx?ripple'"
    );
    let error = "htt\0ps://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
        .parse::<Puzzle>()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, column 4: expected a URL character, found '\\u{0}'"
    );
}

/// Every fixture a reader takes: the four forms (and the bad ones).
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ripple");
    let mut out = Vec::new();
    for folder in ["", "puzzles", "ascii", "bad"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let is_input = path
                .extension()
                .is_some_and(|ext| ext == "txt" || ext == "pzprv3");
            if is_input {
                out.push((path.display().to_string(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    assert!(out.len() > 60, "{} fixtures", out.len());
    out
}

/// The characters the forms care about, which a mutation puts in.
const SPECIAL: &[u8] = b"0123456789 .|-+/\n\r\t#?zgv";

/// Reads `bytes` as the binary does (lossy UTF-8) through every reader:
/// no panic; an error names a line and a column inside the input (the
/// column at most one past the end of its line, the line at most one past
/// the last); a puzzle read writes a URL that reads back the same.
fn read_everywhere(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.split('\n').collect();
    match ripple::parse(&text) {
        Ok(parsed) => {
            let url = ripple::to_url(&parsed.puzzle);
            assert_eq!(
                ripple::parse_url(&url).as_ref(),
                Ok(&parsed.puzzle),
                "{text:?}"
            );
            for form in [
                ripple::Format::Pzprv3,
                ripple::Format::Normalised,
                ripple::Format::Ascii,
            ] {
                let written = ripple::write(&parsed.puzzle, form, parsed.solution.as_ref());
                let back = ripple::parse(&written).unwrap_or_else(|error| {
                    panic!("{text:?} as {}: {error}\n{written}", form.name())
                });
                assert_eq!(back.puzzle, parsed.puzzle, "{text:?} as {}", form.name());
            }
        }
        Err(error) => {
            let message = error.to_string();
            let Location::Text { line, column } = error.location else {
                panic!("{text:?}: not at a line and column: {message}");
            };
            assert!(line >= 1 && column >= 1, "{text:?}: {message}");
            assert!(line <= lines.len() + 1, "{text:?}: {message}");
            let width = lines
                .get(line - 1)
                .map_or(0, |line| line.trim_end_matches('\r').chars().count());
            assert!(column <= width + 1, "{text:?}: {message}");
            assert!(message.starts_with(&format!("line {line}, column {column}: ")));
            let first = message.chars().nth(message.find(": ").unwrap() + 2);
            assert!(!first.is_some_and(char::is_uppercase), "{message}");
        }
    }
    // A URL read alone names a position inside it.
    let line = text.lines().next().unwrap_or_default();
    if let Err(error) = ripple::parse_url(line) {
        let Location::Url { position } = error.location else {
            panic!("{line:?}: {error}");
        };
        assert!(
            position >= 1 && position <= line.trim().chars().count() + 1,
            "{line:?}: {error}"
        );
    }
}

#[test]
fn random_bytes_never_panic_and_every_error_is_located() {
    let mut rng = Rng::new(0x0ddba11);
    let heads: [&[u8]; 6] = [
        b"",
        b"https://puzz.link/p?ripple/",
        b"pzprv3\nripple\n",
        b"size ",
        b"3 3\n",
        b"ripple/4/4/",
    ];
    for round in 0..3000 {
        let mut bytes = heads[round % heads.len()].to_vec();
        let len = rng.below(120);
        for _ in 0..len {
            bytes.push(match rng.below(5) {
                0 => b"0123456789"[rng.below(10)],
                1 => b" .|-\n/"[rng.below(6)],
                2 => b'a' + rng.below(26) as u8,
                _ => rng.byte(),
            });
        }
        read_everywhere(&bytes);
    }
}

#[test]
fn mutated_fixtures_never_panic_and_every_error_is_located() {
    let mut rng = Rng::new(0xfeed_f00d);
    let fixtures = fixtures();
    for round in 0..3000 {
        let (_, original) = &fixtures[round % fixtures.len()];
        read_everywhere(&mutate(&mut rng, original, SPECIAL));
    }
    // The URLs of all.txt one by one, cut and changed.
    let all = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ripple/all.txt"
    ))
    .unwrap();
    let urls: Vec<&str> = all
        .lines()
        .filter(|line| line.starts_with("http"))
        .collect();
    for round in 0..2000 {
        read_everywhere(&mutate(
            &mut rng,
            urls[round % urls.len()].as_bytes(),
            SPECIAL,
        ));
    }
}
