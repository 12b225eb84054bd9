"""House rules read in a family's words (issue 12.4): a short name, one line saying what
the rule does and its value in words, never a choice's key or a developer word; the
rulebook sentence and the decision id wait behind "Why?"."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.engines.base import InvalidOptions, Option
from companion.engines.registry import all_games
from tests.engines.view_checks import player_words_problem

GAMES = all_games()
RULES = [(game.id, option) for game in GAMES for option in game.options]
MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def shown_values(option: Option) -> list[object]:
    """Every value a screen can show for ``option``: its default and each choice."""
    return [option.default, *option.choices]


def key_forms(key: str) -> list[re.Pattern[str]]:
    """How a choice key leaks into text: quoted, or explained as "key:" or "key =".

    Case matters: "Co-op" the way to play is a word, "co-op:" is its key."""
    word = re.escape(key)
    return [
        re.compile(rf"['\"\u2018\u201c]{word}['\"\u2019\u201d]"),
        re.compile(rf"(?<![\w-]){word}\s*[:=]"),
    ]


def test_every_game_has_house_rules_to_check() -> None:
    assert {game.id for game in GAMES} >= {
        "beware-of-the-wolf",
        "gingerdead-house",
        "le-petit-poucet",
        "little-dead-riding-hood",
        "lost-in-the-woods",
    }
    assert len(RULES) >= 15


@pytest.mark.parametrize(("game_id", "option"), RULES, ids=[f"{g}-{o.key}" for g, o in RULES])
def test_a_house_rule_speaks_player_words(game_id: str, option: Option) -> None:
    texts = {"name": option.name, "description": option.description}
    texts |= {f"value {v!r}": option.value_words(v) for v in shown_values(option)}
    keys = [str(c) for c in option.choices if isinstance(c, str) and c]
    keys += [k for k, _ in option.members] + [k for k, _ in option.words if not k.isdigit()]
    for where, text in texts.items():
        problem = player_words_problem(text)
        assert problem is None, f"{game_id} {option.key} {where}: {problem} in {text!r}"
        for key in keys:
            for form in key_forms(key):
                assert not form.search(text), f"{game_id} {option.key} {where} explains {key!r}"
    assert option.title, f"{game_id} {option.key} has no short name of its own"
    assert "\n" not in option.description and len(option.description) <= 200
    for value in shown_values(option):
        words = option.value_words(value)
        assert words and words != "None", f"{game_id} {option.key}: {value!r} has no words"
        assert words not in keys, f"{game_id} {option.key} shows the key {words!r}"


def test_a_rule_with_nothing_left_out_says_so() -> None:
    poucet = next(g for g in GAMES if g.id == "le-petit-poucet")
    series = poucet.option("removed_series")
    assert series.value_words("") == "All series in play"
    first_key, first_name = series.members[0]
    assert series.value_words(first_key) == first_name[:1].upper() + first_name[1:]


def test_the_die_faces_read_as_faces() -> None:
    wolf = next(g for g in GAMES if g.id == "beware-of-the-wolf")
    faces = wolf.option("die_faces")
    assert faces.value_words("1 2 3 4 5 wolf") == "1, 2, 3, 4, 5, Wolf's head"
    assert faces.value_words("1 1 2 wolf wolf 3") == "1, 1, 2, Wolf's head, Wolf's head, 3"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
@pytest.mark.parametrize("game_id", ["little-dead-riding-hood", "gingerdead-house"])
def test_new_game_shows_each_rule_in_words(ui: Any, game_id: str, size: tuple[int, int]) -> None:
    from companion.ui.option_row import OptionRow

    ui.resize(size)
    ui.app.open_new_game(game_id)
    ui.pump(3)
    rows = [r for r in ui.screen().ids.options.children if isinstance(r, OptionRow)]
    screen = ui.screen()
    assert len(rows) == len([o for o in screen.game.options if o.applies(screen.options)])
    for row in rows:
        shown = MARKUP.sub("", row.label_text)
        name, _, rest = shown.partition(": ")
        assert name == row.option.name and rest.startswith(row.option.value_words(row.value))
        for line in shown.split("\n"):
            assert player_words_problem(line) is None, line
    ui.scroll_into_view(rows[0])
    ui.screenshot(f"house-rules-{game_id}", size)


def refused_values(option: Option) -> list[object]:
    """Values a saved settings file or a hand-made scenario may hold that ``option``
    refuses: another kind of value, a choice it lacks, numbers out of its range."""
    other_kind: object = "yes" if isinstance(option.default, bool | int | float) else 7
    values: list[object] = [None, [1], other_kind]
    if option.choices or option.members:
        values += ["not-a-choice", "not-a-choice,neither"]
    if option.words:
        values += ["seven", "wolf", "", "1 2 3 seven"]
    if isinstance(option.default, int | float) and not isinstance(option.default, bool):
        values += [float("nan"), float("inf"), 10**30]
        if option.minimum is not None:
            values.append(option.minimum - 1)
        if option.maximum is not None:
            values.append(option.maximum + 1)
    return values


def refusal(option: Option, value: object) -> str:
    with pytest.raises(InvalidOptions) as refused:
        option.validate(value)
    return str(refused.value)


@pytest.mark.parametrize(("game_id", "option"), RULES, ids=[f"{g}-{o.key}" for g, o in RULES])
def test_a_refused_house_rule_is_told_in_player_words(game_id: str, option: Option) -> None:
    """Settings and New game show why a value does not fit after the game's name: the
    sentence names the rule by its short name and what it can be, never a key."""
    keys = [option.key] + [str(c) for c in option.choices if isinstance(c, str) and c]
    keys += [k for k, _ in option.members] + [k for k, _ in option.words if not k.isdigit()]
    for value in refused_values(option):
        text = refusal(option, value)
        where = f"{game_id} {option.key} refusing {value!r}: {text!r}"
        assert text.startswith(f'"{option.name}" '), where
        assert player_words_problem(text) is None, where
        assert "option" not in text and not re.search(r"\w_\w", text), where
        for key in keys:
            for form in key_forms(key):
                assert not form.search(text), f"{where} names the key {key!r}"
        if option.words:
            continue  # a list of faces: each face is named by the list's own check
        for label in option.choice_labels:
            assert label in text, f"{where} does not name the choice {label!r}"
        for _, name in option.members:
            assert name in text, f"{where} does not name {name!r}"
        for bound in (option.minimum, option.maximum):
            if bound is not None:
                assert f"{bound:g}" in text, f"{where} does not say the bound {bound}"


def test_refusals_read_as_sentences() -> None:
    """The sentences themselves, one of each kind, as a player reads them on Settings."""
    by_id = {game.id: game for game in GAMES}
    ginger, wolf = by_id["gingerdead-house"], by_id["beware-of-the-wolf"]
    assert (
        refusal(ginger.option("round_limit"), 200)
        == '"Round limit" can be a whole number from 5 to 100, not 200'
    )
    assert refusal(ginger.option("player_decks"), "paper") == (
        '"Player decks" can be "The app\'s decks" or "Your real cards", not "paper"'
    )
    assert refusal(wolf.option("guard_blocks_passing"), "yes") == (
        '"No passing the wolf" can be On or Off, not "yes"'
    )
    assert refusal(wolf.option("midline_tolerance"), float("inf")) == (
        '"Snout between two spaces (degrees)" can be a number from 0 to 10, not a number that large'
    )
    assert refusal(wolf.option("die_faces"), "1 2 seven") == (
        '"Die faces" cannot show "seven": each face is a number from 1 to 12 or the wolf\'s head'
    )
    assert refusal(wolf.option("die_faces"), 6) == (
        '"Die faces" can be a list of faces, each 1 to 12 or Wolf\'s head, not 6'
    )
    series = by_id["le-petit-poucet"].option("removed_series")
    every = ",".join(key for key, _ in series.members)
    names = [name for _, name in series.members]
    assert refusal(series, every).endswith(
        f'except all of them together, not "{series.value_words(every)}"'
    )
    assert all(f'"{name}"' in refusal(series, "oak") for name in names)


def test_a_rule_that_matters_only_with_another_shows_only_then(ui: Any) -> None:
    """Gingerdead House's Co-op teams matter only in Co-op: New game shows the rule when
    Co-op is chosen, and hides it again for the other modes."""
    from companion.ui.option_row import OptionRow

    ui.app.open_new_game("gingerdead-house")
    ui.pump(3)
    screen = ui.screen()

    def keys() -> list[str]:
        return [r.option.key for r in screen.ids.options.children if isinstance(r, OptionRow)]

    assert screen.options["mode"] != "co-op" and "teams" not in keys() and "mode" in keys()
    mode = next(r for r in screen.ids.options.children if r.option.key == "mode")
    mode.on_change("mode", "co-op")
    ui.pump(2)
    assert "teams" in keys()
    mode = next(r for r in screen.ids.options.children if r.option.key == "mode")
    mode.on_change("mode", "monster-hunter")
    ui.pump(2)
    assert "teams" not in keys() and screen.options["teams"] == "across"  # kept, unshown
