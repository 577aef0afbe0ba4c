from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

class Model:
    """A constraint problem: variables (by index) with finite integer
    domains and the constraints between them."""

    def __init__(self) -> None: ...
    def var(self, values: Iterable[int], name: Optional[str] = None) -> int: ...
    def name(self, index: int) -> str: ...
    def domain(self, index: int) -> list[int]: ...
    def __len__(self) -> int: ...
    def assign(self, index: int, value: int) -> None: ...
    def all_different(self, indices: Sequence[int]) -> None: ...
    def not_equal(self, x: int, y: int) -> None: ...
    def table(self, x: int, y: int, allowed: Sequence[tuple[int, int]]) -> None: ...
    def binary(self, x: int, y: int, allowed: Callable[[int, int], bool]) -> None: ...
    def table_nary(self, indices: Sequence[int], allowed: Sequence[Sequence[int]]) -> None: ...
    def predicate(self, indices: Sequence[int], allowed: Callable[..., bool]) -> None: ...
    def solve(
        self,
        *,
        inference: str = "mac",
        var_order: str = "mrv",
        value_order: str = "ascending",
        node_limit: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> dict: ...
    def solutions(
        self,
        limit: Optional[int] = None,
        *,
        inference: str = "mac",
        var_order: str = "mrv",
        value_order: str = "ascending",
    ) -> list[dict[str, int]]: ...
    def count(
        self,
        limit: Optional[int] = None,
        *,
        inference: str = "mac",
        var_order: str = "mrv",
        value_order: str = "ascending",
        node_limit: Optional[int] = None,
    ) -> tuple[int, bool]: ...
    def ac3(self) -> dict: ...
    def events(
        self,
        *,
        limit: int = ...,
        count_up_to: Optional[int] = None,
        inference: str = "mac",
        var_order: str = "mrv",
        value_order: str = "ascending",
        node_limit: Optional[int] = None,
    ) -> Iterator[dict[str, Any]]: ...

__all__ = ["Model"]
