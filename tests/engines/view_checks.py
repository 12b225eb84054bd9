"""What every player's view must be, checked at each step of seeded playouts.

The view's choices are exactly the legal actions (by key); a chance node lists its
outcomes with their probabilities; the turn is the deciding player; a finished
game has its ending.  Every text a player reads is in player words (none of the
developer words below, a capital first letter) and the shared view and public log
never contain one of the position's ``secrets()`` (hidden cards, shuffle order,
votes not yet shown).
"""

from __future__ import annotations

import functools
import json
import math
import re

from companion.engines.base import CHANCE, TERMINAL, State
from companion.engines.view import View

JARGON = [
    (re.compile(r"\b[oi]\d{1,2}\b"), "a space id"),
    (re.compile(r"\brow \d+ col \d+\b"), "grid coordinates"),
    (re.compile(r"\bchance\b", re.I), "'chance'"),
    (re.compile(r"\bapp draw\b", re.I), "'app draw'"),
    (re.compile(r"\b(LW|PP|BW|LD|GH)\d+\b"), "a rule code"),
    (re.compile(r"\bmanifest\b", re.I), "'manifest'"),
    (re.compile(r"\bpolicy\b", re.I), "'policy'"),
    (re.compile(r"\bP\d\b"), "'P1'-style names"),
    (re.compile(r"^[a-z]"), "a sentence in lower case"),
]


@functools.lru_cache(maxsize=1 << 16)
def player_words_problem(text: str) -> str | None:
    """What is wrong with ``text`` as something a player reads, or None (remembered
    per text: the public log is read again at every step of a playout)."""
    if not text.strip():
        return "an empty text"
    for pattern, what in JARGON:
        if pattern.search(text):
            return what
    return None


def shown_texts(view: View) -> list[tuple[str, str]]:
    """Every text of the shared view with where it stands."""
    texts = [("headline", view.headline)]
    texts += [("choice", c.label) for c in view.choices]
    if view.chance is not None:
        texts.append(("chance", view.chance.what))
        texts += [("outcome", c.label) for c in view.chance.outcomes]
    texts += [("log", line.text) for line in view.log]
    if view.end is not None:
        texts.append(("end", view.end.reason))
    return texts


def check_view(state: State) -> None:
    view = state.view(None)
    assert isinstance(view, View)
    json.dumps(view.to_json())
    player = state.current_player()
    keys = [state.action_to_string(a) for a in state.legal_actions()]
    if player == CHANCE:
        assert view.chance is not None, "a chance node needs its chance entry"
        outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
        shown = {c.key: c.probability for c in view.chance.outcomes}
        assert set(shown) == set(outcomes)
        assert all(math.isclose(shown[k] or 0.0, p, abs_tol=1e-9) for k, p in outcomes.items())
        assert view.turn is None
    elif player == TERMINAL:
        assert view.end is not None and view.end.reason
        assert view.choices == () and view.turn is None
    else:
        assert sorted(c.key for c in view.choices) == sorted(keys)
        assert view.turn == player
    for where, text in shown_texts(view):
        problem = player_words_problem(text)
        assert problem is None, f"{problem} in the {where}: {text!r}"
    if view.private is not None:
        raise AssertionError("the shared view (viewer None) must hold no private part")
    secrets = state.secrets()
    if secrets:
        dumped = json.dumps(view.to_json(), ensure_ascii=False)
        for secret in secrets:
            assert secret not in dumped, f"the shared view shows the secret {secret!r}"
