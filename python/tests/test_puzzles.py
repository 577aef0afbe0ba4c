"""Every registered puzzle module (`puzzle_solvers.PUZZLES`) through the
same generic bindings: the command line's text forms in, records with the
JSON record's fields out, errors with line and column, settings refused as
the binary refuses them, a limit as a status, batches in input order. The
generic tests run for every registered puzzle on its EXAMPLE; the
per-puzzle ones test what only that puzzle has."""

import json
import subprocess

import pytest

import puzzle_solvers
from puzzle_solvers import PUZZLES, crossword, eight_puzzle, gogen, nqueens, ripple, sudoku

KNOWN_SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
KNOWN_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def check_sudoku(puzzle: str, solution: str) -> None:
    """An independent check: the solution keeps the givens and every row,
    column and box holds 1 to 9."""
    assert len(solution) == 81
    for given, digit in zip(puzzle, solution):
        assert given in ".0" or given == digit
    grid = [[int(solution[9 * r + c]) for c in range(9)] for r in range(9)]
    units = [row for row in grid]
    units += [[grid[r][c] for r in range(9)] for c in range(9)]
    units += [
        [grid[3 * br + r][3 * bc + c] for r in range(3) for c in range(3)]
        for br in range(3)
        for bc in range(3)
    ]
    for unit in units:
        assert sorted(unit) == list(range(1, 10))


NOT_A_PUZZLE = "\x01not a puzzle\x01"

each_puzzle = pytest.mark.parametrize("module", PUZZLES, ids=lambda module: module.NAME)


def test_the_package_lists_every_registered_puzzle_once():
    names = [module.NAME for module in PUZZLES]
    assert len(set(names)) == len(names) >= 6
    for module in PUZZLES:
        assert module.__name__ == "puzzle_solvers." + module.NAME.replace("-", "_")
        assert getattr(puzzle_solvers, module.__name__.rsplit(".", 1)[1]) is module


@each_puzzle
def test_a_module_says_what_it_is_and_what_it_takes(module):
    assert module.TITLE and module.EXAMPLE.strip()
    assert module.algorithms and len(set(module.algorithms)) == len(module.algorithms)
    assert isinstance(module.SETTINGS, dict)
    for name, takes in module.SETTINGS.items():
        assert name.isidentifier() and takes, (module.NAME, name)
        # The module's docstring says what each setting takes.
        assert f"- {name} (" in module.__doc__ and takes in module.__doc__, (module.NAME, name)
    assert module.TITLE in module.__doc__


@each_puzzle
def test_every_puzzle_solves_and_checks_its_example_with_its_default_algorithm(module):
    record = module.solve(module.EXAMPLE)
    assert record.status == "solved", module.NAME
    assert record.solution
    assert record.algo == module.algorithms[0]
    assert record.limit is None and record.error is None
    assert record.count == 1
    assert record.stats["nodes"] >= 1
    assert {"nodes", "micros"} <= set(record.stats)
    assert record.puzzle == module.parse(module.EXAMPLE)
    assert module.check(module.EXAMPLE, record.to_json()) == ["solution"]


@each_puzzle
def test_every_puzzle_refuses_text_that_is_not_a_puzzle(module):
    for call in (module.solve, module.parse, lambda text: module.check(text, "{}")):
        with pytest.raises(puzzle_solvers.ParseError) as caught:
            call(NOT_A_PUZZLE)
        assert str(caught.value), module.NAME
    [record] = module.solve_many([NOT_A_PUZZLE])
    assert (record.status, record.line, record.puzzle) == ("invalid", 1, NOT_A_PUZZLE)
    assert record.error and record.to_dict()["error"] == record.error


@each_puzzle
def test_an_unknown_setting_or_algorithm_is_a_value_error_naming_the_choices(module):
    with pytest.raises(ValueError, match="unknown setting 'no_such_setting'") as caught:
        module.solve(module.EXAMPLE, no_such_setting=1)
    assert not isinstance(caught.value, puzzle_solvers.ParseError)
    for name in module.SETTINGS:
        assert name in str(caught.value), (module.NAME, name)
    # A batch refuses it once, not once a line.
    with pytest.raises(ValueError, match="no_such_setting"):
        module.solve_many([module.EXAMPLE], no_such_setting=True)
    with pytest.raises(ValueError, match="no_such_setting"):
        list(module.events(module.EXAMPLE, no_such_setting="x"))
    with pytest.raises(ValueError, match="unknown algorithm 'quick', expected ") as caught:
        module.solve(module.EXAMPLE, algo="quick")
    assert all(algo in str(caught.value) for algo in module.algorithms), module.NAME
    with pytest.raises(ValueError, match="time_limit"):
        module.solve(module.EXAMPLE, time_limit=-1.0)
    with pytest.raises(ValueError, match="expected a str, an int or a bool"):
        module.solve(module.EXAMPLE, no_such_setting=1.5)


