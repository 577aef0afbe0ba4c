//! The puzzle: sliding-tile boards of any square size, their text forms
//! (parsing, printing, the canonical line), moves of the blank, the parity
//! test for solvability, and the human view of a solution ([`moves_view`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest side supported: tiles are stored as bytes.
pub const MAX_SIZE: usize = 15;

/// A move, named (as in the searcher framework) by where the blank goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The blank moves up (the tile above it moves down).
    Up,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
    /// The blank moves down.
    Down,
}

impl Move {
    /// The four moves in the order searchers try them: up, left, right,
    /// down (the order of Korf's 1985 experiments, and the searcher framework's up before
    /// left before right).
    pub const ALL: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

    /// `up`, `down`, `left` or `right`.
    pub fn name(self) -> &'static str {
        match self {
            Move::Up => "up",
            Move::Left => "left",
            Move::Right => "right",
            Move::Down => "down",
        }
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Down => Move::Up,
        }
    }

    /// The cell the blank reaches from `blank` on a `size` x `size` board,
    /// if it stays on the board.
    pub fn target(self, blank: usize, size: usize) -> Option<usize> {
        let (row, column) = (blank / size, blank % size);
        match self {
            Move::Up => (row > 0).then(|| blank - size),
            Move::Down => (row + 1 < size).then(|| blank + size),
            Move::Left => (column > 0).then(|| blank - 1),
            Move::Right => (column + 1 < size).then(|| blank + 1),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a move name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown move '{0}', expected up, down, left or right")]
pub struct UnknownMove(pub String);

impl FromStr for Move {
    type Err = UnknownMove;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Move::ALL
            .into_iter()
            .find(|mv| mv.name() == name)
            .ok_or_else(|| UnknownMove(name.to_owned()))
    }
}

/// Why a board could not be parsed. Columns count characters from 1; the
/// location is a field ([`BoardError::column`]) beside what is wrong
/// ([`BoardError::reason`]), and the message (`Display`) is both:
/// `column 9: expected a tile number, found 'x'`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{}", self.column().map_or(String::new(), |column| format!("column {column}: ")), self.reason())]
pub enum BoardError {
    /// Nothing but spaces.
    Empty,
    /// A character that is not part of a tile number.
    NotANumber {
        /// Where the bad character is.
        column: usize,
        /// The bad text.
        found: String,
    },
    /// The number of tiles is not the square of a side from 2 to 15.
    NotSquare {
        /// Where the text ends (the first column after the last tile), when
        /// the board was read from text.
        column: Option<usize>,
        /// How many tiles were given.
        found: usize,
    },
    /// A tile number too large for the board.
    OutOfRange {
        /// Where the tile is.
        column: usize,
        /// The tile.
        tile: usize,
        /// The largest tile of a board this size.
        max: usize,
    },
    /// A tile given twice.
    Repeated {
        /// Where the second copy is.
        column: usize,
        /// The tile.
        tile: usize,
    },
}

impl BoardError {
    /// The 1-based column of the text where the fault is, when the board
    /// was read from text (none for an empty board).
    pub fn column(&self) -> Option<usize> {
        match *self {
            BoardError::Empty => None,
            BoardError::NotSquare { column, .. } => column,
            BoardError::NotANumber { column, .. }
            | BoardError::OutOfRange { column, .. }
            | BoardError::Repeated { column, .. } => Some(column),
        }
    }

    /// What is wrong, without the location.
    pub fn reason(&self) -> String {
        match self {
            BoardError::Empty => {
                "empty board, expected tiles such as 142358607 or 1,2,3,...".into()
            }
            BoardError::NotANumber { found, .. } => {
                format!("expected a tile number, found '{found}'")
            }
            BoardError::NotSquare { found, .. } => format!(
                "expected a square number of tiles (4, 9, 16, 25, ... up to {}), found {found}",
                MAX_SIZE * MAX_SIZE
            ),
            BoardError::OutOfRange { tile, max, .. } => {
                format!("tile {tile} is out of range, expected 0 to {max}")
            }
            BoardError::Repeated { tile, .. } => format!("tile {tile} appears twice"),
        }
    }
}

/// A square board, `size` x `size`, tiles row by row, 0 the blank. Always
/// valid: every tile from 0 to size² - 1 exactly once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    tiles: Vec<u8>,
}

impl Board {
    /// A board from its tiles row by row, checked.
    pub fn from_tiles(tiles: &[usize]) -> Result<Board, BoardError> {
        let columns: Vec<usize> = (1..=tiles.len()).collect();
        Board::checked(tiles, &columns, None)
    }

    /// A board from `tiles` found at `columns`; `end` is where their text
    /// ends, if they were read from one.
    fn checked(
        tiles: &[usize],
        columns: &[usize],
        end: Option<usize>,
    ) -> Result<Board, BoardError> {
        if tiles.is_empty() {
            return Err(BoardError::Empty);
        }
        let size = (2..=MAX_SIZE)
            .find(|size| size * size == tiles.len())
            .ok_or(BoardError::NotSquare {
                column: end,
                found: tiles.len(),
            })?;
        let mut seen = vec![false; tiles.len()];
        for (&tile, &column) in tiles.iter().zip(columns) {
            if tile >= tiles.len() {
                return Err(BoardError::OutOfRange {
                    column,
                    tile,
                    max: tiles.len() - 1,
                });
            }
            if std::mem::replace(&mut seen[tile], true) {
                return Err(BoardError::Repeated { column, tile });
            }
        }
        Ok(Board {
            size,
            tiles: tiles.iter().map(|&tile| tile as u8).collect(),
        })
    }

