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
//! - **Solving** ([`solve`]`(&grid, &options)`): [`Options`] name the
//!   [`Algo`], the limits and the word list ([`Options::words`]; the
//!   built-in list by default). `fast`, bitset domains with a
//!   position-letter index, arc consistency during search, dom/wdeg and
//!   seeded restarts; `mac`, csp-core's MAC on the slot model
//!   ([`csp_model`]); `ac3`, arc consistency alone, with its
//!   revision table from [`ac3`]. The [`Outcome`] holds the status, the first
//!   [`Fill`], the count (`.count_up_to(k)` counts fills exactly) and the
//!   [`Stats`] (nodes, time and the crate's [`Counters`], whose `reason`
//!   says why a grid is unfillable or what stopped the search). [`Grid`] is the crate's [`puzzle_kit::Puzzle`].
//! - **Checking** ([`check`]): the independent checker of a fill.
//!
//! ```
//! use crossword::{Algo, Grid, Options, Status, WordList};
//!
//! let grid: Grid = ".....\n##.#.\n#....\n.#...\n.....\n.##.#".parse()?;
//! let words = WordList::from_words(&[
//!     "aft", "ale", "eel", "heel", "hike", "hoses", "keel", "knot", "laser",
//!     "lee", "line", "sails", "sheet", "steer", "tie",
//! ]);
//! let options = Options::new(Algo::Fast).words(words.clone()).count_up_to(10);
//! let outcome = crossword::solve(&grid, &options);
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!((outcome.count, outcome.count_complete), (1, true));
//! let fill = outcome.solution.ok_or("no fill")?;
//! assert_eq!(fill.grid.to_rows()[0], "HOSES");
//! crossword::check::check(&grid, &fill.grid, &words, false)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Library users without the command line: `crossword = { path =
//! "crates/crossword", default-features = false }` (the workspace is not
//! published; the default `cli` feature adds clap for the `crossword`
//! binary on top of `app`: cli-kit's traits, the records and the views,
//! for the binary, the explorer and Python alike).
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod csp;
mod error;
mod fast;
mod options;
mod problem;
mod puzzle;
mod slots;
mod solve;
pub mod svg;
mod textbook;
#[cfg(feature = "app")]
pub mod watch;
mod words;

pub use csp::{CspModel, model as csp_model};
pub use error::{Location, ParseError};
pub use options::{
    Ac3Result, Algo, ClickedArc, Counters, Fill, Options, Outcome, Revision, Stats, Words,
};
pub use problem::{Entry, Problem};
pub use puzzle::{Cell, Grid, GridFormat, MAX_SIDE};
pub use puzzle_kit::{Limit, Status};
pub use slots::{Crossing, Direction, Slot, Slots};
pub use solve::{UNIQUE_NODE_LIMIT, ac3, is_unique, solve, solve_problem, unique_budget};
pub use words::{DEFAULT_SCORE, Dropped, Word, WordList, letters_to_string};
