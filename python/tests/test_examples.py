"""The scripts in python/examples run as a student would run them."""

import pathlib
import subprocess
import sys

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def run(name: str) -> str:
    done = subprocess.run(
        [sys.executable, EXAMPLES / name], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_australia_colours_counts_and_traces():
    output = run("australia.py")
    assert "colourings: 18" in output
    assert "revise SA against NT: remove blue, leaving nothing" in output
    assert output.rstrip().endswith("consistent: False")


def test_the_ac3_crossword_is_filled_from_its_word_list():
    output = run("ac3_crossword.py")
    grid = [line for line in output.splitlines() if line and set(line) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ#")]
    assert len(grid) == 6 and all(len(row) == 5 for row in grid)
    assert "." not in "".join(grid)
    words = set((EXAMPLES.parents[1] / "fixtures" / "crossword" / "sample-words.txt").read_text().split())
    across = [run for row in grid for run in row.split("#") if len(run) >= 2]
    assert across and all(word in words for word in across)


def test_the_tour_visits_every_puzzle():
    output = run("tour.py")
    for name in ("sudoku", "nqueens", "eight-puzzle", "ripple", "gogen", "crossword"):
        assert f"{name} (" in output
    assert "fast counter, N = 12: 14200" in output
    assert "117 of 117 hard sudokus solved" in output


def test_watching_a_search_counts_the_events_as_the_record_counts_nodes():
    output = run("watch_search.py")
    for algo in ("dfs", "bfs"):
        line = next(line for line in output.splitlines() if line.startswith(f"{algo}: "))
        generated = int(line.split(" boards generated")[0].split(", ")[-1])
        nodes = int(line.split("the record's nodes: ")[1].split(")")[0])
        assert generated == nodes > 1, line
