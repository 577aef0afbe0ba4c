"""A tour for a notebook or a terminal: every registered puzzle's example
solved from its text form, the searcher framework's searchers compared on one 8-puzzle board
by their own counters, brute force and MRV with forward checking compared
on a Ripple Effect, N-Queens counted by
the textbook formulations and by the fast counter, and a sudoku batch
solved on every core with solve_many.

    python python/examples/tour.py
"""

import pathlib
import time

from puzzle_solvers import PUZZLES, ParseError, eight_puzzle, nqueens, ripple, sudoku

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures"


def main() -> None:
    print("Each puzzle's example:")
    for module in PUZZLES:
        record = module.solve(module.EXAMPLE)
        print(f"  {module.NAME:>12} ({record.algo}): {record.status}, {record.solution}")

    board = "867254301"
    print(f"\nThe searchers on the 8-puzzle {board}:")
    print(f"  {'algo':>8} {'moves':>6} {'tested':>8} {'generated':>10} {'max frontier':>13}")
    for algo in ("bfs", "dfs", "iddfs", "greedy", "astar", "idastar"):
        record = eight_puzzle.solve(board, algo=algo, node_limit=2_000_000)
        moves = len(record.solution.split()) if record.solution else record.status
        stats = record.stats
        print(f"  {algo:>8} {moves:>6} {stats['num_tested']:>8} {stats['generated']:>10} {stats['max_frontier']:>13}")

    url = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
    print("\nRipple Effect by brute force and by MRV with forward checking:")
    for algo in ripple.algorithms:
        record = ripple.solve(url, algo=algo)
        print(f"  {algo:>6}: {record.status}, nodes {record.stats['nodes']}, backtracks {record.stats['backtracks']}")

    print("\nN-Queens, N = 8, every placement:")
    for algo in ("csp", "dfs", "bfs"):
        record = nqueens.solve("8", algo=algo, count_up_to=10**6)
        print(f"  {algo:>4}: {record.count} (complete: {record.count_complete}), nodes {record.stats['nodes']}")
    print(f"  fast counter, N = 12: {nqueens.count(12)[0]}")

    lines = [
        line
        for line in (FIXTURES / "sudoku" / "top1465_sample.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    start = time.perf_counter()
    records = sudoku.solve_many(lines)
    seconds = time.perf_counter() - start
    solved = sum(record.status == "solved" for record in records)
    print(f"\nsolve_many: {solved} of {len(records)} hard sudokus solved in {seconds * 1000:.1f} ms")

    try:
        sudoku.solve("53..7....6..195..x")
    except ParseError as error:
        print(f"\nA typo is a ParseError at line {error.line}, column {error.column}: {error}")


if __name__ == "__main__":
    main()