    /// The goal with the blank first: `0 1 2 ... size²-1` (the searcher framework's
    /// `012345678`).
    pub fn goal(size: usize) -> Board {
        let tiles: Vec<usize> = (0..size * size).collect();
        Board::from_tiles(&tiles).expect("the identity is a valid board")
    }

    /// The side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The tiles row by row, 0 the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The blank's cell (row-major index).
    pub fn blank(&self) -> usize {
        self.tiles
            .iter()
            .position(|&tile| tile == 0)
            .expect("a valid board has a blank")
    }

    /// The board after moving the blank, or `None` if that would leave the
    /// board (the searcher framework's `move_blank` returning `False`).
    pub fn moved(&self, mv: Move) -> Option<Board> {
        let blank = self.blank();
        let target = mv.target(blank, self.size)?;
        let mut next = self.clone();
        next.tiles.swap(blank, target);
        Some(next)
    }

    /// Whether `goal` (a board of the same size) can be reached: the parity
    /// of the permutation taking this board to `goal` must equal the parity
    /// of the blank's Manhattan distance between the two. Boards of
    /// different sizes never reach each other.
    pub fn can_reach(&self, goal: &Board) -> bool {
        if self.size != goal.size {
            return false;
        }
        let mut where_in_goal = vec![0usize; self.tiles.len()];
        for (cell, &tile) in goal.tiles.iter().enumerate() {
            where_in_goal[tile as usize] = cell;
        }
        // Parity of the permutation cell -> goal cell of its tile, by cycles.
        let permutation: Vec<usize> = self
            .tiles
            .iter()
            .map(|&tile| where_in_goal[tile as usize])
            .collect();
        let mut seen = vec![false; permutation.len()];
        let mut transpositions = 0;
        for start in 0..permutation.len() {
            let mut length = 0;
            let mut at = start;
            while !seen[at] {
                seen[at] = true;
                at = permutation[at];
                length += 1;
            }
            if length > 0 {
                transpositions += length - 1;
            }
        }
        let (from, to) = (self.blank(), goal.blank());
        let blank_distance = (from / self.size).abs_diff(to / self.size)
            + (from % self.size).abs_diff(to % self.size);
        transpositions % 2 == blank_distance % 2
    }

    /// The compact form: nine digits for 3x3 (and 2x2), tiles separated by
    /// commas for larger boards. Parses back to the same board.
    pub fn to_line(&self) -> String {
        if self.tiles.len() <= 10 {
            self.tiles
                .iter()
                .map(|tile| char::from(b'0' + tile))
                .collect()
        } else {
            let tiles: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
            tiles.join(",")
        }
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Nine digits (`142358607`, any length of digits up to 10 tiles), or
    /// tiles separated by commas and/or spaces (`1, 2, 3, ...`, any size).
    /// Tiles beyond the largest board are counted, not kept, so that a
    /// huge line costs no memory.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let separated = text
            .trim()
            .contains(|c: char| c == ',' || c.is_whitespace());
        let mut tiles = ReadTiles::default();
        if separated {
            let mut start = None;
            for (index, (offset, c)) in text.char_indices().chain([(text.len(), ',')]).enumerate() {
                if c == ',' || c.is_whitespace() {
                    if let Some((column, from)) = start.take() {
                        let token: &str = &text[from..offset];
                        // Digits only: `parse` would take a sign (`+8`).
                        let digits = token.bytes().all(|b| b.is_ascii_digit());
                        let tile = digits
                            .then(|| token.parse::<usize>().ok())
                            .flatten()
                            .ok_or_else(|| {
                                // The first character that is not a digit is at
                                // fault (the whole number, when too large).
                                let wrong = token.chars().position(|c| !c.is_ascii_digit());
                                BoardError::NotANumber {
                                    column: column + wrong.unwrap_or(0),
                                    found: token.chars().take(20).collect(),
                                }
                            })?;
                        tiles.push(tile, column);
                    }
                } else if start.is_none() {
                    start = Some((index + 1, offset));
                }
            }
        } else {
            let indent = text.len() - text.trim_start().len();
            for (index, c) in text.trim().chars().enumerate() {
                let column = index + 1 + indent;
                let tile = c.to_digit(10).ok_or_else(|| BoardError::NotANumber {
                    column,
                    found: c.to_string(),
                })?;
                tiles.push(tile as usize, column);
            }
        }
        // A wrong number of tiles is named where the text ends.
        let end = Some(text.trim_end().chars().count() + 1);
        // Separators and no tile: not an empty board, a count of none.
        if tiles.count > MAX_SIZE * MAX_SIZE || (tiles.count == 0 && !text.trim().is_empty()) {
            return Err(BoardError::NotSquare {
                column: end,
                found: tiles.count,
            });
        }
        Board::checked(&tiles.tiles, &tiles.columns, end)
    }
}

