"""What players read: prompts, choice labels, log lines, refusals and the ending.

Keys (``actions.py``) are the engine's stable texts; everything here is worded for
the table instead: players by name, spaces by their row and whose lane they are
in, and a card dealt into a hand never named (only a card played or discarded is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.little_dead_riding_hood import actions as a
from companion.engines.little_dead_riding_hood.bag import fill_bag, odds_words, win_probability
from companion.engines.little_dead_riding_hood.board import START_ROW, Cell, cell_text
from companion.engines.little_dead_riding_hood.components import (
    HELPERS,
    card_movement,
    card_title,
)
from companion.engines.little_dead_riding_hood.hidden import is_table
from companion.engines.little_dead_riding_hood.steps import (
    CardTurn,
    Combat,
    DrawCards,
    Godmother,
    HelperChoice,
    Move,
    PickingFlowers,
    PlaceTile,
    Prince,
    Queen,
    Step,
    Stepmother,
)
from companion.engines.little_dead_riding_hood.steps.queen import QUEEN_WOLVES
from companion.engines.view import sentence

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

TILE_WORDS = {
    "path-wolf": "path piece with a wolf",
    "path-bullet": "path piece with a bullet",
    "path-plain": "path piece",
    "obstacle": "obstacle",
}
"""A tile kind as players name it (a path piece's printed icon says what it brings)."""
GIFT_WORDS = {"card": "take a card", "bullet": "take a bullet", "tile": "place a tile"}
"""The gifts as labels (the keys' words in actions.py are frozen; these may change)."""
PHASE_TITLES = {
    "deal": "Dealing",
    "helpers": "Helpers",
    "combat": "Pre-movement combat",
    "cards": "Card play",
    "over": "Game over",
}
FAIREST_TITLE = "Who In The Land Is Fairest Of All?"


def plural(count: int, noun: str, nouns: str = "") -> str:
    """ "1 bullet", "2 bullets" ("2 zombie wolves" with ``nouns``)."""
    return f"{count} {noun}" if count == 1 else f"{count} {nouns or noun + 's'}"


def article(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def helper_words(helper: str) -> str:
    """'the Prince', 'The Youngest Brother'."""
    name = HELPERS[helper]
    return name if name.startswith("The ") else f"the {name}"


def space_words(s: LdrhState, cell: Cell) -> str:
    """A space by its row and lane: "row 3 of Anna's lane", "Ben's start space"."""
    row, col = cell
    lanes = s.board.lane_columns
    if row == START_ROW and col in lanes:
        return f"{s.player_name(lanes.index(col))}'s start space"
    where = f"row {row + 1}"
    if col in lanes:
        return f"{where} of {s.player_name(lanes.index(col))}'s lane"
    left = [i for i, c in enumerate(lanes) if c < col]
    right = [i for i, c in enumerate(lanes) if c > col]
    if left and right and lanes[right[0]] - lanes[left[-1]] == 2:
        a_, b_ = s.player_name(left[-1]), s.player_name(right[0])
        return f"{where} between {a_}'s and {b_}'s lanes"
    if left:
        lane = left[-1]
        steps = col - lanes[lane]
        side = "right of"
    else:
        lane = right[0]
        steps = lanes[lane] - col
        side = "left of"
    spaces = "" if steps == 1 else f"{steps} spaces "
    return f"{where}, {spaces}{side} {s.player_name(lane)}'s lane"


# -- prompts ------------------------------------------------------------------------------
def prompt(s: LdrhState, step: Step) -> str:
    """What the top step waits for, as one sentence with the players' names."""
    name = s.player_name(step.player)
    if isinstance(step, DrawCards):
        if is_table(s):
            return sentence(f"{name} takes an event card from the deck, face down")
        return sentence(f"{name} draws an event card")
    if isinstance(step, PlaceTile):
        if step.tile is None:
            return sentence(f"{name} draws a tile")
        return sentence(f"{name} places the {TILE_WORDS[step.tile]} they drew")
    if isinstance(step, HelperChoice):
        if step.chosen is None:
            return sentence(f"{name} chooses a helper")
        who = s.player_name(step.window[0])
        if s.options["fairest_window"] == "table":
            who = f"anyone holding {FAIREST_TITLE}"
        return sentence(
            f"{who} may make {name} choose another helper than {helper_words(step.chosen)}"
        )
    if isinstance(step, Prince):
        if step.first is not None:
            where = space_words(s, step.first)
            return sentence(f"Prince: {name} picks the tile to switch with the one on {where}")
        return sentence(f"Prince: {name} may move one space and switch two tiles")
    if isinstance(step, Queen):
        if step.source is not None:
            return sentence(f"Wicked Queen: {name} puts the zombie wolf on another path piece")
        wolves = plural(QUEEN_WOLVES - step.moved, "zombie wolf", "zombie wolves")
        return sentence(f"Wicked Queen: {name} may move up to {wolves}")
    if isinstance(step, Godmother):
        if step.stage == "chooser":
            return sentence(f"Fairy Godmother: {name} may take a card, a bullet and a tile")
        other = s.player_name(step.others[0])
        return sentence(f"Fairy Godmother: {other} may take a card, a bullet or a tile")
    if isinstance(step, Stepmother):
        if step.target is not None:
            target = s.player_name(step.target)
            return sentence(f"Evil Stepmother: {target} discards a card at random")
        return sentence(f"Evil Stepmother: {name} picks who discards a card at random")
    if isinstance(step, CardTurn):
        return sentence(f"{name} may play a card for its effect or its movement")
    if isinstance(step, PickingFlowers):
        if step.first is None:
            return sentence(f"Picking Flowers: {name} picks a path piece to exchange")
        where = space_words(s, step.first)
        return sentence(f"Picking Flowers: {name} picks the path piece to exchange with {where}")
    if isinstance(step, Move):
        return sentence(f"{name} moves: {plural(step.left, 'space')} left")
    if isinstance(step, Combat):
        where = space_words(s, s.pawns[step.player])
        if step.stage == "retreat" and s.bullets[step.player] == 0:
            return sentence(f"{name} has no bullets and must move back one space from {where}")
        return sentence(
            {
                "commit": f"{name} fights the zombie wolf: how many bullets?",
                "draw": f"{name} draws from the combat bag",
                "redo": f"{name} drew the wolf: play Once Upon A Time to draw again?",
                "retreat": f"{name} moves back one space from {where}",
            }[step.stage]
        )
    return sentence(f"{name} to act")


def status(s: LdrhState) -> str:
    """Round and phase: "Round 3 - Card play"."""
    phase = PHASE_TITLES.get(s.phase, s.phase)
    return f"Round {s.round} - {phase}" if s.round else phase


def round_line(s: LdrhState) -> str:
    return f"Round {s.round} begins; {s.player_name(s.start_player)} holds the starting marker."


def ending(s: LdrhState) -> str:
    """How the game ended, as one sentence with the players' names."""
    why, _, rest = s.reason.partition(";")
    if not rest:  # a pawn reached Grandma's house
        if s.winners:
            return sentence(f"{s.player_name(s.winners[0])} reached Grandma's house!")
        return sentence(why or "the game is over")
    if s.winners:
        names = listed([s.player_name(p) for p in s.winners])
        return sentence(f"{why}; {names} got furthest into the woods")
    return sentence(f"{why}; nobody reached Grandma's house")


def refusal(s: LdrhState, step: Step, action: Any) -> str:
    """Why ``action`` cannot be played now, in one sentence."""
    shown = a.key_of(action)
    act = a.typed(action)
    if isinstance(step, PlaceTile) and step.tile is not None and isinstance(act, a.Place):
        problem = s.board.placement_problem(step.tile, act.cell)
        if problem:
            return f"the {TILE_WORDS[step.tile]} cannot go there: {problem}"
    return f"{shown!r} is not possible now: {prompt(s, step)}"


def unknown_key(key: str) -> str:
    return f"{key!r} is no move of Little Dead Riding Hood"


# -- choice labels --------------------------------------------------------------------------
def label(s: LdrhState, step: Step, act: a.Act) -> str:
    """What a player reads on the button for ``act``."""
    if isinstance(act, a.Fight):
        return fight_label(s, act)
    return sentence(_label(s, step, act)).rstrip(".")


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Anna", "Anna and Ben", "Anna, Ben and Cleo"."""
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


def fight_label(s: LdrhState, act: a.Fight) -> str:
    """A fight's button in two short lines (the moves' column is narrow): the bullets
    and the chance to kill the wolf, then the card played with them, or the chance if
    Cake and Wine joined them (said whether or not the fighter holds the card: the
    shared screen keeps hands hidden)."""
    odds = win_probability(fill_bag(act.bullets, bool(act.cake), s.supply_bullets))
    win = f"{plural(act.bullets, 'bullet')}: {odds_words(odds)} to win"
    if act.cake:
        return f"{win}\nwith {card_title(act.cake)}"
    cake = win_probability(fill_bag(act.bullets, True, s.supply_bullets))
    return f"{win}\n({odds_words(cake)} with Cake and Wine)"


LABELS: dict[type[a.Act], str] = {
    a.LoseCard: "{card}",
    a.ChooseHelper: "{helper}",
    a.LetStand: "let the helper stand",
    a.PrinceStep: "step to {cell}",
    a.StepTo: "step to {cell}",
    a.SwitchFrom: "switch the tile on {cell}",
    a.SwitchWith: "with the tile on {cell}",
    a.PrinceDone: "done",
    a.QueenDone: "done",
    a.QueenTake: "take the zombie wolf on {cell}",
    a.QueenPut: "put the zombie wolf on {cell}",
    a.Place: "put it on {cell}",
    a.BreadCrumbs: "play {card}: draw another path piece",
    a.Pass: "play no card",
    a.WolfCard: "play {card}: {player} skips their next turn",
    a.Sitting: "play {card}: trade hands with {player}",
    a.BigHands: "play {card}: move {player} back to {cell}",
    a.OffPath: "play {card}: remove the tile on {cell}",
    a.Flowers: "play {card}: exchange two path pieces",
    a.FlowersFrom: "exchange the path piece on {cell}",
    a.FlowersWith: "with the path piece on {cell}",
    a.Stop: "stop moving",
    a.OnceUponATime: "play {card}: draw again",
    a.AcceptWolf: "accept the wolf",
    a.Retreat: "move back to {cell}",
}
"""Button labels that only put the action's fields into words (the rest need the step)."""


def field_words(s: LdrhState, act: a.Act) -> dict[str, str]:
    """The action's fields in player words: card titles, names, spaces, helpers."""
    words: dict[str, str] = {}
    for name in act.fields:
        value = getattr(act, name)
        if name in ("card", "drawn"):
            words[name] = card_title(value)
        elif name == "player":
            words[name] = s.player_name(value)
        elif name == "cell":
            words[name] = space_words(s, value)
        elif name == "helper":
            words[name] = helper_words(value)
    return words


def _label(s: LdrhState, step: Step, act: a.Act) -> str:
    name = s.player_name
    template = LABELS.get(type(act))
    if template is not None:
        return template.format(**field_words(s, act))
    if isinstance(act, a.DrawCard):
        return "a card, face down" if act.drawn == "?" else card_title(act.drawn)
    if isinstance(act, a.DrawTile):
        return article(TILE_WORDS[act.tile])
    if isinstance(act, a.DrawToken):
        return "a bullet" if act.token == "bullet" else "the wolf"
    if isinstance(act, a.Fairest | a.FairestBy):
        by = f"{name(act.player)} plays" if isinstance(act, a.FairestBy) else "play"
        return f"{by} {card_title(act.card)}: {name(step.player)} chooses another helper"
    if isinstance(act, a.GodmotherGift):
        return "done" if act.gift == "done" else GIFT_WORDS[act.gift]
    if isinstance(act, a.Gift):
        return "take nothing" if act.offer == "none" else GIFT_WORDS[act.offer]
    if isinstance(act, a.Stepmother):
        if act.target < 0:
            return "nobody"  # under the heading "Who discards": a short button each
        return name(act.target)
    if isinstance(act, a.MoveWith):
        return f"move up to {card_movement(act.card)} with {card_title(act.card)}"
    return act.key


def drawing(s: LdrhState, step: Step) -> str:
    """At a chance node: what is being drawn."""
    name = s.player_name(step.player)
    if isinstance(step, DrawCards):
        return sentence(f"an event card for {name}")
    if isinstance(step, PlaceTile):
        return sentence(f"a tile from the pool for {name}")
    if isinstance(step, Combat):
        bag = step.contents
        return sentence(
            f"a token from the combat bag ({plural(bag.wolves, 'wolf', 'wolves')} and "
            f"{plural(bag.bullets, 'bullet')}) for {name}"
        )
    if isinstance(step, Stepmother) and step.target is not None:
        return sentence(f"the card {s.player_name(step.target)} discards at random")
    return sentence(f"a draw for {name}")


# -- the public log ---------------------------------------------------------------------------
def log_line(s: LdrhState, step: Step, act: a.Act) -> str:
    """One line for the public log, written before ``act`` is applied.  A card drawn
    into a hand is never named; a card played or discarded is, with that verb."""
    return sentence(_log(s, step, act))


LOGS: dict[type[a.Act], str] = {
    a.DrawCard: "{who} draws a card",
    a.ChooseHelper: "{who} chooses {helper}",
    a.PrinceStep: "{who} steps to {cell}",
    a.StepTo: "{who} steps to {cell}",
    a.SwitchFrom: "{who} picks the tile on {cell} to switch",
    a.PrinceDone: "{who} is done with the Prince",
    a.QueenTake: "{who} picks up the zombie wolf on {cell}",
    a.QueenPut: "{who} puts the zombie wolf on {cell}",
    a.QueenDone: "{who} is done with the Wicked Queen",
    a.BreadCrumbs: "{who} plays {card} and puts the path piece back",
    a.Pass: "{who} plays no card",
    a.Sitting: "{who} plays {card} and trades hands with {player}",
    a.BigHands: "{who} plays {card}: {player} moves back to {cell}",
    a.OffPath: "{who} plays {card} and removes the tile on {cell}",
    a.Flowers: "{who} plays {card}",
    a.FlowersFrom: "{who} picks the path piece on {cell}",
    a.Stop: "{who} stops moving",
    a.OnceUponATime: "{who} plays {card} and draws again",
    a.AcceptWolf: "{who} accepts the wolf",
    a.Retreat: "{who} moves back to {cell}",
}
"""Log lines that only put the actor and the action's fields into words."""


def _log(s: LdrhState, step: Step, act: a.Act) -> str:
    name = s.player_name
    who = name(step.player)
    template = LOGS.get(type(act))
    if template is not None:
        return template.format(who=who, **field_words(s, act))
    if isinstance(act, a.DrawTile):
        return f"{who} draws {article(TILE_WORDS[act.tile])}"
    if isinstance(act, a.DrawToken):
        if act.token == "bullet":
            return f"{who} draws a bullet from the bag and kills the zombie wolf"
        return f"{who} draws the wolf from the bag"
    if isinstance(act, a.LoseCard):
        assert isinstance(step, Stepmother) and step.target is not None
        return f"{name(step.target)} discards {card_title(act.card)} at random"
    if isinstance(act, a.Fairest | a.FairestBy):
        assert isinstance(step, HelperChoice)
        by = name(act.player) if isinstance(act, a.FairestBy) else name(step.window[0])
        return f"{by} plays {card_title(act.card)}: {who} must choose another helper"
    if isinstance(act, a.LetStand):
        assert isinstance(step, HelperChoice) and step.chosen is not None
        return f"{who} keeps {helper_words(step.chosen)}"
    if isinstance(act, a.SwitchWith):
        assert isinstance(step, Prince) and step.first is not None
        first, second = space_words(s, step.first), space_words(s, act.cell)
        return f"{who} switches the tiles on {first} and {second}"
    if isinstance(act, a.GodmotherGift):
        if act.gift == "done":
            return f"{who} is done with the Fairy Godmother"
        return f"Fairy Godmother: {who} chooses to {GIFT_WORDS[act.gift]}"
    if isinstance(act, a.Gift):
        assert isinstance(step, Godmother)
        other = name(step.others[0])
        if act.offer == "none":
            return f"{other} takes nothing from the Fairy Godmother"
        return f"Fairy Godmother: {other} chooses to {GIFT_WORDS[act.offer]}"
    if isinstance(act, a.Stepmother):
        if act.target < 0:
            return f"{who} lets everyone keep their cards"
        return f"{who} makes {name(act.target)} discard a card at random"
    if isinstance(act, a.Place):
        assert isinstance(step, PlaceTile) and step.tile is not None
        return f"{who} puts the {TILE_WORDS[step.tile]} on {space_words(s, act.cell)}"
    if isinstance(act, a.MoveWith):
        moves = plural(card_movement(act.card), "space")
        return f"{who} plays {card_title(act.card)} to move up to {moves}"
    if isinstance(act, a.WolfCard):
        turn = "one more turn" if s.will_sit_out(act.player) else "their next turn"
        return f"{who} plays {card_title(act.card)}: {name(act.player)} skips {turn}"
    if isinstance(act, a.FlowersWith):
        assert isinstance(step, PickingFlowers) and step.first is not None
        first, second = space_words(s, step.first), space_words(s, act.cell)
        return f"{who} exchanges the path pieces on {first} and {second}"
    if isinstance(act, a.Fight):
        bullets = f"{who} fights the zombie wolf with {plural(act.bullets, 'bullet')}"
        return f"{bullets} and plays {card_title(act.cake)}" if act.cake else bullets
    return f"{who}: {act.key}"


# -- the plain description --------------------------------------------------------------------
def describe(s: LdrhState) -> list[str]:
    """The position in a few lines: the prompt, the round, each player, the supplies."""
    lines = [s.prompt()]
    if s.round:
        lines.append(f"Round {s.round}: {s.player_name(s.start_player)} holds the marker")
    for p in range(s.num_players):
        cards = ", ".join(card_title(k) for k in s.hands[p]) or "no cards"
        if is_table(s) and s.hands[p]:
            cards = plural(len(s.hands[p]), "face-down card")
        helper = HELPERS.get(s.helpers.get(p, ""), "no helper")
        lines.append(
            f"{s.player_name(p)}: {cell_text(s.pawns[p])}, {s.bullets[p]} bullets, "
            f"{helper}; {cards}"
        )
    lines.append(
        f"{sum(s.pool.values())} tiles in the pool, {sum(s.deck.values())} cards "
        f"in the deck, {len(s.board.wolves)} zombie wolves on the board"
    )
    return lines
