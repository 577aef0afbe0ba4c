"""Jobs that outgrow one machine, on a Dask cluster.

    python -m puzzle_solvers.dask nqueens-count 18 --scheduler tcp://HOST:8786
    python -m puzzle_solvers.dask nqueens-count 18 --unique
    python -m puzzle_solvers.dask sudoku-solve puzzles.txt > records.jsonl
    python -m puzzle_solvers.dask sudoku-rate puzzles.txt > ratings.jsonl

Without ``--scheduler`` a local cluster is started (``--workers`` processes of
one thread each). The N-Queens count is split into subproblems (the first rows
placed: the nodes of the fast counter's own search by symmetry classes,
``nqueens count N --split DEPTH``) whose shares, of the total and of the
count up to symmetry, the workers count and the client sums. A sudoku file (one puzzle
per line) is read as a Dask bag; each partition is solved by
``sudoku.json_records``, the records the ``sudoku solve --json`` binary writes,
``line`` numbered across the whole file, written in input order: the same
output as one ``sudoku solve FILE --json`` apart from ``micros``;
``sudoku-rate`` does the same with the rater's records (``sudoku.rate_records``:
``er``, ``ep``, ``ed``, ``hardest``, ``steps``), as ``sudoku rate FILE --json``.

Every worker needs the package installed (the same wheel, built once with
``maturin build --release``); workers reading a file need it at the same path.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from typing import Iterator, Sequence

from . import nqueens, sudoku


def default_depth(n: int) -> int:
    """Rows placed per subproblem: a few hundred to a few thousand parts, so
    that workers finish within a small part of each other."""
    if n <= 8:
        return 1
    if n <= 13:
        return 2
    return 3


def _count_parts(parts: Sequence[dict]) -> tuple[int, int]:
    total = unique = 0
    for part in parts:
        share, share_unique = nqueens.count_subproblem(**part)
        total += share
        unique += share_unique or 0
    return total, unique


def nqueens_counts(client, n: int, depth: int | None = None, tasks: int = 256) -> tuple[int, int]:
    """The placements of ``n`` queens, all of them (OEIS A000170) and up to
    symmetry (A002562), counted on the cluster of ``client``: the class
    subproblems of ``depth`` rows dealt round-robin into at most ``tasks``
    tasks."""
    parts = nqueens.split(n, default_depth(n) if depth is None else depth)
    tasks = max(1, min(tasks, len(parts)))
    batches = [parts[start::tasks] for start in range(tasks)]
    futures = client.map(_count_parts, batches, pure=False)
    shares = client.gather(futures)
    return sum(total for total, _ in shares), sum(unique for _, unique in shares)


def nqueens_count(client, n: int, depth: int | None = None, tasks: int = 256) -> int:
    """The number of placements of ``n`` queens (OEIS A000170), counted on
    the cluster of ``client`` as in ``nqueens_counts``."""
    return nqueens_counts(client, n, depth, tasks)[0]


def _line_count(lines: Sequence[str]) -> int:
    return len(lines)


def _solve_partition(lines: Sequence[str], first_line: int, threads: int) -> list[str]:
    return sudoku.json_records("".join(lines), first_line, threads)


def _rate_partition(lines: Sequence[str], first_line: int, threads: int) -> list[str]:
    return sudoku.rate_records("".join(lines), first_line, threads)


def sudoku_solve(
    client, path: str, blocksize: str | int = "1MiB", threads: int = 1
) -> Iterator[str]:
    """The JSON records of every sudoku of the file at ``path`` (one puzzle
    per line), in input order, as ``sudoku solve FILE --json`` writes them
    (apart from ``micros``): the file read as a Dask bag in blocks of
    ``blocksize``, each solved on a worker with ``threads`` threads."""
    return _by_partition(client, path, blocksize, _solve_partition, threads)


def sudoku_rate(
    client, path: str, blocksize: str | int = "1MiB", threads: int = 1
) -> Iterator[str]:
    """The rater's JSON records of every sudoku of the file at ``path``, in
    input order, as ``sudoku rate FILE --json`` writes them (apart from
    ``micros``), the file read as a Dask bag as in ``sudoku_solve``."""
    return _by_partition(client, path, blocksize, _rate_partition, threads)


def _by_partition(client, path, blocksize, work, threads) -> Iterator[str]:
    """``work(lines, first_line, threads)`` on every partition of the file
    read as a Dask bag, ``first_line`` the partition's first line in the
    whole file; the records yielded in input order."""
    import dask
    import dask.bag

    partitions = dask.bag.read_text(path, blocksize=blocksize).to_delayed()
    counts = client.compute([dask.delayed(_line_count)(part) for part in partitions], sync=True)
    first_lines, line = [], 1
    for count in counts:
        first_lines.append(line)
        line += count
    done = [
        dask.delayed(work)(part, first, threads)
        for part, first in zip(partitions, first_lines)
    ]
    for future in client.compute(done):
        yield from future.result()


@contextmanager
def connect(scheduler: str | None, workers: int):
    """A client of the scheduler at ``scheduler``, or of a local cluster of
    ``workers`` processes with one thread each."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler) as client:
            yield client
    else:
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster, Client(cluster) as client:
            yield client


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m puzzle_solvers.dask",
        description="Count N-Queens placements, or solve or rate a sudoku file, on a Dask cluster.",
    )
    parser.add_argument(
        "--scheduler", help="address of a running scheduler (tcp://HOST:8786); default: a local cluster"
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="worker processes of the local cluster (default 2)"
    )
    parser.add_argument(
        "--stats", action="store_true", help="print the work's size and wall time on stderr"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    count = commands.add_parser("nqueens-count", help="count the placements of N queens")
    count.add_argument("n", type=int, help="board size, 1 to 32")
    count.add_argument("--depth", type=int, help="rows placed per subproblem (default: by N)")
    count.add_argument(
        "--unique", action="store_true", help="print the count up to rotation and reflection"
    )
    solve = commands.add_parser(
        "sudoku-solve", help="solve a file of sudokus, JSON records in input order on stdout"
    )
    solve.add_argument("file", help="one puzzle per line")
    solve.add_argument("--blocksize", default="1MiB", help="bytes per partition (default 1MiB)")
    rate = commands.add_parser(
        "sudoku-rate", help="rate a file of sudokus (serate's ER/EP/ED), JSON records in input order on stdout"
    )
    rate.add_argument("file", help="one puzzle per line")
    rate.add_argument("--blocksize", default="1MiB", help="bytes per partition (default 1MiB)")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    with connect(args.scheduler, args.workers) as client:
        workers = len(client.scheduler_info()["workers"])
        if args.command == "nqueens-count":
            if not 1 <= args.n <= 32:
                parser.error(f"N = {args.n} is outside 1 to 32")
            total, unique = nqueens_counts(client, args.n, args.depth)
            print(unique if args.unique else total)
            what = f"N = {args.n}"
        else:
            records = 0
            out = sys.stdout
            run = sudoku_solve if args.command == "sudoku-solve" else sudoku_rate
            for line in run(client, args.file, args.blocksize):
                out.write(line)
                out.write("\n")
                records += 1
            what = f"{records} records"
    if args.stats:
        seconds = time.perf_counter() - start
        print(f"stats: {what}, workers {workers}, time {seconds:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
