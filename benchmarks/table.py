"""Print benchmark results as an aligned text table."""

from __future__ import annotations

from collections.abc import Sequence


def print_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [[str(h) for h in headers], *[[_fmt(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(cells[0], widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in cells[1:]:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)
