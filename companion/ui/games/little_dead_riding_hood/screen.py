"""The Little Dead Riding Hood round screen.

The board mirrors the table: players tap the space where they put a tile, the
space they step to, the tiles the Prince switches, where the Wicked Queen's wolves
go, the path pieces Picking Flowers exchanges; a card aimed at a space (My...What Big
Hands You Have?, Off The Path) is one button that turns the board to its spaces.
Everything is drawn from the presenter's view and the choices' hints
(``board_input.py``): highlighted spaces are the moves a tap plays.  A combat draw opens the bag overlay, which draws through the
combat-bag device: the outcome is journaled before the LED, the buzzer or the
screen shows it.  With table cards (option ``event_cards``) hands show as face-down
counts and every move that plays or reveals a card goes through the card chooser.
"""

from __future__ import annotations

import logging
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.devices.bag import BagDraw, BagEvent, CombatBag
from companion.devices.hub import DeviceStatus
from companion.engines.little_dead_riding_hood import LdrhTable, bag_summary, odds_words
from companion.engines.view import Choice, View
from companion.session.journal import Source
from companion.ui import view_widgets
from companion.ui.game_screen import GameScreen
from companion.ui.games.little_dead_riding_hood import board_input
from companion.ui.games.little_dead_riding_hood.bag_overlay import BagOverlay
from companion.ui.games.little_dead_riding_hood.board_view import Cell, LaneBoardView
from companion.ui.games.little_dead_riding_hood.card_chooser import LdrhCardChooser
from companion.ui.screens import load_kv

log = logging.getLogger(__name__)
BAG_DEVICE = "Combat bag"


class PlayerLine(BoxLayout):
    """A colour swatch and a player's bullets, cards and helper."""

    colour = ListProperty([1, 1, 1, 1])
    text = StringProperty("")


class FightOddsPanel(Label):
    """A few lines of text among the moves: the chance to kill the wolf for each number
    of bullets beside the fight buttons, or the hand its owner asked to see."""


def fight_odds_text(table: LdrhTable) -> str:
    """One line per number of bullets: alone, and with Cake and Wine."""
    cake = "with Cake and Wine"  # said whether or not it is in hand: hands stay hidden
    lines = ["[b]Chance to kill the wolf[/b]"]
    for row in table.fight_odds:
        bullets = f"{row.bullets} bullet{'' if row.bullets == 1 else 's'}"
        lines.append(f"{bullets}: {odds_words(row.alone)}, {cake} {odds_words(row.with_cake)}")
    return "\n".join(lines)