# The shared options the command line's table may refuse with an
# algorithm, as Python and the binary name them.
SHARED_OPTIONS = [
    ("count_up_to", 2, ["--count", "--limit", "2"]),
    ("node_limit", 50, ["--node-limit", "50"]),
    ("time_limit", 5.0, ["--time-limit", "5"]),
    ("memory_limit", 1 << 30, ["--memory-limit", "1G"]),
]

@each_puzzle
def test_a_shared_option_is_refused_exactly_where_the_binary_refuses_it(module, binary, solve_args):
    """Each algorithm with each shared option, both ways, on a text that is
    not a puzzle: the binary checks its flags before it reads (exit 2 with
    the table's message), and Python checks the settings before it reads
    (ValueError with the same message), else both fail on the text."""
    for algo in module.algorithms:
        for name, value, flags in SHARED_OPTIONS:
            # N-Queens reads its N from the command line: 1 is quick to place.
            args, stdin = solve_args(module.NAME, "1" if module.NAME == "nqueens" else NOT_A_PUZZLE)
            done = subprocess.run(
                [binary(module.NAME), *args, "--algo", algo, *flags],
                input=stdin, capture_output=True, text=True,
            )
            with pytest.raises(ValueError) as caught:
                module.solve(NOT_A_PUZZLE, algo=algo, **{name: value})
            if done.returncode == 2:
                message = done.stderr.splitlines()[0].removeprefix("error: ")
                assert not isinstance(caught.value, puzzle_solvers.ParseError), (module.NAME, algo, name)
                assert str(caught.value) == message, (module.NAME, algo, name)
            else:
                assert isinstance(caught.value, puzzle_solvers.ParseError), (module.NAME, algo, name, str(caught.value))


def test_a_count_the_default_construction_cannot_make_is_refused_as_the_binary_refuses_it():
    with pytest.raises(ValueError, match=r"^--count does not apply to --algo construct \(only to --algo csp, dfs, bfs\)$"):
        nqueens.solve("10", count_up_to=1000)
    with pytest.raises(ValueError, match="--count does not apply"):
        nqueens.solve_many(["10"], count_up_to=1000)
    assert nqueens.solve("10", algo="csp", count_up_to=1000).count == 724


def test_the_sudoku_answer_is_right_by_an_independent_check():
    record = sudoku.solve(KNOWN_SUDOKU)
    assert record.solution == KNOWN_SOLUTION
    check_sudoku(KNOWN_SUDOKU, record.solution)


