//! Additive disjoint pattern databases for the 15-puzzle: a 6-6-3 split of
//! the tiles, each group's table holding the fewest moves *of that group's
//! tiles* needed to bring them home wherever the others are, built by a
//! breadth-first search backwards from the goal, saved to and loaded from a
//! cache file. The lookup is also made on the board reflected about the
//! main diagonal, and the larger sum taken.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::puzzle::Board;

/// The side these databases serve.
const SIDE: usize = 4;
const CELLS: usize = SIDE * SIDE;
/// Number of groups in the split.
pub(crate) const GROUPS: usize = 3;
/// The split, as goal cells (for the blank-first goal: tiles 1 4 5 8 9 12,
/// the left two columns; tiles 2 3 6 7 10 11, the right two columns above
/// the bottom row; tiles 13 14 15, the bottom row). For a goal whose blank
/// is not in cell 0, the blank's cell and cell 0 swap roles. This split
/// needs about 6 times fewer nodes on Korf's 100 than 1 2 3 5 6 7 /
/// 4 8 9 12 13 14 / 10 11 15 (measured: 200,768 against 1,247,706 states
/// tested on average).
const CELL_GROUPS: [&[usize]; GROUPS] =
    [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
/// The first line of a cache file; v2 added the checksum line.
const MAGIC: &str = "eight-puzzle additive pdb 6-6-3 v2";

/// Why pattern databases are not available, or why a cache file was not
/// used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PdbError {
    /// The goal is not a 4x4 board.
    #[error("pattern databases are built for 4x4 boards only, the goal is {0}x{0}")]
    WrongSize(usize),
    /// A building thread stopped without a table.
    #[error("building a pattern database failed")]
    BuildFailed,
    /// The cache file could not be read (most often: not there yet).
    #[error("cannot read {0}")]
    Unreadable(PathBuf),
    /// The cache file was written for another goal, split or version.
    #[error("{0} was written for another goal or version")]
    Outdated(PathBuf),
    /// The cache file's tables do not match the checksum written with them:
    /// a damaged file, never to be trusted (a wrong entry could make IDA*
    /// return a path that is not the shortest).
    #[error("{0} is damaged (its checksum does not match)")]
    Damaged(PathBuf),
}

/// How far a build has got, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// How many groups are finished.
    pub group: usize,
    /// States of all groups searched so far.
    pub done: u64,
    /// States of all groups in total.
    pub total: u64,
}

/// Where the databases of a [`PatternDatabases::load_or_build`] came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from this cache file.
    Loaded(PathBuf),
    /// Built now, taking this long; saved to the path if it is `Some`.
    Built {
        /// Build time.
        took: Duration,
        /// The cache file written, if writing succeeded.
        saved: Option<PathBuf>,
        /// The cache file that was there but failed its checksum, and was
        /// replaced (if saving succeeded).
        damaged: Option<PathBuf>,
    },
}

/// The three tables of the 6-6-3 split for one goal, with the reflected
/// lookup when the goal's blank lies on the main diagonal.
#[derive(Clone)]
pub struct PatternDatabases {
    goal: Board,
    groups: [Vec<u8>; GROUPS],
    tables: [Vec<u8>; GROUPS],
    tile_group: [u8; CELLS],
    tile_shift: [u8; CELLS],
    /// `(cell map, tile map)` of the reflection, if the goal allows it.
    reflection: Option<([u8; CELLS], [u8; CELLS])>,
}

impl std::fmt::Debug for PatternDatabases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDatabases")
            .field("goal", &self.goal.to_line())
            .field("groups", &self.groups)
            .field("bytes", &self.size_bytes())
            .finish_non_exhaustive()
    }
}

/// The running lookup state of a board: per group, its tiles' cells packed
/// 4 bits each and the table entry there, for the board and for its
/// reflection (the two sides), and the two sums. A move changes one group on
/// each side, so it costs two table reads instead of six.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lookup {
    sides: [Side; 2],
}

