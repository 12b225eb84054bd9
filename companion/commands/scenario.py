"""``companion scenario FILE.json``: play a scripted game and print where it ends.

The file is ``{"game", "players", "options", "seed", "actions": [key, ...]}``.
The output is JSON ``{"state", "current_player", "legal_actions", "terminal",
"returns", "view"}``; at a chance node the legal actions carry their
probabilities, and ``view`` is what the shared screen shows (headline, turn,
choices with key and label, the public log, the end).  A malformed file exits 2
naming the fault; an illegal action exits 2 with the engine's own reason and the
keys that are legal there.  Numbers that are not numbers and endless nesting
count as malformed (``companion.json_input``), and long texts are cut in messages.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion import json_input
from companion.engines import registry
from companion.engines.base import CHANCE, TERMINAL, State
from companion.messages import shorten, shown


class ScenarioError(Exception):
    """What is wrong with a scenario file, worded for the person who wrote it."""


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "scenario", help="play a JSON scenario (game, players, options, seed, actions)"
    )
    parser.add_argument("file", help="the scenario file (JSON)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        state = play(load(args.file))
    except ScenarioError as err:
        print(f"companion scenario: {args.file}: {err}", file=sys.stderr)
        return 2
    print(json.dumps(describe(state), indent=2))
    return 0


def load(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as f:
            data = json_input.loads(f.read())
    except OSError as err:
        raise ScenarioError(f"cannot read the file: {err.strerror}") from err
    except UnicodeDecodeError as err:
        raise ScenarioError("the file is not UTF-8 text") from err
    except json.JSONDecodeError as err:
        raise ScenarioError(
            f"not valid JSON at line {err.lineno}, column {err.colno}: {err.msg}"
        ) from err
    except json_input.JsonRefused as err:
        raise ScenarioError(f"not a usable file: {err}") from err
    if not isinstance(data, dict):
        raise ScenarioError("the top level must be a JSON object")
    for key in ("game", "players"):
        if key not in data:
            raise ScenarioError(f"missing the required key {key!r}")
    unknown = sorted(set(data) - {"game", "players", "options", "seed", "actions"})
    if unknown:
        raise ScenarioError(f"unknown key(s): {shorten(', '.join(unknown))}")
    if not isinstance(data["game"], str):
        raise ScenarioError(f"'game' must be a game id (text), got {shown(data['game'])}")
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        raise ScenarioError(f"'players' must be an integer, got {shown(players)}")
    if not isinstance(data.get("options", {}), dict):
        raise ScenarioError("'options' must be an object")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"'seed' must be an integer, got {shown(seed)}")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError("'actions' must be a list of action texts")
    return data


def play(data: dict[str, Any]) -> State:
    try:
        game = registry.get(data["game"])
    except KeyError as err:
        raise ScenarioError(shorten(str(err.args[0]), 300)) from err
    try:
        state = game.new_initial_state(data["players"], data.get("options"), data.get("seed", 0))
    except ValueError as err:  # InvalidOptions, or the game's own data (a board, a manifest)
        raise ScenarioError(shorten(str(err), 300)) from err
    for index, text in enumerate(data.get("actions", [])):
        try:
            state.apply(state.key_to_action(text))
        except ValueError as err:  # IllegalAction, or a key a parser could not read at all
            legal = "; ".join(state.legal_action_strings()) or "none (the game is over)"
            raise ScenarioError(
                f"action {index} ({shown(text)}) is illegal: {shorten(str(err), 300)}"
                f"\nlegal here: {shorten(legal, 2000)}"
            ) from err
    return state


def describe(state: State) -> dict[str, Any]:
    if state.is_chance_node():
        legal: list[Any] = [
            {"action": state.action_to_string(a), "probability": p}
            for a, p in state.chance_outcomes()
        ]
    else:
        legal = state.legal_action_strings()
    player = state.current_player()
    return {
        "state": state.to_dict(),
        "current_player": {CHANCE: "chance", TERMINAL: "terminal"}.get(player, player),
        "legal_actions": legal,
        "terminal": state.is_terminal(),
        "returns": state.returns(),
        "view": state.view(None).to_json(),
    }
