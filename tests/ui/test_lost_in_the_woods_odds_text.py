"""The odds panel's first line names where the next card comes from in the numbers the
table line shows (no Kivy)."""

from __future__ import annotations

from companion.engines.lost_in_the_woods import DrawOdds
from companion.ui.games.lost_in_the_woods.odds_text import odds_lines


def odds(cards: int, reshuffle_first: bool = False) -> DrawOdds:
    return DrawOdds(cards, {}, 0.1, 0.05, 0.2, reshuffle_first)


def test_the_whole_deck_is_counted_as_the_deck_line_counts_it() -> None:
    assert odds_lines(odds(24), deck=24)[0] == "[b]Next card[/b] (from 24 in the Journey deck):"


def test_cards_put_under_the_top_ones_are_not_a_second_deck_count() -> None:
    """A Headless Horseman put cards under the top ones: "Deck 24" on the table line and
    the next card from the top 16 must read as one deck."""
    line = odds_lines(odds(16), deck=24)[0]
    assert line == "[b]Next card[/b] (one of the top 16 of the 24 in the Journey deck):"


def test_an_empty_deck_draws_from_the_reshuffled_discard_pile() -> None:
    line = odds_lines(odds(14, reshuffle_first=True), deck=0)[0]
    assert line == "[b]Next card[/b] (from 14 in the reshuffled discard pile):"
