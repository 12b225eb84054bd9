"""Little Dead Riding Hood: lanes of forest tiles, zombie wolves and a combat bag.

The engine follows the rulebook with decisions LD1-LD10 of rules-decisions.md and
the engine's own documented gaps (docs/games/little-dead-riding-hood.md).
Event cards are the app's digital deck (the engine knows every hand) or the real
cards (option ``event_cards = "table"``: the engine knows hand sizes and the cards
that can still be unseen).
"""

from companion.engines.little_dead_riding_hood.rules import GAME, LittleDeadRidingHoodGame

__all__ = ["GAME", "LittleDeadRidingHoodGame"]
