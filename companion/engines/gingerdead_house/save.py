"""Saving and loading a Gingerdead House state as plain JSON data, checked on load.

Every fault names what is wrong and where ("fields[1] lane 2 row 3: unknown card
'drgon'"), and the load also checks that no card exists more often than the decks hold.
Single values go through the shared ``checks``; the card bookkeeping is this game's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.engines import checks
from companion.engines.base import require
from companion.engines.gingerdead_house import decks
from companion.engines.gingerdead_house.board import MONSTER, Piece
from companion.engines.gingerdead_house.cards import HAND_SIZE, LANES, MAX_FLIPS, ROWS
from companion.engines.gingerdead_house.decks import PlayerCards

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.state import GingerdeadState

PHASES = ("setup", "action", "monsters", "tricks", "player", "movement", "draw", "over")


def dump(state: GingerdeadState) -> dict[str, Any]:
    board = state.board
    return {
        "phase": state.phase,
        "round": state.round,
        "setup_player": state.setup_player,
        "setup_revealed": list(state.setup_revealed),
        "action_card": state.action_card,
        "flips_left": state.flips_left,
        "window_open": state.window_open,
        "window": list(state.window),
        "result": list(state.result) if state.result is not None else None,
        "reason": state.reason,
        "active": board.active,
        "alive": list(board.alive),
        "fields": [[list(p) if p is not None else None for p in field] for field in board.fields],
        "monster_pile": dict(board.monster_pile),
        "monster_discard": dict(board.monster_discard),
        "action_pile": dict(board.action_pile),
        "action_discard": dict(board.action_discard),
        "players": [c.dump() for c in board.cards],
        "trophies": [list(t) for t in board.trophies],
        "log": list(board.log),
        "resurrections": [[list(p), chooser] for p, chooser in board.resurrections],
        "resurrected": sorted(board.resurrected),
        "used": sorted(board.used),
        "moving": [board.moving[0], list(board.moving[1])] if board.moving else None,
        "steal": [board.steal[0], list(board.steal[1])] if board.steal else None,
        "next_uid": board.next_uid,
    }


def _fast_piece(state: GingerdeadState, raw: Any) -> Piece | None:
    """The piece if ``raw`` is a well-formed one, else None (then ``_load_piece`` says why)."""
    if type(raw) is list and len(raw) == 3:
        card_id, owner, uid = raw
        card = state.board.catalogue.cards.get(card_id) if type(card_id) is str else None
        if (
            card is not None
            and type(uid) is int
            and uid >= 1
            and type(owner) is int
            and (
                (card.type == "monster" and owner == MONSTER)
                or (card.type == "defense" and 0 <= owner < state.num_players)
            )
        ):
            return card_id, owner, uid
    return None


def _load_piece(state: GingerdeadState, raw: Any, where: str) -> Piece:
    cards = state.board.catalogue.cards
    piece = _fast_piece(state, raw)
    if piece is not None:
        return piece
    require(isinstance(raw, list) and len(raw) == 3, f"{where} must be [card, owner, id]")
    card_id, owner, uid = raw
    require(card_id in cards, f"{where}: unknown card {card_id!r}")
    require(
        cards[card_id].type in ("monster", "defense"),
        f"{where}: a {cards[card_id].type} card cannot stand on a field",
    )
    require(False, f"{where}: {card_id!r} cannot belong to {owner!r} or have id {uid!r}")
    raise AssertionError  # unreachable: require raised


def _player(state: GingerdeadState, value: Any, where: str) -> int:
    return checks.player(value, where, state.num_players)


def load(state: GingerdeadState, data: dict[str, Any]) -> None:
    board = state.board
    catalogue = board.catalogue
    cards = catalogue.cards
    n = state.num_players
    state.phase = checks.choice(data["phase"], "phase", PHASES)
    state.round = checks.whole(data["round"], "round", 1)
    state.setup_player = _player(state, data["setup_player"], "setup_player")
    revealed = data["setup_revealed"]
    require(
        isinstance(revealed, list)
        and all(c in cards and cards[c].type == "defense" for c in revealed)
        and len(revealed) <= 3,
        "setup_revealed must list at most 3 defense cards",
    )
    state.setup_revealed = list(revealed)
    action_card = data["action_card"]
    require(
        action_card is None or (action_card in cards and cards[action_card].type == "action"),
        f"action_card must be an action card or null, got {action_card!r}",
    )
    state.action_card = action_card
    flips = [c.flips * c.count for c in cards.values() if c.type == "action"]
    most = max(MAX_FLIPS, sum(flips))  # Flip cards add their monsters to the next card's
    state.flips_left = checks.whole(data["flips_left"], "flips_left", 0, most)
    state.window_open = checks.flag(data["window_open"], "window_open")
    window = checks.items(data["window"], "window")
    state.window = [_player(state, p, f"window[{i}]") for i, p in enumerate(window)]
    result = data["result"]
    require(
        result is None
        or (
            isinstance(result, list)
            and len(result) == n
            and all(isinstance(r, int | float) and not isinstance(r, bool) for r in result)
        ),
        "result must be null or one number per player",
    )
    state.result = [float(r) for r in result] if result is not None else None
    require((result is None) == (state.phase != "over"), "only a finished game has a result")
    state.reason = checks.text(data["reason"], "reason", empty=True)
    board.active = _player(state, data["active"], "active")
    alive = data["alive"]
    require(
        isinstance(alive, list) and len(alive) == n and all(isinstance(a, bool) for a in alive),
        "alive must list true/false per player",
    )
    board.alive = list(alive)
    fields = data["fields"]
    require(isinstance(fields, list) and len(fields) == n, "fields must list one field per player")
    uids: set[int] = set()
    board.fields = []
    for f, raw_field in enumerate(fields):
        require(
            isinstance(raw_field, list) and len(raw_field) == LANES * ROWS,
            f"fields[{f}] must hold {LANES * ROWS} tiles",
        )
        field: list[Piece | None] = []
        for i, raw in enumerate(raw_field):
            if raw is None:
                field.append(None)
                continue
            piece = _fast_piece(state, raw)
            if piece is None or piece[2] in uids:
                where = f"fields[{f}] lane {i // ROWS + 1} row {i % ROWS + 1}"
                piece = _load_piece(state, raw, where)
                require(piece[2] not in uids, f"{where}: id {piece[2]} twice")
            uids.add(piece[2])
            field.append(piece)
        board.fields.append(field)
    known = cards.keys()
    board.monster_pile = decks.check_counts(data["monster_pile"], known, "monster_pile")
    board.monster_discard = decks.check_counts(data["monster_discard"], known, "monster_discard")
    board.action_pile = decks.check_counts(data["action_pile"], known, "action_pile")
    board.action_discard = decks.check_counts(data["action_discard"], known, "action_discard")
    players = data["players"]
    require(
        isinstance(players, list) and len(players) == n, "players must list each player's cards"
    )
    board.cards = [
        PlayerCards.load(p, known, state.digital, f"players[{i}]") for i, p in enumerate(players)
    ]
    for i, c in enumerate(board.cards):
        require(c.hand_size <= HAND_SIZE, f"players[{i}] holds more than {HAND_SIZE} cards")
    trophies = data["trophies"]
    require(
        isinstance(trophies, list)
        and len(trophies) == n
        and all(
            isinstance(t, list) and all(c in cards and cards[c].type == "monster" for c in t)
            for t in trophies
        ),
        "trophies must list monster cards per player",
    )
    board.trophies = [list(t) for t in trophies]
    log = checks.items(data["log"], "log")
    board.log = [checks.text(line, f"log[{i}]", empty=True) for i, line in enumerate(log)]
    board.fresh = []
    board.resurrections = []
    for i, raw in enumerate(data["resurrections"]):
        require(
            isinstance(raw, list) and len(raw) == 2, f"resurrections[{i}] must be [piece, player]"
        )
        piece = _load_piece(state, raw[0], f"resurrections[{i}]")
        require(
            piece[1] == MONSTER and piece[2] not in uids,
            f"resurrections[{i}] must be a free monster",
        )
        uids.add(piece[2])
        board.resurrections.append((piece, _player(state, raw[1], f"resurrections[{i}] player")))
    for key in ("resurrected", "used"):
        ids = checks.items(data[key], key)
        setattr(board, key, {checks.whole(u, f"{key}[{i}]", 1) for i, u in enumerate(ids)})
    moving = data["moving"]
    board.moving = None
    if moving is not None:
        require(
            isinstance(moving, list) and len(moving) == 2 and isinstance(moving[1], list),
            "moving must be null or [field, [ids]]",
        )
        board.moving = (
            _player(state, moving[0], "moving field"),
            [checks.whole(u, f"moving[{i}]", 1) for i, u in enumerate(moving[1])],
        )
    steal = data["steal"]
    board.steal = None
    if steal is not None:
        require(
            isinstance(steal, list) and len(steal) == 2, "steal must be null or [player, piece]"
        )
        piece = _load_piece(state, steal[1], "steal")
        require(piece[1] != MONSTER and piece[2] not in uids, "steal must hold a free defense")
        uids.add(piece[2])
        board.steal = (_player(state, steal[0], "steal player"), piece)
    board.next_uid = checks.whole(data["next_uid"], "next_uid", 1)
    require(all(u < board.next_uid for u in uids), "next_uid must be above every card id")
    require(state.phase != "tricks" or bool(state.window), "the trick window lists no player")
    require(
        state.phase in ("setup", "over")
        or board.alive[board.active]
        or bool(board.resurrections or board.steal),
        f"player {board.active + 1} is fallen but has the turn",
    )
    _check_card_totals(state)


def _check_card_totals(state: GingerdeadState) -> None:
    """Every card is somewhere, and none more often than the decks hold (a tampered save)."""
    board = state.board
    catalogue = board.catalogue
    n = state.num_players
    on_fields: list[dict[str, int]] = [{} for _ in range(n + 1)]  # last: monsters
    for field in board.fields:
        for p in field:
            if p is not None:
                counts = on_fields[p[1]]
                counts[p[0]] = counts.get(p[0], 0) + 1
    monsters = on_fields[MONSTER]
    for counts in (board.monster_pile, board.monster_discard):
        for c, k in counts.items():
            decks.add(monsters, c, k)
    for piece, _ in board.resurrections:
        decks.add(monsters, piece[0])
    for trophy in board.trophies:
        for c in trophy:
            decks.add(monsters, c)
    _within(monsters, catalogue.deck_view("monster"), "monster")
    held = dict(board.action_pile)
    for c, k in board.action_discard.items():
        decks.add(held, c, k)
    if state.action_card is not None:
        decks.add(held, state.action_card)
    _within(held, catalogue.deck_view("action"), "action")
    deck = catalogue.deck_view("player")
    deck_total = decks.total(deck)
    for player, cards in enumerate(board.cards):
        visible = on_fields[player]
        for c, k in cards.discard.items():
            decks.add(visible, c, k)
        if board.steal is not None and board.steal[1][1] == player:
            decks.add(visible, board.steal[1][0])
        if state.phase == "setup" and state.setup_player == player:
            for c in state.setup_revealed:
                decks.add(visible, c)
        in_play = cards.pile_size + cards.hand_size + decks.total(visible)
        require(
            in_play == deck_total,
            f"players[{player}]: pile, hand, discard and field hold "
            f"{in_play} cards, the deck has {deck_total}",
        )
        for known in (cards.pile, cards.hand):
            for c, k in (known or {}).items():
                decks.add(visible, c, k)
        _within(visible, deck, f"players[{player}]")


def _within(counts: dict[str, int], deck: Mapping[str, int], where: str) -> None:
    for c, k in counts.items():
        if k > deck.get(c, 0):
            require(False, f"{where}: {c!r} appears {k} times, the deck holds {deck.get(c, 0)}")
