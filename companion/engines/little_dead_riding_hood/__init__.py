"""Little Dead Riding Hood: lanes of forest tiles, zombie wolves and a combat bag.

The engine follows the rulebook with decisions LD1-LD10 of rules-decisions.md and
the engine's own documented gaps (docs/games/little-dead-riding-hood.md).
Cards use the app's digital deck: the engine knows every hand.
"""

from companion.engines.little_dead_riding_hood.rules import GAME, LittleDeadRidingHoodGame

__all__ = ["GAME", "LittleDeadRidingHoodGame"]