/// One side of a [`Lookup`]: the board's, or its reflection's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Side {
    index: [u32; GROUPS],
    value: [u8; GROUPS],
    sum: u16,
}

impl PatternDatabases {
    fn layout(goal: &Board) -> Result<Self, PdbError> {
        if goal.size() != SIDE {
            return Err(PdbError::WrongSize(goal.size()));
        }
        let blank = goal.blank();
        let tiles = goal.tiles();
        let mut groups: [Vec<u8>; GROUPS] = Default::default();
        let mut tile_group = [0u8; CELLS];
        let mut tile_shift = [0u8; CELLS];
        for (group, cells) in CELL_GROUPS.iter().enumerate() {
            for (slot, &cell) in cells.iter().enumerate() {
                let cell = if cell == blank { 0 } else { cell };
                let tile = tiles[cell];
                groups[group].push(tile);
                tile_group[tile as usize] = group as u8;
                tile_shift[tile as usize] = (4 * slot) as u8;
            }
        }
        let on_diagonal = blank / SIDE == blank % SIDE;
        let reflection = on_diagonal.then(|| {
            let mut cell_map = [0u8; CELLS];
            let mut tile_map = [0u8; CELLS];
            let mut goal_cell = [0usize; CELLS];
            for (cell, &tile) in tiles.iter().enumerate() {
                goal_cell[tile as usize] = cell;
            }
            for (cell, image) in cell_map.iter_mut().enumerate() {
                *image = ((cell % SIDE) * SIDE + cell / SIDE) as u8;
            }
            for tile in 0..CELLS {
                tile_map[tile] = tiles[cell_map[goal_cell[tile]] as usize];
            }
            (cell_map, tile_map)
        });
        let tables = Default::default();
        Ok(PatternDatabases {
            goal: goal.clone(),
            groups,
            tables,
            tile_group,
            tile_shift,
            reflection,
        })
    }

    /// Builds the databases for `goal` (a 4x4 board), one thread per group,
    /// calling `progress` from this thread now and then. About 13 s of CPU
    /// (half that in wall time on two cores) and 300 MB at peak.
    pub fn build(goal: &Board, mut progress: impl FnMut(BuildProgress)) -> Result<Self, PdbError> {
        let mut databases = PatternDatabases::layout(goal)?;
        let total: u64 = databases
            .groups
            .iter()
            .map(|group| states_of(group.len()))
            .sum();
        // The groups are independent searches: one thread each, while this
        // thread reports progress.
        let searched = AtomicU64::new(0);
        let finished = AtomicUsize::new(0);
        let built: Vec<Option<Vec<u8>>> = std::thread::scope(|scope| {
            let workers: Vec<_> = databases
                .groups
                .iter()
                .map(|group| {
                    let (searched, finished) = (&searched, &finished);
                    scope.spawn(move || {
                        let table = build_group(goal, group, |more| {
                            searched.fetch_add(more, Ordering::Relaxed);
                        });
                        finished.fetch_add(1, Ordering::Relaxed);
                        table
                    })
                })
                .collect();
            while workers.iter().any(|worker| !worker.is_finished()) {
                progress(BuildProgress {
                    group: finished.load(Ordering::Relaxed),
                    done: searched.load(Ordering::Relaxed),
                    total,
                });
                std::thread::sleep(Duration::from_millis(50));
            }
            workers
                .into_iter()
                .map(|worker| worker.join().ok())
                .collect()
        });
        for (group, table) in built.into_iter().enumerate() {
            databases.tables[group] = table.ok_or(PdbError::BuildFailed)?;
        }
        progress(BuildProgress {
            group: GROUPS,
            done: total,
            total,
        });
        Ok(databases)
    }

    /// The goal these databases serve.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The bytes held by the tables.
    pub fn size_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The cache file name for `goal`.
    pub fn file_name(goal: &Board) -> String {
        format!("pdb-663-{}.bin", goal.to_line().replace(',', "-"))
    }

