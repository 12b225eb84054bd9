"""A catalogue written back as box file text, for the owner's box (My box screen).

``box_from_text(box_toml(catalogue))`` gives the same catalogue: the owner's box is
kept in the data directory and saved with each game as this text.  Strings are
written as JSON strings, which are valid TOML basic strings.
"""

from __future__ import annotations

import json

from companion.engines.gingerdead_house.cards import DECKS, Card, Catalogue

HEADER = (
    "# Gingerdead House: the cards of this box (written by the companion's My box screen).",
    "# A field named in `assumed` is a guess; the others were checked against the box.",
)


def _card_lines(card: Card) -> list[str]:
    lines = ["", "[[card]]", f"id = {json.dumps(card.id)}", f"name = {json.dumps(card.name)}"]
    if card.key:
        lines.append(f"key = {json.dumps(card.key)}")
    lines.append(f"type = {json.dumps(card.type)}")
    if card.type in ("defense", "monster"):
        lines.append(f"power = {json.dumps(card.power_text if card.power is None else card.power)}")
    if card.type == "monster":
        lines.append(f"lane = {card.lane}")
    if card.type == "action":
        lines.append(f"flips = {card.flips}")
    lines += [
        f"effect = {json.dumps(card.effect)}",
        f"count = {card.count}",
        f"text = {json.dumps(card.text)}",
        f"assumed = [{', '.join(json.dumps(a) for a in card.assumed)}]",
    ]
    return lines


def box_toml(catalogue: Catalogue) -> str:
    """The box file text of ``catalogue`` (its cards and deck sizes; one version)."""
    lines = list(HEADER)
    sizes = [
        f"{deck} = {catalogue.deck_sizes[deck]}" for deck in DECKS if deck in catalogue.deck_sizes
    ]
    if sizes:
        lines += ["", "[decks]", *sizes]
    for card in catalogue.cards.values():
        lines += _card_lines(card)
    return "\n".join(lines) + "\n"
