"""The Gingerdead House game screen.

Left: one field as a 4 x 5 grid (row 5, where monsters enter, at the top) with a tab per
player, and Undo, History and the hand button below it.  Right: whose turn it is (the
shared banner, in their colour) with the headline below it, the moves, and the
step-by-step log ("Dragon destroys Gummy Grunt in lane 2").  The hand opens as a drawer
over the screen with every card whole; a picked card lights the tiles it could go to,
and tapping one makes that choice.  Flips can be made by the app or entered from the
real decks, as the view allows; the app's own player decks deal by themselves.

A step where monsters enter, move or fight is replayed on the grid event by event
(``phase_replay``) at the players' pace; the moves wait until it ends or is skipped.
Meanwhile the turn banner and the tabs follow the pictures (whose turn it was, which
houses still stood), and the headline says the table is watching.  With the app's
monster deck one tap flips every monster of the step (each flip journaled as its own
draw) and the whole entry is replayed as one.

Everything drawn comes from the engine's view (``state.view()``): the screen keeps only
the selection, the field shown, whether the hand is open and the replay's place.
"""

from __future__ import annotations

import re
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.engines.gingerdead_house import FieldView, GingerdeadTable, PhaseEvent
from companion.engines.view import View
from companion.ui.game_screen import GameScreen
from companion.ui.games.gingerdead_house import taps
from companion.ui.games.gingerdead_house.card_entry import (
    TILE_BEFORE_CARD,
    CardEntry,
    is_card_entry,
)
from companion.ui.games.gingerdead_house.field_grid import FieldGrid  # noqa: F401  (kv rule)
from companion.ui.games.gingerdead_house.flip_grid import FlipGrid, is_flip_entry
from companion.ui.games.gingerdead_house.hand_view import HandDrawer
from companion.ui.games.gingerdead_house.phase_replay import PhaseReplay, worth_replaying
from companion.ui.games.gingerdead_house.real_draws import drew_words, refill_steps, unknown_draws
from companion.ui.games.gingerdead_house.replay_panel import ReplayPanel  # noqa: F401  (kv)
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
WAIT_FOR_REPLAY = "The monsters are still on the move: tap Next, or Skip to see the end."
WATCHING = "Watch the field: this is what just happened, one moment at a time."


FLIP_ACTION_WORDS = "Let the app flip the action card"


def flip_all_words(count: int) -> str:
    """The app button's words at a monster flip: the whole step in one tap."""
    return (
        "Let the app flip the monster" if count == 1 else f"Let the app flip all {count} monsters"
    )


