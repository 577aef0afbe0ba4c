//! The Rust half of the `puzzle_solvers` Python package
//! (`puzzle_solvers._native`): every puzzle of the registry (`registry`)
//! as a module made by [`puzzles::register`], generic over cli-kit's
//! [`cli_kit::Front`] and app traits, its search's events included
//! ([`watch`]); the extras one puzzle has (sudoku's batch records, N-Queens'
//! counter and its split); and csp-core as a model a Python user builds
//! ([`csp`]).
//!
//! Nothing here panics across the boundary: every call into a solver runs
//! under `catch_unwind` ([`errors::guard`]) and a panic becomes
//! `puzzle_solvers.InternalError`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

mod csp;
mod errors;
mod extras;
mod puzzles;
mod watch;

/// The extension module: `PUZZLES`, one module per registered puzzle in
/// the registry's order, the CSP classes, the exceptions.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(module)?;
    puzzles::register_classes(module)?;
    let mut modules = Modules {
        py: module.py(),
        made: Ok(Vec::new()),
    };
    registry::visit(&mut modules);
    // A tuple of modules, not submodules: `puzzle_solvers` puts each in
    // `sys.modules` under its name, so that no name is listed by hand.
    module.add("PUZZLES", PyTuple::new(module.py(), modules.made?)?)?;
    watch::register_limit(module)?;
    csp::register(module)?;
    module.add_function(wrap_pyfunction!(_panic_for_test, module)?)?;
    Ok(())
}

/// Makes the module of every puzzle the registry visits, with its extras.
struct Modules<'py> {
    py: Python<'py>,
    /// The modules so far, or the first error.
    made: PyResult<Vec<Bound<'py, PyModule>>>,
}

impl registry::Visitor for Modules<'_> {
    fn visit<P: registry::Front>(&mut self) {
        let Ok(made) = &mut self.made else {
            return;
        };
        let name = registry::module_name(P::NAME);
        let module = puzzles::register::<P>(self.py, &name)
            .and_then(|module| extras::register(&module, P::NAME).map(|()| module));
        match module {
            Ok(module) => made.push(module),
            Err(error) => self.made = Err(error),
        }
    }
}

/// Panics inside the guard, so that the tests can prove a panic reaches
/// Python as `InternalError` and the interpreter goes on.
#[pyfunction]
fn _panic_for_test() -> PyResult<()> {
    errors::guard(|| -> Result<(), errors::Failure> { panic!("a panic on purpose") })
        .map_err(PyErr::from)
}
