//! The puzzle: a grid cut into rooms, its given digits, the rooms derived
//! from walls or room labels, and the drawing with room walls that is both
//! the human view and (with a size line) an input form, the ASCII wall drawing.

use std::fmt;

/// The most rows or columns a puzzle may have.
pub const MAX_SIDE: usize = 128;

/// The most cells a room may have: digits run 1..=64, one bit each in the
/// engines' candidate sets.
pub const MAX_ROOM: usize = 64;

/// The digits 1 to `size` as a candidate set, bit `d - 1` for `d`.
pub(crate) fn full_mask(size: usize) -> u64 {
    if size >= 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    }
}

/// The digits of a candidate set, ascending.
pub(crate) fn digits_of(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let digit = set.trailing_zeros() as u8 + 1;
            set &= set - 1;
            digit
        })
    })
}

/// The cells of the row and the column of `cell` in a `rows` x `cols`
/// grid within `reach` of it: at each distance from 1, left, right, above,
/// below.
pub(crate) fn within(
    rows: usize,
    cols: usize,
    cell: usize,
    reach: usize,
) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / cols, cell % cols);
    (1..=reach).flat_map(move |step| {
        [
            (c >= step).then(|| cell - step),
            (c + step < cols).then(|| cell + step),
            (r >= step).then(|| cell - step * cols),
            (r + step < rows).then(|| cell + step * cols),
        ]
        .into_iter()
        .flatten()
    })
}

/// The orthogonal neighbours of `cell` in a `rows` x `cols` grid: left,
/// right, above, below.
pub(crate) fn neighbours(rows: usize, cols: usize, cell: usize) -> impl Iterator<Item = usize> {
    within(rows, cols, cell, 1)
}

/// Whether `digit` at `cell` keeps the distance rule with the digits
/// already in `values` (0: empty) of a `rows` x `cols` grid: no equal
/// digit within `digit` cells in its row or column.
pub(crate) fn keeps_distance(
    values: &[u8],
    (rows, cols): (usize, usize),
    cell: usize,
    digit: u8,
) -> bool {
    within(rows, cols, cell, usize::from(digit)).all(|other| values[other] != digit)
}

/// Why a grid, its rooms and givens do not make a puzzle. The format
/// parsers turn each into a [`crate::ParseError`] at the place it comes from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// Rows or columns outside 1..=[`MAX_SIDE`].
    #[error("a grid of {rows} rows and {cols} columns; each must be 1 to {MAX_SIDE}")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A room with more than [`MAX_ROOM`] cells.
    #[error("the room at row {}, column {} has {size} cells, more than {MAX_ROOM}", cell_row(*.cell, *.cols), cell_col(*.cell, *.cols))]
    RoomTooLarge {
        /// The room's first cell (row-major index).
        cell: usize,
        /// Columns of the grid, for the message.
        cols: usize,
        /// Cells in the room.
        size: usize,
    },
    /// A given larger than the number of cells of its room.
    #[error("the given {given} at row {}, column {} is larger than its room of {size} cells", cell_row(*.cell, *.cols), cell_col(*.cell, *.cols))]
    GivenTooLarge {
        /// The cell (row-major index).
        cell: usize,
        /// Columns of the grid, for the message.
        cols: usize,
        /// The given.
        given: u8,
        /// Cells in its room.
        size: usize,
    },
    /// A wall with the same room on both sides: it closes nothing.
    #[error("the wall {} does not close a room: the same room is on both sides", wall_name(*.vertical, *.index, *.cols))]
    DanglingWall {
        /// Between two cells of one row (`true`) or of one column.
        vertical: bool,
        /// Index among the walls of its kind, row-major (see [`Puzzle::from_walls_lenient`]).
        index: usize,
        /// Columns of the grid, for the message.
        cols: usize,
    },
    /// A list whose length does not fit the grid (a library caller's mistake).
    #[error("expected {expected} {what}, found {found}")]
    Length {
        /// What the list holds.
        what: &'static str,
        /// Its length for this grid.
        expected: usize,
        /// Its length as given.
        found: usize,
    },
}

fn cell_row(cell: usize, cols: usize) -> usize {
    cell / cols.max(1) + 1
}

