"""The 8-puzzle (and 15-puzzle): a board as `eight-puzzle solve` reads it ("142358607", 0 the blank).

`solve`, `solve_many`, `parse`, `check` and `algorithms` are the same for every
puzzle (see the package's docs); the solver is the `eight_puzzle` crate's.
"""

from . import _events, _native

solve = _native.eight_puzzle.solve
solve_many = _native.eight_puzzle.solve_many
parse = _native.eight_puzzle.parse
check = _native.eight_puzzle.check
algorithms = _native.eight_puzzle.algorithms
NAME = _native.eight_puzzle.NAME
events = _events.events_of(_native.eight_puzzle._watch)
