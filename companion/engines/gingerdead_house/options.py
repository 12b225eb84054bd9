"""Gingerdead House's house-rule options, each with the rulebook sentence it interprets."""

from __future__ import annotations

from companion.engines.base import Option

MODE = Option(
    key="mode",
    default="last-house",
    description=(
        "last-house: the last house standing wins. co-op: 2 vs 2 (4 players), you win and lose "
        "as a team. monster-hunter: score the power of the monsters you destroy (X = 0)."
    ),
    rulebook=(
        "If your gingerbread house is the last standing, congratulations you won! ... "
        "Co-op: This is a team-based version where it is a 2 vs. 2 deathmatch! ... Monster "
        "Hunter: In this version, you keep all monsters that you destroy in a pile next to your deck."
    ),
    decision="GH7",
    choices=("last-house", "co-op", "monster-hunter"),
)

TEAMS = Option(
    key="teams",
    default="across",
    description=(
        "Co-op teams: across = players 1 and 3 against 2 and 4 (partners sit opposite); "
        "side-by-side = players 1 and 2 against 3 and 4."
    ),
    rulebook="Co-op: This is a team-based version where it is a 2 vs. 2 deathmatch!",
    decision="GH7",
    choices=("across", "side-by-side"),
)

PLAYER_DECKS = Option(
    key="player_decks",
    default="digital",
    description=(
        "digital: the app shuffles and deals each player's deck and knows every hand. table: "
        "players draw real cards; the app counts hands and learns a card when it is played."
    ),
    rulebook="Draw from your deck until you reveal 3 defense cards.",
    decision="GH14",
    choices=("digital", "table"),
)

ROUND_LIMIT = Option(
    key="round_limit",
    default=30,
    description=(
        "The game ends after this many rounds. Last house standing and Co-op: the surviving "
        "house(s) with the least monster power on their fields win (ties share). Monster "
        "Hunter: the scores decide as usual."
    ),
    rulebook="If your gingerbread house is the last standing, congratulations you won!",
    decision="GH8",
    minimum=5,
    maximum=100,
)

OPTIONS = (MODE, TEAMS, PLAYER_DECKS, ROUND_LIMIT)


def team_of_each(players: int, mode: str, teams: str) -> list[int]:
    """Each player's team: their own outside Co-op, two pairs in Co-op."""
    if mode != "co-op":
        return list(range(players))
    return [0, 1, 0, 1] if teams == "across" else [0, 0, 1, 1]
