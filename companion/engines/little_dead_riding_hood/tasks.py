"""Task handlers for the helper phase: choosing helpers and resolving them.

A handler answers, for one task type on top of the stack: who acts
(``actor``), what they may do (``actions`` or chance ``outcomes``), what an
action does (``apply``), and which steps need nobody (``auto``, returning True
when it changed the stack).  ``apply`` is only called with a legal action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, Action
from companion.engines.little_dead_riding_hood.board import Cell, cell_text
from companion.engines.little_dead_riding_hood.components import HELPERS
from companion.engines.little_dead_riding_hood.hidden import is_table, reveal, unseen

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState, Task

FAIREST = "fairest-of-all"
GIFTS = ("card", "bullet", "tile")


def cell_of(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


class Handler:
    """Default behaviour: the task's player decides; nothing is automatic."""

    def actor(self, s: LdrhState, t: Task) -> int:
        return int(t["player"])

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        return []

    def outcomes(self, s: LdrhState, t: Task) -> list[tuple[Action, float]]:
        return []

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        raise NotImplementedError

    def auto(self, s: LdrhState, t: Task) -> bool:
        return False

    def describe(self, s: LdrhState, t: Task) -> str:
        return f"player {t['player'] + 1} to act"

    def why_not(self, s: LdrhState, t: Task, action: Action) -> str:
        try:
            text = s.action_to_string(action)
        except (KeyError, TypeError, ValueError, IndexError):
            text = repr(action)
        return f"{text!r} is not possible now: {self.describe(s, t)}"


# -- choosing a helper (and Who In The Land Is Fairest Of All?) -------------------------
class ChooseHelper(Handler):
    def actor(self, s: LdrhState, t: Task) -> int:
        return int(t["player"]) if t["chosen"] is None else int(t["window"][0])

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        if t["chosen"] is None:
            return [("helper", h) for h in s.available_helpers(t["player"])]
        if s.options["fairest_window"] == "table":  # one question to everyone (LD24)
            answers: list[Action] = [
                ("fairest", key, q) for q in t["window"] for key in s.cards_with(q, FAIREST)
            ]
            return [*answers, ("let-stand",)]
        fairest = s.cards_with(t["window"][0], FAIREST)
        return [*(("fairest", key) for key in fairest), ("let-stand",)]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        player = t["player"]
        if action[0] == "helper":
            t["chosen"] = action[1]
            s.helpers[player] = action[1]
            t["window"] = [q for q in s.others_from(player) if s.cards_with(q, FAIREST)]
        elif action[0] == "fairest":
            s.spend_card(action[2] if len(action) == 3 else t["window"][0], action[1])
            del s.helpers[player]
            s.refused.setdefault(player, []).append(t["chosen"])
            t["chosen"], t["window"] = None, []
        elif s.options["fairest_window"] == "table":
            t["window"] = []
        else:
            t["window"].pop(0)

    def auto(self, s: LdrhState, t: Task) -> bool:
        player = t["player"]
        if t["chosen"] is None:
            if s.available_helpers(player):
                return False
            s.tasks.pop()
            return True
        while t["window"] and not s.cards_with(t["window"][0], FAIREST):
            t["window"].pop(0)
        if t["window"]:
            return False
        s.tasks.pop()
        resolve_helper(s, player, t["chosen"])
        return True

    def describe(self, s: LdrhState, t: Task) -> str:
        if t["chosen"] is None:
            return f"player {t['player'] + 1} chooses a helper"
        who = f"player {t['window'][0] + 1}"
        if s.options["fairest_window"] == "table":
            who = "anyone holding Who In The Land Is Fairest Of All?"
        return (
            f"{who} may make player {t['player'] + 1} choose "
            f"another helper than the {HELPERS[t['chosen']]}"
        )


def resolve_helper(s: LdrhState, player: int, helper: str) -> None:
    """Start a chosen helper's effect (those that are immediate resolve now)."""
    others = [q for q in s.others_from(player) if not s.sitting_out[q]]
    if helper == "prince":
        s.tasks.append(
            {"type": "prince", "player": player, "moved": False, "switched": False, "first": None}
        )
    elif helper == "wicked-queen":
        s.tasks.append({"type": "queen", "player": player, "moved": 0, "source": None})
    elif helper == "huntsman":
        each = 2 if s.num_players == 5 else 1
        queue = [player] * 3 + [q for q in others for _ in range(each)]
        s.tasks.append({"type": "huntsman", "player": player, "queue": queue})
    elif helper == "fairy-godmother":
        s.tasks.append(
            {
                "type": "godmother",
                "player": player,
                "stage": "chooser",
                "done": [],
                "others": others,
            }
        )
    elif helper == "youngest-brother":
        s.plays_left[player] += 1
    elif helper == "evil-stepmother":
        s.tasks.append({"type": "stepmother", "player": player, "stage": "target"})
        s.tasks.append({"type": "draw-cards", "player": player, "count": 2})


