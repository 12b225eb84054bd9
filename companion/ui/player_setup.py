"""Who is playing: a name and a colour for each player, and who begins.

Names are typed on the on-screen keyboard or taken with one tap from the recent
names.  Who begins follows the rulebook (``Game.first_player``): the youngest
(the players tap who that is) or a random player (the app draws).  The rows are
the seats in turn order, so the beginner becomes player 1 by turning the table,
never by reordering it.
"""

from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.base import Game
from companion.roster import default_name, is_default_name
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.players import game_colour, ink
from companion.ui.screens import load_kv

load_kv(__file__)

RULEBOOK_BEGINS = {
    "youngest": "The rulebook: the youngest player begins. Tap Begins beside them.",
    "random": "The rulebook: a random player begins.",
    "in-game": "The game itself chooses who begins, as its first step.",
    "": "The rulebook does not say who begins: tap Begins beside who starts.",
}


def turned(names: list[str], first: int) -> list[str]:
    """The seats in turn order starting with seat ``first``."""
    return names[first:] + names[:first]


class PlayerSetup(BoxLayout):
    """The players' rows on New game; ``chosen_names()`` gives them in turn order."""

    begins = NumericProperty(0)
    app_draws = BooleanProperty(False)
    rule_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: Game | None = None
        self.names: list[str] = []
        self.recent: list[str] = []
        self.rng = random.SystemRandom()

    def prepare(self, game: Game, names: list[str], recent: list[str]) -> None:
        self.game = game
        self.names = list(names)
        self.recent = list(recent)
        self.begins = 0
        self.app_draws = game.first_player == "random"
        solo = game.max_players == 1
        self.rule_text = "" if solo else RULEBOOK_BEGINS.get(game.first_player, RULEBOOK_BEGINS[""])
        self.redraw()

    def set_count(self, players: int) -> None:
        while len(self.names) < players:
            spare = [n for n in self.recent if n not in self.names]
            self.names.append(spare[0] if spare else default_name(len(self.names)))
        del self.names[players:]
        self.begins = min(self.begins, players - 1)
        self.redraw()

    # -- what the rows do ------------------------------------------------------------
    def rename(self, seat: int) -> None:
        def done(name: str) -> None:
            if name in self.names[:seat] + self.names[seat + 1 :]:
                name = self.names[seat]  # two players never share a name
            self.names[seat] = name
            self.redraw()

        NameKeyboard(
            f"Name of the player in seat {seat + 1}", self._typing_start(seat), done
        ).open()

    def _typing_start(self, seat: int) -> str:
        name = self.names[seat]
        return "" if is_default_name(name) else name

    def take_recent(self, name: str) -> None:
        """A recent name fills the first seat still called "Player N"."""
        if name in self.names:
            return
        for seat, current in enumerate(self.names):
            if is_default_name(current):
                self.names[seat] = name
                break
        self.redraw()

    def set_begins(self, seat: int) -> None:
        self.app_draws = False
        self.begins = seat
        self.redraw()

    def toggle_draw(self) -> None:
        self.app_draws = not self.app_draws
        self.redraw()

    @property
    def asks(self) -> bool:
        """Whether New game asks who begins (not when the game's own first step does,
        nor in a game for one)."""
        if self.game is None:
            return True
        return self.game.first_player != "in-game" and self.game.max_players > 1

    def chosen_names(self) -> list[str]:
        """The names in turn order: the beginner (asked, or drawn now) is player 1."""
        if not self.asks:
            return list(self.names)
        first = self.rng.randrange(len(self.names)) if self.app_draws else self.begins
        return turned(self.names, first)

    # -- drawing ---------------------------------------------------------------------
    def redraw(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        count = len(self.names)
        for seat, name in enumerate(self.names):
            row = Factory.PlayerRow()
            colour = self._colour_of(seat, count)
            row.swatch = colour[1]
            row.colour_name = colour[0]
            row.ids.name_button.text = name
            row.ids.name_button.bind(on_release=lambda _b, s=seat: self.rename(s))
            begins = row.ids.begins_button
            chosen = self.asks and seat == self.begins and not self.app_draws
            begins.text = "Begins" if chosen else "-"
            begins.state = "down" if chosen else "normal"
            begins.opacity = 1 if self.asks else 0
            begins.disabled = not self.asks
            begins.bind(on_release=lambda _b, s=seat: self.set_begins(s))
            rows.add_widget(row)
        self._even_chips(rows.children)
        chips = self.ids.recent
        chips.clear_widgets()
        for name in self.recent:
            if name in self.names:
                continue
            chip = Factory.QuietTap(text=name, size_hint_x=None, width=max(96, 14 * len(name)))
            chip.bind(on_release=lambda b: self.take_recent(b.text))
            chips.add_widget(chip)
        draw = self.ids.draw_button
        draw.text = "The app draws who begins" if self.app_draws else "Let the app draw who begins"
        draw.opacity = 1 if self.asks else 0
        draw.disabled = not self.asks

    @staticmethod
    def _even_chips(rows: list[Any]) -> None:
        """Every colour chip as wide as the widest name, so each holds its whole name
        ("Frosting Pink") and the name buttons line up."""
        chips = [row.ids.colour_chip for row in rows]
        for chip in chips:
            chip.texture_update()
        widest = max((chip.texture_size[0] for chip in chips), default=0)
        for row in rows:
            row.chip_width = max(dp(84), widest + dp(16))

    def _colour_of(self, seat: int, count: int) -> tuple[str, Any]:
        """Seat ``seat``'s colour once the beginner is player 1 (while asking)."""
        index = seat if self.app_draws or not self.asks else (seat - self.begins) % count
        assert self.game is not None
        name, rgba = game_colour(self.game, index)
        return name, rgba


__all__ = ["PlayerSetup", "ink", "turned"]
