//! The 9x9 candidate grid the explaining techniques work on: per cell its
//! placed value or a 9-bit mask of the digits still possible, with the unit
//! and peer tables every technique needs.
//!
//! Numbering, used everywhere in [`crate::explain`]: cells are `0..81` in
//! reading order (`cell = 9 * row + column`), digits are `1..=9` (bit
//! `digit - 1` of a mask), units are numbered rows `0..9`, columns `9..18`,
//! boxes `18..27` (box `b` covers rows `3 * (b / 3)..` and columns
//! `3 * (b % 3)..`).

use std::fmt;

use thiserror::Error;

/// A set of digits: bit `d - 1` stands for digit `d`.
pub type Mask = u16;

/// The places of each digit in each unit: `table[unit][digit - 1]` holds
/// [`Candidates::positions`].
pub(crate) type Positions = [[Mask; 9]; 27];

/// All nine digits.
pub const ALL_DIGITS: Mask = 0x1ff;

/// The 27 units (rows, then columns, then boxes), each its 9 cells in
/// reading order.
pub const UNITS: [[usize; 9]; 27] = build_units();

/// The three units of each cell: `[row, 9 + column, 18 + box]`.
pub const CELL_UNITS: [[usize; 3]; 81] = build_cell_units();

/// The bit of each cell's position (index `0..9`) within each of its three
/// [`CELL_UNITS`].
const CELL_UNIT_BITS: [[Mask; 3]; 81] = build_cell_unit_bits();

/// The 20 peers of each cell (the other cells of its row, column and box),
/// in increasing order.
pub const PEERS: [[usize; 20]; 81] = build_peers();

/// The positions (bit `i` for the `i`th cell) of the cells of unit `a`
/// that lie in unit `b`.
pub(crate) const fn shared_positions(a: usize, b: usize) -> u16 {
    let mut mask = 0;
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            if UNITS[a][i] == UNITS[b][j] {
                mask |= 1 << i;
            }
            j += 1;
        }
        i += 1;
    }
    mask
}

/// [`shared_positions`] of every pair of units.
pub(crate) static SHARED: [[u16; 27]; 27] = {
    let mut table = [[0; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            table[a][b] = shared_positions(a, b);
            b += 1;
        }
        a += 1;
    }
    table
};

const fn build_units() -> [[usize; 9]; 27] {
    let mut units = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = 9 * i + j;
            units[9 + i][j] = 9 * j + i;
            units[18 + i][j] = 9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3;
            j += 1;
        }
        i += 1;
    }
    units
}

const fn build_cell_units() -> [[usize; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        table[cell] = [row, 9 + col, 18 + 3 * (row / 3) + col / 3];
        cell += 1;
    }
    table
}

const fn build_cell_unit_bits() -> [[Mask; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        table[cell] = [1 << col, 1 << row, 1 << (3 * (row % 3) + col % 3)];
        cell += 1;
    }
    table
}

const fn build_peers() -> [[usize; 20]; 81] {
    let units = build_cell_units();
    let mut peers = [[0; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut n = 0;
        let mut other = 0;
        while other < 81 {
            let shares = units[cell][0] == units[other][0]
                || units[cell][1] == units[other][1]
                || units[cell][2] == units[other][2];
            if other != cell && shares {
                peers[cell][n] = other;
                n += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

/// Whether two distinct cells see each other (share a unit).
pub fn sees(a: usize, b: usize) -> bool {
    a != b
        && (CELL_UNITS[a][0] == CELL_UNITS[b][0]
            || CELL_UNITS[a][1] == CELL_UNITS[b][1]
            || CELL_UNITS[a][2] == CELL_UNITS[b][2])
}

/// The number of bits of a 9-bit mask (digits or positions in a unit),
/// read from a table: the producers count bits in their inner loops, and
/// without the `popcnt` instruction (not in the baseline x86-64 target)
/// `count_ones` takes a dozen instructions.
#[inline]
pub(crate) fn bit_count(mask: Mask) -> u32 {
    debug_assert!(mask <= ALL_DIGITS, "{mask:#x} is not a 9-bit mask");
    u32::from(BIT_COUNTS[usize::from(mask & ALL_DIGITS)])
}

static BIT_COUNTS: [u8; 512] = {
    let mut table = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
};

/// The bit of a digit `1..=9`.
pub const fn bit(digit: u8) -> Mask {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first.
pub fn digits(mask: Mask) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask & bit(d) != 0)
}

/// The name players use for a cell: `r4c7` (1-based row and column).
pub fn cell_name(cell: usize) -> String {
    CellName(cell).to_string()
}

/// The name of a unit: `row 4`, `column 7`, `box 6` (1-based).
pub fn unit_name(unit: usize) -> String {
    UnitName(unit).to_string()
}

/// The items joined by commas: `r1c2, r3c4`.
pub(crate) fn comma_list<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let names: Vec<String> = items.into_iter().map(|item| item.to_string()).collect();
    names.join(", ")
}

/// Appends [`cell_name`] to `text`: the singles, most of a path's steps,
/// write their sentence piece by piece, as `format!` costs more than
/// finding the single.
pub(crate) fn push_cell_name(text: &mut String, cell: usize) {
    text.push('r');
    text.push(char::from(b'1' + (cell / 9) as u8));
    text.push('c');
    text.push(char::from(b'1' + (cell % 9) as u8));
}

/// Appends [`unit_name`] to `text` (see [`push_cell_name`]).
pub(crate) fn push_unit_name(text: &mut String, unit: usize) {
    let (kind, index) = match unit {
        0..9 => ("row ", unit),
        9..18 => ("column ", unit - 9),
        _ => ("box ", unit - 18),
    };
    text.push_str(kind);
    text.push(char::from(b'1' + index as u8));
}

/// Appends a digit `1..=9` to `text`.
pub(crate) fn push_digit(text: &mut String, digit: u8) {
    text.push(char::from(b'0' + digit));
}

/// [`cell_name`] written straight into a text, without a string of its own
/// (the path writes one sentence per step).
pub(crate) struct CellName(pub usize);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 / 9 + 1, self.0 % 9 + 1)
    }
}

