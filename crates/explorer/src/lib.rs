//! The explorer: a local web app that steps through the searches of the
//! puzzle crates on real puzzles and shows the command line's counters.
//!
//! [`app`] is the whole server as an axum [`Router`]: the pages (HTML, CSS
//! and JavaScript modules compiled into the binary, nothing fetched from
//! the network), one page per view at the path named after its crate
//! (`/eight-puzzle`, ...; `/` lists them), and the JSON API the pages call
//! (`/api/eight-puzzle?board=...`), which runs a solve on the blocking pool
//! under the [`Limits`] and answers its event stream with the final record.
//! Every puzzle of the registry also has the generic page `/puzzle/NAME`
//! over the generic route `/api/puzzle/NAME`, through its crate's
//! `cli_kit::Front` alone (a puzzle without a view of its own gets it at
//! `/NAME` too). A crate's own view is its page built on the shared one
//! and, where it needs more than the generic answer, its part of the
//! generic route (`puzzle_api::Extension`, asked with `view=own`): its
//! algorithms, bounds and turn, and its own fields.
//! The `explorer` binary serves it on 127.0.0.1.
//!
//! ```
//! use explorer::{Limits, app};
//!
//! let router = app(Limits::default());
//! # let _ = router;
//! ```
#![deny(missing_docs)]

mod api;
mod assets;
mod capture;
mod crossword_api;
mod explain_api;
mod limits;
mod puzzle_api;
mod queens;
mod ripple_api;
mod sudoku_api;
mod tiles;

pub use api::app;
pub use limits::Limits;
