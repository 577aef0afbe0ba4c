//! What the `gogen` binary needs beyond the shared driver (the `cli`
//! feature): the readers of its input and its `--letters`, and the record
//! `check` reads back. The records and views are [`crate::app`]'s.

pub use crate::app::{GogenRecord, GogenView, Solved, nine_letters, read_puzzle};
pub use cli_kit::app::mark_givens;
