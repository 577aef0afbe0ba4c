"""csp-core from Python: a `Model` of variables with integer domains,
all-different, binary constraints (`not_equal`, a `table` of allowed pairs,
or a Python predicate with `binary`), solved by forward checking (`"fc"`),
AC-3 then forward checking (`"ac3-fc"`) or MAC (`"mac"`), under a variable
order (`"input"`, `"mrv"`, `"mrv-degree"`, `"dom-wdeg"`) and a value order
(`"ascending"`, `"descending"`, `"lcv"`); `ac3()` runs AC-3 alone and returns
its trace.

    >>> from puzzle_solvers.csp import Model
    >>> model = Model()
    >>> a, b = model.var(range(2), "a"), model.var(range(2), "b")
    >>> model.not_equal(a, b)
    >>> model.count()
    (2, True)
"""

from ._native import csp as _csp

Model = _csp.Model

__all__ = ["Model"]
