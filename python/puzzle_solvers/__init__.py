"""The workspace's puzzle solvers and constraint solver, from Python.

One module per registered puzzle (`PUZZLES`, in the registry's order), each
taking the text forms its command line takes and returning `Record`s with
the fields of its JSON records::

    >>> from puzzle_solvers import sudoku
    >>> record = sudoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> record.status, record.solution[:9]
    ('solved', '417369825')

- every puzzle module: `solve(text, *, algo=..., count_up_to=...,
  node_limit=..., time_limit=..., memory_limit=..., seed=..., **settings)`
  (the crate's own settings by name, as its `SETTINGS` lists them),
  `solve_many(texts, threads=None, ...)` (on rayon's threads, the GIL
  released), `parse(text)`, `check(text, solution)` (the crate's
  independent checker), `events(text, ...)` (the watched search),
  `algorithms` (the default first), `NAME`, `TITLE`, `EXAMPLE`, and a
  puzzle's extras (sudoku's `json_records`, N-Queens' `count`);
- `csp`: a `Model` of variables, domains and constraints, solved with forward
  checking, AC-3 or MAC, with AC-3's trace;
- `puzzle_solvers.dask`: N-Queens counts and sudoku batches on a Dask cluster
  (`python -m puzzle_solvers.dask --help`).

Text that is not a puzzle raises `ParseError` (a `ValueError` with `line` and
`column`); a setting that is unknown or does not fit, or a shared option the
algorithm does not take, raises `ValueError` as the binary refuses it; a
limit is a status (`record.status == "limit"`, `record.limit` says which); a
bug in a solver raises `InternalError` instead of crashing the interpreter.
"""

import sys as _sys
from types import ModuleType

from . import _events, _native, csp
from ._native import CheckError, InternalError, ParseError, Record


def _install(module: ModuleType) -> ModuleType:
    """Makes a puzzle's module importable as `puzzle_solvers.<name>` (the
    extension makes it, named so) and gives it `events`."""
    module.events = _events.events_of(module._watch)  # type: ignore[attr-defined]
    _sys.modules[module.__name__] = module
    globals()[module.__name__.rsplit(".", 1)[1]] = module
    return module


PUZZLES: tuple[ModuleType, ...] = tuple(_install(module) for module in _native.PUZZLES)
"""Every registered puzzle's module, in the registry's order."""

__all__ = [
    "CheckError",
    "InternalError",
    "PUZZLES",
    "ParseError",
    "Record",
    "csp",
]
