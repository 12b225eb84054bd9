"""The combat-bag device on mock pins: button, the table light's LED, buzzer,
commit-before-reveal."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices.bag import (
    BULLET_COLOUR,
    OFF,
    RESULT_SECONDS,
    TONE_SECONDS,
    WOLF_COLOUR,
    BagDraw,
    BagEvent,
    CombatBag,
    result_light,
)
from companion.devices.pins import DEFAULT_PINS
from companion.devices.table_light import TableLight, open_light
from companion.engines.little_dead_riding_hood.bag import BagContents


class FakeScheduler:
    """Collects delayed calls so tests run them without sleeping."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, delay: float, action: Callable[[], None]) -> None:
        self.calls.append((delay, action))

    def run(self) -> None:
        calls, self.calls = self.calls, []
        for _, action in calls:
            action()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


def _light(factory: MockFactory, clock: FakeScheduler | None = None) -> TableLight:
    """The table light on the mock LED pins, its steps on a hand-turned clock."""
    return open_light(factory, DEFAULT_PINS, clock if clock is not None else FakeScheduler())


def _led(factory: MockFactory) -> tuple[float, float, float]:
    """What the LED shows: the PWM duty of its red, green and blue pins."""
    return tuple(  # type: ignore[return-value]
        round(float(factory.pin(DEFAULT_PINS[role]).state), 3)
        for role in ("led_red", "led_green", "led_blue")
    )


def _bag(factory: MockFactory, seed: int = 1, commit=None):  # type: ignore[no-untyped-def]
    events: list[BagEvent] = []
    scheduler = FakeScheduler()
    bag = CombatBag(
        pin_factory=factory,
        light=_light(factory),
        on_event=events.append,
        commit=commit,
        rng=random.Random(seed),
        schedule=scheduler,
    )
    return bag, events, scheduler


def _press(factory: MockFactory) -> None:
    pin = factory.pin(DEFAULT_PINS["bag_button"])
    pin.drive_low()
    pin.drive_high()


def _seed_for(outcome: str, contents: BagContents) -> int:
    from companion.engines.little_dead_riding_hood.bag import draw_from

    return next(s for s in range(100) if draw_from(contents, random.Random(s)) == outcome)


def test_arming_announces_the_chance_and_the_led_keeps_the_players_colour(
    factory: MockFactory,
) -> None:
    bag, events, _ = _bag(factory)
    bag.light.hold((0.0, 0.0, 1.0))  # the fighter's colour, held by the table light
    assert bag.arm(3) == pytest.approx(0.75)
    assert bag.arm(3, cake_and_wine=True) == pytest.approx(6 / 7)
    assert events[-1].kind == "armed" and events[-1].contents == BagContents(6)
    assert _led(factory) == (0.0, 0.0, 1.0)


def test_a_button_press_draws_a_bullet_white_and_high(factory: MockFactory) -> None:
    seed = _seed_for("bullet", BagContents(2))
    bag, events, scheduler = _bag(factory, seed)
    bag.arm(2)
    _press(factory)
    assert events[-1].kind == "drawn"
    assert events[-1].draw == BagDraw("bullet", BagContents(2), redraw=False, number=1)
    assert _led(factory) == BULLET_COLOUR
    assert factory.pin(DEFAULT_PINS["buzzer"]).frequency == pytest.approx(880.0)
    assert scheduler.calls[0][0] == TONE_SECONDS
    scheduler.run()
    assert bag.buzzer is not None and bag.buzzer.tone is None


def test_the_wolf_lights_red_and_sounds_low(factory: MockFactory) -> None:
    seed = _seed_for("wolf", BagContents(1))
    bag, events, _ = _bag(factory, seed)
    bag.arm(1)
    _press(factory)
    assert events[-1].draw is not None and events[-1].draw.outcome == "wolf"
    assert _led(factory) == WOLF_COLOUR
    assert factory.pin(DEFAULT_PINS["buzzer"]).frequency == pytest.approx(220.0)


def test_a_press_with_an_empty_bag_draws_nothing(factory: MockFactory) -> None:
    bag, events, _ = _bag(factory)
    _press(factory)
    assert [e.kind for e in events] == ["refused"]
    assert _led(factory) == OFF
    bag.arm(2)
    _press(factory)
    _press(factory)  # one fight, one draw: the bag empties after it
    assert [e.kind for e in events] == ["refused", "armed", "drawn", "refused"]


def test_the_draw_is_committed_before_it_is_revealed(factory: MockFactory) -> None:
    seen: list[tuple[str, tuple[float, float, float], int]] = []
    events: list[BagEvent] = []

    def commit(drawn: BagDraw) -> None:
        seen.append((drawn.outcome, _led(factory), len(events)))

    bag = CombatBag(
        pin_factory=factory,
        light=_light(factory),
        on_event=events.append,
        commit=commit,
        rng=random.Random(3),
        schedule=FakeScheduler(),
    )
    bag.arm(4)
    _press(factory)
    outcome, led_at_commit, events_at_commit = seen[0]
    assert led_at_commit == OFF  # nothing lit while journaling
    assert events_at_commit == 1  # only "armed" had been delivered
    assert events[-1].kind == "drawn" and events[-1].draw is not None
    assert events[-1].draw.outcome == outcome


