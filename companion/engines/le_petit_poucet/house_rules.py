"""The house rules of Le Petit Poucet (decisions PP8, PP9, PP10) and their values.

The choices of ``removed_series`` come from the box's series, so the options are
built from a loaded box (``options_for``), not at import.
"""

from __future__ import annotations

import itertools

from companion.engines.base import Option
from companion.engines.le_petit_poucet.box import Box

FURTHEST_WIN = "furthest-win"
EVERYONE_LOSES = "everyone-loses"

LESS_QUICK = Option(
    key="less_quick",
    default=False,
    title="Variant for the Less Quick",
    description=(
        "Instead of a speed grab, each child in turn is asked whether they take the "
        "revealed card, clockwise from the first player's left, ending with the first player."
    ),
    rulebook=(
        "They begin by asking their left-hand neighbour. If that player takes the card, "
        "[...] Otherwise, the question is put to the next player clockwise, finishing "
        "with the first player themselves."
    ),
    decision="PP9",
)

TOKENS_RUN_OUT = Option(
    key="tokens_run_out",
    default=FURTHEST_WIN,
    title="If the tree tokens run out",
    description=(
        "Who wins when the tree tokens run out before anyone reaches the parents' cottage."
    ),
    rulebook=(
        "A game consists of several turns and ends when one of the players reaches the "
        "parents' cottage, or when the Ogre has caught up with all players except one"
    ),
    decision="PP8",
    choices=(FURTHEST_WIN, EVERYONE_LOSES),
    choice_labels=("The children furthest along win", "Everyone loses"),
)


def removal_choices(box: Box | None) -> tuple[str, ...]:
    """Every way to leave whole series out (PP10), keeping at least one series.

    Written as series keys joined by commas, in box order; "" keeps them all (and is
    the only choice when the box could not be read).
    """
    keys = box.series_keys() if box is not None else ()
    choices = [
        ",".join(combo) for size in range(len(keys)) for combo in itertools.combinations(keys, size)
    ]
    return tuple(choices) or ("",)


def removed_series_option(box: Box | None) -> Option:
    """Easier games: the series to leave in the box, one toggle per series on screen
    (the value stays the series keys joined by commas, as saved games have it)."""
    return Option(
        key="removed_series",
        default="",
        title="Easier games: series left out",
        description=(
            "Leave whole tree series, tokens and cards, in the box for an easier game; "
            "tap a series to leave it out or bring it back."
        ),
        nothing_picked="All series in play",
        rulebook=(
            "For easier games, remove from the game the Tree tokens (and associated cards) "
            "showing 2 vertical holes or 2 horizontal holes (or both types)."
        ),
        decision="PP10",
        choices=removal_choices(box),
        members=tuple((s.key, s.name) for s in box.series) if box is not None else (),
    )


def options_for(box: Box | None) -> tuple[Option, ...]:
    """The game's house rules, in the order the settings show them."""
    return (LESS_QUICK, removed_series_option(box), TOKENS_RUN_OUT)


def removed_series(option: str) -> frozenset[str]:
    """The series keys named by the ``removed_series`` option ("" or "a,b")."""
    return frozenset(key for key in option.split(",") if key)
