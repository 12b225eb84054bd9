"""Beware of the Wolf in player words: spaces, moves, log lines and refusals.

A family never reads a space id: a space is named by the house before it on the
way round ("the 3rd space after the red house", "the 2nd inner space after the
blue house"), and a tree says so.  Pure functions over a Board, so the presenter,
the log and the refusals word a space the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engines.beware_of_the_wolf.board import HOUSE_STEP, Board, wrap360
from companion.engines.beware_of_the_wolf.die import WOLF_FACE

PHASE_WAITING = {
    "set-wolf": "the wolf is being set so that it points at no house",
    "choose-house": "{name} is choosing a house",
    "roll": "the die is being rolled",
    "spin-choice": "{name} rolled the wolf's head and decides whether to spin the wolf",
    "spin": "the wolf is spinning",
    "move": "{name} is moving {roll}",
    "over": "the game is over",
}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st ..."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def _ahead(board: Board, start: float, angle: float) -> float:
    """Degrees from ``start`` to ``angle`` in the direction the arrows run."""
    return wrap360(angle - start) if board.clockwise else wrap360(start - angle)


def space_name(board: Board, space: str) -> str:
    """A space in player words, counted on from the house before it."""
    if space == HOUSE_STEP:
        return "the house"
    here = board.by_id[space]
    for house in board.houses:
        if house.space == space:
            return f"the {house.colour} house's own space"
    door, gap = min(
        ((h, _ahead(board, board.by_id[h.space].angle, here.angle)) for h in board.houses),
        key=lambda pair: pair[1],
    )
    door_angle = board.by_id[door.space].angle
    if here.ring == "inner" and gap <= here.half_width:
        return f"the inner space beside the {door.colour} house"
    count = sum(
        1
        for s in board.spaces
        if s.ring == here.ring
        and 0.0 < (ahead := _ahead(board, door_angle, s.angle)) <= gap
        and not (s.ring == "inner" and ahead <= s.half_width)
    )
    ring = "inner space" if here.ring == "inner" else "space"
    tree = " (a tree)" if here.tree else ""
    return f"the {ordinal(count)} {ring} after the {door.colour} house{tree}"


def places(board: Board, spaces: Sequence[str]) -> str:
    """Several spaces in words: "A", "A and B", "A, B and C"."""
    ordered = sorted(spaces, key=lambda s: (board.by_id[s].ring != "outer", board.by_id[s].angle))
    names = [space_name(board, s) for s in ordered]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def route_words(board: Board, path: Sequence[str], others: Sequence[Sequence[str]]) -> str:
    """How this way differs from the other ways of the same throw to the same space."""
    inner = any(board.by_id[s].ring == "inner" for s in path if s != HOUSE_STEP)
    if not any(
        any(board.by_id[s].ring == "inner" for s in o if s != HOUSE_STEP) == inner for o in others
    ):
        return "by the inner path" if inner else "along the outer path"
    for i, space in enumerate(path[:-1]):
        if all(len(o) <= i or o[i] != space for o in others):
            return f"by {space_name(board, space)}"
    return "by another way"  # pragma: no cover - two routes of one throw always differ somewhere


def move_label(
    board: Board, path: Sequence[str], others: Sequence[Sequence[str]], colour: str
) -> str:
    """The choice a player reads for one move; ``others`` end on the same space."""
    end = path[-1]
    where = f"into the {colour} house" if end == HOUSE_STEP else f"to {space_name(board, end)}"
    label = f"Move {where}"
    if others:
        label += f", {route_words(board, path, others)}"
    return label


def face_words(face: int | str | None) -> str:
    return "the wolf's head" if face == WOLF_FACE else str(face)


def face_label(face: int | str | None) -> str:
    """A die face on its button ("Wolf's head"): short enough for one line in a grid of
    three, so without the article ``face_words`` gives it in a sentence."""
    words = face_words(face).removeprefix("the ")
    return words[:1].upper() + words[1:]


def back_to(board: Board, end: str | None) -> str:
    return "back to the house" if end is None else f"back to {space_name(board, end)}"


def refuse_setup(degrees: int) -> str:
    return (
        f"That is not possible: at {degrees} degrees the wolf points at a house, and at the "
        "start it must point at no house. Turn it away from the houses."
    )


def refuse_house(colour: str, board: Board, name: str) -> str:
    index = board.house_index.get(colour)
    if index is None:
        known = ", ".join(h.colour for h in board.houses)
        return f"This board has no {colour} house (its houses: {known})."
    return f"The {colour} house is taken: {name} chooses a free house."


def refuse_forfeit(roll: int | str | None) -> str:
    return f"No way to move {roll} avoids the wolf; the throw is forfeited."


def refuse_move(
    board: Board,
    end: str,
    roll: int | str | None,
    paths: Sequence[Sequence[str]],
    zone: frozenset[str],
    colour: str | None,
) -> str:
    """Why a move to ``end`` is refused, given the legal ``paths`` of this throw."""
    if not paths:
        return refuse_forfeit(roll)
    if end != HOUSE_STEP and end not in board.by_id:
        return f"That is not a space of this board: choose one of the {len(paths)} moves."
    where = f"the {colour} house" if end == HOUSE_STEP else space_name(board, end)
    reaching = [p for p in paths if p[-1] == end]
    if len(reaching) > 1:
        return f"Two ways of {roll} lead to {where}: choose one of them."
    if reaching:
        return f"That is not the way to {where}: choose one of the moves."
    if end in zone and not board.by_id[end].tree:
        return f"The wolf guards {where} and it has no tree: a move may not end there."
    return f"{where[0].upper()}{where[1:]} is not a move for {roll}: choose a highlighted space."


# -- the public log: one line per step ------------------------------------------------


def wolf_set(pointed: str) -> str:
    return f"The wolf is set pointing at {pointed}."


def chose(name: str, colour: str) -> str:
    return f"{name} chose the {colour} house."


def rolled(name: str, face: int | str) -> str:
    return f"{name} rolled {face_words(face)}."


def spins(name: str) -> str:
    return f"{name} spins the wolf."


def wolf_stops(pointed: str) -> str:
    return f"The wolf stops, pointing at {pointed}."


def caught_nobody() -> str:
    return "The wolf catches nobody."


def leaves(name: str) -> str:
    return f"{name} leaves the wolf where it is."


def forfeits(name: str) -> str:
    return f"{name} forfeits the throw: no way avoids the wolf."


def moved(board: Board, name: str, end: str) -> str:
    return f"{name} moved to {space_name(board, end)}."


def came_home(name: str) -> str:
    return f"{name} came home with an exact throw."


def caught(board: Board, who: str, end: str | None) -> str:
    return f"The wolf caught {who}: {back_to(board, end)}."


def threw_out(board: Board, mover: str, who: str, end: str | None) -> str:
    return f"{mover} threw {who} out: {back_to(board, end)}."


def end_reason(names: str, end: str, round_limit: int) -> str:
    """Why the game ended (lower case: the presenter makes it a sentence)."""
    if end == "home":
        return f"{names} came home with an exact throw after a round in the forest"
    return f"after {round_limit} rounds the game stopped; furthest along: {names}"


# -- refusals -----------------------------------------------------------------------------


def refuse_spin(degrees: int) -> str:
    return f"The wolf points at 0 to 359 degrees, not {degrees}."


def refuse_now(waiting: str) -> str:
    return f"That is not possible now: {waiting}."
