"""The board file: the default board, each kind of broken file, geometry and round trips."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.beware_of_the_wolf import (
    GAME,
    BoardError,
    board_to_toml,
    default_board,
    load_board,
    parse_board,
    parse_board_toml,
)


def _data() -> dict[str, Any]:
    return copy.deepcopy(default_board().to_dict())


def _space(data: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in data["space"] if s["id"] == sid)


def test_default_board_has_four_houses_twelve_trees_and_a_faster_inner_path() -> None:
    board = default_board()
    assert [h.colour for h in board.houses] == ["red", "blue", "yellow", "green"]
    assert sum(s.tree for s in board.spaces) == 12
    assert all(not s.tree for s in board.spaces if s.ring == "inner")
    outer = [s for s in board.spaces if s.ring == "outer"]
    inner = [s for s in board.spaces if s.ring == "inner"]
    assert len(inner) * 2 == len(outer)  # a lap inside takes half the steps
    assert board.clockwise
    assert board.assumptions, "the default board marks its assumptions"


def test_board_toml_round_trips() -> None:
    board = default_board()
    assert parse_board_toml(board_to_toml(board)) == board


def test_load_board_reads_a_file_and_names_it_in_errors(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(board_to_toml(default_board()), encoding="utf-8")
    assert load_board(good) == default_board()
    with pytest.raises(BoardError, match="missing.toml: cannot read the board file"):
        load_board(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[board\nname = 1", encoding="utf-8")
    with pytest.raises(BoardError, match="bad.toml: not a valid TOML file"):
        load_board(bad)


def _break(change: Any) -> dict[str, Any]:
    data = _data()
    change(data)
    return data


BROKEN = [
    ("no spaces", lambda d: d.pop("space"), "no \\[\\[space\\]\\] entries"),
    ("no houses", lambda d: d.pop("house"), "no \\[\\[house\\]\\] entries"),
    ("unknown section", lambda d: d.update(wolves=[]), "unknown section"),
    ("format", lambda d: d["board"].update(format=2), "format 2 is not supported"),
    ("duplicate id", lambda d: _space(d, "o5").update(id="o4"), "space 'o4' is defined twice"),
    ("bad id", lambda d: _space(d, "o5").update(id="o 5"), "id must be 1-16 letters"),
    (
        "ring",
        lambda d: _space(d, "o5").update(ring="middle"),
        "space 'o5': ring must be 'outer' or 'inner'",
    ),
    (
        "angle type",
        lambda d: _space(d, "o5").update(angle="east"),
        "space 'o5': angle must be a number",
    ),
    (
        "angle range",
        lambda d: _space(d, "o5").update(angle=365.0),
        "space 'o5': angle must be at least 0",
    ),
    (
        "half width",
        lambda d: _space(d, "o5").update(half_width=0),
        "space 'o5': half_width must be above 0",
    ),
    (
        "tree",
        lambda d: _space(d, "o5").update(tree="yes"),
        "space 'o5': tree must be true or false",
    ),
    ("unknown key", lambda d: _space(d, "o5").update(colour="red"), "space 'o5': unknown key"),
    ("no next", lambda d: _space(d, "o5").update(next=[]), "space 'o5': next must list"),
    (
        "self arrow",
        lambda d: _space(d, "o5").update(next=["o5"]),
        "cannot lead back to the same space",
    ),
    (
        "unknown target",
        lambda d: _space(d, "o5").update(next=["o6", "x9"]),
        "leads to 'x9', which is not a space",
    ),
    (
        "two outer arrows",
        lambda d: _space(d, "o5").update(next=["o6", "o4"]),
        "exactly one arrow must lead on",
    ),
    (
        "far arrow",
        lambda d: _space(d, "o5").update(next=["o9"]),
        "neighbouring space \\('o4' or 'o6'\\), not 'o9'",
    ),
    (
        "wrong way",
        lambda d: _space(d, "i5").update(next=["i4"]),
        "space 'i5': its arrow runs the other way",
    ),
    ("gap", lambda d: _space(d, "o5").update(half_width=4.0), "leave a gap of"),
    ("overlap", lambda d: _space(d, "o5").update(half_width=7.0), "overlap by"),
    (
        "far ring link",
        lambda d: _space(d, "o1").update(next=["o2", "i8"]),
        "do not lie side by side",
    ),
    (
        "house space",
        lambda d: d["house"][0].update(space="o99"),
        "house 'red': its space 'o99' is not a space",
    ),
    (
        "house inner",
        lambda d: d["house"][0].update(space="i0"),
        "house 'red': its space 'i0' must be on the outer ring",
    ),
    (
        "house colour twice",
        lambda d: d["house"][1].update(colour="Red"),
        "house 'Red' is defined twice",
    ),
    ("shared house space", lambda d: d["house"][1].update(space="o0"), "share the space 'o0'"),
    ("one house", lambda d: d.update(house=d["house"][:1]), "needs 2-8 houses"),
    (
        "unreachable",
        lambda d: [
            _space(d, s).update(next=[_space(d, s)["next"][0]]) for s in ("o1", "o9", "o17", "o25")
        ],
        "space 'i\\d+' cannot be reached",
    ),
    (
        "dead end",
        lambda d: [
            _space(d, s).update(next=[_space(d, s)["next"][0]])
            for s in ("i2", "i3", "i6", "i7", "i10", "i11", "i14", "i15")
        ],
        "is a dead end",
    ),
]


@pytest.mark.parametrize(("label", "change", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_each_kind_of_broken_board_gives_a_clear_error(
    label: str, change: Any, message: str
) -> None:
    with pytest.raises(BoardError, match=message):
        parse_board(_break(change), "my_board.toml")


def test_errors_start_with_the_file_name() -> None:
    with pytest.raises(BoardError, match="^my_board.toml: space 'o5'"):
        parse_board(_break(lambda d: _space(d, "o5").update(ring="x")), "my_board.toml")


def test_a_board_where_the_wolf_always_points_at_a_house_is_refused() -> None:
    links = {0: ["o1", "i0"], 2: ["o3", "i1"]}
    small = {
        "board": {"name": "tiny"},
        "house": [{"colour": c, "space": f"o{k}"} for k, c in enumerate("abcd")],
        "space": [
            {
                "id": f"o{k}",
                "ring": "outer",
                "angle": 90.0 * k,
                "half_width": 45.0,
                "next": links.get(k, [f"o{(k + 1) % 4}"]),
            }
            for k in range(4)
        ]
        + [
            {
                "id": f"i{k}",
                "ring": "inner",
                "angle": 180.0 * k,
                "half_width": 90.0,
                "next": [f"i{(k + 1) % 2}", f"o{2 * k + 1}"],
            }
            for k in range(2)
        ],
    }
    with pytest.raises(BoardError, match="cannot point at a place with no house"):
        parse_board(small)


# -- geometry -------------------------------------------------------------------------------
def test_pointed_spaces_one_per_ring_and_both_at_a_midline() -> None:
    board = default_board()
    assert board.pointed_spaces(45.0, 2.0) == ("o4", "i2")
    assert set(board.pointed_spaces(5.0, 2.0)) == {"o0", "o1", "i0"}
    assert set(board.pointed_spaces(5.0, 0.0)) == {"o0", "i0"}
    assert set(board.pointed_spaces(359.0, 2.0)) == {"o0", "i0"}  # across the zero line


@settings(max_examples=200, deadline=None)
@given(
    angle=st.floats(min_value=0, max_value=359.999), tolerance=st.floats(min_value=0, max_value=10)
)
def test_pointed_spaces_always_contain_the_space_under_the_snout(
    angle: float, tolerance: float
) -> None:
    board = default_board()
    pointed = board.pointed_spaces(angle, tolerance)
    for ring in ("outer", "inner"):
        in_ring = [s for s in pointed if board.by_id[s].ring == ring]
        assert board.space_at(ring, angle) in in_ring
        assert 1 <= len(in_ring) <= 2
        for sid in in_ring:  # every pointed space is within tolerance of the snout
            space = board.by_id[sid]
            gap = abs((angle - space.angle + 180) % 360 - 180)
            assert gap <= space.half_width + tolerance + 1e-9


def test_a_game_on_an_owners_board_saves_its_board() -> None:
    data = _data()
    data["board"]["name"] = "Owner's copy"
    board = parse_board(data)
    state = GAME.with_board(board).new_initial_state(2)
    saved = state.to_dict()
    assert saved["state"]["board"]["board"]["name"] == "Owner's copy"
    restored = GAME.state_from_dict(saved)
    assert restored.board.name == "Owner's copy"  # type: ignore[attr-defined]
    saved["state"]["board"]["space"][0]["ring"] = "middle"
    with pytest.raises(Exception, match="saved board: space 'o0': ring"):
        GAME.state_from_dict(saved)


def test_a_board_with_fewer_houses_limits_the_players() -> None:
    data = _data()
    data["house"] = data["house"][:2]
    game = GAME.with_board(parse_board(data))
    game.new_initial_state(2)
    with pytest.raises(Exception, match="has 2 houses"):
        game.new_initial_state(3)
