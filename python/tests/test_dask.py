"""The Dask module on a local cluster of two worker processes: N-Queens
counts equal OEIS A000170, and a sudoku file through Dask equals the
binary's --json output line for line once micros is dropped."""

import json
import subprocess

import pytest

from puzzle_solvers import dask as ps_dask

distributed = pytest.importorskip("dask.distributed")

A000170 = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596}


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def without_micros(line: str) -> dict:
    record = json.loads(line)
    record["stats"].pop("micros")
    return record


def test_nqueens_counts_through_dask_equal_a000170(client):
    assert len(client.scheduler_info()["workers"]) == 2
    for n, expected in A000170.items():
        assert ps_dask.nqueens_count(client, n) == expected, n
    assert ps_dask.nqueens_count(client, 10, depth=4, tasks=7) == 724
    assert ps_dask.nqueens_counts(client, 12, depth=0) == (14200, 1787)
    assert ps_dask.nqueens_counts(client, 13) == (73712, 9233)


def test_a_sudoku_file_through_dask_equals_the_binarys_json(client, fixtures, sudoku_binary, tmp_path):
    # Several files' puzzles, comments, a blank line and bad lines, so that
    # line numbers run across partitions and invalid records come through too.
    lines = []
    for name in ("top1465_sample.txt", "clue17_sample.txt", "malformed.txt", "unsolvable.txt"):
        lines += (fixtures / "sudoku" / name).read_text().splitlines()
    lines.insert(5, "")
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines * 3) + "\n")

    expected = subprocess.run(
        [sudoku_binary, "solve", path, "--json"], capture_output=True, text=True
    )
    assert expected.returncode in (0, 1, 3), expected.stderr
    expected = [without_micros(line) for line in expected.stdout.splitlines()]

    got = list(ps_dask.sudoku_solve(client, str(path), blocksize=4096))
    assert len(got) == len(expected) > 50
    for mine, theirs in zip(got, expected):
        assert without_micros(mine) == theirs


def test_the_command_line_counts_on_a_local_cluster(capsys):
    assert ps_dask.main(["--workers", "1", "nqueens-count", "9"]) == 0
    assert capsys.readouterr().out.strip() == "352"


def test_a_sudoku_file_rated_through_dask_equals_the_binarys_json(client, fixtures, sudoku_binary, tmp_path):
    # Puzzles of several difficulties, bad and unsolvable lines, a blank
    # line, so that lines run across partitions and invalid records too.
    # Few and mostly easy puzzles: `cargo xtask python` builds the
    # extension unoptimised, where a hard rating takes seconds.
    lines = (fixtures / "sudoku" / "clue17_sample.txt").read_text().splitlines()[:5]
    lines += (fixtures / "sudoku" / "top1465_sample.txt").read_text().splitlines()[1:2]
    for name in ("malformed.txt", "unsolvable.txt"):
        lines += (fixtures / "sudoku" / name).read_text().splitlines()
    lines.insert(3, "")
    path = tmp_path / "rate.txt"
    path.write_text("\n".join(lines) + "\n")

    expected = subprocess.run(
        [sudoku_binary, "rate", path, "--json"], capture_output=True, text=True
    )
    assert expected.returncode in (0, 1), expected.stderr
    expected = [without_micros(line) for line in expected.stdout.splitlines()]

    got = list(ps_dask.sudoku_rate(client, str(path), blocksize=1024))
    assert len(got) == len(expected) > 10
    assert any("er" in record for record in expected)
    assert any(record["status"] == "invalid" for record in expected)
    for mine, theirs in zip(got, expected):
        assert without_micros(mine) == theirs