/// The tiles read so far with their columns, kept up to the largest board.
#[derive(Default)]
struct ReadTiles {
    tiles: Vec<usize>,
    columns: Vec<usize>,
    count: usize,
}

impl ReadTiles {
    fn push(&mut self, tile: usize, column: usize) {
        self.count += 1;
        if self.count <= MAX_SIZE * MAX_SIZE {
            self.tiles.push(tile);
            self.columns.push(column);
        }
    }
}

impl fmt::Display for Board {
    /// The searcher framework's board view: rows of tiles separated by spaces, `_` for the
    /// blank; tiles are right-aligned on boards with two-digit tiles. No
    /// newline after the last row (`println!` adds it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (self.tiles.len() - 1).to_string().len();
        let rows: Vec<String> = self
            .tiles
            .chunks(self.size)
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .map(|&tile| match tile {
                        0 => format!("{:>width$}", "_"),
                        _ => format!("{tile:>width$}"),
                    })
                    .collect();
                cells.join(" ")
            })
            .collect();
        f.write_str(&rows.join("\n"))
    }
}

/// The human view of a solution: the initial board, then for each move
/// "move the blank up:" and the board after it, each board followed by a
/// blank line (the searcher framework's `print_moves_to`).
pub fn moves_view(start: &Board, moves: &[Move]) -> String {
    use std::fmt::Write;

    let mut view = format!("initial state:\n{start}\n\n");
    let mut board = start.clone();
    for &mv in moves {
        match board.moved(mv) {
            Some(next) => board = next,
            None => {
                let _ = writeln!(view, "move the blank {mv}: not possible here\n");
                break;
            }
        }
        let _ = write!(view, "move the blank {mv}:\n{board}\n\n");
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Result<&str, &str>) {
        let parsed = text.parse::<Board>();
        match expected {
            Ok(line) => assert_eq!(parsed.map(|board| board.to_line()), Ok(line.to_owned())),
            Err(message) => assert_eq!(
                parsed.map_err(|error| error.to_string()),
                Err(message.to_owned())
            ),
        }
    }

    #[test]
    fn parses_and_rejects() {
        check("142358607", Ok("142358607"));
        check("  142358607\n", Ok("142358607"));
        check("1,4,2,3,5,8,6,0,7", Ok("142358607"));
        check("1 4 2 3 5 8 6 0 7", Ok("142358607"));
        check("0 1 2 3", Ok("0123"));
        check(
            "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
            Ok("14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"),
        );
        check(
            "",
            Err("empty board, expected tiles such as 142358607 or 1,2,3,..."),
        );
        check(
            "14235860",
            Err(
                "column 9: expected a square number of tiles (4, 9, 16, 25, ... up to 225), found 8",
            ),
        );
        check(
            "14235860x",
            Err("column 9: expected a tile number, found 'x'"),
        );
        check("142358600", Err("column 9: tile 0 appears twice"));
        check(
            &"1".repeat(100_000),
            Err(
                "column 100001: expected a square number of tiles (4, 9, 16, 25, ... up to 225), found 100000",
            ),
        );
        check(
            &"0,".repeat(50_000),
            Err(
                "column 100001: expected a square number of tiles (4, 9, 16, 25, ... up to 225), found 50000",
            ),
        );
        check(
            "1,4,2,3,5,8,6,0,9",
            Err("column 17: tile 9 is out of range, expected 0 to 8"),
        );
        check(
            "1, 4, two",
            Err("column 7: expected a tile number, found 'two'"),
        );
        check(
            " , ,",
            Err(
                "column 5: expected a square number of tiles (4, 9, 16, 25, ... up to 225), found 0",
            ),
        );
        // The character at fault inside a number, not where it starts.
        check(
            "1, 4, 12x5",
            Err("column 9: expected a tile number, found '12x5'"),
        );
        check(
            "+1,0,2,3",
            Err("column 1: expected a tile number, found '+1'"),
        );
    }

    #[test]
    fn round_trips() {
        for line in [
            "012345678",
            "876041253",
            "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
        ] {
            let board: Board = line.parse().expect("valid");
            assert_eq!(board.to_line().parse::<Board>(), Ok(board));
        }
    }

    #[test]
    fn moves_and_parity() {
        let board: Board = "142358607".parse().expect("valid");
        assert_eq!(
            board.moved(Move::Up).map(|b| b.to_line()),
            Some("142308657".to_owned())
        );
        assert_eq!(board.moved(Move::Down), None);
        let goal = Board::goal(3);
        assert!(board.can_reach(&goal));
        let swapped: Board = "021345678".parse().expect("valid");
        assert!(!swapped.can_reach(&goal));
        let one_move: Board = "102345678".parse().expect("valid");
        assert!(one_move.can_reach(&goal));
        let goal4 = Board::goal(4);
        let korf1: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
            .parse()
            .expect("valid");
        assert!(korf1.can_reach(&goal4));
        assert!(!korf1.can_reach(&goal));
    }
}
