"""The functions every puzzle module has, typed once: each puzzle's stub
(`sudoku.pyi`, `nqueens.pyi`, ...) re-exports them, so that the six stubs
cannot say different things about the same functions. At run time they are
the bound methods of one `Solver` per puzzle (`_native`)."""

from typing import Any, Iterator, Optional, Sequence

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
    status. Without `count_up_to`, as the binary's `solve --json`; with it,
    as its count (`--count --limit K`): `record.to_dict()` is the binary's
    record."""

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
    that is not a puzzle gives status "invalid". Input order, `line` from 1.
    The records are views of results kept in Rust, whose fields and JSON
    are made when read, so a batch costs about what the binary's does."""

def parse(text: str) -> str:
    """The canonical one-line form (raises ParseError)."""

def check(text: str, solution: str) -> list[str]:
    """Checks `solution` (what the binary's `check` reads: the JSON
    records of `solve --json`, as `to_json()` gives them) against the puzzle of `text` with the
    crate's independent checker: for each record "solution", "no-solution"
    (an "unsolvable" claim confirmed) or "nothing" (a limit). Raises
    CheckError (a ValueError with `line`) naming the rule broken and where."""

def events(
    text: str,
    *,
    algo: Optional[str] = None,
    limit: int = 100_000,
    count_up_to: Optional[int] = None,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
    seed: Optional[int] = None,
) -> Iterator[dict[str, Any]]:
    """The events of one watched solve of `text` (docs/events.md, version
    1 checked), the ones the binary's `--events -` writes for the same
    puzzle and options: the `run` event, then the search's, at most
    `limit` and a `cut` event. The default is the binary's `--events`
    limit, `puzzle_solvers._native.DEFAULT_EVENTS_LIMIT` (written here as
    a stub's literal, which test_stubs holds to the runtime's). Raises ValueError for an algorithm that
    reports no events (N-Queens' construction)."""
