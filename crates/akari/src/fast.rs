//! The fast engine: flat arrays over the cells, each white cell's row and
//! column segment (the white cells between two black cells) precomputed,
//! and an incremental state (each white cell open, a bulb or empty; per
//! segment its open cells and whether it holds a bulb; per number its
//! bulbs and open sides) that an undo trail of the cells decided takes
//! back, so a node costs what it changes and nothing is cloned.
//!
//! Before every guess the deductions run to a fixpoint, each triggered by
//! what changed:
//!
//! - a bulb makes every other cell of its two segments empty;
//! - a number whose bulbs reach it makes its open sides empty, one whose
//!   open sides are exactly what it still needs makes them bulbs, and one
//!   that can leave only one open side empty forbids the white cell
//!   diagonal to two open sides (a bulb there would empty both);
//! - an unlit cell without a possible lighter (an open cell in its row or
//!   column segment, itself included) is a contradiction, one with a
//!   single lighter makes it a bulb, and an empty unlit cell with one
//!   lighter in its row and one in its column forbids the cell that sees
//!   them both (the corner of the three).
//!
//! Each rule is queued only when it may fire: a segment once it has one
//! open cell or none, and at the root only an isolated cell.
//!
//! Then the search branches in two on a bulb or not at an open side of
//! the tightest number (the one that can leave the fewest open sides
//! empty, of those the one with the most open sides), the side that
//! empties the most open cells; once no number has an open side, at a
//! lighter of an unlit cell with the fewest lighters (the one the
//! deductions last saw with two, when it still has two), the one that
//! empties the most. It counts solutions up to
//! [`Options::count_up_to`], so that a count to 2 proves uniqueness, and
//! stops at the node, time and memory limits with [`Status::Limit`] (the
//! bytes held are the tables, the trail and the open guesses).
//!
//! The layout is chosen for what a node touches: what never changes (each
//! cell's two segments and the numbers beside it) sits in [`Tables`], which
//! the state borrows; a segment's cells are a range with a step (1 along a
//! row, the width down a column), so that nothing lists them; what changes
//! is a struct per segment and per number, one bounds check for all of its
//! fields. The tables, the state and the root's queues are built in a pass
//! row by row (the states, both kinds of segment, the numbers' places and,
//! on rows of up to 64 cells, the isolated cells), then one over the
//! numbers, into vectors a thread keeps between solves ([`Buffers`]). A
//! row of up to 64 cells is read as bit masks of its white and numbered
//! cells, its runs and its columns' starts and ends found from them
//! without a test per cell, whose mispredictions were most of the build
//! on large grids; a wider one cell by cell. On small grids the build is a large
//! share of a solve. The hot loops read small arrays (a cell's segments,
//! the numbers beside it) in place, through references, and change the
//! vectors through slices held in locals: a copied array iterated by value
//! or indexed by a variable, and a vector's address and length behind a
//! reference, were each kept on the stack and reloaded. The links are cut
//! to the states' length there, so that one length serves both. A cell is
//! lit when one of its segments holds a bulb, so nothing per cell counts
//! bulbs: the search finds the unlit cells in the row segments without a
//! bulb, which a bulb takes out of their list in one step, where lighting
//! cell by cell cost a step per cell seen.
//!
//! [`Status::Limit`]: puzzle_kit::Status::Limit

use std::time::Instant;

use puzzle_kit::{Budget, Limit};

use crate::options::{Counters, Options, Outcome, Stats};
use crate::puzzle::{Akari, Bulbs, Cell};

/// A white cell nothing is known of yet.
const OPEN: u8 = 0;
/// A white cell holding a bulb.
const BULB: u8 = 1;
/// A white cell without a bulb.
const EMPTY: u8 = 2;
/// A black cell, numbered or not.
const BLACK: u8 = 3;

/// The place in the list of dark rows of a segment that is not there (a
/// column segment, or a row segment holding a bulb).
const UNLISTED: u32 = u32::MAX;

/// No hint for [`Engine::choose`].
const NO_HINT: u32 = u32::MAX;

/// The contradiction that ends a branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dead;

/// A white cell diagonal to a number, with the number's two sides it sees
/// (one in its row, one in its column).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Corner {
    sides: [u32; 2],
    corner: u32,
}

/// A guess open on the path to the current state: the trail's length
/// before it, and the cell that got a bulb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Guess {
    trail: u32,
    cell: u32,
}

/// The end of a cell's list of the numbers beside it.
const NO_NUMBER: u16 = u16::MAX;

/// What a white cell is linked to: its row and column segment, and the
/// numbers beside it (at most four: the first ones, then [`NO_NUMBER`];
/// a number's index fits in 16 bits, since a grid has at most 255 by 255
/// cells). A black cell's links are never read: every rule looks at a
/// cell's state first. So the build leaves them as the last solve left
/// them, and writes only the white cells'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Links {
    segments: [u32; 2],
    beside: [u16; 4],
}

impl Links {
    /// A black cell's.
    const BLACK: Links = Links {
        segments: [0; 2],
        beside: [NO_NUMBER; 4],
    };
}

/// What never changes during a search: the cells' [`Links`], row by row
/// (cell `row * cols + col`). A segment's cells are its range (in its
/// [`Segment`]), so that nothing lists them.
#[derive(Debug, Clone)]
struct Tables {
    links: Vec<Links>,
}

/// A segment: its cells, from `start` to before `end` by `step` (1 along a
/// row, the grid's width down a column), and its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    start: u32,
    end: u32,
    step: u32,
    /// Its open cells.
    open: u32,
    /// A row segment's place in [`Engine::dark_rows`], or [`UNLISTED`].
    dark_at: u32,
    /// Whether it holds a bulb.
    bulb: bool,
    /// Whether its open cells changed since its unlit cells were last
    /// looked at (it is in [`Engine::segment_queue`]).
    queued: bool,
    /// 0 along a row, 1 down a column: its place in its cells'
    /// [`Links::segments`].
    axis: u8,
}

impl Segment {
    /// The segment of the cells from `start` to before `end` by `step`,
    /// `open` of them, all open.
    fn run(start: usize, end: usize, step: usize, open: usize, dark_at: u32) -> Segment {
        Segment {
            start: start as u32,
            end: end as u32,
            step: step as u32,
            open: open as u32,
            dark_at,
            bulb: false,
            queued: false,
            axis: u8::from(step != 1),
        }
    }

    /// Its cells.
    #[inline(always)]
    fn cells(&self) -> Cells {
        Cells {
            next: self.start,
            end: self.end,
            step: self.step,
        }
    }
}

/// The cells of a [`Segment`], in order.
#[derive(Debug, Clone, Copy)]
struct Cells {
    next: u32,
    end: u32,
    step: u32,
}

impl Iterator for Cells {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        let cell = self.next;
        (cell < self.end).then(|| {
            self.next += self.step;
            cell as usize
        })
    }
}