fn cell_col(cell: usize, cols: usize) -> usize {
    cell % cols.max(1) + 1
}

fn wall_name(vertical: bool, index: usize, cols: usize) -> String {
    if vertical {
        let per_row = cols.saturating_sub(1).max(1);
        let (row, col) = (index / per_row + 1, index % per_row + 1);
        format!("between row {row}, columns {col} and {}", col + 1)
    } else {
        let (row, col) = (index / cols.max(1) + 1, index % cols.max(1) + 1);
        format!("between column {col}, rows {row} and {}", row + 1)
    }
}

/// A Ripple Effect puzzle: `rows` x `cols` cells cut into rooms, some cells
/// holding a given digit. A room of n cells holds the digits 1..=n once
/// each; two equal digits d in one row or column have at least d cells
/// between them.
///
/// Built only valid: every room is connected, at most [`MAX_ROOM`] cells,
/// every given fits its room. Rooms are numbered in row-major order of
/// their first cell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    room_of: Vec<u32>,
    rooms: Vec<Vec<u32>>,
    givens: Vec<u8>,
}

impl Puzzle {
    /// A puzzle whose rooms are the connected areas of equal `labels` (one
    /// per cell, row-major; two separate areas with one label are two
    /// rooms), with `givens` (one per cell, 0 for none).
    pub fn new(
        rows: usize,
        cols: usize,
        labels: &[u32],
        givens: &[u8],
    ) -> Result<Self, ShapeError> {
        check_size(rows, cols)?;
        check_length("room labels", rows * cols, labels.len())?;
        Self::build(rows, cols, givens, |a, b| labels[a] == labels[b])
    }

