//! Akari (Light Up): put bulbs in white cells so that every white cell is
//! lit (a bulb lights its row and column up to a black cell or the edge),
//! no bulb lights another, and a numbered black cell has exactly that many
//! bulbs on its four sides.
//!
//! - **Reading** (`str::parse::<`[`Akari`]`>`): the plain drawing, rows of
//!   `.` (white), `#` (black) and `0`-`4` (numbered), one per line or `/`
//!   between them; errors ([`ParseError`]) name the line and column and
//!   what was expected. [`Akari::to_line`] is the canonical line; a
//!   solution ([`Bulbs`]) is the drawing with `*` for each bulb.
//! - **Formats** ([`formats`]): puzz.link URLs (`https://puzz.link/p?lightup/...`,
//!   `akari` read too), pzprv3 files with their answer, Simon Tatham's game
//!   IDs (`7x7:b1g0i1a2cBa3i2g2b`) and the drawing, told apart by
//!   [`formats::read`] and written by [`formats::write`] in a [`Format`].
//! - **Solving** ([`solve`] with [`Options`]): the fast engine
//!   ([`Algo::Fast`], the default), or the textbook model on csp-core
//!   ([`model`]: a 0/1 variable per white cell, "at least one bulb sees
//!   me", "at most one bulb per segment", "exactly k around a number")
//!   under MAC ([`Algo::Mac`]) or forward checking ([`Algo::Fc`]);
//!   `.count_up_to(k)` counts solutions ([`is_unique`] is a count to 2),
//!   `.node_limit(n)`, `.time_limit(d)` and `.memory_limit(bytes)` stop a
//!   search with [`Status::Limit`].
//! - **Checking** ([`check`]): the independent rule checker, and a search of
//!   its own that confirms "no solution".
//! - **Drawing** ([`svg`]): the grid, its bulbs and the lit cells as SVG.
//!
//! ```
//! use akari::{Akari, Algo, Options, Status, check, solve};
//!
//! let puzzle: Akari = "...../..#../0...3/..1../.....".parse()?;
//! let outcome = solve(&puzzle, &Options::new(Algo::Mac).count_up_to(2));
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!((outcome.count, outcome.count_complete), (1, true)); // unique
//! let bulbs = outcome.solution.ok_or("no solution")?;
//! check::check(&puzzle, &bulbs)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library alone, without the command line's dependencies, is
//! `akari = { path = "crates/akari", default-features = false }`; the
//! `app` feature adds cli-kit's traits ([`app`], [`watch`]) for the
//! explorer and Python, and the default `cli` feature the binary.
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
pub mod check;
mod fast;
pub mod formats;
mod options;
mod puzzle;
mod solve;
pub mod svg;
mod textbook;
#[cfg(feature = "app")]
pub mod watch;

pub use formats::{Format, read_with_bulbs};
pub use options::{Algo, Counters, Options, Outcome, Stats};
pub use puzzle::{Akari, Bulbs, Cell, ErrorKind, MAX_SIDE, ParseError, read_solved};
pub use puzzle_kit::{Limit, Status};
pub use solve::{is_unique, solve};
pub use textbook::{model, whites};
