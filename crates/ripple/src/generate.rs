//! Generation: a random room partition, a random
//! filling of it found by the fast engine, then givens taken away one by
//! one in random order while the puzzle stays uniquely solvable (and, for
//! `easy` and `medium`, solvable by that level of deduction alone), so the
//! givens left are minimal. Difficulty is what the solve needs: `easy`
//! falls to singles, hidden singles and distance eliminations, `medium`
//! needs the pointing and pair arguments, `hard` needs guesses. Everything
//! follows from the seed.

use std::fmt;
use std::time::{Duration, Instant};

use puzzle_kit::{Budget, Limit};

use crate::fast::{Engine, Level};
use crate::puzzle::{Grid, MAX_SIDE, Puzzle, digits_of, keeps_distance, neighbours};
use crate::random::SplitMix;

/// How hard a puzzle is, by what its solve needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Difficulty {
    /// Singles, hidden singles and distance eliminations solve it.
    Easy,
    /// It also needs the pointing and naked-pair arguments, but no guess.
    Medium,
    /// Deduction stalls: it needs guesses.
    Hard,
}

impl Difficulty {
    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The largest room the partition may draw: bigger rooms, harder puzzles.
    fn max_room(self) -> usize {
        match self {
            Difficulty::Easy => 5,
            Difficulty::Medium => 6,
            Difficulty::Hard => 7,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's grade: its difficulty and the search nodes the fast engine
/// needs to solve it and prove it unique (1: no guess).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grade {
    /// What the solve needs.
    pub difficulty: Difficulty,
    /// Nodes of the fast engine's count to 2 (the root and each guess).
    pub nodes: u64,
}

/// Grades a puzzle; `None` unless it has exactly one solution.
///
/// ```
/// let puzzle: ripple::Puzzle = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k".parse()?;
/// let grade = ripple::grade(&puzzle).ok_or("not unique")?;
/// assert_eq!(grade.nodes, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(puzzle: &Puzzle) -> Option<Grade> {
    grade_within(puzzle, &Budget::default()).unwrap_or(None)
}

/// [`grade`] within `budget`: `Err` with the limit that stopped its count.
fn grade_within(puzzle: &Puzzle, budget: &Budget) -> Result<Option<Grade>, Limit> {
    let mut engine = Engine::new(puzzle);
    let state = engine.start(puzzle.givens());
    let counted = engine.count(state, 2, budget, Level::Full);
    if let Some(limit) = counted.limit {
        return Err(limit);
    }
    if counted.count != 1 || !counted.complete {
        return Ok(None);
    }
    let difficulty = if engine.solves_without_guessing(puzzle.givens(), Level::Basic) {
        Difficulty::Easy
    } else if engine.solves_without_guessing(puzzle.givens(), Level::Full) {
        Difficulty::Medium
    } else {
        Difficulty::Hard
    };
    Ok(Some(Grade {
        difficulty,
        nodes: counted.nodes,
    }))
}

/// A generated puzzle with its solution and grade.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// Its grade.
    pub grade: Grade,
    /// Partitions drawn before one gave a puzzle of the asked difficulty.
    pub attempts: u32,
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A size outside 1..=[`MAX_SIDE`].
    #[error("a grid of {rows}x{cols}; rows and columns must be 1 to {MAX_SIDE}")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// No partition drawn gave a puzzle of that difficulty.
    #[error(
        "no {difficulty} {rows}x{cols} puzzle found in {attempts} attempts (a small grid may have none: try another size or difficulty)"
    )]
    NotFound {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The difficulty asked for.
        difficulty: Difficulty,
        /// Attempts made.
        attempts: u32,
    },
    /// The time limit ran out first ([`generate_within`]).
    #[error(
        "no {difficulty} {rows}x{cols} puzzle found within the time limit of {} ({attempts} of {ATTEMPTS} attempts begun): allow more with --time-limit, or try a smaller size or another difficulty",
        seconds(*.time_limit)
    )]
    Limit {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The difficulty asked for.
        difficulty: Difficulty,
        /// Attempts begun.
        attempts: u32,
        /// The limit that stopped it: [`Limit::Time`].
        limit: Limit,
        /// The time allowed.
        time_limit: Duration,
    },
}

/// `90 s`, `0.5 s`.
fn seconds(time: Duration) -> String {
    format!("{} s", time.as_secs_f64())
}

/// How far a generation is, for a progress display: reported as each
/// attempt begins and every few hundred constructions within one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The attempt under way (from 1).
    pub attempt: u32,
    /// Attempts allowed before giving up.
    pub attempts: u32,
    /// Time since the generation began.
    pub elapsed: Duration,
}

/// Attempts (filled partitions graded) before giving up.
pub const ATTEMPTS: u32 = 200;

/// Constructions tried for one filled partition.
const CONSTRUCTIONS: u32 = 20_000;

