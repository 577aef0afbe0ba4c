"""The type stubs cannot drift from the modules: every registered puzzle's
stub is the one `puzzle_solvers._stubs` makes from its module now (so an
installed package never carries a stale one), every public name of a
puzzle module is in its stub and nothing else is, and every function's
parameters (names, kinds, defaults) are the runtime's, the crate's own
settings standing for the runtime's `**settings`. mypy's stubtest, run by
`cargo xtask python`, checks the classes and the rest."""

import ast
import inspect
import pathlib
import types

import pytest

import puzzle_solvers
from puzzle_solvers import PUZZLES, _stubs, sudoku

PACKAGE = pathlib.Path(puzzle_solvers.__file__).parent

each_puzzle = pytest.mark.parametrize("module", PUZZLES, ids=lambda module: module.NAME)


def stub_names(name: str) -> dict:
    """The names a stub declares, each with its ast node (a function or
    an annotated name)."""
    tree = ast.parse((PACKAGE / f"{name}.pyi").read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
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


def runtime_parameters(function, settings) -> list:
    """The runtime's parameters, a `**settings` written out as the crate's
    own settings (keyword-only, None by default), as the stubs type them."""
    found = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            found += [(name, "KEYWORD_ONLY", None) for name in settings]
        else:
            found.append((parameter.name, parameter.kind.name, parameter.default))
    return found


@each_puzzle
def test_the_installed_stub_is_the_one_made_from_the_module_now(module):
    name = module.__name__.rsplit(".", 1)[1]
    assert (PACKAGE / f"{name}.pyi").read_text() == _stubs.render(module), (
        f"{name}.pyi is stale: run `cargo xtask python`"
    )


@each_puzzle
def test_a_puzzle_module_and_its_stub_have_the_same_names_and_signatures(module):
    name = module.__name__.rsplit(".", 1)[1]
    stub = stub_names(name)
    runtime = runtime_names(module)
    assert sorted(stub) == sorted(runtime), name
    for key, node in stub.items():
        if isinstance(node, ast.FunctionDef):
            expected = runtime_parameters(runtime[key], module.SETTINGS)
            assert stub_parameters(node) == expected, f"{name}.{key}"
        else:
            assert not callable(runtime[key]), f"{name}.{key}"


@each_puzzle
def test_a_stub_documents_each_setting_with_what_it_takes(module):
    name = module.__name__.rsplit(".", 1)[1]
    solve = stub_names(name)["solve"]
    doc = ast.get_docstring(solve)
    for setting, takes in module.SETTINGS.items():
        assert f"- {setting}: {takes}" in doc, (name, setting)


def test_the_check_notices_a_stub_that_drifted():
    node = ast.parse("def solve(text: str, *, sed: int = None) -> None: ...").body[0]
    assert stub_parameters(node) != runtime_parameters(sudoku.solve, sudoku.SETTINGS)


def test_the_generator_removes_only_the_stubs_it_wrote(tmp_path):
    (tmp_path / "gone.pyi").write_text(_stubs.GENERATED + "NAME: str\n")
    (tmp_path / "kept.pyi").write_text("NAME: str\n")
    changed = _stubs.write(tmp_path)
    assert "gone.pyi" in changed and not (tmp_path / "gone.pyi").exists()
    assert (tmp_path / "kept.pyi").exists()
    assert sorted(path.name for path in tmp_path.glob("*.pyi")) == sorted(
        ["kept.pyi"] + [module.__name__.rsplit(".", 1)[1] + ".pyi" for module in PUZZLES]
    )
    # Written again, nothing changes.
    assert _stubs.write(tmp_path) == []
