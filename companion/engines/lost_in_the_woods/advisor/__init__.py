"""The advisor: exact next-draw odds, win estimates per choice, and the playing policies.

``advice`` weighs the choices with ``simulate``'s compiled playouts of ``policy``;
``odds`` gives the win rates ``companion odds`` prints.
"""

from companion.engines.lost_in_the_woods.advisor.advice import (
    Advice,
    ChoiceEstimate,
    DrawOdds,
    advice_stages,
    advise,
    draw_odds,
    recommend,
)
from companion.engines.lost_in_the_woods.advisor.sequential import wilson_interval

__all__ = [
    "Advice",
    "ChoiceEstimate",
    "DrawOdds",
    "advice_stages",
    "advise",
    "draw_odds",
    "recommend",
    "wilson_interval",
]
