"""The fight odds shown where bullets are chosen (issue 17.8): exact, checked by brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from companion.cli import main
from companion.commands.odds import odds_module
from companion.engines.little_dead_riding_hood.bag import fight_odds, odds_words
from tests.engines.little_dead_riding_hood.scenario import (
    column,
    give,
    lay,
    new_game,
    set_bullets,
    task,
)


def brute_force(bullets: int, cake: bool, supply: int | None, redraws: int) -> Fraction:
    """Lay out every token of the bag and every sequence of draws (the drawn token goes
    back for Once Upon A Time, LD6); the fight is won when any draw is a bullet."""
    extra = 0 if not cake else bullets if supply is None else min(bullets, supply)
    tokens = ["wolf"] + ["bullet"] * (bullets + extra)
    draws = list(itertools.product(tokens, repeat=redraws + 1))
    won = sum("bullet" in sequence for sequence in draws)
    return Fraction(won, len(draws))


@pytest.mark.parametrize("supply", [None, 0, 1, 2, 40])
@pytest.mark.parametrize("redraws", [0, 1, 2])
def test_fight_odds_match_every_token_laid_out(supply: int | None, redraws: int) -> None:
    rows = fight_odds(5, supply, redraws)
    assert [r.bullets for r in rows] == [1, 2, 3, 4, 5]
    for row in rows:
        assert math.isclose(row.alone, brute_force(row.bullets, False, supply, redraws))
        assert math.isclose(row.with_cake, brute_force(row.bullets, True, supply, redraws))


def test_odds_words_never_round_to_certainty() -> None:
    assert odds_words(2 / 3) == "67%"
    assert odds_words(0.999) == "99%" and odds_words(0.001) == "1%"
    assert odds_words(1.0) == "100%"


def test_the_fight_choice_shows_the_odds_for_every_number_of_bullets() -> None:
    """Combat: "Now place as many bullet tokens as you wish into the bag." The screen
    shows, where the bullets are chosen, each choice's chance with and without Cake and
    Wine (issue 17.8)."""
    state = new_game(2)
    give(state, 0, ["cake-and-wine:2"])
    lay(state, column(state, 0, 2), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    set_bullets(state, 0, 3)
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    view = state.view()
    table = view.table
    assert [r.bullets for r in table.fight_odds] == [1, 2, 3]
    assert [r.alone for r in table.fight_odds] == pytest.approx([1 / 2, 2 / 3, 3 / 4])
    assert [r.with_cake for r in table.fight_odds] == pytest.approx([2 / 3, 4 / 5, 6 / 7])
    assert table.fight_cake
    labels = [c.label for c in view.choices]
    # the odds with Cake and Wine ride on each fight's button (no separate table)
    assert "2 bullets: 67% to win\n(80% with Cake and Wine)" in labels
    assert "3 bullets: 86% to win\nwith Cake and Wine (2)" in labels
    # the keys stay as they were
    assert "fight with 3 bullets and Cake and Wine (2)" in [c.key for c in view.choices]


def test_cake_and_wine_odds_follow_a_short_supply() -> None:
    """LD22: Cake and Wine adds at most as many tokens as the supply holds."""
    state = new_game(2)
    lay(state, column(state, 0, 2), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    set_bullets(state, 0, 3)
    state.supply_bullets, spare = 1, state.supply_bullets - 1
    state.bullets[1] += spare  # keep the box's bullet count whole
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    table = state.view().table
    assert [r.with_cake for r in table.fight_odds] == pytest.approx([2 / 3, 3 / 4, 4 / 5])
    assert not table.fight_cake  # no Cake and Wine in hand: shown, not offered


def test_companion_odds_covers_the_fight() -> None:
    module = odds_module("little-dead-riding-hood")
    assert module is not None
    names = module.policy_names()
    assert names[:2] == ["fight with 1 bullet", "fight with 1 bullet and Cake and Wine"]
    rows = module.win_rates(names, 4_000, seed=3)
    for row in rows:  # counted draws from the same bag agree with the exact chance
        assert row.games == 4_000
        assert abs(row.win_rate - row.exact) < 0.03
    assert rows[3].exact == pytest.approx(4 / 5)
    assert "exactly 80.0%" in rows[3].description
    with pytest.raises(ValueError, match="no such fight"):
        module.win_rates(["fight with 9 acorns"], 10, 0)


def test_the_odds_command_prints_every_way_to_fight(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "little-dead-riding-hood", "--playouts", "500"]) == 0
    out = capsys.readouterr().out
    assert "fight with 3 bullets and Cake and Wine" in out
    assert "1 wolf and 6 bullets in the bag: exactly 85.7%" in out
    assert main(["odds", "little-dead-riding-hood", "--policy", "fight with 9 acorns"]) == 2
    assert "no such fight" in capsys.readouterr().err
