"""Shared widgets for the parts of a player's view that every game has.

Each draws one part of a ``View`` (companion.engines.view) and reports taps by
choice key, so no screen rebuilds actions or words a choice itself:
``TurnBanner`` (whose turn, in their colour), ``ChoiceGrid`` (the choices,
grouped), ``ChanceEntry`` (let the app draw, or tap what the table showed) and
``EndBanner`` (winners, why, scores).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.engines.base import Game
from companion.engines.base import player_name as default_name
from companion.engines.view import ChanceEntry as ChanceData
from companion.engines.view import Choice, Ending
from companion.ui.deliberate import just_appeared
from companion.ui.players import DARK, NEUTRAL, colour, game_colour, ink, luminance
from companion.ui.screens import load_kv

load_kv(__file__)

Chosen = Callable[[str], Any]
"""Called with the key of the tapped choice."""


def player_colour(player: int | None, game: Game | None) -> tuple[float, float, float, float]:
    """A player's colour: their game piece's where the game names them."""
    if player is None or player < 0:
        return NEUTRAL
    return game_colour(game, player)[1] if game is not None else colour(player)


def percent(probability: float | None) -> str:
    """A probability as a player reads it: "12%", "<1%"."""
    if probability is None:
        return ""
    if 0 < probability < 0.005:
        return "<1%"
    return f"{probability:.0%}"


def end_title(end: Ending, name: Callable[[int], str], solo: bool = False) -> str:
    """The end banner's headline: "Anna wins!", "Anna and Ben win!", "Nobody wins";
    a solo player (one seat at the table) is spoken to: "You win!" / "You lost", or
    "Hansel, you win!" once named (never "Player 1 wins!")."""
    if solo:
        said = "You win!" if end.winners else "You lost"
        named = name(0)
        return said if named == default_name(0) else f"{named}, {said[0].lower()}{said[1:]}"
    winners = [name(i) for i in end.winners]
    if not winners:
        return "Nobody wins"
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return f"{', '.join(winners[:-1])} and {winners[-1]} win!"


def evenly_likely(outcomes: Sequence[Choice]) -> bool:
    """Two or more outcomes all as likely as each other (a fair die, a first player drawn
    at random): their shares tell a player nothing, so none is shown."""
    shares = {round(o.probability or 0.0, 6) for o in outcomes}
    return len(outcomes) > 1 and len(shares) == 1


def table_decides(chance: ChanceData | None) -> bool:
    """Whether the table may enter this chance node's outcome (a real die, a real deck)."""
    return chance is not None and getattr(chance, "decided_by", "table") == "table"


class Hideable(BoxLayout):
    """A part that folds to nothing when it has nothing to show, and then takes no
    touch: its children (laid out in zero height) must not catch a tap meant for
    the widget drawn where they overflow."""

    shown = BooleanProperty(False)

    def on_shown(self, _widget: Any, shown: bool) -> None:
        if shown:  # its buttons appear where a finger may already be coming down
            just_appeared(self)

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_down(touch))

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_up(touch))


class TurnBanner(BoxLayout):
    """Whose turn it is, large and in that player's colour, readable across the table;
    ``detail`` beside the name says what to do (a solo game's banner holds its prompt)."""

    text = StringProperty("")
    detail = StringProperty("")
    background = ColorProperty(NEUTRAL)
    foreground = ColorProperty((1, 1, 1, 1))
    edge = ColorProperty((0, 0, 0, 0))
    """A light outline round a piece colour as dark as the screen (a black hood)."""
    shown = BooleanProperty(True)

    def show(
        self, text: str, player: int | None, game: Game | None = None, detail: str = ""
    ) -> None:
        """Show ``text`` (and ``detail``) in player ``player``'s piece colour (the
        table's grey for None)."""
        self.text = text
        self.detail = detail
        self.background = player_colour(player, game)
        self.foreground = ink(self.background)
        self.edge = (0.85, 0.85, 0.8, 1) if luminance(self.background) < DARK else (0, 0, 0, 0)
        self.shown = True

    def hide(self) -> None:
        """Fold away (at the end, where the end banner alone says how the game ended)."""
        self.shown = False


