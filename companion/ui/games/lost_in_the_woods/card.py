"""A card drawn as a card: its colour, its frame, its picture and a legible name.

``CardPicture`` shows one card (or an empty place); ``CardButton`` is the same picture as
a touch target, for the real-deck entry.  The frame follows the box: Progress cards have a
rectangular frame, Fright cards a cathedral frame, Event cards an oval one.  ``scale``
grows the type and the picture on a larger screen (1 at 800x480).
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, RoundedRectangle, Triangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.engines.lost_in_the_woods import NAMES, SYMBOLS
from companion.ui.games.lost_in_the_woods.icons import draw_icon
from companion.ui.screens import load_kv

ANIMALS = ("wolf", "owl", "bat")
CARD_COLOURS = {
    "acorn": (0.55, 0.36, 0.16, 1),
    "shamrock": (0.20, 0.50, 0.25, 1),
    "distelfink": (0.22, 0.38, 0.62, 1),
    "wolf": (0.50, 0.16, 0.16, 1),
    "owl": (0.50, 0.16, 0.16, 1),
    "bat": (0.50, 0.16, 0.16, 1),
    "mansion": (0.30, 0.24, 0.30, 1),
    "bridge": (0.30, 0.30, 0.22, 1),
}
EVENT_COLOUR = (0.42, 0.28, 0.55, 1)
EMPTY = (0.18, 0.20, 0.19, 1)
GREYED = (0.30, 0.30, 0.30, 1)
FACE = (0.95, 0.92, 0.83, 1)
WINDOW_ASPECT = 1.6
"""The picture window is at most this much wider than tall (a wide button keeps a card's
proportions)."""
SHORT = {"distelfink": "Distelfink", "horseman": "Horseman", "well": "Well"}
"""Names short enough for a card at 15sp (the full names are in the prompts and log)."""
OWN_NAMES = {"mansion": "Mansion", "bridge": "Bridge"}


def card_label(kind: str) -> str:
    """The name printed on a card picture."""
    return SHORT.get(kind) or OWN_NAMES.get(kind) or NAMES[kind]


def card_colour(kind: str | None) -> tuple[float, float, float, float]:
    if not kind:
        return EMPTY
    return CARD_COLOURS.get(kind, EVENT_COLOUR)


class CardPicture(BoxLayout):
    """One card: the picture window (framed by card type) over the name and a detail line."""

    kind = StringProperty("")
    """The card kind drawn ('' for an empty place)."""
    name = StringProperty("")
    detail = StringProperty("")
    """A second line under the name (how many can be unseen), '' for none."""
    greyed = BooleanProperty(False)
    scale = NumericProperty(1.0)
    colour = ListProperty(list(EMPTY))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(kind=self._draw, greyed=self._draw)

    def on_kv_post(self, *_: Any) -> None:
        self.ids.pic.bind(pos=self._draw, size=self._draw)

    def show(self, kind: str | None, name: str | None = None, detail: str = "") -> None:
        """Show ``kind`` (None or '' for an empty place showing ``name``)."""
        self.kind = kind or ""
        self.name = name if name is not None else (card_label(kind) if kind else "")
        self.detail = detail

    def _draw(self, *_: Any) -> None:
        self.colour = list(GREYED if self.greyed and self.kind else card_colour(self.kind))
        pic = self.ids.pic
        pic.canvas.clear()
        if not self.kind or pic.height < dp(8):
            return
        side = min(pic.width - dp(6), pic.height - dp(4))
        x = pic.center_x - side / 2
        y = pic.center_y - side / 2
        h = pic.height - dp(2)
        w = min(pic.width - dp(8), h * WINDOW_ASPECT)
        window = (pic.center_x - w / 2, pic.y + dp(1), w, h)
        with pic.canvas:
            Color(*FACE[:3], 0.45 if self.greyed else 1)
            self._frame(*window)
            draw_icon(self.kind, x + side * 0.1, y + side * 0.08, side * 0.8)
            if self.greyed:
                Color(*GREYED[:3], 0.6)
                self._frame(*window)

    def _frame(self, x: float, y: float, w: float, h: float) -> None:
        """The card's picture window, shaped like its printed frame."""
        if self.kind in ANIMALS:  # a cathedral frame: a pointed arch over a rectangle
            RoundedRectangle(pos=(x, y), size=(w, h * 0.62), radius=[0, 0, dp(3), dp(3)])
            Ellipse(pos=(x, y + h * 0.3), size=(w, h * 0.64), angle_start=-90, angle_end=90)
            Triangle(points=[x + w * 0.3, y + h * 0.9, x + w * 0.7, y + h * 0.9, x + w / 2, y + h])
        elif self.kind in SYMBOLS or self.kind in OWN_NAMES:
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(2)])
        else:  # an Event card's oval frame
            Ellipse(pos=(x, y), size=(w, h))


class CardButton(ButtonBehavior, CardPicture):
    """A card picture that is also a touch target (the real-deck entry)."""

    choice_key = StringProperty("")
    text = StringProperty("")
    """The card's name, as a button's text (what finds it by name)."""


load_kv(__file__)
