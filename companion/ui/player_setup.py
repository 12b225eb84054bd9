"""Who is playing: a name and a colour for each player, and who begins.

Names are typed on the on-screen keyboard or taken with one tap from the recent
names.  A tap on a colour chip picks the player's piece from the game's own (a
piece another player holds swaps over); a name brings back the piece it played
last time when that piece is free.  Who begins follows the rulebook (``Game.first_player``): the youngest
(the players tap who that is) or a random player (the app draws).  The rows are
the seats in turn order, so the beginner becomes player 1 by turning the table,
never by reordering it; each player's piece turns with them.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.base import Game
from companion.roster import default_name, is_default_name
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.pick_list import PickList
from companion.ui.players import NEUTRAL, ink, piece_colour
from companion.ui.screens import load_kv

load_kv(__file__)

RULEBOOK_BEGINS = {
    "youngest": "The rulebook: the youngest player begins. Tap Begins beside them.",
    "random": "The rulebook: a random player begins.",
    "in-game": "The game itself chooses who begins, as its first step.",
    "": "The rulebook does not say who begins: tap Begins beside who starts.",
}

T = TypeVar("T")


def turned(seats: list[T], first: int) -> list[T]:
    """The seats in turn order starting with seat ``first``."""
    return seats[first:] + seats[:first]


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
        self.pieces: list[int] = []
        """Each row's piece (an index into ``Game.piece_colours``)."""
        self.last_pieces: dict[str, int] = {}
        """The piece each name played last time in this game."""
        self.rng = random.SystemRandom()

    def prepare(
        self,
        game: Game,
        names: list[str],
        recent: list[str],
        last_pieces: dict[str, int] | None = None,
    ) -> None:
        self.game = game
        self.names = list(names)
        self.recent = list(recent)
        self.last_pieces = dict(last_pieces or {})
        self.pieces = []
        for name in self.names:
            self.pieces.append(self._piece_for(name, self.pieces))
        self.begins = 0
        self.app_draws = game.first_player == "random"
        solo = game.max_players == 1
        self.rule_text = "" if solo else RULEBOOK_BEGINS.get(game.first_player, RULEBOOK_BEGINS[""])
        self.redraw()

    def set_count(self, players: int) -> None:
        while len(self.names) < players:
            spare = [n for n in self.recent if n not in self.names]
            self.names.append(spare[0] if spare else default_name(len(self.names)))
            self.pieces.append(self._piece_for(self.names[-1], self.pieces))
        del self.names[players:]
        del self.pieces[players:]
        self.begins = min(self.begins, players - 1)
        self.redraw()

    # -- what the rows do ------------------------------------------------------------
    def rename(self, seat: int) -> None:
        def done(name: str) -> None:
            if name in self.names[:seat] + self.names[seat + 1 :]:
                name = self.names[seat]  # two players never share a name
            self._name_seat(seat, name)
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
                self._name_seat(seat, name)
                break
        self.redraw()

    def _name_seat(self, seat: int, name: str) -> None:
        """``name`` sits in ``seat``, taking its piece from last time if nobody holds it."""
        self.names[seat] = name
        piece = self.last_pieces.get(name)
        others = self.pieces[:seat] + self.pieces[seat + 1 :]
        if piece is not None and piece < self._piece_count() and piece not in others:
            self.pieces[seat] = piece

    # -- pieces ------------------------------------------------------------------------
    def _piece_count(self) -> int:
        return len(self.game.piece_colours) if self.game is not None else 0

    @property
    def chooses_pieces(self) -> bool:
        """Whether the players pick pieces here: not in a game that names none (Beware
        of the Wolf's players choose their houses as the game's first step)."""
        return self._piece_count() > 0

    def _piece_for(self, name: str, taken: list[int]) -> int:
        """A new row's piece: the one ``name`` played last time if free, else the first free."""
        count = max(self._piece_count(), len(taken) + 1)
        last = self.last_pieces.get(name)
        if last is not None and last < count and last not in taken:
            return last
        return next(p for p in range(count) if p not in taken)

    def choose_piece(self, seat: int) -> None:
        """The game's pieces as a pick-list, the name's piece from last time first."""
        if not self.chooses_pieces:
            return
        assert self.game is not None
        order = list(range(self._piece_count()))
        last = self.last_pieces.get(self.names[seat])
        if last in order:
            order.remove(last)
            order.insert(0, last)
        choices = [(piece, self._piece_label(piece, seat)) for piece in order]
        swatches = [piece_colour(self.game, piece)[1] for piece in order]
        PickList(
            f"{self.names[seat]}'s colour", choices, lambda p: self.set_piece(seat, p), swatches
        ).open()

    def _piece_label(self, piece: int, seat: int) -> str:
        name = piece_colour(self.game, piece)[0] if self.game is not None else ""
        if piece not in self.pieces:
            return name
        holder = self.pieces.index(piece)
        return f"{name} (now)" if holder == seat else f"{name} (swap with {self.names[holder]})"

    def set_piece(self, seat: int, piece: int) -> None:
        """Seat ``seat`` plays ``piece``; whoever held it takes this seat's piece."""
        if piece in self.pieces:
            self.pieces[self.pieces.index(piece)] = self.pieces[seat]
        self.pieces[seat] = piece
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
        return self.chosen_players()[0]

    def chosen_players(self) -> tuple[list[str], list[int] | None]:
        """The names in turn order (the beginner, asked or drawn now, is player 1) and
        each one's piece (None in a game without pieces to choose)."""
        first = 0
        if self.asks:
            first = self.rng.randrange(len(self.names)) if self.app_draws else self.begins
        pieces = turned(self.pieces, first) if self.chooses_pieces else None
        return turned(self.names, first), pieces

    # -- drawing ---------------------------------------------------------------------
    def redraw(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        for seat, name in enumerate(self.names):
            row = Factory.PlayerRow()
            if self.chooses_pieces:
                assert self.game is not None
                row.colour_name, row.swatch = piece_colour(self.game, self.pieces[seat])
                row.ids.colour_chip.bind(on_release=lambda _b, s=seat: self.choose_piece(s))
            else:
                row.colour_name, row.swatch = "", NEUTRAL
                row.ids.colour_chip.disabled = True
                row.ids.colour_chip.opacity = 0
            row.ids.name_button.text = name
            row.ids.name_button.bind(on_release=lambda _b, s=seat: self.rename(s))
            begins = row.ids.begins_button
            chosen = self.asks and seat == self.begins and not self.app_draws
            begins.text = "Begins" if chosen else "Begins?"
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
            chip = Factory.RecentName(text=name)
            chip.bind(on_release=lambda b: self.take_recent(b.text))
            chips.add_widget(chip)
        self._fit_recent(chips.children)
        draw = self.ids.draw_button
        draw.text = (
            "The app will draw who begins" if self.app_draws else "Let the app draw who begins"
        )
        draw.opacity = 1 if self.asks else 0
        draw.disabled = not self.asks

    def on_kv_post(self, _base: Any) -> None:
        app = App.get_running_app()
        if app is not None:
            app.bind(text_scale=lambda *_: Clock.schedule_once(self._rescaled))

    def _rescaled(self, _dt: float = 0.0) -> None:
        """The window grew or shrank: the chips' words did too, so measure them again."""
        self._even_chips(self.ids.rows.children)
        self._fit_recent(self.ids.recent.children)

    @staticmethod
    def _fit_recent(chips: list[Any]) -> None:
        """Each recent name's button as wide as its name at the current text size (a
        width bound to the words' own size would make the words wrap to it, and so on).
        Size and font are set here, not in kv: a kv file loaded before widgets.kv would
        have Tap's own 18sp and 56dp win over RecentName's rule."""
        app = App.get_running_app()
        scale = app.text_scale if app is not None else 1.0
        least = dp(96) * scale
        for chip in chips:
            chip.font_size = sp(18) * scale
            chip.height = dp(56) * scale
            chip.text_size = (None, None)
            chip.texture_update()
            chip.width = max(least, chip.texture_size[0] + dp(24))

    @staticmethod
    def _even_chips(rows: list[Any]) -> None:
        """Every colour chip as wide as the widest name, so each holds its whole name
        ("Frosting Pink") and the name buttons line up."""
        chips = [row.ids.colour_chip for row in rows]
        for chip in chips:
            chip.texture_update()
        widest = max((chip.texture_size[0] for chip in chips), default=0)
        app = App.get_running_app()
        least = dp(84) * (app.text_scale if app is not None else 1.0)
        for row in rows:
            row.chip_width = max(least, widest + dp(16)) if widest else 0


__all__ = ["PlayerSetup", "ink", "turned"]