# -- Prince ---------------------------------------------------------------------------
def prince_steps(s: LdrhState, player: int) -> list[Cell]:
    """Spaces one step away where a pawn may end (a wolf's space needs a bullet)."""
    others = set(s.other_pawns(player))
    return [
        cell
        for cell in s.board.space_neighbours(s.pawns[player])
        if (s.board.is_start(cell) or cell not in others)
        and (cell not in s.board.wolves or s.bullets[player] > 0)
    ]


def switch_partners(s: LdrhState, first: Cell) -> list[Cell]:
    """Tiles the Prince may switch with ``first`` (LD3 and the first row still hold)."""
    board, pawns = s.board, set(s.pawns)
    if first in pawns or first not in board.tiles:
        return []
    counts = board.obstacle_counts()
    mine = board.contents(first)
    result = []
    for cell in sorted(board.tiles):
        if cell == first or cell in pawns:
            continue
        first_path, cell_path = board.is_path(first), board.is_path(cell)
        if first_path and cell_path:
            ok = board.contents(cell) != mine
        elif first_path != cell_path:
            path, obstacle = (first, cell) if first_path else (cell, first)
            ok = board.path_obstacle_switch_ok(path, obstacle, counts)
        else:
            ok = False
        if ok:
            result.append(cell)
    return result


def switchable_tiles(s: LdrhState) -> list[Cell]:
    """Tiles the Prince could switch with at least one other tile."""
    board, pawns = s.board, set(s.pawns)
    free = [c for c in sorted(board.tiles) if c not in pawns]
    paths = [c for c in free if board.is_path(c)]
    obstacles = [c for c in free if not board.is_path(c)]
    counts = board.obstacle_counts()
    varied = len({board.contents(c) for c in paths}) > 1
    partnered: set[Cell] = set()
    for path in paths:
        for obstacle in obstacles:
            if (path not in partnered or obstacle not in partnered) and (
                board.path_obstacle_switch_ok(path, obstacle, counts)
            ):
                partnered.update((path, obstacle))
    return [c for c in free if c in partnered or (varied and board.is_path(c))]


class Prince(Handler):
    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        if t["first"] is not None:
            return [("switch-with", *c) for c in switch_partners(s, cell_of(t["first"]))]
        result: list[Action] = []
        if not t["moved"]:
            result += [("prince-step", *c) for c in prince_steps(s, t["player"])]
        if not t["switched"]:
            result += [("switch-from", *c) for c in switchable_tiles(s)]
        return [*result, ("prince-done",)]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        from companion.engines.little_dead_riding_hood.state import new_combat

        player, verb, cell = t["player"], action[0], tuple(action[1:])
        if verb == "prince-step":
            t["moved"] = True
            here = s.pawns[player]
            if cell in s.board.wolves:
                s.pawns[player] = cell_of(cell)
                s.tasks.append(new_combat(player, back_to=here))
            else:
                s.arrive(player, cell_of(cell))
        elif verb == "switch-from":
            t["first"] = list(cell)
        elif verb == "switch-with":
            s.board.switch(cell_of(t["first"]), cell_of(cell))
            t["first"], t["switched"] = None, True
        else:
            s.tasks.pop()

    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["moved"] and t["switched"]:
            s.tasks.pop()
            return True
        return False

    def describe(self, s: LdrhState, t: Task) -> str:
        if t["first"] is not None:
            return f"Prince: player {t['player'] + 1} picks the tile to switch with " + cell_text(
                cell_of(t["first"])
            )
        return f"Prince: player {t['player'] + 1} may move one space and switch two tiles"


# -- Wicked Queen ------------------------------------------------------------------------
class Queen(Handler):
    def _free_paths(self, s: LdrhState) -> list[Cell]:
        return [c for c in sorted(s.board.tiles) if s.board.is_path(c) and c not in s.board.wolves]

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        if t["source"] is not None:
            return [("queen-put", *c) for c in self._free_paths(s)]
        return [*(("queen-take", *c) for c in sorted(s.board.wolves)), ("queen-done",)]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        if action[0] == "queen-take":
            t["source"] = list(action[1:])
        elif action[0] == "queen-put":
            s.board.wolves.discard(cell_of(t["source"]))
            s.board.wolves.add(cell_of(action[1:]))
            t["source"] = None
            t["moved"] += 1
        else:
            s.tasks.pop()

    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["source"] is None and (
            t["moved"] >= 2 or not s.board.wolves or not self._free_paths(s)
        ):
            s.tasks.pop()
            return True
        return False

    def describe(self, s: LdrhState, t: Task) -> str:
        if t["source"] is not None:
            return f"Wicked Queen: player {t['player'] + 1} puts the wolf on another path piece"
        return f"Wicked Queen: player {t['player'] + 1} may move up to {2 - t['moved']} wolves"


