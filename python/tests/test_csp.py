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


def brute_force(domains, allowed) -> int:
    return sum(1 for values in itertools.product(*domains) if allowed(*values))


def test_n_ary_tables_and_predicates_count_what_brute_force_counts():
    domains = [range(4), range(1, 5), range(0, 7)]
    rule = lambda x, y, z: x + y == z  # noqa: E731
    expected = brute_force(domains, rule)
    tuples = [t for t in itertools.product(*domains) if rule(*t)]
    for how in ("table", "predicate"):
        model = Model()
        xs = [model.var(d, name) for d, name in zip(domains, "xyz")]
        if how == "table":
            model.table_nary(xs, tuples)
        else:
            model.predicate(xs, rule)
        for inference in ("fc", "ac3-fc", "mac"):
            assert model.count(inference=inference) == (expected, True), (how, inference)
        for solution in model.solutions():
            assert rule(solution["x"], solution["y"], solution["z"])


def test_a_predicate_prunes_only_when_all_its_variables_are_fixed():
    model = Model()
    a, b, c = (model.var(range(3), n) for n in "abc")
    model.predicate([a, b, c], lambda x, y, z: x < y < z)
    model.all_different([a, b, c])
    assert model.solutions() == [{"a": 0, "b": 1, "c": 2}]
    # AC-3 does not run a predicate over unfixed variables: nothing removed.
    assert model.ac3()["domains"] == {"a": [0, 1, 2], "b": [0, 1, 2], "c": [0, 1, 2]}


def test_a_predicate_that_raises_is_raised_again_after_the_search():
    model = Model()
    xs = [model.var(range(2)) for _ in range(3)]

    def broken(*values):
        raise ZeroDivisionError("no")

    model.predicate(xs, broken)
    with pytest.raises(ZeroDivisionError):
        model.solve()


def test_a_table_tuple_of_the_wrong_length_is_a_value_error():
    model = Model()
    xs = [model.var(range(2)) for _ in range(3)]
    with pytest.raises(ValueError, match="a tuple of 2 values for 3 variables"):
        model.table_nary(xs, [(0, 1, 1), (0, 1)])


def test_events_show_the_solve_as_the_command_lines_do():
    model = australia("not_equal")
    events = list(model.events())
    kinds = [event["kind"] for event in events]
    assert kinds[0] == "run" and events[0]["algorithm"] == "csp"
    assert kinds[-1] == "end" and events[-1]["status"] == "solved"
    assert [event["step"] for event in events] == list(range(len(events)))
    assert "decide" in kinds and kinds.count("solution") == 1
    solved = model.solve()["solution"]
    (solution,) = [event for event in events if event["kind"] == "solution"]
    assert solution["state_line"] == " ".join(str(solved[name]) for name in REGIONS)
    pruned = [event for event in events if event["kind"] == "prune"]
    revised = [event for event in events if event["kind"] == "revise"]
    assert pruned or revised
    # A count: one solution event per solution, and the limit cuts the stream.
    counted = list(model.events(count_up_to=1000))
    assert sum(event["kind"] == "solution" for event in counted) == model.count()[0]
    cut = list(model.events(limit=3))
    assert [event["kind"] for event in cut][-1] == "cut" and len(cut) == 4


def test_linear_counts_what_brute_force_counts():
    domains = [range(-2, 3), range(0, 4), range(1, 4)]
    coeffs = [3, -2, 1]
    for lo, hi in ((0, 0), (-3, 2), (None, 1), (2, None)):
        def rule(*values, lo=lo, hi=hi):
            total = sum(a * v for a, v in zip(coeffs, values))
            return (lo is None or total >= lo) and (hi is None or total <= hi)
        model = Model()
        xs = [model.var(d) for d in domains]
        model.linear(xs, coeffs, lo=lo, hi=hi)
        assert model.count() == (brute_force(domains, rule), True), (lo, hi)


def test_counting_constraints_count_what_brute_force_counts():
    for name, k in (("at_least", 2), ("at_most", 2), ("exactly", 2)):
        model = Model()
        xs = [model.var(range(2)) for _ in range(5)]
        getattr(model, name)(xs, k)
        ok = {"at_least": lambda n: n >= k, "at_most": lambda n: n <= k, "exactly": lambda n: n == k}[name]
        assert model.count() == (brute_force([range(2)] * 5, lambda *v: ok(sum(v))), True), name
    model = Model()
    xs = [model.var(range(2)) for _ in range(4)]
    model.cardinality(xs, 1, 3)
    assert model.count() == (14, True)


def test_regular_and_nonogram_lines_accept_what_their_automaton_spells():
    model = Model()
    xs = [model.var(range(2)) for _ in range(7)]
    model.nonogram_line(xs, [2, 1])
    # [2, 1] in 7 cells: the three free cells spread over three gaps.
    assert model.count() == (10, True)
    for solution in model.solutions():
        line = "".join(str(solution[model.name(x)]) for x in xs)
        assert [len(run) for run in line.split("0") if run] == [2, 1]
    # "no two 1s in a row" over 0..1 as a two-state automaton: Fibonacci.
    model = Model()
    xs = [model.var(range(2)) for _ in range(6)]
    model.regular(xs, 2, 0, [0, 1], [(0, 0, 0), (0, 1, 1), (1, 0, 0)])
    assert model.count() == (21, True)
    with pytest.raises(ValueError):
        model.regular(xs, 2, 0, [5], [])


def test_circuit_counts_the_cycles_of_a_grid():
    # The 3x3 grid of nodes has 13 cycles.
    model = Model()
    edges = []
    for r in range(3):
        for c in range(3):
            node = 3 * r + c
            if c < 2:
                edges.append((node, node + 1, model.var(range(2))))
            if r < 2:
                edges.append((node, node + 3, model.var(range(2))))
    model.circuit(9, edges)
    assert model.count() == (13, True)
    with pytest.raises(ValueError, match="loop"):
        model.circuit(9, [(1, 1, edges[0][2])])


def test_connected_counts_the_connected_node_sets_of_a_path():
    # A path of four nodes: the connected non-empty subsets are its 10
    # intervals, and the empty set counts as connected too.
    model = Model()
    xs = [model.var(range(2)) for _ in range(4)]
    model.connected(xs, [(0, 1), (1, 2), (2, 3)])
    assert model.count() == (11, True)
    with pytest.raises(ValueError, match="values other than 0 and 1"):
        model.connected([model.var(range(3))], [])
