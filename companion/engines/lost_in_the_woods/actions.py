"""The texts of Lost in the Woods actions: every action is its own readable string."""

from __future__ import annotations

DRAW = "draw"
END_ROUND = "end the round"
USE_TORCH = "use the torch"
LIGHT_TORCH = "light the torch (1 time)"
DROP_TORCH = "discard the torch"
SKIP_WELL = "skip the well"
SKIP_SIGNPOST = "skip the signpost"
SKIP_COMPASS = "skip the compass"
DRAWN = "drawn: "
SHUFFLED = "shuffled: "


def well_action(symbol: str) -> str:
    return f"use the well on {symbol}"


def lightning_action(symbol: str) -> str:
    return f"lightning on {symbol}"


def signpost_action(symbol: str) -> str:
    return f"signpost {symbol} (1 time)"


def compass_action(symbol: str) -> str:
    return f"compass as {symbol} (1 time)"


def place_action(symbol: str) -> str:
    return f"place {symbol}"


def symbol_of(action: str, prefix: str, suffix: str = "") -> str:
    return action[len(prefix) : len(action) - len(suffix)]
