"""Every Lost in the Woods card has a picture, and the pictures kept as data are well formed."""

from __future__ import annotations

from kivy.uix.widget import Widget

from companion.engines.lost_in_the_woods import KINDS
from companion.ui.games.lost_in_the_woods.icons import COLOURS, DRAWINGS, draw_icon, figures

STROKES = {"oval": 4, "half": 4, "box": 4, "tri": 6}


def test_every_card_kind_and_the_mansion_and_bridge_have_one_picture() -> None:
    kinds = {*KINDS, "mansion", "bridge"}
    assert set(DRAWINGS) | set(figures()) == kinds
    assert not set(DRAWINGS) & set(figures()), "a picture is drawn one way only"


def test_the_stroke_pictures_are_well_formed_and_draw() -> None:
    for kind, steps in figures().items():
        assert isinstance(steps[0], str), f"{kind} starts with a colour"
        for step in steps:
            if isinstance(step, str):
                assert step in COLOURS, (kind, step)
                continue
            name, numbers = step[0], step[1:]
            if name == "line":
                assert len(numbers) >= 5 and len(numbers) % 2 == 1, (kind, step)
            else:
                assert len(numbers) == STROKES[str(name)], (kind, step)
            assert all(isinstance(x, float) and 0 <= x <= 1 for x in numbers), (kind, step)
        widget = Widget()
        with widget.canvas:
            draw_icon(kind, 0, 0, 100)
        assert len(widget.canvas.children) >= len(steps), kind
