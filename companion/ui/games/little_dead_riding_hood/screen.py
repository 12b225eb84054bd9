"""The Little Dead Riding Hood round screen.

The board lies sideways (its long side along the screen) so its spaces stay large at
800x480.  It mirrors the table: players tap the space where they put a tile, the
space they step to, the tiles the Prince switches, where the Wicked Queen's wolves
go, the path pieces Picking Flowers exchanges; a card aimed at a space (My...What Big
Hands You Have?, Off The Path) is one button that turns the board to its spaces.
Everything is drawn from the presenter's view and the choices' hints
(``board_input.py``): highlighted spaces are the moves a tap plays.  A combat draw
opens the bag overlay, which draws through the combat-bag device: the outcome is
journaled before the LED (the table light's, which holds the current player's colour
between moments), the buzzer or the screen shows it.  With table cards (option
``event_cards``) hands show as face-down counts and a card play starts in the card
chooser (which card was shown); a card played onto a space then turns to the board.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.devices.bag import BagDraw, BagEvent, CombatBag
from companion.devices.hub import DeviceStatus
from companion.engines.little_dead_riding_hood import LdrhTable, bag_summary
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


BOARD_TAP = "Tap a highlighted space on the board."
"""Said whenever a move of the moment is a tap on the board (lit spaces say nothing alone)."""


class PlayerLine(BoxLayout):
    """A colour swatch and a player's bullets, cards and helper."""

    colour = ListProperty([1, 1, 1, 1])
    text = StringProperty("")


class LdrhPlayersDrawer(ModalView):
    """Every player's line, one tap away when the board leaves room for the acting
    player's line alone (five players at 800x480)."""

    def show(self, lines: list[tuple[Any, str]]) -> None:
        box = self.ids.lines
        box.clear_widgets()
        for colour, text in lines:
            box.add_widget(PlayerLine(colour=list(colour), text=text))
        if self.parent is None:
            self.open(animation=False)


class HandNote(Label):
    """A few lines of text among the moves: the hand its owner asked to see."""


def aim_text(example: Choice) -> str:
    """The button of a card played onto a space (My...What Big Hands You Have?, Off The
    Path): the card's play, then the board."""
    return f"{example.label.split(':', 1)[0]}: tap the space on the board"


PANEL_WIDTH = 210
"""The moves' column at 800x480 (dp; it grows with the text): wide enough for a fight's
two lines ("2 bullets: 67% to win" over its odds with Cake and Wine), and what it
leaves the sideways board keeps its spaces at 52 px with eleven along the width."""
ENDED_PANEL = 0.45
"""At the end no space is tapped any more: the winners' banner takes this much of the width."""
PAD, GAP = 4, 6
"""The screen's padding and the gap between the board and the moves (dp, as in the kv)."""
READABLE = 50
"""The least space (px) a tile and its tokens read well at from across the table."""
SQUEEZE = 0.9
"""A board whose every lane fits at this much of ``READABLE`` is shown whole (four
players at 800x480, 47 px); below that its spaces keep ``READABLE`` and it slides."""
CROWDED, SHORT = 4, 560
"""From this many players, on a screen shorter than this (dp), the moves' column shows
the acting player's line alone and "Players" opens every line."""
SHORT_MOVE, TWO_COLUMNS = 20, 230
"""Moves of at most this many letters stand two a row in a moves' column this wide (dp)."""


def fit_board(
    width: float, height: float, along: int, across: int, panel: float
) -> tuple[float, float, bool]:
    """The sideways board's size in a ``width`` x ``height`` screen, and whether it
    slides: square spaces, ``along`` of them across the screen and ``across`` down it,
    as large as the screen allows while leaving at least ``panel`` for the moves.  When
    the height would make them smaller than ``SQUEEZE * READABLE`` and the width would
    not, the spaces take ``READABLE`` (or the width's limit) and the board is cut to the
    screen's height (never at the end, when the winners' banner takes the width)."""
    room_x = width - 2 * dp(PAD) - dp(GAP) - panel
    room_y = height - 2 * dp(PAD)
    cell = max(0.0, min(room_x / along, room_y / across))
    wide = max(0.0, room_x / along)
    if cell < SQUEEZE * READABLE <= wide:  # the width spares readable spaces: slide
        cell = min(float(READABLE), wide)
        return cell * along, min(cell * across, room_y), cell * across > room_y
    return cell * along, cell * across, False


