"""Every game's shipped box.toml, mutated: a clear error naming the file, or a box
that really plays.  Never another exception type, never accepted nonsense."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engines.base import Game, sample_chance
from companion.engines.beware_of_the_wolf import GAME as WOLF
from companion.engines.beware_of_the_wolf.board import BoardError, load_board, parse_board
from companion.engines.datafile import DataFileError, TableReader, parse_toml
from companion.engines.gingerdead_house import box as gingerdead_box
from companion.engines.gingerdead_house.game import GAME as GINGERDEAD
from companion.engines.le_petit_poucet import box as poucet_box
from companion.engines.le_petit_poucet.game import GAME as POUCET
from companion.engines.little_dead_riding_hood import box as hood_box
from companion.engines.little_dead_riding_hood.game import GAME as HOOD
from companion.engines.lost_in_the_woods import box as woods_box
from companion.engines.lost_in_the_woods.game import GAME as WOODS
from tests.fuzz.mutations import Mutation, mutations

FILE = "fuzzed-box.toml"


def _reader(data: dict[str, Any]) -> TableReader:
    return TableReader(data, FILE, "")


def _wolf(data: dict[str, Any]) -> Game:
    return type(WOLF)(parse_board(data, FILE))


LOADERS: dict[str, tuple[Game, Callable[[dict[str, Any]], Game]]] = {
    "beware_of_the_wolf": (WOLF, _wolf),
    "gingerdead_house": (
        GINGERDEAD,
        lambda d: type(GINGERDEAD)(gingerdead_box.parse_box(_reader(d))),
    ),
    "le_petit_poucet": (POUCET, lambda d: type(POUCET)(poucet_box.read_box(_reader(d)))),
    "little_dead_riding_hood": (HOOD, lambda d: type(HOOD)(box=hood_box.read_box(_reader(d)))),
    "lost_in_the_woods": (WOODS, lambda d: type(WOODS)(woods_box.Box.read(_reader(d)))),
}
ERRORS = (DataFileError, BoardError)


def shipped(package: str) -> dict[str, Any]:
    text = resources.files(f"companion.engines.{package}").joinpath("box.toml").read_text()
    return tomllib.loads(text)


def plays(game: Game, seed: int, steps: int = 25) -> None:
    """Start a game with the fuzzed box and take a few random steps."""
    rng = random.Random(seed)
    state = game.new_initial_state(game.min_players, None, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)


def check(package: str, mutation: Mutation) -> None:
    game, load = LOADERS[package]
    try:
        fuzzed = load(mutation.data)
    except ERRORS as err:
        assert str(err).startswith(FILE), f"{mutation.what}: {err} does not name the file"
        assert len(str(err)) > len(FILE) + 10, f"{mutation.what}: {err} says too little"
        return
    assert not mutation.must_refuse, f"{package}: accepted nonsense: {mutation.what}"
    try:
        plays(fuzzed, 1)
    except Exception as err:
        raise AssertionError(f"{package}: {mutation.what} loads but breaks play: {err!r}") from err


@pytest.mark.parametrize("package", sorted(LOADERS))
def test_the_shipped_box_loads_and_plays(package: str) -> None:
    _, load = LOADERS[package]
    plays(load(shipped(package)), 1)


@pytest.mark.parametrize("package", sorted(LOADERS))
def test_mutated_box_files_are_refused_clearly_or_play(package: str) -> None:
    original = shipped(package)

    @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
    @given(mutations(original))
    def run(mutation: Mutation) -> None:
        check(package, mutation)

    run()


@pytest.mark.parametrize("package", sorted(LOADERS))
@given(
    cut=st.integers(min_value=0, max_value=10**6),
    junk=st.sampled_from([b"\xff\xfe", b"[[", b"= 3\n", b"\n[path]\n", b'"\n', b"\x00"]),
)
@settings(max_examples=20, deadline=None)
def test_broken_bytes_are_refused_naming_the_file(package: str, cut: int, junk: bytes) -> None:
    raw = resources.files(f"companion.engines.{package}").joinpath("box.toml").read_bytes()
    at = cut % (len(raw) + 1)
    broken = raw[:at] + junk + raw[at:]
    try:
        reader = parse_toml(broken, FILE)
    except DataFileError as err:
        assert FILE in str(err)
        return
    _, load = LOADERS[package]
    try:
        plays(load(dict(reader.data)), 1)
    except ERRORS as err:
        assert FILE in str(err)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    cut=st.integers(min_value=0, max_value=10**6),
    junk=st.sampled_from([b"\xff\xfe", b"[[", b"= 3\n", b"\n[board]\n", b'"\n', b"nan", b"\x00"]),
)
def test_a_taught_board_file_with_broken_bytes_is_refused_naming_it(
    tmp_path: Path, cut: int, junk: bytes
) -> None:
    """An owner's board file (``load_board``) has the board's own validator."""
    raw = resources.files("companion.engines.beware_of_the_wolf").joinpath("box.toml").read_bytes()
    at = cut % (len(raw) + 1)
    path = tmp_path / "taught-board.toml"
    path.write_bytes(raw[:at] + junk + raw[at:])
    try:
        board = load_board(path)
    except BoardError as err:
        assert str(err).startswith(str(path))
        return
    plays(type(WOLF)(board), 1)
