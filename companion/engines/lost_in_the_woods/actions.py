"""The Lost in the Woods actions: small frozen values whose text is their stable key.

Version 1 of the game stored every action as its own readable string ("draw",
"drawn: wolf", "place acorn"), and saved games and scenario files name them so.  Each
action type here is therefore an immutable ``str`` subclass: it compares and hashes equal
to that text (old saves, scenarios and tests keep working unchanged), ``key`` is the text,
and the typed fields (``kind``, ``symbol``) are read back from it.  ``parse`` turns any key
into its action without looking at a state, so a well-formed key that is not legal now
still reaches the engine and gets the engine's own reason.
"""

from __future__ import annotations

from typing import ClassVar


class Action(str):
    """A Lost in the Woods action; the text is the key and never changes."""

    __slots__ = ()

    @property
    def key(self) -> str:
        return str(self)


class Plain(Action):
    """An action without a parameter (Draw, End the Round, skip a card's offer...)."""

    __slots__ = ()


class CardAction(Action):
    """An action naming one card kind: ``prefix + kind + suffix``."""

    __slots__ = ()
    prefix: ClassVar[str] = ""
    suffix: ClassVar[str] = ""

    @classmethod
    def of(cls, kind: str) -> CardAction:
        return cls(f"{cls.prefix}{kind}{cls.suffix}")

    @classmethod
    def matches(cls, text: str) -> bool:
        return (
            text.startswith(cls.prefix)
            and text.endswith(cls.suffix)
            and len(text) >= len(cls.prefix) + len(cls.suffix)
        )

    @property
    def kind(self) -> str:
        """The card kind (or good luck symbol) the action names."""
        return self[len(self.prefix) : len(self) - len(self.suffix)]

    symbol = kind


class Drawn(CardAction):
    """A table deck: the card the player drew (a chance outcome)."""

    __slots__ = ()
    prefix = "drawn: "


class Shuffled(CardAction):
    """A digital deck: the app puts the next card of its shuffle into place."""

    __slots__ = ()
    prefix = "shuffled: "


class UseWell(CardAction):
    __slots__ = ()
    prefix = "use the well on "


class Strike(CardAction):
    """Lightning: which Progress card is struck."""

    __slots__ = ()
    prefix = "lightning on "


class Signpost(CardAction):
    __slots__ = ()
    prefix = "signpost "
    suffix = " (1 time)"


class Compass(CardAction):
    __slots__ = ()
    prefix = "compass as "
    suffix = " (1 time)"


class Place(CardAction):
    """End of the round: which set goes into the Forest row next."""

    __slots__ = ()
    prefix = "place "


DRAW = Plain("draw")
END_ROUND = Plain("end the round")
USE_TORCH = Plain("use the torch")
LIGHT_TORCH = Plain("light the torch (1 time)")
DROP_TORCH = Plain("discard the torch")
SKIP_WELL = Plain("skip the well")
SKIP_SIGNPOST = Plain("skip the signpost")
SKIP_COMPASS = Plain("skip the compass")
PLAIN = (
    DRAW,
    END_ROUND,
    USE_TORCH,
    LIGHT_TORCH,
    DROP_TORCH,
    SKIP_WELL,
    SKIP_SIGNPOST,
    SKIP_COMPASS,
)
CARD_ACTIONS: tuple[type[CardAction], ...] = (
    Drawn,
    Shuffled,
    UseWell,
    Strike,
    Signpost,
    Compass,
    Place,
)


def parse(key: str) -> Action | None:
    """The action ``key`` names (legal now or not), or None if it names no action."""
    if not isinstance(key, str):
        return None
    for plain in PLAIN:
        if key == plain:
            return plain
    for kind in CARD_ACTIONS:
        if kind.matches(key):
            return kind(key)
    return None


def well_action(symbol: str) -> Action:
    return UseWell.of(symbol)


def lightning_action(symbol: str) -> Action:
    return Strike.of(symbol)


def signpost_action(symbol: str) -> Action:
    return Signpost.of(symbol)


def compass_action(symbol: str) -> Action:
    return Compass.of(symbol)


def place_action(symbol: str) -> Action:
    return Place.of(symbol)
