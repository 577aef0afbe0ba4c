//! Solving as a person does, rated as Sudoku Explainer (SE) 1.2.1 rates:
//! a candidate grid ([`Candidates`]), one function per technique that finds
//! the [`Step`]s it can make ([`techniques`], [`chains`]), and the solving
//! path that takes, at each point, the step SE would take ([`solve_path`],
//! [`next_step`]), so that its ER/EP/ED agree with SE's.
//!
//! Cells are `0..81` in reading order, digits `1..=9`, units rows `0..9`,
//! columns `9..18`, boxes `18..27` ([`candidates`]).
//!
//! ```
//! use sudoku::explain::{Candidates, explain};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let grid = Candidates::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let path = explain(&grid)?;
//! assert!(path.solved);
//! assert_eq!((path.er.to_string(), path.ep.to_string(), path.ed.to_string()),
//!            ("1.2".into(), "1.2".into(), "1.2".into()));
//! println!("{}", path.steps[0].text);
//! # Ok(())
//! # }
//! ```

// Cells, digits and units are numbers that index the tables, so loops over
// them read better as ranges.
#![allow(clippy::needless_range_loop)]

pub mod candidates;
pub mod chains;
mod generate;
mod path;
mod step;
pub mod techniques;

pub use candidates::{Candidates, CandidatesError};
pub use generate::{Generated, Symmetry, generate};
pub use path::{Invalid, Path, explain, next_step, solve_path, unique_solution};
pub use step::{Candidate, Link, Rating, Step, Technique};
