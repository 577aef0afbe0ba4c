"""The workspace's puzzle solvers and constraint solver, from Python.

One submodule per puzzle, each taking the text forms its command line takes
and returning `Record`s with the fields of its JSON records::

    >>> from puzzle_solvers import sudoku
    >>> record = sudoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> record.status, record.solution[:9]
    ('solved', '417369825')

- `sudoku`, `nqueens`, `eight_puzzle`, `crossword`, `ripple`, `gogen`:
  `solve(text, *, algo=..., count_up_to=..., node_limit=..., time_limit=...,
  memory_limit=..., seed=...)`, `solve_many(texts, threads=None, ...)` (on
  rayon's threads, the GIL released), `parse(text)`, `check(text,
  solution)` (the crate's independent checker), `algorithms` (the default
  first), and each puzzle's extras;
- `csp`: a `Model` of variables, domains and constraints, solved with forward
  checking, AC-3 or MAC, with AC-3's trace;
- `puzzle_solvers.dask`: N-Queens counts and sudoku batches on a Dask cluster
  (`python -m puzzle_solvers.dask --help`).

Text that is not a puzzle raises `ParseError` (a `ValueError` with `line` and
`column`); a limit is a status (`record.status == "limit"`, `record.limit`
says which); a bug in a solver raises `InternalError` instead of crashing the
interpreter.
"""

from ._native import CheckError, InternalError, ParseError, Record
from . import crossword, csp, eight_puzzle, gogen, nqueens, ripple, sudoku

__all__ = [
    "CheckError",
    "InternalError",
    "ParseError",
    "Record",
    "crossword",
    "csp",
    "eight_puzzle",
    "gogen",
    "nqueens",
    "ripple",
    "sudoku",
]
