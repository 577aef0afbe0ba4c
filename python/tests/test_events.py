"""The search's events from Python: every event parses and has version 1,
the run comes first, and the counts add up to the record of the same
solve (generate events to nodes, csp's decisions to nodes less the root)."""

from collections import Counter

import pytest

from puzzle_solvers import gogen, nqueens, sudoku
from puzzle_solvers._events import stream

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def kinds(events) -> Counter:
    return Counter(event["kind"] for event in events)


def test_the_events_add_up_to_the_records_stats(fixtures):
    gogen_text = (fixtures / "gogen" / "seed-sample.txt").read_text()
    for module, text, algo in [
        (sudoku, SUDOKU, "dfs"),
        (sudoku, SUDOKU, "bfs"),
        (nqueens, "6", "dfs"),
        (nqueens, "6", "bfs"),
        (gogen, gogen_text, "dfs"),
    ]:
        events = list(module.events(text, algo=algo, limit=10**6))
        assert all(event["v"] == 1 for event in events)
        assert events[0]["kind"] == "run" and events[0]["algorithm"] == algo
        assert [event["step"] for event in events] == list(range(len(events)))
        record = module.solve(text, algo=algo)
        assert kinds(events)["generate"] == record.stats["nodes"], (module.NAME, algo)
        assert kinds(events)["cut"] == 0


def test_csp_decisions_and_solutions_count_the_eight_queens():
    events = list(nqueens.events("8", algo="csp", count_up_to=1000, limit=10**6))
    record = nqueens.solve("8", algo="csp", count_up_to=1000)
    assert kinds(events)["solution"] == record.count == 92
    assert kinds(events)["decide"] + 1 == record.stats["nodes"]


def test_a_limit_cuts_the_stream_and_an_unwatched_algorithm_is_refused():
    events = list(nqueens.events("10", algo="dfs", limit=50))
    assert len(events) == 51 and events[-1]["kind"] == "cut"
    with pytest.raises(ValueError, match="reports no events"):
        list(nqueens.events("8", algo="construct"))


def test_another_version_is_refused():
    with pytest.raises(ValueError, match="version 2"):
        list(stream(['{"v":2,"step":0,"kind":"run"}']))
