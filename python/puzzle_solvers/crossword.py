"""Crossword fill: a grid template as `crossword fill` reads it (rows of '.' for a white cell, '#' for a black one, letters given), filled from the built-in word list.

`solve`, `solve_many`, `parse`, `check` and `algorithms` are the same for every
puzzle (see the package's docs); the solver is the `crossword` crate's.
"""

from . import _events, _native

solve = _native.crossword.solve
solve_many = _native.crossword.solve_many
parse = _native.crossword.parse
check = _native.crossword.check
algorithms = _native.crossword.algorithms
NAME = _native.crossword.NAME
events = _events.events_of(_native.crossword._watch)
