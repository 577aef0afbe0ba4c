"""The crossword module: the shared functions of `_puzzle.pyi`."""

from ._puzzle import NAME as NAME
from ._puzzle import algorithms as algorithms
from ._puzzle import check as check
from ._puzzle import events as events
from ._puzzle import parse as parse
from ._puzzle import solve as solve
from ._puzzle import solve_many as solve_many
