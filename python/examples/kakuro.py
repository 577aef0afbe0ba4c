"""A small Kakuro with puzzle_solvers.csp: each run of white cells holds
distinct digits 1 to 9 summing to its clue (all-different and a linear
sum per run).

    python python/examples/kakuro.py
"""

from puzzle_solvers.csp import Model

# A 3x3 block of white cells: across sums by row, down sums by column.
ACROSS = [6, 15, 24]
DOWN = [12, 15, 18]
model = Model()
cell = [[model.var(range(1, 10), f"r{r}c{c}") for c in range(3)] for r in range(3)]
runs = [(row, total) for row, total in zip(cell, ACROSS)]
runs += [([cell[r][c] for r in range(3)], total) for c, total in enumerate(DOWN)]
for run, total in runs:
    model.all_different(run)
    model.linear(run, [1] * len(run), lo=total, hi=total)

s = model.solve()["solution"]
for r in range(3):
    print(" ".join(str(s[f"r{r}c{c}"]) for c in range(3)))
print("solutions:", model.count()[0])
