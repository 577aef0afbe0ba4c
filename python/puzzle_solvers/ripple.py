"""Ripple Effect: a puzzle as `ripple solve` reads it (a puzz.link URL or the text grid).

`solve`, `solve_many`, `parse`, `check` and `algorithms` are the same for every
puzzle (see the package's docs); the solver is the `ripple` crate's.
"""

from . import _events, _native

solve = _native.ripple.solve
solve_many = _native.ripple.solve_many
parse = _native.ripple.parse
check = _native.ripple.check
algorithms = _native.ripple.algorithms
NAME = _native.ripple.NAME
events = _events.events_of(_native.ripple._watch)
