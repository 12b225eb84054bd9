"""The Gingerdead House game screen.

Left: one field as a 4 x 5 grid (row 5, where monsters enter, at the top) with a tab per
player.  Right: whose decision it is, the hand (hidden until its owner shows it), the
moves, and the step-by-step log ("Dragon destroys Gummy Grunt in lane 2").  A tap picks a
card or a defense; the tiles it could go to light up; tapping one plays the engine's
legal action.  Flips can be made by the app or entered from the real decks.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.utils import escape_markup

from companion.engines.base import CHANCE
from companion.session.journal import Source
from companion.ui.game_screen import GameScreen
from companion.ui.games.gingerdead_house import view
from companion.ui.games.gingerdead_house.field_grid import FieldGrid  # noqa: F401  (kv rule)
from companion.ui.games.gingerdead_house.view import NOTHING, Selection
from companion.ui.screens import load_kv

LOG_LINES = 14


class GingerdeadScreen(GameScreen):
    headline = StringProperty("")
    status = StringProperty("")
    log_text = StringProperty("")
    hand_visible = BooleanProperty(False)
    hand_secret = BooleanProperty(False)
    shown_field = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.selection: Selection = NOTHING
        self._moment: tuple[int, str, int, int] | None = None
        """Who decides in which phase: when it changes, the selection and hand are reset."""

    # -- drawing -------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        state = self.controller.state
        decider = view.decider(state)
        moment = (decider, state.phase, state.board.active, len(state.board.resurrections))
        if moment != self._moment:
            self._moment = moment
            self.selection = NOTHING
            self.hand_visible = False
            self.shown_field = self._default_field(state)
        elif self.selection != NOTHING and not view.relevant_actions(state, self.selection):
            self.selection = NOTHING
        names = self._names(state)
        self.headline = view.headline(state, names)
        self.status = view.status_line(state, names)
        lines = view.named_lines(state.board.log[-LOG_LINES:], names)
        self.log_text = escape_markup("\n".join(lines))
        self.ids.log_view.scroll_y = 0  # the newest line in view
        self._fill_tabs(state, names)
        self.ids.grid.show(view.tile_views(state, self.shown_field, self.selection), self.tap_tile)
        self._fill_hand(state, decider)
        self._fill_moves(state)

    def _names(self, state: Any) -> list[str]:
        return [self.player_name(p) for p in range(state.num_players)]

    def _default_field(self, state: Any) -> int:
        targets = view.tile_actions(state, NOTHING)
        if targets:
            return next(iter(targets))[0]
        if state.phase == "setup":
            return int(state.setup_player)
        return int(state.board.active)

    def _fill_tabs(self, state: Any, names: list[str]) -> None:
        tabs = self.ids.field_tabs
        tabs.clear_widgets()
        targets = {t[0] for t in view.tile_actions(state, self.selection)}
        for field, label in enumerate(view.field_names(state, names)):
            tab = Factory.Tap(text=label + (" *" if field in targets else ""))
            if field != self.shown_field:
                tab.background_color = (0.28, 0.28, 0.30, 1)
            tab.bind(on_release=lambda _b, f=field: self.show_field(f))
            tabs.add_widget(tab)

    def _fill_hand(self, state: Any, decider: int) -> None:
        hand = self.ids.hand
        hand.clear_widgets()
        cards = view.hand_cards(state, decider)
        digital = decider >= 0 and state.board.cards[decider].digital
        self.hand_secret = digital and state.phase != "setup" and bool(cards)
        if self.hand_secret and not self.hand_visible:
            return
        for card_id, label in cards:
            button = Factory.Tap(text=label, size_hint_x=None, width=dp(150), font_size="14sp")
            if self.selection.card != card_id:
                button.background_color = (0.28, 0.28, 0.30, 1)
            button.bind(on_release=lambda _b, c=card_id: self.pick_card(c))
            hand.add_widget(button)

    def _fill_moves(self, state: Any) -> None:
        moves = self.ids.moves
        moves.clear_widgets()
        if state.current_player() == CHANCE:
            self._fill_chance(state)
            return
        for text, action in view.button_actions(state, self.selection):
            button = Factory.Tap(text=text)
            button.bind(on_release=lambda _b, a=action: self.play(a))
            moves.add_widget(button)

    def _fill_chance(self, state: Any) -> None:
        moves = self.ids.moves
        kind = view.chance_kind(state)
        drawer = state.setup_player if state.phase == "setup" else state.board.active
        digital_deck = state.board.cards[drawer].digital
        app_text = {
            "action": "Let the app flip",
            "monster": "Let the app flip",
            "reveal": "Let the app search",
            "draw": "Let the app deal",
        }[kind]
        if kind in ("action", "monster") or digital_deck:
            button = Factory.Tap(text=app_text)
            button.bind(on_release=lambda *_: self.controller.draw())
            moves.add_widget(button)
        if kind in ("draw", "reveal") and digital_deck:
            return  # the app is this deck: nobody may pick its cards
        for action, probability in state.chance_outcomes():
            text = state.action_to_string(action)
            if kind != "draw":
                text = f"{text} ({probability:.0%})"
            button = Factory.QuietTap(text=text)
            button.bind(on_release=lambda _b, a=action: self.controller.apply(a, Source.MANUAL))
            moves.add_widget(button)

    # -- taps ----------------------------------------------------------------------
    def show_field(self, field: int) -> None:
        self.shown_field = field
        self.refresh()

    def toggle_hand(self) -> None:
        self.hand_visible = not self.hand_visible
        self.refresh()

    def pick_card(self, card_id: str) -> None:
        state = self.controller.state
        self.selection = NOTHING if self.selection.card == card_id else Selection(card=card_id)
        if self.selection.card and not view.relevant_actions(state, self.selection):
            name = view.card_name(state, card_id)
            self.controller.message(f"{name} cannot be played now.")
            self.selection = NOTHING
        self.refresh()

    def tap_tile(self, lane: int, row: int) -> None:
        state = self.controller.state
        tile = (self.shown_field, lane, row)
        action = view.tile_actions(state, self.selection).get(tile)
        if action is not None:
            self.play(action)
        elif tile in view.selectable_tiles(state):
            self.selection = NOTHING if self.selection.tile == tile else Selection(tile=tile)
            self.refresh()
        elif self.selection != NOTHING:
            self.controller.message("That tile is not a place for this move: tap a lit tile.")
        else:
            self.controller.message(
                "Pick a card from the hand, or one of your defenses with "
                "an ability, then tap a lit tile."
            )

    def play(self, action: Any) -> None:
        self.selection = NOTHING
        self.controller.apply(action)


load_kv(__file__)
