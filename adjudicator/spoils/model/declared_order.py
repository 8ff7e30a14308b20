"""Tables read in order whose order is declared where they are read, never by which module is imported
first: an entry takes its place from its ``module.function`` name (the module's last name) in the order."""
from __future__ import annotations

from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def short_name(fn: Callable[..., Any]) -> str:
    return f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"


def take_place(table: list[Any], order: tuple[str, ...], fn: F, where: str) -> F:
    """Puts ``fn`` into ``table`` at the place ``order`` gives it.  Raises RuntimeError for a function
    the order does not name (``where`` says which order to add it to)."""
    if short_name(fn) not in order:
        raise RuntimeError(f"{short_name(fn)} is not in {where}: say there where it is asked")
    if fn not in table:
        table.append(fn)
        table.sort(key=lambda f: order.index(short_name(f)))
    return fn
