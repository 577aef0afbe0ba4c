"""The nqueens module: the shared functions of `_puzzle.pyi` and its extras."""

from typing import Optional, Sequence

from ._puzzle import NAME as NAME
from ._puzzle import algorithms as algorithms
from ._puzzle import check as check
from ._puzzle import events as events
from ._puzzle import parse as parse
from ._puzzle import solve as solve
from ._puzzle import solve_many as solve_many

def count(n: int, threads: Optional[int] = None) -> tuple[int, int]:
    """(every placement, placements distinct under the 8 symmetries)."""

def split(n: int, depth: int, symmetry: str = "classes") -> list[dict]:
    """The subproblems with `depth` rows placed, as `nqueens count N --split DEPTH` prints them: {"n", "columns", "symmetry"}, and "weight" when `symmetry` is "mirror"."""

def count_subproblem(
    n: int, columns: Sequence[int], symmetry: Optional[str] = None, weight: Optional[int] = None
) -> tuple[int, Optional[int]]:
    """One subproblem's share of (every placement, placements distinct under symmetry); the second is None by mirror halving, which has a weight."""