    /// A puzzle whose rooms are cut by walls: `vertical[r * (cols - 1) + c]`
    /// is the wall between (r, c) and (r, c + 1), `horizontal[r * cols + c]`
    /// the wall between (r, c) and (r + 1, c), as puzz.link lists them. A
    /// wall with one room on both sides closes nothing: it is kept as no
    /// wall and returned beside the puzzle (the course formulation's reader
    /// does the same: rooms are what the walls enclose).
    pub fn from_walls_lenient(
        rows: usize,
        cols: usize,
        vertical: &[bool],
        horizontal: &[bool],
        givens: &[u8],
    ) -> Result<(Self, Vec<ShapeError>), ShapeError> {
        check_size(rows, cols)?;
        check_length("vertical walls", rows * (cols - 1), vertical.len())?;
        check_length("horizontal walls", (rows - 1) * cols, horizontal.len())?;
        // Side by side in one row: a wall of `vertical`; one above the
        // other: of `horizontal` (with one column, `b == a + 1` is the
        // latter, so the row decides, not the difference).
        let open = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            if a / cols == b / cols {
                !vertical[(a / cols) * (cols - 1) + a % cols]
            } else {
                !horizontal[a]
            }
        };
        let puzzle = Self::build(rows, cols, givens, open)?;
        let dangling = puzzle.dangling_walls(vertical, horizontal);
        Ok((puzzle, dangling))
    }

    /// The walls of the lists with the same room on both sides.
    fn dangling_walls(&self, vertical: &[bool], horizontal: &[bool]) -> Vec<ShapeError> {
        let cols = self.cols;
        let mut out = Vec::new();
        for (index, &wall) in vertical.iter().enumerate() {
            let cell = index / (cols - 1) * cols + index % (cols - 1);
            if wall && self.room_of[cell] == self.room_of[cell + 1] {
                out.push(ShapeError::DanglingWall {
                    vertical: true,
                    index,
                    cols,
                });
            }
        }
        for (index, &wall) in horizontal.iter().enumerate() {
            if wall && self.room_of[index] == self.room_of[index + cols] {
                out.push(ShapeError::DanglingWall {
                    vertical: false,
                    index,
                    cols,
                });
            }
        }
        out
    }

    /// Rooms as the connected areas under `joined` (whether two orthogonal
    /// neighbours share a room), numbered in row-major order of first cell.
    fn build(
        rows: usize,
        cols: usize,
        givens: &[u8],
        joined: impl Fn(usize, usize) -> bool,
    ) -> Result<Self, ShapeError> {
        check_length("givens", rows * cols, givens.len())?;
        let cells = rows * cols;
        let mut room_of = vec![u32::MAX; cells];
        let mut rooms: Vec<Vec<u32>> = Vec::new();
        let mut stack = Vec::new();
        for first in 0..cells {
            if room_of[first] != u32::MAX {
                continue;
            }
            let id = rooms.len() as u32;
            let mut members = vec![first as u32];
            room_of[first] = id;
            stack.push(first);
            while let Some(cell) = stack.pop() {
                for next in neighbours(rows, cols, cell) {
                    if room_of[next] == u32::MAX && joined(cell, next) {
                        room_of[next] = id;
                        members.push(next as u32);
                        stack.push(next);
                    }
                }
            }
            if members.len() > MAX_ROOM {
                return Err(ShapeError::RoomTooLarge {
                    cell: first,
                    cols,
                    size: members.len(),
                });
            }
            members.sort_unstable();
            rooms.push(members);
        }
        let shape = Puzzle {
            rows,
            cols,
            room_of,
            rooms,
            givens: vec![0; cells],
        };
        shape.set_givens(givens)
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells of the grid (`rows * cols`); cells are indexed row-major.
    pub fn len(&self) -> usize {
        self.givens.len()
    }

    /// Whether the grid has no cell (never: a puzzle has at least one).
    pub fn is_empty(&self) -> bool {
        self.givens.is_empty()
    }

    /// The room of each cell (row-major).
    pub fn room_of(&self) -> &[u32] {
        &self.room_of
    }

    /// The cells of each room, ascending.
    pub fn rooms(&self) -> &[Vec<u32>] {
        &self.rooms
    }

    /// The number of cells of the room holding `cell`: its largest digit.
    pub fn room_size(&self, cell: usize) -> usize {
        self.rooms[self.room_of[cell] as usize].len()
    }

    /// The givens, one per cell, 0 where the cell is empty.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The number of given digits.
    pub fn num_givens(&self) -> usize {
        self.givens.iter().filter(|&&given| given != 0).count()
    }

    /// The size of the largest room: the largest digit of the puzzle.
    pub fn max_room(&self) -> usize {
        self.rooms.iter().map(Vec::len).max().unwrap_or(1)
    }

    /// Whether a wall separates (r, c) from (r, c + 1) (the right edge counts as a wall).
    pub fn wall_right(&self, r: usize, c: usize) -> bool {
        c + 1 >= self.cols || self.room_of[r * self.cols + c] != self.room_of[r * self.cols + c + 1]
    }

    /// Whether a wall separates (r, c) from (r + 1, c) (the bottom edge counts as a wall).
    pub fn wall_below(&self, r: usize, c: usize) -> bool {
        r + 1 >= self.rows
            || self.room_of[r * self.cols + c] != self.room_of[(r + 1) * self.cols + c]
    }

    /// The same rooms with other givens (one per cell, 0 for none).
    pub fn with_givens(&self, givens: &[u8]) -> Result<Self, ShapeError> {
        self.clone().set_givens(givens)
    }

    /// These rooms with `givens`, each at most the size of its room.
    fn set_givens(mut self, givens: &[u8]) -> Result<Self, ShapeError> {
        check_length("givens", self.len(), givens.len())?;
        for (cell, &given) in givens.iter().enumerate() {
            let size = self.room_size(cell);
            if usize::from(given) > size {
                return Err(ShapeError::GivenTooLarge {
                    cell,
                    cols: self.cols,
                    given,
                    size,
                });
            }
        }
        self.givens = givens.to_vec();
        Ok(self)
    }

    /// The drawing of `values` (one per cell, 0 drawn as `.`) inside the
    /// room walls, as an ASCII wall drawing: `|` and `-` are walls, every cell
    /// as wide as the largest digit of the puzzle. With the size line in
    /// front ([`crate::to_ascii`]) it reads back as a puzzle.
    pub fn draw(&self, values: &[u8]) -> String {
        self.draw_marking(values, false)
    }

    /// [`Puzzle::draw`] with the puzzle's givens in bold (ANSI escapes
    /// `ESC[1m` and `ESC[0m` around each), so that they stand apart from
    /// the digits a solver found: what `ripple solve` shows at a terminal.
    pub fn draw_marked(&self, values: &[u8]) -> String {
        self.draw_marking(values, true)
    }

    fn draw_marking(&self, values: &[u8], mark_givens: bool) -> String {
        let width = digits(self.max_room());
        let mut out = String::new();
        let edge = |out: &mut String, r: Option<usize>| {
            let mut line = String::new();
            for c in 0..self.cols {
                line.push(' ');
                let wall = r.is_none_or(|r| self.wall_below(r, c));
                for _ in 0..width {
                    line.push(if wall { '-' } else { ' ' });
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        };
        edge(&mut out, None);
        for r in 0..self.rows {
            out.push('|');
            for c in 0..self.cols {
                let cell = r * self.cols + c;
                let value = values.get(cell).copied().unwrap_or(0);
                let text = if value == 0 {
                    format!("{:>width$}", ".")
                } else {
                    format!("{value:>width$}")
                };
                if mark_givens && value != 0 && self.givens[cell] != 0 {
                    let digits = text.trim_start();
                    out.push_str(&text[..text.len() - digits.len()]);
                    out.push_str(BOLD);
                    out.push_str(digits);
                    out.push_str(NORMAL);
                } else {
                    out.push_str(&text);
                }
                out.push(if self.wall_right(r, c) { '|' } else { ' ' });
            }
            out.push('\n');
            edge(&mut out, (r + 1 < self.rows).then_some(r));
        }
        out
    }
}

/// Bold on, and back to normal: the ANSI escapes around a given digit of
/// [`Puzzle::draw_marked`].
pub(crate) const BOLD: &str = "\x1b[1m";
pub(crate) const NORMAL: &str = "\x1b[0m";

/// Digits of `n` in decimal.
fn digits(n: usize) -> usize {
    n.max(1).to_string().len()
}

fn check_size(rows: usize, cols: usize) -> Result<(), ShapeError> {
    if (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols) {
        Ok(())
    } else {
        Err(ShapeError::Size { rows, cols })
    }
}

fn check_length(what: &'static str, expected: usize, found: usize) -> Result<(), ShapeError> {
    if expected == found {
        Ok(())
    } else {
        Err(ShapeError::Length {
            what,
            expected,
            found,
        })
    }
}

/// The puzzle drawn with its givens as [`Puzzle::draw`] draws it, without
/// the final newline (so that `println!` leaves no blank line).
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.draw(&self.givens).trim_end_matches('\n'))
    }
}