/// A number: its white sides and corners (the first `side_count` and
/// `corner_count`: at most four each), and its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Number {
    value: u8,
    /// Its bulbs and open sides so far.
    bulbs: u8,
    open: u8,
    /// Whether its counts changed since it was last looked at (it is in
    /// [`Engine::number_queue`]).
    queued: bool,
    side_count: u8,
    corner_count: u8,
    sides: [u32; 4],
    corners: [Corner; 4],
}

/// The state of a search before any deduction, as [`Tables::new`] finds it,
/// with every number queued, and the column segment of every isolated
/// cell. A search hands it back ([`Engine::into_start`]) for the vectors
/// to be reused ([`Buffers`]).
#[derive(Debug, Clone, Default)]
struct Start {
    state: Vec<u8>,
    segments: Vec<Segment>,
    numbers: Vec<Number>,
    segment_queue: Vec<u32>,
    number_queue: Vec<u32>,
    dark_rows: Vec<u32>,
    /// Empty here: the numbers with open sides once the root's deductions
    /// are made ([`Engine::live_numbers`]).
    live_numbers: Vec<u32>,
}

impl Tables {
    /// The tables of `puzzle` and its state before any deduction.
    fn new(puzzle: &Akari, buffers: &mut Buffers) -> (Tables, Start) {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let size = rows * cols;
        // One pass row by row over the cells makes the states, the
        // segments and the list of numbers: a row segment once its run's
        // end is found, a column segment at its first cell, finished (its
        // end and open cells) at the black cell or the edge below its last
        // (see [`segments`]).
        let mut state = reuse(&mut buffers.start.state, size);
        state.resize(size, BLACK);
        // The links of the last solve are left as they were: the pass
        // writes every white cell's whole, and a black cell's are never
        // read (see [`Links`]), so only a grid larger than the last one
        // writes any others.
        let mut links = std::mem::take(&mut buffers.links);
        links.resize(size, Links::BLACK);
        let mut segments = reuse(&mut buffers.start.segments, size);
        let mut segment_queue = reuse(&mut buffers.start.segment_queue, size);
        let mut dark_rows = reuse(&mut buffers.start.dark_rows, size / 2);
        let mut number_cells = reuse(&mut buffers.number_cells, size / 4);
        let mut runs = reuse(&mut buffers.runs, cols);
        // Rows of up to 64 cells are read as bit masks (see
        // [`narrow_segments_of`]), which find the isolated cells too;
        // wider ones cell by cell.
        let lists = (segments, dark_rows, number_cells);
        if cols <= 64 {
            (segments, dark_rows, number_cells) = narrow_segments_of(
                puzzle,
                &mut state,
                &mut links,
                lists,
                &mut runs,
                &mut segment_queue,
            );
        } else {
            (segments, dark_rows, number_cells) =
                segments_of(puzzle, &mut state, &mut links, lists, &mut runs);
            // Only an isolated cell (a segment of one cell each way), which
            // must hold a bulb, is queued for the root, in the order of its
            // row segment: every other white cell has two lighters or more
            // (see [`Board::queue_segment`]).
            for &across in &dark_rows {
                let entry = segments[across as usize];
                if entry.open == 1 {
                    let run = links[entry.start as usize].segments[1];
                    let down = &mut segments[run as usize];
                    if down.open == 1 {
                        down.queued = true;
                        segment_queue.push(run);
                    }
                }
            }
        }
        buffers.runs = runs;
        // The numbers, each with its white sides (up, right, down, left)
        // and the corners between two of them, each listed beside its
        // sides; every one is queued.
        let white = |cell: usize| state[cell] != BLACK;
        let mut numbers = reuse(&mut buffers.start.numbers, number_cells.len());
        for (index, &[row, col, k]) in number_cells.iter().enumerate() {
            let (row, col) = (usize::from(row), usize::from(col));
            let cell = row * cols + col;
            // Its sides up, right, down and left (wrapped off the grid),
            // and a flag for each that is white.
            let around = [
                cell.wrapping_sub(cols),
                cell + 1,
                cell + cols,
                cell.wrapping_sub(1),
            ];
            let whites = u8::from(row > 0 && white(around[0]))
                | u8::from(col + 1 < cols && white(around[1])) << 1
                | u8::from(row + 1 < rows && white(around[2])) << 2
                | u8::from(col > 0 && white(around[3])) << 3;
            let mut entry = Number {
                value: k,
                bulbs: 0,
                open: whites.count_ones() as u8,
                queued: true,
                side_count: whites.count_ones() as u8,
                corner_count: 0,
                sides: [0; 4],
                corners: [Corner::default(); 4],
            };
            let mut left = whites;
            for slot in &mut entry.sides {
                if left == 0 {
                    break;
                }
                let side = around[left.trailing_zeros() as usize];
                left &= left - 1;
                *slot = side as u32;
                let beside = &mut links[side].beside;
                let free = beside.iter().position(|&number| number == NO_NUMBER);
                beside[free.expect("a cell has four sides")] = index as u16;
            }
            // Two white sides at right angles (a side and the next one
            // clockwise), and the white cell diagonal to both: it shares a
            // row segment with one, a column segment with the other. Only
            // a number that can need one bulb fewer than it has open sides
            // uses them: not a 0 (it needs none, and empties its sides
            // first), nor one with as many white sides as its value or
            // fewer (it needs them all from the start).
            let used = k != 0 && u32::from(k) < whites.count_ones();
            let mut pairs = if used {
                whites & (whites >> 1 | whites << 3)
            } else {
                0
            };
            while pairs != 0 {
                let first = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let (a, b) = (around[first], around[(first + 1) % 4]);
                // One side is up or down, the other right or left: the
                // corner is both steps from the number.
                let corner = a + b - cell;
                if white(corner) {
                    entry.corners[usize::from(entry.corner_count)] = Corner {
                        sides: [a as u32, b as u32],
                        corner: corner as u32,
                    };
                    entry.corner_count += 1;
                }
            }
            numbers.push(entry);
        }
        let mut number_queue = reuse(&mut buffers.start.number_queue, numbers.len());
        number_queue.extend(0..numbers.len() as u32);
        buffers.number_cells = number_cells;
        let live_numbers = reuse(&mut buffers.start.live_numbers, numbers.len());
        let tables = Tables { links };
        let start = Start {
            state,
            segments,
            numbers,
            segment_queue,
            number_queue,
            dark_rows,
            live_numbers,
        };
        (tables, start)
    }

    /// The tables as slices.
    fn view(&self) -> View<'_> {
        View { links: &self.links }
    }
}

/// What [`segments_of`] fills: the segments, the dark rows and the
/// numbers' places, moved in and out rather than borrowed, so that their
/// lengths stay in registers (through a reference, every push reloaded
/// and stored one).
type SegmentLists = (Vec<Segment>, Vec<u32>, Vec<[u8; 3]>);

/// A column without a run of white cells going on at the row looked at
/// (see [`segments_of`]).
const NO_RUN: u32 = u32::MAX;

