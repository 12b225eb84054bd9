"""Gingerdead House: fields of 4 lanes by 5 rows, a card catalogue, monsters and combat."""

from companion.engines.gingerdead_house.rules import GAME, GingerdeadHouseGame, GingerdeadState

__all__ = ["GAME", "GingerdeadHouseGame", "GingerdeadState"]