    /// The cache file's first lines, before its checksum line: the
    /// version, the goal and the split.
    fn header(&self) -> String {
        let group = |tiles: &Vec<u8>| tiles.iter().map(u8::to_string).collect::<Vec<_>>();
        let groups: Vec<String> = self.groups.iter().map(|g| group(g).join(",")).collect();
        format!("{MAGIC}\n{}\n{}\n", self.goal.to_line(), groups.join(";"))
    }

    /// Writes the databases to `path` atomically (a temporary file in the
    /// same folder, then a rename), creating the folder if needed: the
    /// header, a line with the tables' checksum in hexadecimal, the tables.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder)?;
        }
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        let mut file = io::BufWriter::new(fs::File::create(&temporary)?);
        file.write_all(self.header().as_bytes())?;
        let sum = self
            .tables
            .iter()
            .fold(Checksum::default(), |sum, table| sum.add(table));
        writeln!(file, "{:016x}", sum.finish())?;
        for table in &self.tables {
            file.write_all(table)?;
        }
        file.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()?;
        fs::rename(&temporary, path)
    }

    /// Reads databases for `goal` from `path`, checking the tables against
    /// the checksum saved with them.
    pub fn load(goal: &Board, path: &Path) -> Result<Self, PdbError> {
        let mut databases = PatternDatabases::layout(goal)?;
        let bytes = fs::read(path).map_err(|_| PdbError::Unreadable(path.to_owned()))?;
        let header = databases.header();
        let lengths = databases
            .groups
            .each_ref()
            .map(|group| 1usize << (4 * group.len()));
        let sum_line = "0123456789abcdef\n".len();
        let tables_at = header.len() + sum_line;
        if bytes.len() != tables_at + lengths.iter().sum::<usize>()
            || !bytes.starts_with(header.as_bytes())
        {
            return Err(PdbError::Outdated(path.to_owned()));
        }
        let damaged = || PdbError::Damaged(path.to_owned());
        let saved_sum = std::str::from_utf8(&bytes[header.len()..tables_at])
            .ok()
            .and_then(|line| u64::from_str_radix(line.trim_end(), 16).ok())
            .ok_or_else(damaged)?;
        if Checksum::default().add(&bytes[tables_at..]).finish() != saved_sum {
            return Err(damaged());
        }
        let mut at = tables_at;
        for (table, length) in databases.tables.iter_mut().zip(lengths) {
            *table = bytes[at..at + length].to_vec();
            at += length;
        }
        Ok(databases)
    }

    /// Loads the databases for `goal` from `folder`, or builds them (with
    /// `progress`) and saves them there. A cache that is missing, outdated
    /// or damaged is rebuilt ([`Origin::Built`] says when it was damaged);
    /// one that cannot be written is not an error: the databases are still
    /// returned.
    pub fn load_or_build(
        goal: &Board,
        folder: Option<&Path>,
        progress: impl FnMut(BuildProgress),
    ) -> Result<(Self, Origin), PdbError> {
        PatternDatabases::load_or_build_with(goal, folder, || {
            PatternDatabases::build(goal, progress)
        })
    }

    /// [`PatternDatabases::load_or_build`] with the build left to `build`.
    fn load_or_build_with(
        goal: &Board,
        folder: Option<&Path>,
        build: impl FnOnce() -> Result<Self, PdbError>,
    ) -> Result<(Self, Origin), PdbError> {
        let path = folder.map(|folder| folder.join(PatternDatabases::file_name(goal)));
        let mut damaged = None;
        if let Some(path) = &path {
            match PatternDatabases::load(goal, path) {
                Ok(databases) => return Ok((databases, Origin::Loaded(path.clone()))),
                Err(PdbError::Damaged(path)) => damaged = Some(path),
                Err(PdbError::Unreadable(_) | PdbError::Outdated(_)) => {}
                Err(error) => return Err(error),
            }
        }
        let started = Instant::now();
        let databases = build()?;
        let took = started.elapsed();
        let saved = path.filter(|path| databases.save(path).is_ok());
        Ok((
            databases,
            Origin::Built {
                took,
                saved,
                damaged,
            },
        ))
    }

    /// The lookup state of a board.
    pub(crate) fn lookup(&self, cells: &[u8]) -> Lookup {
        let mut lookup = Lookup::default();
        let [own, reflected] = &mut lookup.sides;
        for (cell, &tile) in cells.iter().enumerate() {
            if tile != 0 {
                let tile = tile as usize;
                own.index[self.tile_group[tile] as usize] |= (cell as u32) << self.tile_shift[tile];
                if let Some((cell_map, tile_map)) = &self.reflection {
                    let (cell, tile) = (cell_map[cell] as u32, tile_map[tile] as usize);
                    reflected.index[self.tile_group[tile] as usize] |=
                        cell << self.tile_shift[tile];
                }
            }
        }
        let sides = 1 + usize::from(self.reflection.is_some());
        for side in &mut lookup.sides[..sides] {
            for group in 0..GROUPS {
                side.value[group] = self.tables[group][side.index[group] as usize];
                side.sum += u16::from(side.value[group]);
            }
        }
        lookup
    }

    /// Updates a lookup state for `tile` sliding from cell `from` to `to`.
    #[inline]
    pub(crate) fn slide(&self, lookup: &mut Lookup, tile: u8, from: usize, to: usize) {
        let [own, reflected] = &mut lookup.sides;
        self.slide_side(own, tile as usize, from, to);
        if let Some((cell_map, tile_map)) = &self.reflection {
            let (from, to) = (cell_map[from] as usize, cell_map[to] as usize);
            self.slide_side(reflected, tile_map[tile as usize] as usize, from, to);
        }
    }

    /// [`PatternDatabases::slide`] on one side.
    #[inline]
    fn slide_side(&self, side: &mut Side, tile: usize, from: usize, to: usize) {
        let (group, shift) = (self.tile_group[tile] as usize, self.tile_shift[tile]);
        let index = side.index[group] - ((from as u32) << shift) + ((to as u32) << shift);
        let value = self.tables[group][index as usize];
        side.sum = side.sum + u16::from(value) - u16::from(side.value[group]);
        side.index[group] = index;
        side.value[group] = value;
    }

    /// The estimate of a lookup state: the larger of the two sums.
    #[inline]
    pub(crate) fn value(lookup: &Lookup) -> u16 {
        lookup.sides[0].sum.max(lookup.sides[1].sum)
    }

    /// The estimate for a whole board (tiles row by row).
    pub fn evaluate(&self, cells: &[u8]) -> u16 {
        PatternDatabases::value(&self.lookup(cells))
    }
}

