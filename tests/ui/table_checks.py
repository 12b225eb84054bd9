"""What issue 12 asks of every game screen, checked the same way for each game.

The per-game table tests (``test_<game>_table.py``) walk one game at 800x480 and at
1280x720 and call these: the words on the screen are large enough to read and grow on
a larger screen, a message (toast) leaves the top bar and the next tap alone, History
groups the public log by round, and the end says who won with Play again and a Home
that reads on the banner's colour.
"""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window
from kivy.metrics import sp
from kivy.tests.common import UnitTestTouch
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from tests.ui.conftest import Driver

READABLE_SP = 15
"""Nothing a player reads on a game screen is smaller than this at 800x480 (issue 12.9)."""
LARGE_TYPE = 3.0
"""The contrast large type needs to read (WCAG AA): the banners' words are 18sp and more."""


def shown(widget: Any) -> bool:
    """Drawn where a player can see it: every ancestor up to the window is visible."""
    while widget is not None and widget is not widget.parent:
        if widget.opacity <= 0 or widget.width <= 0 or widget.height <= 0:
            return False
        widget = widget.parent
    return True


def in_a_list(widget: Any) -> bool:
    """Inside a list that scrolls (its place on screen is the scroll's business)."""
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            return True
        parent = parent.parent
    return False


def _in_view(widget: Any) -> bool:
    """Inside the window, and inside the visible part of any list that scrolls it."""
    x, y = widget.to_window(*widget.center)
    if not (0 <= x <= Window.width and 0 <= y <= Window.height):
        return False
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            left, bottom = parent.to_window(parent.x, parent.y)
            if not (left <= x <= left + parent.width and bottom <= y <= bottom + parent.height):
                return False
        parent = parent.parent
    return True


def words(screen: Any, scrolled_to: bool = False) -> list[Label]:
    """Every label with words on it that a player can see on ``screen`` now (or, with
    ``scrolled_to``, once they scroll its list)."""
    return [
        w
        for w in screen.walk(restrict=True)
        if isinstance(w, Label)
        and w.text.strip()
        and w.get_root_window() is not None
        and shown(w)
        and (scrolled_to or _in_view(w))
    ]


def too_small(screen: Any, at_least: float = READABLE_SP, scrolled_to: bool = False) -> list[str]:
    """The words below ``at_least`` sp, each with its size (empty when all read well)."""
    return [
        f"{w.text[:40]!r} at {w.font_size / sp(1):.1f}sp"
        for w in words(screen, scrolled_to)
        if w.font_size < sp(at_least) - 0.01
    ]


def luminance(rgba: Any) -> float:
    """WCAG relative luminance of a Kivy colour."""
    channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgba[:3]]
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def contrast(one: Any, other: Any) -> float:
    """WCAG contrast ratio of two colours (1 to 21; 3 reads for large type, 4.5 for body)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def window_rect(widget: Any) -> tuple[float, float, float, float]:
    """A widget's box in window coordinates: (left, bottom, right, top)."""
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two window boxes share more than a hairline."""
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def controls(screen: Any) -> list[Any]:
    """Everything on the screen a player taps: the buttons shown, and a board of taps."""
    found = [w for w in screen.walk(restrict=True) if hasattr(w, "on_release") and shown(w)]
    board = screen.ids.get("board")
    return [*found, board] if board is not None and shown(board) else found


LONG_MESSAGE = "Took back: Player 1 draws 5 cards. The hand is as it was before the draw."
"""As long as the longest messages the games show (an Undo naming a step)."""


def check_toast_leaves_the_top_bar(ui: Driver, text: str = LONG_MESSAGE) -> None:
    """A message shows below the top bar, over no control of the screen (issue 12: messages
    never hide the controls), and lets a tap through to what lies under it."""
    ui.app.notify(text)
    ui.pump(3)
    toast = ui.app.root.ids.message_bar
    top_bar = ui.app.root.ids.home_button.parent
    assert toast.opacity > 0 and toast.top <= top_bar.y + 0.5, "the toast covers the top bar"
    box = window_rect(toast)
    covered = [getattr(w, "text", w) for w in controls(ui.screen()) if overlap(box, window_rect(w))]
    assert not covered, f"the toast covers {covered}"
    x, y = toast.to_window(*toast.center)
    assert toast.on_touch_down(UnitTestTouch(x, y)) is False, "the toast swallowed a tap"
    ui.app.message = ""
    ui.pump(2)


def history_rows(ui: Driver) -> list[tuple[str, str]]:
    """History's rows as (kind, text), kind "round" for a heading; then back to the game."""
    game = ui.app.manager.current
    ui.app.go("history")
    ui.pump(3)
    rows = [
        ("round" if type(r).__name__ == "Heading" else "line", r.text)
        for r in reversed(ui.screen().ids.rows.children)
    ]
    ui.app.go(game)
    ui.pump(3)
    return rows


