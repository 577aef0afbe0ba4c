//! What one puzzle has beyond the shared shape: sudoku's batch records as
//! the binary writes them, solved or rated (for the Dask module), N-Queens' fast counter and
//! its split into subproblems.

use std::num::NonZeroUsize;

use cli_kit::app::{Show, Solved};
use cli_kit::{App, Record};
use nqueens::cli::{SplitSymmetry, SubproblemLine};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::errors::{Failure, guard};
use crate::puzzles::on_pool;

/// The JSON lines `sudoku solve --json` writes for `text` (one puzzle per
/// line, or grids of rows), `line` counted from `first_line`: the same
/// options as the binary (the default memory budget, the uniqueness count)
/// and the same fields, solved on rayon with the GIL released.
#[pyfunction]
#[pyo3(signature = (text, first_line=1, threads=None, *, algo=None))]
fn json_records(
    py: Python<'_>,
    text: String,
    first_line: usize,
    threads: Option<usize>,
    algo: Option<String>,
) -> PyResult<Vec<String>> {
    let work = || -> Result<Vec<String>, Failure> {
        let algo = match algo {
            None => sudoku::Algo::default(),
            Some(name) => name
                .parse()
                .map_err(|error: puzzle_kit::UnknownName| Failure::Usage(error.to_string()))?,
        };
        let options = sudoku::Options::new(algo).memory_limit(cli_kit::default_memory_budget());
        let puzzles = sudoku::parse_puzzles(&text);
        puzzles
            .par_iter()
            .map(|parsed| {
                guard(|| {
                    let record = match &parsed.result {
                        Ok(puzzle) => {
                            let (outcome, unique) = puzzle.solve_telling(&options, true);
                            let solved = Solved {
                                puzzle: puzzle.clone(),
                                outcome,
                                unique,
                            };
                            sudoku::Sudoku::record(&solved, false)
                        }
                        Err(error) => Record::invalid(
                            shift_line(&error.to_string(), first_line - 1),
                            sudoku::Sudoku::invalid_fields(&parsed.text),
                        ),
                    };
                    let record = record.at_line(Some(parsed.line + first_line - 1));
                    serde_json::to_string(&record)
                        .map_err(|error| Failure::Panic(error.to_string()))
                })
            })
            .collect()
    };
    Ok(py.detach(|| on_pool(threads, work))?)
}

/// The JSON lines `sudoku rate --json` writes for `text` (one puzzle per
/// line, or grids of rows), `line` counted from `first_line`: the same
/// rater and the same records (`er`, `ep`, `ed`, `hardest`, `steps`), on
/// rayon with the GIL released.
#[pyfunction]
#[pyo3(signature = (text, first_line=1, threads=None))]
fn rate_records(
    py: Python<'_>,
    text: String,
    first_line: usize,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let work = || -> Result<Vec<String>, Failure> {
        let puzzles = sudoku::parse_puzzles(&text);
        puzzles
            .par_iter()
            .map(|parsed| {
                guard(|| {
                    let record = match sudoku::cli::rate_parsed(parsed) {
                        Ok(outcome) => outcome.record,
                        Err(message) => {
                            sudoku::cli::rate_invalid(&shift_line(&message, first_line - 1))
                        }
                    };
                    let record = record.at_line(Some(parsed.line + first_line - 1));
                    serde_json::to_string(&record)
                        .map_err(|error| Failure::Panic(error.to_string()))
                })
            })
            .collect()
    };
    Ok(py.detach(|| on_pool(threads, work))?)
}