/// The checksum of a cache file's tables: each 8-byte word (the last one
/// padded with zeros) mixed in by a xor, a multiplication by an odd
/// constant and a rotation, FNV-style over words (about 10 ms for the 34 MB
/// of tables). Every step is a bijection of the running value, so a change
/// confined to one word always changes the sum; the rotation carries a
/// change in the high bits down into the low ones, so two changes rarely
/// cancel.
#[derive(Clone, Copy, Debug)]
struct Checksum(u64);

impl Default for Checksum {
    fn default() -> Self {
        Checksum(0xcbf2_9ce4_8422_2325)
    }
}

impl Checksum {
    /// 2^40 + 2^8 + 0xb3, FNV-1a's 64-bit prime.
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The sum with `bytes` added after what it already covers. A length
    /// that is not a multiple of 8 is padded, so adding the tables one by
    /// one (as `save` does) equals adding them in one piece (as `load`
    /// does) because every table's length is a multiple of 8.
    fn add(self, bytes: &[u8]) -> Self {
        let sum = bytes.chunks(8).fold(self.0, |sum, word| {
            let mut padded = [0u8; 8];
            padded[..word.len()].copy_from_slice(word);
            (sum ^ u64::from_le_bytes(padded))
                .wrapping_mul(Checksum::PRIME)
                .rotate_left(29)
        });
        Checksum(sum)
    }

    /// The value written to the cache file.
    fn finish(self) -> u64 {
        self.0
    }
}

