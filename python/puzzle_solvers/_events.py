"""The search's event stream (docs/events.md, version 1) as an iterator of
dicts: each event's `v` is checked, then `step`, `kind` and the kind's
fields are the dict's keys. Every puzzle module has an `events` made here
around its `_watch`, which runs the crate's own watched solve (the one the
command line's `--events` runs)."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Iterator, Optional, Union

from ._native import DEFAULT_EVENTS_LIMIT

EVENTS_VERSION = 1


def stream(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """Each JSON line as a dict, after checking its version."""
    for line in lines:
        event = json.loads(line)
        if event.get("v") != EVENTS_VERSION:
            raise ValueError(
                f"an event of version {event.get('v')!r}, this package reads version {EVENTS_VERSION}: {line[:80]}"
            )
        yield event


def events_of(watch: Callable[..., list[str]]) -> Callable[..., Iterator[dict[str, Any]]]:
    """The module function `events` around a puzzle's `_watch`."""

    def events(
        text: str,
        *,
        algo: Optional[str] = None,
        limit: int = DEFAULT_EVENTS_LIMIT,
        count_up_to: Optional[int] = None,
        node_limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        memory_limit: Optional[int] = None,
        seed: Optional[int] = None,
        **settings: Union[bool, int, str],
    ) -> Iterator[dict[str, Any]]:
        """The events of one watched solve of `text` (docs/events.md): the
        `run` event, then the search's (`generate`, `expand`, `goal`, ...,
        or csp's `decide`, `prune`, `solution`), at most `limit` of them
        (by default the binary's 100,000, `DEFAULT_EVENTS_LIMIT`) and a
        `cut` event; the algorithms, limits and the crate's own settings
        as `solve` takes them. Raises ValueError for an algorithm that
        reports no events, as the binary refuses `--events` with it."""
        return stream(
            watch(
                text,
                algo=algo,
                limit=limit,
                count_up_to=count_up_to,
                node_limit=node_limit,
                time_limit=time_limit,
                memory_limit=memory_limit,
                seed=seed,
                **settings,
            )
        )

    return events