# -- Huntsman -----------------------------------------------------------------------------
class Huntsman(Handler):
    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["queue"]:
            placer = t["queue"].pop(0)
            s.tasks.append({"type": "place", "player": placer, "tile": None})
        else:
            s.tasks.pop()
        return True


# -- Fairy Godmother ----------------------------------------------------------------------
def gift_possible(s: LdrhState, gift: str) -> bool:
    if gift == "card":
        return s.can_draw_card()
    if gift == "bullet":
        return s.supply_bullets > 0
    return bool(s.drawable_tiles())


def give_gift(s: LdrhState, player: int, gift: str) -> None:
    if gift == "card":
        s.tasks.append({"type": "draw-cards", "player": player, "count": 1})
    elif gift == "bullet":
        s.supply_bullets -= 1
        s.bullets[player] += 1
    elif gift == "tile":
        s.tasks.append({"type": "place", "player": player, "tile": None})


class Godmother(Handler):
    def actor(self, s: LdrhState, t: Task) -> int:
        return int(t["player"]) if t["stage"] == "chooser" else int(t["others"][0])

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        if t["stage"] == "chooser":
            gifts = [g for g in GIFTS if g not in t["done"] and gift_possible(s, g)]
            return [*(("godmother", g) for g in gifts), ("godmother", "done")]
        return [*(("gift", g) for g in GIFTS if gift_possible(s, g)), ("gift", "none")]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        verb, gift = action
        if verb == "godmother":
            if gift == "done":
                t["stage"] = "others"
                return
            t["done"].append(gift)
            give_gift(s, t["player"], gift)
        else:
            receiver = t["others"].pop(0)
            give_gift(s, receiver, gift)

    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["stage"] == "chooser":
            if any(g not in t["done"] and gift_possible(s, g) for g in GIFTS):
                return False
            t["stage"] = "others"
            return True
        if t["others"] and any(gift_possible(s, g) for g in GIFTS):
            return False
        s.tasks.pop()
        return True

    def describe(self, s: LdrhState, t: Task) -> str:
        if t["stage"] == "chooser":
            return f"Fairy Godmother: player {t['player'] + 1} may take a card, a bullet and a tile"
        return f"Fairy Godmother: player {t['others'][0] + 1} may take a card, a bullet or a tile"


# -- Evil Stepmother --------------------------------------------------------------------
class Stepmother(Handler):
    def actor(self, s: LdrhState, t: Task) -> int:
        return CHANCE if t["stage"] == "discard" else int(t["player"])

    def _targets(self, s: LdrhState, t: Task) -> list[int]:
        return [q for q in s.others_from(t["player"]) if s.hands[q]]

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        return [*(("stepmother", q) for q in self._targets(s, t)), ("stepmother", -1)]

    def outcomes(self, s: LdrhState, t: Task) -> list[tuple[Action, float]]:
        if is_table(s):
            # a face-down card: as far as the app knows, any unseen card, by its copies
            left = unseen(s)
            total = sum(left.values())
            return [(("lose-card", k), n / total) for k, n in sorted(left.items())]
        hand = s.hands[t["target"]]
        return [(("lose-card", k), hand.count(k) / len(hand)) for k in sorted(set(hand))]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        if action[0] == "lose-card":
            reveal(s, t["target"], action[1])
            s.tasks.pop()
        elif action[1] < 0:
            s.tasks.pop()
        else:
            t["stage"], t["target"] = "discard", action[1]

    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["stage"] == "target" and not self._targets(s, t):
            s.tasks.pop()
            return True
        return False

    def describe(self, s: LdrhState, t: Task) -> str:
        if t["stage"] == "discard":
            return f"Evil Stepmother: player {t['target'] + 1} discards a card at random"
        return f"Evil Stepmother: player {t['player'] + 1} picks who discards at random"


def _handlers() -> dict[str, Handler]:
    from companion.engines.little_dead_riding_hood import play

    return {
        "choose-helper": ChooseHelper(),
        "prince": Prince(),
        "queen": Queen(),
        "huntsman": Huntsman(),
        "godmother": Godmother(),
        "stepmother": Stepmother(),
        "draw-cards": play.DrawCards(),
        "place": play.PlaceTile(),
        "card-turn": play.CardTurn(),
        "move": play.Move(),
        "flowers": play.Flowers(),
        "combat": play.Combat(),
    }


HANDLERS: dict[str, Handler] = _handlers()
