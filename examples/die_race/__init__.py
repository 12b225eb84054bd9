"""Die Race: the worked template of a game package (see docs/writing-a-game.md).

On your turn a die is rolled (a chance node); you then move your pawn forward by
the roll or by one.  The first pawn to reach the target square wins.

This module is the package's public face: ``GAME`` (what the registry looks for)
and the names a screen may import.  Nothing else of the package is imported from
outside it.
"""

from examples.die_race.actions import Move, Roll
from examples.die_race.game import DieRaceGame
from examples.die_race.state import DieRaceState
from examples.die_race.view import RaceTable

GAME = DieRaceGame()

__all__ = ["GAME", "DieRaceGame", "DieRaceState", "Move", "RaceTable", "Roll"]
