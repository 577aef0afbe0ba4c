"""A small nonogram with puzzle_solvers.csp: a 0/1 variable per cell and
one regular constraint per row and column, built from its clues
(`nonogram_line`). Propagation alone fills this one.

    python python/examples/nonogram.py
"""

from puzzle_solvers.csp import Model

ROWS = [[1, 1], [5], [5], [3], [1]]
COLS = [[2], [4], [4], [4], [2]]
model = Model()
cell = [[model.var(range(2), f"r{r}c{c}") for c in range(len(COLS))] for r in range(len(ROWS))]
for r, clues in enumerate(ROWS):
    model.nonogram_line(cell[r], clues)
for c, clues in enumerate(COLS):
    model.nonogram_line([row[c] for row in cell], clues)

result = model.solve()
s = result["solution"]
for r in range(len(ROWS)):
    print("".join("#" if s[f"r{r}c{c}"] else "." for c in range(len(COLS))))
print("solutions:", model.count()[0], "nodes:", result["stats"]["nodes"])
