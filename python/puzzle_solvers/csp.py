"""csp-core from Python: a `Model` of variables with integer domains,
all-different, binary constraints (`not_equal`, a `table` of allowed pairs,
or a Python predicate with `binary`), n-ary ones (`table_nary`, and a
Python `predicate` over several variables, the slow path), the globals
(`linear` sums, `at_least`/`at_most`/`exactly`/`cardinality` over 0/1
variables, `regular` automata and `nonogram_line`, `circuit` (one cycle
of chosen edges) and `connected` (chosen nodes in one piece)), solved by forward checking (`"fc"`),
AC-3 then forward checking (`"ac3-fc"`) or MAC (`"mac"`), under a variable
order (`"input"`, `"mrv"`, `"mrv-degree"`, `"dom-wdeg"`) and a value order
(`"ascending"`, `"descending"`, `"lcv"`); `ac3()` runs AC-3 alone and returns
its trace, and `events()` the event stream of a solve.

    >>> from puzzle_solvers.csp import Model
    >>> model = Model()
    >>> a, b = model.var(range(2), "a"), model.var(range(2), "b")
    >>> model.not_equal(a, b)
    >>> model.count()
    (2, True)
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from ._events import stream
from ._native import DEFAULT_EVENTS_LIMIT
from ._native import csp as _csp


class Model(_csp.Model):
    """A constraint problem: variables (by index) with finite integer
    domains and the constraints between them."""

    def events(
        self,
        *,
        limit: int = DEFAULT_EVENTS_LIMIT,
        count_up_to: Optional[int] = None,
        inference: str = "mac",
        var_order: str = "mrv",
        value_order: str = "ascending",
        node_limit: Optional[int] = None,
    ) -> Iterator[dict[str, Any]]:
        """The events of one solve (docs/events.md) as dicts: `run`, then
        `propagate`, `prune` (with the constraint that removed the values),
        `decide`, `refute`, `backtrack`, `solution` and `end`; at most
        `limit` of them and a `cut` event. With `count_up_to`, the events
        of a count of that many solutions."""
        return stream(
            self._event_lines(
                limit=limit,
                count_up_to=count_up_to,
                inference=inference,
                var_order=var_order,
                value_order=value_order,
                node_limit=node_limit,
            )
        )

__all__ = ["Model"]
