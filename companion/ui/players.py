"""How the screens show a player: their name and a colour of their own.

The engines know players by index; the table knows them by name and by the colour
of their pieces.  Until a game names its own colours, players get these distinct,
readable colours in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.engines.base import Game

PALETTE_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple")
PALETTE: tuple[tuple[float, float, float, float], ...] = (
    (0.80, 0.20, 0.20, 1),  # red
    (0.20, 0.45, 0.85, 1),  # blue
    (0.90, 0.70, 0.10, 1),  # yellow
    (0.25, 0.65, 0.30, 1),  # green
    (0.60, 0.35, 0.75, 1),  # purple
)
NEUTRAL = (0.28, 0.28, 0.30, 1)


def colour(index: int | None) -> tuple[float, float, float, float]:
    """Player ``index``'s colour (the neutral grey for the table itself)."""
    if index is None or index < 0:
        return NEUTRAL
    return PALETTE[index % len(PALETTE)]


DARK = 0.15
"""Below this luminance a piece colour melts into the dark screen: it needs an outline."""


def luminance(rgba: tuple[float, float, float, float]) -> float:
    """How light a colour looks (0 black to 1 white)."""
    r, g, b, _ = rgba
    return 0.299 * r + 0.587 * g + 0.114 * b


def ink(background: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Black or white text, whichever reads better on ``background``."""
    return (0.05, 0.05, 0.05, 1) if luminance(background) > 0.6 else (1, 1, 1, 1)


def from_hex(text: str) -> tuple[float, float, float, float]:
    """ "#rrggbb" as Kivy's rgba."""
    value = text.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, 1)


def game_colour(game: Game, index: int) -> tuple[str, tuple[float, float, float, float]]:
    """Player ``index``'s piece colour in ``game`` (the piece chosen for that seat at
    New game, kept in the game's setup): its name and rgba."""
    return piece_colour(game, game.piece_of(index))


def piece_colour(game: Game, piece: int) -> tuple[str, tuple[float, float, float, float]]:
    """The name and rgba of ``game``'s piece number ``piece`` (the app's own colours for
    a game that names none)."""
    pieces = game.piece_colours
    if pieces:
        name, hex_colour = pieces[piece % len(pieces)]
        return name, from_hex(hex_colour)
    return PALETTE_NAMES[piece % len(PALETTE)], colour(piece)