class ChoiceGrid(BoxLayout):
    """The choices as buttons, one grid per group (with the group's name above it)."""

    cols = NumericProperty(3)

    def show(self, choices: Sequence[Choice], chosen: Chosen) -> None:
        self.clear_widgets()
        groups: dict[str, list[Choice]] = {}
        for choice in choices:
            groups.setdefault(choice.group, []).append(choice)
        for group, members in groups.items():
            if group:
                self.add_widget(Factory.Body(text=f"[b]{group}[/b]"))
            grid = GridLayout(
                cols=int(self.cols), spacing=dp(6), size_hint_y=None, row_default_height=dp(56)
            )
            grid.bind(minimum_height=grid.setter("height"))
            for choice in members:
                button = Factory.Tap(text=choice.label)
                button.choice_key = choice.key
                button.bind(on_release=lambda b: chosen(b.choice_key))
                grid.add_widget(button)
            self.add_widget(grid)


class ChanceEntry(Hideable):
    """At a chance node: "let the app draw", or the outcome the table really showed.

    ``manual`` is False where the game does not take the table's word (the app's
    own deck): then only the app's draw is offered.  ``app`` is False where only the
    table can know the outcome (a token the players felt but nobody saw): then only
    the table's entry is offered.
    """

    what = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_app: Callable[[], Any] | None = None

    def app_draw(self) -> None:
        if self._on_app is not None:
            self._on_app()

    def show(
        self,
        chance: ChanceData | None,
        on_app: Callable[[], Any],
        on_table: Chosen,
        manual: bool = True,
        cols: int = 3,
        app: bool = True,
    ) -> None:
        """Offer ``chance`` (None hides the entry: nothing is to be drawn now).  Where
        only the app decides (``decided_by == "app"``: its own deck, a random discard
        from a hand it holds) nobody may enter what a table showed: there was no table."""
        manual = manual and table_decides(chance)
        outcomes = self.ids.outcomes
        outcomes.clear_widgets()
        self.shown = chance is not None
        self.what = "" if chance is None else chance.what
        self._on_app = on_app
        button = self.ids.app_button
        button.opacity, button.disabled, button.height = (1, False, dp(56)) if app else (0, True, 0)
        self.ids.table_heading.opacity = 1 if manual else 0
        self.ids.table_heading.text = (
            "Or tap what the table showed:" if app else "Tap what the table showed:"
        )
        if chance is None or not manual:
            return
        outcomes.cols = cols
        even = evenly_likely(chance.outcomes)
        for outcome in chance.outcomes:
            share = "" if even else percent(outcome.probability)
            button = Factory.QuietTap(
                text=f"{outcome.label} · {share}" if share else outcome.label,
                font_size=sp(18) * App.get_running_app().text_scale,  # grows with the screen
            )
            button.choice_key = outcome.key
            button.bind(on_release=lambda b: on_table(b.choice_key))
            outcomes.add_widget(button)


class EndBanner(Hideable):
    """The end: the winners in their colour, why the game ended, and the scores."""

    title = StringProperty("")
    reason = StringProperty("")
    scores = StringProperty("")
    background = ColorProperty(NEUTRAL)
    foreground = ColorProperty((1, 1, 1, 1))

    def show(
        self, end: Ending | None, name: Callable[[int], str], game: Game | None = None
    ) -> None:
        """Show ``end`` (None hides the banner: the game is still running)."""
        self.shown = end is not None
        if end is None:
            self.title = self.reason = self.scores = ""
            return
        self.title = end_title(end, name, solo=game is not None and game.max_players == 1)
        self.reason = end.reason
        self.background = player_colour(end.winners[0] if len(end.winners) == 1 else None, game)
        self.foreground = ink(self.background)
        if end.scores is None:
            self.scores = ""
        else:
            label = end.score_name or "Score"
            self.scores = "   ".join(f"{name(i)}: {score:g}" for i, score in enumerate(end.scores))
            self.scores = (
                f"{label}: {self.scores}"
                if len(end.scores) > 1
                else (f"{label}: {end.scores[0]:g}")
            )
