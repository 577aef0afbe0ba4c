"""A record's `to_dict()` and `to_json()` are the record the crate's binary
writes with `--json` for the same puzzle and options (apart from `micros`,
and `line`, which only a batch has): the crate's own fields included,
written by the function the binary's driver calls (cli-kit's
`Show::write_record`, with the view `Front::view` gives the options)."""

import json
import subprocess

import pytest

from puzzle_solvers import PUZZLES, crossword, eight_puzzle, gogen, nqueens, ripple, sudoku

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
RIPPLE = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"


def comparable(record: dict) -> dict:
    """The record without what differs run to run (micros) or by where it
    comes from (line)."""
    record = dict(record)
    record.pop("line", None)
    record["stats"] = {key: value for key, value in record["stats"].items() if key != "micros"}
    return record


def cases(fixtures):
    """(module, text, keyword arguments, the binary's arguments, stdin):
    the same puzzle and options both ways."""
    gogen_text = (fixtures / "gogen" / "sample.txt").read_text()
    grid = fixtures / "crossword" / "grids" / "own-mini-5x5.txt"
    return [
        (sudoku, SUDOKU, {}, ["solve", SUDOKU], None),
        (sudoku, SUDOKU, {"algo": "csp"}, ["solve", SUDOKU, "--algo", "csp"], None),
        (sudoku, SUDOKU, {"count_up_to": 5}, ["solve", SUDOKU, "--count", "--limit", "5"], None),
        (sudoku, "." * 81, {"node_limit": 50, "algo": "dfs"}, ["solve", "." * 81, "--algo", "dfs", "--node-limit", "50"], None),
        (nqueens, "8", {}, ["solve", "8"], None),
        (nqueens, "8", {"algo": "dfs"}, ["solve", "8", "--algo", "dfs"], None),
        (nqueens, "3", {"algo": "bfs"}, ["solve", "3", "--algo", "bfs"], None),
        (nqueens, "8", {"algo": "csp", "count_up_to": 10**9}, ["solve", "8", "--algo", "csp", "--count", "--limit", str(10**9)], None),
        (nqueens, "30", {"algo": "min-conflicts", "seed": 3, "max_steps": 10_000}, ["solve", "30", "--algo", "min-conflicts", "--seed", "3", "--max-steps", "10000"], None),
        (eight_puzzle, "142358607", {}, ["solve"], "142358607\n"),
        (eight_puzzle, "142358607", {"algo": "bfs"}, ["solve", "--algo", "bfs"], "142358607\n"),
        (eight_puzzle, "142358607", {"algo": "greedy", "heuristic": "misplaced", "goal": "123456780"},
         ["solve", "--algo", "greedy", "--heuristic", "misplaced", "--goal", "123456780"], "142358607\n"),
        (ripple, RIPPLE, {}, ["solve", RIPPLE], None),
        (ripple, RIPPLE, {"count_up_to": 3}, ["solve", RIPPLE, "--count", "--limit", "3"], None),
        (gogen, gogen_text, {}, ["solve", "-"], gogen_text),
        (gogen, gogen_text, {"algo": "dfs"}, ["solve", "-", "--algo", "dfs"], gogen_text),
        (crossword, grid.read_text(), {}, ["fill", str(grid)], None),
        (crossword, grid.read_text(), {"algo": "mac", "min_score": 50}, ["fill", str(grid), "--algo", "mac", "--min-score", "50"], None),
        (crossword, grid.read_text(), {"allow_repeats": True, "count_up_to": 2}, ["fill", str(grid), "--allow-repeats", "--count", "--limit", "2"], None),
    ]


def run_binary(binary, module, args, stdin) -> dict:
    done = subprocess.run(
        [binary(module.NAME), *args, "--json"], input=stdin, capture_output=True, text=True
    )
    assert done.returncode in (0, 3, 4), (module.NAME, args, done.stderr)
    [line] = done.stdout.splitlines()
    return json.loads(line)


def test_every_record_equals_the_binarys_json_record(fixtures, binary):
    for module, text, keywords, args, stdin in cases(fixtures):
        expected = comparable(run_binary(binary, module, args, stdin))
        record = module.solve(text, **keywords)
        assert comparable(record.to_dict()) == expected, (module.NAME, keywords)
        assert comparable(json.loads(record.to_json())) == expected, (module.NAME, keywords)
        # The attributes every puzzle shares say the same.
        assert record.status == expected["status"], module.NAME
        assert record.limit == expected.get("limit"), module.NAME
        assert record.stats["nodes"] == expected["stats"]["nodes"], module.NAME


@pytest.mark.parametrize("module", PUZZLES, ids=lambda module: module.NAME)
def test_every_puzzles_example_record_equals_the_binarys(module, binary, solve_args):
    args, stdin = solve_args(module.NAME, module.EXAMPLE)
    expected = comparable(run_binary(binary, module, args, stdin))
    assert comparable(module.solve(module.EXAMPLE).to_dict()) == expected


