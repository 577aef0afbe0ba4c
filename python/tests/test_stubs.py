"""The type stubs cannot drift from the modules: every public name of a
puzzle module is in its stub (the shared functions through `_puzzle.pyi`)
and nothing else is, and every function's parameters (names, kinds,
defaults) are the runtime's. mypy's stubtest, run by `cargo xtask python`,
checks the classes and the rest; it skips names a stub re-exports from
another stub, which is what this test is for."""

import ast
import inspect
import pathlib
import types

import pytest

import puzzle_solvers
from puzzle_solvers import crossword, eight_puzzle, gogen, nqueens, ripple, sudoku

PACKAGE = pathlib.Path(puzzle_solvers.__file__).parent
PUZZLES = [sudoku, nqueens, eight_puzzle, crossword, ripple, gogen]


def stub_names(name: str) -> dict:
    """The names a stub declares, each with its ast node (a function or
    an annotated name), following `from ._x import a as a` into `_x.pyi`."""
    tree = ast.parse((PACKAGE / f"{name}.pyi").read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.ImportFrom) and node.level == 1 and node.module != "_native":
            source = stub_names(node.module)
            for alias in node.names:
                # Only `import a as a` re-exports a name from a stub.
                if alias.asname == alias.name:
                    names[alias.name] = source[alias.name]
    return names


def runtime_names(module) -> dict:
    return {
        name: value
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }


def stub_parameters(function: ast.FunctionDef) -> list:
    """(name, kind, default) of each parameter, as inspect names them."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    defaults = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    found = []
    for argument, default in zip(positional, defaults):
        kind = "POSITIONAL_ONLY" if argument in arguments.posonlyargs else "POSITIONAL_OR_KEYWORD"
        found.append((argument.arg, kind, default_value(default)))
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        found.append((argument.arg, "KEYWORD_ONLY", default_value(default)))
    return found


def default_value(node):
    return inspect.Parameter.empty if node is None else ast.literal_eval(node)


def runtime_parameters(function) -> list:
    return [
        (parameter.name, parameter.kind.name, parameter.default)
        for parameter in inspect.signature(function).parameters.values()
    ]


@pytest.mark.parametrize("module", PUZZLES, ids=lambda module: module.NAME)
def test_a_puzzle_module_and_its_stub_have_the_same_names_and_signatures(module):
    name = module.__name__.rsplit(".", 1)[1]
    stub = stub_names(name)
    runtime = runtime_names(module)
    assert sorted(stub) == sorted(runtime), name
    for key, node in stub.items():
        if isinstance(node, ast.FunctionDef):
            assert stub_parameters(node) == runtime_parameters(runtime[key]), f"{name}.{key}"
        else:
            assert not callable(runtime[key]), f"{name}.{key}"


def test_the_shared_functions_are_written_once():
    for module in PUZZLES:
        name = module.__name__.rsplit(".", 1)[1]
        text = (PACKAGE / f"{name}.pyi").read_text()
        for shared in ("def solve(", "def solve_many(", "def parse(", "def check("):
            assert shared not in text, f"{name}.pyi repeats {shared}"


def test_the_check_notices_a_stub_that_drifted():
    node = ast.parse("def solve(text: str, *, sed: int = None) -> None: ...").body[0]
    assert stub_parameters(node) != runtime_parameters(sudoku.solve)
