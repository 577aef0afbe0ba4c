"""csp-core from Python: Australia's map colouring by every inference and
order, tables and Python predicates agreeing, AC-3's trace, errors."""

import itertools

import pytest

from puzzle_solvers.csp import Model

REGIONS = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
BORDERS = [
    ("WA", "NT"), ("WA", "SA"), ("NT", "SA"), ("NT", "Q"), ("SA", "Q"),
    ("SA", "NSW"), ("SA", "V"), ("Q", "NSW"), ("NSW", "V"),
]


def australia(how: str) -> Model:
    model = Model()
    var = {name: model.var(range(3), name) for name in REGIONS}
    for a, b in BORDERS:
        if how == "not_equal":
            model.not_equal(var[a], var[b])
        elif how == "table":
            model.table(var[a], var[b], [(x, y) for x in range(3) for y in range(3) if x != y])
        else:
            model.binary(var[a], var[b], lambda x, y: x != y)
    return model


def proper(colouring: dict) -> bool:
    return set(colouring) == set(REGIONS) and all(colouring[a] != colouring[b] for a, b in BORDERS)


def test_australia_is_coloured_by_every_inference_order_and_constraint_form():
    for how in ("not_equal", "table", "predicate"):
        model = australia(how)
        for inference, var_order, value_order in itertools.product(
            ("fc", "ac3-fc", "mac"),
            ("input", "mrv", "mrv-degree", "dom-wdeg"),
            ("ascending", "descending", "lcv"),
        ):
            result = model.solve(inference=inference, var_order=var_order, value_order=value_order)
            assert result["status"] == "solved", (how, inference, var_order, value_order)
            assert proper(result["solution"])
            assert result["stats"]["nodes"] >= 1
        # 3 colours for the connected mainland's 6 regions (6 ways) times 3 for Tasmania.
        assert model.count() == (18, True)
        solutions = model.solutions()
        assert len(solutions) == 18 and all(proper(s) for s in solutions)
        assert len({tuple(sorted(s.items())) for s in solutions}) == 18


def test_all_different_and_assign():
    model = Model()
    xs = [model.var(range(1, 4), f"x{i}") for i in range(3)]
    model.all_different(xs)
    model.assign(xs[0], 2)
    assert model.count() == (2, True)
    assert all(s["x0"] == 2 for s in model.solutions())
    assert model.count(1) == (1, False)
    assert len(model) == 3 and model.name(xs[1]) == "x1" and model.domain(xs[0]) == [2]


def test_ac3_trace_proves_wa_red_q_green_has_no_colouring():
    model = australia("not_equal")
    model.assign(0, 0)  # WA red
    model.assign(3, 1)  # Q green
    report = model.ac3()
    assert report["consistent"] is False
    assert report["domains"]["SA"] == [] or report["domains"]["NT"] == []
    first = report["trace"][0]
    assert set(first) == {"x", "y", "removed", "domain"}
    for row in report["trace"]:
        assert row["removed"] and not set(row["removed"]) & set(row["domain"])
    assert report["trace"][-1]["domain"] == []
    assert model.solve()["status"] == "unsolvable"


def test_a_predicates_exception_is_raised_after_the_search():
    model = Model()
    a, b = model.var(range(2)), model.var(range(2))

    def broken(x, y):
        raise ZeroDivisionError("from the predicate")

    model.binary(a, b, broken)
    with pytest.raises(ZeroDivisionError, match="from the predicate"):
        model.solve()


def test_bad_settings_and_variables_are_value_errors():
    model = australia("not_equal")
    with pytest.raises(ValueError, match="expected fc, ac3-fc or mac"):
        model.solve(inference="ac4")
    with pytest.raises(ValueError, match="var_order"):
        model.solve(var_order="random")
    with pytest.raises(ValueError, match="does not exist"):
        model.not_equal(0, 99)
    with pytest.raises(ValueError, match="at least one value"):
        model.var([])


def test_a_node_limit_is_a_status():
    model = Model()
    queens = [model.var(range(10)) for _ in range(10)]
    for i, j in itertools.combinations(range(10), 2):
        model.binary(queens[i], queens[j], lambda a, b, d=j - i: a != b and abs(a - b) != d)
    result = model.solve(inference="fc", var_order="input", node_limit=3)
    assert (result["status"], result["limit"]) == ("limit", "node")
