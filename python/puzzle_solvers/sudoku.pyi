"""The sudoku module: the shared functions of `_puzzle.pyi` and its extras."""

from typing import Optional, Sequence

from ._puzzle import NAME as NAME
from ._puzzle import algorithms as algorithms
from ._puzzle import check as check
from ._puzzle import events as events
from ._puzzle import parse as parse
from ._puzzle import solve as solve
from ._puzzle import solve_many as solve_many

def json_records(
    text: str, first_line: int = 1, threads: Optional[int] = None, *, algo: Optional[str] = None
) -> list[str]:
    """The JSON lines `sudoku solve --json` writes for `text`, `line`
    counted from `first_line`."""

def rate_records(text: str, first_line: int = 1, threads: Optional[int] = None) -> list[str]:
    """The JSON lines `sudoku rate --json` writes for `text` (serate's er,
    ep, ed, the hardest technique, the steps), `line` counted from
    `first_line`."""
