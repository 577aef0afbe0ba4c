"""SEND + MORE = MONEY with puzzle_solvers.csp: eight letters, distinct
digits, no leading zero, and one linear equation (the columns' place
values as coefficients), propagated by bounds.

    python python/examples/send_more_money.py
"""

from puzzle_solvers.csp import Model

model = Model()
letters = {c: model.var(range(10), c) for c in "SENDMORY"}
model.all_different(list(letters.values()))
for lead in "SM":
    model.linear([letters[lead]], [1], lo=1)
terms: dict[str, int] = {}
for word, sign in (("SEND", 1), ("MORE", 1), ("MONEY", -1)):
    for place, c in enumerate(reversed(word)):
        terms[c] = terms.get(c, 0) + sign * 10**place
model.linear([letters[c] for c in terms], list(terms.values()), lo=0, hi=0)

result = model.solve()
s = result["solution"]
word = lambda w: "".join(str(s[c]) for c in w)  # noqa: E731
print(f"  {word('SEND')}\n+ {word('MORE')}\n= {word('MONEY')}")
print("solutions:", model.count()[0], "nodes:", result["stats"]["nodes"])
