"""Save and restore a Little Dead Riding Hood position as plain JSON data.

``load_state`` checks every field and names the first fault it finds, including
that tokens and cards add up to the box's contents (nothing appears or vanishes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engines.base import InvalidState, require
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.components import (
    HELPERS,
    HIDDEN,
    TILE_KINDS,
    is_card_key,
)
from companion.engines.little_dead_riding_hood.hidden import is_table

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

PHASES = ("deal", "helpers", "combat", "cards", "over")


def dump_state(s: LdrhState) -> dict[str, Any]:
    return {
        "round": s.round,
        "start_player": s.start_player,
        "phase": s.phase,
        "cursor": s.cursor,
        "tiles": _tile_rows(s),
        "tokens": _token_rows(s),
        "pawns": [list(p) for p in s.pawns],
        "bullets": list(s.bullets),
        "hands": [list(h) for h in s.hands],
        "deck": {k: n for k, n in sorted(s.deck.items()) if n > 0},
        "discard": {k: n for k, n in sorted(s.discard.items()) if n > 0},
        "pool": {k: n for k, n in sorted(s.pool.items()) if n > 0},
        "supply_bullets": s.supply_bullets,
        "supply_wolves": s.supply_wolves,
        "helpers": {str(p): h for p, h in sorted(s.helpers.items())},
        "refused": {str(p): list(h) for p, h in sorted(s.refused.items())},
        "plays_left": list(s.plays_left),
        "sitting_out": list(s.sitting_out),
        "skip_pending": list(s.skip_pending),
        "winners": list(s.winners),
        "reason": s.reason,
        "tasks": [_plain(t) for t in s.tasks],
    }


TILE_CODES = {"path-wolf": "w", "path-bullet": "b", "path-plain": "p", "obstacle": "o"}
TILE_KIND_OF = {code: kind for kind, code in TILE_CODES.items()}
TOKEN_CODES = {(True, False): "W", (False, True): "B", (True, True): "*"}
TOKEN_OF = {code: pair for pair, code in TOKEN_CODES.items()}


def _tile_rows(s: LdrhState) -> list[str]:
    """The board as text, one string per row from the start line: ``w``/``b``/``p`` path
    pieces (wolf, bullet, no icon), ``o`` obstacles, ``.`` empty."""
    board = s.board
    grid = [["."] * board.columns for _ in range(board.rows)]
    for (r, c), kind in board.tiles.items():
        grid[r][c] = TILE_CODES[kind]
    return ["".join(row) for row in grid]


def _token_rows(s: LdrhState) -> list[str]:
    """Tokens on the tiles as text: ``W`` a zombie wolf, ``B`` a bullet, ``*`` both."""
    board = s.board
    grid = [["."] * board.columns for _ in range(board.rows)]
    for r, c in board.wolves:
        grid[r][c] = "W"
    for r, c in board.bullets:
        grid[r][c] = "*" if grid[r][c] == "W" else "B"
    return ["".join(row) for row in grid]


def _plain(task: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in task.items()}


# -- validators ---------------------------------------------------------------------------
def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InvalidState(f"{where} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise InvalidState(f"{where} must be true or false, got {value!r}")
    return value


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if type(value) is not list:
        raise InvalidState(f"{where} must be a list, got {value!r}")
    if length is not None and len(value) != length:
        raise InvalidState(f"{where} must have {length} entries, got {len(value)}")
    return list(value)


def _counts(value: Any, where: str, valid: Callable[[Any], bool]) -> Counter[str]:
    if type(value) is not dict:
        raise InvalidState(f"{where} must be an object of counts")
    for key, n in value.items():
        if not valid(key):
            raise InvalidState(f"{where} has an unknown entry {key!r}")
        _int(n, f"{where}[{key!r}]", 1, 1000)
    return Counter(value)


class _Loader:
    def __init__(self, s: LdrhState) -> None:
        self.s = s
        self.n = s.num_players

    def player(self, value: Any, where: str) -> int:
        return _int(value, where, 0, self.n - 1)

    def cell(self, value: Any, where: str, grid_only: bool = False) -> Cell:
        board = self.s.board
        if (
            isinstance(value, list)
            and len(value) == 2
            and type(value[0]) is int
            and type(value[1]) is int
        ):
            cell = (value[0], value[1])
            if board.in_grid(cell) or (not grid_only and board.is_start(cell)):
                return cell
        raise InvalidState(f"{where} {value!r} is not a space of this board")

    def optional_cell(self, value: Any, where: str) -> Cell | None:
        return None if value is None else self.cell(value, where)


TASK_FIELDS: dict[str, dict[str, str]] = {
    "draw-cards": {"player": "player", "count": "count"},
    "choose-helper": {"player": "player", "chosen": "helper?", "window": "players"},
    "prince": {"player": "player", "moved": "bool", "switched": "bool", "first": "cell?"},
    "queen": {"player": "player", "moved": "count", "source": "cell?"},
    "huntsman": {"player": "player", "queue": "players"},
    "godmother": {"player": "player", "stage": "stage", "done": "gifts", "others": "players"},
    "stepmother": {"player": "player", "stage": "stage"},
    "place": {"player": "player", "tile": "tile?"},
    "card-turn": {"player": "player", "stage": "stage"},
    "move": {"player": "player", "left": "count"},
    "flowers": {"player": "player", "first": "cell?"},
    "combat": {
        "player": "player",
        "back_to": "cell?",
        "stage": "stage",
        "bullets": "count",
        "bag": "count",
    },
}
STAGES = {
    "godmother": ("chooser", "others"),
    "stepmother": ("target", "discard"),
    "card-turn": ("choose",),
    "combat": ("commit", "draw", "redo", "retreat"),
}


def _task(loader: _Loader, raw: Any, where: str) -> dict[str, Any]:
    require(isinstance(raw, dict), f"{where} must be an object")
    kind = raw.get("type")
    require(kind in TASK_FIELDS, f"{where} has an unknown type {kind!r}")
    fields = dict(TASK_FIELDS[kind])
    if kind == "stepmother" and raw.get("stage") == "discard":
        fields["target"] = "player"
    task: dict[str, Any] = {"type": kind}
    for key, spec in fields.items():
        require(key in raw, f"{where} ({kind}) is missing {key!r}")
        value, at = raw[key], f"{where}.{key}"
        if spec == "player":
            task[key] = loader.player(value, at)
        elif spec == "players":
            task[key] = [loader.player(v, at) for v in _list(value, at)]
        elif spec == "count":
            task[key] = _int(value, at, 0, 1000)
        elif spec == "bool":
            task[key] = _bool(value, at)
        elif spec == "cell?":
            cell = loader.optional_cell(value, at)
            task[key] = None if cell is None else list(cell)
        elif spec == "helper?":
            require(value is None or value in HELPERS, f"{at} is not a helper: {value!r}")
            task[key] = value
        elif spec == "tile?":
            require(value is None or value in TILE_KINDS, f"{at} is not a tile kind: {value!r}")
            task[key] = value
        elif spec == "gifts":
            gifts = _list(value, at)
            require(all(g in ("card", "bullet", "tile") for g in gifts), f"{at}: unknown gift")
            task[key] = gifts
        elif spec == "stage":
            require(value in STAGES[kind], f"{at} must be one of {STAGES[kind]}, got {value!r}")
            task[key] = value
    extra = sorted(set(raw) - set(fields) - {"type"})
    require(not extra, f"{where} ({kind}) has unexpected fields {extra}")
    return task


def _rows(value: Any, name: str, s: LdrhState) -> list[str]:
    rows = _list(value, name, s.board.rows)
    for i, row in enumerate(rows):
        if type(row) is not str or len(row) != s.board.columns:
            raise InvalidState(f"{name}[{i}] must be a text of {s.board.columns} characters")
    return rows


def _load_board(s: LdrhState, tile_rows: Any, token_rows: Any) -> None:
    board = s.board
    board.tiles, board.wolves, board.bullets = {}, set(), set()
    empty = "." * board.columns
    for r, row in enumerate(_rows(tile_rows, "tiles", s)):
        if row == empty:
            continue
        for c, code in enumerate(row):
            if code != ".":
                if code not in TILE_KIND_OF:
                    raise InvalidState(f"tiles[{r}] column {c + 1}: unknown tile code {code!r}")
                board.tiles[(r, c)] = TILE_KIND_OF[code]
    require(board.obeys_obstacle_rule(), "tiles: a tile touches two obstacles (LD3)")
    require("o" not in tile_rows[0], "tiles[0]: no obstacle may stand on the first row (LD3)")
    for r, row in enumerate(_rows(token_rows, "tokens", s)):
        if row == empty:
            continue
        for c, code in enumerate(row):
            if code == ".":
                continue
            if code not in TOKEN_OF:
                raise InvalidState(f"tokens[{r}] column {c + 1}: unknown token code {code!r}")
            if not board.is_path((r, c)):
                raise InvalidState(f"tokens[{r}] column {c + 1}: tokens lie on path pieces only")
            wolf, bullet = TOKEN_OF[code]
            if wolf:
                board.wolves.add((r, c))
            if bullet:
                board.bullets.add((r, c))


def load_state(s: LdrhState, data: dict[str, Any]) -> None:
    n = s.num_players
    m = s.manifest
    loader = _Loader(s)
    s.round = _int(data["round"], "round", 0, 10_000)
    s.start_player = loader.player(data["start_player"], "start_player")
    require(data["phase"] in PHASES, f"phase must be one of {PHASES}, got {data['phase']!r}")
    s.phase = data["phase"]
    s.cursor = _int(data["cursor"], "cursor", 0, n)
    _load_board(s, data["tiles"], data["tokens"])
    s.pawns = [loader.cell(p, "pawns") for p in _list(data["pawns"], "pawns", n)]
    for i, cell in enumerate(s.pawns):
        if not s.board.is_space(cell):
            raise InvalidState(f"pawns[{i}] does not stand on a start space or path piece")
    s.bullets = [
        _int(b, f"bullets[{i}]", 0, 1000)
        for i, b in enumerate(_list(data["bullets"], "bullets", n))
    ]
    table = is_table(s)
    face_down = (lambda k: k == HIDDEN) if table else is_card_key
    s.hands = []
    for i, hand in enumerate(_list(data["hands"], "hands", n)):
        cards = _list(hand, "hands")
        if not all(face_down(k) for k in cards):
            if table:
                raise InvalidState(
                    f"hands[{i}] must hold only face-down cards ({HIDDEN!r}) with table "
                    f"cards, got {cards!r}"
                )
            raise InvalidState(f"hands[{i}] holds an unknown card")
        s.hands.append(sorted(cards))
    s.deck = _counts(data["deck"], "deck", face_down)
    s.discard = _counts(data["discard"], "discard", is_card_key)
    s.pool = _counts(data["pool"], "pool", lambda k: k in TILE_KINDS)
    s.supply_bullets = _int(data["supply_bullets"], "supply_bullets", 0, 1000)
    s.supply_wolves = _int(data["supply_wolves"], "supply_wolves", 0, 1000)
    s.helpers = {}
    require(isinstance(data["helpers"], dict), "helpers must be an object")
    for key, helper in data["helpers"].items():
        require(helper in HELPERS, f"helpers[{key!r}] is not a helper: {helper!r}")
        s.helpers[loader.player(int(key), f"helpers key {key!r}")] = helper
    require(len(set(s.helpers.values())) == len(s.helpers), "two players hold the same helper")
    s.refused = {}
    require(isinstance(data["refused"], dict), "refused must be an object")
    for key, helpers in data["refused"].items():
        names = _list(helpers, f"refused[{key!r}]")
        require(all(h in HELPERS for h in names), f"refused[{key!r}] names an unknown helper")
        s.refused[loader.player(int(key), f"refused key {key!r}")] = names
    s.plays_left = [
        _int(v, f"plays_left[{i}]", 0, 2)
        for i, v in enumerate(_list(data["plays_left"], "plays_left", n))
    ]
    s.sitting_out = [
        _bool(v, f"sitting_out[{i}]")
        for i, v in enumerate(_list(data["sitting_out"], "sitting_out", n))
    ]
    s.skip_pending = [
        _bool(v, f"skip_pending[{i}]")
        for i, v in enumerate(_list(data["skip_pending"], "skip_pending", n))
    ]
    s.winners = [loader.player(v, "winners") for v in _list(data["winners"], "winners")]
    require(isinstance(data["reason"], str), "reason must be text")
    s.reason = data["reason"]
    s.tasks = [_task(loader, t, f"tasks[{i}]") for i, t in enumerate(_list(data["tasks"], "tasks"))]
    _check_totals(s, m.bullet_chits, m.zombie_wolves)
    _check_flow(s)


def _tally(*parts: Any) -> dict[str, int]:
    """Add up counts from mappings (key -> count) and lists of keys."""
    total: dict[str, int] = {}
    for part in parts:
        if isinstance(part, dict):
            for key, count in part.items():
                total[key] = total.get(key, 0) + count
        else:
            for key in part:
                total[key] = total.get(key, 0) + 1
    return total


def _check_totals(s: LdrhState, chits: int, wolves: int) -> None:
    """Tokens, cards and tiles add up to what the box holds."""
    in_bag = sum(t["bullets"] for t in s.tasks if t["type"] == "combat")
    bullets = s.supply_bullets + sum(s.bullets) + len(s.board.bullets) + in_bag
    if bullets != chits:
        raise InvalidState(f"bullets add up to {bullets}, but the box holds {chits}")
    on_board = s.supply_wolves + len(s.board.wolves)
    if on_board != wolves:
        raise InvalidState(f"zombie wolves add up to {on_board}, but the box holds {wolves}")
    if is_table(s):
        _check_table_cards(s)
    elif _tally(s.deck, s.discard, *s.hands) != s.manifest.cards:
        raise InvalidState(
            "the cards in deck, discard pile and hands do not match the manifest's event deck"
        )
    held = [t["tile"] for t in s.tasks if t["type"] == "place" and t["tile"]]
    for kind, count in _tally(s.pool, list(s.board.tiles.values()), held).items():
        limit = s.manifest.tiles.get(kind, 0)
        if count > limit:
            raise InvalidState(f"there are {count} {kind} tiles, but the box holds {limit}")


def _check_table_cards(s: LdrhState) -> None:
    """Table cards: the revealed cards fit the box and the face-down ones add up."""
    for key, count in sorted(s.discard.items()):
        limit = s.manifest.cards.get(key, 0)
        if count > limit:
            raise InvalidState(f"discard holds {count} {key} cards, but the box holds {limit}")
    face_down = sum(s.deck.values()) + sum(len(h) for h in s.hands)
    expected = sum(s.manifest.cards.values()) - sum(s.discard.values())
    if face_down != expected:
        raise InvalidState(
            f"there are {face_down} face-down cards in deck and hands, but {expected} cards "
            "of the event deck have not been revealed"
        )


def _check_flow(s: LdrhState) -> None:
    if s.phase == "over":
        require(not s.tasks, "a finished game has no pending task")
        return
    require(not s.winners, "a running game has no winner")
    require(bool(s.tasks), f"phase {s.phase!r} is waiting for nothing (no pending task)")
    try:
        player = s.current_player()
        legal = s.legal_actions()
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise InvalidState(
            f"the pending task {s.tasks[-1]['type']!r} does not fit the board: {err}"
        ) from err
    require(player == -1 or 0 <= player < s.num_players, "the pending task names no player")
    require(bool(legal), f"the pending task {s.tasks[-1]['type']!r} offers no action")
