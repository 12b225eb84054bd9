"""The Le Petit Poucet game description: players, house rules and the manifest."""

from __future__ import annotations

import itertools
from typing import Any

from companion.engines.base import Game, InvalidOptions, Option
from companion.engines.le_petit_poucet.manifest import Manifest, load_manifest
from companion.engines.le_petit_poucet.rules import PoucetState
from companion.engines.le_petit_poucet.terms import EVERYONE_LOSES, FURTHEST_WIN, removed_series

MANIFEST = load_manifest()


def removal_choices(manifest: Manifest) -> tuple[str, ...]:
    """Every way to leave whole series out (PP10), keeping at least one series.

    Written as series keys joined by commas, in manifest order; "" keeps them all.
    """
    keys = manifest.series_keys()
    choices = [
        ",".join(combo) for size in range(len(keys)) for combo in itertools.combinations(keys, size)
    ]
    return tuple(choices)


def game_length_bound(manifest: Manifest, players: int) -> int:
    """A true upper bound on actions in one game.

    Each turn sets one tree aside, so there are at most as many turns as trees (and
    the Ogre sweeps the path within forest_spaces + 3 turns).  A turn is: draw, one
    touch per player, per card one reveal plus up to one answer per player, one vote
    per player, the check.
    """
    trees = len(manifest.trees)
    turns = min(trees, manifest.forest_spaces + 3)
    per_turn = 1 + players + trees * (1 + players) + players + 1
    return 1 + turns * per_turn


class LePetitPoucetGame(Game):
    id = "le-petit-poucet"
    name = "Le Petit Poucet"
    min_players = 2
    max_players = 5
    max_game_length = game_length_bound(MANIFEST, 5)
    options = (
        Option(
            key="less_quick",
            default=False,
            description=(
                "Variant for the Less Quick: instead of a speed grab, each child is asked in "
                "turn whether they take the revealed card, from the first player's left-hand "
                "neighbour clockwise, ending with the first player."
            ),
            rulebook=(
                "They begin by asking their left-hand neighbour. If that player takes the card, "
                "[...] Otherwise, the question is put to the next player clockwise, finishing "
                "with the first player themselves."
            ),
            decision="PP9",
        ),
        Option(
            key="removed_series",
            default="",
            description=(
                "Easier games: tree series left in the box (tokens and cards), as series keys "
                "from the manifest joined by commas. Empty plays with every tree."
            ),
            rulebook=(
                "For easier games, remove from the game the Tree tokens (and associated cards) "
                "showing 2 vertical holes or 2 horizontal holes (or both types)."
            ),
            decision="PP10",
            choices=removal_choices(MANIFEST),
        ),
        Option(
            key="tokens_run_out",
            default=FURTHEST_WIN,
            description=(
                "If the tree tokens run out before anyone wins: the children in the forest "
                "furthest along the path win, or everyone loses."
            ),
            rulebook=(
                "A game consists of several turns and ends when one of the players reaches the "
                "parents' cottage, or when the Ogre has caught up with all players except one"
            ),
            decision="PP8",
            choices=(FURTHEST_WIN, EVERYONE_LOSES),
        ),
    )

    def __init__(self, manifest: Manifest | None = None) -> None:
        self.manifest = manifest or MANIFEST

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> PoucetState:
        unknown = removed_series(options["removed_series"]) - set(self.manifest.series_keys())
        if unknown:
            raise InvalidOptions(f"removed_series names unknown series {sorted(unknown)}")
        return PoucetState(self, players, options, seed, self.manifest)


GAME = LePetitPoucetGame()
