"""The odds panel's words: next-draw odds and the advisor's estimates, as markup text.

Kept short enough for a 15sp panel at 800x480: the odds of each kind of card are on the
card pictures themselves (how many of each can still come), so the panel gives only the
penalty and the new set.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engines.lost_in_the_woods import Advice, DrawOdds


def odds_lines(odds: DrawOdds | None, deck: int) -> list[str]:
    """``deck``: the Journey deck's cards, as the table line counts them; when the next
    card can only be one of its top cards (a Headless Horseman put cards under them),
    the line says so rather than naming a number that differs from the deck's."""
    if odds is None:
        return ["No card is left to draw: drawing ends the round."]
    if odds.reshuffle_first:
        source = f"from {odds.cards} in the reshuffled discard pile"
    elif odds.cards < deck:
        source = f"one of the top {odds.cards} of the {deck} in the Journey deck"
    else:
        source = f"from {odds.cards} in the Journey deck"
    return [
        f"[b]Next card[/b] ({source}):",
        f"[color=ff7755]Fright penalty {odds.penalty:.0%}[/color]"
        f" (pair {odds.pair:.0%}, third animal {odds.third_kind:.0%})",
        f"Makes a new set {odds.new_set:.0%}",
    ]


def advice_lines(advice: Advice | None, labels: Mapping[str, str]) -> list[str]:
    """The advisor's estimates, each choice named by its label (``labels``: key -> label)."""
    if advice is None:
        return ["[i]Weighing the choices...[/i]"]
    lines = ["[b]Odds of winning[/b]:"]
    for choice in advice.choices:
        low, high = choice.interval
        mark = "[color=f2cc66]>[/color] " if choice.action == advice.recommended else "   "
        name = labels.get(choice.action, choice.action)
        lines.append(f"{mark}{name}: {choice.win_rate:.0%} (likely {low:.0%}-{high:.0%})")
    verdict = "clearly better" if advice.confident else "too close to call"
    best = labels.get(advice.recommended, advice.recommended)
    lines.append(f"Advice: [b]{best}[/b] ({verdict})")
    lines.append("The odds count on sensible play after each choice.")
    return lines
