"""Magic squares of order 3 with puzzle_solvers.csp: the digits 1 to 9
once each, every row, column and diagonal summing to 15 (linear
constraints). Counts all 8 and prints the first.

    python python/examples/magic_square.py
"""

from puzzle_solvers.csp import Model

N = 3
TOTAL = N * (N * N + 1) // 2
model = Model()
cell = [[model.var(range(1, N * N + 1), f"r{r}c{c}") for c in range(N)] for r in range(N)]
model.all_different([x for row in cell for x in row])
lines = [row for row in cell] + [[cell[r][c] for r in range(N)] for c in range(N)]
lines += [[cell[i][i] for i in range(N)], [cell[i][N - 1 - i] for i in range(N)]]
for line in lines:
    model.linear(line, [1] * N, lo=TOTAL, hi=TOTAL)

s = model.solve()["solution"]
for r in range(N):
    print(" ".join(str(s[f"r{r}c{c}"]) for c in range(N)))
print("magic squares:", model.count()[0])
