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
    from puzzle_solvers import PUZZLES

    output = run("tour.py")
    for module in PUZZLES:
        assert f"{module.NAME} (" in output
    assert "fast counter, N = 12: 14200" in output
    assert "117 of 117 hard sudokus solved" in output


def test_watching_a_search_counts_the_events_as_the_record_counts_nodes():
    output = run("watch_search.py")
    for algo in ("dfs", "bfs"):
        line = next(line for line in output.splitlines() if line.startswith(f"{algo}: "))
        generated = int(line.split(" boards generated")[0].split(", ")[-1])
        nodes = int(line.split("the record's nodes: ")[1].split(")")[0])
        assert generated == nodes > 1, line


def test_send_more_money_is_solved_by_one_linear_equation():
    output = run("send_more_money.py")
    assert "  9567\n+ 1085\n= 10652" in output
    assert "solutions: 1 " in output


def test_the_magic_squares_of_order_three_are_eight():
    output = run("magic_square.py")
    assert "magic squares: 8" in output
    rows = [list(map(int, line.split())) for line in output.splitlines()[:3]]
    assert all(sum(row) == 15 for row in rows) and sorted(sum(rows, [])) == list(range(1, 10))


def test_the_nonogram_is_a_heart():
    output = run("nonogram.py")
    assert output.startswith(".#.#.\n#####\n#####\n.###.\n..#..\n")
    assert "solutions: 1 " in output


def test_the_kakuro_runs_hold_distinct_digits_summing_to_their_clues():
    output = run("kakuro.py")
    rows = [list(map(int, line.split())) for line in output.splitlines()[:3]]
    cols = [list(col) for col in zip(*rows)]
    assert [sum(row) for row in rows] == [6, 15, 24] and [sum(col) for col in cols] == [12, 15, 18]
    assert all(len(set(run)) == 3 for run in rows + cols)
    assert "solutions: 15" in output
