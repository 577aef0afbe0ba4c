"""Gogen: a puzzle as `gogen solve` reads it (the 5x5 letter grid and the words).

`solve`, `solve_many`, `parse`, `check` and `algorithms` are the same for every
puzzle (see the package's docs); the solver is the `gogen` crate's.
"""

from . import _events, _native

solve = _native.gogen.solve
solve_many = _native.gogen.solve_many
parse = _native.gogen.parse
check = _native.gogen.check
algorithms = _native.gogen.algorithms
NAME = _native.gogen.NAME
events = _events.events_of(_native.gogen._watch)
