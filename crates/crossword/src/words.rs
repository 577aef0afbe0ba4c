//! Word lists: plain (one word per line) or scored (`word;score`, the form
//! crossword constructors exchange), normalised to lowercase letters, and
//! the default list built from SCOWL that ships inside the crate.

use crate::error::{Location, ParseError, end_of};

/// The score of a word from a plain list (no `;score`).
pub const DEFAULT_SCORE: i32 = 50;

/// The default word list, front coded (see `data/build-default-list.py`).
const DEFAULT_LIST: &str = include_str!("../data/default-words.fc");

/// One word: lowercase letters `a`-`z` as `0`-`25`, and its score.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Word {
    /// Letters, `0` = a.
    pub letters: Box<[u8]>,
    /// Higher is better.
    pub score: i32,
}

impl Word {
    /// The word as lowercase text.
    pub fn text(&self) -> String {
        letters_to_string(&self.letters)
    }
}

/// Letters `0`-`25` as lowercase text.
pub fn letters_to_string(letters: &[u8]) -> String {
    letters
        .iter()
        .map(|&letter| (b'a' + letter) as char)
        .collect()
}

/// What normalising a list left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dropped {
    /// Lines whose word has a character other than a letter, a space, a
    /// hyphen or a period (an apostrophe, a digit, an accented letter).
    pub non_letters: usize,
    /// Words shorter than two letters (no entry is that short).
    pub too_short: usize,
    /// Words below the minimum score.
    pub below_min_score: usize,
    /// Words seen again (the highest score is kept).
    pub duplicates: usize,
    /// Words of `data/offensive.txt` left out of the built-in list.
    pub offensive: usize,
}

impl Dropped {
    /// Every line left out.
    pub fn total(&self) -> usize {
        self.non_letters + self.too_short + self.below_min_score + self.duplicates + self.offensive
    }
}

/// Each word read so far and its position in the list. A `BTreeMap`, on
/// the standard library (the workspace points `HashMap` lints at
/// hashbrown), needs no hashing and is fast enough for lists read once.
type WordIndex = std::collections::BTreeMap<Vec<u8>, usize>;

/// A normalised word list: distinct lowercase words with scores.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WordList {
    words: Vec<Word>,
    dropped: Dropped,
}

impl WordList {
    /// Reads a plain or scored list: one entry per line, `word` or
    /// `word;score` (an integer; plain words score [`DEFAULT_SCORE`]).
    /// Blank lines and lines starting with `#` are skipped. Words are
    /// normalised: case folded, spaces, hyphens and periods removed
    /// (`ice cream` is `icecream`); a word with any other character (an
    /// apostrophe, a digit, an accent) is dropped and counted, as are words
    /// below `min_score` and repeats. An empty result is an error.
    pub fn parse(text: &str, min_score: Option<i32>) -> Result<WordList, ParseError> {
        let mut list = WordList::default();
        let mut index = WordIndex::new();
        for (number, raw) in text.lines().enumerate() {
            let number = number + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (word, score) = match line.rsplit_once(';') {
                Some((word, score)) => {
                    let score = score.trim().parse::<i32>().map_err(|error| {
                        // The column just after the ';' in the line as read.
                        let semicolon = raw.rfind(';').unwrap_or_default();
                        let column = raw[..semicolon].chars().count() + 2;
                        let expected = match error.kind() {
                            std::num::IntErrorKind::PosOverflow
                            | std::num::IntErrorKind::NegOverflow => {
                                format!("a score from {} to {}", i32::MIN, i32::MAX)
                            }
                            _ => "an integer score after ';'".to_owned(),
                        };
                        ParseError::new(
                            Location::LineColumn(number, column),
                            format!("expected {expected}, found {:?}", score.trim()),
                        )
                    })?;
                    (word, score)
                }
                None => (line, DEFAULT_SCORE),
            };
            list.add(word, score, min_score, &mut index);
        }
        if list.words.is_empty() {
            // The reader found the end of the list still wanting a word.
            let (line, column) = end_of(text);
            return Err(ParseError::new(
                Location::LineColumn(line, column),
                format!(
                    "no usable word in the list: it ends here without a word of two or more letters ({} dropped: {} with characters other than letters, {} shorter than 2 letters, {} below the minimum score)",
                    list.dropped.total(),
                    list.dropped.non_letters,
                    list.dropped.too_short,
                    list.dropped.below_min_score
                ),
            ));
        }
        Ok(list)
    }