/// The segments of `puzzle` in one pass row by row: each row segment, a
/// run of white cells between two black cells or the edge, made once its
/// end is found and listed dark (at its place); each column segment made
/// at its first cell and finished at the black cell or the edge below its
/// last, while `runs` holds, per column, the segment going on and the row
/// it began at (so that its length needs no division); the white cells'
/// states and links (their two segments, and no number beside yet); and
/// the numbers, with their rows and columns (so that no division finds
/// them: a side is at most 255 cells). Apart from [`Tables::new`], so that
/// the pass has the registers to itself.
#[inline(never)]
fn segments_of(
    puzzle: &Akari,
    state: &mut [u8],
    links: &mut [Links],
    (mut segments, mut dark_rows, mut number_cells): SegmentLists,
    runs: &mut Vec<[u32; 2]>,
) -> SegmentLists {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    runs.resize(cols, [NO_RUN, 0]);
    let runs = &mut runs[..cols];
    let mut scratch = Segment::run(0, 0, 1, 0, UNLISTED);
    let lines = puzzle
        .cells()
        .chunks_exact(cols)
        .zip(state.chunks_exact_mut(cols))
        .zip(links.chunks_exact_mut(cols));
    for (row, ((line, line_state), line_links)) in lines.enumerate() {
        let base = row * cols;
        let (line, line_state, line_links) = (
            &line[..cols],
            &mut line_state[..cols],
            &mut line_links[..cols],
        );
        let mut col = 0;
        while col < cols {
            match line[col] {
                Cell::White => {
                    // A run of white cells, to the next black cell or the
                    // edge: its segment is made first, so that it has its
                    // index, and its end and length are set after.
                    let (first, index) = (col, segments.len() as u32);
                    let dark_at = dark_rows.len() as u32;
                    dark_rows.push(index);
                    segments.push(Segment::run(base, base, 1, 0, dark_at));
                    while col < cols && line[col] == Cell::White {
                        let run = &mut runs[col];
                        if run[0] == NO_RUN {
                            *run = [segments.len() as u32, row as u32];
                            segments.push(Segment::run(base + col, base + col, cols, 0, UNLISTED));
                        }
                        line_state[col] = OPEN;
                        line_links[col] = Links {
                            segments: [index, run[0]],
                            beside: [NO_NUMBER; 4],
                        };
                        col += 1;
                    }
                    let entry = &mut segments[index as usize];
                    entry.start = (base + first) as u32;
                    entry.end = (base + col) as u32;
                    entry.open = (col - first) as u32;
                    continue;
                }
                Cell::Number(k) => number_cells.push([row as u8, col as u8, k]),
                Cell::Black => {}
            }
            // A black cell ends the run above it, if any: without one the
            // end goes to a scratch segment (`NO_RUN` is past the last),
            // which took fewer instructions than a test for the run.
            let run = &mut runs[col];
            let entry = segments.get_mut(run[0] as usize).unwrap_or(&mut scratch);
            entry.end = (base + col) as u32;
            entry.open = row as u32 - run[1];
            run[0] = NO_RUN;
            col += 1;
        }
    }
    end_bottom_runs(runs, &mut segments, rows, cols);
    (segments, dark_rows, number_cells)
}

/// [`segments_of`] for rows of up to 64 cells, from bit masks of each
/// row's white and numbered cells, each list a loop over set bits: the
/// row's segments (a run's start a white cell after a black one or the
/// edge, its end found by counting trailing bits), then the column
/// segments that begin in the row (white below black or the edge); then
/// every cell of the row written the same way; then the isolated cells of
/// the row above, queued (the segment queue, in the order of their row
/// segments, as [`Tables::new`] queues them on wider grids), the column
/// segments that end (black below white), and the numbers. The dark rows
/// and the numbers come in the same order as from [`segments_of`]; the
/// segments are numbered otherwise (a row's column segments after its row
/// segments), which only names them. Testing each cell's kind, and
/// whether its column's run went on above, went either way at every
/// run's end: on 40x40 and 50x50 grids those mispredictions were most of
/// the build's time.
#[inline(never)]
fn narrow_segments_of(
    puzzle: &Akari,
    state: &mut [u8],
    links: &mut [Links],
    (mut segments, mut dark_rows, mut number_cells): SegmentLists,
    runs: &mut Vec<[u32; 2]>,
    segment_queue: &mut Vec<u32>,
) -> SegmentLists {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    debug_assert!(cols <= 64, "a row fits a mask");
    runs.resize(cols, [NO_RUN, 0]);
    let runs = &mut runs[..cols];
    // The white cells of the row above, and of the one above it.
    let (mut above, mut two_above) = (0u64, 0u64);
    let lines = puzzle
        .cells()
        .chunks_exact(cols)
        .zip(state.chunks_exact_mut(cols))
        .zip(links.chunks_exact_mut(cols));
    for (row, ((line, line_state), line_links)) in lines.enumerate() {
        let base = row * cols;
        let (line, line_state, line_links) = (
            &line[..cols],
            &mut line_state[..cols],
            &mut line_links[..cols],
        );
        let (mut white, mut numbered) = (0u64, 0u64);
        // From the row's end, each cell shifted in at bit 0: a shift by a
        // variable took more instructions.
        for &cell in line.iter().rev() {
            let (is_white, is_number) = match cell {
                Cell::White => (1, 0),
                Cell::Black => (0, 0),
                Cell::Number(_) => (0, 1),
            };
            white = white << 1 | is_white;
            numbered = numbered << 1 | is_number;
        }
        // The row segments, each from a white cell after a black one or
        // the edge to the next black cell, in order, so that the `n`th of
        // the row is the one begun at its `n`th start.
        let first_across = segments.len() as u32;
        let starts = white & !(white << 1);
        let mut rest = starts;
        while rest != 0 {
            let first = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // The run's end: the first cell after it that is not white.
            let end = first + (!(white >> first)).trailing_zeros() as usize;
            let dark_at = dark_rows.len() as u32;
            dark_rows.push(segments.len() as u32);
            segments.push(Segment::run(
                base + first,
                base + end,
                1,
                end - first,
                dark_at,
            ));
        }
        // Then the column segments that begin in the row: white, below a
        // black cell or the edge. (The order of the segments is only their
        // names: the dark rows keep the row segments' order.)
        let mut fresh = white & !above;
        while fresh != 0 {
            let col = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            runs[col] = [segments.len() as u32, row as u32];
            segments.push(Segment::run(base + col, base + col, cols, 0, UNLISTED));
        }
        // Every cell of the row the same way, the row segment counted on
        // at each start: a black cell's links are never read (see
        // [`Links`]), nor its state written (it is black already).
        let mut across = first_across.wrapping_sub(1);
        for col in 0..cols {
            let bit = white >> col & 1;
            across = across.wrapping_add(((starts >> col) & 1) as u32);
            line_state[col] = if bit != 0 { OPEN } else { BLACK };
            line_links[col] = Links {
                segments: [across, runs[col][0]],
                beside: [NO_NUMBER; 4],
            };
        }
        // The isolated cells of the row above, now that the row below them
        // is known, in order: those of a segment of one cell each way,
        // queued for the root (see [`Tables::new`]), before their column
        // segments end below.
        queue_isolated(
            [two_above, above, white],
            &mut segments,
            runs,
            segment_queue,
        );
        // A black cell below a white one ends that column's run.
        let mut ends = above & !white;
        while ends != 0 {
            let col = ends.trailing_zeros() as usize;
            ends &= ends - 1;
            let run = &mut runs[col];
            let entry = &mut segments[run[0] as usize];
            entry.end = (base + col) as u32;
            entry.open = row as u32 - run[1];
            run[0] = NO_RUN;
        }
        while numbered != 0 {
            let col = numbered.trailing_zeros() as usize;
            numbered &= numbered - 1;
            if let Cell::Number(k) = line[col] {
                number_cells.push([row as u8, col as u8, k]);
            }
        }
        (two_above, above) = (above, white);
    }
    queue_isolated([two_above, above, 0], &mut segments, runs, segment_queue);
    end_bottom_runs(runs, &mut segments, rows, cols);
    (segments, dark_rows, number_cells)
}

