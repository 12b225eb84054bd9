"""The "Easier games" house rule: one toggle per series, the value as saved games have it."""

from __future__ import annotations

from companion.engines.base import Option
from companion.engines.le_petit_poucet import GAME


def option() -> Option:
    return next(o for o in GAME.options if o.key == "removed_series")


def test_the_rule_offers_each_series_of_the_box_by_name() -> None:
    rule = option()
    assert rule.members == (
        ("none", "no hole"),
        ("one", "1 hole"),
        ("vertical", "2 vertical holes"),
        ("horizontal", "2 horizontal holes"),
        ("three", "3 holes"),
    )
    assert rule.name == "Easier games: series left out"
    assert rule.value_words("") == "All series in play"
    assert rule.value_words("vertical,horizontal") == "2 vertical holes, 2 horizontal holes"


def test_toggling_keeps_the_comma_joined_keys_in_box_order() -> None:
    rule = option()
    value = rule.toggled("", "horizontal")
    assert value == "horizontal"
    value = rule.toggled(value, "vertical")
    assert value == "vertical,horizontal"  # box order, whatever the tapping order
    assert rule.validate(value) == value
    assert rule.toggled(value, "horizontal") == "vertical"
    assert rule.picked("vertical,horizontal") == ("vertical", "horizontal")


def test_every_series_left_out_is_not_a_value() -> None:
    rule = option()
    everything = "none,one,vertical,horizontal,three"
    assert rule.toggled("none,one,vertical,horizontal", "three") == everything
    assert everything not in rule.choices  # so the screen disables the last toggle
