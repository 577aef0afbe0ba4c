"""The search's events from Python: every event parses and has version 1,
the run comes first, the counts add up to the record of the same solve
(generate events to nodes, csp's decisions to nodes less the root), and
every puzzle's events are the ones its binary writes with `--events -`."""

import subprocess
from collections import Counter

import pytest

from puzzle_solvers import PUZZLES, crossword, eight_puzzle, gogen, nqueens, ripple, sudoku
from puzzle_solvers._events import stream
from puzzle_solvers._native import DEFAULT_EVENTS_LIMIT

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def kinds(events) -> Counter:
    return Counter(event["kind"] for event in events)


def test_the_events_add_up_to_the_records_stats(fixtures):
    gogen_text = (fixtures / "gogen" / "sample.txt").read_text()
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
    # As the binary refuses --events with it.
    with pytest.raises(ValueError, match=r"^--events does not apply to --algo construct \(only to --algo "):
        list(nqueens.events("8", algo="construct"))


def test_another_version_is_refused():
    with pytest.raises(ValueError, match="version 2"):
        list(stream(['{"v":2,"step":0,"kind":"run"}']))


RIPPLE = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"


def binary_cases(fixtures):
    """(module, text, keyword arguments, the binary's arguments, stdin):
    one watched solve of the same puzzle with the same options both ways,
    for every puzzle."""
    gogen_text = (fixtures / "gogen" / "sample.txt").read_text()
    grid = fixtures / "crossword" / "grids" / "own-mini-5x5.txt"
    return [
        (sudoku, SUDOKU, {"algo": "dfs"}, ["solve", SUDOKU, "--algo", "dfs"], None),
        (sudoku, SUDOKU, {}, ["solve", SUDOKU], None),
        (nqueens, "6", {"algo": "bfs"}, ["solve", "6", "--algo", "bfs"], None),
        (nqueens, "8", {"algo": "csp", "count_up_to": 10**9}, ["count", "8", "--algo", "csp"], None),
        (gogen, gogen_text, {"algo": "dfs"}, ["solve", "-", "--algo", "dfs"], gogen_text),
        (eight_puzzle, "142358607", {}, ["solve", "142358607"], None),
        (eight_puzzle, "142358607", {"algo": "bfs"}, ["solve", "142358607", "--algo", "bfs"], None),
        (eight_puzzle, "142358607", {"algo": "idastar"}, ["solve", "142358607", "--algo", "idastar"], None),
        # Past the default limit: both streams are cut at the same event.
        (eight_puzzle, "876041253", {"algo": "bfs"}, ["solve", "876041253", "--algo", "bfs"], None),
        (crossword, grid.read_text(), {}, ["fill", str(grid)], None),
        (crossword, grid.read_text(), {"algo": "mac"}, ["fill", str(grid), "--algo", "mac"], None),
        (crossword, grid.read_text(), {"algo": "ac3"}, ["fill", str(grid), "--algo", "ac3"], None),
        (ripple, RIPPLE, {}, ["solve", RIPPLE], None),
        (ripple, RIPPLE, {"algo": "mrv"}, ["solve", RIPPLE, "--algo", "mrv"], None),
        (ripple, RIPPLE, {"algo": "csp", "count_up_to": 3}, ["solve", RIPPLE, "--algo", "csp", "--count", "--limit", "3"], None),
    ]


def comparable(event: dict) -> dict:
    """The event without what differs run to run (times) or by where it
    comes from (`line`, which the binary adds as a batch's position, as in
    its records)."""
    event = {key: value for key, value in event.items() if key != "line"}
    if isinstance(event.get("stats"), dict):
        event["stats"] = {key: value for key, value in event["stats"].items() if key != "micros"}
    return event


def test_the_events_equal_the_binarys_events_for_every_puzzle(fixtures, binary):
    for module, text, keywords, args, stdin in binary_cases(fixtures):
        done = subprocess.run(
            # Both with their default limit, which is one constant (cli-kit's).
            [binary(module.NAME), *args, "--events", "-"],
            input=stdin,
            capture_output=True,
            text=True,
        )
        assert done.returncode in (0, 3, 4), (module.NAME, args, done.stderr)
        expected = [comparable(event) for event in stream(done.stdout.splitlines())]
        got = [comparable(event) for event in module.events(text, **keywords)]
        assert len(expected) > 2, (module.NAME, args)
        assert got == expected, (module.NAME, args)


@pytest.mark.parametrize("module", PUZZLES, ids=lambda module: module.NAME)
def test_every_puzzles_example_has_the_binarys_events(module, binary, solve_args):
    """The first algorithm that reports events, on the example; those
    before it are refused with the binary's message."""
    args, stdin = solve_args(module.NAME, module.EXAMPLE)
    for algo in module.algorithms:
        done = subprocess.run(
            [binary(module.NAME), *args, "--algo", algo, "--events", "-", "--events-limit", "2000"],
            input=stdin, capture_output=True, text=True,
        )
        if done.returncode == 2:
            with pytest.raises(ValueError) as caught:
                list(module.events(module.EXAMPLE, algo=algo))
            assert str(caught.value) == done.stderr.splitlines()[0].removeprefix("error: ")
            continue
        expected = [comparable(event) for event in stream(done.stdout.splitlines())]
        got = [comparable(event) for event in module.events(module.EXAMPLE, algo=algo, limit=2000)]
        assert got[0]["kind"] == "run" and len(got) > 2, (module.NAME, algo)
        assert got == expected, (module.NAME, algo)
        return
    pytest.fail(f"no algorithm of {module.NAME} reports events")


def test_the_default_limit_is_the_binarys():
    events = list(eight_puzzle.events("876041253", algo="bfs"))
    assert len(events) == DEFAULT_EVENTS_LIMIT + 1
    assert (events[-1]["kind"], events[-1]["limit"]) == ("cut", DEFAULT_EVENTS_LIMIT)
    # docs/events.md and the binary's --help say 100,000.
    assert DEFAULT_EVENTS_LIMIT == 100_000