/// Ends the column segments whose runs reach the bottom edge of a grid
/// of `rows` by `cols`: one past their last cell, and as long as they run.
fn end_bottom_runs(runs: &[[u32; 2]], segments: &mut [Segment], rows: usize, cols: usize) {
    for (col, run) in runs.iter().enumerate() {
        if run[0] != NO_RUN {
            let entry = &mut segments[run[0] as usize];
            entry.end = (rows * cols + col) as u32;
            entry.open = rows as u32 - run[1];
        }
    }
}

/// Queues for the root the column segment of each isolated cell of a row
/// whose white cells are `whites` and whose rows above and below have the
/// white cells `up` and `down`: white, and black or at the edge each way.
#[inline(always)]
fn queue_isolated(
    [up, whites, down]: [u64; 3],
    segments: &mut [Segment],
    runs: &[[u32; 2]],
    queue: &mut Vec<u32>,
) {
    let mut isolated = whites & !(whites << 1) & !(whites >> 1) & !up & !down;
    while isolated != 0 {
        let col = isolated.trailing_zeros() as usize;
        isolated &= isolated - 1;
        let run = runs[col][0];
        segments[run as usize].queued = true;
        queue.push(run);
    }
}

/// The [`Tables`] as slices, copied into the engine and its [`Board`] so
/// that the compiler holds their addresses and lengths in registers.
#[derive(Debug, Clone, Copy)]
struct View<'t> {
    links: &'t [Links],
}

impl<'t> View<'t> {
    /// The tables cut to `size` cells, which they have: given the length
    /// of the states, the compiler knows the two lengths one, holds one,
    /// and tests an index into both once.
    #[inline(always)]
    fn cut(self, size: usize) -> View<'t> {
        View {
            links: &self.links[..size],
        }
    }

    /// The numbers beside the white `cell`: an iterator over the slice in
    /// the tables, not over a copy of the array (whose place the compiler
    /// kept on the stack).
    #[inline(always)]
    fn beside(self, cell: usize) -> impl Iterator<Item = u32> + 't {
        let links: &'t [Links] = self.links;
        links[cell]
            .beside
            .iter()
            .take_while(|&&number| number != NO_NUMBER)
            .map(|&number| u32::from(number))
    }
}

/// A puzzle's state during the search, over its tables.
#[derive(Debug, Clone)]
struct Engine<'t> {
    tables: View<'t>,
    /// The state of each cell (row by row): [`OPEN`], [`BULB`], [`EMPTY`]
    /// or [`BLACK`].
    state: Vec<u8>,
    segments: Vec<Segment>,
    numbers: Vec<Number>,
    /// The segments and numbers queued for their rules.
    segment_queue: Vec<u32>,
    number_queue: Vec<u32>,
    /// The row segments without a bulb, in no order: every unlit cell is
    /// in one of them, and the search looks only there for its next guess.
    dark_rows: Vec<u32>,
    /// The numbers with open sides once the root's deductions are made, in
    /// order: no other has any below the root, so that
    /// [`Engine::tightest_number`] looks only at these.
    live_numbers: Vec<u32>,
    /// The cells decided, in order: undoing them restores every count.
    trail: Vec<u32>,
    /// Cells the deductions decided (not the guesses).
    deductions: u64,
    /// An unlit cell the segment rule last saw with two lighters, which
    /// [`Engine::choose`] takes if it still has two: see there.
    hint: u32,
}

impl<'t> Engine<'t> {
    /// The search over `tables` from `start`.
    fn new(tables: View<'t>, start: Start, trail: Vec<u32>) -> Engine<'t> {
        let Start {
            state,
            segments,
            numbers,
            segment_queue,
            number_queue,
            dark_rows,
            live_numbers,
        } = start;
        Engine {
            tables,
            trail,
            segment_queue,
            number_queue,
            dark_rows,
            live_numbers,
            state,
            segments,
            numbers,
            deductions: 0,
            hint: NO_HINT,
        }
    }

    /// The state's vectors, as [`Engine::new`] took them, and the trail.
    fn into_start(self) -> (Start, Vec<u32>) {
        let Engine {
            state,
            segments,
            numbers,
            segment_queue,
            number_queue,
            dark_rows,
            live_numbers,
            trail,
            ..
        } = self;
        let start = Start {
            state,
            segments,
            numbers,
            segment_queue,
            number_queue,
            dark_rows,
            live_numbers,
        };
        (start, trail)
    }

    /// The bytes of the tables and the state, which a search holds
    /// whatever it does.
    fn table_bytes(&self) -> usize {
        let tables = self.tables;
        size_of_val(tables.links)
            + size_of_val(&self.state[..])
            + size_of_val(&self.segments[..])
            + size_of_val(&self.numbers[..])
            + 4 * (self.segments.len() + 2 * self.numbers.len())
    }

    /// Undoes the decisions after the first `length` of the trail, the
    /// latest first.
    fn undo_to(&mut self, length: usize) {
        let tables = self.tables;
        // The fields apart, so that the trail is read in place while the
        // counts change, and as slices, whose addresses and lengths the
        // compiler holds in registers (see [`Board`]).
        let Engine {
            state,
            segments,
            numbers,
            dark_rows,
            trail,
            ..
        } = self;
        let (state, segments, numbers) = (&mut state[..], &mut segments[..], &mut numbers[..]);
        let tables = tables.cut(state.len());
        for &cell in trail[length..].iter().rev() {
            let cell = cell as usize;
            let bulb = std::mem::replace(&mut state[cell], OPEN) == BULB;
            let [row, col] = tables.links[cell].segments;
            segments[col as usize].open += 1;
            segments[col as usize].bulb &= !bulb;
            let entry = &mut segments[row as usize];
            entry.open += 1;
            if bulb {
                entry.bulb = false;
                entry.dark_at = dark_rows.len() as u32;
                dark_rows.push(row);
            }
            for number in tables.beside(cell) {
                let entry = &mut numbers[number as usize];
                entry.open += 1;
                entry.bulbs -= u8::from(bulb);
            }
        }
        trail.truncate(length);
    }

    /// Decides `cell` (a bulb or empty, by `bulb`) and runs the
    /// deductions to a fixpoint; `bulb: None` only runs them. `TRAILED`
    /// says whether the cells decided go on the trail: not at the root,
    /// whose decisions nothing undoes, so that its copy of the loop has no
    /// pushes.
    fn decide<const TRAILED: bool>(&mut self, cell: usize, bulb: Option<bool>) -> Result<(), Dead> {
        let mut board = self.board::<TRAILED>();
        let decided = match bulb {
            Some(true) => board.set_bulb(cell),
            Some(false) => board.set_empty(cell),
            None => Ok(()),
        };
        let result = decided.and_then(|()| board.propagate());
        self.deductions += board.deductions;
        if result.is_err() {
            // The queues hold leftovers of the branch that died.
            for &number in &self.number_queue {
                self.numbers[number as usize].queued = false;
            }
            self.number_queue.clear();
            for &segment in &self.segment_queue {
                self.segments[segment as usize].queued = false;
            }
            self.segment_queue.clear();
        }
        #[cfg(debug_assertions)]
        debug_assert!(result.is_err() || self.at_fixpoint(), "a fixpoint");
        result
    }

    /// The state as the deductions change it.
    fn board<const TRAILED: bool>(&mut self) -> Board<'_, TRAILED> {
        // The links cut to the states' length (see [`View::cut`]).
        let size = self.state.len();
        Board {
            tables: self.tables.cut(size),
            state: &mut self.state[..size],
            segments: &mut self.segments,
            numbers: &mut self.numbers,
            segment_queue: &mut self.segment_queue,
            number_queue: &mut self.number_queue,
            dark_rows: &mut self.dark_rows,
            trail: &mut self.trail,
            deductions: 0,
            hint: &mut self.hint,
        }
    }

