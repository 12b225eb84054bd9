"""What ``companion prepare`` does for Lost in the Woods: compile the advisor's playouts
(or find them in numba's cache), so the first advice at the table comes at once."""

from __future__ import annotations

from companion.engines.lost_in_the_woods.advisor import kernel


def prepare() -> str:
    kernel.warm()
    return "the advice's playouts are compiled"
