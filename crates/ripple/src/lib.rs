//! Ripple Effect (Nikoli): a grid cut into rooms; a room of n cells holds
//! the digits 1..=n once each, and two equal digits d in one row or column
//! have at least d cells between them (|i - j| > d). Some digits are given.
//!
//! - **Reading** ([`parse`], `str::parse::<Puzzle>`): puzz.link / pzv.jp
//!   URLs, pzprjs files (`pzprv3`), the normalised form of the fixtures
//!   (`size`, `regions`, `clues`, `solution`) and the ASCII wall drawing (a
//!   `ROWS COLS` line, then `|` and `-` walls), told apart by content.
//!   Errors are typed ([`ParseError`]) and name the line and column or the
//!   position in the URL. Writers: [`to_url`] (canonical, round trip
//!   exact), [`to_pzprv3`], [`to_normalised`], [`to_ascii`]; `Display`
//!   draws the grid with its room walls.
//! - **Solving** ([`solve`] with [`Options`]): `Options::new(algo)` picks
//!   the [`Algo`], `.count_up_to(k)` counts solutions (2 proves
//!   uniqueness; [`is_unique`] is that count on its own), `.node_limit(n)`,
//!   `.time_limit(d)` and `.memory_limit(bytes)` stop a search with
//!   [`Status::Limit`] naming the [`Limit`]. The algorithms: `fast`, a
//!   dedicated engine (bitset candidates; naked and hidden singles,
//!   distance eliminations, pointing and naked pairs to a fixpoint before
//!   each guess, and at the root a capacity argument per digit and band of
//!   lines) that proves every collected puzzle of the fixtures unique in
//!   microseconds; `csp`, the csp-core model under MAC ([`csp_model`]);
//!   `mrv` and `brute`, MRV with forward checking and brute force on
//!   search-core with their counter of recursive calls ([`Counters::recursive_calls`]). The
//!   [`Outcome`] is `puzzle_kit`'s: `status`, `solution`, `count`,
//!   `count_complete`, `stats`; [`Puzzle`] implements
//!   [`puzzle_kit::Puzzle`].
//! - **Checking** ([`check`]): the independent rule checker.
//! - **Generating** ([`generate`], [`generate_within`] with a time limit
//!   and progress): unique puzzles
//!   with minimal givens, graded by what their solve needs ([`grade`]), the
//!   same for the same seed (the one random part of the crate: no solver is
//!   randomised, so [`Options`] has no seed).
//!
//! ```
//! use ripple::{Algo, Options, Status};
//!
//! let puzzle: ripple::Puzzle = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1".parse()?;
//! let outcome = ripple::solve(&puzzle, &Options::new(Algo::Fast).count_up_to(2));
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!((outcome.count, outcome.count_complete), (1, true)); // unique
//! let solution = outcome.solution.ok_or("no solution")?;
//! ripple::check::check(&puzzle, solution.values())?;
//! println!("{}", puzzle.draw(solution.values()).trim_end());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library alone, without the command line's dependencies (clap,
//! serde, cli-kit), is `ripple = { path = "crates/ripple",
//! default-features = false }` (the workspace is not published: the path is
//! the crate's folder in it); the `app` feature adds cli-kit's traits
//! ([`app`], [`watch`]), and the default `cli` feature, `app` and clap,
//! adds the `cli` module the `ripple` binary uses.
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod csp;
mod error;
mod fast;
mod format;
mod generate;
mod options;
mod puzzle;
mod random;
mod solve;
pub mod svg;
mod textbook;
#[cfg(feature = "app")]
pub mod watch;

pub use csp::model as csp_model;
pub use error::{ErrorKind, Location, ParseError};
pub use format::{
    Format, Parsed, detect, is_url, parse, parse_url, parse_url_with_warnings, to_ascii,
    to_normalised, to_pzprv3, to_url, write,
};
pub use generate::{
    ATTEMPTS, Difficulty, GenerateError, Generated, Grade, Progress, generate, generate_within,
    grade,
};
pub use options::{Algo, Counters, Options, Outcome, Stats};
pub use puzzle::{Grid, MAX_ROOM, MAX_SIDE, Puzzle, ShapeError};
pub use puzzle_kit::{Limit, Status};
pub use solve::{count_solutions, is_unique, solve};
