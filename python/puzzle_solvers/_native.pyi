"""Type stubs of the Rust extension `puzzle_solvers._native`."""

from types import ModuleType
from typing import Optional

class ParseError(ValueError):
    """Text that is not a puzzle; `line` and `column` (1-based) say where,
    None when the message names none."""

    line: Optional[int]
    column: Optional[int]

class InternalError(RuntimeError):
    """A bug in a solver (a Rust panic caught at the boundary)."""

class Record:
    """One puzzle's result, with the fields of its JSON record."""

    line: Optional[int]
    status: str
    limit: Optional[str]
    solution: Optional[str]
    error: Optional[str]
    puzzle: str
    algo: str
    count: int
    count_complete: bool
    nodes: int
    micros: int
    counters: list[tuple[str, int]]
    @property
    def stats(self) -> dict[str, int]: ...
    def to_dict(self) -> dict[str, object]: ...
    def to_json(self) -> str: ...

class Solver: ...

sudoku: ModuleType
nqueens: ModuleType
eight_puzzle: ModuleType
crossword: ModuleType
ripple: ModuleType
gogen: ModuleType
csp: ModuleType

def _panic_for_test() -> None: ...
