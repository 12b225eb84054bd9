"""Save and restore a Little Dead Riding Hood position as plain JSON data.

``load_state`` checks every field through the shared validating reader
(``checks.py``) and names the first fault it finds, including that tokens and
cards add up to the box's contents (nothing appears or vanishes).  The pending
steps are saved as ``{"type": ..., field: value}`` objects read straight from the
step dataclasses, so their schema is written once, in ``steps/``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.engines import checks
from companion.engines.base import InvalidState, require
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.components import (
    HELPERS,
    HIDDEN,
    TILE_KINDS,
    is_card_key,
)
from companion.engines.little_dead_riding_hood.hidden import is_table
from companion.engines.little_dead_riding_hood.steps import STEP_TYPES, Combat, PlaceTile, Step
from companion.engines.little_dead_riding_hood.steps.gifts import GIFTS
from companion.engines.little_dead_riding_hood.steps.stepmother import Stepmother

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
        "tasks": [dump_step(t) for t in s.steps],
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


def dump_step(step: Step) -> dict[str, Any]:
    """A step as plain data: its type and its fields (cells and tuples as lists;
    a Stepmother's target only once it is chosen, as saves always had it; a tile draw's
    ``path_only`` only when set)."""
    data: dict[str, Any] = {"type": step.kind}
    for f in dataclasses.fields(step):
        value = getattr(step, f.name)
        if isinstance(step, Stepmother) and f.name == "target" and value is None:
            continue
        if isinstance(step, PlaceTile) and f.name == "path_only" and not value:
            continue  # only a Trail of Bread Crumbs redraw says it (saves before it lack it)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


# -- validators ---------------------------------------------------------------------------
def _counts(value: Any, where: str, valid: Any) -> Counter[str]:
    counts = checks.table(value, where)
    for key, n in counts.items():
        require(valid(key), f"{where} has an unknown entry {key!r}")
        checks.whole(n, f"{where}[{key!r}]", 1, 1000)
    return Counter(counts)


class _Loader:
    """Reads the values of one saved game, knowing its board and player count."""

    def __init__(self, s: LdrhState) -> None:
        self.s = s
        self.n = s.num_players

    def player(self, value: Any, where: str) -> int:
        return checks.player(value, where, self.n)

    def cell(self, value: Any, where: str) -> Cell:
        board = self.s.board
        if (
            isinstance(value, list)
            and len(value) == 2
            and type(value[0]) is int
            and type(value[1]) is int
        ):
            cell = (value[0], value[1])
            if board.in_grid(cell) or board.is_start(cell):
                return cell
        raise InvalidState(f"{where} {value!r} is not a space of this board")

    def field(self, kind: type[Step], name: str, hint: str, value: Any, at: str) -> Any:
        """One step field, read by its declared type (and its name for texts)."""
        if name == "player" or hint == "int | None":
            return None if value is None else self.player(value, at)
        if hint == "int":
            return checks.whole(value, at, 0, 1000)
        if hint == "bool":
            return checks.flag(value, at)
        if hint == "Cell | None":
            return None if value is None else self.cell(value, at)
        if hint == "tuple[int, ...]":
            return tuple(self.player(v, at) for v in checks.items(value, at))
        if hint == "tuple[str, ...]":
            return tuple(checks.choice(g, at, GIFTS) for g in checks.items(value, at))
        if name == "stage":
            return checks.choice(value, at, kind.stages)
        if name == "chosen":
            return checks.optional_choice(value, at, tuple(HELPERS))
        if name == "tile":
            return checks.optional_choice(value, at, tuple(TILE_KINDS))
        raise InvalidState(f"{at}: steps have no field of type {hint}")


def _load_step(loader: _Loader, raw: Any, where: str) -> Step:
    require(isinstance(raw, dict), f"{where} must be an object")
    kind_name = raw.get("type")
    require(kind_name in STEP_TYPES, f"{where} has an unknown type {kind_name!r}")
    kind = STEP_TYPES[kind_name]
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):
        optional = (kind is Stepmother and f.name == "target") or (
            kind is PlaceTile
            and f.name == "path_only"  # saved before Trail of Bread Crumbs' redraw
        )
        if f.name not in raw and not optional:
            raise InvalidState(f"{where} ({kind_name}) is missing {f.name!r}")
        if f.name in raw:
            values[f.name] = loader.field(
                kind, f.name, str(f.type), raw[f.name], f"{where}.{f.name}"
            )
    extra = sorted(set(raw) - {f.name for f in dataclasses.fields(kind)} - {"type"})
    require(not extra, f"{where} ({kind_name}) has unexpected fields {extra}")
    step = kind(**values)
    if isinstance(step, Stepmother):
        require(
            (step.stage == "discard") == (step.target is not None),
            f"{where} (stepmother) names a target exactly at its discard stage",
        )
    return step


def load_step(s: LdrhState, raw: Any, where: str = "step") -> Step:
    """A step from its saved form (``{"type": "combat", ...}``), checked like a save."""
    return _load_step(_Loader(s), raw, where)


def _rows(value: Any, name: str, s: LdrhState) -> list[str]:
    rows = checks.items(value, name, s.board.rows)
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
    box = s.box
    loader = _Loader(s)
    s.round = checks.whole(data["round"], "round", 0, 10_000)
    s.start_player = loader.player(data["start_player"], "start_player")
    s.phase = checks.choice(data["phase"], "phase", PHASES)
    s.cursor = checks.whole(data["cursor"], "cursor", 0, n)
    _load_board(s, data["tiles"], data["tokens"])
    s.pawns = [loader.cell(p, "pawns") for p in checks.items(data["pawns"], "pawns", n)]
    for i, cell in enumerate(s.pawns):
        if not s.board.is_space(cell):
            raise InvalidState(f"pawns[{i}] does not stand on a start space or path piece")
    s.bullets = [
        checks.whole(b, f"bullets[{i}]", 0, 1000)
        for i, b in enumerate(checks.items(data["bullets"], "bullets", n))
    ]
    table = is_table(s)
    face_down = (lambda k: k == HIDDEN) if table else is_card_key
    s.hands = []
    for i, hand in enumerate(checks.items(data["hands"], "hands", n)):
        cards = list(checks.items(hand, f"hands[{i}]"))
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
    s.revealed = set()
    s.pool = _counts(data["pool"], "pool", lambda k: k in TILE_KINDS)
    s.supply_bullets = checks.whole(data["supply_bullets"], "supply_bullets", 0, 1000)
    s.supply_wolves = checks.whole(data["supply_wolves"], "supply_wolves", 0, 1000)
    s.helpers = {}
    for key, helper in checks.table(data["helpers"], "helpers").items():
        checks.choice(helper, f"helpers[{key!r}]", tuple(HELPERS))
        s.helpers[loader.player(_index(key), f"helpers key {key!r}")] = helper
    require(len(set(s.helpers.values())) == len(s.helpers), "two players hold the same helper")
    s.refused = {}
    for key, helpers in checks.table(data["refused"], "refused").items():
        names = list(checks.items(helpers, f"refused[{key!r}]"))
        for name in names:
            checks.choice(name, f"refused[{key!r}]", tuple(HELPERS))
        s.refused[loader.player(_index(key), f"refused key {key!r}")] = names
    s.plays_left = [
        checks.whole(v, f"plays_left[{i}]", 0, 2)
        for i, v in enumerate(checks.items(data["plays_left"], "plays_left", n))
    ]
    s.sitting_out = [
        checks.flag(v, f"sitting_out[{i}]")
        for i, v in enumerate(checks.items(data["sitting_out"], "sitting_out", n))
    ]
    s.skip_pending = [
        _skips(v, f"skip_pending[{i}]", s.options["max_rounds"])
        for i, v in enumerate(checks.items(data["skip_pending"], "skip_pending", n))
    ]
    s.winners = [loader.player(v, "winners") for v in checks.items(data["winners"], "winners")]
    s.reason = checks.text(data["reason"], "reason", empty=True)
    s.steps = [
        _load_step(loader, t, f"tasks[{i}]")
        for i, t in enumerate(checks.items(data["tasks"], "tasks"))
    ]
    _check_totals(s, box.bullet_chits, box.zombie_wolves)
    _check_flow(s)


def _skips(value: Any, where: str, rounds: int) -> int:
    """Turns still to skip: a count (LD26), or true/false as saves before stacking wrote it."""
    if isinstance(value, bool):
        return int(value)
    return checks.whole(value, where, 0, rounds)


def _index(key: str) -> int:
    """A player index saved as an object key ("0")."""
    if not key.isdigit():
        raise InvalidState(f"{key!r} is not a player number")
    return int(key)


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
    in_bag = sum(t.bullets for t in s.steps if isinstance(t, Combat))
    bullets = s.supply_bullets + sum(s.bullets) + len(s.board.bullets) + in_bag
    if bullets != chits:
        raise InvalidState(f"bullets add up to {bullets}, but the box holds {chits}")
    on_board = s.supply_wolves + len(s.board.wolves)
    if on_board != wolves:
        raise InvalidState(f"zombie wolves add up to {on_board}, but the box holds {wolves}")
    if is_table(s):
        _check_table_cards(s)
    elif _tally(s.deck, s.discard, *s.hands) != s.box.cards:
        raise InvalidState(
            "the cards in deck, discard pile and hands do not match the box's event deck"
        )
    held = [t.tile for t in s.steps if isinstance(t, PlaceTile) and t.tile]
    for kind, count in _tally(s.pool, list(s.board.tiles.values()), held).items():
        limit = s.box.tiles.get(kind, 0)
        if count > limit:
            raise InvalidState(f"there are {count} {kind} tiles, but the box holds {limit}")


def _check_table_cards(s: LdrhState) -> None:
    """Table cards: the revealed cards fit the box and the face-down ones add up."""
    for key, count in sorted(s.discard.items()):
        limit = s.box.cards.get(key, 0)
        if count > limit:
            raise InvalidState(f"discard holds {count} {key} cards, but the box holds {limit}")
    face_down = sum(s.deck.values()) + sum(len(h) for h in s.hands)
    expected = sum(s.box.cards.values()) - sum(s.discard.values())
    if face_down != expected:
        raise InvalidState(
            f"there are {face_down} face-down cards in deck and hands, but {expected} cards "
            "of the event deck have not been revealed"
        )


def _check_flow(s: LdrhState) -> None:
    if s.phase == "over":
        require(not s.steps, "a finished game has no pending task")
        return
    require(not s.winners, "a running game has no winner")
    require(bool(s.steps), f"phase {s.phase!r} is waiting for nothing (no pending task)")
    try:
        player = s.current_player()
        legal = s.legal_actions()
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise InvalidState(
            f"the pending task {s.steps[-1].kind!r} does not fit the board: {err}"
        ) from err
    require(player == -1 or 0 <= player < s.num_players, "the pending task names no player")
    require(bool(legal), f"the pending task {s.steps[-1].kind!r} offers no action")