    /// A list of the given words, each with [`DEFAULT_SCORE`], normalised
    /// as [`WordList::parse`] does.
    pub fn from_words<S: AsRef<str>>(words: &[S]) -> WordList {
        let mut list = WordList::default();
        let mut index = WordIndex::new();
        for word in words {
            list.add(word.as_ref(), DEFAULT_SCORE, None, &mut index);
        }
        list
    }

    /// The default list, embedded in the crate: 90,573 words of SCOWL
    /// (Debian's wamerican, wamerican-large and wamerican-huge,
    /// 2020.12.07), case folded, scored by how often they are used in
    /// English (wordfreq's Zipf frequency, doubled and rounded down to a
    /// tier 3-9, times ten: 90 for zipf 4.5 or more, 60 for 3.0-3.5, 30
    /// for 1.5-2.0), lowered for words of up to four letters that SCOWL
    /// keeps only in its larger sizes (two tiers for sizes 55-70, three for
    /// 80, not below 30) and for longer words of size 80 (one tier); rarer
    /// words (zipf below 1.5, or 2.0 for those short words), initialisms,
    /// what SCOWL lists only as an
    /// abbreviation or a Roman numeral, and words with apostrophes or
    /// accents are left out (`data/build-default-list.py` says how).
    /// The offensive words of `data/offensive.txt` are left out too
    /// ([`WordList::default_list_with`] keeps them). With `min_score`,
    /// only the words scoring at least that.
    pub fn default_list(min_score: Option<i32>) -> WordList {
        WordList::default_list_with(min_score, false)
    }

    /// The default list, with the words of `data/offensive.txt` when
    /// `allow_offensive`.
    pub fn default_list_with(min_score: Option<i32>, allow_offensive: bool) -> WordList {
        let offensive: std::collections::BTreeSet<&str> =
            offensive_words().filter(|_| !allow_offensive).collect();
        let mut words = Vec::with_capacity(93_000);
        let mut previous: Vec<u8> = Vec::new();
        let mut dropped = Dropped::default();
        for line in DEFAULT_LIST.lines() {
            let bytes = line.as_bytes();
            if bytes.len() < 2 {
                continue;
            }
            let shared = usize::from(bytes[0].wrapping_sub(b'0')).min(previous.len());
            let score = i32::from(bytes[bytes.len() - 1].wrapping_sub(b'0')) * 10;
            previous.truncate(shared);
            previous.extend(
                bytes[1..bytes.len() - 1]
                    .iter()
                    .map(|&byte| byte.wrapping_sub(b'a')),
            );
            if min_score.is_some_and(|min| score < min) {
                dropped.below_min_score += 1;
                continue;
            }
            if !offensive.is_empty() && offensive.contains(letters_to_string(&previous).as_str()) {
                dropped.offensive += 1;
                continue;
            }
            words.push(Word {
                letters: previous.clone().into_boxed_slice(),
                score,
            });
        }
        WordList { words, dropped }
    }

    fn add(&mut self, word: &str, score: i32, min_score: Option<i32>, index: &mut WordIndex) {
        let mut letters = Vec::with_capacity(word.len());
        for ch in word.chars() {
            match ch {
                'a'..='z' | 'A'..='Z' => letters.push(ch.to_ascii_lowercase() as u8 - b'a'),
                ' ' | '-' | '.' => {}
                _ => {
                    self.dropped.non_letters += 1;
                    return;
                }
            }
        }
        if letters.len() < 2 {
            self.dropped.too_short += 1;
            return;
        }
        if min_score.is_some_and(|min| score < min) {
            self.dropped.below_min_score += 1;
            return;
        }
        match index.get(&letters).copied() {
            Some(at) => {
                self.dropped.duplicates += 1;
                let kept = &mut self.words[at].score;
                *kept = (*kept).max(score);
            }
            None => {
                index.insert(letters.clone(), self.words.len());
                self.words.push(Word {
                    letters: letters.into_boxed_slice(),
                    score,
                });
            }
        }
    }