/// [`unit_name`] written straight into a text.
pub(crate) struct UnitName(pub usize);

impl fmt::Display for UnitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            unit @ 0..9 => write!(f, "row {}", unit + 1),
            unit @ 9..18 => write!(f, "column {}", unit - 8),
            unit => write!(f, "box {}", unit - 17),
        }
    }
}

/// Why a text could not be read as a candidate grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CandidatesError {
    /// A character that is neither a digit nor a blank.
    #[error("line 1, column {column}: expected a digit 1-9, '.' or '0', found '{found}'")]
    Character {
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// Neither 81 cells nor 729 candidate positions.
    #[error(
        "line 1, column {column}: {length} characters, expected 81 (a puzzle) or 729 \
         (9 candidate positions per cell)"
    )]
    Length {
        /// 1-based column after the last character (or of the first one too many).
        column: usize,
        /// Characters found.
        length: usize,
    },
    /// A cell left without any candidate, or two equal values in a unit.
    #[error("line 1, column {column}: {reason}")]
    Contradiction {
        /// 1-based column of the first character of the cell at fault.
        column: usize,
        /// What is wrong, naming the cell.
        reason: String,
    },
}

/// A 9x9 grid in the middle of being solved: placed values and, for the
/// empty cells, the candidates left.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    values: [u8; 81],
    masks: [Mask; 81],
    /// The places of each digit in each unit, kept up to date by every
    /// change of `masks` (the producers ask for them at every step).
    places: Positions,
    /// The positions of each unit's empty cells.
    empty: [Mask; 27],
}

impl Candidates {
    /// The grid of a puzzle's givens (`0` for an empty cell), every
    /// candidate its peers allow.
    pub fn from_values(values: &[u8; 81]) -> Self {
        let mut grid = Candidates {
            values: [0; 81],
            masks: [ALL_DIGITS; 81],
            places: [[ALL_DIGITS; 9]; 27],
            empty: [ALL_DIGITS; 27],
        };
        for (cell, &value) in values.iter().enumerate() {
            if (1..=9).contains(&value) {
                grid.place(cell, value);
            }
        }
        grid
    }

