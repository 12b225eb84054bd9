"""The test game is the worked template, examples/die_race (docs/writing-a-game.md)."""

from examples.die_race import GAME, DieRaceGame, DieRaceState, Move, Roll

__all__ = ["GAME", "DieRaceGame", "DieRaceState", "Move", "Roll"]
