"""The Gingerdead House game screen.

Left: one field as a 4 x 5 grid (row 5, where monsters enter, at the top) with a tab per
player, and Undo, History and "Show my hand" below it.  Right: whose turn it is (the
shared banner, in their colour) with the headline below it, the hand as cards that wrap
in two columns (name, power and effect; never a sideways scroll), the moves, and the
step-by-step log ("Dragon destroys Gummy Grunt in lane 2").  A tap picks a
card or a defense; the tiles it could go to light up; tapping one makes that choice.
Flips can be made by the app or entered from the real decks, as the view allows.

Everything drawn comes from the engine's view (``state.view()``): the screen keeps only
the selection, the field shown and whether the hand is shown.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.utils import escape_markup

from companion.engines.gingerdead_house import GingerdeadTable
from companion.engines.view import Item, View
from companion.ui.game_screen import GameScreen
from companion.ui.games.gingerdead_house import taps
from companion.ui.games.gingerdead_house.field_grid import FieldGrid  # noqa: F401  (kv rule)
from companion.ui.games.gingerdead_house.flip_grid import FlipGrid, is_flip_entry
from companion.ui.games.gingerdead_house.taps import NOTHING, Selection
from companion.ui.players import game_colour, ink
from companion.ui.screens import load_kv
from companion.ui.view_widgets import (  # noqa: F401  (kv rules)
    ChanceEntry,
    ChoiceGrid,
    EndBanner,
    TurnBanner,
)

LOG_LINES = 14


class GingerdeadScreen(GameScreen):
    headline = StringProperty("")
    status = StringProperty("")
    log_text = StringProperty("")
    hand_visible = BooleanProperty(False)
    hand_secret = BooleanProperty(False)
    shown_field = NumericProperty(0)
    can_deal = BooleanProperty(False)
    """A set-up draw of the app's own deck is next: the Deal button does them all."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.selection: Selection = NOTHING
        self._moment: tuple[Any, ...] | None = None
        """Who decides what: when it changes, the selection and hand are reset."""
        self._breakthroughs: int | None = None
        """Monsters past row 1 at the last redraw (None before the first one)."""
        self.dealing = False
        """Deal was tapped: the app does every set-up draw of its own decks from now on."""

    # -- drawing -------------------------------------------------------------------
    def view(self, viewer: int | None = None) -> View:
        return self.controller.view(viewer)

    def refresh(self) -> None:
        if self.controller is None:
            return
        view = self.view()
        table: GingerdeadTable = view.table
        moment = (view.turn, view.headline, table.focus)
        if moment != self._moment:
            self._moment = moment
            self.selection = NOTHING
            self.hand_visible = False
            self.shown_field = table.focus
            self._moves_from_the_top()
        elif self.selection != NOTHING and not taps.relevant(view, self.selection):
            self.selection = NOTHING
        self._cue_breakthrough(table.breakthroughs)
        self._show_turn(view)
        self.headline = view.headline
        self.status = table.status
        self.log_text = escape_markup("\n".join(line.text for line in view.log[-LOG_LINES:]))
        self.ids.log_view.scroll_y = 0  # the newest line in view
        self._fill_tabs(view)
        self._fill_grid(view)
        self._fill_hand(view)
        self._fill_moves(view)

    def _cue_breakthrough(self, count: int) -> None:
        """A monster got past row 1 since the last redraw: the breakthrough sound (not
        when a game is resumed or a step undone)."""
        if self._breakthroughs is not None and count > self._breakthroughs and self._cues:
            self._cues.play("breakthrough")
        self._breakthroughs = count

    def _show_turn(self, view: View) -> None:
        """The banner says only whose turn it is, short enough never to be cut; the
        headline (what to do now) goes below it."""
        banner = self.ids.banner
        game = self.controller.session.game
        if view.end is not None:
            banner.show("Game over", None, game)
            return
        player = view.turn if view.turn is not None else view.table.focus
        banner.show(f"{self.player_name(player)}'s turn", player, game)

    def _moves_from_the_top(self) -> None:
        """A new decision shows its moves from the first one (a scroll still gliding from
        the last decision is stopped)."""
        scroll = self.ids.moves.parent
        if scroll.effect_y is not None:
            scroll.effect_y.velocity = 0
        scroll.scroll_y = 1

    def _fill_tabs(self, view: View) -> None:
        tabs = self.ids.field_tabs
        tabs.clear_widgets()
        targets = {t[0] for t in taps.tile_choices(view, self.selection)}
        game = self.controller.session.game
        for field in view.table.fields:
            tab = Factory.Tap(text=field.label + (" *" if field.player in targets else ""))
            _, rgba = game_colour(game, field.player)
            if field.player == self.shown_field:  # the house's own colour, as on the banner
                tab.background_normal = ""
                tab.background_color = rgba
                tab.color = ink(rgba)
            else:  # a stripe of it on the dim tab
                r, g, b, _a = rgba
                tab.background_color = (0.2 + r * 0.25, 0.2 + g * 0.25, 0.2 + b * 0.25, 1)
            tab.bind(on_release=lambda _b, f=field.player: self.show_field(f))
            tabs.add_widget(tab)

    def _fill_grid(self, view: View) -> None:
        field = view.table.fields[self.shown_field]
        targets = taps.tile_choices(view, self.selection)
        lit = {(lane, row) for f, lane, row in targets if f == field.player}
        chosen = self.selection.tile
        picked = (chosen[1], chosen[2]) if chosen and chosen[0] == field.player else None
        self.ids.grid.show(field.tiles, lit, picked, self.tap_tile)

    def _hand_view(self, view: View) -> View | None:
        owner = view.table.hand_owner
        if owner is None or not view.table.hand_secret or not self.hand_visible:
            return None
        return self.view(owner)

    def _fill_hand(self, view: View) -> None:
        hand = self.ids.hand
        hand.clear_widgets()
        self.hand_secret = bool(view.table.hand_secret)
        for item in taps.hand_items(view, self._hand_view(view)):
            card_id = item.hint["card"]
            button = Factory.HandCard(text=_card_text(item))
            if self.selection.card != card_id:
                button.background_color = (0.28, 0.28, 0.30, 1)
            button.bind(on_release=lambda _b, c=card_id, n=item.label: self.pick_card(c, n))
            hand.add_widget(button)

    def _fill_moves(self, view: View) -> None:
        table: GingerdeadTable = view.table
        self.ids.end_banner.show(
            view.end, self.controller.player_name, self.controller.session.game
        )
        outcomes = view.chance.outcomes if view.chance is not None else ()
        by_grid = table.table_may_enter and is_flip_entry(outcomes)
        self.can_deal = _app_deals(view)
        self.ids.chance.show(
            view.chance,
            self.controller.draw,
            self.controller.enter_outcome,
            manual=table.table_may_enter and not by_grid,
            cols=2,
            app=table.app_may_draw,
        )
        flips: FlipGrid = self.ids.flips
        flips.show(outcomes if by_grid else (), self.controller.enter_outcome)
        self.ids.choices.show(taps.button_choices(view, self.selection), self.choose)

    # -- taps ----------------------------------------------------------------------
    def show_field(self, field: int) -> None:
        self.shown_field = field
        self.refresh()

    def toggle_hand(self) -> None:
        self.hand_visible = not self.hand_visible
        self.refresh()

    def pick_card(self, card_id: str, label: str) -> None:
        self.selection = NOTHING if self.selection.card == card_id else Selection(card=card_id)
        if self.selection.card and not taps.relevant(self.view(), self.selection):
            self.controller.message(f"{label} cannot be played now.")
            self.selection = NOTHING
        self.refresh()

    def tap_tile(self, lane: int, row: int) -> None:
        view = self.view()
        tile = (int(self.shown_field), lane, row)
        choice = taps.tile_choices(view, self.selection).get(tile)
        if choice is not None:
            self.choose(choice.key)
        elif tile in taps.selectable_tiles(view):
            self.selection = NOTHING if self.selection.tile == tile else Selection(tile=tile)
            self.refresh()
        elif self.selection != NOTHING:
            self.controller.message("That tile is not a place for this move: tap a lit tile.")
        else:
            self.controller.message(
                "Pick a card from the hand, or one of your defenses with "
                "an ability, then tap a lit tile."
            )

    def choose(self, key: str) -> None:
        """Make one of the view's choices, by its key."""
        self.selection = NOTHING
        self.controller.choose(key)
        if self.dealing:
            self._deal_on()

    def deal(self) -> None:
        """One tap deals the whole set-up: each player's defenses are found and hands
        drawn by the app, the players only place their defenses."""
        self.dealing = True
        self._deal_on()

    def _deal_on(self) -> None:
        while self.controller is not None and _app_deals(self.view()):
            if self.controller.draw() is None:
                return
        if self.controller is None or not self.view().table.setting_up:
            self.dealing = False


def _app_deals(view: View) -> bool:
    """A set-up draw only the app can make (its own deck): Deal does these."""
    table: GingerdeadTable = view.table
    return (
        table.setting_up
        and view.chance is not None
        and table.app_may_draw
        and not table.table_may_enter
    )


def _card_text(item: Item) -> str:
    """A hand card's face: its name and power in bold, then its printed effect."""
    power = item.hint.get("power", "")
    title = f"[b]{escape_markup(item.label)}[/b]" + (
        f"  power {escape_markup(power)}" if power else ""
    )
    effect = item.hint.get("text", "")
    return title + (f"\n{escape_markup(effect)}" if effect else "")


load_kv(__file__)