/// `message` with its leading "line N" moved down by `offset` lines: a
/// parse error of a partition, told where it is in the whole file.
fn shift_line(message: &str, offset: usize) -> String {
    let Some(rest) = message.strip_prefix("line ") else {
        return message.to_owned();
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    match rest[..digits].parse::<usize>() {
        Ok(line) => format!("line {}{}", line + offset, &rest[digits..]),
        Err(_) => message.to_owned(),
    }
}

/// The stub of sudoku's extras, beside the shared functions in its
/// generated `sudoku.pyi`.
const SUDOKU_STUB: &str = r#"
def json_records(
    text: str, first_line: int = 1, threads: Optional[int] = None, *, algo: Optional[str] = None
) -> list[str]:
    """The JSON lines `sudoku solve --json` writes for `text`, `line`
    counted from `first_line`."""

def rate_records(text: str, first_line: int = 1, threads: Optional[int] = None) -> list[str]:
    """The JSON lines `sudoku rate --json` writes for `text` (serate's er,
    ep, ed, the hardest technique, the steps), `line` counted from
    `first_line`."""
"#;

/// Every placement of `n` queens and those distinct under the 8
/// symmetries, `(total, unique)`, by the fast counter on `threads` threads
/// (every core when None), with the GIL released.
#[pyfunction]
#[pyo3(signature = (n, threads=None))]
fn count(py: Python<'_>, n: usize, threads: Option<usize>) -> PyResult<(u64, u64)> {
    let options = nqueens::CountOptions {
        threads: threads.and_then(NonZeroUsize::new),
    };
    let counts = py.detach(|| {
        guard(|| nqueens::count(n, &options).map_err(|error| Failure::Usage(error.to_string())))
    })?;
    Ok((counts.0.total, counts.0.unique))
}

/// The total count of `n` queens split into subproblems, the first
/// `depth` rows placed: dicts `{"n", "columns", "symmetry"}` (and
/// `"weight"` by mirror halving) as `nqueens count N --split DEPTH
/// --symmetry SYMMETRY` prints them. Their shares (`count_subproblem`) sum
/// to the counts.
#[pyfunction]
#[pyo3(signature = (n, depth, symmetry="classes"))]
fn split<'py>(
    py: Python<'py>,
    n: usize,
    depth: usize,
    symmetry: &str,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let parts = match SplitSymmetry::from_name(symmetry) {
        Some(SplitSymmetry::Classes) => nqueens::split(n, depth),
        Some(SplitSymmetry::Mirror) => nqueens::split_mirror(n, depth),
        None => {
            return Err(Failure::Usage(format!(
                "symmetry {symmetry:?}: expected \"classes\" or \"mirror\""
            ))
            .into());
        }
    }
    .map_err(|error| Failure::Usage(error.to_string()))?;
    parts
        .iter()
        .map(|part| {
            let line = SubproblemLine::of(part);
            let dict = PyDict::new(py);
            dict.set_item("n", line.n)?;
            dict.set_item("columns", line.columns)?;
            dict.set_item("symmetry", line.symmetry.map(SplitSymmetry::name))?;
            if let Some(weight) = line.weight {
                dict.set_item("weight", weight)?;
            }
            Ok(dict)
        })
        .collect()
}

/// One subproblem's share of the counts, `(total, unique)`, counted on this
/// thread with the GIL released: by symmetry classes both (`unique` the
/// share of the placements distinct under symmetry), by mirror halving
/// the completions times the weight and `unique` None. Without
/// `symmetry`, a `weight` says mirror and none says classes.
#[pyfunction]
#[pyo3(signature = (n, columns, symmetry=None, weight=None))]
fn count_subproblem(
    py: Python<'_>,
    n: usize,
    columns: Vec<usize>,
    symmetry: Option<&str>,
    weight: Option<u64>,
) -> PyResult<(u64, Option<u64>)> {
    let symmetry = symmetry
        .map(|name| {
            SplitSymmetry::from_name(name).ok_or_else(|| {
                Failure::Usage(format!(
                    "symmetry {name:?}: expected \"classes\" or \"mirror\""
                ))
            })
        })
        .transpose()?;
    let line = SubproblemLine {
        n,
        columns,
        symmetry,
        weight,
    };
    let part = line.subproblem().map_err(Failure::Usage)?;
    let share = py.detach(|| {
        guard(|| {
            nqueens::count_subproblem(&part)
                .map(|(share, _)| share)
                .map_err(|error| Failure::Usage(error.to_string()))
        })
    })?;
    Ok((share.total, share.unique))
}

/// The stub of N-Queens' extras, beside the shared functions in its
/// generated `nqueens.pyi`.
const NQUEENS_STUB: &str = r#"
def count(n: int, threads: Optional[int] = None) -> tuple[int, int]:
    """(every placement, placements distinct under the 8 symmetries)."""

def split(n: int, depth: int, symmetry: str = "classes") -> list[dict[str, Any]]:
    """The subproblems with `depth` rows placed, as `nqueens count N --split DEPTH` prints them: {"n", "columns", "symmetry"}, and "weight" when `symmetry` is "mirror"."""

def count_subproblem(
    n: int, columns: Sequence[int], symmetry: Optional[str] = None, weight: Optional[int] = None
) -> tuple[int, Optional[int]]:
    """One subproblem's share of (every placement, placements distinct under symmetry); the second is None by mirror halving, which has a weight."""
"#;

/// Sets the extras of the puzzle `name` (a [`puzzle_kit::Puzzle::NAME`]),
/// if it has any, on its module, and their stub as `_extras_stub`, which
/// the stub generator (`puzzle_solvers._stubs`) appends to the module's
/// generated stub. Attributes are set, not added, as the shared ones are
/// (no `__all__`).
pub fn register(module: &Bound<'_, PyModule>, name: &str) -> PyResult<()> {
    use puzzle_kit::Puzzle;
    let (functions, stub) = if name == sudoku::Sudoku::NAME {
        (
            vec![
                wrap_pyfunction!(json_records, module)?,
                wrap_pyfunction!(rate_records, module)?,
            ],
            SUDOKU_STUB,
        )
    } else if name == nqueens::Queens::NAME {
        (
            vec![
                wrap_pyfunction!(count, module)?,
                wrap_pyfunction!(split, module)?,
                wrap_pyfunction!(count_subproblem, module)?,
            ],
            NQUEENS_STUB,
        )
    } else {
        return Ok(());
    };
    for function in functions {
        module.setattr(function.getattr("__name__")?.extract::<String>()?, function)?;
    }
    module.setattr("_extras_stub", stub)
}