    /// The number with open sides that can leave the fewest of them
    /// empty (its open sides less what it still needs), of those one with
    /// the most open sides, and of those one with the fewest sides decided:
    /// the first found, in their order.
    #[inline(always)]
    fn tightest_number(&self) -> Option<&Number> {
        let mut tightest = None;
        let mut least = u8::MAX;
        for &index in &self.live_numbers {
            let number = &self.numbers[index as usize];
            if number.open == 0 {
                continue;
            }
            // At a fixpoint a number with open sides needs a bulb and can
            // leave one empty at least: it has fewer bulbs than its value,
            // and more than its value with its open sides.
            let spare = number.open + number.bulbs - number.value;
            let decided = number.side_count - number.open;
            // The three in that order: the open sides (1 to 4) weigh less
            // than a spare, the decided sides (0 to 3) less than an open one.
            let key = spare * 32 + (4 - number.open) * 4 + decided;
            if key < least {
                least = key;
                tightest = Some(number);
                // One spare, four open sides: none comes before it.
                if key == 32 {
                    break;
                }
            }
        }
        tightest
    }

    /// The cell to put a bulb in next: an open side of the tightest number
    /// ([`Engine::tightest_number`]), the one whose bulb would empty the
    /// most open cells (the last found of those); when no number has an
    /// open side, of the lighters of an unlit cell with the fewest, the
    /// one whose bulb would empty the most (the last found of those, along
    /// the cell's row then down its column); `None` when every cell is lit
    /// (a solution: an open cell is always unlit, since a bulb empties its
    /// segments).
    ///
    /// A guess at a number's side moves its counts and its neighbours',
    /// which decide more at once, and a number with one spare side is a
    /// choice between few cells. On Tatham's hardest grids (10x10, 14x14,
    /// 25x25, large) this takes 498, 606, 1118 and 150 nodes in all, and
    /// without the decided sides 504, 628, 1146 and 154; the first number
    /// with one spare 552, 664, 1176 and 174; the one with the fewest open
    /// sides among those 540, 692, 1148 and 174; the side that empties the
    /// fewest 530, 730, 1154 and 164; of equals the one with fewer bulbs
    /// 500, 620, 1126 and 154. The unlit cell with
    /// the fewest lighters alone took 662, 942, 1990 and 166; ranked by
    /// the numbers beside its lighters 560, 780, 1154 and 164, but a scan
    /// of every unlit cell cost more than the nodes it saved.
    ///
    /// The unlit cell is the one the segment rule last saw with two
    /// lighters ([`Engine::hint`]) if it still has two, which at a
    /// fixpoint is the fewest; else the first found in the dark rows. The
    /// hint spares most scans of the dark rows.
    fn choose(&self) -> Option<usize> {
        let tables = self.tables.cut(self.state.len());
        let weight = |lighter: usize| {
            let [row, col] = tables.links[lighter].segments;
            self.segments[row as usize].open + self.segments[col as usize].open
        };
        if let Some(number) = self.tightest_number() {
            let mut chosen = None;
            let mut most = 0;
            for &side in &number.sides[..usize::from(number.side_count)] {
                let side = side as usize;
                if self.state[side] == OPEN && weight(side) >= most {
                    most = weight(side);
                    chosen = Some(side);
                }
            }
            return chosen;
        }
        let lighters = |cell: usize| {
            let [row, col] = tables.links[cell].segments;
            let (in_row, in_col) = (self.segments[row as usize], self.segments[col as usize]);
            let here = u32::from(self.state[cell] == OPEN);
            (!in_row.bulb && !in_col.bulb).then(|| in_row.open + in_col.open - here)
        };
        let hint = self.hint as usize;
        let mut best = None;
        let mut fewest = u32::MAX;
        if self.state.get(hint).is_some_and(|&state| state != BLACK) && lighters(hint) == Some(2) {
            best = Some(hint);
            fewest = 2;
        }
        'rows: for &row in &self.dark_rows {
            if fewest <= 2 {
                break;
            }
            let in_row = self.segments[row as usize];
            for cell in in_row.cells() {
                let in_col = self.segments[tables.links[cell].segments[1] as usize];
                if in_col.bulb {
                    continue;
                }
                let here = u32::from(self.state[cell] == OPEN);
                let lighters = in_row.open + in_col.open - here;
                if lighters < fewest {
                    fewest = lighters;
                    best = Some(cell);
                    // No unlit cell has fewer at a fixpoint.
                    if lighters <= 2 {
                        break 'rows;
                    }
                }
            }
        }
        let cell = best?;
        let mut chosen = None;
        let mut most = 0;
        for &segment in &tables.links[cell].segments {
            for lighter in self.segments[segment as usize].cells() {
                if self.state[lighter] == OPEN && weight(lighter) >= most {
                    most = weight(lighter);
                    chosen = Some(lighter);
                }
            }
        }
        chosen
    }
}

