"""The AC-3 revision table's sample crossword written as a CSP in a few lines of Python: one
variable per slot whose values are the words of its length, a table of
the word pairs that agree at each crossing, every word used once. AC-3
narrows the domains first (its trace as a table); MAC finishes the fill.

    python python/examples/ac3_crossword.py [GRID WORDS]
"""

import pathlib
import sys

from puzzle_solvers.csp import Model

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "crossword"


def slots(grid: list[str]) -> dict[str, list[tuple[int, int]]]:
    """Every run of two or more open cells, across then down, named by its
    start ("r0c1 across")."""
    found = {}
    rows, cols = len(grid), max(len(row) for row in grid)
    cell = lambda r, c: 0 <= r < rows and 0 <= c < len(grid[r]) and grid[r][c] != "#"
    for direction, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
        for r in range(rows):
            for c in range(cols):
                if cell(r, c) and not cell(r - dr, c - dc):
                    run = []
                    while cell(r + dr * len(run), c + dc * len(run)):
                        run.append((r + dr * len(run), c + dc * len(run)))
                    if len(run) >= 2:
                        found[f"r{r}c{c} {direction}"] = run
    return found


def main(grid_path: pathlib.Path, words_path: pathlib.Path) -> None:
    grid = [line.rstrip("\n") for line in grid_path.read_text().splitlines() if line.strip()]
    words = [word.strip().upper() for word in words_path.read_text().split() if word.strip()]
    runs = slots(grid)

    model = Model()
    var = {name: model.var([i for i, w in enumerate(words) if len(w) == len(run)], name)
           for name, run in runs.items()}
    names = list(runs)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for p, square in enumerate(runs[a]):
                if square in runs[b]:
                    q = runs[b].index(square)
                    allowed = [(x, y) for x in model.domain(var[a]) for y in model.domain(var[b])
                               if words[x][p] == words[y][q]]
                    model.table(var[a], var[b], allowed)
    model.all_different(list(var.values()))

    report = model.ac3()
    print(f"{len(runs)} slots, {len(words)} words; AC-3 made {len(report['trace'])} revisions that removed words:")
    for row in report["trace"]:
        removed = " ".join(words[v] for v in row["removed"])
        print(f"  {row['x']:>12} against {row['y']:<12} removes {removed}")

    result = model.solve(inference="mac", var_order="mrv")
    if result["status"] != "solved":
        print("no fill:", result["status"])
        return
    filled = [list(row) for row in grid]
    for name, index in result["solution"].items():
        for (r, c), letter in zip(runs[name], words[index]):
            filled[r][c] = letter
    print("\n".join("".join(row) for row in filled))
    print(f"nodes {result['stats']['nodes']}, backtracks {result['stats']['backtracks']}")


if __name__ == "__main__":
    if len(sys.argv) == 3:
        main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
    else:
        main(FIXTURES / "sample.txt", FIXTURES / "sample-words.txt")