    /// Reads an 81-character puzzle (`.` or `0` for a blank) or the
    /// 729-character pencil-mark form: per cell nine positions, position
    /// `d` holding digit `d` when it is still a candidate and `.` or `0`
    /// when it is not. In the pencil-mark form a cell with one candidate
    /// counts as placed when no peer still has that digit as a candidate
    /// (it is a given or a value already written); else it is a cell whose
    /// single candidate is yet to be placed.
    pub fn parse(text: &str) -> Result<Self, CandidatesError> {
        let text = text.trim();
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if !(c == '.' || c.is_ascii_digit()) {
                return Err(CandidatesError::Character {
                    column: i + 1,
                    found: c,
                });
            }
        }
        match chars.len() {
            81 => {
                let mut values = [0u8; 81];
                for (cell, &c) in chars.iter().enumerate() {
                    values[cell] = c.to_digit(10).unwrap_or(0) as u8;
                }
                for cell in 0..81 {
                    let value = values[cell];
                    if value != 0 && PEERS[cell].iter().any(|&p| values[p] == value) {
                        return Err(CandidatesError::Contradiction {
                            column: cell + 1,
                            reason: format!(
                                "{} holds {value}, which a peer holds too",
                                cell_name(cell)
                            ),
                        });
                    }
                }
                Ok(Self::from_values(&values))
            }
            729 => Self::parse_pencil_marks(&chars),
            length => Err(CandidatesError::Length {
                column: length.min(729) + 1,
                length,
            }),
        }
    }

    fn parse_pencil_marks(chars: &[char]) -> Result<Self, CandidatesError> {
        let mut masks = [0 as Mask; 81];
        for cell in 0..81 {
            for position in 0..9 {
                let c = chars[9 * cell + position];
                if c == '.' || c == '0' {
                    continue;
                }
                let digit = c.to_digit(10).unwrap_or(0) as usize;
                if digit != position + 1 {
                    return Err(CandidatesError::Character {
                        column: 9 * cell + position + 1,
                        found: c,
                    });
                }
                masks[cell] |= 1 << position;
            }
            if masks[cell] == 0 {
                return Err(CandidatesError::Contradiction {
                    column: 9 * cell + 1,
                    reason: format!("{} has no candidate left", cell_name(cell)),
                });
            }
        }
        let mut values = [0; 81];
        let mut open = masks;
        for cell in 0..81 {
            let mask = masks[cell];
            if mask.count_ones() == 1 && PEERS[cell].iter().all(|&p| masks[p] & mask == 0) {
                values[cell] = mask.trailing_zeros() as u8 + 1;
                open[cell] = 0;
            }
        }
        Ok(Self::from_parts(values, open))
    }

    /// The grid of these values and candidate masks, its tables computed
    /// from scratch.
    fn from_parts(values: [u8; 81], masks: [Mask; 81]) -> Self {
        let mut places = [[0; 9]; 27];
        let mut empty = [0; 27];
        for (unit, cells) in UNITS.iter().enumerate() {
            for (i, &cell) in cells.iter().enumerate() {
                if values[cell] == 0 {
                    empty[unit] |= 1 << i;
                }
                let mut mask = masks[cell];
                while mask != 0 {
                    places[unit][mask.trailing_zeros() as usize] |= 1 << i;
                    mask &= mask - 1;
                }
            }
        }
        Candidates {
            values,
            masks,
            places,
            empty,
        }
    }

    /// The placed value of a cell, `0` when it is empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// All placed values (`0` for empty cells), in cell order.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The candidates of a cell (empty for a placed cell).
    pub fn mask(&self, cell: usize) -> Mask {
        self.masks[cell]
    }

    /// Whether `digit` is still a candidate of the (empty) cell.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] & bit(digit) != 0
    }

    /// The positions (indexes `0..9` within the unit, as a bit set) where
    /// `digit` is still a candidate in `unit`.
    pub fn positions(&self, unit: usize, digit: u8) -> Mask {
        self.places[unit][digit as usize - 1]
    }

    /// [`Candidates::positions`] of every unit (index `0..27`) and digit
    /// (index `digit - 1`), for the techniques that ask many times.
    pub fn position_table(&self) -> &Positions {
        &self.places
    }

    /// The positions (indexes `0..9` within the unit, as a bit set) of the
    /// empty cells of `unit`.
    pub fn empty_positions(&self, unit: usize) -> Mask {
        self.empty[unit]
    }

    /// Whether `digit` is placed somewhere in `unit`.
    pub fn unit_has_value(&self, unit: usize, digit: u8) -> bool {
        UNITS[unit].iter().any(|&c| self.values[c] == digit)
    }

    /// Places `digit` in `cell` and removes it from the candidates of the
    /// cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        let mut mask = self.masks[cell];
        self.masks[cell] = 0;
        while mask != 0 {
            self.unmark(cell, mask.trailing_zeros() as usize);
            mask &= mask - 1;
        }
        for (&unit, &position) in CELL_UNITS[cell].iter().zip(&CELL_UNIT_BITS[cell]) {
            self.empty[unit] &= !position;
        }
        for &peer in &PEERS[cell] {
            self.eliminate(peer, digit);
        }
    }

    /// Removes `digit` from the candidates of `cell`; whether it was one.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.has(cell, digit);
        if had {
            self.masks[cell] &= !bit(digit);
            self.unmark(cell, digit as usize - 1);
        }
        had
    }

    /// Removes `cell` from the places of digit `index + 1` in its units.
    #[inline]
    fn unmark(&mut self, cell: usize, index: usize) {
        for (&unit, &position) in CELL_UNITS[cell].iter().zip(&CELL_UNIT_BITS[cell]) {
            self.places[unit][index] &= !position;
        }
    }

    /// Number of empty cells.
    pub fn empty_cells(&self) -> usize {
        self.empty[..9]
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum()
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.empty[..9].iter().all(|&m| m == 0)
    }

    /// The 81-character line of the placed values (`.` for empty cells).
    pub fn to_line(&self) -> String {
        self.values
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    }

    /// The 729-character pencil-mark form [`Candidates::parse`] reads (a
    /// placed cell shows its value alone).
    pub fn to_pencil_marks(&self) -> String {
        let mut text = String::with_capacity(729);
        for cell in 0..81 {
            let mask = if self.values[cell] != 0 {
                bit(self.values[cell])
            } else {
                self.masks[cell]
            };
            for digit in 1..=9u8 {
                text.push(if mask & bit(digit) != 0 {
                    (b'0' + digit) as char
                } else {
                    '.'
                });
            }
        }
        text
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({})", self.to_pencil_marks())
    }
}

