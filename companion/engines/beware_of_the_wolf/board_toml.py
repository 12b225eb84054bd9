"""Writing a Board back out as a TOML file (the stdlib reads TOML but does not write it).

Used by "teach the board" to save an owner's board, and to regenerate the
default board file.  The output is what ``parse_board_toml`` reads back.
"""

from __future__ import annotations

import json

from companion.engines.beware_of_the_wolf.board import Board


def _text(value: str) -> str:
    # A JSON string is a valid TOML basic string for the characters we write.
    return json.dumps(value, ensure_ascii=False)


def _number(value: float) -> str:
    rounded = round(value, 3)
    return repr(float(rounded))


def board_to_toml(board: Board, header: str = "") -> str:
    """The board as a TOML document; ``header`` becomes leading comment lines."""
    lines: list[str] = []
    for line in header.splitlines():
        lines.append(f"# {line}".rstrip())
    if lines:
        lines.append("")
    lines.append("[board]")
    lines.append(f"name = {_text(board.name)}")
    lines.append("format = 1")
    if board.notes:
        lines.append(f"notes = {_text(board.notes)}")
    if board.assumptions:
        lines.append("assumptions = [")
        lines.extend(f"    {_text(a)}," for a in board.assumptions)
        lines.append("]")
    for house in board.houses:
        lines += [
            "",
            "[[house]]",
            f"colour = {_text(house.colour)}",
            f"space = {_text(house.space)}",
        ]
    lines.append("")
    lines.append("# Each space: ring (outer/inner), angle of its centre and half_width in degrees")
    lines.append(
        "# clockwise from the first house, tree = protected, next = where its arrows lead."
    )
    for s in board.spaces:
        nxt = ", ".join(_text(n) for n in s.next)
        lines += [
            "",
            "[[space]]",
            f"id = {_text(s.id)}",
            f"ring = {_text(s.ring)}",
            f"angle = {_number(s.angle)}",
            f"half_width = {_number(s.half_width)}",
            f"tree = {'true' if s.tree else 'false'}",
            f"next = [{nxt}]",
        ]
    return "\n".join(lines) + "\n"
