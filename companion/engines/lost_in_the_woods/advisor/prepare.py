"""What ``companion prepare`` does for Lost in the Woods: compile the advisor's playouts
(or find them in numba's cache), so the first advice at the table comes at once."""

from __future__ import annotations

from companion.engines.lost_in_the_woods.advisor import kernel


def prepare() -> str:
    if not kernel.COMPILED:
        return "numba is not installed here: the advice plays with numpy alone (slower)"
    kernel.warm()
    return "the advice's playouts are compiled"