def test_a_crossword_fills_from_its_own_word_list_as_the_binary_with_words(fixtures, binary, tmp_path):
    # The example grid is the one of the fifteen sample words.
    grid = tmp_path / "grid.txt"
    grid.write_text(crossword.EXAMPLE)
    words = (fixtures / "crossword" / "sample-words.txt").read_text()
    # Scores 40 to 69: a minimum of 45 drops some words.
    scored = "\n".join(f"{word};{40 + 7 * index % 30}" for index, word in enumerate(words.split()))
    path = tmp_path / "words.txt"
    statuses = set()
    for text, keywords, flags in [
        (words, {}, []),
        (words, {"algo": "ac3"}, ["--algo", "ac3"]),
        (scored, {"min_score": 45}, ["--min-score", "45"]),
    ]:
        path.write_text(text)
        expected = comparable(run_binary(binary, crossword, ["fill", str(grid), "--words", str(path), *flags], None))
        solved = crossword.solve(crossword.EXAMPLE, words=text, **keywords)
        # The independent checker holds the fill to the same list, given
        # the same settings.
        own = {"min_score": keywords["min_score"]} if "min_score" in keywords else {}
        if solved.status == "solved":
            assert crossword.check(crossword.EXAMPLE, solved.to_json(), words=text, **own) == ["solution"]
        record = comparable(solved.to_dict())
        # The one difference: the binary names the list's file, Python the
        # setting it came from.
        assert (expected.pop("words"), record.pop("words")) == (str(path), "the words setting")
        assert record == expected, keywords
        statuses.add(expected["status"])
    assert "solved" in statuses
    with pytest.raises(ValueError, match="min_score"):
        crossword.solve(crossword.EXAMPLE, min_score="many")
    with pytest.raises(ValueError, match="min_score 1000"):
        crossword.solve(crossword.EXAMPLE, min_score=1000)


def test_the_crates_own_fields_are_there(fixtures):
    assert sudoku.solve(SUDOKU).to_dict()["unique"] is True
    assert nqueens.solve("8").to_dict()["n"] == 8
    board = eight_puzzle.solve("142358607").to_dict()
    assert board["moves"] == ["right", "up", "left", "up", "left"] and board["num_moves"] == 5
    assert ripple.solve(RIPPLE).to_dict()["solution"][0] == [1, 4, 2, 3, 5]
    paths = gogen.solve((fixtures / "gogen" / "sample.txt").read_text()).to_dict()["paths"]
    assert paths["CUT"] == [[2, 1], [3, 1], [4, 1]]


def test_a_batch_record_has_its_line_and_an_invalid_one_the_binarys_fields(binary):
    # The bad text first: the binary numbers its error by the file's line.
    records = sudoku.solve_many(["53..7x", SUDOKU])
    assert [json.loads(record.to_json())["line"] for record in records] == [1, 2]
    done = subprocess.run(
        [binary("sudoku"), "solve", "--json"], input=f"53..7x\n{SUDOKU}\n", capture_output=True, text=True
    )
    expected = [comparable(json.loads(line)) for line in done.stdout.splitlines()]
    assert [comparable(record.to_dict()) for record in records] == expected


def test_check_accepts_what_the_binary_writes_and_names_a_broken_rule(binary, solve_args):
    import puzzle_solvers

    # What the binary wrote for every puzzle's example checks, as what the
    # package writes does (test_puzzles).
    for module in PUZZLES:
        args, stdin = solve_args(module.NAME, module.EXAMPLE)
        written = subprocess.run(
            [binary(module.NAME), *args, "--json"], input=stdin, capture_output=True, text=True
        ).stdout
        assert module.check(module.EXAMPLE, written) == ["solution"], module.NAME
    # check reads the JSON records of `solve --json` only, as the binaries do.
    def queens(*columns):
        return json.dumps({"status": "solved", "solution": list(columns), "n": len(columns),
                           "stats": {"nodes": len(columns), "micros": 1}})

    assert nqueens.check("4", queens(1, 3, 0, 2)) == ["solution"]
    with pytest.raises(puzzle_solvers.CheckError, match="line 1: not a solve record"):
        nqueens.check("4", ". Q . .\n. . . Q\nQ . . .\n. . Q .\n")
    assert nqueens.check("3", '{"status":"unsolvable","n":3,"stats":{"nodes":0,"micros":1}}') == ["no-solution"]

    solved = sudoku.solve(SUDOKU).to_dict()
    first, second = solved["solution"][0], solved["solution"][1]
    solved["solution"] = second + first + solved["solution"][2:]
    with pytest.raises(puzzle_solvers.CheckError) as caught:
        sudoku.check(SUDOKU, json.dumps(solved))
    assert isinstance(caught.value, ValueError) and caught.value.line == 1
    assert "line 1: " in str(caught.value)

    with pytest.raises(puzzle_solvers.CheckError, match="line 2: .*share a diagonal"):
        nqueens.check("4", queens(1, 3, 0, 2) + "\n" + queens(0, 2, 1, 3) + "\n")
    with pytest.raises(puzzle_solvers.CheckError, match="line 1: .*4 rows"):
        nqueens.check("5", queens(1, 3, 0, 2) + "\n")
    # A record of another puzzle is not a solution of this one.
    other = sudoku.solve(SUDOKU.replace("5", ".", 1)).to_json()
    with pytest.raises(puzzle_solvers.CheckError, match="not of"):
        sudoku.check(SUDOKU, other)