    /// The words, in the order read.
    pub fn words(&self) -> &[Word] {
        &self.words
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list has no word.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// What normalising left out.
    pub fn dropped(&self) -> Dropped {
        self.dropped
    }

    /// The longest word's length (0 for an empty list).
    pub fn max_len(&self) -> usize {
        self.words
            .iter()
            .map(|w| w.letters.len())
            .max()
            .unwrap_or(0)
    }
}

/// The words the built-in list leaves out by default
/// (`data/offensive.txt`: slurs and obscenities, written for this crate).
pub fn offensive_words() -> impl Iterator<Item = &'static str> {
    OFFENSIVE
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

const OFFENSIVE: &str = include_str!("../data/offensive.txt");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_scored_lines_are_normalised_and_drops_counted() {
        let text = "# a comment\nHeel\nice cream;70\nit's;90\nx\ncafé\nheel;80\nlow;10\n\n";
        let list = WordList::parse(text, Some(20)).unwrap();
        let words: Vec<(String, i32)> = list.words().iter().map(|w| (w.text(), w.score)).collect();
        assert_eq!(
            words,
            [("heel".to_owned(), 80), ("icecream".to_owned(), 70)]
        );
        let dropped = list.dropped();
        assert_eq!(
            (
                dropped.non_letters,
                dropped.too_short,
                dropped.below_min_score,
                dropped.duplicates
            ),
            (2, 1, 1, 1)
        );
    }

    #[test]
    fn bad_scores_and_empty_lists_are_errors() {
        let error = WordList::parse("abc;12\nabd;x1\n", None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 5: expected an integer score after ';', found \"x1\""
        );
        let error = WordList::parse("  abc ; 1x\n", None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 8: expected an integer score after ';', found \"1x\""
        );
        let error = WordList::parse("abc;99999999999\n", None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 5: expected a score from -2147483648 to 2147483647, found \"99999999999\""
        );
        let error = WordList::parse("123\n'\n", None).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("line 3, column 1: no usable word in the list: it ends here without a word of two or more letters (2 dropped"),
            "{error}"
        );
    }

    #[test]
    fn the_default_list_decodes_with_its_tiers() {
        let list = WordList::default_list(None);
        let find = |list: &WordList, text: &str| {
            list.words()
                .iter()
                .find(|w| w.text() == text)
                .map(|w| w.score)
        };
        assert_eq!(find(&list, "house"), Some(90));
        // Crossword glue stays; junk of the SCOWL-scored list is gone.
        for glue in ["era", "aloe", "ore", "eel", "etna"] {
            assert!(find(&list, glue).is_some_and(|s| s >= 50), "{glue}");
        }
        // Junk of the SCOWL-scored list (issue 18's first fills), then of
        // the first wordfreq-scored one: initialisms, abbreviations SCOWL
        // lists as such (RBIS, MEV, TRNA, BTS, ISL, ESD, TWP, ALD), short
        // words rare for the SCOWL size holding them (ASIR, TRET, HIKO),
        // Roman numerals.
        for junk in [
            "rsfsr",
            "eriline",
            "eeo",
            "aec",
            "eyasses",
            "bia",
            "hereditist",
            "seamset",
            "teletron",
            "resedaceae",
            "asir",
            "bts",
            "ald",
            "mev",
            "trna",
            "rbis",
            "isl",
            "esd",
            "twp",
            "tret",
            "hiko",
            "contd",
            "ltd",
            "lvii",
        ] {
            assert_eq!(find(&list, junk), None, "{junk}");
        }
        // Short words SCOWL has only in its larger sizes sink two tiers:
        // AERO (zipf 3.33, size 70) scores 40, not 60.
        assert_eq!(find(&list, "aero"), Some(40));
        assert!(
            list.words()
                .iter()
                .all(|w| w.letters.iter().all(|&l| l < 26)
                    && w.letters.len() >= 2
                    && (30..=90).contains(&w.score))
        );
        let common = WordList::default_list(Some(60));
        assert!(
            common.len() > 24_000 && common.len() < 27_000,
            "{}",
            common.len()
        );
    }

    #[test]
    fn offensive_words_are_left_out_unless_allowed() {
        let offensive: Vec<&str> = offensive_words().collect();
        assert!(offensive.contains(&"cunt") && !offensive.contains(&"era"));
        let clean = WordList::default_list(None);
        let all = WordList::default_list_with(None, true);
        let texts = |list: &WordList| -> std::collections::BTreeSet<String> {
            list.words().iter().map(Word::text).collect()
        };
        let (clean_texts, all_texts) = (texts(&clean), texts(&all));
        assert_eq!(all.len(), 90_573);
        assert_eq!(all.dropped().offensive, 0);
        assert!(clean.dropped().offensive > 0);
        assert_eq!(clean.len() + clean.dropped().offensive, all.len());
        for word in &offensive {
            assert!(!clean_texts.contains(*word), "{word}");
        }
        assert!(all_texts.contains("cunt") && clean_texts.contains("house"));
        // A list given by the user is used as given.
        let given = WordList::parse("cunt\nhouse\n", None).unwrap();
        assert_eq!(given.len(), 2);
    }
}
