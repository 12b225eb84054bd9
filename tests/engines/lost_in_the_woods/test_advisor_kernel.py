"""The compiled playouts (``kernel.play``) against the numpy steps, lane by lane.

``kernel`` plays the rules of ``Simulator._step`` one lane at a time, compiled.  Played
from the start with the same random numbers (one uniform per pair and step, drawn in the
same blocks), the two paths must give exactly the same outcome in every lane, for every
rule path that ``test_advisor_parity.py`` holds to the engine (through the compiled path,
the default), so each path is held to the engine twice over.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from companion.engines.lost_in_the_woods import LostInTheWoodsState
from companion.engines.lost_in_the_woods.advisor import kernel
from companion.engines.lost_in_the_woods.advisor import lanes as lay
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import Simulator, start_lanes
from tests.engines.lost_in_the_woods.scenario import DECK, position
from tests.engines.lost_in_the_woods.test_advisor_parity import POSITIONS

LANES = 1500
NUMPY = 0
"""No lane is compiled: the numpy steps play every game to its end."""
COMPILED = Simulator.COMPILED_BELOW
"""The default: every lane is compiled from its first card."""


def _outcomes(
    states: list[LostInTheWoodsState], policy: pol.Policy, compiled_below: int, seed: int
) -> np.ndarray:
    max_shuffles = int(states[0].options["max_shuffles"])
    sim = Simulator(policy, max_shuffles, np.random.default_rng(seed), compiled_below)
    return sim.run(start_lanes(states, LANES), len(states), LANES)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_kernel_plays_every_lane_as_the_numpy_steps_do(name: str) -> None:
    state = position(**POSITIONS[name])
    vector = _outcomes([state], pol.ROLLOUT_POLICY, NUMPY, seed=11)
    compiled = _outcomes([state], pol.ROLLOUT_POLICY, COMPILED, seed=11)
    assert 0 < vector.sum() < LANES, "the position must be neither won nor lost for sure"
    assert np.array_equal(vector, compiled), (name, int(vector.sum()), int(compiled.sum()))


@pytest.mark.parametrize("policy", list(pol.POLICIES.values()), ids=lambda p: p.name)
def test_the_kernel_follows_every_policy_over_whole_games(policy: pol.Policy) -> None:
    """Long games from both choices of a decision (paired lanes): every event of the deck,
    its reshuffles and many round ends pass through both paths."""
    state = position(forest=["acorn"], row=["shamrock", "shamrock", "wolf"], deck=DECK, time=2)
    starts = [state.child(a) for a in state.legal_actions()]
    vector = _outcomes(starts, policy, NUMPY, seed=5)  # type: ignore[arg-type]
    compiled = _outcomes(starts, policy, COMPILED, seed=5)  # type: ignore[arg-type]
    assert np.array_equal(vector, compiled)


@pytest.mark.parametrize("handover", [700, 128])
def test_the_kernel_takes_over_games_halfway_through(handover: int) -> None:
    """Numpy steps first, the last ``handover`` games compiled (mid-block of uniforms, with
    round resets pending and deck segments grown by the Horseman): every lane's outcome
    is still that of the numpy steps alone, under its own choice and playout number."""
    state = position(forest=["acorn"], row=["shamrock", "shamrock", "wolf"], deck=DECK, time=2)
    starts = [state.child(a) for a in state.legal_actions()]
    vector = _outcomes(starts, pol.ROLLOUT_POLICY, NUMPY, seed=3)  # type: ignore[arg-type]
    mixed = _outcomes(starts, pol.ROLLOUT_POLICY, handover, seed=3)  # type: ignore[arg-type]
    assert mixed.shape == (len(starts), LANES)
    assert np.array_equal(vector, mixed)


def test_the_kernel_copies_the_tables_it_is_given() -> None:
    """``ROW_TABLE`` and ``COMPASS_TABLE`` are ``lanes``' tables, column by column."""
    rows, compass = kernel.ROW_TABLE, kernel.COMPASS_TABLE
    S = lay.S
    assert np.array_equal(rows[:, kernel.END_ORDER : kernel.END_ORDER + S], lay.END_ORDER)
    assert np.array_equal(rows[:, kernel.END_COUNT], lay.END_COUNT)
    assert np.array_equal(rows[:, kernel.END_ADDED : kernel.END_ADDED + S], lay.END_ADDED)
    assert np.array_equal(rows[:, kernel.END_LAST], lay.END_LAST)
    assert np.array_equal(rows[:, kernel.END_COST], lay.END_COST)
    assert np.array_equal(rows[:, kernel.WELL_CHOICE], lay.WELL_CHOICE)
    assert np.array_equal(rows[:, kernel.LIGHTNING_CHOICE], lay.LIGHTNING_CHOICE)
    assert np.array_equal(rows[:, kernel.SIGNPOST_CHOICE], lay.SIGNPOST_CHOICE)
    assert np.array_equal(compass[:, 0], lay.COMPASS_CHOICE)
    assert np.array_equal(compass[:, 1], lay.COMPASS_ONLY_EARLY)


