"""Task handlers for drawing, placing tiles, playing cards, moving and fighting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.base import CHANCE, Action
from companion.engines.little_dead_riding_hood.bag import BULLET, BagContents, fill_bag
from companion.engines.little_dead_riding_hood.board import Cell, cell_text
from companion.engines.little_dead_riding_hood.components import (
    PATH_KINDS,
    TILE_KINDS,
    card_effect,
    card_movement,
)
from companion.engines.little_dead_riding_hood.hidden import hand_cards
from companion.engines.little_dead_riding_hood.tasks import Handler, cell_of

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState, Task


# -- drawing event cards ------------------------------------------------------------------
class DrawCards(Handler):
    def actor(self, s: LdrhState, t: Task) -> int:
        return CHANCE

    def outcomes(self, s: LdrhState, t: Task) -> list[tuple[Action, float]]:
        total = sum(s.deck.values())  # with table cards the deck is only HIDDEN cards
        return [(("card", k), n / total) for k, n in sorted(s.deck.items()) if n > 0]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        key = action[1]
        s.deck[key] -= 1
        if s.deck[key] == 0:
            del s.deck[key]
        s.give_card(t["player"], key)
        t["count"] -= 1

    def auto(self, s: LdrhState, t: Task) -> bool:
        s.refill_deck()
        if t["count"] > 0 and sum(s.deck.values()) > 0:
            return False
        s.tasks.pop()
        return True

    def describe(self, s: LdrhState, t: Task) -> str:
        return f"player {t['player'] + 1} draws an event card"


# -- drawing and placing tiles --------------------------------------------------------------
class PlaceTile(Handler):
    def actor(self, s: LdrhState, t: Task) -> int:
        return CHANCE if t["tile"] is None else int(t["player"])

    def outcomes(self, s: LdrhState, t: Task) -> list[tuple[Action, float]]:
        kinds = s.drawable_tiles()
        total = sum(s.pool[k] for k in kinds)
        return [(("tile", k), s.pool[k] / total) for k in kinds]

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        kind = t["tile"]
        result: list[Action] = [("place", *c) for c in s.board.legal_placements(kind)]
        if kind in PATH_KINDS:
            result += [
                ("bread-crumbs", k) for k in s.cards_with(t["player"], "trail-of-bread-crumbs")
            ]
        return result

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        player = t["player"]
        if action[0] == "tile":
            s.pool[action[1]] -= 1
            t["tile"] = action[1]
        elif action[0] == "bread-crumbs":
            s.spend_card(player, action[1])
            s.pool[t["tile"]] += 1
            t["tile"] = None
        else:
            cell, kind = cell_of(action[1:]), t["tile"]
            s.board.tiles[cell] = kind
            s.tasks.pop()
            if kind == "path-wolf" and s.supply_wolves > 0:
                s.supply_wolves -= 1
                s.board.wolves.add(cell)
            elif kind == "path-bullet" and s.supply_bullets > 0:
                s.supply_bullets -= 1
                s.board.bullets.add(cell)
            elif kind == "path-plain":
                s.tasks.append({"type": "draw-cards", "player": player, "count": 1})

    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["tile"] is None and not s.drawable_tiles():
            s.tasks.pop()
            return True
        return False

    def describe(self, s: LdrhState, t: Task) -> str:
        if t["tile"] is None:
            return f"player {t['player'] + 1} draws a tile"
        return f"player {t['player'] + 1} places the {TILE_KINDS[t['tile']]} they drew"

    def why_not(self, s: LdrhState, t: Task, action: Action) -> str:
        if (
            t["tile"] is not None
            and isinstance(action, tuple)
            and len(action) == 3
            and action[0] == "place"
            and all(isinstance(v, int) for v in action[1:])
        ):
            problem = s.board.placement_problem(t["tile"], (action[1], action[2]))
            if problem:
                return f"the {TILE_KINDS[t['tile']]} cannot go there: {problem}"
        return super().why_not(s, t, action)


# -- a player's card play ---------------------------------------------------------------------
def big_hands_targets(s: LdrhState, player: int) -> list[tuple[int, Cell]]:
    """(target, space) pairs for My...What Big Hands You Have?"""
    result = []
    for q in s.others_from(player):
        others = set(s.other_pawns(q))
        for cell in s.board.back_spaces(s.pawns[q]):
            if s.board.is_start(cell) or cell not in others:
                result.append((q, cell))
    return result


def flower_tiles(s: LdrhState) -> list[Cell]:
    """Unoccupied path pieces (the only ones Picking Flowers may exchange)."""
    pawns = set(s.pawns)
    return [c for c in sorted(s.board.tiles) if s.board.is_path(c) and c not in pawns]


def flower_partners(s: LdrhState, first: Cell) -> list[Cell]:
    mine = s.board.contents(first)
    return [c for c in flower_tiles(s) if s.board.contents(c) != mine]


class CardTurn(Handler):
    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        player = t["player"]
        hand = hand_cards(s, player)
        result: list[Action] = [("pass",)]
        ends = s.board.end_tiles(s.pawns)
        flowers = len({s.board.contents(c) for c in flower_tiles(s)}) > 1
        for key in hand:
            result.append(("move", key))
            effect = card_effect(key)
            if effect == "wolf":
                result += [("wolf", key, q) for q in s.others_from(player) if not s.skip_pending[q]]
            elif effect == "whos-been-sitting":
                result += [("sitting", key, q) for q in s.others_from(player)]
            elif effect == "big-hands":
                result += [("big-hands", key, q, *c) for q, c in big_hands_targets(s, player)]
            elif effect == "off-the-path":
                result += [("off-path", key, *c) for c in ends]
            elif effect == "picking-flowers" and flowers:
                result.append(("flowers", key))
        return result

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        player, verb = t["player"], action[0]
        if verb == "pass":
            s.tasks.pop()
            return
        s.spend_card(player, action[1])
        if verb == "move":
            s.tasks.append({"type": "move", "player": player, "left": card_movement(action[1])})
        elif verb == "wolf":
            s.skip_pending[action[2]] = True
        elif verb == "sitting":
            q = action[2]
            s.hands[player], s.hands[q] = s.hands[q], s.hands[player]
        elif verb == "big-hands":
            s.put_back(action[2], cell_of(action[3:]))
        elif verb == "off-path":
            s.remove_tile(cell_of(action[2:]))
        elif verb == "flowers":
            s.tasks.append({"type": "flowers", "player": player, "first": None})

    def auto(self, s: LdrhState, t: Task) -> bool:
        if s.may_play_card(t["player"]):
            return False
        s.tasks.pop()
        return True

    def describe(self, s: LdrhState, t: Task) -> str:
        return f"player {t['player'] + 1} may play a card for its effect or its movement"


class Flowers(Handler):
    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        if t["first"] is None:
            return [("flowers-from", *c) for c in flower_tiles(s) if flower_partners(s, c)]
        return [("flowers-with", *c) for c in flower_partners(s, cell_of(t["first"]))]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        if action[0] == "flowers-from":
            t["first"] = list(action[1:])
        else:
            s.board.switch(cell_of(t["first"]), cell_of(action[1:]))
            s.tasks.pop()

    def describe(self, s: LdrhState, t: Task) -> str:
        return f"Picking Flowers: player {t['player'] + 1} exchanges two path pieces"


# -- movement ---------------------------------------------------------------------------------
def can_finish(s: LdrhState, player: int, cell: Cell, steps: int) -> bool:
    """Whether a pawn on ``cell`` could still end, within ``steps``, on a space of its own."""
    others = set(s.other_pawns(player))
    return any(
        s.board.is_start(c) or c not in others
        for c in s.board.within(cell, steps, through_wolves=False)
    )


def legal_steps(s: LdrhState, player: int, left: int) -> list[Cell]:
    """Orthogonal steps for a moving pawn: through pawns, never ending on one."""
    if left <= 0:
        return []
    others = set(s.other_pawns(player))
    result = []
    for cell in s.board.space_neighbours(s.pawns[player]):
        if cell in s.board.wolves and s.bullets[player] == 0:
            continue
        if (
            cell in others
            and not s.board.is_start(cell)
            and not can_finish(s, player, cell, left - 1)
        ):
            continue
        result.append(cell)
    return result


class Move(Handler):
    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        player = t["player"]
        steps: list[Action] = [("step", *c) for c in legal_steps(s, player, t["left"])]
        here = s.pawns[player]
        free = s.board.is_start(here) or here not in s.other_pawns(player)
        return [*steps, ("stop",)] if free or not steps else steps

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        from companion.engines.little_dead_riding_hood.state import new_combat

        player = t["player"]
        if action[0] == "stop":
            s.tasks.pop()
            return
        cell = cell_of(action[1:])
        t["left"] -= 1
        if cell in s.board.wolves:
            here = s.pawns[player]
            s.pawns[player] = cell
            s.tasks.append(new_combat(player, back_to=here))
        else:
            s.arrive(player, cell)

    def auto(self, s: LdrhState, t: Task) -> bool:
        if t["left"] > 0:
            return False
        s.tasks.pop()
        return True

    def describe(self, s: LdrhState, t: Task) -> str:
        return f"player {t['player'] + 1} moves ({t['left']} left)"


# -- combat (LD4-LD7) -------------------------------------------------------------------------
class Combat(Handler):
    def actor(self, s: LdrhState, t: Task) -> int:
        return CHANCE if t["stage"] == "draw" else int(t["player"])

    def actions(self, s: LdrhState, t: Task) -> list[Action]:
        player, stage = t["player"], t["stage"]
        if stage == "commit":
            cakes = s.cards_with(player, "cake-and-wine")
            return [
                ("fight", k, cake) for k in range(1, s.bullets[player] + 1) for cake in ["", *cakes]
            ]
        if stage == "redo":
            redo = s.cards_with(player, "once-upon-a-time")
            return [*(("once-upon-a-time", k) for k in redo), ("accept-wolf",)]
        return [("retreat", *c) for c in self._retreats(s, player)]

    def _retreats(self, s: LdrhState, player: int) -> list[Cell]:
        others = set(s.other_pawns(player))
        back = s.board.back_spaces(s.pawns[player])
        free = [c for c in back if s.board.is_start(c) or c not in others]
        return free or back

    def outcomes(self, s: LdrhState, t: Task) -> list[tuple[Action, float]]:
        return [(("bag", o), p) for o, p in BagContents(bullets=t["bag"]).outcomes()]

    def apply(self, s: LdrhState, t: Task, action: Action) -> None:
        player, verb = t["player"], action[0]
        if verb == "fight":
            _, bullets, cake = action
            s.bullets[player] -= bullets
            if cake:
                s.spend_card(player, cake)
            t["bullets"] = bullets
            t["bag"] = fill_bag(bullets, bool(cake), s.supply_bullets).bullets
            t["stage"] = "draw"
        elif verb == "bag":
            if action[1] == BULLET:
                self._won(s, t)
            elif s.cards_with(player, "once-upon-a-time"):
                t["stage"] = "redo"
            else:
                self._lost(s, t)
        elif verb == "once-upon-a-time":
            s.spend_card(player, action[1])
            t["stage"] = "draw"
        elif verb == "accept-wolf":
            self._lost(s, t)
        else:
            s.tasks.pop()
            s.put_back(player, cell_of(action[1:]))

    def _won(self, s: LdrhState, t: Task) -> None:
        player = t["player"]
        s.supply_bullets += t["bullets"]
        cell = s.pawns[player]
        s.board.wolves.discard(cell)
        s.supply_wolves += 1
        s.tasks.pop()
        s.arrive(player, cell)

    def _lost(self, s: LdrhState, t: Task) -> None:
        s.supply_bullets += t["bullets"]
        t["bullets"], t["bag"] = 0, 0
        if t["back_to"] is None:
            t["stage"] = "retreat"
            return
        s.tasks.pop()
        s.put_back(t["player"], cell_of(t["back_to"]))

    def auto(self, s: LdrhState, t: Task) -> bool:
        player = t["player"]
        if t["stage"] == "commit" and s.bullets[player] == 0:
            t["stage"] = "retreat"
            return True
        if t["stage"] == "retreat" and not self._retreats(s, player):
            s.tasks.pop()
            return True
        return False

    def describe(self, s: LdrhState, t: Task) -> str:
        who = f"player {t['player'] + 1}"
        where = cell_text(s.pawns[t["player"]])
        return {
            "commit": f"{who} fights the zombie wolf at {where}: how many bullets?",
            "draw": f"{who} draws from the combat bag",
            "redo": f"{who} drew the wolf: play Once Upon A Time to draw again?",
            "retreat": f"{who} moves back one space from {where}",
        }[t["stage"]]
