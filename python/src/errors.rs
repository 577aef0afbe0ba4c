//! The exceptions: `ParseError` (a `ValueError` with `line` and `column`)
//! for text that is not a puzzle, `ValueError` for an unknown algorithm or
//! a bad setting, `CheckError` (a `ValueError` with `line`) for a solution
//! that breaks a rule, and `InternalError` for a panic caught at the
//! boundary.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    puzzle_solvers,
    ParseError,
    PyValueError,
    "Text that is not a puzzle: `line` and `column` (1-based, None when the message names none) say where."
);
create_exception!(
    puzzle_solvers,
    CheckError,
    PyValueError,
    "A solution that breaks a rule of its puzzle (or could not be read as one): the message says which rule and where, `line` (1-based) is the line of the solution text."
);
create_exception!(
    puzzle_solvers,
    InternalError,
    PyRuntimeError,
    "A bug in a solver (a Rust panic caught at the boundary): please report it with the input."
);

/// Why a call failed, before it becomes a Python exception.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The text is not a puzzle; the message names the line and column.
    Parse(String),
    /// A setting the solver does not take (an unknown algorithm).
    Usage(String),
    /// A solution that the crate's checker refused, and the line of the
    /// solution text it is on.
    Check(usize, String),
    /// A panic caught at the boundary.
    Panic(String),
}

impl Failure {
    /// The message, as a batch record's `error` shows it.
    pub fn message(&self) -> &str {
        match self {
            Failure::Parse(message)
            | Failure::Usage(message)
            | Failure::Check(_, message)
            | Failure::Panic(message) => message,
        }
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Parse(message) => parse_error(&message),
            Failure::Usage(message) => PyValueError::new_err(message),
            Failure::Check(line, message) => check_error(line, &message),
            Failure::Panic(message) => InternalError::new_err(format!("internal error: {message}")),
        }
    }
}

/// A `ParseError` whose `line` and `column` are read from the message, as
/// every crate's parse error starts "line L, column C: ..." (or names only
/// the line).
pub fn parse_error(message: &str) -> PyErr {
    let error = ParseError::new_err(message.to_owned());
    let (line, column) = position(message);
    Python::attach(|py| {
        let value = error.value(py);
        // Setting attributes on a fresh exception instance cannot fail
        // short of memory exhaustion; the message carries the place anyway.
        let _ = value.setattr("line", line);
        let _ = value.setattr("column", column);
    });
    error
}

/// A `CheckError` saying "line L: message", with `line` set.
fn check_error(line: usize, message: &str) -> PyErr {
    let error = CheckError::new_err(format!("line {line}: {message}"));
    Python::attach(|py| {
        // As in parse_error: the message carries the line anyway.
        let _ = error.value(py).setattr("line", line);
    });
    error
}

/// The first "line N" and "column N" of a message.
fn position(message: &str) -> (Option<usize>, Option<usize>) {
    let number_after = |word: &str| {
        message.match_indices(word).find_map(|(start, _)| {
            let rest = &message[start + word.len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
    };
    (number_after("line "), number_after("column "))
}

/// Runs `work`, turning a panic into [`Failure::Panic`] so that it never
/// unwinds into Python.
pub fn guard<T>(work: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|text| (*text).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            Err(Failure::Panic(message))
        }
    }
}

/// Adds the exceptions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("ParseError", py.get_type::<ParseError>())?;
    module.add("CheckError", py.get_type::<CheckError>())?;
    module.add("InternalError", py.get_type::<InternalError>())?;
    Ok(())
}