def test_every_sudoku_algorithm_agrees(fixtures):
    lines = [
        line
        for line in (fixtures / "sudoku" / "agreement.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ][:3]
    for algo in sudoku.algorithms:
        for line in lines:
            record = sudoku.solve(line, algo=algo, node_limit=2_000_000)
            if record.status == "limit":
                assert record.limit == "node"
                continue
            assert record.status == "solved", (algo, line)
            check_sudoku(line, record.solution)


def test_textbook_formulations_count_the_eight_queens(fixtures):
    for algo in ("csp", "dfs", "bfs"):
        record = nqueens.solve("8", algo=algo, count_up_to=1000)
        assert (record.count, record.count_complete) == (92, True), algo


def test_bad_text_raises_a_value_error_with_line_and_column():
    cases = [
        (sudoku, "53..7x", 1, 7),
        (sudoku, "1\n2", 2, 1),
        (nqueens, "x", 1, 1),
        (eight_puzzle, "14235860x", 1, 9),
        (ripple, "https://puzz.link/p?ripple/5/4/zz", 1, 32),
        (gogen, "ABCDE\nxx", 2, 3),
        (crossword, "", 1, 1),
    ]
    for module, text, line, column in cases:
        with pytest.raises(puzzle_solvers.ParseError) as caught:
            module.solve(text)
        assert isinstance(caught.value, ValueError)
        assert (caught.value.line, caught.value.column) == (line, column), module.NAME
        assert f"column {column}" in str(caught.value)


def test_a_limit_is_a_status_that_names_the_limit():
    record = nqueens.solve("12", algo="dfs", count_up_to=10**9, node_limit=100)
    assert record.status == "limit" and record.limit == "node"
    assert record.count_complete is False
    assert record.solution is None
    assert record.stats["nodes"] <= 100
    assert json.loads(record.to_json())["limit"] == "node"
    timed = nqueens.solve("13", algo="dfs", count_up_to=10**9, time_limit=0.0)
    assert (timed.status, timed.limit) == ("limit", "time")


def test_records_read_back_as_the_json_records_fields():
    record = sudoku.solve(KNOWN_SUDOKU)
    line = record.to_json()
    assert line.startswith('{"status":"solved","solution":"5346')
    assert json.loads(line) == record.to_dict()
    assert list(record.to_dict()) == ["status", "solution", "puzzle", "algo", "unique", "stats"]
    assert "solved" in repr(record)


def test_solve_many_keeps_input_order_and_reports_bad_lines_as_invalid():
    texts = [KNOWN_SUDOKU, "not a sudoku", KNOWN_SUDOKU.replace("5", ".", 1)] * 20
    for threads in (None, 1, 2):
        records = sudoku.solve_many(texts, threads=threads)
        assert [record.line for record in records] == list(range(1, 61))
        assert [record.status for record in records[:3]] == ["solved", "invalid", "solved"]
        assert records[1].error.startswith("line 1, column 1")
        assert records[1].puzzle == "not a sudoku"
        assert records[3].solution == KNOWN_SOLUTION
    with pytest.raises(ValueError, match="threads"):
        sudoku.solve_many(texts, threads=0)


def fields(record) -> dict:
    """Every attribute of a record but the time and the line."""
    names = ["status", "limit", "solution", "error", "puzzle", "algo", "count", "count_complete", "nodes", "counters"]
    stats = {key: value for key, value in record.stats.items() if key != "micros"}
    return {name: getattr(record, name) for name in names} | {"stats": stats}


@each_puzzle
def test_solve_many_agrees_with_solve(module):
    [many] = module.solve_many([module.EXAMPLE], threads=1)
    one = module.solve(module.EXAMPLE)
    assert (many.line, one.line) == (1, None)
    assert fields(many) == fields(one), module.NAME
    json_many, json_one = json.loads(many.to_json()), json.loads(one.to_json())
    assert json_many.pop("line") == 1
    json_many["stats"].pop("micros"), json_one["stats"].pop("micros")
    assert json_many == json_one, module.NAME


def test_a_record_outlives_its_batch_list():
    # A record is a view of its batch's results, which it keeps alive.
    record = sudoku.solve_many([KNOWN_SUDOKU.replace("5", ".", 1), KNOWN_SUDOKU])[1]
    import gc

    gc.collect()
    assert (record.line, record.solution) == (2, KNOWN_SOLUTION)
    assert json.loads(record.to_json())["solution"] == KNOWN_SOLUTION


def test_a_panic_becomes_internal_error_and_the_interpreter_goes_on():
    with pytest.raises(puzzle_solvers.InternalError, match="a panic on purpose"):
        puzzle_solvers._native._panic_for_test()
    assert sudoku.solve(KNOWN_SUDOKU).status == "solved"


def test_nqueens_counts_and_its_split_agree_with_oeis():
    a000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680]
    a002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341]
    for n, (expected, unique) in enumerate(zip(a000170, a002562), start=1):
        assert nqueens.count(n) == (expected, unique)
        for depth in (0, 1, 2, 3, n):
            shares = [nqueens.count_subproblem(**part) for part in nqueens.split(n, depth)]
            assert sum(total for total, _ in shares) == expected, (n, depth)
            assert sum(classes for _, classes in shares) == unique, (n, depth)
            mirror = [nqueens.count_subproblem(**part) for part in nqueens.split(n, depth, "mirror")]
            assert sum(total for total, _ in mirror) == expected, (n, depth)
            assert all(classes is None for _, classes in mirror)
    assert nqueens.count_subproblem(8, [0], weight=2) == (8, None)
    assert nqueens.count_subproblem(8, [0]) == (16, 2)
    with pytest.raises(ValueError, match="attacked"):
        nqueens.count_subproblem(8, [0, 1], "mirror", 2)
    with pytest.raises(ValueError, match="never places a queen in column 5"):
        nqueens.count_subproblem(8, [5], "classes")
    with pytest.raises(ValueError, match="expected \"classes\" or \"mirror\""):
        nqueens.split(8, 1, "rotations")


def test_split_prints_what_the_binary_prints(sudoku_binary):
    binary = sudoku_binary.parent / "nqueens"
    if not binary.is_file():
        pytest.fail(f"no nqueens binary beside {sudoku_binary}")
    for symmetry in ("classes", "mirror"):
        output = subprocess.run(
            [binary, "count", "9", "--split", "2", "--symmetry", symmetry],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert [json.loads(line) for line in output.splitlines()] == nqueens.split(9, 2, symmetry)


def test_the_package_ships_its_type_stubs():
    import pathlib

    package = pathlib.Path(puzzle_solvers.__file__).parent
    assert (package / "py.typed").is_file()
    names = ["_native", "csp"] + [module.__name__.rsplit(".", 1)[1] for module in PUZZLES]
    for name in names:
        assert (package / f"{name}.pyi").is_file(), name


def test_the_search_counters_are_the_binarys(sudoku_binary):
    binary = sudoku_binary.parent / "nqueens"
    for algo in ("dfs", "bfs"):
        output = subprocess.run(
            [binary, "solve", "8", "--algo", algo, "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
        expected = json.loads(output)["stats"]
        stats = nqueens.solve("8", algo=algo).stats
        assert "num_tested" in stats
        expected.pop("micros"), stats.pop("micros")
        assert stats == expected, algo
