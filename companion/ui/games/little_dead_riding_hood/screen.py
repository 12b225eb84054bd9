"""The Little Dead Riding Hood round screen.

The board mirrors the table: players tap the space where they put a tile, the
space they step to, the tiles the Prince switches.  Highlighted spaces are the
engine's legal moves; every move also has a button (the board's cells are small
on a 7" panel).  A combat draw opens the bag overlay, which draws through the
combat-bag device: the outcome is journaled before the LED, the buzzer or the
screen shows it.  With table cards (option ``event_cards``) hands show as face-down
counts and every move that plays or reveals a card goes through the card chooser.
"""

from __future__ import annotations

import logging
from typing import Any

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.devices.bag import BagDraw, BagEvent, CombatBag
from companion.devices.hub import DeviceStatus
from companion.engines.base import CHANCE, TERMINAL
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.components import HIDDEN
from companion.session.journal import Source
from companion.ui.game_screen import GameScreen
from companion.ui.games.little_dead_riding_hood import view
from companion.ui.games.little_dead_riding_hood.bag_overlay import BagOverlay
from companion.ui.games.little_dead_riding_hood.board_view import LaneBoardView
from companion.ui.games.little_dead_riding_hood.card_chooser import LdrhCardChooser
from companion.ui.screens import load_kv

log = logging.getLogger(__name__)
BAG_DEVICE = "Combat bag"


class PlayerLine(BoxLayout):
    """A colour swatch and a player's bullets, cards and helper."""

    colour = ListProperty([1, 1, 1, 1])
    text = StringProperty("")