/// The number of (group placement, blank cell) states of a group of `k`
/// tiles: 16 · 15 · ... · (16 - k).
fn states_of(k: usize) -> u64 {
    (0..=k as u64).map(|i| CELLS as u64 - i).product()
}

/// A bit per state.
struct Bits(Vec<u64>);

impl Bits {
    fn new(count: usize) -> Self {
        Bits(vec![0; count.div_ceil(64)])
    }

    #[inline]
    fn get(&self, index: u32) -> bool {
        self.0[index as usize / 64] >> (index % 64) & 1 == 1
    }

    #[inline]
    fn set(&mut self, index: u32) {
        self.0[index as usize / 64] |= 1 << (index % 64);
    }
}

/// Breadth-first search over (placement of the group's tiles, blank cell),
/// where moving a group tile costs 1 and moving any other tile costs 0; a
/// placement's entry is the cost at which it is first reached with any blank
/// cell. States are numbered `placement << 4 | blank`, a placement being the
/// tiles' cells 4 bits each.
fn build_group(goal: &Board, group: &[u8], mut progress: impl FnMut(u64)) -> Vec<u8> {
    let k = group.len();
    let mut neighbours: [Vec<u32>; CELLS] = Default::default();
    for (cell, list) in neighbours.iter_mut().enumerate() {
        for mv in crate::puzzle::Move::ALL {
            if let Some(target) = mv.target(cell, SIDE) {
                list.push(target as u32);
            }
        }
    }
    let mut goal_cell = [0u32; CELLS];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell as u32;
    }
    let start_placement: u32 = group
        .iter()
        .enumerate()
        .map(|(slot, &tile)| goal_cell[tile as usize] << (4 * slot))
        .sum();
    let start = start_placement << 4 | goal.blank() as u32;

    let placements = 1usize << (4 * k);
    let mut table = vec![u8::MAX; placements];
    let mut visited = Bits::new(placements * CELLS);
    let mut queued = Bits::new(placements * CELLS);
    let mut layer = vec![start];
    visited.set(start);
    let mut searched: u64 = 0;
    let mut cost: u8 = 0;
    while !layer.is_empty() {
        let mut next = Vec::new();
        let mut at = 0;
        while at < layer.len() {
            let state = layer[at];
            at += 1;
            let placement = state >> 4;
            let blank = state & 15;
            if table[placement as usize] == u8::MAX {
                table[placement as usize] = cost;
            }
            let mut cells = [0u32; 8];
            let mut occupied = 0u32;
            for (slot, cell) in cells.iter_mut().enumerate().take(k) {
                *cell = placement >> (4 * slot) & 15;
                occupied |= 1 << *cell;
            }
            for &target in &neighbours[blank as usize] {
                if occupied >> target & 1 == 1 {
                    // A group tile slides into the blank: cost 1.
                    let slot = cells[..k]
                        .iter()
                        .position(|&cell| cell == target)
                        .unwrap_or(0);
                    let moved = placement - (target << (4 * slot)) + (blank << (4 * slot));
                    let child = moved << 4 | target;
                    if !visited.get(child) && !queued.get(child) {
                        queued.set(child);
                        next.push(child);
                    }
                } else {
                    // Another tile slides: free, same layer.
                    let child = placement << 4 | target;
                    if !visited.get(child) {
                        visited.set(child);
                        layer.push(child);
                    }
                }
            }
            searched += 1;
            if searched.is_multiple_of(1 << 20) {
                progress(1 << 20);
            }
        }
        next.retain(|&state| {
            let fresh = !visited.get(state);
            if fresh {
                visited.set(state);
            }
            fresh
        });
        layer = next;
        cost += 1;
    }
    progress(searched % (1 << 20));
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Databases for the blank-first 4x4 goal with made-up tables (filled
    /// from `seed`) of the right sizes: quick to make, unlike a real build.
    fn fake(seed: u8) -> PatternDatabases {
        let mut databases = PatternDatabases::layout(&Board::goal(4)).expect("4x4");
        for (group, table) in databases.tables.iter_mut().enumerate() {
            let length = 1usize << (4 * databases.groups[group].len());
            *table = (0..length)
                .map(|index| (index as u8).wrapping_mul(31) ^ seed)
                .collect();
        }
        databases
    }

    /// A fresh folder under the system's temporary folder.
    fn scratch_folder(name: &str) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("eight-puzzle-test-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        folder
    }

    #[test]
    fn the_checksum_changes_with_any_byte_flipped() {
        let table: Vec<u8> = (0..4099u32).map(|i| (i * 7 % 251) as u8).collect();
        let sum = Checksum::default().add(&table).finish();
        let mut copy = table.clone();
        for index in 0..copy.len() {
            for bit in [0, 3, 7] {
                copy[index] ^= 1 << bit;
                assert_ne!(Checksum::default().add(&copy).finish(), sum, "byte {index}");
                copy[index] ^= 1 << bit;
            }
        }
        // Tables added one by one sum as the same bytes in one piece.
        let (first, second) = table.split_at(4096);
        assert_eq!(Checksum::default().add(first).add(second).finish(), sum);
    }

    #[test]
    fn a_damaged_cache_file_is_found_out_and_rebuilt() {
        let goal = Board::goal(4);
        let folder = scratch_folder("damaged");
        let path = folder.join(PatternDatabases::file_name(&goal));
        fake(1).save(&path).expect("writable temporary folder");
        let loaded = PatternDatabases::load(&goal, &path).expect("a good file loads");
        assert_eq!(loaded.tables, fake(1).tables);

        // One data byte flipped, deep in the second table.
        let mut bytes = fs::read(&path).expect("just written");
        let at = bytes.len() - 5000;
        bytes[at] ^= 0x10;
        fs::write(&path, &bytes).expect("writable");
        assert_eq!(
            PatternDatabases::load(&goal, &path).map(|_| ()),
            Err(PdbError::Damaged(path.clone()))
        );

        let (rebuilt, origin) =
            PatternDatabases::load_or_build_with(&goal, Some(&folder), || Ok(fake(2)))
                .expect("rebuilt");
        assert_eq!(rebuilt.tables, fake(2).tables);
        match origin {
            Origin::Built { saved, damaged, .. } => {
                assert_eq!(saved.as_ref(), Some(&path));
                assert_eq!(damaged.as_ref(), Some(&path));
            }
            Origin::Loaded(_) => panic!("a damaged file must not load"),
        }
        // The file written in its place is whole again.
        let (_, origin) = PatternDatabases::load_or_build_with(&goal, Some(&folder), || {
            Err(PdbError::BuildFailed)
        })
        .expect("loaded");
        assert_eq!(origin, Origin::Loaded(path.clone()));

        // A file of the first version (no checksum) is outdated, not damaged.
        fs::write(&path, b"eight-puzzle additive pdb 6-6-3 v1\n").expect("writable");
        assert_eq!(
            PatternDatabases::load(&goal, &path).map(|_| ()),
            Err(PdbError::Outdated(path.clone()))
        );
        let _ = fs::remove_dir_all(&folder);
    }

    #[test]
    fn states_counted() {
        assert_eq!(states_of(3), 16 * 15 * 14 * 13);
    }

    #[test]
    fn small_group_table_is_at_least_manhattan() {
        // The 3-tile group alone: its entry is at least the tiles' Manhattan
        // sum, and 0 at the goal.
        let goal = Board::goal(4);
        let table = build_group(&goal, &[10, 11, 15], |_| {});
        let index = |cells: [u32; 3]| (cells[0] | cells[1] << 4 | cells[2] << 8) as usize;
        assert_eq!(table[index([10, 11, 15])], 0);
        // 10 and 11 swapped: a linear conflict, 4 moves at least (2 + 2).
        assert!(table[index([11, 10, 15])] >= 4);
        // Tile 15 one cell left: exactly 1.
        assert_eq!(table[index([10, 11, 14])], 1);
    }
}