/// The state as the deductions change it: the engine's arrays as slices
/// held in locals, so that the compiler keeps their addresses in registers
/// (through `&mut self` it reloaded them after every store, which might
/// have changed them), and every rule inlined into the one loop of
/// [`Board::propagate`].
#[derive(Debug)]
struct Board<'a, const TRAILED: bool> {
    tables: View<'a>,
    state: &'a mut [u8],
    segments: &'a mut [Segment],
    numbers: &'a mut [Number],
    segment_queue: &'a mut Vec<u32>,
    number_queue: &'a mut Vec<u32>,
    dark_rows: &'a mut Vec<u32>,
    trail: &'a mut Vec<u32>,
    /// Cells decided here by a deduction, for [`Engine::deductions`].
    deductions: u64,
    hint: &'a mut u32,
}

impl<const TRAILED: bool> Board<'_, TRAILED> {
    /// Queues `segment` for [`Board::segment_rule`], unless it is lit or
    /// has two open cells or more: then no rule can fire for its unlit
    /// cells until it drops to one (and a change in a cell's other segment
    /// queues that one). With two open, an unlit cell has two lighters in
    /// it alone if it is empty, and two with itself and one in its other
    /// segment at least if it is open: never fewer than two, and the
    /// corner rule wants one open in each segment.
    ///
    /// Only a segment of a cell that was open is queued, and such a
    /// segment holds no bulb (a bulb empties its segments), so only its
    /// count and its flag are looked at.
    #[inline(always)]
    fn queue_segment(&mut self, segment: u32) {
        let entry = &mut self.segments[segment as usize];
        debug_assert!(!entry.bulb, "the segment of an open cell is dark");
        // Without a branch on the counts, which went either way often:
        // the segment is pushed whatever, and kept only if it is wanted.
        let wanted = (entry.open <= 1) & !entry.queued;
        entry.queued |= wanted;
        let kept = self.segment_queue.len() + usize::from(wanted);
        self.segment_queue.push(segment);
        self.segment_queue.truncate(kept);
    }

    /// Queues `number` for [`Board::number_rule`].
    #[inline(always)]
    fn queue_number(&mut self, number: u32) {
        let entry = &mut self.numbers[number as usize];
        if !entry.queued {
            entry.queued = true;
            self.number_queue.push(number);
        }
    }

    /// Decides that `cell` holds no bulb.
    #[inline(always)]
    fn set_empty(&mut self, cell: usize) -> Result<(), Dead> {
        match self.state[cell] {
            OPEN => {}
            EMPTY => return Ok(()),
            _ => return Err(Dead),
        }
        self.state[cell] = EMPTY;
        if TRAILED {
            self.trail.push(cell as u32);
        }
        let tables = self.tables;
        let [row, col] = tables.links[cell].segments;
        self.segments[row as usize].open -= 1;
        self.segments[col as usize].open -= 1;
        self.queue_segment(row);
        self.queue_segment(col);
        for number in tables.beside(cell) {
            self.numbers[number as usize].open -= 1;
            self.queue_number(number);
        }
        Ok(())
    }

    /// Puts a bulb at `cell`: the other cells of its segments are emptied.
    #[inline(always)]
    fn set_bulb(&mut self, cell: usize) -> Result<(), Dead> {
        match self.state[cell] {
            OPEN => {}
            BULB => return Ok(()),
            _ => return Err(Dead),
        }
        self.state[cell] = BULB;
        if TRAILED {
            self.trail.push(cell as u32);
        }
        let tables = self.tables;
        let segments = tables.links[cell].segments;
        // An open cell's segments hold no bulb (a bulb empties them): its
        // row segment leaves the dark rows. Each is left with no open cell:
        // the others it had (`open` less the bulb) are emptied below.
        let others = segments.map(|segment| {
            let entry = &mut self.segments[segment as usize];
            debug_assert!(!entry.bulb, "an open cell's segments are dark");
            let others = entry.open - 1;
            entry.open = 0;
            entry.bulb = true;
            others
        });
        let row = segments[0] as usize;
        let at = std::mem::replace(&mut self.segments[row].dark_at, UNLISTED);
        let last = self.dark_rows.pop().expect("a dark row is listed");
        if last as usize != row {
            self.dark_rows[at as usize] = last;
            self.segments[last as usize].dark_at = at;
        }
        for number in tables.beside(cell) {
            let entry = &mut self.numbers[number as usize];
            entry.open -= 1;
            entry.bulbs += 1;
            self.queue_number(number);
        }
        // Each segment by itself, not a loop over the two: the compiler
        // kept such a loop's array and place on the stack.
        self.empty_others(segments[0], 0, others[0]);
        self.empty_others(segments[1], 1, others[1]);
        Ok(())
    }

    /// Empties the `left` open cells of `segment` (along its `axis`), in
    /// which a bulb has just been put: the bulb itself is not open, and
    /// the scan stops at the last of them.
    #[inline(always)]
    fn empty_others(&mut self, segment: u32, axis: usize, mut left: u32) {
        if left == 0 {
            return;
        }
        self.deductions += u64::from(left);
        for other in self.segments[segment as usize].cells() {
            if self.state[other] == OPEN {
                self.empty_seen(other, 1 - axis);
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
    }

    /// Decides that the open `cell`, which a new bulb in one of its
    /// segments sees, holds no bulb: [`Board::set_empty`] without
    /// counting or queueing the lit segment, which [`Board::set_bulb`]
    /// settles at once (`axis` is the other one's: 0 its row segment, 1
    /// its column segment).
    #[inline(always)]
    fn empty_seen(&mut self, cell: usize, axis: usize) {
        self.state[cell] = EMPTY;
        if TRAILED {
            self.trail.push(cell as u32);
        }
        let tables = self.tables;
        let other = tables.links[cell].segments[axis];
        self.segments[other as usize].open -= 1;
        self.queue_segment(other);
        for number in tables.beside(cell) {
            self.numbers[number as usize].open -= 1;
            self.queue_number(number);
        }
    }

    /// What number `number` decides about its sides.
    #[inline(always)]
    fn number_rule(&mut self, number: usize) -> Result<(), Dead> {
        let Number {
            value,
            bulbs,
            open,
            side_count,
            corner_count,
            ..
        } = self.numbers[number];
        if bulbs > value || bulbs + open < value {
            return Err(Dead);
        }
        if open == 0 {
            return Ok(());
        }
        let need = value - bulbs;
        if need == 0 || need == open {
            let sides = self.numbers[number].sides;
            for &side in &sides[..usize::from(side_count)] {
                let side = side as usize;
                if self.state[side] == OPEN {
                    self.deductions += 1;
                    if need == 0 {
                        self.set_empty(side)?;
                    } else {
                        self.set_bulb(side)?;
                    }
                }
            }
        } else if need + 1 == open {
            let corners = self.numbers[number].corners;
            for &Corner { sides, corner } in &corners[..usize::from(corner_count)] {
                let corner = corner as usize;
                if self.state[corner] == OPEN
                    && sides.iter().all(|&side| self.state[side as usize] == OPEN)
                {
                    self.deductions += 1;
                    self.set_empty(corner)?;
                }
            }
        }
        Ok(())
    }

    /// The first open cell of `segment`.
    #[inline(always)]
    fn open_in(&self, segment: u32) -> Option<usize> {
        self.segments[segment as usize]
            .cells()
            .find(|&cell| self.state[cell] == OPEN)
    }

    /// What the unlit cells of `segment` decide.
    ///
    /// Its open cells stay as they are until a bulb lands in it, which
    /// lights them all: a bulb elsewhere meets it at most at the cell
    /// looked at, not open then, and the corner rule empties a cell
    /// outside it. So its count is read once, and only the cells' other
    /// segments are looked up.
    #[inline(always)]
    fn segment_rule(&mut self, segment: u32) -> Result<(), Dead> {
        let tables = self.tables;
        let entry = self.segments[segment as usize];
        if entry.bulb {
            return Ok(());
        }
        let (mine, axis) = (entry.open, usize::from(entry.axis));
        for cell in entry.cells() {
            debug_assert_eq!(self.segments[segment as usize].open, mine);
            // A reference, not a copy: indexed by `axis`, a copy of the
            // array went through the stack.
            let segments = &tables.links[cell].segments;
            let other = self.segments[segments[1 - axis] as usize];
            if other.bulb {
                continue;
            }
            let here = u32::from(self.state[cell] == OPEN);
            match mine + other.open - here {
                0 => return Err(Dead),
                1 => {
                    let [row, col] = *segments;
                    let lighter = if here == 1 {
                        Some(cell)
                    } else {
                        self.open_in(row).or_else(|| self.open_in(col))
                    };
                    self.deductions += 1;
                    self.set_bulb(lighter.expect("one lighter is open"))?;
                    if self.segments[segment as usize].bulb {
                        return Ok(());
                    }
                }
                2 if here == 0 && mine == 1 => {
                    *self.hint = cell as u32;
                    let [row, col] = *segments;
                    // One lighter in the row, one in the column: a bulb
                    // where the column of the one meets the row of the
                    // other would empty both.
                    let (Some(a), Some(b)) = (self.open_in(row), self.open_in(col)) else {
                        continue;
                    };
                    // `a` shares the cell's row, `b` its column: the
                    // corner is both steps from the cell.
                    let corner = a + b - cell;
                    if self.state[corner] == OPEN
                        && tables.links[corner].segments[1] == tables.links[a].segments[1]
                        && tables.links[corner].segments[0] == tables.links[b].segments[0]
                    {
                        self.deductions += 1;
                        self.set_empty(corner)?;
                    }
                }
                2 => *self.hint = cell as u32,
                _ => {}
            }
        }
        Ok(())
    }

    /// The deductions to a fixpoint from the queues.
    #[inline(always)]
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            if let Some(number) = self.number_queue.pop() {
                self.numbers[number as usize].queued = false;
                self.number_rule(number as usize)?;
            } else if let Some(segment) = self.segment_queue.pop() {
                self.segments[segment as usize].queued = false;
                self.segment_rule(segment)?;
            } else {
                return Ok(());
            }
        }
    }
}

