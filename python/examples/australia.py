"""AIMA's map colouring of Australia with puzzle_solvers.csp: seven regions,
three colours, neighbours coloured differently. Solved by each inference,
every colouring counted, then AC-3's trace after WA = red and Q = green,
where arc consistency alone proves there is no colouring.

    python python/examples/australia.py
"""

from puzzle_solvers.csp import Model

COLOURS = ["red", "green", "blue"]
REGIONS = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
BORDERS = [
    ("WA", "NT"), ("WA", "SA"), ("NT", "SA"), ("NT", "Q"), ("SA", "Q"),
    ("SA", "NSW"), ("SA", "V"), ("Q", "NSW"), ("NSW", "V"),
]


def australia() -> tuple[Model, dict[str, int]]:
    model = Model()
    region = {name: model.var(range(len(COLOURS)), name) for name in REGIONS}
    for a, b in BORDERS:
        model.not_equal(region[a], region[b])
    return model, region


def main() -> None:
    model, region = australia()
    for inference in ("fc", "ac3-fc", "mac"):
        result = model.solve(inference=inference, var_order="mrv")
        colouring = ", ".join(f"{name} = {COLOURS[v]}" for name, v in result["solution"].items())
        stats = result["stats"]
        print(f"{inference:>6}: {colouring} (nodes {stats['nodes']}, backtracks {stats['backtracks']})")
    print("colourings:", model.count()[0])

    model.assign(region["WA"], 0)
    model.assign(region["Q"], 1)
    report = model.ac3()
    print("AC-3 after WA = red, Q = green:")
    for row in report["trace"]:
        removed = ", ".join(COLOURS[v] for v in row["removed"])
        left = ", ".join(COLOURS[v] for v in row["domain"]) or "nothing"
        print(f"  revise {row['x']} against {row['y']}: remove {removed}, leaving {left}")
    print("consistent:", report["consistent"])


if __name__ == "__main__":
    main()
