"""The table's cues, each also shown on the RGB LED where one is wired.

Every game screen raises its cues through one object (a turn, a win or a loss from
the views; a wolf's catch, a bag result, a breakthrough from the screen itself), so
lighting them here gives every game the LED without a line of its own.  Between
moments the LED holds the current player's colour; at the end, the winner's.  A bag
result has no pattern here: the combat bag flashes its token on this same light.
"""

from __future__ import annotations

from companion.devices.table_light import OFF, TABLE_WHITE, Colour, TableLight, led_colour
from companion.ui.controller import GameController
from companion.ui.cues import TableCues
from companion.ui.services import Services
from companion.ui.view_widgets import player_colour


class LitCues(TableCues):
    def __init__(self, controller: GameController, services: Services, light: TableLight) -> None:
        super().__init__(controller, services)
        self.light = light
        self.light.hold(self._steady_colour())

    def changed(self) -> None:
        self.light.hold(self._steady_colour())
        super().changed()

    def play(self, name: str) -> None:
        super().play(name)
        self.light.play(name, self._steady_colour())

    def _steady_colour(self) -> Colour:
        """The current player's colour; the winner's at the end (dark if nobody won);
        at a chance step (nobody deciding) the last player's, or a dim white before any."""
        view = self.controller.view()
        game = self.controller.game
        if view.end is not None:
            winners = view.end.winners
            return led_colour(player_colour(winners[0], game)) if winners else OFF
        if view.turn is None:
            return self.light.steady if self.light.steady != OFF else TABLE_WHITE
        return led_colour(player_colour(view.turn, game))