/// Nine rows of nine columns, each cell its value or its candidates,
/// padded so the columns line up.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = (0..81)
            .map(|cell| {
                if self.values[cell] != 0 {
                    self.values[cell].to_string()
                } else {
                    digits(self.masks[cell])
                        .map(|d| (b'0' + d) as char)
                        .collect()
                }
            })
            .collect();
        let width: Vec<usize> = (0..9)
            .map(|col| {
                (0..9)
                    .map(|row| text[9 * row + col].len())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        for row in 0..9 {
            let mut line = String::new();
            for col in 0..9 {
                if col == 3 || col == 6 {
                    line.push_str("| ");
                }
                line.push_str(&format!("{:<w$} ", text[9 * row + col], w = width[col]));
            }
            if row == 3 || row == 6 {
                let rule: String = line
                    .trim_end()
                    .chars()
                    .map(|c| if c == '|' { '+' } else { '-' })
                    .collect();
                writeln!(f, "{rule}")?;
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn tables_hold_each_cell_in_three_units() {
        for cell in 0..81 {
            for &unit in &CELL_UNITS[cell] {
                assert!(
                    UNITS[unit].contains(&cell),
                    "cell {cell} not in unit {unit}"
                );
            }
            assert_eq!(PEERS[cell].len(), 20);
            assert!(!PEERS[cell].contains(&cell));
        }
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(unit_name(9), "column 1");
        assert_eq!(cell_name(33), "r4c7");
    }

    #[test]
    fn bit_count_counts_every_nine_bit_mask() {
        for mask in 0..=ALL_DIGITS {
            assert_eq!(bit_count(mask), mask.count_ones());
        }
    }

    #[test]
    fn names_pushed_piece_by_piece_are_the_names() {
        for cell in 0..81 {
            let mut text = String::new();
            push_cell_name(&mut text, cell);
            assert_eq!(text, format!("r{}c{}", cell / 9 + 1, cell % 9 + 1));
            assert_eq!(cell_name(cell), text);
        }
        for unit in 0..27 {
            let mut text = String::new();
            push_unit_name(&mut text, unit);
            assert_eq!(unit_name(unit), text);
        }
        assert_eq!(unit_name(26), "box 9");
        assert_eq!(unit_name(17), "column 9");
    }

    #[test]
    fn parsing_removes_the_givens_from_their_peers() {
        let grid = Candidates::parse(PUZZLE).unwrap();
        assert_eq!(grid.value(0), 5);
        assert!(!grid.has(2, 5) && !grid.has(2, 3) && grid.has(2, 1));
        assert_eq!(grid.to_line(), PUZZLE.replace('0', "."));
    }

    #[test]
    fn pencil_marks_round_trip() {
        let mut grid = Candidates::parse(PUZZLE).unwrap();
        grid.eliminate(2, 1);
        let text = grid.to_pencil_marks();
        assert_eq!(text.len(), 729);
        assert_eq!(Candidates::parse(&text).unwrap(), grid);
    }

    #[test]
    fn bad_input_names_the_column() {
        let err = Candidates::parse(&PUZZLE.replace('7', "x")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 5: expected a digit 1-9, '.' or '0', found 'x'"
        );
        assert!(
            Candidates::parse("123")
                .unwrap_err()
                .to_string()
                .contains("3 characters")
        );
        let twice = format!("55{}", &PUZZLE[2..]);
        assert!(Candidates::parse(&twice).is_err());
        let empty_cell = format!("{}{}", ".".repeat(9), "123456789".repeat(80));
        assert!(
            Candidates::parse(&empty_cell)
                .unwrap_err()
                .to_string()
                .contains("no candidate")
        );
    }
}
