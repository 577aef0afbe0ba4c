//! Seeded random bytes and byte-level mutations of real inputs for the
//! parsers' property tests: a small xorshift generator ([`Rng`], the same
//! stream on every run), [`random_bytes`] biased to the characters a format
//! is made of, [`mutate`] (bits flipped, bytes replaced, inserted or
//! deleted, a piece doubled, the end cut off), and the helpers that read
//! back where an error says it is ([`location`], [`line_of`]).
//!
//! ```
//! use fuzz_kit::{Rng, location, mutate, random_bytes};
//!
//! let mut rng = Rng::new(0x5eed);
//! for _ in 0..100 {
//!     let bytes = random_bytes(&mut rng, 50, b"0123456789.\n");
//!     assert!(bytes.len() < 50);
//!     let _ = mutate(&mut rng, b"1.3\n.2.\n", b".#\n");
//! }
//! assert_eq!(location("line 3, column 7: expected a digit"), Some((3, 7)));
//! ```

#![deny(missing_docs)]

/// A seeded xorshift generator (no dependency; the same stream each run).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator seeded with `seed` (0, which xorshift cannot leave,
    /// stands for another fixed seed).
    pub fn new(seed: u64) -> Self {
        Rng(if seed == 0 { 0x5eed_0000_0001 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A random byte, any of the 256.
    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// One of `bytes`, which must not be empty.
    pub fn pick(&mut self, bytes: &[u8]) -> u8 {
        bytes[self.below(bytes.len())]
    }
}

/// Fewer than `max_len` random bytes: one in four any byte, the others
/// picked from `alphabet`, the characters the format is made of.
pub fn random_bytes(rng: &mut Rng, max_len: usize, alphabet: &[u8]) -> Vec<u8> {
    let len = rng.below(max_len);
    (0..len)
        .map(|_| match rng.below(4) {
            0 => rng.byte(),
            _ => rng.pick(alphabet),
        })
        .collect()
}

/// `input` with one to four random changes: a bit flipped, a byte replaced
/// by one of `alphabet`, a byte inserted (one in four any byte, else one of
/// `alphabet`), a byte deleted, a piece of up to 40 bytes doubled, or the
/// rest cut off.
pub fn mutate(rng: &mut Rng, input: &[u8], alphabet: &[u8]) -> Vec<u8> {
    let mut bytes = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            1 if at < bytes.len() => bytes[at] = rng.pick(alphabet),
            2 => {
                let byte = if rng.below(4) == 0 {
                    rng.byte()
                } else {
                    rng.pick(alphabet)
                };
                bytes.insert(at, byte);
            }
            3 if at < bytes.len() => {
                bytes.remove(at);
            }
            4 => {
                let end = (at + rng.below(40)).min(bytes.len());
                let chunk = bytes[at..end].to_vec();
                bytes.splice(at..at, chunk);
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// The `line L, column C: ` at the front of `message`, as `(L, C)`.
pub fn location(message: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix("line ")?;
    let (line, rest) = rest.split_once(", column ")?;
    let (column, _) = rest.split_once(": ")?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

/// The characters of 1-based `line` of `text` as `str::lines` splits it
/// (every carriage return at its end dropped); the line after the last is
/// the end of the text, an empty line; `None` beyond it.
pub fn line_of(text: &str, line: usize) -> Option<Vec<char>> {
    let lines: Vec<&str> = text.lines().collect();
    match lines.get(line.checked_sub(1)?) {
        Some(row) => Some(row.trim_end_matches('\r').chars().collect()),
        None if line == lines.len() + 1 => Some(Vec::new()),
        None => None,
    }
}

/// Asserts that `message` names its place in `text` (`line L, column C: `
/// at its front, the line one of the text's or the end after the last, the
/// column at most one past the line's end), and gives that line's
/// characters and the column, so that a caller can check what was found
/// there.
///
/// # Panics
///
/// When the message names no place, or one outside the text.
pub fn assert_located(text: &str, message: &str) -> (Vec<char>, usize) {
    let (line, column) = location(message).unwrap_or_else(|| panic!("not located: {message}"));
    let chars =
        line_of(text, line).unwrap_or_else(|| panic!("no line {line} in {text:?}: {message}"));
    assert!(
        (1..=chars.len() + 1).contains(&column),
        "{text:?}: {message}"
    );
    (chars, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_inputs() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(10) < 10 && b.below(10) < 10);
            assert_eq!(a.below(0), 0);
            b.below(0);
            let bytes = random_bytes(&mut a, 30, b"ab");
            assert_eq!(bytes, random_bytes(&mut b, 30, b"ab"));
            assert_eq!(mutate(&mut a, &bytes, b"c"), mutate(&mut b, &bytes, b"c"));
        }
        assert_ne!(Rng::new(0).next_u64(), 0);
    }

    #[test]
    fn a_location_and_its_line_are_read_back() {
        assert_eq!(location("line 2, column 10: expected x"), Some((2, 10)));
        assert_eq!(location("column 10: expected x"), None);
        let text = "ab\r\ncd\n";
        assert_eq!(line_of(text, 1), Some(vec!['a', 'b']));
        assert_eq!(line_of(text, 3), Some(Vec::new()));
        assert_eq!(line_of(text, 4), None);
        assert_eq!(line_of(text, 0), None);
        assert_eq!(
            assert_located(text, "line 2, column 3: x"),
            (vec!['c', 'd'], 3)
        );
    }
}