class LittleDeadRidingHoodScreen(GameScreen):
    headline = StringProperty("")
    """Round, phase and who acts (the banner shows who, the line under it the round)."""
    prompt = StringProperty("")
    """The view's headline: what the game waits for, in player words."""
    status = StringProperty("")
    """Round and phase, above the prompt."""
    board_width = NumericProperty(0.0)
    board_height = NumericProperty(0.0)
    """The sideways board's size (``fit_board``): the moves take what it leaves."""
    reading_height = NumericProperty(0.0)
    """The players' lines' least height: room for a two-line toast over them."""
    compact = BooleanProperty(False)
    """The board slides (too many lanes for the height): the moves' column shows the
    acting player's line only, and "Players" opens every line."""

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
        self.drawer = LdrhPlayersDrawer()
        self._lines: list[tuple[Any, str]] = []
        """Every player's swatch colour and line, as the drawer shows them."""
        self._acting: list[bool] = []
        self.players_button = Factory.LdrhPlayersButton()
        self.players_button.bind(on_release=lambda *_: self.show_players())
        self.ids.board.on_space = self.tap_space
        self._view: View | None = None
        self.input = board_input.BoardInput()
        """What a tap on each space plays now (from the choices' hints)."""
        self.hand_shown = False
        """The acting player asked to see their hand (digital deck)."""
        self._hand_owner: int | None = None
        self.picking: str | None = None
        """A card aimed at a space (Big Hands, Off The Path) waiting for the tap."""
        self._shape = (11, 5, False)
        """The board's spaces along the screen and down it (start row included), and
        whether the game has ended (the end banner then takes more of the width)."""
        self._buttons: list[Choice] = []
        """The moves shown as buttons (their column count follows the column's width)."""
        self.bind(size=self._fit)
        self.ids.panel.bind(width=self._panel_resized)
        app = App.get_running_app()
        if app is not None:
            app.bind(text_scale=self._rescaled)

    @property
    def toast_area(self) -> Any:
        """The players' lines: a toast stands there, over no control."""
        return self.ids.reading

    def _fit(self, *_args: Any) -> None:
        """Size the board for the screen; the players' lines and Undo go under it where
        it leaves room (a board of few lanes), else in the moves' column."""
        app = App.get_running_app()
        scale = getattr(app, "text_scale", 1.0)
        along, across, ended = self._shape
        panel = max(dp(PANEL_WIDTH) * scale, self.width * ENDED_PANEL * ended)
        self.board_width, self.board_height, pans = fit_board(
            self.width, self.height, along, across, panel
        )
        self.ids.board.pannable = pans
        # room for a two-line toast; in a compact column the acting line's two lines
        self.reading_height = dp(44 if self.compact else 64) * scale
        lines = len(self.table_lines()) * dp(26) * scale
        below = max(self.reading_height, lines) + self.ids.undo_row.height + dp(12)
        spare = self.height - 2 * dp(PAD) - self.board_height
        under = spare >= below
        # in the moves' column, four or more players' lines (two lines each once they
        # have a helper) would leave the moves too little of a short screen
        crowded = not under and len(self._lines) >= CROWDED and self.height < dp(SHORT)
        self._compact(pans or crowded)
        self._arrange(under=under)

    def table_lines(self) -> list[tuple[Any, str]]:
        """The players' lines the moves' column shows now."""
        return [line for line, act in zip(self._lines, self._acting, strict=True)
                if act or not self.compact]  # fmt: skip

    def _compact(self, compact: bool) -> None:
        if self.compact == compact:
            return
        self.compact = compact
        scale = getattr(App.get_running_app(), "text_scale", 1.0)
        self.reading_height = dp(44 if compact else 64) * scale
        row = self.ids.undo_row
        if compact:
            row.add_widget(self.players_button, index=0)
        else:
            row.remove_widget(self.players_button)
        self._show_lines()

    def _arrange(self, under: bool) -> None:
        reading, row, panel = self.ids.reading, self.ids.undo_row, self.ids.panel
        home = self.ids.under_board if under else panel
        if reading.parent is home:
            return
        for widget in (reading, row):
            widget.parent.remove_widget(widget)
        if under:
            home.add_widget(reading)
            home.add_widget(row)
        else:  # back between the prompt and the moves, Undo at the foot
            panel.add_widget(reading, index=panel.children.index(self.ids.action_scroll) + 1)
            panel.add_widget(row)

    def _rescaled(self, *_args: Any) -> None:
        """Text grows with the screen: the moves are made again in the new size."""
        self._fit()
        if self.controller is not None and self._view is not None:
            self._fill_actions(self._view, self.table)

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
        self.prompt = view.headline if view.end is None else ""  # the end banner says why
        self.status = table.status
        acting = drawing_player(view, table)
        name = None if acting is None else self.controller.player_name(acting)
        self.headline = (  # the end banner says who won and why
            "Game over" if view.end is not None else f"{table.status} - {name or 'the table'}"
        )
        game = self.controller.game
        colours = [view_widgets.player_colour(i, game) for i in range(len(table.players))]
        if view.end is not None:
            self.ids.turn.hide()  # the end banner alone says who won and why
        else:
            self.ids.turn.show(name or "The table", acting, game)
        shape = (table.rows + 1, table.columns, view.end is not None)
        if self._shape != shape:
            self._shape = shape
            self._fit()
        self.ids.board.show(table, colours)
        self._fill_players(table, colours)
        self._fill_actions(view, table)
        self._sync_bag(table)

    def _fill_players(self, table: LdrhTable, colours: list[Any]) -> None:
        seated = len(self._lines)
        self._lines = [
            (colours[row.index], f"[b]{row.text}[/b]" if row.acting else row.text)
            for row in table.players
        ]
        self._acting = [row.acting for row in table.players]
        self._show_lines()
        if seated != len(table.players):
            self._fit()  # more lines: they may no longer fit under the board

    def _show_lines(self) -> None:
        """Every line, or (compact) the acting player's alone; an open drawer follows."""
        box = self.ids.players
        box.clear_widgets()
        for colour, text in self.table_lines():
            box.add_widget(PlayerLine(colour=list(colour), text=text))
        if self.drawer.parent is not None:
            self.drawer.show(self._lines)

    def show_players(self) -> None:
        """The drawer of every player's bullets, cards and helper."""
        self.drawer.show(self._lines)

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
        elif table.dealing and chance is not None:  # one tap for every starting hand
            each = f"{table.hand_size} to each player"
            text = f"The cards are dealt ({each}, face down)" if table.table_cards else ""
            deal = Factory.Tap(text=text or f"Deal the cards ({each})")
            deal.bind(on_release=lambda *_: self.deal())
            extra.add_widget(deal)
            chance = None
        elif table.face_down_draw and chance is not None:
            # table cards: someone takes the top card; the app only counts it
            key = chance.outcomes[0].key
            draw = Factory.Tap(text="The top card is taken (face down)")
            draw.bind(on_release=lambda *_: self.controller.enter_outcome(key))
            extra.add_widget(draw)
            chance = None
        elif table.card_rows and chance is not None:
            self._add_chooser_button(
                "Show the discarded card", list(chance.outcomes), Source.MANUAL
            )
            chance = None
        elif table.card_rows:
            cards = [c for c in choices if "card" in c.hint]
            choices = [c for c in choices if "card" not in c.hint]
            if self.picking is None:
                self._add_chooser_button("Play a card...", cards, Source.PLAYER)
            else:  # the card shown is aimed at a space: its spaces wait on the board
                choices += [c for c in cards if c.hint["card"] == self.picking]
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
        elif board.targets and chance is None:
            extra.add_widget(Factory.Body(text=BOARD_TAP))  # before any "Or" and its buttons
        choices = board.buttons
        self.ids.chance.show(chance, self._app_draw, self.controller.enter_outcome, cols=1)
        self._buttons = choices
        self.ids.choices.cols = self._columns(choices)
        self.ids.choices.show(choices, self.controller.choose)
        self._size_buttons()
        self.ids.action_scroll.scroll_y = 1  # new moves: start from the top (odds, hand)

    def _panel_resized(self, *_args: Any) -> None:
        if self.controller is None or self._view is None:
            return
        if self._columns(self._buttons) != self.ids.choices.cols:
            self._fill_actions(self._view, self.table)

    def _columns(self, choices: list[Choice]) -> int:
        """Two columns of short moves (the helpers) where the column is wide enough for
        two words a line, so all of them show without scrolling; else one."""
        scale = getattr(App.get_running_app(), "text_scale", 1.0)
        short = all(len(c.label) <= SHORT_MOVE and "\n" not in c.label for c in choices)
        wide = self.ids.panel.width >= dp(TWO_COLUMNS) * scale
        return 2 if short and wide and len(choices) > 3 else 1

    def _size_buttons(self) -> None:
        """Every move's button reads at the screen's text size and is as tall as its
        lines (the moves' column is narrow at 800x480, so long moves wrap)."""
        scale = getattr(App.get_running_app(), "text_scale", 1.0)
        for button in self.ids.actions.walk(restrict=True):
            if isinstance(button, Button) and button.opacity > 0 and button.height > 0:
                button.font_size = sp(16) * scale
                if not getattr(button, "grows", False):
                    button.grows = True
                    button.bind(texture_size=_fit_height)

    def deal(self) -> None:
        """One tap deals every starting hand, each card journaled: the app's deck draws
        them; with real cards the table dealt them face down and the app counts them."""
        while self.controller is not None and self._view is not None and self.table.dealing:
            chance = self._view.chance
            if self.table.table_cards and chance is not None:
                dealt = self.controller.enter_outcome(chance.outcomes[0].key)
            else:
                dealt = self.controller.draw() is not None
            if not dealt:
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
            self.ids.extra.add_widget(HandNote(text=f"[b]{private.heading}:[/b] {cards}"))
        return choices

    def show_hand(self, shown: bool) -> None:
        self.hand_shown = shown
        if self._view is not None:
            self._fill_actions(self._view, self.table)

    def _add_pick_button(self, card: str, example: Choice) -> None:
        """One button per card aimed at a space: it turns the board to that card's spaces."""
        button = Factory.Tap(text=aim_text(example))
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
        aimed: set[str] = set()
        for choice in choices:
            card = choice.hint["card"]
            if "cell" not in choice.hint:
                moves.setdefault(card, []).append((choice.label, self._chooser(choice.key, source)))
            elif card not in aimed:  # played onto a space: the board takes the space
                aimed.add(card)
                moves.setdefault(card, []).append((aim_text(choice), partial(self.pick, card)))
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
        self.drawer.dismiss(animation=False)

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
            if self.bag is not None:  # the LED shows the token the players drew
                self.bag.show(outcome)
            self._reveal(outcome)
        else:
            self.overlay.mode = "ready"

    def _reveal(self, outcome: str) -> None:
        """The token is out (journaled, and on the LED): show it and sound the bag's cue."""
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
        light = self.light
        assert light is not None  # the game screen opens it before the devices
        try:
            self.bag = CombatBag(
                pin_factory=hub.pin_factory,
                light=light,
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


def _fit_height(button: Button, texture_size: Any) -> None:
    if button.opacity > 0 and button.height > 0:
        button.height = max(dp(50), texture_size[1] + dp(12))  # two lines: about 50 dp


Factory.register("LaneBoardView", cls=LaneBoardView)


def drawing_player(view: View, table: LdrhTable) -> int | None:
    """Who acts, also while a card or token is drawn for them (the view names no turn
    then): the player whose line is marked acting; None while the table deals."""
    if view.turn is not None:
        return view.turn
    return next((row.index for row in table.players if row.acting), None)


load_kv(__file__)