/// The digits row by row, a space between two, no final newline (to see
/// them in their rooms: [`Puzzle::draw`]).
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .values
            .iter()
            .max()
            .map_or(1, |&max| max.to_string().len());
        for (index, row) in self.values.chunks(self.cols).enumerate() {
            if index > 0 {
                writeln!(f)?;
            }
            let digits: Vec<String> = row.iter().map(|digit| format!("{digit:>width$}")).collect();
            f.write_str(&digits.join(" "))?;
        }
        Ok(())
    }
}

/// A filled grid: one digit per cell, row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    cols: usize,
    values: Vec<u8>,
}

impl Grid {
    /// A grid of `values` (row-major) with `cols` columns.
    pub fn new(cols: usize, values: Vec<u8>) -> Self {
        Grid {
            cols: cols.max(1),
            values,
        }
    }

    /// The digits, row-major.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.values.len() / self.cols
    }

    /// The digits row by row (the JSON `solution`).
    pub fn to_rows(&self) -> Vec<Vec<u8>> {
        self.values.chunks(self.cols).map(<[u8]>::to_vec).collect()
    }

    /// The rows of digits as JSON, as a record's `solution` holds them:
    /// `[[1,4,2],[2,3,1]]`.
    pub fn to_json(&self) -> String {
        let rows: Vec<String> = self
            .values
            .chunks(self.cols)
            .map(|row| {
                let digits: Vec<String> = row.iter().map(u8::to_string).collect();
                format!("[{}]", digits.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// A grid from rows of digits; `None` if the rows are ragged or empty.
    pub fn from_rows(rows: &[Vec<u8>]) -> Option<Self> {
        let cols = rows.first()?.len();
        if cols == 0 || rows.iter().any(|row| row.len() != cols) {
            return None;
        }
        Some(Grid::new(cols, rows.concat()))
    }
}