def test_a_failed_commit_reveals_nothing_and_keeps_the_bag_armed(factory: MockFactory) -> None:
    def broken(drawn: BagDraw) -> None:
        raise OSError("disk full")

    bag, events, _ = _bag(factory, commit=broken)
    bag.arm(2)
    assert bag.draw() is None
    assert events[-1].kind == "failed" and "disk full" in events[-1].message
    assert _led(factory) == OFF and bag.armed == BagContents(2)


def test_once_upon_a_time_draws_again_from_the_same_bag(factory: MockFactory) -> None:
    bag, events, _ = _bag(factory)
    with pytest.raises(RuntimeError, match="nothing was drawn yet"):
        bag.arm_again()
    bag.arm(3, cake_and_wine=True)
    bag.draw()
    assert bag.arm_again() == pytest.approx(6 / 7)
    second = bag.draw()
    assert second is not None and second.redraw and second.contents == BagContents(6)
    assert second.number == 2


def test_close_releases_the_pins_and_leaves_the_led_to_the_table_light(
    factory: MockFactory,
) -> None:
    bag, _, _ = _bag(factory)
    bag.close()
    assert bag.button.closed and bag.buzzer is not None and bag.buzzer.closed
    assert bag.light.wired  # the LED is the table light's: it closes with the game
    bag.light.close()
    again = CombatBag(
        pin_factory=factory, light=_light(factory), on_event=lambda e: None, sound=False
    )
    assert again.buzzer is None
    again.close()


def test_the_token_flashes_then_the_led_gives_back_the_players_colour(
    factory: MockFactory,
) -> None:
    """The bag and the turn colour share one LED (the table light): the flash plays
    over the fighter's colour and returns to it."""
    clock = FakeScheduler()
    blue = (0.0, 0.0, 1.0)
    light = _light(factory, clock)
    light.hold(blue)
    bag = CombatBag(
        pin_factory=factory,
        light=light,
        on_event=lambda e: None,
        rng=random.Random(_seed_for("wolf", BagContents(1))),
        sound=False,
    )
    bag.arm(1)
    _press(factory)
    seen = [_led(factory)]
    held = []
    while clock.calls:
        (delay, step), *clock.calls = clock.calls
        held.append(delay)
        step()
        seen.append(_led(factory))
    assert seen == [WOLF_COLOUR, OFF] * 3 + [WOLF_COLOUR, blue]
    assert held[-1] == RESULT_SECONDS == result_light("wolf")[-1][1]
    light.hold((0.0, 1.0, 0.0))  # the next player's turn
    bag.show("bullet")  # a token the players drew from the real bag
    assert _led(factory) == BULLET_COLOUR


def test_a_dark_table_light_leaves_the_bag_working(factory: MockFactory) -> None:
    bag = CombatBag(
        pin_factory=factory, light=TableLight(None, FakeScheduler()), on_event=lambda e: None
    )
    bag.arm(2)
    assert bag.draw() is not None and _led(factory) == OFF


def test_importing_the_module_builds_no_hardware() -> None:
    import companion.devices.bag as module

    assert not [
        name
        for name, value in vars(module).items()
        if type(value).__module__.startswith("gpiozero")
    ]


def test_an_app_can_take_the_press_to_its_own_thread(factory: MockFactory) -> None:
    pressed: list[str] = []
    events: list[BagEvent] = []
    bag = CombatBag(
        pin_factory=factory,
        light=_light(factory),
        on_event=events.append,
        on_press=lambda: pressed.append("press"),
        schedule=FakeScheduler(),
    )
    bag.arm(2)
    _press(factory)
    assert pressed == ["press"]
    assert [e.kind for e in events] == ["armed"]  # nothing drawn on the button's thread
    assert bag.draw() is not None


def test_app_draws_are_seeded_per_step_from_the_session(
    factory: MockFactory, tmp_path: Path
) -> None:
    from companion.engines.little_dead_riding_hood.bag import draw_from
    from companion.session.journal import Journal, Source
    from companion.session.session import Session
    from tests.engines.toy_game import GAME, Move, Roll

    session = Session.start(Journal(tmp_path / "j.sqlite3"), GAME, 1, {"target": 20}, seed=42)
    bag = CombatBag(
        pin_factory=factory,
        light=_light(factory),
        on_event=lambda e: None,
        rng=session.draw_rng,
        sound=False,
    )
    drawn = []
    for roll in (1, 2, 3, 1, 2, 3):
        bag.arm(2)
        draw = bag.draw()
        assert draw is not None
        drawn.append(draw.outcome)
        expected = draw_from(draw.contents, random.Random(f"42/{len(session.steps)}"))
        assert draw.outcome == expected
        session.apply(Roll(roll), Source.MANUAL)
        session.apply(Move(1))
    bag.close()
    assert len(set(drawn)) == 2  # the step, not a fixed stream, decides each token
