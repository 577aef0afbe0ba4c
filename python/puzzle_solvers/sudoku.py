"""Sudoku: a puzzle is 81 characters (digits and '.' or '0'), one per line, or a grid of rows, as `sudoku solve` reads it.

`solve`, `solve_many`, `parse`, `check` and `algorithms` are the same for every
puzzle (see the package's docs); the solver is the `sudoku` crate's.
"""

from . import _events, _native

solve = _native.sudoku.solve
solve_many = _native.sudoku.solve_many
parse = _native.sudoku.parse
check = _native.sudoku.check
algorithms = _native.sudoku.algorithms
NAME = _native.sudoku.NAME
json_records = _native.sudoku.json_records
rate_records = _native.sudoku.rate_records
events = _events.events_of(_native.sudoku._watch)
