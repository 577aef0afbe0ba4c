"""N-Queens: a puzzle is the board size N as text ("8"), as `nqueens solve N` takes it; `count`, `split` and `count_subproblem` are the fast counter and its split into subproblems.

`solve`, `solve_many`, `parse`, `check` and `algorithms` are the same for every
puzzle (see the package's docs); the solver is the `nqueens` crate's.
"""

from . import _events, _native

solve = _native.nqueens.solve
solve_many = _native.nqueens.solve_many
parse = _native.nqueens.parse
check = _native.nqueens.check
algorithms = _native.nqueens.algorithms
NAME = _native.nqueens.NAME
count = _native.nqueens.count
split = _native.nqueens.split
count_subproblem = _native.nqueens.count_subproblem
events = _events.events_of(_native.nqueens._watch)
