"""Watching a search from a notebook: depth-first and
breadth-first search on the most constrained row of the 6-queens board, event by event
(docs/events.md), as the frontier size after each step, a series a
notebook plots with `plt.plot(steps, sizes)`. Run: python watch_search.py"""

from collections import Counter

from puzzle_solvers import nqueens

for algo in ("dfs", "bfs"):
    frontier, sizes = 0, []
    kinds = Counter()
    for event in nqueens.events("6", algo=algo):
        kinds[event["kind"]] += 1
        if event["kind"] == "generate":
            frontier += 1
        elif event["kind"] in ("expand", "goal"):
            frontier -= 1
        sizes.append(frontier)
    record = nqueens.solve("6", algo=algo)
    print(f"{algo}: {sum(kinds.values())} events, {kinds['generate']} boards generated "
          f"(the record's nodes: {record.stats['nodes']}), largest frontier {max(sizes)}")
    # A text plot of the frontier, one row per tenth of the run.
    for index in range(0, len(sizes), max(1, len(sizes) // 10)):
        print(f"  step {index:4}: {'#' * sizes[index]}")
