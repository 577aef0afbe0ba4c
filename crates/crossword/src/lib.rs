//! Crossword grid filling: a template (blocks, open cells, letters already
//! placed) and a word list; every entry (a maximal run of two or more white
//! cells, across and down) gets a word of the list, crossings agree, and no
//! word is used twice unless allowed.
//!
//! - **Reading**: [`Grid`] from the text format (`.` open, `#` block, a
//!   letter pre-filled; [`Grid::parse_text`]), Across Lite `.puz`
//!   ([`Grid::parse_puz`]) and ipuz ([`Grid::parse_ipuz`]), told apart by
//!   [`Grid::parse_bytes`]; errors name the line and column or the byte.
//!   [`WordList`] reads plain and scored (`word;score`) lists, normalised,
//!   and [`WordList::default_list`] is the list built into the crate (from
//!   SCOWL, scored by how common a word is).
//! - **Model**: [`Slots`] numbers the entries as American crosswords do;
//!   [`Problem`] holds the candidate words by length, best first.
//! - **Solving** ([`solve`] with an [`Algo`]): `fast`, bitset domains with
//!   a position-letter index, arc consistency during search, dom/wdeg and
//!   seeded restarts; `mac`, csp-core's MAC on seed 002's model
//!   ([`csp_model`]); `ac3`, seed 002's arc consistency alone with its
//!   trace ([`Ac3Result`]). [`Options::count_limit`] counts fills exactly.
//! - **Checking** ([`check`]): the independent checker of a fill.
//!
//! ```
//! use crossword::{Algo, Grid, Options, Problem, WordList};
//!
//! let grid: Grid = ".....\n##.#.\n#....\n.#...\n.....\n.##.#\n".parse()?;
//! let words = WordList::from_words(&[
//!     "aft", "ale", "eel", "heel", "hike", "hoses", "keel", "knot", "laser",
//!     "lee", "line", "sails", "sheet", "steer", "tie",
//! ]);
//! let problem = Problem::new(grid, &words);
//! let (outcome, _) = crossword::solve(&problem, Algo::Fast, &Options::count(10));
//! assert_eq!((outcome.count, outcome.complete), (1, true));
//! let fill = outcome.fill.ok_or("no fill")?;
//! let filled = problem.fill_grid(&fill);
//! assert_eq!(filled.to_rows()[0], "hoses");
//! crossword::check::check(problem.grid(), &filled, &words, false)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Library users without the command line: `crossword = { version = "0.1",
//! default-features = false }` (the default `cli` feature adds clap, serde
//! and cli-kit for the `crossword` binary).
#![deny(missing_docs)]

pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod csp;
mod error;
mod fast;
mod grid;
mod problem;
mod slots;
mod solve;
mod words;

pub use csp::{Ac3Result, CspModel, Revision, ac3, mac, model as csp_model};
pub use error::{Location, ParseError};
pub use grid::{Cell, Grid, GridFormat, MAX_SIDE};
pub use problem::{Entry, Outcome, Problem, Stats};
pub use puzzle_kit::{Limit, Status};
pub use slots::{Crossing, Direction, Slot, Slots};
pub use solve::{Algo, Options, solve};
pub use words::{DEFAULT_SCORE, Dropped, Word, WordList, letters_to_string};