/// The from-scratch checks of debug builds: every count the engine keeps
/// recomputed from the cells' states alone, and the deductions' fixpoint
/// checked after each propagation that succeeds.
#[cfg(debug_assertions)]
impl Engine<'_> {
    /// Whether a bulb lights `cell`: one in its row or column segment.
    fn lit(&self, cell: usize) -> bool {
        let [row, col] = self.tables.links[cell].segments;
        self.segments[row as usize].bulb || self.segments[col as usize].bulb
    }

    /// Whether segment `index` runs along a row: its first cell's row
    /// segment.
    fn is_row(&self, index: usize) -> bool {
        let start = self.segments[index].start as usize;
        self.tables.links[start].segments[0] as usize == index
    }

    /// Whether every kept count is what the states say.
    fn counts_agree(&self) -> bool {
        let segments_agree = self.segments.iter().enumerate().all(|(index, segment)| {
            let states = || segment.cells().map(|cell| self.state[cell]);
            let open = states().filter(|&state| state == OPEN).count() as u32;
            let bulb = states().any(|state| state == BULB);
            // A row segment is listed dark, at its place, when it holds
            // no bulb; a column segment never is.
            let listed = (segment.dark_at != UNLISTED)
                .then(|| self.dark_rows.get(segment.dark_at as usize))
                .flatten()
                == Some(&(index as u32));
            let dark_listed = if self.is_row(index) {
                listed != bulb
            } else {
                segment.dark_at == UNLISTED
            };
            open == segment.open && bulb == segment.bulb && dark_listed
        });
        let numbers_agree = self.numbers.iter().all(|number| {
            let states = || {
                number.sides[..usize::from(number.side_count)]
                    .iter()
                    .map(|&side| self.state[side as usize])
            };
            let open = states().filter(|&state| state == OPEN).count() as u8;
            let bulbs = states().filter(|&state| state == BULB).count() as u8;
            (open, bulbs) == (number.open, number.bulbs)
        });
        let dark_count = (0..self.segments.len())
            .filter(|&index| self.is_row(index) && !self.segments[index].bulb)
            .count();
        segments_agree && numbers_agree && dark_count == self.dark_rows.len()
    }

    /// Whether no deduction is left to make: the counts agree, no open
    /// cell is lit, no unlit cell has fewer than two lighters, and no
    /// number forces or forbids an open side.
    fn at_fixpoint(&self) -> bool {
        let whites = (0..self.state.len()).filter(|&cell| self.state[cell] != BLACK);
        let lighters_left = whites.clone().filter(|&cell| !self.lit(cell)).all(|cell| {
            let [row, col] = self.tables.links[cell].segments;
            let here = u32::from(self.state[cell] == OPEN);
            self.segments[row as usize].open + self.segments[col as usize].open - here >= 2
        });
        let open_unlit = whites
            .filter(|&cell| self.state[cell] == OPEN)
            .all(|cell| !self.lit(cell));
        let numbers_settled = self.numbers.iter().all(|number| {
            let (bulbs, open, value) = (number.bulbs, number.open, number.value);
            open == 0 || (bulbs < value && bulbs + open > value)
        });
        self.counts_agree() && lighters_left && open_unlit && numbers_settled
    }
}
/// The vectors of a solve, kept for the thread's next one: on small grids,
/// allocating and freeing them anew took a fifteenth of a solve. Only a
/// grid of up to [`KEPT_CELLS`] cells leaves them, so that what a thread
/// holds stays small.
#[derive(Debug, Default)]
struct Buffers {
    start: Start,
    links: Vec<Links>,
    trail: Vec<u32>,
    guesses: Vec<Guess>,
    number_cells: Vec<[u8; 3]>,
    runs: Vec<[u32; 2]>,
}

/// The largest grid whose [`Buffers`] are kept: 64 by 64 cells, a few
/// hundred kilobytes.
const KEPT_CELLS: usize = 64 * 64;

std::thread_local! {
    static BUFFERS: std::cell::Cell<Buffers> = std::cell::Cell::default();
}

