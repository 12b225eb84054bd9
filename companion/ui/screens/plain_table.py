"""The plain table screen: any registered game, played from its player's view.

Until a game has its own screen, this one shows the view's turn banner, headline,
choices, chance entry and ending with the shared widgets, so no game is ever
unreachable and every game is playable from its presenter alone.
"""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.ui import view_widgets  # noqa: F401  (the shared widgets its kv uses)
from companion.ui.game_screen import GameScreen
from companion.ui.screens import load_kv

load_kv(__file__)


class PlainTableScreen(GameScreen):
    headline = StringProperty("")
    details = StringProperty("")

    def refresh(self) -> None:
        if self.controller is None:
            return
        view = self.controller.view()
        controller = self.controller
        self.headline = view.headline
        self.details = "\n".join(line.text for line in view.log[-6:])
        turn = self.ids.turn
        if view.turn is not None:
            turn.show(f"{controller.player_name(view.turn)}'s turn", view.turn, controller.game)
        else:
            turn.show("The table" if view.end is None else "Game over", None)
        self.ids.choices.show(view.choices, controller.choose)
        self.ids.chance.show(view.chance, controller.draw, controller.enter_outcome)
        self.ids.end.show(view.end, controller.player_name, controller.game)