class LittleDeadRidingHoodScreen(GameScreen):
    headline = StringProperty("")
    """Round, phase and who acts, in the turn banner."""
    prompt = StringProperty("")
    """The view's headline: what the game waits for, in player words."""
    board_aspect = NumericProperty(1.0)
    """Board width / height: columns / (rows + the start row)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bag: CombatBag | None = None
        self.overlay = BagOverlay(
            on_draw=self.draw_from_bag,
            on_table=self.table_draw,
            on_undo=self.undo,
            on_home=self.go_home,
        )
        self.chooser = LdrhCardChooser()
        self.ids.board.on_space = self.tap_space
        self._view: View | None = None
        self.input = board_input.BoardInput()
        """What a tap on each space plays now (from the choices' hints)."""
        self.hand_shown = False
        """The acting player asked to see their hand (digital deck)."""
        self._hand_owner: int | None = None
        self.picking: str | None = None
        """A card aimed at a space (Big Hands, Off The Path) waiting for the tap."""

    @property
    def table(self) -> LdrhTable:
        assert self._view is not None and isinstance(self._view.table, LdrhTable)
        return self._view.table

    # -- redraw -----------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        self.chooser.close()  # its choices belong to the position before this change
        view = self._view = self.controller.view()
        table = self.table
        self.prompt = view.headline
        self.headline = self._banner(view, table)
        game = self.controller.game
        colours = [view_widgets.player_colour(i, game) for i in range(len(table.players))]
        self.ids.turn.show(self.headline, view.turn, game)
        self.board_aspect = table.columns / (table.rows + 1)
        self.ids.board.show(table, colours)
        self._fill_players(table, colours)
        self._fill_actions(view, table)
        self._sync_bag(table)

    def _banner(self, view: View, table: LdrhTable) -> str:
        if view.end is not None:
            return "Game over"  # the end banner says who won and why
        who = "a draw" if view.turn is None else self.controller.player_name(view.turn)
        return f"{table.status} - {who}"

    def _fill_players(self, table: LdrhTable, colours: list[Any]) -> None:
        box = self.ids.players
        box.clear_widgets()
        for row in table.players:
            text = f"[b]{row.text}[/b]" if row.acting else row.text
            box.add_widget(PlayerLine(colour=list(colours[row.index]), text=text))

    def _fill_actions(self, view: View, table: LdrhTable) -> None:
        extra = self.ids.extra
        extra.clear_widgets()
        self.ids.end.show(view.end, self.controller.player_name, self.controller.game)
        choices: list[Choice] = list(view.choices)
        chance = view.chance
        if self._hand_owner != view.turn:  # a new player acts: their hand starts hidden
            self._hand_owner, self.hand_shown = view.turn, False
        if table.bag is not None:  # the bag overlay draws it
            chance = None
        elif table.face_down_draw and chance is not None:
            # table cards: someone takes the top card; the app only counts it
            key = chance.outcomes[0].key
            draw = Factory.Tap(text="Table: draw a card (face down)")
            draw.bind(on_release=lambda *_: self.controller.enter_outcome(key))
            extra.add_widget(draw)
            chance = None
        elif table.card_rows and chance is not None:
            self._add_chooser_button(
                "Show the discarded card", list(chance.outcomes), Source.MANUAL
            )
            chance = None
        elif table.dealing and not table.table_cards and chance is not None:
            deal = Factory.Tap(text="Deal the cards (3 to each player)")
            deal.bind(on_release=lambda *_: self.deal())
            extra.add_widget(deal)
            chance = None
        elif table.card_rows:
            cards = [c for c in choices if "card" in c.hint]
            choices = [c for c in choices if "card" not in c.hint]
            self._add_chooser_button("Play a card...", cards, Source.PLAYER)
        elif any("card" in c.hint for c in choices) and view.turn is not None:
            choices = self._hand_behind_button(view.turn, choices)
        aimed = [c for c in choices if "cell" in c.hint and c.hint.get("card") == self.picking]
        if not aimed:
            self.picking = None  # the card was played (or the position moved on)
        board = self.input = board_input.split(choices, self.picking)
        self.ids.board.set_targets(board.targets)
        for card, uses in board.cards.items():
            self._add_pick_button(card, uses[0])
        if self.picking is not None:
            title = aimed[0].label.split(":", 1)[0]
            back = f"{title}: tap a highlighted space (or here to go back)"
            cancel = Factory.Tap(text=back)
            cancel.bind(on_release=lambda *_: self.pick(None))
            extra.add_widget(cancel)
        choices = board.buttons
        if table.fight_odds:
            extra.add_widget(FightOddsPanel(text=fight_odds_text(table)))
        self.ids.chance.show(chance, self._app_draw, self.controller.enter_outcome, cols=1)
        self.ids.choices.show(choices, self.controller.choose)
        self.ids.action_scroll.scroll_y = 1  # new moves: start from the top (odds, hand)

    def deal(self) -> None:
        """The app's deck: one tap deals every starting hand (each card journaled)."""
        while self.controller is not None and self._view is not None and self.table.dealing:
            if self.controller.draw() is None:
                return
            self._view = self.controller.view()

    def _hand_behind_button(self, player: int, choices: list[Choice]) -> list[Choice]:
        """The digital deck: the acting player's cards (and the moves that name them) stay
        hidden behind "Show my hand" until their owner taps it; a new turn hides them."""
        name = self.controller.player_name(player)
        toggle = Factory.Tap(text=f"Hide {name}'s hand" if self.hand_shown else "Show my hand")
        toggle.bind(on_release=lambda *_: self.show_hand(not self.hand_shown))
        self.ids.extra.add_widget(toggle)
        if not self.hand_shown:
            return [c for c in choices if "card" not in c.hint]
        private = self.controller.view(player).private
        if private is not None:
            cards = ", ".join(item.label for item in private.items) or "no cards"
            self.ids.extra.add_widget(FightOddsPanel(text=f"[b]{private.heading}:[/b] {cards}"))
        return choices

    def show_hand(self, shown: bool) -> None:
        self.hand_shown = shown
        if self._view is not None:
            self._fill_actions(self._view, self.table)

    def _add_pick_button(self, card: str, example: Choice) -> None:
        """One button per card aimed at a space: it turns the board to that card's spaces."""
        title = example.label.split(":", 1)[0]
        button = Factory.Tap(text=f"{title}: tap the space on the board")
        button.bind(on_release=lambda *_: self.pick(card))
        self.ids.extra.add_widget(button)

    def pick(self, card: str | None) -> None:
        """Aim ``card`` (None: back to every move) and redraw the moves and the board."""
        self.picking = card
        if self._view is not None:
            self._fill_actions(self._view, self.table)

    def _app_draw(self) -> None:
        if self.controller is not None:
            self.controller.draw()

    def _add_chooser_button(self, label: str, choices: list[Choice], source: Source) -> None:
        """Table cards: one button opens the chooser of the cards that can still be unseen."""
        moves: dict[str, list[tuple[str, Any]]] = {}
        for choice in choices:
            run = self._chooser(choice.key, source)
            moves.setdefault(choice.hint["card"], []).append((choice.label, run))
        title, rows = self.table.card_question, self.table.card_rows
        button = Factory.Tap(text=label)
        button.bind(on_release=lambda *_: self.chooser.show(title, rows, moves))
        self.ids.extra.add_widget(button)

    def _chooser(self, key: str, source: Source) -> Any:
        return lambda: self.controller.choose(key, source) if self.controller else None

    # -- board taps -------------------------------------------------------------------
    def tap_space(self, cell: Cell) -> None:
        if self.controller is None or self._view is None:
            return
        keys = self.input.keys_at(cell)
        if len(keys) == 1:
            self.picking = None
            self.controller.choose(keys[0])
        elif keys:
            self.controller.message("Several moves use this space: pick one from the list.")
        else:
            self.controller.message("Nothing to do on that space now.")

    # -- leaving and coming back ---------------------------------------------------------
    def go_home(self) -> None:
        """The bag overlay's Home: the fight waits in the journal; Continue reopens it."""
        self.overlay.close()
        App.get_running_app().go("home")

    def on_leave(self, *_args: Any) -> None:
        self.overlay.close()
        self.chooser.close()

    def on_enter(self, *_args: Any) -> None:
        self.refresh()  # a fight still waiting for its draw opens the bag again

    def _on_screen(self) -> bool:
        return self.manager is None or self.manager.current == self.name

    # -- the combat bag -----------------------------------------------------------------
    def _sync_bag(self, table: LdrhTable) -> None:
        info = table.bag
        if info is None:
            if self.bag is not None:
                self.bag.disarm()
            if self.overlay.mode == "ready" and self.overlay.is_open:
                self.overlay.close()
            return
        title = f"Combat: {self.controller.player_name(info.fighter)} fights the zombie wolf"
        if self.overlay.mode == "drawing":
            return
        if self.bag is not None and self.bag.armed != info.contents:
            self.bag.arm_with(info.contents)
        if self._on_screen():
            self.overlay.show_bag(title, info.summary)

    def _token_key(self, token: str) -> str | None:
        """The key of the combat draw that comes out as ``token`` ("bullet", "wolf")."""
        view = self.controller.view() if self.controller is not None else None
        if view is None or view.chance is None or not isinstance(view.table, LdrhTable):
            return None
        if view.table.bag is None:
            return None
        return next((c.key for c in view.chance.outcomes if c.hint.get("token") == token), None)

    def draw_from_bag(self) -> None:
        """The app draws: through the bag device (journaled, then revealed)."""
        if self.controller is None or self._token_key("bullet") is None:
            return
        self.overlay.mode = "drawing"
        outcome: str | None = None
        if self.bag is not None:
            drawn = self.bag.draw()
            outcome = drawn.outcome if drawn is not None else None
        else:
            keys = {self._token_key(t): t for t in ("bullet", "wolf")}
            action = self.controller.draw()
            if action is not None:
                outcome = keys.get(self.controller.state.action_to_string(action))
        if outcome is None:
            self.overlay.mode = "ready"
            self.refresh()
            return
        self._reveal(outcome)

    def table_draw(self, outcome: str) -> None:
        """Players drew from the real bag and tell the app what came out."""
        key = self._token_key(outcome)
        if self.controller is None or key is None:
            return
        self.overlay.mode = "drawing"
        if self.controller.enter_outcome(key):
            self._reveal(outcome)
        else:
            self.overlay.mode = "ready"

    def _reveal(self, outcome: str) -> None:
        """The token is out (and journaled): show it and sound the bag's cue."""
        self.overlay.show_result(outcome)
        if self._cues is not None:
            self._cues.play("bag_result")

    def _commit_draw(self, drawn: BagDraw) -> None:
        """The bag's commit hook: journal the token before anyone sees it."""
        key = self._token_key(drawn.outcome)
        controller = self.controller
        if controller is None or key is None:
            raise RuntimeError("the game is not waiting for a combat draw")
        if not controller.commit_draw(controller.state.key_to_action(key)):
            raise RuntimeError("the game is not waiting for a combat draw")

    def _bag_pressed(self) -> None:
        """The physical (or virtual) bag button, posted to the main thread."""
        if self.controller is None or self._token_key("bullet") is None:
            if self.controller is not None:
                self.controller.message("The bag is not filled: nobody is fighting now.")
            return
        if not self._on_screen():
            self.controller.message("Go back to the game to draw from the bag.")
            return
        self.draw_from_bag()

    def _bag_event(self, event: BagEvent) -> None:
        if event.kind == "failed" and self.controller is not None:
            self.controller.message(event.message)

    def _bag_status(self) -> DeviceStatus:
        state = "simulated" if self.services and self.services.devices.simulated else "connected"
        bag = self.bag
        if bag is None or bag.armed is None:
            return DeviceStatus(BAG_DEVICE, state, "waiting for a fight")
        return DeviceStatus(BAG_DEVICE, state, bag_summary(bag.armed))

    # -- devices ------------------------------------------------------------------------
    def open_devices(self) -> None:
        if self.services is None:
            return
        hub = self.services.devices
        controller = self.controller
        try:
            self.bag = CombatBag(
                pin_factory=hub.pin_factory,
                pins=hub.pins,
                on_event=lambda event: controller.post(self._bag_event, event),
                commit=self._commit_draw,
                rng=controller.draw_rng,
                on_press=lambda: controller.post(self._bag_pressed),
                sound=self.services.settings.sound,
            )
        except Exception as err:  # a busy or missing pin must not stop the game
            log.warning("combat bag unavailable: %s", err)
            self.bag = None
            controller.message(f"The combat bag device is not available ({err}); the app draws.")
            return
        hub.register(BAG_DEVICE, self._bag_status, close=self.bag.close)

    def close_devices(self) -> None:
        self.overlay.close()
        self.chooser.close()
        if self.services is not None and self.bag is not None:
            self.services.devices.unregister(BAG_DEVICE)
        self.bag = None


Factory.register("LaneBoardView", cls=LaneBoardView)
load_kv(__file__)