/// `buffer`, emptied, with room for `capacity` items.
fn reuse<T>(buffer: &mut Vec<T>, capacity: usize) -> Vec<T> {
    let mut buffer = std::mem::take(buffer);
    buffer.clear();
    buffer.reserve(capacity);
    buffer
}

/// How a count ended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Counted {
    count: u64,
    /// The first solution: a flag per cell, whether it holds a bulb.
    first: Option<Vec<bool>>,
    /// Whether every branch was searched.
    complete: bool,
    limit: Option<Limit>,
    /// The root plus one per branch taken: a bulb put at a lighter, or
    /// taken out of it once every solution with it is counted.
    nodes: u64,
    /// Branches whose deductions failed.
    backtracks: u64,
    /// Bulbs guessed.
    guesses: u64,
}

impl Engine<'_> {
    /// The bytes the search holds with `guesses` open.
    fn held(&self, tables: usize, guesses: &[Guess]) -> usize {
        tables + size_of_val(&self.trail[..]) + size_of_val(guesses)
    }

    /// Counts solutions up to `max` (at least 1) within `budget`.
    fn count(&mut self, max: u64, budget: &Budget, guesses: &mut Vec<Guess>) -> Counted {
        let mut counted = Counted::default();
        let tables = self.table_bytes();
        let refused = match budget.nodes {
            Some(0) => Some(Limit::Node),
            _ => budget.refuses(0, tables),
        };
        if let Some(limit) = refused {
            counted.limit = Some(limit);
            return counted;
        }
        counted.nodes = 1;
        let max = max.max(1);
        if self.decide::<false>(0, None).is_err() {
            counted.complete = true;
            return counted;
        }
        let live = self
            .numbers
            .iter()
            .enumerate()
            .filter(|(_, number)| number.open > 0);
        self.live_numbers
            .extend(live.map(|(index, _)| index as u32));
        loop {
            match self.choose() {
                None => {
                    counted.count += 1;
                    if counted.first.is_none() {
                        counted.first = Some(self.state.iter().map(|&cell| cell == BULB).collect());
                    }
                    if counted.count >= max {
                        return counted;
                    }
                }
                Some(cell) => {
                    let held = self.held(tables, guesses) + size_of::<Guess>();
                    if let Some(limit) = budget.refuses(counted.nodes, held) {
                        counted.limit = Some(limit);
                        return counted;
                    }
                    counted.nodes += 1;
                    counted.guesses += 1;
                    guesses.push(Guess {
                        trail: self.trail.len() as u32,
                        cell: cell as u32,
                    });
                    if self.decide::<true>(cell, Some(true)).is_ok() {
                        continue;
                    }
                    counted.backtracks += 1;
                }
            }
            // Backtrack: the latest guess is exhausted; its cell is
            // emptied in the state before it, and that propagated in turn
            // (a failure there exhausts the guess before it).
            loop {
                let Some(Guess { trail, cell }) = guesses.pop() else {
                    counted.complete = true;
                    return counted;
                };
                self.undo_to(trail as usize);
                #[cfg(debug_assertions)]
                debug_assert!(self.counts_agree(), "the undone counts");
                if let Some(limit) = budget.refuses(counted.nodes, self.held(tables, guesses)) {
                    counted.limit = Some(limit);
                    return counted;
                }
                counted.nodes += 1;
                if self.decide::<true>(cell as usize, Some(false)).is_ok() {
                    break;
                }
                counted.backtracks += 1;
            }
        }
    }
}

/// Solves `puzzle` with the fast engine (see the module docs): the first
/// solution, or the count up to [`Options::count_up_to`], within its
/// limits.
pub(crate) fn solve(puzzle: &Akari, options: &Options) -> Outcome {
    let started = Instant::now();
    let mut buffers = BUFFERS.take();
    let (tables, start) = Tables::new(puzzle, &mut buffers);
    let size = start.state.len();
    let trail = reuse(&mut buffers.trail, size);
    let mut engine = Engine::new(tables.view(), start, trail);
    let budget = Budget::new(&options.limits, started);
    let mut guesses = reuse(&mut buffers.guesses, size);
    let counted = engine.count(options.limits.count_up_to, &budget, &mut guesses);
    let deductions = engine.deductions;
    if size <= KEPT_CELLS {
        let (start, trail) = engine.into_start();
        BUFFERS.set(Buffers {
            start,
            links: tables.links,
            trail,
            guesses,
            ..buffers
        });
    }
    let first = counted
        .first
        .map(|on| Bulbs::new(puzzle.rows(), puzzle.cols(), on).expect("a flag per cell"));
    let stats = Stats {
        nodes: counted.nodes,
        elapsed: started.elapsed(),
        counters: Counters {
            backtracks: counted.backtracks,
            guesses: Some(counted.guesses),
            deductions: Some(deductions),
        },
    };
    Outcome::counted(first, counted.count, counted.complete, counted.limit, stats)
}

#[cfg(test)]
mod tests {
    use puzzle_kit::Status;

    use super::*;
    use crate::options::Algo;

    /// Counts `text`'s solutions to 2 with the engine: the status, the
    /// count, the nodes and the first solution's line.
    fn check(text: &str, expected: (Status, u64, u64, Option<&str>)) {
        let puzzle: Akari = text.parse().expect("a grid");
        let outcome = solve(&puzzle, &Options::new(Algo::Fast).count_up_to(2));
        let line = outcome
            .solution
            .as_ref()
            .map(|bulbs| puzzle.draw(bulbs, '/'));
        assert_eq!(
            (
                outcome.status,
                outcome.count,
                outcome.stats.nodes,
                line.as_deref()
            ),
            expected,
            "{text}"
        );
        if let Some(bulbs) = &outcome.solution {
            crate::check::check(&puzzle, bulbs).expect("the checker agrees");
        }
    }

    #[test]
    fn the_deductions_settle_what_they_can_before_a_guess() {
        // Tatham's 5x5: one guess and its refutation.
        check(
            "...../..#../0...3/..1../.....",
            (Status::Solved, 1, 3, Some("*..../..#.*/0..*3/.*1.*/*....")),
        );
        // A 0 empties its sides; nothing else can light them.
        check(".0/0.", (Status::Unsolvable, 0, 1, None));
        // A 4 makes its four sides bulbs, which light one another here.
        check(".4./...", (Status::Unsolvable, 0, 1, None));
        // A 3 at an edge: its three sides are bulbs.
        check(".3./#.#", (Status::Solved, 1, 1, Some("*3*/#*#")));
        // A 1 with two open sides at right angles forbids the corner
        // between them (a bulb there would empty both); what is left
        // has two solutions, one for each side of the 1: a bulb guessed
        // at one finds one, and taking it back the other.
        check("1../.../...", (Status::Solved, 2, 3, Some("1.*/*../.*.")));
        // No white cell: nothing to light, nothing to guess.
        check("#", (Status::Solved, 1, 1, Some("#")));
        check("2", (Status::Unsolvable, 0, 1, None));
    }
}
