"""Type stubs of the Rust extension `puzzle_solvers._native`."""

from types import ModuleType
from typing import Any, Optional, final

class ParseError(ValueError):
    """Text that is not a puzzle; `line` and `column` (1-based) say where,
    None when the message names none."""

    line: Optional[int]
    column: Optional[int]

class CheckError(ValueError):
    """A solution that breaks a rule of its puzzle (or cannot be read as
    one); `line` is the line of the solution text."""

    line: int

class InternalError(RuntimeError):
    """A bug in a solver (a Rust panic caught at the boundary)."""

@final
class Record:
    """One puzzle's result: the attributes every puzzle shares, and as
    `to_dict()`/`to_json()` the record the crate's binary writes with
    `--json` for the same puzzle and options (its own fields included).
    The results stay in Rust: each attribute is made when it is read, and
    a batch's results are kept while any of its records is."""

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
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...

@final
class Solver:
    """The solver behind one puzzle's module: its bound methods are the
    module's functions, typed in the module's generated stub."""

PUZZLES: tuple[ModuleType, ...]
"""Every registered puzzle's module (`puzzle_solvers.<name>`), in the
registry's order; `puzzle_solvers` makes each importable."""
csp: ModuleType

DEFAULT_EVENTS_LIMIT: int
"""The most events `events` yields unless `limit` says otherwise: the
binary's `--events` limit (100,000)."""

def _panic_for_test() -> None: ...

# The runtime module's __all__ (PyO3 writes it), which stubtest compares.
__all__ = [
    "CheckError",
    "DEFAULT_EVENTS_LIMIT",
    "InternalError",
    "PUZZLES",
    "ParseError",
    "Record",
    "Solver",
    "_panic_for_test",
    "csp",
]
