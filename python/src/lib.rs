//! The Rust half of the `puzzle_solvers` Python package
//! (`puzzle_solvers._native`): every puzzle crate registered in one line
//! through [`puzzles::register`], generic over [`puzzle_kit::Puzzle`] and
//! cli-kit's app traits, its search's events included ([`watch`]); the
//! extras one puzzle has (sudoku's batch records, N-Queens' counter and its
//! split); and csp-core as a model a Python user builds ([`csp`]).
//!
//! Nothing here panics across the boundary: every call into a solver runs
//! under `catch_unwind` ([`errors::guard`]) and a panic becomes
//! `puzzle_solvers.InternalError`.

use pyo3::prelude::*;

mod csp;
mod errors;
mod extras;
mod puzzles;
mod watch;

/// The extension module: one submodule per puzzle, the CSP classes, the
/// exceptions.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(module)?;
    puzzles::register_classes(module)?;
    let sudoku = puzzles::register::<sudoku::Sudoku>(module, "sudoku")?;
    let nqueens = puzzles::register::<nqueens::Queens>(module, "nqueens")?;
    puzzles::register::<eight_puzzle::Board>(module, "eight_puzzle")?;
    puzzles::register::<crossword::Grid>(module, "crossword")?;
    puzzles::register::<ripple::Puzzle>(module, "ripple")?;
    puzzles::register::<gogen::Puzzle>(module, "gogen")?;
    watch::register_limit(module)?;
    extras::register_sudoku(&sudoku)?;
    extras::register_nqueens(&nqueens)?;
    csp::register(module)?;
    module.add_function(wrap_pyfunction!(_panic_for_test, module)?)?;
    Ok(())
}

/// Panics inside the guard, so that the tests can prove a panic reaches
/// Python as `InternalError` and the interpreter goes on.
#[pyfunction]
fn _panic_for_test() -> PyResult<()> {
    errors::guard(|| -> Result<(), errors::Failure> { panic!("a panic on purpose") })
        .map_err(PyErr::from)
}
