"""Lost in the Woods (solo): the engine, its manifest, and the odds advisor."""

from companion.engines.lost_in_the_woods.rules import LostInTheWoodsGame, LostInTheWoodsState

GAME = LostInTheWoodsGame()

__all__ = ["GAME", "LostInTheWoodsGame", "LostInTheWoodsState"]
