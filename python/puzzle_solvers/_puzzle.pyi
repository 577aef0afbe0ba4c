"""The functions every puzzle module has, typed once: each puzzle's stub
(`sudoku.pyi`, `nqueens.pyi`, ...) re-exports them, so that the six stubs
cannot say different things about the same functions. At run time they are
the bound methods of one `Solver` per puzzle (`_native`)."""

from typing import Optional, Sequence

from ._native import Record

NAME: str
"""The crate's name, which is also its binary's."""
algorithms: tuple[str, ...]
"""Every algorithm's name, the default first."""

def solve(
    text: str,
    *,
    algo: Optional[str] = None,
    count_up_to: Optional[int] = None,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
    seed: Optional[int] = None,
) -> Record:
    """Solves one puzzle in the command line's text form; raises ParseError
    (a ValueError with line and column) when it is not one. A limit is a
    status."""

def solve_many(
    texts: Sequence[str],
    threads: Optional[int] = None,
    *,
    algo: Optional[str] = None,
    count_up_to: Optional[int] = None,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
    seed: Optional[int] = None,
) -> list[Record]:
    """Solves every text on rayon's threads with the GIL released; a text
    that is not a puzzle gives status "invalid". Input order, `line` from 1."""

def parse(text: str) -> str:
    """The canonical one-line form (raises ParseError)."""
