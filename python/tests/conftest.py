"""Shared paths: the repository's fixtures and the release binaries that
`cargo xtask ci` builds before it runs these tests."""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"


@pytest.fixture(scope="session")
def fixtures() -> pathlib.Path:
    return FIXTURES


@pytest.fixture(scope="session")
def sudoku_binary() -> pathlib.Path:
    """The `sudoku` binary the package is compared with: $SUDOKU_BIN, else
    the workspace's release build, else its debug build."""
    candidates = [os.environ.get("SUDOKU_BIN")] + [
        str(REPO / "target" / profile / "sudoku") for profile in ("release", "debug")
    ]
    for candidate in candidates:
        if candidate and pathlib.Path(candidate).is_file():
            return pathlib.Path(candidate)
    pytest.fail("no sudoku binary: run `cargo build --release -p sudoku` or set SUDOKU_BIN")


@pytest.fixture(scope="session")
def binary(sudoku_binary):
    """The release binary of a puzzle crate, beside the sudoku binary
    (`cargo xtask python` builds them all)."""

    def find(name: str) -> pathlib.Path:
        path = sudoku_binary.parent / name
        if not path.is_file():
            pytest.fail(f"no {name} binary beside {sudoku_binary}: run `cargo xtask python`")
        return path

    return find


# How a binary takes one puzzle where it is not `solve` with the text on
# stdin: its subcommand, and N-Queens' N as an argument.
SUBCOMMANDS = {"crossword": "fill"}


@pytest.fixture(scope="session")
def solve_args():
    """`(arguments, stdin)` of the binary's solve of one puzzle `text`."""

    def args(name: str, text: str):
        if name == "nqueens":
            return ["solve", text.strip()], None
        return [SUBCOMMANDS.get(name, "solve")], text

    return args
