"""The shipped catalogue holds every named card (GH1); broken catalogues say what and where."""

from __future__ import annotations

import pytest

from companion.engines.datafile import DataFileError
from companion.engines.gingerdead_house import GAME, GingerdeadHouseGame, box
from companion.engines.gingerdead_house.box import box_from_text, load_box
from companion.engines.gingerdead_house.cards import power_less
from tests.engines.gingerdead_house.helpers import TEST_CATALOGUE

CATALOGUE = GAME.catalogue


def by_name(name: str):  # type: ignore[no-untyped-def]
    return next(c for c in CATALOGUE.cards.values() if c.name == name)


def test_each_deck_holds_the_rulebooks_50_cards() -> None:
    sizes = {deck: sum(CATALOGUE.deck(deck).values()) for deck in ("player", "action", "monster")}
    assert sizes == {"player": 50, "action": 50, "monster": 50}


@pytest.mark.parametrize(
    ("name", "card_type", "power", "effect"),
    [
        ("Dragon", "monster", 10, "dragon"),
        ("Gummy Grunt", "defense", 4, "row-shot"),
        ("Gumdrop Gatling Gun", "defense", 8, "lane-spray"),
        ("Maltball Mines", "defense", 3, "maltball-mines"),
        ("Flaming Marshmallow Catapult", "defense", 3, "catapult"),
        ("Wizard of What", "defense", None, "wizard-of-what"),
        ("Godfather Death", "action", None, "godfather-death"),
        ("Let's Be Friends... Not!", "trick", None, "steal-below-6"),
    ],
)
def test_every_card_the_rulebook_names_is_in_the_catalogue(name, card_type, power, effect) -> None:  # type: ignore[no-untyped-def]
    card = by_name(name)
    assert (card.type, card.power, card.effect) == (card_type, power, effect)
    assert card.count >= 1


def test_values_the_rulebook_does_not_state_are_marked_as_assumptions() -> None:
    for card in CATALOGUE.cards.values():
        assert "count" in card.assumed, card.id
        if not card.effect:
            assert "power" in card.assumed or card.type in ("action", "trick"), card.id
    assert "power" not in by_name("Dragon").assumed
    assert "lane" in by_name("Dragon").assumed
    assert "power" in by_name("Maltball Mines").assumed


def test_x_is_lower_than_any_number() -> None:
    assert power_less(None, 0) and power_less(None, 6)
    assert not power_less(6, None) and not power_less(None, None)
    assert power_less(4, 6) and not power_less(6, 6)


def broken(replace: str, by: str) -> str:
    assert replace in TEST_CATALOGUE
    return TEST_CATALOGUE.replace(replace, by, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            broken("power = 4\n", 'power = "Y"\n'),
            "[card 'grunt'] power must be a whole number",
        ),
        (
            broken('effect = "row-shot"', 'effect = "row-shoot"'),
            "[card 'grunt'] effect: 'row-shoot' is not a known effect",
        ),
        (
            broken('effect = "row-shot"', 'effect = "dragon"'),
            "[card 'grunt'] effect: 'dragon' is an effect for monster cards, not defense",
        ),
        (
            broken('lane = 2\neffect = "dragon"', 'lane = 5\neffect = "dragon"'),
            "[card 'dragon'] lane must be from 1 to 4, got 5",
        ),
        (broken('id = "gatling"', 'id = "grunt"'), "[card 'grunt'] id is used by two cards"),
        (
            broken('name = "Wall 2"', 'name = "wall 6"'),
            "[card 'wall-6'] name 'Wall 6' is also card 'wall-2'",
        ),
        (broken("flips = 2", "flips = 9"), "[card 'godfather'] flips must be from 0 to 5"),
        (broken("power = 4\n", ""), "[card 'grunt'] power is required for a defense card"),
        (
            broken("count = 4\n", 'count = 4\ncolour = "red"\n'),
            "[card 'grunt'] has unknown key(s) 'colour'",
        ),
        (broken('type = "trick"', 'type = "spell"'), "[card 'steal'] type must be one of"),
        (
            broken(
                'count = 2\n\n[[card]]\nid = "catapult"', 'count = -1\n\n[[card]]\nid = "catapult"'
            ),
            "[card 'gatling'] count must be at least 0",
        ),
        ("[decks]\nplayer = 10\n" + TEST_CATALOGUE, "the player deck should hold 10 cards"),
        (
            "[[card]]\nid = 'x'\nname = 'X'\ntype = 'action'\nflips = 1\n",
            "the player deck has no cards",
        ),
        ("[[card", "is not valid TOML"),
        ("", "it needs [[card]] entries"),
    ],
)
def test_a_broken_catalogue_names_the_card_and_the_field(text: str, message: str) -> None:
    with pytest.raises(DataFileError) as err:
        box_from_text(text, "my box.toml")
    assert str(err.value).startswith("my box.toml: ")
    assert message in str(err.value)


def test_too_few_defenses_for_setup() -> None:
    text = """
[[card]]
id = "wall"
name = "Wall"
type = "defense"
power = 2
count = 2
[[card]]
id = "t"
name = "T"
type = "trick"
count = 10
[[card]]
id = "a"
name = "A"
type = "action"
flips = 1
[[card]]
id = "m"
name = "M"
type = "monster"
power = 1
lane = 1
"""
    with pytest.raises(DataFileError, match="at least 3 defense cards"):
        box_from_text(text)


def test_a_box_file_that_is_not_utf8_is_a_data_file_error() -> None:
    with pytest.raises(DataFileError, match=r"^box.toml: is not UTF-8 text \(byte 2\)"):
        box_from_text(b'id\xff = "x"', "box.toml")


def test_a_broken_box_file_makes_only_this_game_unavailable(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    broken_file = tmp_path / "box.toml"
    broken_file.write_bytes(b"[[card]]\nid = 'grunt'\nname = \"\xe9\"\n")
    monkeypatch.setattr(box, "BOX_FILE", broken_file)
    game = GingerdeadHouseGame()  # nothing is read yet
    problem = game.unavailable()
    assert problem is not None and "box.toml: is not UTF-8 text" in problem
    assert GAME.unavailable() is None


def test_a_missing_catalogue_file_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DataFileError, match="nope.toml: cannot be read"):
        load_box(tmp_path / "nope.toml")
