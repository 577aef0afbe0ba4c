//! The readers on inputs that are not puzzles, or nearly: which URL forms
//! are URLs, and (below) random bytes and random mutations of every
//! fixture through all four forms without a panic, every error located.

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