/// Generates a `rows` x `cols` puzzle of `difficulty` from `seed`: the
/// same arguments give the same puzzle.
///
/// ```
/// use ripple::Difficulty;
///
/// let generated = ripple::generate(6, 6, 7, Difficulty::Medium)?;
/// assert_eq!(generated.grade.difficulty, Difficulty::Medium);
/// assert_eq!(ripple::count_solutions(&generated.puzzle, 2), (1, true));
/// assert_eq!(generated, ripple::generate(6, 6, 7, Difficulty::Medium)?);
/// # Ok::<(), ripple::GenerateError>(())
/// ```
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    difficulty: Difficulty,
) -> Result<Generated, GenerateError> {
    generate_within(rows, cols, seed, difficulty, None, &mut |_| {})
}

/// [`generate`] within `time_limit` ([`GenerateError::Limit`] when it runs
/// out first), telling `progress` how far it is. The same arguments give
/// the same puzzle as [`generate`] when the time suffices.
///
/// ```
/// use ripple::{Difficulty, GenerateError, Limit};
/// use std::time::Duration;
///
/// let mut attempts = 0;
/// let generated = ripple::generate_within(6, 6, 7, Difficulty::Medium, Some(Duration::from_secs(60)), &mut |progress| {
///     attempts = progress.attempt;
/// })?;
/// assert_eq!(generated, ripple::generate(6, 6, 7, Difficulty::Medium)?);
/// assert_eq!(attempts, generated.attempts);
/// let hurried = ripple::generate_within(30, 30, 1, Difficulty::Easy, Some(Duration::ZERO), &mut |_| {});
/// assert!(matches!(hurried, Err(GenerateError::Limit { limit: Limit::Time, .. })));
/// # Ok::<(), GenerateError>(())
/// ```
pub fn generate_within(
    rows: usize,
    cols: usize,
    seed: u64,
    difficulty: Difficulty,
    time_limit: Option<Duration>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Generated, GenerateError> {
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(GenerateError::Size { rows, cols });
    }
    let started = Instant::now();
    let deadline = puzzle_kit::deadline(started, time_limit);
    let out_of_time = || deadline.is_some_and(|deadline| Instant::now() >= deadline);
    let mut rng = SplitMix::new(seed);
    for attempt in 1..=ATTEMPTS {
        let stopped = |attempts| GenerateError::Limit {
            rows,
            cols,
            difficulty,
            attempts,
            limit: Limit::Time,
            time_limit: time_limit.unwrap_or_default(),
        };
        let report = |progress: &mut dyn FnMut(Progress)| {
            progress(Progress {
                attempt,
                attempts: ATTEMPTS,
                elapsed: started.elapsed(),
            });
        };
        report(progress);
        // Most constructions run into a cell where no digit fits; they are
        // cheap (each cell is visited once), so draw again.
        let mut built = None;
        for construction in 0..CONSTRUCTIONS {
            if construction % 256 == 255 {
                if out_of_time() {
                    return Err(stopped(attempt));
                }
                report(progress);
            }
            built = construct(rows, cols, difficulty.max_room(), &mut rng);
            if built.is_some() {
                break;
            }
        }
        let Some((labels, solution)) = built else {
            continue;
        };
        let Ok(shape) = Puzzle::new(rows, cols, &labels, &vec![0; rows * cols]) else {
            continue;
        };
        let budget = Budget {
            deadline,
            ..Budget::default()
        };
        let mut engine = Engine::new(&shape);
        let Some(givens) = minimise(&mut engine, &solution, difficulty, &mut rng, &budget) else {
            return Err(stopped(attempt));
        };
        let Ok(puzzle) = shape.with_givens(&givens) else {
            continue;
        };
        let Ok(graded) = grade_within(&puzzle, &budget) else {
            return Err(stopped(attempt));
        };
        let Some(grade) = graded else {
            continue;
        };
        if grade.difficulty == difficulty {
            return Ok(Generated {
                puzzle,
                solution: Grid::new(cols, solution),
                grade,
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::NotFound {
        rows,
        cols,
        difficulty,
        attempts: ATTEMPTS,
    })
}

/// Gives the `cells` of a new room the digits 1..=cells.len(), each
/// keeping the distance rule, in a random order; false if none fits (the
/// search tries at most a few hundred placements).
fn place_room(
    values: &mut [u8],
    shape: (usize, usize),
    cells: &[usize],
    rng: &mut SplitMix,
) -> bool {
    fn go(
        values: &mut [u8],
        shape: (usize, usize),
        (cells, left): (&[usize], u64),
        budget: &mut u32,
        rng: &mut SplitMix,
    ) -> bool {
        let Some((&cell, rest)) = cells.split_first() else {
            return true;
        };
        let mut digits: Vec<u8> = digits_of(left).collect();
        rng.shuffle(&mut digits);
        for digit in digits {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if keeps_distance(values, shape, cell, digit) {
                values[cell] = digit;
                if go(
                    values,
                    shape,
                    (rest, left & !(1 << (digit - 1))),
                    budget,
                    rng,
                ) {
                    return true;
                }
                values[cell] = 0;
            }
        }
        false
    }
    let mut budget = 400;
    let all = (1u64 << cells.len()) - 1;
    go(values, shape, (cells, all), &mut budget, rng)
}

/// A random partition and a filling of it, built together: from each free
/// cell in reading order a room grows by random free neighbours to a
/// random size and takes the digits 1..=n in an order that keeps the
/// distance rule with the digits already placed (shrinking it, last
/// grown cell first, until one fits). A cell that cannot even hold a 1
/// joins a neighbouring room as its next digit. `None` when that fails
/// too. (Partitions drawn first and filled after almost never have a
/// filling: their small rooms crowd the small digits.)
fn construct(
    rows: usize,
    cols: usize,
    max_room: usize,
    rng: &mut SplitMix,
) -> Option<(Vec<u32>, Vec<u8>)> {
    // Sizes 1..=max_room, a room of one cell a little likelier, as in
    // published puzzles (a 10x10 has some thirty rooms, a third of them
    // single cells): weight 3 for one cell, 2 for every other size.
    let total = 3 + 2 * (max_room as u64 - 1);
    let cells = rows * cols;
    let mut label = vec![u32::MAX; cells];
    let mut values = vec![0u8; cells];
    let mut sizes: Vec<usize> = Vec::new();
    for start in 0..cells {
        if label[start] != u32::MAX {
            continue;
        }
        let id = sizes.len() as u32;
        let mut room = Vec::new();
        let mut placed = false;
        // A room of the drawn size first; when not even its first cell
        // takes a digit, larger rooms, whose 1 can go elsewhere.
        for round in 0..8 {
            let target = if round == 0 {
                let pick = rng.below(total) as usize;
                if pick < 3 { 1 } else { 2 + (pick - 3) / 2 }
            } else {
                2 + rng.below(max_room.max(2) as u64 - 1) as usize
            };
            room.clear();
            room.push(start);
            label[start] = id;
            let mut frontier: Vec<usize> = Vec::new();
            let grow_from = |cell: usize, frontier: &mut Vec<usize>, label: &[u32]| {
                for next in neighbours(rows, cols, cell) {
                    if label[next] == u32::MAX && !frontier.contains(&next) {
                        frontier.push(next);
                    }
                }
            };
            grow_from(start, &mut frontier, &label);
            while room.len() < target && !frontier.is_empty() {
                let index = rng.below(frontier.len() as u64) as usize;
                let cell = frontier.swap_remove(index);
                if label[cell] != u32::MAX {
                    continue;
                }
                label[cell] = id;
                room.push(cell);
                grow_from(cell, &mut frontier, &label);
            }
            // The longest prefix of the growth (each prefix is connected) that takes its digits.
            while !room.is_empty() {
                if place_room(&mut values, (rows, cols), &room, rng) {
                    placed = true;
                    break;
                }
                if let Some(cell) = room.pop() {
                    label[cell] = u32::MAX;
                }
            }
            if placed {
                break;
            }
        }
        if placed {
            sizes.push(room.len());
            continue;
        }
        // Not even a 1 fits here: join a neighbouring room as its next digit.
        let mut joined = false;
        let mut options: Vec<usize> = neighbours(rows, cols, start).collect();
        rng.shuffle(&mut options);
        for next in options {
            let other = label[next];
            if other == u32::MAX {
                continue;
            }
            let digit = sizes[other as usize] + 1;
            if digit <= max_room + 1 && keeps_distance(&values, (rows, cols), start, digit as u8) {
                label[start] = other;
                values[start] = digit as u8;
                sizes[other as usize] += 1;
                joined = true;
                break;
            }
        }
        if !joined {
            return None;
        }
    }
    Some((label, values))
}

/// Givens taken from the full `solution` one at a time in random order,
/// each only while the puzzle stays solvable at `difficulty` (for `hard`:
/// stays unique). The rules are monotone, so one pass leaves no given that
/// could still go. `None` when `budget`'s deadline passes first.
fn minimise(
    engine: &mut Engine,
    solution: &[u8],
    difficulty: Difficulty,
    rng: &mut SplitMix,
    budget: &Budget,
) -> Option<Vec<u8>> {
    let mut givens = solution.to_vec();
    let mut order: Vec<usize> = (0..givens.len()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        // The budget has a deadline only.
        if budget.refuses(0, 0).is_some() {
            return None;
        }
        let kept = givens[cell];
        givens[cell] = 0;
        let still = match difficulty {
            Difficulty::Easy => engine.solves_without_guessing(&givens, Level::Basic),
            Difficulty::Medium => engine.solves_without_guessing(&givens, Level::Full),
            Difficulty::Hard => {
                let state = engine.start(&givens);
                let counted = engine.count(state, 2, budget, Level::Full);
                if counted.limit.is_some() {
                    return None;
                }
                counted.count == 1 && counted.complete
            }
        };
        if !still {
            givens[cell] = kept;
        }
    }
    Some(givens)
}