def test_warm_compiles_the_signature_the_simulator_calls() -> None:
    """``kernel.warm()`` compiles (or loads) exactly what a batch of playouts then uses,
    one of a single lane too (C- as well as Fortran-contiguous, numba's 'C' unless
    padded)."""
    kernel.warm()
    compiled = set(kernel.play.signatures)
    state = position(**POSITIONS["round setup at a draw"])
    _outcomes([state], pol.ROLLOUT_POLICY, COMPILED, 1)
    one = Simulator(pol.ROLLOUT_POLICY, 20, np.random.default_rng(2)).run(
        start_lanes([state], 1), 1, 1
    )
    assert one.shape == (1, 1)
    assert set(kernel.play.signatures) == compiled


def test_wide_lanes_play_as_narrow_ones() -> None:
    """A house box of over 127 cards gets int16 lanes: the kernel plays them the same."""
    state = position(forest=["acorn"], row=["shamrock", "shamrock", "wolf"], deck=DECK, time=2)
    starts = [state.child(a) for a in state.legal_actions()]
    narrow = start_lanes(starts, LANES)  # type: ignore[arg-type]
    assert narrow.M.dtype == np.int8
    wide = lay.Lanes(
        narrow.M.astype(np.int16), narrow.rest.astype(np.int16), narrow.group, narrow.pair
    )
    max_shuffles = int(state.options["max_shuffles"])
    results = [
        Simulator(pol.ROLLOUT_POLICY, max_shuffles, np.random.default_rng(8)).run(
            lanes, len(starts), LANES
        )
        for lanes in (narrow, wide)
    ]
    assert np.array_equal(results[0], results[1])


def test_a_simulator_run_twice_plays_as_two_fresh_ones() -> None:
    """Each ``run`` starts its blocks of uniforms afresh (another batch size, other pairs)."""
    state = position(**POSITIONS["horseman over a lower deck segment"])
    reused = Simulator(pol.ROLLOUT_POLICY, 20, np.random.default_rng(4))
    fresh_rng = np.random.default_rng(4)
    for per_state in (300, 700):
        again = reused.run(start_lanes([state], per_state), 1, per_state)
        fresh = Simulator(pol.ROLLOUT_POLICY, 20, fresh_rng).run(
            start_lanes([state], per_state), 1, per_state
        )
        assert np.array_equal(again, fresh)


def test_without_numba_the_numpy_steps_play_every_game() -> None:
    """Where numba has no wheel, the advisor still answers, through the numpy steps, and
    ``companion prepare`` says so instead of claiming a compile."""
    script = (
        "import sys; sys.modules['numba'] = None\n"
        "import numpy as np\n"
        "from companion.engines.lost_in_the_woods.advisor import kernel, prepare, simulate\n"
        "from companion.engines.lost_in_the_woods.advisor import policy as pol\n"
        "from tests.engines.lost_in_the_woods.scenario import DECK, position\n"
        "assert not kernel.COMPILED and simulate.Simulator.COMPILED_BELOW == 0\n"
        "state = position(forest=['acorn'], row=['shamrock', 'wolf'], deck=DECK, time=6)\n"
        "sim = simulate.Simulator(pol.ROLLOUT_POLICY, 20, np.random.default_rng(1))\n"
        "won = sim.run(simulate.start_lanes([state], 200), 1, 200)\n"
        "assert sim.compiled_games == 0 and 0 < won.sum() < 200, won.sum()\n"
        "print(prepare.prepare())\n"
    )
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "numba is not installed here: the advice plays with numpy alone (slower)"
    )