class LittleDeadRidingHoodScreen(GameScreen):
    headline = StringProperty("")
    prompt = StringProperty("")
    board_aspect = NumericProperty(1.0)
    """Board width / height: columns / (rows + the start row)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bag: CombatBag | None = None
        self.overlay = BagOverlay(on_draw=self.draw_from_bag, on_table=self.table_draw)
        self.chooser = LdrhCardChooser()
        self.ids.board.on_space = self.tap_space

    # -- redraw -----------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        self.chooser.close()  # its choices belong to the position before this change
        state = self.controller.state
        names = self.controller.names
        self.headline = view.headline(state, names)
        self.prompt = view.prompt(state, names)
        targets = view.space_actions(state)
        self.board_aspect = state.board.columns / (state.board.rows + 1)
        self.ids.board.show(state.board, state.pawns, set(targets), view.reachable(state))
        self._fill_players(state, names)
        self._fill_actions(state, names)
        self._sync_bag(state, names)

    def _fill_players(self, state: Any, names: list[str]) -> None:
        box = self.ids.players
        box.clear_widgets()
        for row in view.player_rows(state, names):
            text = f"[b]{row.text}[/b]" if row.acting else row.text
            line = PlayerLine(colour=[*row.colour, 1], text=text)
            box.add_widget(line)

    def _fill_actions(self, state: Any, names: list[str]) -> None:
        grid = self.ids.actions
        grid.clear_widgets()
        player = state.current_player()
        if player == TERMINAL or view.combat_bag(state) is not None:
            return
        if player == CHANCE and view.is_face_down_draw(state):
            # table cards: someone takes the top card; the app only counts it
            draw = Factory.Tap(text="Table: draw a card (face down)")
            draw.bind(on_release=lambda *_: self.controller.apply(("card", HIDDEN), Source.MANUAL))
            grid.add_widget(draw)
            return
        outcomes = [a for a, _ in state.chance_outcomes()]
        groups = view.card_groups(state, outcomes if player == CHANCE else state.legal_actions())
        if groups:
            self._add_chooser_button(state, names, player, groups)
        if player == CHANCE and groups:
            return
        if player == CHANCE:
            draw = Factory.Tap(text="Let the app draw")
            draw.bind(on_release=lambda *_: self.controller.draw())
            grid.add_widget(draw)
            for action, probability in state.chance_outcomes():
                text = f"Table: {state.action_to_string(action)} ({probability:.0%})"
                button = Factory.QuietTap(text=text, font_size="15sp")
                button.bind(on_release=lambda _b, a=action: self.controller.apply(a, Source.MANUAL))
                grid.add_widget(button)
            return
        grouped = {repr(a) for actions in groups.values() for a in actions}
        for action in state.legal_actions():
            if repr(action) in grouped:
                continue
            text = self._named(state.action_to_string(action), names)
            button = Factory.Tap(text=text, font_size="15sp")
            button.bind(on_release=lambda _b, a=action: self.controller.apply(a))
            grid.add_widget(button)

    def _add_chooser_button(
        self, state: Any, names: list[str], player: int, groups: dict[str, list[Any]]
    ) -> None:
        """Table cards: one button opens the chooser of the cards that can still be unseen."""
        if player == CHANCE:
            target = names[state.tasks[-1]["target"]]
            title, label, source = (
                f"Which card did {target} discard?",
                "Show the discarded card",
                Source.MANUAL,
            )
        else:
            title, label, source = (
                f"Which card does {names[player]} play?",
                "Play a card...",
                Source.PLAYER,
            )
        moves = {
            key: [
                (self._named(state.action_to_string(a), names), self._applier(a, source))
                for a in actions
            ]
            for key, actions in groups.items()
        }
        rows = view.chooser_rows(state, list(groups))
        button = Factory.Tap(text=label)
        button.bind(on_release=lambda *_: self.chooser.show(title, rows, moves))
        self.ids.actions.add_widget(button)

    def _applier(self, action: Any, source: Source) -> Any:
        return lambda: self.controller.apply(action, source) if self.controller else None

    @staticmethod
    def _named(text: str, names: list[str]) -> str:
        for p in reversed(range(len(names))):
            text = text.replace(f"player {p + 1}", names[p])
        return text

    # -- board taps -------------------------------------------------------------------
    def tap_space(self, cell: Cell) -> None:
        if self.controller is None:
            return
        actions = view.space_actions(self.controller.state).get(cell, [])
        if len(actions) == 1:
            self.controller.apply(actions[0])
        elif actions:
            self.controller.message("Several moves use this space: pick one from the list.")
        else:
            self.controller.message("Nothing to do on that space now.")

    # -- the combat bag -----------------------------------------------------------------
    def _sync_bag(self, state: Any, names: list[str]) -> None:
        contents = view.combat_bag(state)
        if contents is None:
            if self.bag is not None:
                self.bag.disarm()
            if self.overlay.mode == "ready" and self.overlay.is_open:
                self.overlay.close()
            return
        fighter = state.tasks[-1]["player"]
        title = f"Combat: {names[fighter]} fights the zombie wolf"
        if self.overlay.mode == "drawing":
            return
        if self.bag is not None and self.bag.armed != contents:
            self.bag.arm_with(contents)
        self.overlay.show_bag(title, view.bag_summary(contents))

    def draw_from_bag(self) -> None:
        """The app draws: through the bag device (journaled, then revealed)."""
        if self.controller is None or view.combat_bag(self.controller.state) is None:
            return
        self.overlay.mode = "drawing"
        outcome: str | None = None
        if self.bag is not None:
            drawn = self.bag.draw()
            outcome = drawn.outcome if drawn is not None else None
        else:
            action = self.controller.draw()
            outcome = action[1] if action is not None else None
        if outcome is None:
            self.overlay.mode = "ready"
            self.refresh()
            return
        self.overlay.show_result(outcome)

    def table_draw(self, outcome: str) -> None:
        """Players drew from the real bag and tell the app what came out."""
        if self.controller is None:
            return
        self.overlay.mode = "drawing"
        if self.controller.apply(("bag", outcome), Source.MANUAL):
            self.overlay.show_result(outcome)
        else:
            self.overlay.mode = "ready"

    def _commit_draw(self, drawn: BagDraw) -> None:
        """The bag's commit hook: journal the token before anyone sees it."""
        if self.controller is None or not self.controller.commit_draw(("bag", drawn.outcome)):
            raise RuntimeError("the game is not waiting for a combat draw")

    def _bag_pressed(self) -> None:
        """The physical (or virtual) bag button, posted to the main thread."""
        if self.controller is None or view.combat_bag(self.controller.state) is None:
            if self.controller is not None:
                self.controller.message("The bag is not filled: nobody is fighting now.")
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
        return DeviceStatus(BAG_DEVICE, state, view.bag_summary(bag.armed))

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

    # -- buttons ------------------------------------------------------------------------


Factory.register("LaneBoardView", cls=LaneBoardView)
load_kv(__file__)