def check_history_by_round(
    ui: Driver, hidden: tuple[str, ...] = (), word: str = "Round"
) -> list[str]:
    """History opens with a round's heading ("Round 1", or the rulebook's ``word``; set-up's
    lines first, under "Setting up"), every round's heading comes once and in order, and
    no ``hidden`` words (a deck's order) appear; the rows' texts."""
    rows = history_rows(ui)
    if rows and rows[0] == ("round", "Setting up"):
        rows = rows[rows.index(("round", f"{word} 1")) :]  # set-up's lines, then round 1
    assert rows and rows[0] == ("round", f"{word} 1"), rows[:3]
    rounds = [int(text.split()[-1]) for kind, text in rows if kind == "round"]
    assert rounds == sorted(set(rounds)), "each round heads its lines once, in order"
    assert any(kind == "line" for kind, _ in rows)
    texts = [text for _, text in rows]
    for secret in hidden:
        assert not any(secret in t for t in texts), f"History spoils {secret!r}"
    return texts


def check_end_banner(banner: Any) -> None:
    """The end: a title, Play again and Home on screen, and Home readable on the banner."""
    assert banner.shown and banner.title
    again, home = banner.ids.again_button, banner.ids.home_button
    for button in (again, home):
        assert shown(button) and _in_view(button), f"{button.text} is not on screen"
    assert contrast(home.color, home.background_color) >= LARGE_TYPE, "Home's words do not read"
    assert contrast(home.background_color, banner.background) >= LARGE_TYPE, "Home melts in"
    assert contrast(banner.foreground, banner.background) >= LARGE_TYPE, "the words do not read"
    assert again.font_size >= sp(18) - 0.01


def check_turn_banner(banner: Any, text: str, colour: Any, scale: float) -> None:
    """The turn banner: ``text`` on the player's ``colour``, large for the screen's ``scale``."""
    assert banner.shown and banner.text == text
    assert tuple(banner.background)[:3] == tuple(colour)[:3]
    assert contrast(banner.foreground, banner.background) >= LARGE_TYPE
    label = next(w for w in banner.walk(restrict=True) if isinstance(w, Label))
    assert abs(label.font_size - sp(24) * scale) < 0.01


def check_play_again_or_home(ui: Driver, banner: Any, size: tuple[int, int]) -> None:
    """At 800x480 Play again starts the same game with the same players; at 1280x720
    Home goes home, which offers no "Continue" for the finished game."""
    names = list(ui.app.controller.names)
    game = ui.app.controller.session.record.game
    if size == (800, 480):
        ui.tap(banner.ids.again_button)
        ui.pump(3)
        record = ui.app.controller.session.record
        assert record.game == game and list(record.names) == names
        assert not ui.app.controller.state.is_terminal()
    else:
        ui.tap(banner.ids.home_button)
        ui.pump(3)
        assert ui.screen().name == "home"
        assert not ui.screen().ids.continue_button.text.startswith("Continue")