class GingerdeadScreen(GameScreen):
    headline = StringProperty("")
    status = StringProperty("")
    log_text = StringProperty("")
    drew_label = StringProperty("")
    """The one button for the cards a player drew from a real deck ("" when none)."""
    card_prompt = StringProperty("")
    """Over the card pictures: which card of their own a player enters ("" otherwise)."""
    pick_note = StringProperty("")
    """The card picked from the hand, and what to tap next."""
    hand_label = StringProperty("")
    """The hand button's words ("" when there is no hand to pick from now)."""
    hand_visible = BooleanProperty(False)
    """The hand drawer is open."""
    replaying = BooleanProperty(False)
    """A step's events are being shown one by one: the moves wait."""
    shown_field = NumericProperty(0)
    deals_by_itself = BooleanProperty(True)
    """Draws from the app's own player decks (the set-up's defenses and hands, the
    refills after a turn) are made at once, with no tap (a test that enters known cards
    turns this off)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.selection: Selection = NOTHING
        self._moment: tuple[Any, ...] | None = None
        """Who decides what: when it changes, the selection and hand are reset."""
        self._breakthroughs: int | None = None
        """Monsters past row 1 at the last redraw (None before the first one)."""
        self._steps: int | None = None
        """Journal steps at the last redraw: one more means a step to replay."""
        self._frame_seen: tuple[int, int] | None = None
        """(step, event) of the replay picture last drawn (its field is shown once)."""
        self._deal_pending = False
        self._run_events: list[tuple[PhaseEvent, ...]] | None = None
        """While the app flips a step's monsters: each position's last events."""
        self._app_words = self.ids.chance.ids.app_button.text
        """The shared chance entry's own words for an app draw."""
        self.drawer = HandDrawer()
        App.get_running_app().bind(text_scale=self._rescale)

    def _rescale(self, *_args: Any) -> None:
        """A bigger window: the buttons made in Python grow too (a redraw makes them)."""
        if self.controller is not None:
            self.refresh()

    # -- drawing -------------------------------------------------------------------
    def view(self, viewer: int | None = None) -> View:
        return self.controller.view(viewer)

    @property
    def toast_area(self) -> Any:
        """The log: words only, so a toast there hides neither a tile nor a button."""
        return self.ids.log_view

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
        self._follow_steps(table)
        replay = self.ids.replay
        replay.ending = view.end is not None
        if self.replaying and not replay.running:  # over: back to where the decision is
            self.shown_field = table.focus
        self.replaying = replay.running
        self._cue_breakthrough(table.breakthroughs)
        self._show_turn(view)
        # (at the end, the end banner says who won and why: once)
        self.headline = WATCHING if self.replaying else "" if view.end else view.headline
        self.status = "" if self.replaying else table.status
        hidden = replay.replay.hidden if replay.running else 0
        lines = view.log[: len(view.log) - hidden] if hidden else view.log
        self.log_text = escape_markup("\n".join(line.text for line in lines[-LOG_LINES:]))
        _stop(self.ids.log_view, 0)  # the newest line in view
        self._fill_tabs(view)
        self._fill_grid(view)
        self._fill_hand(view)
        self._fill_moves(view)
        self._deal_soon(view)

    def _follow_steps(self, table: GingerdeadTable) -> None:
        """A new step with monsters entering, moving or fighting starts its replay; an
        undo (fewer steps) ends any replay, as does a step with nothing to replay."""
        count = len(self.controller.session.steps)
        before, self._steps = self._steps, count
        if before is None or count == before:
            return
        replay = self.ids.replay
        replay.stop()
        events = table.events
        if self._run_events is not None:  # several flips at once: every one is replayed
            earlier = self._run_events[1 : count - before]
            events = tuple(e for step in earlier for e in step) + events
        if count > before and worth_replaying(events):
            replay.start(PhaseReplay(table.fields, events), self.refresh)

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
        if self.replaying:  # whose turn it was at the picture shown, the end not yet
            player = self.ids.replay.replay.frame.active
        elif view.end is not None:  # the end banner alone says who won, in their colour
            banner.hide()
            return
        else:
            player = view.turn if view.turn is not None else view.table.focus
        banner.show(f"{self.player_name(player)}'s turn", player, game)

    def _moves_from_the_top(self) -> None:
        """A new decision shows its moves from the first one (a scroll still gliding from
        the last decision is stopped)."""
        _stop(self.ids.moves_view, 1)

    def _shown_fields(self, view: View) -> tuple[tuple[FieldView, ...], frozenset[Any]]:
        """The fields to draw (the replay's picture while it runs) and the tiles its
        event changed; a new picture turns to the field it happened on."""
        replay = self.ids.replay
        if not replay.running:
            return view.table.fields, frozenset()
        frame = replay.replay.frame
        seen = (self._steps or 0, replay.replay.index)
        if seen != self._frame_seen:
            self._frame_seen = seen
            field = replay.replay.field
            if field is not None:
                self.shown_field = field
        return frame.fields, frame.changed

    def _fill_tabs(self, view: View) -> None:
        tabs = self.ids.field_tabs
        tabs.clear_widgets()
        targets = {t[0] for t in taps.tile_choices(view, self.selection)}
        game = self.controller.session.game
        fields, _ = self._shown_fields(view)  # a replay's tabs: houses as they stood then
        for field in fields:
            lit = field.player in targets and field.player != self.shown_field
            tab = Factory.Tap(text=field.label + (" (lit tiles)" if lit else ""))
            tab.height, tab.font_size = tabs.height, sp(18) * _text_scale()
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
        fields, changed = self._shown_fields(view)
        field = fields[self.shown_field]
        news = {(lane, row) for f, lane, row in changed if f == field.player}
        if self.replaying:
            self.ids.grid.show(field.tiles, (), None, self.tap_tile, news)
            return
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
        """The hand button, the picked card's note and, when open, the drawer."""
        table: GingerdeadTable = view.table
        owner = table.hand_owner
        has_hand = owner is not None and not table.setting_up and not self.replaying
        has_hand = has_hand and (table.hand_secret or bool(table.pickable))
        if not has_hand:
            self.hand_visible = False
        name = self.player_name(owner) if owner is not None else ""
        if not has_hand:
            self.hand_label = ""
        elif self.hand_visible:
            self.hand_label = "Hide my hand"
        else:
            self.hand_label = "Show my hand" if table.hand_secret else "Pick a card you hold"
        picked = self.selection.name if self.selection.card and not table.setting_up else ""
        self.pick_note = taps.pick_note(view, self.selection) if picked else ""
        if not self.hand_visible:
            if self.drawer.parent is not None:
                self.remove_widget(self.drawer)
            return
        items = taps.hand_items(view, self._hand_view(view))
        self.drawer.cols = 3 if self.width < dp(1000) else 4
        title = (  # a real hand is not known to the app: every card it may hold is offered
            f"{name}'s hand: tap a card to play it"
            if table.hand_secret
            else f"{name}: tap the card you play from your hand"
        )
        self.drawer.show(title, items, self.selection.card, self.pick_card, self.toggle_hand)
        if self.drawer.parent is None:
            self.add_widget(self.drawer)

    def _fill_moves(self, view: View) -> None:
        table: GingerdeadTable = view.table
        self.ids.end_banner.show(
            view.end, self.controller.player_name, self.controller.session.game
        )
        outcomes = view.chance.outcomes if view.chance is not None else ()
        drawn = unknown_draws(outcomes) if table.table_may_enter else 0
        by_grid = table.table_may_enter and is_flip_entry(outcomes)
        by_card = table.table_may_enter and is_card_entry(outcomes)
        flips_all = table.monster_flips > 0 and table.app_may_draw
        self.ids.chance.show(  # (the card pictures ask their own question)
            None if by_card else view.chance,
            self.flip_monsters if flips_all else self.controller.draw,
            self.controller.enter_outcome,
            manual=table.table_may_enter and not (by_grid or by_card or drawn),
            cols=2,
            app=table.app_may_draw,
        )
        words = flip_all_words(table.monster_flips) if flips_all else self._app_words
        if outcomes and outcomes[0].hint.get("deck") == "action":
            words = FLIP_ACTION_WORDS
        self.ids.chance.ids.app_button.text = words
        if not self.ids.chance.ids.outcomes.children:  # an empty list leaves no gap
            self.ids.chance.ids.outcomes.height = 0
        flips: FlipGrid = self.ids.flips
        flips.show(outcomes if by_grid else (), self.controller.enter_outcome)
        cards: CardEntry = self.ids.cards
        cards.show(outcomes if by_card else (), self.controller.enter_outcome, _text_scale())
        self.card_prompt = cards.prompt
        self.ids.chance.what = ""  # the headline already says what is drawn or flipped
        drawer = self.player_name(table.focus)
        self.drew_label = drew_words(drawer, drawn) if drawn else ""
        self.ids.choices.show(taps.button_choices(view, self.selection), self.choose)
        for part in (self.ids.chance, flips, self.ids.choices):
            _grow(part)

    # -- taps ----------------------------------------------------------------------
    def flip_monsters(self) -> None:
        """The app flips every monster of this step from its deck: each flip is its own
        draw in the journal, as one tap per card would have made it; the entry is then
        replayed picture by picture."""
        seen: list[tuple[PhaseEvent, ...]] = []

        def still_flipping(position: Any) -> bool:
            table = position.view().table
            seen.append(table.events)
            return bool(table.monster_flips > 0)

        self._run_events = seen
        try:
            self.controller.draw_while(still_flipping)
        finally:
            self._run_events = None

    def enter_drawn(self) -> None:
        """The cards a player drew from a real deck: the engine's draws one by one, as
        many as the hand took, each checked as if entered alone; one journal commit and
        one redraw for them all."""
        outcomes = self._outcomes()
        count = unknown_draws(outcomes)
        if count:
            self.controller.enter_outcomes(outcomes[0].key, count)

    def _outcomes(self) -> Any:
        chance = self.view().chance
        return chance.outcomes if chance is not None else ()

    def show_field(self, field: int) -> None:
        self.shown_field = field
        self.refresh()

    def toggle_hand(self) -> None:
        self.hand_visible = not self.hand_visible
        self.refresh()

    def pick_card(self, card_id: str, label: str) -> None:
        name = re.sub(r" x\d+$", "", label)  # "Gummy Grunt x2": two in the hand
        picked = Selection(card=card_id, name=name)
        self.selection = NOTHING if self.selection.card == card_id else picked
        if self.selection.card and not taps.relevant(self.view(), self.selection):
            self.controller.message(f"{label} cannot be played now.")
            self.selection = NOTHING
        self.hand_visible = False  # the field shows where it can go
        self.refresh()

    def tap_tile(self, lane: int, row: int) -> None:
        if self.replaying:
            self.controller.message(WAIT_FOR_REPLAY)
            return
        view = self.view()
        tile = (int(self.shown_field), lane, row)
        choice = taps.tile_choices(view, self.selection).get(tile)
        if choice is not None:
            self.choose(choice.key)
        elif tile in taps.selectable_tiles(view):
            self.selection = NOTHING if self.selection.tile == tile else Selection(tile=tile)
            self.refresh()
        elif self.selection != NOTHING:
            self.controller.message(taps.wrong_tile(view, self.selection))
        elif self.card_prompt:
            self.controller.message(TILE_BEFORE_CARD)
        elif self.drew_label:
            self.controller.message(f'Draw your cards, then tap "{self.drew_label}".')
        else:
            self.controller.message(
                "Pick a card from the hand, or one of your defenses with "
                "an ability, then tap a lit tile."
            )

    def undo(self) -> None:
        """A hand's refill from a real deck was one tap: Undo takes all of it back."""
        if self.controller is not None:
            self.controller.undo(max(1, refill_steps(self.controller.session)))

    def choose(self, key: str) -> None:
        """Make one of the view's choices, by its key."""
        if self.replaying:
            self.controller.message(WAIT_FOR_REPLAY)
            return
        self.selection = NOTHING
        self.controller.choose(key)

    # -- the app's own decks deal by themselves ---------------------------------------
    def _deal_soon(self, view: View) -> None:
        """Nobody may pick the cards of the app's own deck, so its draws (each player's
        three defenses and hand at set-up, the refills after a turn) need no tap: they
        are made next frame."""
        if self.deals_by_itself and _app_deals(view) and not self._deal_pending:
            self._deal_pending = True
            Clock.schedule_once(self._deal, 0)

    def _deal(self, _dt: float = 0) -> None:
        self._deal_pending = False
        while self.controller is not None and self.deals_by_itself and _app_deals(self.view()):
            if self.controller.draw() is None:
                return


def _app_deals(view: View) -> bool:
    """A draw only the app can make (from its own player deck)."""
    table: GingerdeadTable = view.table
    return view.chance is not None and table.app_may_draw and not table.table_may_enter


def _stop(scroll: Any, at: float) -> None:
    """Put a scroll list at its top (1) or bottom (0), stopping any glide or bounce first
    (one left running over many redraws carries the list out of sight)."""
    if scroll.effect_y is not None:
        scroll.effect_y.velocity = 0
        scroll.effect_y.overscroll = 0
    scroll.scroll_y = at


def _grow(root: Widget) -> None:
    """The shared widgets make their buttons (and the flip grid its labels) at the 7"
    panel's size: here they grow with the app's text scale, as this screen's own do."""
    scale = _text_scale()
    for widget in root.walk(restrict=True):
        if isinstance(widget, Button):
            if widget.height > 0:  # a hidden button stays hidden
                widget.height = dp(56) * scale
            widget.font_size = sp(18) * scale
        elif type(widget) is Label and widget.size_hint_y is None:  # the flip grid's heads
            widget.height = dp(48) * scale
            widget.font_size = sp(15) * scale


def _text_scale() -> float:
    return float(App.get_running_app().text_scale)


load_kv(__file__)
